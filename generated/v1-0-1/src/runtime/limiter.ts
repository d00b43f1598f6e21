// Copied by remitgen from its runtime (src/runtime/limiter.ts). DO NOT EDIT.

/**
 * Client-side rate limiting: a sliding window over the plan's limit (e.g.
 * 100 calls per hour), plus the injectable clock the runtime waits with.
 *
 * @packageDocumentation
 */
import { STORE_LEASE_GRACE_MS } from "./defaults.js";
import { ConfigError, RateLimitError } from "./errors.js";
import {
  createMemoryWindows,
  type ClientStore,
  type MaybePromise,
  type SlotTake,
} from "./store.js";

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
export function abortable<T>(
  promise: Promise<T>,
  signal?: AbortSignal,
  cleanup?: () => void,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const abort = (): void => {
      done();
      reject(signal?.reason);
    };
    const done = (): void => {
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
export const longestTimer: number = 2 ** 31 - 1;

/** The real clock: `Date.now` and `setTimeout`. */
export const systemClock: Clock = {
  now: Date.now,
  sleep(ms, signal) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const until = Date.now() + ms;
    return abortable(
      new Promise<void>((resolve) => {
        // A wait longer than a timer can hold is made of several.
        const arm = (): void => {
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
export function createLimiter(
  limit: number,
  intervalMs: number,
  mode: "wait" | "reject",
  clock: Clock,
  window?: LimiterWindow,
): Limiter {
  if (!(Number.isInteger(limit) && limit > 0 && intervalMs > 0)) {
    throw new ConfigError("rateLimit is out of range");
  }
  const key = window?.key ?? "rate";
  const slots: SlotWindow = window
    ? window.store.sharing.window(window.store, clock)
    : createMemoryWindows(() => clock.now());
  /** Callers waiting for their turn, in order; the first one asks the window. */
  const queue: { readonly nextInLine: () => void }[] = [];
  /** Wakes the waiter that sleeps until a slot may be free, when one is freed sooner. */
  const wakers = new Set<AbortController>();
  const slotFreed = (): void => {
    for (const waker of wakers) waker.abort();
  };

  const permit = (slot: string): Permit => {
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

  const take = (leaseMs: number, operation: string) =>
    slots.takeSlot(
      key,
      limit,
      intervalMs,
      leaseMs + STORE_LEASE_GRACE_MS,
      operation,
    );

  /** Sleeps `ms`, or less if a slot is freed meanwhile; rejects when `signal` aborts. */
  const nap = async (ms: number, signal?: AbortSignal): Promise<void> => {
    const waker = new AbortController();
    const abort = (): void => waker.abort();
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
  const waitTurn = async (
    leaseMs: number,
    operation: string,
    signal: AbortSignal | undefined,
    first?: { asked: number; taken: MaybePromise<SlotAnswer> },
  ): Promise<Permit> => {
    let turn!: () => void;
    const inLine = new Promise<void>((resolve) => (turn = resolve));
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
  const takeOrRefuse = (
    operation: string,
    leaseMs: number,
  ): Permit | Promise<Permit> => {
    const decide = (taken: SlotAnswer): Permit => {
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
