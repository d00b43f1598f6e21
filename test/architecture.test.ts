/**
 * Dependencies run one way: spec → check → model → render → write, under
 * one driver (generate.ts, check-spec.ts and the library entry). A stage
 * imports the stages before it that it reads the output of, and shared
 * modules (diagnostics, names, escaping, the runtime); never a later stage,
 * and never a stage it only follows: the model is resolved from the spec
 * as written, not from the checker, and the CLI reaches rendering only
 * through the driver. Every import of src/ is read, types and dynamic
 * imports included.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, posix, relative } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { repoRoot } from "./generate/support.js";

const src = join(repoRoot, "src");

/** Modules that every part may use: they import nothing of the pipeline. */
const shared = ["diagnostics", "escape", "names", "runtime", "paths"];

/** What each part of src/ may import, besides itself. */
const allowed: Readonly<Record<string, readonly string[]>> = {
  escape: [],
  paths: [],
  // The runtime is copied into every package: it imports nothing of the generator.
  runtime: [],
  names: ["escape", "runtime"],
  diagnostics: ["escape"],
  spec: shared,
  check: ["spec", ...shared],
  model: ["spec", ...shared],
  render: ["model", ...shared],
  write: ["render", ...shared],
  "mock-server": ["model", ...shared],
  driver: ["spec", "check", "model", "render", "write", "import", ...shared],
  // OpenAPI in, a spec out: it proves patterns as the checker does and
  // writes one file as the write stage does.
  import: ["check", "write", ...shared],
  cli: ["driver", "spec", "model", "write", "mock-server", "import", ...shared],
};

/** The driver: the root modules that run the stages one after the other. */
const driverFiles = new Set([
  "generate.ts",
  "check-spec.ts",
  "index.ts",
  "diff.ts",
]);

function partOf(file: string): string {
  const [first, ...rest] = file.split("/");
  if (rest.length > 0) return first!;
  if (driverFiles.has(first!)) return "driver";
  return first!.replace(/\.ts$/, "");
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".d.ts")
      ? [relative(src, path).split("\\").join("/")]
      : [];
  });
}

/** Every import of `file` inside src/, as `[from, to]` paths relative to src/. */
function importsOf(file: string): [string, string][] {
  const text = readFileSync(join(src, file), "utf8");
  const { importedFiles } = ts.preProcessFile(text, true, true);
  return importedFiles
    .map((imported) => imported.fileName)
    .filter((name) => name.startsWith("."))
    .map((name): [string, string] => [
      file,
      posix
        .normalize(posix.join(posix.dirname(file), name))
        .replace(/\.js$/, ".ts"),
    ]);
}

const files = sourceFiles(src);
const edges = files.flatMap(importsOf);

describe("src/ dependencies", () => {
  it("knows every part of src/ (a new folder is placed in the pipeline here)", () => {
    const parts = [...new Set(files.map(partOf))].sort();
    expect(parts.filter((part) => allowed[part] === undefined)).toEqual([]);
  });

  it("reads the imports it checks (the parser sees them)", () => {
    expect(edges).toContainEqual(["check/rules.ts", "spec/raw.ts"]);
    expect(edges.length).toBeGreaterThan(files.length);
    // Every import leads to a file that exists: a path this test resolves
    // wrongly would pass for any part.
    const known = new Set(files);
    expect(edges.filter(([, to]) => !known.has(to))).toEqual([]);
  });

  it("run one way: no part imports a part it may not", () => {
    const wrong = edges
      .filter(([from, to]) => {
        const [a, b] = [partOf(from), partOf(to)];
        return a !== b && !(allowed[a] ?? []).includes(b);
      })
      .map(([from, to]) => `${from} -> ${to}`);
    expect(wrong).toEqual([]);
  });

  it("the runtime imports nothing outside itself, not even shared modules", () => {
    const leaving = edges.filter(
      ([from, to]) => partOf(from) === "runtime" && partOf(to) !== "runtime",
    );
    expect(leaving).toEqual([]);
  });

  it("the runtime holds only what packages run: nothing the generator alone uses is copied into them", () => {
    // A value the generator imports from the runtime must be used there too,
    // or by a generated file; else it belongs to the generator.
    const read = (file: string): string => readFileSync(file, "utf8");
    const runtimeFiles = files.filter((file) => partOf(file) === "runtime");
    const generated = join(repoRoot, "generated");
    const packageTexts = readdirSync(generated, { recursive: true })
      .map(String)
      .filter((path) => path.endsWith(".ts") && !path.includes("runtime"))
      .map((path) => read(join(generated, path)));
    const generatorOnly = new Set<string>();
    for (const file of files.filter((each) => partOf(each) !== "runtime"))
      for (const [, names, from] of read(join(src, file)).matchAll(
        /import\s*\{([^}]*)\}\s*from\s*"([^"]+)"/g,
      )) {
        const target = posix
          .normalize(posix.join(posix.dirname(file), from!))
          .replace(/\.js$/, ".ts");
        if (partOf(target) !== "runtime") continue;
        for (const name of names!.split(",").map((each) => each.trim())) {
          if (name === "" || name.startsWith("type ")) continue;
          const word = new RegExp(`\\b${name.split(/\s/)[0]}\\b`, "g");
          const uses = (text: string): number => text.match(word)?.length ?? 0;
          const used =
            uses(read(join(src, target))) > 1 ||
            runtimeFiles.some(
              (other) => other !== target && uses(read(join(src, other))) > 0,
            ) ||
            packageTexts.some((text) => uses(text) > 0);
          if (!used) generatorOnly.add(`${target}: ${name}`);
        }
      }
    expect([...generatorOnly]).toEqual([]);
  });

  it("diagnostics/codes.ts holds codes: no table of the system's error codes", () => {
    const codes = readFileSync(join(src, "diagnostics/codes.ts"), "utf8");
    expect(codes).not.toMatch(/^\s+E(NOENT|ACCES|LOOP|IO|NOSPC)\s*:/m);
  });
});
