// Copied by remitgen from its runtime (src/runtime/redis-store.ts). DO NOT EDIT.

/**
 * A {@link ClientStore} in Redis, so that every instance of a service keeps
 * one plan and one token together: the package's `./redis` entry. It takes
 * a connected node-redis v5 client (the `redis` package, an optional peer
 * dependency: nothing else of the package needs it) and works through Lua
 * scripts, so instances cannot race between a read and a write.
 *
 * @example
 * ```ts
 * import { createClient as createRedisClient } from "redis";
 * import { createRedisStore } from "<package>/redis";
 *
 * const redis = await createRedisClient({ url: process.env.REDIS_URL }).connect();
 * const client = createClient({ ...options, store: createRedisStore(redis, { prefix: "payments:" }) });
 * ```
 *
 * @packageDocumentation
 */
import { REDIS_COMMAND_TIMEOUT_MS, REDIS_POLL_MS } from "./defaults.js";
import { ConfigError } from "./errors.js";
import { storeSharing } from "./store-sharing.js";
/** Redis's own clock, in epoch ms: every instance counts by the same one. */
const NOW = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
`;
/**
 * KEYS: window, pause, slot counter. ARGV: limit, window ms, lease ms.
 * A slot's score is the end of its lease while in flight, its settle time
 * once settled; it leaves the window one window after its score.
 * Answers {1, slot} or {0, ms until a slot may be free}.
 */
const TAKE_SLOT = `${NOW}
local limit, window, lease = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local paused = redis.call('PTTL', KEYS[2])
if paused > 0 then return {0, paused} end
local held = redis.call('ZCARD', KEYS[1])
if held < limit then
  local slot = tostring(redis.call('INCR', KEYS[3]))
  redis.call('ZADD', KEYS[1], now + lease, slot)
  redis.call('PEXPIRE', KEYS[1], lease + window)
  return {1, slot}
end
local leaving = tonumber(redis.call('ZRANGE', KEYS[1], held - limit, held - limit, 'WITHSCORES')[2])
return {0, math.min(leaving, now) + window - now}
`;
/** KEYS: window. ARGV: slot. Its score becomes now, if it is still there. */
const SETTLE_SLOT = `${NOW}
redis.call('ZADD', KEYS[1], 'XX', now, ARGV[1])
return 1
`;
/** KEYS: pause. ARGV: ms. Lengthens the pause, never shortens it. */
const PAUSE = `
local ms = tonumber(ARGV[1])
if redis.call('PTTL', KEYS[1]) < ms then redis.call('SET', KEYS[1], '1', 'PX', ms) end
return 1
`;
/** KEYS: token. Answers {value, ms left (-1: no expiry)}, or nil. */
const GET_TOKEN = `
local value = redis.call('GET', KEYS[1])
if not value then return nil end
return {value, redis.call('PTTL', KEYS[1])}
`;
/** KEYS: token, lock. ARGV: fence, value, ms (0: no expiry). Kept only while the fence holds the lock. */
const SET_TOKEN = `
if redis.call('GET', KEYS[2]) ~= ARGV[1] then return 0 end
if tonumber(ARGV[3]) > 0 then
  redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3])
else
  redis.call('SET', KEYS[1], ARGV[2])
