// Copied by remitgen from its runtime (src/runtime/store.ts). DO NOT EDIT.

/**
 * Where a client keeps what several clients may share: the rate-limit
 * window, the access token, and the lock that lets one token request serve
 * every call. The default, {@link createMemoryStore}, keeps them in this
 * process; the package's `./redis` entry shares them between processes and
 * machines.
 *
 * Each method may answer at once or with a promise: the in-memory store
 * answers at once, so a call costs no extra turn of the event loop.
 *
 * @packageDocumentation
 */
import { storeSharing } from "./store-sharing.js";
/** Inserts `time` into the sorted `times`: at the end, unless the clock went back. */
function insertSorted(times, time) {
  let at = times.length;
  while (at > 0 && times[at - 1] > time) at--;
  times.splice(at, 0, time);
}
/**
 * Creates a store that keeps everything in this process. Share one between
 * clients of the same plan in one process to have them keep the plan and
 * the token together. (A client given none keeps its window in a
 * {@link createMemoryWindows} of its own, and its token itself.)
 *
 * @param now - Epoch milliseconds; the client's clock in tests.
 */
export function createMemoryStore(now = Date.now) {
  return {
    ...createMemoryWindows(now),
    ...createMemoryTokens(now),
    sharing: storeSharing,
  };
}
/**
 * Rate-limit windows kept in this process: a limiter's default, and the
 * window half of {@link createMemoryStore}.
 *
 * @param now - Epoch milliseconds; the client's clock in tests.
 */
export function createMemoryWindows(now = Date.now) {
  const windows = new Map();
  let slotIds = 0;
  const windowOf = (key) => {
    let window = windows.get(key);
    if (!window) {
      window = { inFlight: new Map(), settled: [], pausedUntil: 0 };
      windows.set(key, window);
    }
    return window;
  };
  return {
    name: "memory store",
    takeSlot(key, limit, windowMs, leaseMs) {
      const time = now();
      const { inFlight, settled, pausedUntil } = windowOf(key);
      while (settled[0] <= time - windowMs) settled.shift();
      if (inFlight.size + settled.length >= limit) {
        // A call whose lease ran out counts as settled then.
        for (const [slot, leaseEnd] of inFlight) {
          if (leaseEnd > time) continue;
          inFlight.delete(slot);
          if (leaseEnd > time - windowMs) insertSorted(settled, leaseEnd);
        }
      }
      if (time < pausedUntil) return { retryInMs: pausedUntil - time };
      const held = inFlight.size + settled.length;
      if (held < limit) {
        const slot = String(++slotIds);
        inFlight.set(slot, time + leaseMs);
        return { slot };
      }
      // Free once all but limit - 1 have left the window: the settled in
      // the order they leave it, then those in flight, which leave it one
      // window from now at the soonest.
      const leaving = settled[held - limit];
      return { retryInMs: (leaving ?? time) + windowMs - time };
    },
    settleSlot(key, slot) {
      const window = windows.get(key);
      if (window?.inFlight.delete(slot)) insertSorted(window.settled, now());
    },
    freeSlot(key, slot) {
      windows.get(key)?.inFlight.delete(slot);
    },
    pauseWindow(key, ms) {
      const window = windowOf(key);
      window.pausedUntil = Math.max(window.pausedUntil, now() + ms);
    },
  };
}
/** Tokens and their fetch locks kept in this process: the token half of {@link createMemoryStore}. */
function createMemoryTokens(now) {
  const tokens = new Map();
  const locks = new Map();
  let fences = 0;
  const heldLock = (key) => {
    const lock = locks.get(key);
    return lock && lock.expiresAt > now() ? lock : undefined;
  };
  return {
    getToken(key) {
      const kept = tokens.get(key);
      const validMs = kept ? kept.expiresAt - now() : 0;
      if (!kept || validMs <= 0) return undefined;
      return { ...kept.token, validMs };
    },
    setToken(key, token, fence) {
      if (heldLock(key)?.fence !== fence) return false;
      if (token.validMs > 0) {
        tokens.set(key, { token, expiresAt: now() + token.validMs });
      }
      return true;
    },
    dropToken(key, token) {
      if (tokens.get(key)?.token.token === token) tokens.delete(key);
    },
    lockToken(key, ttlMs) {
      if (heldLock(key)) return undefined;
      const fence = ++fences;
      locks.set(key, { fence, expiresAt: now() + ttlMs });
      return fence;
    },
    unlockToken(key, fence) {
      if (locks.get(key)?.fence === fence) locks.delete(key);
    },
  };
}
