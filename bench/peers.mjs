// The peers `npm run bench` measures remitgen against, in the same run:
// openapi-typescript, orval, @hey-api/openapi-ts and Kubb generating from
// the same API (one set's openapi.json, as remitgen writes it), and the
// openapi-fetch and hey-api fetch clients calling the same loopback server
// as remitgen's client (bench/client.mjs).
//
// They are no dependencies of remitgen: the versions below (the one place
// they are pinned; each the newest release whose engines admit Node 20.19)
// are installed on demand into a cache folder outside the repository,
// $REMITGEN_BENCH_PEERS or ~/.cache/remitgen-bench-peers, once per set of
// versions. When the registry cannot be reached the bench says so and
// measures remitgen alone.
import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { homedir } from "node:os";
import { basename, dirname, join, relative } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";

export const peerPackages = {
  "openapi-typescript": "7.13.0",
  // openapi-typescript's peer, and the compiler the type-check comparison runs.
  typescript: "5.9.3",
  orval: "7.13.2",
  "@hey-api/openapi-ts": "0.95.0",
  "@kubb/cli": "4.39.3",
  "@kubb/core": "4.39.3",
  "@kubb/plugin-oas": "4.39.3",
  "@kubb/plugin-ts": "4.39.3",
  "@kubb/plugin-client": "4.39.3",
  "openapi-fetch": "0.17.0",
  "@hey-api/client-fetch": "0.13.1",
};

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..");

/** Where the peers of these versions are installed. */
export function peersDir() {
  const base =
    process.env.REMITGEN_BENCH_PEERS ??
    join(homedir(), ".cache", "remitgen-bench-peers");
  const key = createHash("sha256")
    .update(JSON.stringify(peerPackages))
    .digest("hex")
    .slice(0, 12);
  return join(base, key);
}

/**
 * The folder holding the peers, installed now if they are not yet:
 * `{ dir }`, or `{ error }` saying why not (no registry, a failed install).
 */
export function installPeers(log) {
  const dir = peersDir();
  const marker = join(dir, "installed.json");
  if (existsSync(marker)) return { dir };
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, "package.json"),
    `${JSON.stringify({ name: "remitgen-bench-peers", private: true, dependencies: peerPackages }, null, 2)}\n`,
  );
  writeFileSync(join(dir, "kubb.config.mjs"), kubbConfig);
  log(`  installing the peers into ${dir} (once per set of versions)...`);
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  const run = spawnSync(
    npm,
    ["install", "--no-audit", "--no-fund", "--loglevel=error"],
    { cwd: dir, encoding: "utf8", timeout: 15 * 60_000 },
  );
  if (run.status !== 0) {
    const why = (run.error?.message ?? `${run.stderr}${run.stdout}`)
      .trim()
      .split("\n")
      .find((line) => line.trim() !== "");
    return {
      error: `npm install failed (is the registry reachable?): ${why ?? `exit ${run.status}`}`,
    };
  }
  writeFileSync(marker, `${JSON.stringify(peerPackages)}\n`);
  return { dir };
}

// Kubb reads a config file: its input and output come from the environment.
const kubbConfig = `import { defineConfig } from "@kubb/core";
import { pluginClient } from "@kubb/plugin-client";
import { pluginOas } from "@kubb/plugin-oas";
import { pluginTs } from "@kubb/plugin-ts";

export default defineConfig({
  root: process.env.KUBB_ROOT,
  input: { path: process.env.KUBB_INPUT },
  output: { path: process.env.KUBB_OUTPUT, clean: true, format: false, lint: false },
  plugins: [pluginOas(), pluginTs(), pluginClient({ client: "fetch" })],
});
`;

/** How each peer generator is run: types and a fetch client from `input` into `out`. */
const generators = {
  "openapi-typescript": (dir, input, out) => ({
    args: [
      join(dir, "node_modules/openapi-typescript/bin/cli.js"),
      input,
      "-o",
      join(out, "schema.d.ts"),
    ],
  }),
  orval: (dir, input, out) => ({
    args: [
      join(dir, "node_modules/orval/dist/bin/orval.js"),
      "--input",
      input,
      "--output",
      join(out, "api.ts"),
      "--client",
      "fetch",
    ],
  }),
  "@hey-api/openapi-ts": (dir, input, out) => ({
    args: [
      join(dir, "node_modules/@hey-api/openapi-ts/bin/run.js"),
      "-i",
      input,
      "-o",
      out,
    ],
  }),
  kubb: (dir, input, out) => ({
    args: [
      join(dir, "node_modules/@kubb/cli/bin/kubb.cjs"),
      "generate",
      "--config",
      join(dir, "kubb.config.mjs"),
    ],
    env: { KUBB_ROOT: dir, KUBB_INPUT: input, KUBB_OUTPUT: out },
  }),
};
export const generatorNames = Object.keys(generators);

/** Runs `node <args>` in `cwd`; its wall time from here. Never throws. */
export function timed(args, { cwd, env = {}, timeoutMs }) {
  return new Promise((resolvePromise) => {
    const started = performance.now();
    const child = spawn(process.execPath, args, {
      cwd,
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.on("error", (error) => {
      clearTimeout(timer);
      resolvePromise({ ok: false, wallMs: NaN, output: error.message });
    });
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      resolvePromise({
        ok: code === 0,
        wallMs: performance.now() - started,
        output: code === 0 ? "" : `exit ${code ?? signal}: ${output.trim()}`,
      });
    });
  });
}

/** Bytes of every file under `dir`. */
export function folderBytes(dir) {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) total += folderBytes(path);
    else if (entry.isFile()) total += statSync(path).size;
  }
  return total;
}

