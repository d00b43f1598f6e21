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

/** A value now, or a promise of it. */
export type MaybePromise<T> = T | Promise<T>;

/**
 * What {@link ClientStore.takeSlot} answers: the slot taken (its id, to
 * settle or free it), or how long until one may be free.
 */
export type SlotTake =
  | { readonly slot: string; readonly retryInMs?: undefined }
  | {
      readonly slot?: undefined;
      /**
       * The soonest a slot can be free, in ms: exact for a call that has
       * settled, a lower bound (one window) for a call still in flight.
       */
      readonly retryInMs: number;
    };

/** A token as a store keeps it. */
export interface StoredToken {
  /** The access token. */
  readonly token: string;
  /** How long it stays valid from now, in ms (`Infinity`: until the server refuses it). */
  readonly validMs: number;
  /** Its whole lifetime as issued, in ms (`Infinity` when unknown). */
  readonly lifetimeMs: number;
}

/**
 * A client's shared state. Keys name one plan's window or one set of
 * credentials' token; a store may add its own prefix.
 *
 * The window follows one rule: a call holds its slot from the moment it is
 * let through until one window after it settles (answered, or failed once
 * it may have left), and counts as "now" while in flight. So however long
 * a request takes to arrive, no window at the server holds more arrivals than
 * the limit. A call in flight holds its slot until `leaseMs` from its start
 * at most, then counts as settled then: a client that died mid-call does
 * not hold a slot for ever.
 */
export interface ClientStore {
  /** Names the store in errors, e.g. `"redis store"`. */
  readonly name: string;
  /**
   * What clients sharing the store do over the methods below: take turns
   * in one window, and share one token ({@link storeSharing}). The store
   * brings it, so that a client given no store does not carry it.
   */
  readonly sharing: typeof storeSharing;
  /**
   * For a store other clients share: the longest a waiting call sleeps
   * before it asks again, in ms, as a slot they free is not announced.
   */
  readonly pollMs?: number | undefined;
  /**
   * Takes a slot of `key`'s window if fewer than `limit` are held and the
   * window is not paused.
   */
  takeSlot(
    key: string,
    limit: number,
    windowMs: number,
    leaseMs: number,
  ): MaybePromise<SlotTake>;
  /** The slot's call has settled: it is held one window from now. */
  settleSlot(key: string, slot: string): MaybePromise<void>;
  /** The slot's call was never sent: the slot is free at once. */
  freeSlot(key: string, slot: string): MaybePromise<void>;
  /** Lets no slot be taken for `ms` from now (a 429's `Retry-After`). */
  pauseWindow(key: string, ms: number): MaybePromise<void>;

  /** The token kept under `key`, if any is still valid. */
  getToken(key: string): MaybePromise<StoredToken | undefined>;
  /**
   * Keeps `token` under `key` for its `validMs`, if `fence` still holds the
   * key's lock (a fetch whose lock ran out must not overwrite a newer
   * token). Answers whether it was kept.
   */
  setToken(
    key: string,
    token: StoredToken,
    fence: number,
  ): MaybePromise<boolean>;
  /** Forgets the token under `key` if it is still `token` (the server refused it). */
  dropToken(key: string, token: string): MaybePromise<void>;
  /**
   * Takes the lock of `key`'s token fetch for `ttlMs`, answering its fence
   * (a number larger than any given before), or `undefined` while another
   * holds it.
   */
  lockToken(key: string, ttlMs: number): MaybePromise<number | undefined>;
  /** Gives the lock back, if `fence` still holds it. */
  unlockToken(key: string, fence: number): MaybePromise<void>;
}

/** One window's state in memory. */
interface MemoryWindow {
  /** Slot id -> lease end, of calls in flight. */
  readonly inFlight: Map<string, number>;
  /** Settle times of the calls that settled within the last window, in order. */
  readonly settled: number[];
  pausedUntil: number;
}

/** Inserts `time` into the sorted `times`: at the end, unless the clock went back. */
function insertSorted(times: number[], time: number): void {
  let at = times.length;
  while (at > 0 && times[at - 1]! > time) at--;
  times.splice(at, 0, time);
}

/**
 * The rate-limit half of a {@link ClientStore}: all a limiter asks of its
 * store.
 */
export type WindowStore = Pick<
  ClientStore,
  "name" | "pollMs" | "takeSlot" | "settleSlot" | "freeSlot" | "pauseWindow"
>;

/** The token half of a {@link ClientStore}: all a token source asks of its store. */
export type TokenStore = Omit<ClientStore, keyof WindowStore | "sharing">;

/**
 * Creates a store that keeps everything in this process. Share one between
 * clients of the same plan in one process to have them keep the plan and
 * the token together. (A client given none keeps its window in a
 * {@link createMemoryWindows} of its own, and its token itself.)
 *
 * @param now - Epoch milliseconds; the client's clock in tests.
 */
export function createMemoryStore(now: () => number = Date.now): ClientStore {
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
export function createMemoryWindows(now: () => number = Date.now): WindowStore {
  const windows = new Map<string, MemoryWindow>();
  let slotIds = 0;

  const windowOf = (key: string): MemoryWindow => {
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
      while (settled[0]! <= time - windowMs) settled.shift();
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
function createMemoryTokens(now: () => number): TokenStore {
  const tokens = new Map<string, { token: StoredToken; expiresAt: number }>();
  const locks = new Map<string, { fence: number; expiresAt: number }>();
  let fences = 0;

  const heldLock = (key: string): { fence: number } | undefined => {
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
