/**
 * The Redis store against a real redis-server: limiters and token sources
 * in separate clients sharing one plan and one token, Redis stopped and
 * restarted mid-run, and a slow Redis (behind a delaying proxy).
 */
import { createClient as createRedisClient } from "redis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTokenSource } from "../../src/runtime/auth.js";
import { REDIS_COMMAND_TIMEOUT_MS } from "../../src/runtime/defaults.js";
import { RateLimitError, StoreError } from "../../src/runtime/errors.js";
import {
  createLimiter,
  systemClock,
  type Permit,
} from "../../src/runtime/limiter.js";
import { createRedisStore } from "../../src/runtime/redis-store.js";
import {
  READ,
  SECRET,
  tokenContext,
  client,
  closeAll,
  expectNoSecrets,
  rejection,
  startBank,
  type Bank,
} from "./helpers/server.js";
import {
  holdsSecret,
  planPerCredential,
} from "./helpers/plan-per-credential.js";
import { startRedisServer, type RedisServer } from "./helpers/redis-server.js";
import { startSlowProxy, type SlowProxy } from "./helpers/slow-proxy.js";

type Redis = ReturnType<typeof createRedisClient>;

let redis: RedisServer;
const connections: Redis[] = [];
const proxies: SlowProxy[] = [];

beforeAll(async () => {
  redis = await startRedisServer();
});
afterAll(async () => {
  for (const connection of connections) connection.destroy();
  await Promise.all(proxies.map((proxy) => proxy.close()));
  await closeAll();
  await redis?.close();
});

/** A connected node-redis client that keeps trying to reconnect quietly. */
async function connectRedis(port = redis.port): Promise<Redis> {
  const connection = createRedisClient({
    socket: {
      host: "127.0.0.1",
      port,
      reconnectStrategy: () => 50,
    },
  });
  connection.on("error", () => undefined);
  connections.push(connection);
  await connection.connect();
  return connection;
}

let prefixes = 0;
/** A prefix of this test's own, so tests do not share keys. */
const freshPrefix = (): string => `test${++prefixes}:`;