end
return 1
`;
/** KEYS: token. ARGV: token. Deletes it only if it is still that token. */
const DROP_TOKEN = `
local value = redis.call('GET', KEYS[1])
if value and cjson.decode(value).token == ARGV[1] then redis.call('DEL', KEYS[1]) end
return 1
`;
/** KEYS: lock, fence counter. ARGV: ms. Answers the new fence, or nil if held. */
const LOCK = `
if redis.call('EXISTS', KEYS[1]) == 1 then return nil end
local fence = redis.call('INCR', KEYS[2])
redis.call('SET', KEYS[1], fence, 'PX', ARGV[1])
return fence
`;
/** KEYS: lock. ARGV: fence. Deletes the lock only if the fence still holds it. */
const UNLOCK = `
if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1]) end
return 1
`;
/**
 * Creates a store in Redis (5 or later). Keys: for each plan's window a
 * sorted set of slots, with a pause key and a slot counter; for each set
 * of credentials the token (kept only while valid: it expires with the
 * token), its fetch lock and a fence counter. Every key starts with
 * `prefix`; the part after it is in braces (a Redis Cluster hash tag), so
 * each script's keys would share one slot.
 *
 * A waiting call asks again at least every 1000 ({@link REDIS_POLL_MS}) ms,
 * to see slots other instances gave back.
 *
 * A command that fails or takes longer than `timeoutMs` makes the store
 * unavailable for that call: a rate-limited call then waits (or, in
 * `"reject"` mode, fails with `StoreError`) and is not sent, and a token is
 * fetched by the client alone. Nothing is sent over the limit meanwhile.
 *
 * @param client - A connected node-redis v5 client.
 * @param options - Key prefix and command time-out.
 */
export function createRedisStore(client, options = {}) {
  if (typeof client?.sendCommand !== "function") {
    throw new ConfigError("createRedisStore needs a node-redis v5 client");
  }
  const prefix = options.prefix ?? "remitgen:";
  const timeoutMs = options.timeoutMs ?? REDIS_COMMAND_TIMEOUT_MS;
  if (!(timeoutMs > 0)) throw new ConfigError("timeoutMs is out of range");
  /** Script text -> its SHA1 on the server, once loaded. */
  const loaded = new Map();
  /** A client key, braced for Redis Cluster (braces inside it escaped). */
  const keyOf = (key, part = "") =>
    `${prefix}{${key.replace(/[{}%]/g, encodeURIComponent)}}${part}`;
  /**
   * Sends a command, failing it after `timeoutMs`. A command that timed
   * out may still run later: `late` receives its answer then.
   */
  const send = async (args, late) => {
    let timer;
    let timedOut = false;
    const reply = client.sendCommand(args);
    reply.then(
      (value) => timedOut && late?.(value),
      () => undefined,
    );
    try {
      return await Promise.race([
        reply,
        new Promise((_, reject) => {
          timer = setTimeout(() => {
            timedOut = true;
            reject(new Error(`Redis did not answer in ${timeoutMs} ms`));
          }, timeoutMs);
        }),
      ]);
    } finally {
      clearTimeout(timer);
    }
  };
  /** Runs a script by its SHA1, loading it first (again after a restart of Redis). */
  const run = async (script, keys, args, late) => {
    const tail = [String(keys.length), ...keys, ...args.map(String)];
    const sha = loaded.get(script);
    if (sha !== undefined) {
      try {
        return await send(["EVALSHA", sha, ...tail], late);
      } catch (error) {
        if (!/NOSCRIPT/.test(String(error))) throw error;
      }
    }
    loaded.set(script, String(await send(["SCRIPT", "LOAD", script])));
    return send(["EVALSHA", loaded.get(script), ...tail], late);
  };
  return {
    name: "redis store",
    sharing: storeSharing,
    pollMs: REDIS_POLL_MS,
    async takeSlot(key, limit, windowMs, leaseMs) {
      const window = keyOf(key);
      const [granted, value] = await run(
        TAKE_SLOT,
        [window, keyOf(key, ":pause"), keyOf(key, ":seq")],
        [limit, Math.ceil(windowMs), Math.ceil(leaseMs)],
        // A slot given after the client stopped waiting is given back.
        (reply) => {
          const [lateGranted, slot] = reply;
          if (lateGranted === 1) {
            send(["ZREM", window, String(slot)]).catch(() => undefined);
          }
        },
      );
      return granted === 1
        ? { slot: String(value) }
        : { retryInMs: Number(value) };
    },
    async settleSlot(key, slot) {
      await run(SETTLE_SLOT, [keyOf(key)], [slot]);
    },
    async freeSlot(key, slot) {
      await send(["ZREM", keyOf(key), slot]);
    },
    async pauseWindow(key, ms) {
      await run(PAUSE, [keyOf(key, ":pause")], [Math.ceil(ms)]);
    },
    async getToken(key) {
      const reply = await run(GET_TOKEN, [keyOf(key)], []);
      if (reply === null) return undefined;
      const [value, left] = reply;
      const { token, lifetimeMs } = JSON.parse(value);
      return {
        token,
        validMs: left < 0 ? Infinity : left,
        // JSON has no Infinity: an unknown lifetime is kept as null.
        lifetimeMs: lifetimeMs ?? Infinity,
      };
    },
    async setToken(key, token, fence) {
      // A token good for one call only is not worth sharing.
      if (!(token.validMs > 0)) return false;
      const value = JSON.stringify({
        token: token.token,
        lifetimeMs: Number.isFinite(token.lifetimeMs) ? token.lifetimeMs : null,
      });
      // Kept as long as it is valid; one without an expiry (0), until refused.
      const ms = Number.isFinite(token.validMs)
        ? Math.max(1, Math.floor(token.validMs))
        : 0;
      const kept = await run(
        SET_TOKEN,
        [keyOf(key), keyOf(key, ":lock")],
        [fence, value, ms],
      );
      return kept === 1;
    },
    async dropToken(key, token) {
      await run(DROP_TOKEN, [keyOf(key)], [token]);
    },
    async lockToken(key, ttlMs) {
      const fence = await run(
        LOCK,
        [keyOf(key, ":lock"), keyOf(key, ":fence")],
        [Math.ceil(ttlMs)],
      );
      return fence === null ? undefined : Number(fence);
    },
    async unlockToken(key, fence) {
      await run(UNLOCK, [keyOf(key, ":lock")], [fence]);
    },
  };
}
