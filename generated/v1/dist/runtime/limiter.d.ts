// Copied by remitgen from its runtime (src/runtime/limiter.ts). DO NOT EDIT.

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
/** A client-side rate limiter. */
export interface Limiter {
  /**
   * Takes one slot and returns it (the epoch ms it is for): at once when a
   * slot is free now (no promise on the hot path); otherwise, in `"wait"`
   * mode, a promise of it that resolves when the call's turn comes
   * (rejecting if `signal` aborts), and in `"reject"` mode throws
   * {@link RateLimitError} (naming `operation`) at once.
   */
  acquire(signal?: AbortSignal, operation?: string): number | Promise<number>;
  /**
   * Gives back a slot whose call was never sent (no token could be had,
   * the caller aborted first, the connection was refused), so that it
   * does not count.
   */
  release(slot: number): void;
  /**
   * Sends nothing before `until` (epoch ms), e.g. after a 429 with
   * `Retry-After`; for at most one window from now, however far `until` is.
   */
  pause(until: number): void;
}
/**
 * Creates a sliding-window limiter: at most `limit` calls in any
 * `intervalMs` window. Waiters are served in order by reserving the slot
 * they will use, so no two of them wake for the same slot.
 *
 * @param limit - Calls allowed per window (positive integer).
 * @param intervalMs - Window length in milliseconds.
 * @param mode - `"wait"` for the turn, or `"reject"` with {@link RateLimitError}.
 * @param clock - Time source; {@link systemClock} in production.
 */
export declare function createLimiter(
  limit: number,
  intervalMs: number,
  mode: "wait" | "reject",
  clock: Clock,
): Limiter;
