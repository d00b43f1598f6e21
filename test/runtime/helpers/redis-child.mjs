// A child process for test/runtime/redis-processes.test.ts: one instance of
// a service, running a generated client whose store is Redis, making calls
// to a mock server. Prints one line of JSON: each call's outcome.
//
// Usage: node redis-child.mjs <package dir> <redis url> <mock url> <calls> <limit> <intervalMs> <prefix>
import { createClient as createRedisClient } from "redis";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const [packageDir, redisUrl, mockUrl, calls, limit, intervalMs, prefix] =
  process.argv.slice(2);
const load = (path) => import(pathToFileURL(join(packageDir, path)).href);
const { createClient } = await load("dist/index.js");
const { createRedisStore } = await load("dist/runtime/redis-store.js");

const redis = createRedisClient({ url: redisUrl });
redis.on("error", () => undefined);
await redis.connect();
const client = createClient({
  baseUrl: mockUrl,
  authUrl: `${mockUrl}/auth`,
  clientId: "mock-client-id",
  clientSecret: "mock-client-secret",
  rateLimit: { limit: Number(limit), intervalMs: Number(intervalMs) },
  store: createRedisStore(redis, { prefix }),
});
const outcomes = await Promise.all(
  Array.from({ length: Number(calls) }, () =>
    client
      .getAcctTitle({
        accountNumber: "PK36SCBL0000001123456702",
        bankCode: "SCBL",
      })
      .then(
        () => "ok",
        (error) => error.code ?? String(error),
      ),
  ),
);
redis.destroy();
console.log(JSON.stringify(outcomes));
