/**
 * Helpers for the hardening tests: sandboxes under the OS temp folder
 * (never the repository), prettier checks by file extension, one shared
 * ts-morph Project for type checks, and a child Node process that imports
 * generated JavaScript.
 */
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import {
  mkdtemp,
  readdir,
  readFile,
  realpath,
  rm,
  symlink,
} from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import * as prettier from "prettier";
import {
  ModuleKind,
  ModuleResolutionKind,
  Project,
  ScriptTarget,
  ts,
  type Diagnostic,
} from "ts-morph";
import { afterAll } from "vitest";

export const repoRoot: string = join(
  dirname(fileURLToPath(import.meta.url)),
  "../..",
);
export const hostileSpec: string = join(
  repoRoot,
  "test/fixtures/hostile/hostile.yaml",
);
export const realSpec: string = join(repoRoot, "spec/remittance.yaml");

const made: string[] = [];
afterAll(async () => {
  await Promise.all(
    made.map((dir) => rm(dir, { recursive: true, force: true })),
  );
});

/**
 * A fresh folder under the OS temp folder, removed after the test file.
 * With `modules`, it links the repository's node_modules, so generated
 * packages inside it resolve msw and their types as a consumer's would.
 */
export async function sandbox(modules = false): Promise<string> {
  const dir = await realpath(
    await mkdtemp(join(tmpdir(), "remitgen-hardening-")),
  );
  made.push(dir);
  if (modules)
    await symlink(
      join(repoRoot, "node_modules"),
      join(dir, "node_modules"),
      "dir",
    );
  return dir;
}

/** Every file under `dir`, as posix paths relative to it (symlinks not followed). */
export async function listFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (current: string): Promise<void> => {
    for (const entry of await readdir(current, { withFileTypes: true })) {
      const path = join(current, entry.name);
      if (entry.isDirectory()) await walk(path);
      else out.push(relative(dir, path).split(sep).join("/"));
    }
  };
  if (existsSync(dir)) await walk(dir);
  return out.sort();
}

/** The prettier parser for a generated file, by extension; undefined for files prettier does not check here. */
export function parserFor(path: string): string | undefined {
  if (path.endsWith(".ts")) return "typescript";
  if (path.endsWith(".js")) return "babel";
  // Every generated JSON file is printed as JSON.stringify prints it.
  if (path.endsWith("tsconfig.json")) return "json"; // written by hand
  if (path.endsWith(".json")) return "json-stringify";
  return undefined;
}

export interface PrettierMismatch {
  readonly path: string;
  /** 1-based line of the first difference. */
  readonly line: number;
  readonly ours: string;
  readonly prettier: string;
}

/**
 * Formats each file with prettier (default options, parser by extension,
 * file path given as the prettier CLI gives it) and returns every file
 * prettier would change, with its first differing line.
 */
export async function prettierMismatches(
  files: readonly { path: string; contents: string }[],
): Promise<PrettierMismatch[]> {
  const out: PrettierMismatch[] = [];
  for (const file of files) {
    const parser = parserFor(file.path);
    if (parser === undefined) continue;
    const formatted = await prettier.format(file.contents, {
      parser,
      filepath: file.path,
    });
    if (formatted === file.contents) continue;
    const ours = file.contents.split("\n");
    const theirs = formatted.split("\n");
    let index = 0;
    while (index < ours.length && ours[index] === theirs[index]) index++;
    out.push({
      path: file.path,
      line: index + 1,
      ours: clip(ours[index] ?? ""),
      prettier: clip(theirs[index] ?? ""),
    });
  }
  return out;
}

function clip(text: string): string {
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}

/** Reads generated files under `dir` (relative paths) for the prettier check. */
export async function readAll(
  dir: string,
  paths: readonly string[],
): Promise<{ path: string; contents: string }[]> {
  return Promise.all(
    paths.map(async (path) => ({
      path,
      contents: await readFile(join(dir, path), "utf8"),
    })),
  );
}

/**
 * One ts-morph Project for every type check of a test file: options as the
 * generated tsconfig.json sets them (strict, exact optional properties,
 * unchecked index access, verbatim module syntax). Files are added per
 * check and removed afterwards, so the compiler's parsed lib and msw
 * declarations are reused between checks (of one project: see check).
 */
export class TypeChecker {
  private project = newProject();
  private checks = 0;

