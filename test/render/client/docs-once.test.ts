/**
 * A package carries each operation's documentation once: on the
 * operation's function in src/operations.ts, and in the declarations
 * derived from it (dist/operations.d.ts, where editors read it). The
 * client's type is mapped from the functions, so hovering a method shows
 * the function's docs (test/client/types.test.ts); the JavaScript carries
 * none.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const packageDir = fileURLToPath(
  new URL("../../../generated/v3/", import.meta.url),
);
/** The package's code: its sources and what was derived from them. */
const codeFiles = ["src", "dist"].flatMap((folder) =>
  readdirSync(join(packageDir, folder), { recursive: true, encoding: "utf8" })
    .filter((name) => /\.(ts|js)$/.test(name) && !name.includes("runtime"))
    .map((name) => join(folder, name)),
);
const read = (path: string): string =>
  readFileSync(join(packageDir, path), "utf8");
const holding = (text: string): string[] =>
  codeFiles
    .filter((path) => read(path).includes(text))
    .map((path) => relative(".", path))
    .sort();

describe("an operation's documentation", () => {
  it("is written on its function and in the declarations derived from it, nowhere else", () => {
    // Seven modules and the browser entry, each as .ts, .js and .d.ts.
    expect(codeFiles.length).toBe(8 * 3);
    // The summary and a line of the write rules, of a read and a write.
    for (const text of [
      "Account title lookup.",
      "Online funds transfer.",
      "reconcile with\n * getTransactionStatus before sending again",
    ])
      expect(holding(text), text).toEqual([
        "dist/operations.d.ts",
        "src/operations.ts",
      ]);
  });

  it("reaches each client method through its type, mapped from the functions", () => {
    for (const path of ["src/client.ts", "dist/client.d.ts"])
      expect(read(path)).toContain(
        "  [Name in keyof typeof operations]: (typeof operations)[Name] extends (",
      );
    // The declarations import what the type maps.
    expect(read("dist/client.d.ts")).toContain(
      'import type * as operations from "./operations.js";',
    );
  });
});
