#!/usr/bin/env node
// The client per-call overhead measurement of `npm run bench`, run by
// bench/run.mjs as a child process: with the bench's own Node, and with each
// `--client-node` binary, so the same generated package is measured on
// several Node versions (each brings its own fetch, undici).
//
// Usage: node bench/client.mjs <generated package folder> [--smoke] [--peers DIR]
// Prints one line of JSON: the result, or { error }. With --peers (the
// folder bench/peers.mjs installed them in), openapi-fetch and the hey-api
// fetch client make the same call in the same rounds, against the same server.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath, pathToFileURL } from "node:url";
import { median, quantile } from "./stats.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const [packageDir, ...flags] = process.argv.slice(2);
const smoke = flags.includes("--smoke");
const peersAt = flags.indexOf("--peers");
const peersDir = peersAt >= 0 ? flags[peersAt + 1] : undefined;

/** The peers' clients, each as a call like the raw one; `{ error }` when one cannot be loaded. */
async function peerClients(base) {
  if (peersDir === undefined) return {};
  const require = createRequire(join(peersDir, "package.json"));
  // Their ESM entries (package.json "exports" > "." > "import"), as an application imports them.
  const load = async (name) => {
    const manifest = require.resolve(`${name}/package.json`);
    const { exports } = JSON.parse(readFileSync(manifest, "utf8"));
    const entry = exports["."].import;
    const file = typeof entry === "string" ? entry : entry.default;
    return import(pathToFileURL(join(dirname(manifest), file)).href);
  };
  const headers = { authorization: "Bearer bench-token" };
  const openapiFetch = (await load("openapi-fetch")).default({
    baseUrl: base,
    headers,
  });
  const heyApi = (await load("@hey-api/client-fetch")).createClient({
    baseUrl: base,
    headers,
  });
  return {
    "openapi-fetch": async (body) => {
      const { data, error } = await openapiFetch.POST("/get_acct_title", {
        body,
      });
      if (error !== undefined)
        throw new Error(`openapi-fetch: ${JSON.stringify(error)}`);
      return data;
    },
    "@hey-api/client-fetch": async (body) => {
      const { data, error } = await heyApi.post({
        url: "/get_acct_title",
        body,
      });
      if (error !== undefined)
        throw new Error(`@hey-api/client-fetch: ${JSON.stringify(error)}`);
      return data;
    },
  };
}

