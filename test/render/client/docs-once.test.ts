/**
 * A package carries each operation's documentation once: on the
 * operation's function in the declarations (dist/operations.d.ts, where
 * editors read it), derived from the TypeScript source, which the package
 * does not ship. The client's type is mapped from the functions, so
 * hovering a method shows the function's docs (test/client/types.test.ts);
 * the JavaScript carries none.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const packageDir = fileURLToPath(
  new URL("../../../generated/v3/", import.meta.url),
);
/** The package's code: what was derived from its source. */
const codeFiles = readdirSync(join(packageDir, "dist"), {
  recursive: true,
  encoding: "utf8",
})
  .filter((name) => /\.(ts|js)$/.test(name) && !name.includes("runtime"))
  .map((name) => join("dist", name));
const read = (path: string): string =>
  readFileSync(join(packageDir, path), "utf8");
const holding = (text: string): string[] =>
  codeFiles.filter((path) => read(path).includes(text)).sort();

describe("an operation's documentation", () => {
  it("is written on its function's declaration, nowhere else in the package's code", () => {
    // Seven modules and the browser entry, each as .js and .d.ts.
    expect(codeFiles.length).toBe(8 * 2);
    // The TypeScript source is not shipped: it would carry every doc again.
    expect(existsSync(join(packageDir, "src"))).toBe(false);
    // The summary and a line of the write rules, of a read and a write.
    for (const text of [
      "Account title lookup.",
      "Online funds transfer.",
      "do not resend; reconcile with getTransactionStatus",
    ])
      expect(holding(text), text).toEqual(["dist/operations.d.ts"]);
  });

  it("reaches each client method through its type, mapped from the functions", () => {
    expect(read("dist/client.d.ts")).toContain(
      "  [Name in keyof typeof operations]: (typeof operations)[Name] extends (",
    );
    // The declarations import what the type maps.
    expect(read("dist/client.d.ts")).toContain(
      'import type * as operations from "./operations.js";',
    );
  });
});
