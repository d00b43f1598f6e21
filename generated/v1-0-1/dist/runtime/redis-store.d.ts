// Copied by remitgen from its runtime (src/runtime/redis-store.ts). DO NOT EDIT.

import type { ClientStore } from "./store.js";
export type { ClientStore } from "./store.js";
/**
 * The part of a node-redis v5 client this store uses: a client from the
 * `redis` package's `createClient` fits it (a `createCluster` client does
 * not: its `sendCommand` takes a routing key first).
 */
export interface RedisCommands {
  sendCommand(args: string[]): Promise<unknown>;
}
/** Settings of {@link createRedisStore}. */
export interface RedisStoreOptions {
  /**
   * Put before every key this store writes, e.g. `"payments:"`. Default
   * `"remitgen:"`. Give each application (or environment) its own.
   */
  prefix?: string | undefined;
  /**
   * The longest a command may take before the store counts as unavailable,
   * in ms. Default 1000 ({@link REDIS_COMMAND_TIMEOUT_MS}).
   */
  timeoutMs?: number | undefined;
}
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
export declare function createRedisStore(
  client: RedisCommands,
  options?: RedisStoreOptions,
): ClientStore;