describe("createRedisStore", () => {
  it("limiters in different clients of one Redis keep one limit together", async () => {
    const prefix = freshPrefix();
    const [first, second] = [
      createRedisStore(await connectRedis(), { prefix }),
      createRedisStore(await connectRedis(), { prefix }),
    ].map((store) =>
      createLimiter(3, 60_000, "reject", systemClock, { store, key: "plan" }),
    );
    const permits: Permit[] = [];
    permits.push(await first!.acquire());
    permits.push(await second!.acquire());
    permits.push(await first!.acquire());
    const refused = await rejection(Promise.resolve(second!.acquire()));
    expect(refused).toBeInstanceOf(RateLimitError);
    // In flight: free one window after they settle at the soonest.
    expect((refused as RateLimitError).retryAfterMs).toBeGreaterThan(59_000);
    // A call never sent frees its slot at once, for every client.
    permits[0]!.release();
    await new Promise((resolve) => setTimeout(resolve, 50));
    await expect(Promise.resolve(second!.acquire())).resolves.toBeDefined();
  });

  it("keeps a window per API key and per static token, under keys holding no secret", async () => {
    const prefix = freshPrefix();
    const connection = await connectRedis();
    const keys = await planPerCredential(
      createRedisStore(connection, { prefix }),
    );
    expect(new Set(keys).size).toBe(4);
    const stored = await connection.keys(`${prefix}*`);
    expect(stored.length).toBeGreaterThanOrEqual(4);
    expect(stored.filter(holdsSecret)).toEqual([]);
  });

  it("settled slots leave the window one window after they settle, as the bank counts", async () => {
    const prefix = freshPrefix();
    const store = createRedisStore(await connectRedis(), { prefix });
    const limiter = createLimiter(2, 400, "wait", systemClock, {
      store,
      key: "plan",
    });
    const started = Date.now();
    const grants: number[] = [];
    await Promise.all(
      [1, 2, 3, 4].map(async () => {
        const permit = await limiter.acquire();
        grants.push(Date.now() - started);
        permit.settle();
      }),
    );
    grants.sort((a, b) => a - b);
    expect(grants[2]! - grants[0]!).toBeGreaterThanOrEqual(400);
    expect(grants[3]! - grants[1]!).toBeGreaterThanOrEqual(400);
  });

  it("token sources sharing Redis make one token request, keep it only while valid under the prefix, and refresh once after a 401", async () => {
    const prefix = freshPrefix();
    let requests = 0;
    const fetchToken = (async () => {
      requests++;
      await new Promise((resolve) => setTimeout(resolve, 50));
      return new Response(
        JSON.stringify({ access_token: `token-${requests}`, expires_in: 600 }),
      );
    }) as typeof fetch;
    const connection = await connectRedis();
    const sources = [1, 2, 3].map(() =>
      createTokenSource(
        {
          authUrl: "https://auth.example",
          clientId: "client",
          clientSecret: SECRET,
          store: createRedisStore(connection, { prefix }),
        },
        "/oauth2/token",
        tokenContext(fetchToken),
      ),
    );
    const first = await Promise.all(sources.map((source) => source()));
    expect(first).toEqual(["token-1", "token-1", "token-1"]);
    expect(requests).toBe(1);

    const keys = await connection.keys("*");
    const tokenKeys = keys.filter((key) => key.startsWith(`${prefix}{token`));
    expect(tokenKeys.length).toBeGreaterThan(0);
    expect(
      keys
        .filter((key) => key.includes("token "))
        .every((key) => key.startsWith(prefix)),
    ).toBe(true);
    const tokenKey = tokenKeys.find((key) => !key.includes("}:"))!;
    const ttl = await connection.pTTL(tokenKey);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(600_000);
    // The secret is never kept.
    for (const key of keys) {
      if ((await connection.type(key)) !== "string") continue;
      expect(String(await connection.get(key))).not.toContain(SECRET);
    }

    // Every instance is answered 401 to token-1: one new token for all.
    const second = await Promise.all(
      sources.map((source) => source("token-1")),
    );
    expect(second).toEqual(["token-2", "token-2", "token-2"]);
    expect(requests).toBe(2);
  });

  it("Redis stopped mid-run: no call is sent, a rejecting call fails naming the store, a waiting one waits, and both recover", async () => {
    const bank: Bank = await startBank();
    const store = createRedisStore(await connectRedis(), {
      prefix: freshPrefix(),
    });
    const plan = { limit: 5, intervalMs: 60_000 };
    const rejecting = client(bank, {
      store,
      rateLimit: { ...plan, mode: "reject" },
    });
    const waiting = client(bank, { store, rateLimit: plan });
    await rejecting.call(READ, {});
    expect(bank.calls(READ.path)).toBe(1);

    await redis.stop();
    const error = await rejection(rejecting.call(READ, {}));
    expect(error).toBeInstanceOf(StoreError);
    expect((error as StoreError).message).toMatch(/redis store/);
    expectNoSecrets(error, [SECRET]);
    let settled = false;
    const held = waiting.call(READ, {}).finally(() => (settled = true));
    await new Promise((resolve) =>
      setTimeout(resolve, 3 * REDIS_COMMAND_TIMEOUT_MS),
    );
    expect(settled).toBe(false);
    expect(bank.calls(READ.path)).toBe(1);

    await redis.start();
    await expect(held).resolves.toBeDefined();
    await expect(rejecting.call(READ, {})).resolves.toBeDefined();
    expect(bank.calls(READ.path)).toBe(3);
  }, 30_000);

  it("a slow Redis: no call is sent until it answers in time again", async () => {
    const proxy = await startSlowProxy(redis.port);
    proxies.push(proxy);
    const bank: Bank = await startBank();
    const store = createRedisStore(await connectRedis(proxy.port), {
      prefix: freshPrefix(),
    });
    const plan = { limit: 5, intervalMs: 60_000 };
    const rejecting = client(bank, {
      store,
      rateLimit: { ...plan, mode: "reject" },
    });
    const waiting = client(bank, { store, rateLimit: plan });
    await waiting.call(READ, {});

    proxy.chunkDelayMs = REDIS_COMMAND_TIMEOUT_MS + 200;
    const error = await rejection(rejecting.call(READ, {}));
    expect(error).toBeInstanceOf(StoreError);
    let settled = false;
    const held = waiting.call(READ, {}).finally(() => (settled = true));
    await new Promise((resolve) =>
      setTimeout(resolve, 3 * REDIS_COMMAND_TIMEOUT_MS),
    );
    expect(settled).toBe(false);
    expect(bank.calls(READ.path)).toBe(1);

    proxy.chunkDelayMs = 0;
    await expect(held).resolves.toBeDefined();
    expect(bank.calls(READ.path)).toBe(2);
  }, 30_000);
});
