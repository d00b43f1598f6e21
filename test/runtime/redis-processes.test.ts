/**
 * Several processes, each a service instance running the generated v3
 * client with one Redis store, against one mock server that counts the
 * plan as the bank does, on arrival: together they keep one plan and make
 * one token request.
 */
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  startMockServer,
  type MockServer,
} from "../../src/mock-server/server.js";
import type { MockApi } from "../../src/runtime/mock/engine.js";
import { startRedisServer, type RedisServer } from "./helpers/redis-server.js";

const run = promisify(execFile);
const packageDir = fileURLToPath(
  new URL("../../generated/v3", import.meta.url),
);
const child = fileURLToPath(
  new URL("./helpers/redis-child.mjs", import.meta.url),
);

let redis: RedisServer;
let mock: MockServer;
const limit = 4;
const intervalMs = 500;

beforeAll(async () => {
  redis = await startRedisServer();
  const { mockApi } = (await import(`${packageDir}/dist/mock-api.js`)) as {
    mockApi: MockApi;
  };
  mock = await startMockServer(mockApi, {
    port: 0,
    mock: { rateLimit: { limit, intervalMs } },
  });
});
afterAll(async () => {
  await mock?.close();
  await redis?.close();
});

it("three processes sharing one Redis keep one plan (no 429 from the mock) and make one token request", async () => {
  const instances = 3;
  const callsEach = 4;
  const results = await Promise.all(
    Array.from({ length: instances }, () =>
      run(process.execPath, [
        child,
        packageDir,
        redis.url,
        mock.url,
        String(callsEach),
        String(limit),
        String(intervalMs),
        "processes:",
      ]),
    ),
  );
  const outcomes = results.flatMap(
    ({ stdout }) => JSON.parse(stdout) as string[],
  );
  expect(outcomes).toEqual(Array(instances * callsEach).fill("ok"));
  expect(mock.engine.tokenRequests).toBe(1);
  // The mock counted every arrival against the same limit and refused none.
  const arrivals = mock.engine.calls
    .map((call) => call.at)
    .sort((a, b) => a - b);
  expect(arrivals).toHaveLength(instances * callsEach);
  expect(mock.engine.calls.every((call) => call.status === 200)).toBe(true);
  for (let i = 0; i + limit < arrivals.length; i++) {
    expect(arrivals[i + limit]! - arrivals[i]!).toBeGreaterThanOrEqual(
      intervalMs,
    );
  }
}, 60_000);