/** Of a remitgen output folder, the set whose openapi.json is largest (the one with most operations). */
export function largestSet(outDir) {
  let best;
  for (const entry of readdirSync(outDir, { withFileTypes: true })) {
    const file = join(outDir, entry.name, "openapi.json");
    if (!entry.isDirectory() || !existsSync(file)) continue;
    const size = statSync(file).size;
    if (best === undefined || size > best.size)
      best = { set: entry.name, openapi: file, size };
  }
  return best;
}

/**
 * Generation time of remitgen and of each peer on the same API, in rounds
 * (one run of each in turn, so the host's drift falls on all alike):
 * remitgen from `specFile` (all sets, all artifacts, into a new folder),
 * each peer from `openapi` (one set). Medians of `runs` rounds after one
 * warm-up round (none with `warmUp` false, as a smoke run). Peers that fail are reported and left out.
 */
export async function benchGenerators({
  dir,
  specFile,
  openapi,
  tmp,
  runs,
  warmUp = true,
  timeoutMs,
}) {
  const work = join(
    tmp,
    `peers-${createHash("sha1").update(specFile).digest("hex").slice(0, 8)}`,
  );
  mkdirSync(work, { recursive: true });
  const remitgen = (out) => ({
    args: [
      join(root, "dist/remitgen.mjs"),
      "generate",
      "--spec",
      specFile,
      "--out",
      out,
    ],
  });
  const tools = {
    remitgen,
    ...Object.fromEntries(
      generatorNames.map((name) => [
        name,
        (input, out) => generators[name](dir, input, out),
      ]),
    ),
  };
  const samples = Object.fromEntries(
    Object.keys(tools).map((name) => [name, []]),
  );
  const failed = {};
  const bytes = {};
  const outputs = {};
  let counter = 0;
  const first = warmUp ? 0 : 1;
  for (let round = first; round <= runs; round++) {
    const names = Object.keys(tools);
    // The order turns every round.
    for (let k = 0; k < names.length; k++) {
      const name = names[(k + round) % names.length];
      if (failed[name]) continue;
      const out = join(work, `${name.replace(/\W+/g, "-")}-${++counter}`);
      const { args, env } =
        name === "remitgen" ? tools.remitgen(out) : tools[name](openapi, out);
      const run = await timed(args, { cwd: dir ?? root, env, timeoutMs });
      if (!run.ok) {
        failed[name] = run.output.split("\n").slice(0, 3).join(" ");
        continue;
      }
      if (round > 0) samples[name].push(run.wallMs);
      if (bytes[name] === undefined && existsSync(out)) {
        bytes[name] = folderBytes(out);
        outputs[name] = out;
      } else rmSync(out, { recursive: true, force: true });
    }
  }
  return { samples, failed, bytes, outputs };
}

/**
 * A tsconfig.json that type-checks a generated package as shipped (and
 * the `others`, its siblings, in the same program), its declarations
 * (dist/, skipLibCheck off: they are the subject), with the
 * strict options the package's source is checked with. Written beside the
 * package, not in it (the package is the output as written); returns its path.
 */
export function packageTypeCheckConfig(packageDir, ...others) {
  const path = join(
    dirname(packageDir),
    `tsconfig.${basename(packageDir)}.json`,
  );
  const include = [packageDir, ...others].map(
    (dir) => `${relative(dirname(packageDir), dir)}/dist`,
  );
  writeFileSync(
    path,
    `${JSON.stringify({ compilerOptions: { target: "ES2022", lib: ["ES2022", "DOM"], module: "NodeNext", moduleResolution: "NodeNext", strict: true, noUncheckedIndexedAccess: true, exactOptionalPropertyTypes: true, noEmit: true, skipLibCheck: false }, include })}\n`,
  );
  return path;
}

/**
 * `tsc --noEmit` over one set's package as shipped, its declarations
 * (dist/**\/*.d.ts: the package ships no TypeScript source), against over
 * openapi-typescript's types for the same set, both checking their
 * declaration files (skipLibCheck off: both are .d.ts), with the strict
 * options the package's source is checked with. Medians of `runs`
 * interleaved runs after a warm-up.
 */
export async function benchTypeCheck({
  packageDir,
  typesFile,
  runs,
  warmUp = true,
  timeoutMs,
}) {
  const tsc = join(root, "node_modules/typescript/bin/tsc");
  const typesDir = dirname(typesFile);
  writeFileSync(
    join(typesDir, "tsconfig.json"),
    `${JSON.stringify({ compilerOptions: { target: "ES2022", lib: ["ES2022", "DOM"], module: "NodeNext", moduleResolution: "NodeNext", strict: true, noEmit: true, skipLibCheck: false }, files: ["schema.d.ts"] })}\n`,
  );
  const packageConfig = packageTypeCheckConfig(packageDir);
  const commands = {
    remitgen: [tsc, "--noEmit", "-p", packageConfig],
    "openapi-typescript": [
      tsc,
      "--noEmit",
      "-p",
      join(typesDir, "tsconfig.json"),
    ],
  };
  const samples = { remitgen: [], "openapi-typescript": [] };
  const failed = {};
  for (let round = warmUp ? 0 : 1; round <= runs; round++) {
    for (const name of round % 2
      ? ["openapi-typescript", "remitgen"]
      : ["remitgen", "openapi-typescript"]) {
      if (failed[name]) continue;
      const run = await timed(commands[name], { cwd: root, timeoutMs });
      if (!run.ok) failed[name] = run.output.split("\n").slice(0, 3).join(" ");
      else if (round > 0) samples[name].push(run.wallMs);
    }
  }
  return { samples, failed };
}
