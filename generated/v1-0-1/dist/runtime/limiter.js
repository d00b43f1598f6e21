// Copied by remitgen from its runtime (src/runtime/limiter.ts). DO NOT EDIT.

/**
 * Client-side rate limiting: a sliding window over the plan's limit (e.g.
 * 100 calls per hour), plus the injectable clock the runtime waits with.
 *
 * @packageDocumentation
 */
import { ConfigError, RateLimitError } from "./errors.js";
/**
 * Settles like `promise`, or rejects with `signal.reason` as soon as the
 * signal aborts. `cleanup` runs once either way.
 *
 * @param promise - The work to wait for (it is not cancelled).
 * @param signal - Optional abort signal.
 * @param cleanup - Runs as the returned promise settles, just before.
 */
export function abortable(promise, signal, cleanup) {
  return new Promise((resolve, reject) => {
    const abort = () => {
      done();
      reject(signal?.reason);
    };
    const done = () => {
      signal?.removeEventListener("abort", abort);
      cleanup?.();
    };
    if (signal?.aborted) return abort();
    signal?.addEventListener("abort", abort);
    // Cleaned up before the waiter resumes, not after: a call that goes on
    // to fetch with the listener still on its signal took microseconds
    // longer (measured on a loopback call).
    promise.finally(done).then(resolve, reject);
  });
}
/** The longest delay setTimeout holds (about 24.8 days); it fires a longer one at once. */
export const longestTimer = 2 ** 31 - 1;
/** The real clock: `Date.now` and `setTimeout`. */
export const systemClock = {
  now: Date.now,
  sleep(ms, signal) {
    let timer;
    const until = Date.now() + ms;
    return abortable(
      new Promise((resolve) => {
        // A wait longer than a timer can hold is made of several.
        const arm = () => {
          const left = until - Date.now();
          if (left > 0) timer = setTimeout(arm, Math.min(left, longestTimer));
          else resolve();
        };
        arm();
      }),
      signal,
      // Cleared on abort too, so an abandoned long wait does not hold the process open.
      () => clearTimeout(timer),
    );
  },
};
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
export function createLimiter(limit, intervalMs, mode, clock) {
  if (!(Number.isInteger(limit) && limit > 0 && intervalMs > 0)) {
    throw new ConfigError("rateLimit is out of range");
  }
  // Sorted send times, past and reserved, back to one window before the
  // earliest slot still to give. All of them: an abandoned reservation is
  // removed, and the sends before it count again.
  const stamps = [];
  let pausedUntil = 0;
  // Equal stamps are interchangeable, so the first will do; and indexOf,
  // unlike lastIndexOf, answers at once for a call that holds no slot
  // (undefined), which every call's first pass gives back.
  const release = (slot) => {
    const index = stamps.indexOf(slot);
    if (index >= 0) stamps.splice(index, 1);
  };
  const wait = async (slot, signal) => {
    try {
      await clock.sleep(slot - clock.now(), signal);
    } catch (error) {
      release(slot); // an abandoned turn frees its slot
      throw error;
    }
    // Paused (429) while waiting: queue again behind the pause.
    if (clock.now() < pausedUntil) {
      release(slot);
      return limiter.acquire(signal);
    }
    return slot;
  };
  const limiter = {
    acquire(signal, operation) {
      const now = clock.now();
      const start = Math.max(now, pausedUntil);
      // Out of range, stamps[i] is undefined: compared, false (no length test).
      while (stamps[0] <= start - intervalMs) {
        stamps.shift();
      }
      // A window holding the slot holds at most the `limit - 1` stamps
      // after stamps[length - limit] (every earlier one is a whole window
      // before the slot) and the slot: never more than `limit`.
      const slot =
        stamps.length < limit
          ? start
          : Math.max(start, stamps[stamps.length - limit] + intervalMs);
      if (slot > now && mode == "reject") {
        throw new RateLimitError(operation, slot - now);
      }
      // Usually the last; before later reservations when an abandoned one left a gap.
      let at = stamps.length;
      while (stamps[at - 1] > slot) at--;
      stamps.splice(at, 0, slot);
      return slot > now ? wait(slot, signal) : slot;
    },
    release,
    pause(until) {
      // Waiting a whole window frees the plan's limit; an answer asking for
      // longer (or for ever) must not stop the client for good.
      const longest = clock.now() + intervalMs;
      pausedUntil = Math.max(pausedUntil, Math.min(until, longest));
    },
  };
  return limiter;
}
