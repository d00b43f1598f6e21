// Copied by remitgen from its runtime (src/runtime/limiter.ts). DO NOT EDIT.

/**
 * Client-side rate limiting: a sliding window over the plan's limit (e.g.
 * 100 calls per hour), plus the injectable clock the runtime waits with.
 *
 * @packageDocumentation
 */
import {
  STORE_LEASE_GRACE_MS,
  STORE_RETRY_MAX_MS,
  STORE_RETRY_MIN_MS,
  STORE_SLOW_MS,
} from "./defaults.js";
import { ConfigError, RateLimitError, StoreError } from "./errors.js";
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
/** Runs a store method, turning a synchronous throw into a rejection. */
function ask(method) {
  try {
    return method();
  } catch (error) {
    return Promise.reject(error);
  }
}
/** Whether a store's answer is still to come. */
function isPromise(value) {
  return value instanceof Promise;
}
/** Lets a store's failure go: see {@link Permit} for why that is safe. */
function ignoreFailure(result) {
  if (isPromise(result)) result.catch(() => undefined);
}
/**
 * Creates a sliding-window limiter: at most `limit` calls in any
 * `intervalMs` window, as the bank counts them on arrival. A call holds its
 * slot from the moment it is let through until one window after it
 * settles, and counts as "now" while in flight: however long it takes to
 * arrive, it arrives after it was let through and before it settled, so no
 * window of arrivals holds more than `limit` of them. (Take the last let
 * through of `limit + 1` arrivals within one window: every other one was
 * then in flight, or had settled after the window's start and so less than
 * a window before: all `limit` were counted, and it was not let through.)
 *
 * Waiters are served in order: only the first asks the store, the others
 * wait behind it. A store that fails is asked again after 100
 * ({@link STORE_RETRY_MIN_MS}) ms, then twice as long each time up to 2000
 * ({@link STORE_RETRY_MAX_MS}) ms; a slot it gives out more than 2500
 * ({@link STORE_SLOW_MS}) ms after it was asked for is given back (its
 * count may predate the call by more than its lease allows). A slot never
 * settled is held until the call's lease (its time-out) plus 5000
 * ({@link STORE_LEASE_GRACE_MS}) ms, then one window.
 *
 * @param limit - Calls allowed per window (positive integer).
 * @param intervalMs - Window length in milliseconds.
 * @param mode - `"wait"` for the turn, or `"reject"` with {@link RateLimitError}.
 * @param clock - Time source; {@link systemClock} in production.
 * @param window - The store to count in; by default memory windows of this
 *   limiter's own, on `clock`.
 */
export function createLimiter(
  limit,
  intervalMs,
  mode,
  clock,
  window = {
    store: createMemoryWindows(() => clock.now()),
    key: "rate",
  },
) {
  if (!(Number.isInteger(limit) && limit > 0 && intervalMs > 0)) {
    throw new ConfigError("rateLimit is out of range");
  }
  const { store, key } = window;
  /** Callers waiting for their turn, in order; the first one asks the store. */
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
        ignoreFailure(ask(() => store.settleSlot(key, slot)));
      },
      release() {
        if (done) return;
        done = true;
        ignoreFailure(ask(() => store.freeSlot(key, slot)));
        slotFreed();
      },
    };
  };
  const take = (leaseMs) =>
    ask(() =>
      store.takeSlot(key, limit, intervalMs, leaseMs + STORE_LEASE_GRACE_MS),
    );
  /**
   * A store's late answer: the slot may have been counted from a moment
   * the lease does not cover, so it is given back and asked for again.
   */
  const tooLate = (asked, taken) => {
    if (taken.slot === undefined || clock.now() - asked <= STORE_SLOW_MS) {
      return false;
    }
    ignoreFailure(ask(() => store.freeSlot(key, taken.slot)));
    return true;
  };
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
  /** Waits for the call's turn, asking the store until it gives a slot. */
  const waitTurn = async (leaseMs, signal, first) => {
    let turn;
    const inLine = new Promise((resolve) => (turn = resolve));
    const place = { nextInLine: turn };
    if (queue.push(place) === 1) turn();
    try {
      await abortable(inLine, signal);
      for (let failures = 0; ;) {
        // The first answer may have been asked for already, by acquire.
        const asked = first?.asked ?? clock.now();
        let taken;
        try {
          taken = await (first?.taken ?? take(leaseMs));
          first = undefined;
          failures = 0;
        } catch {
          // The store is down or failing: ask again, less and less often.
          first = undefined;
          failures++;
          await nap(
            Math.min(
              STORE_RETRY_MIN_MS * 2 ** (failures - 1),
              STORE_RETRY_MAX_MS,
            ),
            signal,
          );
          continue;
        }
        if (tooLate(asked, taken)) continue;
        if (taken.slot !== undefined) {
          const given = permit(taken.slot);
          // Aborted while the store answered: the call will not be sent.
          if (signal?.aborted) given.release();
          signal?.throwIfAborted();
          return given;
        }
        // Counted from the question: the answer may have taken a while.
        // Slots other clients free are seen only by asking again.
        await nap(
          Math.min(
            asked + taken.retryInMs - clock.now(),
            store.pollMs ?? Infinity,
          ),
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
    const asked = clock.now();
    const decide = (taken) => {
      if (tooLate(asked, taken)) throw new StoreError(operation, store.name);
      if (taken.slot !== undefined) return permit(taken.slot);
      throw new RateLimitError(operation, taken.retryInMs);
    };
    const taken = take(leaseMs);
    if (!isPromise(taken)) return decide(taken);
    return taken.then(decide, (error) => {
      throw new StoreError(operation, store.name, { cause: error });
    });
  };
  return {
    acquire(signal, operation = "call", leaseMs = longestTimer) {
      if (mode === "reject") return takeOrRefuse(operation, leaseMs);
      // Nobody waiting: the store is asked now, and a slot it gives at once
      // is taken without a promise.
      if (queue.length === 0) {
        const asked = clock.now();
        const taken = take(leaseMs);
        if (!isPromise(taken) && taken.slot !== undefined) {
          return permit(taken.slot);
        }
        return waitTurn(leaseMs, signal, { asked, taken });
      }
      return waitTurn(leaseMs, signal);
    },
    pause(until) {
      // Waiting a whole window frees the plan's limit; an answer asking for
      // longer (or for ever) must not stop the client for good.
      const ms = Math.min(until - clock.now(), intervalMs);
      if (ms > 0) ignoreFailure(ask(() => store.pauseWindow(key, ms)));
    },
  };
}
