/**
 * remitgen as a build script imports it (src/index.ts, built to
 * dist/index.js): by its package name through the `exports` map, which
 * also lets tools read its package.json.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "./generate/support.js";

/** Runs an ES module snippet in a fresh Node process at the repository root. */
function run(script: string): string {
  return execFileSync(process.execPath, ["--input-type=module", "-e", script], {
    cwd: repoRoot,
    encoding: "utf8",
  }).trim();
}

describe("the remitgen package entry", () => {
  it("exports the programmatic API by package name", () => {
    const names = run('const api = await import("remitgen"); console.log(Object.keys(api).sort().join(" "));');
    expect(names.split(" ")).toEqual(
      expect.arrayContaining([
        "SpecError",
        "StoppedError",
        "UsageError",
        "checkSpecFile",
        "checkSpecText",
        "diffSets",
        "formatDiagnostics",
        "generate",
        "loadSpec",
      ]),
    );
  });

  it("lets tools read its package.json through the exports map", () => {
    const version = run(
      'import { createRequire } from "node:module"; const require = createRequire(import.meta.url + "/"); console.log(require("remitgen/package.json").version);',
    );
    const manifest = JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8")) as { version: string };
    expect(version).toBe(manifest.version);
  });
});
