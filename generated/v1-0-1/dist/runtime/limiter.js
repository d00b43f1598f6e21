// Copied by remitgen from its runtime (src/runtime/limiter.ts). DO NOT EDIT.

/**
 * Client-side rate limiting: a sliding window over the plan's limit (e.g.
 * 100 calls per hour), plus the injectable clock the runtime waits with.
 *
 * @packageDocumentation
 */
import { STORE_LEASE_GRACE_MS } from "./defaults.js";
import { ConfigError, RateLimitError } from "./errors.js";
import { createMemoryWindows } from "./store.js";
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
export function createLimiter(limit, intervalMs, mode, clock, window) {
  if (!(Number.isInteger(limit) && limit > 0 && intervalMs > 0)) {
    throw new ConfigError("rateLimit is out of range");
  }
  const key = window?.key ?? "rate";
  const slots = window
    ? window.store.sharing.window(window.store, clock)
    : createMemoryWindows(() => clock.now());
  /** Callers waiting for their turn, in order; the first one asks the window. */
  const queue = [];
  /** Wakes the waiter that sleeps until a slot may be free, when one is freed sooner. */
  const wakers = new Set();
  const slotFreed = () => {
    for (const waker of wakers) waker.abort();
  };
  const permit = (slot) => {
    let done = false;
    return {
      settle() {
        if (done) return;
        done = true;
        slots.settleSlot(key, slot);
      },
      release() {
        if (done) return;
        done = true;
        slots.freeSlot(key, slot);
        slotFreed();
      },
    };
  };
  const take = (leaseMs, operation) =>
    slots.takeSlot(
      key,
      limit,
      intervalMs,
      leaseMs + STORE_LEASE_GRACE_MS,
      operation,
    );
  /** Sleeps `ms`, or less if a slot is freed meanwhile; rejects when `signal` aborts. */
  const nap = async (ms, signal) => {
    const waker = new AbortController();
    const abort = () => waker.abort();
    signal?.addEventListener("abort", abort);
    wakers.add(waker);
    try {
      await clock.sleep(ms, waker.signal);
    } catch {
      // Woken early: by a freed slot, or by the caller's abort (thrown below).
    } finally {
      wakers.delete(waker);
      signal?.removeEventListener("abort", abort);
    }
    signal?.throwIfAborted();
  };
  /** Waits for the call's turn, asking the window until it gives a slot. */
  const waitTurn = async (leaseMs, operation, signal, first) => {
    let turn;
    const inLine = new Promise((resolve) => (turn = resolve));
    const place = { nextInLine: turn };
    if (queue.push(place) === 1) turn();
    try {
      await abortable(inLine, signal);
      for (;;) {
        // The first answer may have been asked for already, by acquire.
        const asked = first?.asked ?? clock.now();
        const taken = await (first?.taken ?? take(leaseMs, operation));
        first = undefined;
        if (taken.slot !== undefined) {
          const given = permit(taken.slot);
          // Aborted while the window answered: the call will not be sent.
          if (signal?.aborted) given.release();
          signal?.throwIfAborted();
          return given;
        }
        // Counted from the question: the answer may have taken a while.
        await nap(
          asked + (taken.waitMs ?? taken.retryInMs) - clock.now(),
          signal,
        );
      }
    } finally {
      queue.splice(queue.indexOf(place), 1);
      queue[0]?.nextInLine();
    }
  };
  /** Reject mode: a slot now, or an error at once. */
  const takeOrRefuse = (operation, leaseMs) => {
    const decide = (taken) => {
      if (taken.slot !== undefined) return permit(taken.slot);
      throw taken.failure ?? new RateLimitError(operation, taken.retryInMs);
    };
    const taken = take(leaseMs, operation);
    return taken instanceof Promise ? taken.then(decide) : decide(taken);
  };
  return {
    acquire(signal, operation = "call", leaseMs = longestTimer) {
      if (mode === "reject") return takeOrRefuse(operation, leaseMs);
      // Nobody waiting: the window is asked now, and a slot it gives at
      // once is taken without a promise.
      if (queue.length === 0) {
        const asked = clock.now();
        const taken = take(leaseMs, operation);
        if (!(taken instanceof Promise) && taken.slot !== undefined) {
          return permit(taken.slot);
        }
        return waitTurn(leaseMs, operation, signal, { asked, taken });
      }
      return waitTurn(leaseMs, operation, signal);
    },
    pause(until) {
      // Waiting a whole window frees the plan's limit; an answer asking for
      // longer (or for ever) must not stop the client for good.
      const ms = Math.min(until - clock.now(), intervalMs);
      if (ms > 0) slots.pauseWindow(key, ms);
    },
  };
}
