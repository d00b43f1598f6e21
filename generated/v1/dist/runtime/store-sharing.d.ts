// Copied by remitgen from its runtime (src/runtime/store-sharing.ts). DO NOT EDIT.

import type { Clock, SlotWindow } from "./limiter.js";
import type { StoredToken, TokenStore, WindowStore } from "./store.js";
/** What `createMemoryStore` and `createRedisStore` bring as {@link ClientStore.sharing}. */
export declare const storeSharing: {
  readonly window: typeof storeWindow;
  readonly token: typeof sharedToken;
  readonly digest: typeof credentialDigest;
};
/**
 * A fixed secret (an API key, a static token) as 16 hex digits, to tell
 * in a store's keys whose plan a window counts without holding the secret:
 * 64 bits of a key of more say nothing usable of it. The mocks' FNV-1a,
 * forwards and backwards; not a cryptographic hash, and not needed to be one.
 */
export declare function credentialDigest(secret: string): string;
/**
 * A store's windows, as a limiter counts in them. A store that fails is
 * asked again after 100 ({@link STORE_RETRY_MIN_MS}) ms, then twice as
 * long each time up to 2000 ({@link STORE_RETRY_MAX_MS}) ms; a slot it
 * gives out more than 2500 ({@link STORE_SLOW_MS}) ms after it was asked
 * for is given back (its count may predate the call by more than its lease
 * allows) and asked for again. Either way the answer holds a
 * {@link StoreError} for a limiter that refuses rather than waits. Only
 * the first waiter of a limiter asks the store, so its failures in a row
 * are counted here.
 *
 * @param store - The client's store.
 * @param clock - The limiter's clock.
 */
export declare function storeWindow(
  store: WindowStore,
  clock: Clock,
): SlotWindow;
/** What {@link sharedToken} needs of its token source. */
export interface SharedTokenOptions {
  readonly store: TokenStore;
  /** The token's key in the store. */
  readonly key: string;
  /** Asks the token endpoint for a token. */
  readonly request: () => Promise<StoredToken>;
  /** How long before its expiry a token is renewed. */
  readonly marginOf: (token: StoredToken) => number;
  /** Timeout of one token request, in milliseconds. */
  readonly timeoutMs: number;
  /** The client's time source and sleeper. */
  readonly clock: Clock;
}
/**
 * A token from the store, or fetched under its lock (then kept there);
 * while another client holds the lock, its token is waited for (up to its
 * request's time-out plus 5000 ({@link STORE_LEASE_GRACE_MS}) ms, looking
 * every 50 ({@link TOKEN_LOCK_POLL_MS}) ms), and a still valid one serves
 * meanwhile. `stale`, the token the server refused, is dropped from the
 * store only if it is still the one there, so one refresh serves every
 * client. A store that fails is passed by: the token is then fetched and
 * kept by this client alone.
 *
 * @param options - The store, the key and the source's request and timing.
 * @param stale - The token the server just refused, if any.
 */
export declare function sharedToken(
  options: SharedTokenOptions,
  stale: string | undefined,
): Promise<StoredToken>;
