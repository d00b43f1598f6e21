import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { generate } from "../../src/index.js";

const root = fileURLToPath(new URL("../..", import.meta.url));

describe("the committed generated/ folder", () => {
  it("matches what the committed spec generates (generate --check)", async () => {
    const result = await generate({ cwd: root, check: true });
    expect({
      stale: result.stale,
      missing: result.missing,
      extra: result.extra,
    }).toEqual({
      stale: [],
      missing: [],
      extra: [],
    });
    expect(result.upToDate).toBe(true);
    expect(result.sets).toEqual(["v1.0.1", "V1", "v3"]);
  });

  it("is checked out with LF line ends whatever core.autocrlf says, as the goldens are (.gitattributes)", () => {
    // --check compares bytes: a CRLF checkout would be stale everywhere.
    const paths = [
      "generated/v3/dist/client.js",
      "generated/README.md",
      "test/fixtures/client/expected/v1/dist/client.js",
    ];
    const attributes = execFileSync(
      "git",
      ["check-attr", "eol", "--", ...paths],
      { cwd: root, encoding: "utf8" },
    );
    expect(attributes.trim().split("\n")).toEqual(
      paths.map((path) => `${path}: eol: lf`),
    );
  });
});
