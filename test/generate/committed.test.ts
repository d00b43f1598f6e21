import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { generate } from "../../src/index.js";

const root = fileURLToPath(new URL("../..", import.meta.url));

describe("the committed generated/ folder", () => {
  it("matches what the committed spec generates (generate --check)", async () => {
    const result = await generate({ cwd: root, check: true });
    expect({ stale: result.stale, missing: result.missing, extra: result.extra }).toEqual({
      stale: [],
      missing: [],
      extra: [],
    });
    expect(result.upToDate).toBe(true);
    expect(result.sets).toEqual(["v1.0.1", "V1", "v3"]);
  });
});