async function startServer() {
  const child = spawn(process.execPath, [join(here, "http-server.mjs")], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  const port = await new Promise((resolvePromise, reject) => {
    let buffer = "";
    const timer = setTimeout(
      () => reject(new Error("the bench HTTP server did not start in 10 s")),
      10_000,
    );
    child.stdout.on("data", (d) => {
      buffer += d;
      const match = /PORT (\d+)/.exec(buffer);
      if (match) {
        clearTimeout(timer);
        resolvePromise(Number(match[1]));
      }
    });
    child.on("exit", (code) =>
      reject(new Error(`the bench HTTP server exited (${code})`)),
    );
  });
  const stop = () =>
    new Promise((resolvePromise) => {
      if (child.exitCode !== null) return resolvePromise();
      const timer = setTimeout(() => child.kill("SIGKILL"), 3000);
      child.once("exit", () => {
        clearTimeout(timer);
        resolvePromise();
      });
      child.stdin.end();
    });
  return { port, stop };
}

async function benchClient() {
  const result = { error: undefined, node: process.version };
  const entry = join(packageDir, "dist/index.js");
  let mod;
  try {
    mod = await import(pathToFileURL(entry).href);
  } catch (error) {
    result.error = `cannot import ${entry}: ${error.message.split("\n")[0]}`;
    return result;
  }
  if (typeof mod.createClient !== "function") {
    result.error = `${entry} exports no createClient`;
    return result;
  }
  let server;
  try {
    server = await startServer();
  } catch (error) {
    result.error = error.message;
    return result;
  }
  try {
    const base = `http://127.0.0.1:${server.port}`;
    const body = {
      accountNumber: "PK36SCBL0000001123456702",
      bankCode: "SCBL",
    };
    const bodyText = () => JSON.stringify(body);
    // The default configuration: the built-in client credentials flow. Its
    // first call fetches a token (during the warm-up); every measured call
    // uses the cached one, as the raw baseline uses its fixed token.
    const client = mod.createClient({
      baseUrl: base,
      authUrl: base,
      clientId: "bench-client",
      clientSecret: "bench-secret",
      rateLimit: false,
    });
    // Tokens from the caller's own async function: each call awaits it.
    const withProvider = mod.createClient({
      baseUrl: base,
      getAccessToken: async () => "bench-token",
      rateLimit: false,
    });
    // The raw baseline does what the client must: serialise, send a bearer
    // token, check the status and parse the JSON answer.
    const raw = async () => {
      const response = await fetch(`${base}/get_acct_title`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json",
          authorization: "Bearer bench-token",
        },
        body: bodyText(),
      });
      if (!response.ok) throw new Error(`raw fetch: HTTP ${response.status}`);
      return response.json();
    };
    const expected = await raw();
    for (const [name, candidate] of [
      ["client", client],
      ["withProvider", withProvider],
    ]) {
      let got;
      try {
        got = await candidate.getAcctTitle(body);
      } catch (error) {
        result.error = `getAcctTitle (${name}) failed: ${error?.name ?? "Error"}: ${error?.message ?? error}`;
        return result;
      }
      if (JSON.stringify(got) !== JSON.stringify(expected)) {
        result.error = `getAcctTitle (${name}) did not return the raw payload`;
        return result;
      }
    }
    result.returnsPayload = true;
    let peers = {};
    try {
      peers = await peerClients(base);
      for (const [name, call] of Object.entries(peers))
        if (JSON.stringify(await call(body)) !== JSON.stringify(expected))
          throw new Error(`${name} did not return the raw payload`);
    } catch (error) {
      result.peersError = error?.message ?? String(error);
      peers = {};
    }

    // The raw call plus what the transport adds per call for its timeout
    // (an AbortController, its signal given to fetch, a timer): attributes
    // part of the overhead. Informational.
    const rawWithTimeout = async () => {
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), 30_000);
      try {
        const response = await fetch(`${base}/get_acct_title`, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            accept: "application/json",
            authorization: "Bearer bench-token",
          },
          body: bodyText(),
          signal: controller.signal,
        });
        if (!response.ok) throw new Error(`raw fetch: HTTP ${response.status}`);
        return JSON.parse(await response.text());
      } finally {
        clearTimeout(timer);
      }
    };
    const variants = {
      rawA: raw,
      client: () => client.getAcctTitle(body),
      rawB: raw,
      rawSignal: rawWithTimeout,
      withProvider: () => withProvider.getAcctTitle(body),
      ...Object.fromEntries(
        Object.entries(peers).map(([name, call]) => [name, () => call(body)]),
      ),
    };
    const names = Object.keys(variants);
    const samples = Object.fromEntries(names.map((n) => [n, []]));
    const roundRatios = []; // client median / raw median within each round: cancels load drift
    // Warm-up: JIT, sockets, the client's token cache.
    for (let i = 0; i < (smoke ? 20 : 300); i++)
      for (const n of names) await variants[n]();
    // Rounds of 100 calls per variant, interleaved call by call (one call of
    // each variant in turn, the order rotated every turn): on this host the
    // speed drifts within seconds, and blocks of 100 calls per variant
    // measured the drift as much as the client. Bounded by count and time.
    const rounds = smoke ? 2 : 40;
    const perRound = smoke ? 10 : 100;
    const deadline = performance.now() + 30_000;
    let done = 0;
    for (let r = 0; r < rounds && performance.now() < deadline; r++) {
      const roundStart = Object.fromEntries(
        names.map((n) => [n, samples[n].length]),
      );
      for (let i = 0; i < perRound; i++) {
        const turn = r * perRound + i;
        for (let k = 0; k < names.length; k++) {
          const n = names[(k + turn) % names.length];
          const t0 = performance.now();
          await variants[n]();
          samples[n].push(performance.now() - t0);
        }
      }
      done++;
      const roundMedian = (n) => median(samples[n].slice(roundStart[n]));
      roundRatios.push(roundMedian("client") / roundMedian("rawA"));
    }
    const stats = (xs) => ({
      medianUs: median(xs) * 1000,
      p90Us: quantile(xs, 0.9) * 1000,
      n: xs.length,
    });
    result.rounds = done;
    for (const n of names) result[n === "rawA" ? "raw" : n] = stats(samples[n]);
    const over = (n) => result[n].medianUs - result.raw.medianUs;
    result.overheadUs = over("client");
    result.overheadPct = (100 * result.overheadUs) / result.raw.medianUs;
    result.providerPct = (100 * over("withProvider")) / result.raw.medianUs;
    result.signalPct = (100 * over("rawSignal")) / result.raw.medianUs;
    result.noisePct = (100 * over("rawB")) / result.raw.medianUs;
    result.pairedPct = 100 * (median(roundRatios) - 1);
    result.peers = Object.fromEntries(
      Object.keys(peers).map((name) => [
        name,
        {
          ...result[name],
          overheadUs: over(name),
          overheadPct: (100 * over(name)) / result.raw.medianUs,
        },
      ]),
    );
    for (const name of Object.keys(peers)) delete result[name];
    return result;
  } finally {
    await server.stop();
  }
}

