// Copied by remitgen from its runtime (src/runtime/limiter.ts). DO NOT EDIT.

import { type ClientStore, type MaybePromise, type SlotTake } from "./store.js";
/** Time source and sleeper. Inject one in tests to avoid real waiting. */
export interface Clock {
  /** Current time in milliseconds since the epoch. */
  now(): number;
  /** Resolves after `ms`; rejects with `signal.reason` if the signal aborts first. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}
/**
 * Settles like `promise`, or rejects with `signal.reason` as soon as the
 * signal aborts. `cleanup` runs once either way.
 *
 * @param promise - The work to wait for (it is not cancelled).
 * @param signal - Optional abort signal.
 * @param cleanup - Runs as the returned promise settles, just before.
 */
export declare function abortable<T>(
  promise: Promise<T>,
  signal?: AbortSignal,
  cleanup?: () => void,
): Promise<T>;
/** The longest delay setTimeout holds (about 24.8 days); it fires a longer one at once. */
export declare const longestTimer: number;
/** The real clock: `Date.now` and `setTimeout`. */
export declare const systemClock: Clock;
/**
 * A call's place under the rate limit. Exactly one of its methods is called,
 * once the call's fate is known.
 */
export interface Permit {
  /**
   * The call was sent, and has now settled: answered, or failed after it
   * may have left. Its slot stays taken one window from now: the server may
   * have counted it as late as this.
   */
  settle(): void;
  /**
   * The call was never sent (no token could be had, the caller aborted
   * first, the connection was refused): its slot is free at once.
   */
  release(): void;
}
/** A client-side rate limiter. */
export interface Limiter {
  /**
   * Takes a slot for one call: a {@link Permit} at once when a slot is free
   * now and the store answers at once (no promise on the hot path);
   * otherwise, in `"wait"` mode, a promise of one that resolves when the
   * call's turn comes (rejecting if `signal` aborts), and in `"reject"`
   * mode throws (or rejects with) {@link RateLimitError} naming
   * `operation`, or a `StoreError` when a store cannot answer.
   *
   * @param leaseMs - The longest the call can be in flight (its time-out):
   * a slot never settled counts as settled then, plus a grace.
   */
  acquire(
    signal?: AbortSignal,
    operation?: string,
    leaseMs?: number,
  ): Permit | Promise<Permit>;
  /**
   * Sends nothing before `until` (epoch ms), e.g. after a 429 with
   * `Retry-After`; for at most one window from now, however far `until` is.
   */
  pause(until: number): void;
}
/** Where a limiter keeps its window: a client store and the window's key there. */
export interface LimiterWindow {
  readonly store: ClientStore;
  readonly key: string;
}
/**
 * A window's answer to a limiter: a {@link SlotTake}, and from a store,
 * how long a waiting call sleeps before it asks again and, when the store
 * could not give a slot, the error a refusing limiter throws. Times count
 * from the question.
 */
export type SlotAnswer = SlotTake & {
  readonly waitMs?: number | undefined;
  readonly failure?: Error | undefined;
};
/**
 * The window a limiter counts in: its own in memory (a `WindowStore`
 * that answers at once and never fails), or a store's, brought by the store
 * (see store-sharing.ts), which answers what its failures mean.
 */
export interface SlotWindow {
  takeSlot(
    key: string,
    limit: number,
    windowMs: number,
    leaseMs: number,
    operation: string,
  ): MaybePromise<SlotAnswer>;
  settleSlot(key: string, slot: string): void;
  freeSlot(key: string, slot: string): void;
  pauseWindow(key: string, ms: number): void;
}
/**
 * Creates a sliding-window limiter: at most `limit` calls in any
 * `intervalMs` window, as the server counts them on arrival. A call holds its
 * slot from the moment it is let through until one window after it
 * settles, and counts as "now" while in flight: however long it takes to
 * arrive, it arrives after it was let through and before it settled, so no
 * window of arrivals holds more than `limit` of them. (Take the last let
 * through of `limit + 1` arrivals within one window: every other one was
 * then in flight, or had settled after the window's start and so less than
 * a window before: all `limit` were counted, and it was not let through.)
 *
 * Waiters are served in order: only the first asks the window, the others
 * wait behind it. A slot never settled is held until the call's lease (its
 * time-out) plus 5000 ({@link STORE_LEASE_GRACE_MS}) ms, then one window.
 * A window kept in a store is the store's to handle: its failures and slow
 * answers, and how often a waiter asks it again (see store-sharing.ts).
 *
 * @param limit - Calls allowed per window (positive integer).
 * @param intervalMs - Window length in milliseconds.
 * @param mode - `"wait"` for the turn, or `"reject"` with {@link RateLimitError}.
 * @param clock - Time source; {@link systemClock} in production.
 * @param window - The store to count in; by default a memory window of
 *   this limiter's own, on `clock`.
 */
export declare function createLimiter(
  limit: number,
  intervalMs: number,
  mode: "wait" | "reject",
  clock: Clock,
  window?: LimiterWindow,
): Limiter;
