// Copied by remitgen from its runtime (src/runtime/store-sharing.ts). DO NOT EDIT.

/**
 * What clients sharing a store do over its methods: take turns in one
 * rate-limit window, and share one access token and one request for it.
 * A store brings these ({@link ClientStore.sharing}), so a client given no
 * store keeps its window and token itself without them, and a bundle of
 * it stays small.
 *
 * @packageDocumentation
 */
import {
  STORE_LEASE_GRACE_MS,
  STORE_RETRY_MAX_MS,
  STORE_RETRY_MIN_MS,
  STORE_SLOW_MS,
  TOKEN_LOCK_POLL_MS,
} from "./defaults.js";
import { StoreError } from "./errors.js";
import { hashString } from "./mock/sample.js";
/** What `createMemoryStore` and `createRedisStore` bring as {@link ClientStore.sharing}. */
export const storeSharing = {
  window: storeWindow,
  token: sharedToken,
  digest: credentialDigest,
};
/**
 * A fixed secret (an API key, a static token) as 16 hex digits, to tell
 * in a store's keys whose plan a window counts without holding the secret:
 * 64 bits of a key of more say nothing usable of it. The mocks' FNV-1a,
 * forwards and backwards; not a cryptographic hash, and not needed to be one.
 */
export function credentialDigest(secret) {
  const hex = (text) => hashString(text).toString(16).padStart(8, "0");
  return hex(secret) + hex([...secret].reverse().join(""));
}
/** Lets a store's failure go: a slot's call is settled or freed either way (see `Permit`). */
function ignoreFailure(method) {
  try {
    const result = method();
    if (result instanceof Promise) result.catch(() => undefined);
  } catch {
    // as a rejection
  }
}
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
export function storeWindow(store, clock) {
  /** The store's failures in a row, for the wait before asking again. */
  let failures = 0;
  /** The store could not answer, `took` ms after it was asked. */
  const failed = (operation, took, error) => {
    failures++;
    const waitMs =
      took +
      Math.min(STORE_RETRY_MIN_MS * 2 ** (failures - 1), STORE_RETRY_MAX_MS);
    return {
      retryInMs: waitMs,
      waitMs,
      failure: new StoreError(operation, store.name, { cause: error }),
    };
  };
  return {
    takeSlot(key, limit, windowMs, leaseMs, operation) {
      const asked = clock.now();
      const answer = (taken) => {
        failures = 0;
        const took = clock.now() - asked;
        if (taken.slot === undefined) {
          // Slots other clients free are seen only by asking again.
          return {
            retryInMs: taken.retryInMs,
            waitMs: Math.min(
              taken.retryInMs,
              took + (store.pollMs ?? Infinity),
            ),
          };
        }
        if (took <= STORE_SLOW_MS) return taken;
        // Too late for the slot's lease to cover the call from its count:
        // given back, and asked for again at once.
        ignoreFailure(() => store.freeSlot(key, taken.slot));
        return {
          retryInMs: took,
          waitMs: took,
          failure: new StoreError(operation, store.name),
        };
      };
      let taken;
      try {
        taken = store.takeSlot(key, limit, windowMs, leaseMs);
      } catch (error) {
        return failed(operation, 0, error);
      }
      if (!(taken instanceof Promise)) return answer(taken);
      return taken.then(answer, (error) =>
        failed(operation, clock.now() - asked, error),
      );
    },
    settleSlot: (key, slot) => ignoreFailure(() => store.settleSlot(key, slot)),
    freeSlot: (key, slot) => ignoreFailure(() => store.freeSlot(key, slot)),
    pauseWindow: (key, ms) => ignoreFailure(() => store.pauseWindow(key, ms)),
  };
}
/** A store's failure, told apart from the token request's own. */
class StoreFailure {
  error;
  constructor(error) {
    this.error = error;
  }
}
/** Runs a store method, wrapping what it throws (or rejects with) in {@link StoreFailure}. */
async function fromStore(method) {
  try {
    return await method();
  } catch (error) {
    throw new StoreFailure(error);
  }
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
export async function sharedToken(options, stale) {
  const { store, key, request, marginOf, clock } = options;
  const lockTtl = options.timeoutMs + STORE_LEASE_GRACE_MS;
  /**
   * A stored token fit to use: not the refused one, still valid, and if
   * `fresh`, not yet due for renewal.
   */
  const usable = (kept, fresh) =>
    kept !== undefined &&
    kept.token !== stale &&
    kept.validMs > (fresh ? marginOf(kept) : 0);
  try {
    if (stale !== undefined) {
      await fromStore(() => store.dropToken(key, stale));
    }
    for (const giveUpAt = clock.now() + lockTtl; ;) {
      const kept = await fromStore(() => store.getToken(key));
      if (usable(kept, true)) return kept;
      const fence = await fromStore(() => store.lockToken(key, lockTtl));
      if (fence !== undefined) {
        try {
          // Another may have stored one between the look and the lock.
          const again = await fromStore(() => store.getToken(key));
          if (usable(again, true)) return again;
          const fresh = await request();
          await fromStore(() => store.setToken(key, fresh, fence));
          return fresh;
        } finally {
          // Not awaited: a lock left behind runs out by itself.
          fromStore(() => store.unlockToken(key, fence)).catch(() => undefined);
        }
      }
      // Another client is fetching: a token still valid serves meanwhile.
      if (usable(kept, false)) return kept;
      if (clock.now() >= giveUpAt) break;
      await clock.sleep(TOKEN_LOCK_POLL_MS);
    }
  } catch (error) {
    if (!(error instanceof StoreFailure)) throw error;
  }
  // The store failed, or its lock holder never delivered: this client
  // fetches a token of its own.
  return request();
}