  /**
   * Type-checks the given .ts and .d.ts files (absolute paths) and parses
   * the given .js files; returns every problem as `path(line): message`.
   */
  check(typed: readonly string[], scripts: readonly string[] = []): string[] {
    // A project keeps some of every program it built (about 8 MB a check
    // of one set here), so a long property run, or fast-check shrinking a
    // failure, ended thrashing at 3 GB. A new one now and then bounds that
    // and still reuses the parsed lib files between most checks.
    if (++this.checks % checksPerProject === 0) this.project = newProject();
    const typedFiles = typed.map((path) =>
      this.project.addSourceFileAtPath(path),
    );
    const scriptFiles = scripts.map((path) =>
      this.project.addSourceFileAtPath(path),
    );
    try {
      const problems: string[] = [];
      const program = this.project.getProgram();
      for (const file of typedFiles) {
        problems.push(...program.getSyntacticDiagnostics(file).map(describe));
        problems.push(...program.getSemanticDiagnostics(file).map(describe));
      }
      for (const file of scriptFiles)
        problems.push(...program.getSyntacticDiagnostics(file).map(describe));
      return problems;
    } finally {
      for (const file of [...typedFiles, ...scriptFiles])
        this.project.removeSourceFile(file);
    }
  }
}

const checksPerProject = 8;

function newProject(): Project {
  return new Project({
    compilerOptions: {
      target: ScriptTarget.ES2022,
      lib: ["lib.es2022.d.ts", "lib.dom.d.ts"],
      module: ModuleKind.NodeNext,
      moduleResolution: ModuleResolutionKind.NodeNext,
      strict: true,
      noUncheckedIndexedAccess: true,
      exactOptionalPropertyTypes: true,
      verbatimModuleSyntax: true,
      skipLibCheck: true,
      noEmit: true,
      allowJs: true,
      types: [],
    },
    skipAddingFilesFromTsConfig: true,
  });
}

function describe(diagnostic: Diagnostic): string {
  const file = diagnostic.getSourceFile();
  const line = diagnostic.getLineNumber();
  const message = ts.flattenDiagnosticMessageText(
    diagnostic.compilerObject.messageText,
    "\n",
  );
  return `${file ? file.getFilePath() : "?"}(${line ?? "?"}): ${message.slice(0, 300)}`;
}

const run = promisify(execFile);

export interface IsolatedCheck {
  /** Whether the child finished (false: killed after the time limit, or out of memory). */
  readonly finished: boolean;
  readonly ok?: boolean;
  readonly diagnostics?: readonly {
    code: string;
    line: number;
    column: number;
    message: string;
  }[];
  readonly ms?: number;
  readonly error?: string;
}

/**
 * Runs checkSpecText on a spec file in a child Node process with a memory
 * and time limit, so a check that would hang or exhaust memory fails the
 * test instead of the test runner.
 */
export async function checkIsolated(
  specFile: string,
  limits = { ms: 20_000, megabytes: 512 },
): Promise<IsolatedCheck> {
  const script = `
    import { readFileSync } from "node:fs";
    import { checkSpecText } from "./src/check-spec.ts";
    const text = readFileSync(process.argv[1], "utf8");
    const started = performance.now();
    const result = checkSpecText(text, "isolated.yaml");
    const ms = performance.now() - started;
    const diagnostics = result.ok ? [] : result.diagnostics.map(({ code, line, column, message }) => ({ code, line, column, message }));
    console.log(JSON.stringify({ finished: true, ok: result.ok, diagnostics, ms }));
  `;
  try {
    const { stdout } = await run(
      process.execPath,
      [
        `--max-old-space-size=${limits.megabytes}`,
        "--import",
        "tsx",
        "--input-type=module",
        "--eval",
        script,
        specFile,
      ],
      { cwd: repoRoot, timeout: limits.ms, maxBuffer: 16 * 1024 * 1024 },
    );
    return JSON.parse(
      stdout.trim().split("\n").at(-1) ?? "{}",
    ) as IsolatedCheck;
  } catch (error) {
    const failure = error as {
      killed?: boolean;
      signal?: string;
      stderr?: string;
      message: string;
    };
    return {
      finished: false,
      error: `${failure.killed ? `killed (${failure.signal})` : "crashed"}: ${(failure.stderr ?? failure.message).slice(-1000)}`,
    };
  }
}

/**
 * Runs an ES module script in a fresh Node process (cwd `dir`) and returns
 * what it printed to stdout, parsed as JSON.
 */
export async function runModule(dir: string, script: string): Promise<unknown> {
  const { stdout } = await run(
    process.execPath,
    ["--input-type=module", "--eval", script],
    {
      cwd: dir,
      maxBuffer: 16 * 1024 * 1024,
      timeout: 60_000,
    },
  );
  return JSON.parse(stdout.trim().split("\n").at(-1) ?? "null");
}

/**
 * `$ref`s of an OpenAPI document's text that name no schema component of
 * its own (a schema named `__proto__` once went missing from them).
 */
export function danglingRefs(text: string): string[] {
  const schemas = (JSON.parse(text) as { components: { schemas: object } })
    .components.schemas;
  const refs = [
    ...text.matchAll(/"\$ref": ("#\/components\/schemas\/(?:[^"\\]|\\.)*")/g),
  ].map((match) => JSON.parse(match[1]!) as string);
  const prefix = "#/components/schemas/";
  return refs.filter(
    (ref) =>
      !Object.hasOwn(
        schemas,
        ref.slice(prefix.length).replace(/~1/g, "/").replace(/~0/g, "~"),
      ),
  );
}
