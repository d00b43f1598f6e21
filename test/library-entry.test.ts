/**
 * remitgen as a build script imports it (src/index.ts, built to
 * dist/index.js): by its package name through the `exports` map, which
 * also lets tools read its package.json.
 */
import { execFileSync } from "node:child_process";
import {
  mkdtempSync,
  mkdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import ts from "typescript";
import { afterAll, describe, expect, it } from "vitest";
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
    const names = run(
      'const api = await import("remitgen"); console.log(Object.keys(api).sort().join(" "));',
    );
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

  it("is the same API to require(), for a CommonJS build script (Node 20.19 loads ES modules so)", () => {
    const names = execFileSync(
      process.execPath,
      [
        "--input-type=commonjs",
        "-e",
        'console.log(Object.keys(require("remitgen")).sort().join(" "))',
      ],
      { cwd: repoRoot, encoding: "utf8" },
    ).trim();
    expect(names).toBe(
      run(
        'const api = await import("remitgen"); console.log(Object.keys(api).sort().join(" "));',
      ),
    );
  });

  it("lets tools read its package.json through the exports map", () => {
    const version = run(
      'import { createRequire } from "node:module"; const require = createRequire(import.meta.url + "/"); console.log(require("remitgen/package.json").version);',
    );
    const manifest = JSON.parse(
      readFileSync(join(repoRoot, "package.json"), "utf8"),
    ) as { version: string };
    expect(version).toBe(manifest.version);
  });
});

describe("remitgen as a TypeScript build script sees it (dist/*.d.ts)", () => {
  const folder = mkdtempSync(join(tmpdir(), "remitgen-entry-"));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  /** The compiler's errors for `source`, a strict NodeNext module importing "remitgen" by name. */
  function errorsOf(source: string): string[] {
    mkdirSync(join(folder, "node_modules"), { recursive: true });
    const link = join(folder, "node_modules/remitgen");
    rmSync(link, { force: true });
    symlinkSync(repoRoot, link, "dir");
    writeFileSync(join(folder, "package.json"), '{ "type": "module" }\n');
    const file = join(folder, "build.ts");
    writeFileSync(file, source);
    const program = ts.createProgram([file], {
      strict: true,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      target: ts.ScriptTarget.ES2022,
      // DOM for console; no @types/node, which costs seconds to load.
      lib: ["lib.es2022.d.ts", "lib.dom.d.ts"],
      types: [],
      noEmit: true,
      exactOptionalPropertyTypes: true,
      noUncheckedIndexedAccess: true,
    });
    return ts
      .getPreEmitDiagnostics(program)
      .map(
        (each) =>
          `TS${each.code} ${ts.flattenDiagnosticMessageText(each.messageText, "\n")}`,
      );
  }

  it("formats a SpecError's diagnostics without the spec's text, which it does not have", () => {
    const source = [
      'import { formatDiagnostics, generate, SpecError, UsageError, type Diagnostic } from "remitgen";',
      "try {",
      '  await generate({ spec: "spec/remittance.yaml", sets: ["v3"] });',
      "} catch (error) {",
      "  if (error instanceof SpecError) {",
      "    const first: Diagnostic | undefined = error.diagnostics[0];",
      "    console.error(formatDiagnostics(error.diagnostics), first?.code);",
      "  } else if (error instanceof UsageError) console.error(error.code, error.hint);",
      "}",
      "",
    ].join("\n");
    expect(errorsOf(source)).toEqual([]);
  });

  it("types every error code as DiagnosticCode, so a build script's switch on codes is checked", () => {
    const source = [
      'import { generate, OutputError, SpecError, UsageError, type DiagnosticCode } from "remitgen";',
      'const retry: DiagnosticCode = "RG095";',
      "try {",
      '  await generate({ spec: "spec/remittance.yaml" });',
      "} catch (error) {",
      "  if (error instanceof UsageError && error.code === retry) console.error(error.hint);",
      '  if (error instanceof OutputError && error.code === "RG098") console.error(error.hint);',
      '  if (error instanceof SpecError && error.diagnostics.some((each) => each.code === "RG010")) console.error("typo");',
      "  // A mistyped code is a type error, not a branch never taken.",
      '  if (error instanceof UsageError && error.code === "RG92") console.error(error.hint);',
      "}",
      'const unknown: DiagnosticCode = "RG999";',
      "console.log(unknown);",
      "",
    ].join("\n");
    expect(errorsOf(source)).toEqual([
      "TS2367 This comparison appears to be unintentional because the types 'DiagnosticCode' and '\"RG92\"' have no overlap.",
      "TS2820 Type '\"RG999\"' is not assignable to type 'DiagnosticCode'. Did you mean '\"RG099\"'?",
    ]);
  });

  it("DiagnosticCode is every code codes.ts declares, and no other", () => {
    const declared = new Set(
      readFileSync(join(repoRoot, "src/diagnostics/codes.ts"), "utf8").match(
        /(?<=")RG\d{3}(?=")/g,
      ),
    );
    expect(declared.size).toBeGreaterThan(50);
    // Missing a code, or holding one more, is a type error.
    const source = [
      'import type { DiagnosticCode } from "remitgen";',
      `const every: Record<DiagnosticCode, true> = { ${[...declared].map((code) => `${code}: true`).join(", ")} };`,
      "console.log(every);",
      "",
    ].join("\n");
    expect(errorsOf(source)).toEqual([]);
  });
});
