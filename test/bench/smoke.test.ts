/**
 * `npm run bench` works on this checkout: a smoke run (one run per stage, a
 * few client calls) must finish, measure every stage, find the
 * one-operation bundle free of unused operations, and see an unchanged
 * rerun write nothing. Its figures are not checked: performance is the
 * bench's job, not the tests' (and a smoke run's figures mean nothing).
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../generate/support.js";

function runBench(
  args: readonly string[],
): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [join(repoRoot, "bench/run.mjs"), ...args],
      { cwd: repoRoot },
    );
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, out }));
  });
}

describe("npm run bench", () => {
  it("runs every stage in a smoke run, and leaves the committed results alone", async () => {
    const results = join(repoRoot, "bench/results.md");
    const before = await readFile(results, "utf8");
    // --client-node given the same Node: the second client line and the
    // by-Node report run too.
    // The peers (installed on demand from the registry, minutes) are left
    // out: the test says only that the bench works here, offline.
    const { code, out } = await runBench([
      "--smoke",
      "--no-peers",
      "--client-node",
      process.execPath,
    ]);
    expect(code, out).toBe(0);
    for (const stage of [
      "[1/5] generate, default spec",
      "[2/5] client per-call overhead",
      "[3/5] bundle size",
      "[4/5] synthetic specs",
      "[5/5] real descriptions",
    ]) {
      expect(out).toContain(stage);
    }
    // The smallest real description, imported and generated.
    expect(out).toMatch(
      /^ {2}Mastercard Open Banking payments: 12 operations, import \d+\.\d\d s, generate \d+\.\d\d s, output \d+\.\d MB, tsc left out \(smoke\)$/m,
    );
    // The disk is probed before anything is measured, and a smoke run does not wait for it.
    expect(out).toMatch(
      /^disk probe: 256 files created in \d+ ms \((quiet|not quiet after 0 s: .*)\)$/m,
    );
    // The host's speed is timed at the start and the end.
    expect(out).toMatch(/^host probe: an allocation-heavy loop took \d+ ms /m);
    expect(out).toMatch(/^host probe at the end: \d+ ms$/m);
    expect(out).toMatch(/^default +12 +1\+1 /m);
    expect(out).toMatch(/^100 ops +100 +1\+1 /m);
    expect(out).toMatch(/oneOp: .* unused names present: none/);
    expect(out).toMatch(
      /unused operations absent from the one-op bundle +absent +absent +met/,
    );
    // The bundle is reported against its ceiling, not a target to the byte.
    expect(out).toMatch(
      /one-operation bundle \(min \+ gzip\) +\d+\.\d\d KB +under a ceiling of 6 KB +met /,
    );
    expect(out).toMatch(/^ {2}oneOp: .* gzip \(\d+ B; ceiling 6144 B\)/m);
    expect(out).toMatch(
      /client per-call overhead vs raw fetch \(median, Node v\d+\.\d+\.\d+\) +-?\d/,
    );
    const clientLines = out.match(
      /^ {2}v\d+\.\d+\.\d+: raw fetch \d+ µs, client /gm,
    );
    expect(clientLines).toHaveLength(2);
    expect(out).toMatch(
      /^peers: skipped \(--no-peers\): remitgen is measured alone$/m,
    );
    expect(out).toMatch(
      /default spec: generate wall, remitgen \/ openapi-typescript \(same run\) +skipped +≤ 0\.35 × +n\/a/,
    );
    expect(out).not.toContain("not measured");
    expect(out).not.toContain("FAILED");
    expect(out).not.toContain("not byte-identical");
    expect(out).not.toContain("wrote bench/results.md");
    expect(await readFile(results, "utf8")).toBe(before);
  }, 120_000);

  it("runs the real descriptions' stage alone with --only real, and prints its table", async () => {
    const results = join(repoRoot, "bench/results.md");
    const before = await readFile(results, "utf8");
    const { code, out } = await runBench(["--only", "real", "--smoke"]);
    expect(code, out).toBe(0);
    expect(out).not.toContain("[1/5]");
    expect(out).not.toContain("[4/5]");
    expect(out).toMatch(
      /^ {2}Mastercard Open Banking payments: 12 operations, import \d+\.\d\d s, generate \d+\.\d\d s, output \d+\.\d MB, tsc left out \(smoke\)$/m,
    );
    expect(out).toContain("## Real descriptions");
    expect(out).toMatch(
      /^\| Mastercard Open Banking payments \| 1 \| 0\.\d\d MB \| 12 \| /m,
    );
    expect(await readFile(results, "utf8")).toBe(before);
  }, 120_000);

  it("prints its usage on --help, and refuses a bad option with a message, not a stack trace", async () => {
    const help = await runBench(["--help"]);
    expect(help.code).toBe(0);
    expect(help.out).toMatch(/^usage: npm run bench -- \[options\]/);
    expect(help.out).toContain("--sizes 100,1000,5000");
    for (const [args, message] of [
      [["--bogus"], "Unknown option '--bogus'"],
      [
        ["--sizes", "100,2"],
        '--sizes takes whole numbers of operations, each at least 3 (one per set): not "2"',
      ],
      [
        ["--budget", "soon"],
        '--budget takes a number of seconds above 0: not "soon"',
      ],
      [
        ["--settle", "later"],
        '--settle takes a number of seconds (0 or more): not "later"',
      ],
      [["--only", "synthetic"], '--only takes one of real: not "synthetic"'],
      [
        ["--client-node", join(repoRoot, "package.json")],
        `--client-node takes a Node binary that runs: "${join(repoRoot, "package.json")}" cannot run`,
      ],
    ] as const) {
      const { code, out } = await runBench(args);
      expect(code, out).toBe(2);
      expect(out).toContain(`bench: ${message}`);
      expect(out).toContain("usage: npm run bench");
      expect(out).not.toMatch(/^\s+at /m);
    }
  });
});

describe("bench/measure.mjs", () => {
  it("reports the process's CPU, and the main thread's apart from the others' where /proc shows threads", async () => {
    const dir = await mkdtemp(join(tmpdir(), "remitgen-measure-"));
    try {
      const report = join(dir, "report.json");
      const run = spawnSync(
        process.execPath,
        [join(repoRoot, "bench/measure.mjs"), "--version"],
        {
          env: { ...process.env, BENCH_MEASURE_OUT: report },
          encoding: "utf8",
        },
      );
      expect(run.status, run.stderr).toBe(0);
      const usage = JSON.parse(await readFile(report, "utf8"));
      expect(usage.exitCode).toBe(0);
      expect(usage.userMs + usage.systemMs).toBeGreaterThan(0);
      if (existsSync("/proc/self/task")) {
        expect(usage.threads.mainMs).toBeGreaterThan(0);
        expect(usage.threads.otherMs).toBeGreaterThanOrEqual(0);
        // Ticks of 10 ms, so a thread's figure may round up past the process's by a tick or two.
        expect(
          usage.threads.mainMs + usage.threads.otherMs,
        ).toBeLessThanOrEqual(usage.userMs + usage.systemMs + 50);
      } else {
        expect(usage.threads).toBeUndefined();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