/**
 * What the rate-limit store costs per call: taking a slot and settling it
 * (the token is cached in the client either way), in memory and, when
 * redis-server is on PATH, in a Redis started here on a free port.
 */
async function benchStore() {
  const load = (path) => import(pathToFileURL(join(packageDir, path)).href);
  const { createMemoryStore } = await load("dist/runtime/store.js");
  const { createRedisStore } = await load("dist/runtime/redis-store.js");
  const perCall = async (store, calls) => {
    const samples = [];
    for (let i = 0; i < calls; i++) {
      const t0 = performance.now();
      const { slot } = await store.takeSlot("plan", 1e9, 3_600_000, 35_000);
      await store.settleSlot("plan", slot);
      samples.push(performance.now() - t0);
    }
    return { medianUs: median(samples) * 1000, n: calls };
  };
  const result = {
    memory: await perCall(createMemoryStore(), smoke ? 200 : 20_000),
  };
  const probe = spawnSync("redis-server", ["--version"]);
  if (probe.error) {
    result.redis = { skipped: "no redis-server on PATH" };
    return result;
  }
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), "remitgen-bench-redis-"));
  const server = spawn(
    "redis-server",
    [
      "--port",
      String(port),
      "--bind",
      "127.0.0.1",
      "--save",
      "",
      "--appendonly",
      "no",
      "--dir",
      dir,
    ],
    { stdio: "ignore" },
  );
  const { createClient: createRedisClient } = await import("redis");
  const redis = createRedisClient({ url: `redis://127.0.0.1:${port}` });
  redis.on("error", () => undefined);
  try {
    for (let i = 0; ; i++) {
      try {
        await redis.connect();
        break;
      } catch (error) {
        if (i > 100) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
    const store = createRedisStore(redis, { prefix: "bench:" });
    await perCall(store, 50); // warm-up: scripts loaded, JIT
    result.redis = await perCall(store, smoke ? 200 : 5_000);
  } finally {
    redis.destroy();
    server.kill("SIGTERM");
    await new Promise((resolve) => server.once("exit", resolve));
    rmSync(dir, { recursive: true, force: true });
  }
  return result;
}

async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

let result;
try {
  result = await benchClient();
  if (!result.error) {
    try {
      result.store = await benchStore();
    } catch (error) {
      result.store = {
        error: `${error?.name ?? "Error"}: ${error?.message ?? error}`,
      };
    }
  }
} catch (error) {
  result = { error: `${error?.name ?? "Error"}: ${error?.message ?? error}` };
}
process.stdout.write(`${JSON.stringify(result)}\n`);
