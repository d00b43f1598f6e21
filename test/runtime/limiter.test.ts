import { oauth2ClientCredentials } from "../../src/runtime/auth.js";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  STORE_LEASE_GRACE_MS,
  STORE_RETRY_MAX_MS,
  STORE_RETRY_MIN_MS,
  STORE_SLOW_MS,
} from "../../src/runtime/defaults.js";
import {
  ConfigError,
  RateLimitError,
  StoreError,
} from "../../src/runtime/errors.js";
import {
  abortable,
  createLimiter,
  systemClock,
  type Limiter,
  type Permit,
} from "../../src/runtime/limiter.js";
import {
  createMemoryStore,
  type ClientStore,
} from "../../src/runtime/store.js";
import {
  createTransport,
  type TransportDefaults,
} from "../../src/runtime/transport.js";
import {
  DEFAULTS,
  READ,
  WRITE,
  client,
  closeAll,
  fakeClock,
  rejection,
  startBank,
} from "./helpers/server.js";

afterEach(closeAll);

const HOUR = 3_600_000;
const PLAN_100_PER_HOUR: TransportDefaults = {
  plan: { name: "basic", limit: 100, intervalMs: HOUR },
};

/** Lets promise callbacks (and loopback HTTP) run. */
const settle = (): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, 20));

function track(turn: Permit | Promise<Permit>): {
  done: () => boolean;
  permit: () => Permit | undefined;
} {
  let permit = turn instanceof Promise ? undefined : turn;
  if (turn instanceof Promise) void turn.then((given) => (permit = given));
  return { done: () => permit !== undefined, permit: () => permit };
}

/** Acquires a slot that must be free now, and returns its permit. */
function now(limiter: Limiter): Permit {
  const turn = limiter.acquire();
  expect(turn).not.toBeInstanceOf(Promise);
  return turn as Permit;
}

describe("createLimiter", () => {
  it("lets 100 through at once, then holds the 101st until one window after they settled", async () => {
    const time = fakeClock();
    const limiter = createLimiter(100, HOUR, "wait", time.clock);
    const permits = Array.from({ length: 100 }, () => now(limiter));
    time.advance(1000);
    for (const permit of permits) permit.settle();
    const next = track(limiter.acquire());
    time.advance(HOUR - 1);
    await settle();
    expect(next.done()).toBe(false);
    time.advance(1);
    await settle();
    expect(next.done()).toBe(true);
  });

  it("a call in flight holds its slot however long it takes, and one window after it settles", async () => {
    // The bank counts a call when it arrives, at any moment until it is
    // answered: counted from its release, a call that took long to arrive
    // would share a window with the next ones.
    const time = fakeClock();
    const limiter = createLimiter(1, 1000, "reject", time.clock);
    const slow = now(limiter);
    time.advance(5000);
    expect(() => limiter.acquire()).toThrow(RateLimitError);
    slow.settle();
    time.advance(999);
    expect(() => limiter.acquire()).toThrow(RateLimitError);
    time.advance(1);
    now(limiter);
  });

  it("slides: slots free up as settled calls leave the window", async () => {
    const time = fakeClock();
    const limiter = createLimiter(4, 1000, "reject", time.clock);
    now(limiter).settle();
    now(limiter).settle();
    time.advance(500);
    now(limiter).settle();
    now(limiter).settle();
    expect(() => limiter.acquire()).toThrow(RateLimitError);
    time.advance(499);
    expect(() => limiter.acquire()).toThrow(RateLimitError);
    time.advance(1); // the first two leave the window
    now(limiter);
    now(limiter);
    expect(() => limiter.acquire()).toThrow(RateLimitError);
  });

  it("serves waiters in order, each in its turn", async () => {
    const time = fakeClock();
    const limiter = createLimiter(2, 1000, "wait", time.clock);
    const waits = Array.from({ length: 6 }, () => track(limiter.acquire()));
    const done = (): boolean[] => waits.map((w) => w.done());
    expect(done()).toEqual([true, true, false, false, false, false]);
    // Two in flight: nothing frees before they settle and a window passes.
    time.advance(5000);
    await settle();
    expect(done()).toEqual([true, true, false, false, false, false]);
    waits[0]!.permit()!.settle();
    waits[1]!.permit()!.settle();
    await settle();
    time.advance(999);
    await settle();
    expect(done()).toEqual([true, true, false, false, false, false]);
    time.advance(1);
    await settle();
    expect(done()).toEqual([true, true, true, true, false, false]);
    waits[2]!.permit()!.settle();
    waits[3]!.permit()!.settle();
    time.advance(1000);
    await settle();
    expect(waits.every((w) => w.done())).toBe(true);
  });

  it("in reject mode throws RateLimitError with retryAfterMs: exact once settled, one window while in flight", () => {
    const time = fakeClock();
    const limiter = createLimiter(100, HOUR, "reject", time.clock);
    const permits = Array.from({ length: 100 }, () => now(limiter));
    const refusal = (): RateLimitError => {
      try {
        limiter.acquire(undefined, "send");
      } catch (error) {
        return error as RateLimitError;
      }
      throw new Error("not refused");
    };
    time.advance(1000);
    expect(refusal()).toBeInstanceOf(RateLimitError);
    expect(refusal().operation).toBe("send");
    expect(refusal().retryAfterMs).toBe(HOUR);
    for (const permit of permits) permit.settle();
    time.advance(1000);
    expect(refusal().retryAfterMs).toBe(HOUR - 1000);
  });

  it("an aborted waiter rejects with the reason and takes no slot", async () => {
    const time = fakeClock();
    const limiter = createLimiter(1, 1000, "wait", time.clock);
    now(limiter).settle();
    const controller = new AbortController();
    const reason = new Error("stop");
    const waiting = limiter.acquire(controller.signal);
    const next = track(limiter.acquire());
    controller.abort(reason);
    await expect(waiting).rejects.toBe(reason);
    // The next caller gets the slot at 1000, not a window later.
    time.advance(1000);
    await settle();
    expect(next.done()).toBe(true);
  });

  it("release gives back the slot of a call never sent at once, and only that one, waking a waiter", async () => {
    const time = fakeClock();
    const limiter = createLimiter(2, 1000, "wait", time.clock);
    const unsent = now(limiter);
    now(limiter);
    const waiter = track(limiter.acquire());
    await settle();
    expect(waiter.done()).toBe(false);
    unsent.release();
    unsent.settle(); // a second word on the same permit changes nothing
    await settle();
    expect(waiter.done()).toBe(true);
    expect(time.now()).toBe(1_700_000_000_000);
    expect(track(limiter.acquire()).done()).toBe(false);
  });

  it("pause holds every call until the given time", async () => {
    const time = fakeClock();
    const waiting = createLimiter(100, HOUR, "wait", time.clock);
    waiting.pause(time.now() + 5000);
    const held = track(waiting.acquire());
    await settle();
    expect(time.sleeps).toEqual([5000]);
    time.advance(5000);
    await settle();
    expect(held.done()).toBe(true);

    const rejecting = createLimiter(100, HOUR, "reject", time.clock);
    rejecting.pause(time.now() + 2500);
    expect(() => rejecting.acquire()).toThrow(
      expect.objectContaining({ retryAfterMs: 2500 }),
    );
  });

  it("a waiter that wakes during a later pause waits for it", async () => {
    const time = fakeClock();
    const limiter = createLimiter(1, 1000, "wait", time.clock);
    now(limiter).settle();
    const waiter = track(limiter.acquire()); // free at 1000
    time.advance(500);
    limiter.pause(time.now() + 1000); // until 1500, within a window
    time.advance(500);
    await settle();
    expect(waiter.done()).toBe(false);
    time.advance(500);
    await settle();
    expect(waiter.done()).toBe(true);
  });

  it("pauses for at most one window, however long (or endless) the pause asked for", async () => {
    for (const asked of [10 * 1000, Infinity]) {
      const time = fakeClock();
      const limiter = createLimiter(5, 1000, "wait", time.clock);
      limiter.pause(time.now() + asked);
      const call = track(limiter.acquire());
      await settle();
      time.advance(999);
      await settle();
      expect(call.done()).toBe(false);
      time.advance(1);
      await settle();
      expect(call.done()).toBe(true);
      expect(time.sleeps).toEqual([1000]);
    }
  });

  it("a call never settled (its client died) holds its slot until its lease, plus a grace, and a window", async () => {
    const time = fakeClock();
    const store = createMemoryStore(time.now);
    const window = { store, key: "plan" };
    const dead = createLimiter(1, 1000, "reject", time.clock, window);
    dead.acquire(undefined, "send", 30_000); // never settled
    const alive = createLimiter(1, 1000, "reject", time.clock, window);
    time.advance(30_000 + STORE_LEASE_GRACE_MS + 999);
    expect(() => alive.acquire()).toThrow(RateLimitError);
    time.advance(1);
    expect(alive.acquire()).not.toBeInstanceOf(Promise);
  });

  it("limiters sharing one store keep one limit together", () => {
    const time = fakeClock();
    const store = createMemoryStore(time.now);
    const [first, second] = [1, 2].map(() =>
      createLimiter(3, 1000, "reject", time.clock, { store, key: "plan" }),
    );
    now(first!);
    now(second!);
    now(first!);
    expect(() => second!.acquire()).toThrow(RateLimitError);
    expect(() => first!.acquire()).toThrow(RateLimitError);
  });

  it("a store that fails: reject mode throws StoreError naming it, wait mode waits and recovers", async () => {
    const time = fakeClock();
    let down = true;
    const memory = createMemoryStore(time.now);
    const flaky: ClientStore = {
      ...memory,
      name: "test store",
      takeSlot: (...args) =>
        down
          ? Promise.reject(new Error("connection refused"))
          : Promise.resolve(memory.takeSlot(...args)),
    };
    const window = { store: flaky, key: "plan" };
    const rejecting = createLimiter(1, 1000, "reject", time.clock, window);
    const error = await rejection(
      rejecting.acquire(undefined, "send_txns") as Promise<Permit>,
    );
    expect(error).toBeInstanceOf(StoreError);
    expect((error as StoreError).message).toContain("test store");
    expect((error as StoreError).message).toContain("send_txns");

    const waiting = createLimiter(1, 1000, "wait", time.clock, window);
    const call = track(waiting.acquire());
    for (let i = 0; i < 5; i++) await time.step(STORE_RETRY_MAX_MS);
    expect(call.done()).toBe(false);
    // Retried less and less often, never more than the longest wait apart.
    expect(time.sleeps.slice(0, 3)).toEqual([
      STORE_RETRY_MIN_MS,
      STORE_RETRY_MIN_MS * 2,
      STORE_RETRY_MIN_MS * 4,
    ]);
    expect(Math.max(...time.sleeps)).toBe(STORE_RETRY_MAX_MS);
    down = false;
    await time.step(STORE_RETRY_MAX_MS);
    await settle();
    expect(call.done()).toBe(true);
  });

  it("a slot a slow store gives out too late is given back and asked for again", async () => {
    const time = fakeClock();
    const memory = createMemoryStore(time.now);
    let slow = true;
    const freed: string[] = [];
    const lagging: ClientStore = {
      ...memory,
      name: "slow store",
      async takeSlot(...args) {
        if (slow) await time.clock.sleep(STORE_SLOW_MS + 1);
        return memory.takeSlot(...args);
      },
      freeSlot(key, slot) {
        freed.push(slot);
        return memory.freeSlot(key, slot);
      },
    };
    const window = { store: lagging, key: "plan" };
    const rejecting = createLimiter(5, 1000, "reject", time.clock, window);
    const refused = rejecting.acquire(undefined, "send") as Promise<Permit>;
    await time.step(STORE_SLOW_MS + 1);
    expect(await rejection(refused)).toBeInstanceOf(StoreError);
    expect(freed).toHaveLength(1);

    const waiting = createLimiter(5, 1000, "wait", time.clock, window);
    const call = track(waiting.acquire());
    await time.step(STORE_SLOW_MS + 1);
    expect(call.done()).toBe(false);
    expect(freed).toHaveLength(2);
    slow = false;
    await time.step(STORE_SLOW_MS + 1);
    await settle();
    expect(call.done()).toBe(true);
  });

  it("refuses a nonsensical limit", () => {
    const time = fakeClock();
    expect(() => createLimiter(0, 1000, "wait", time.clock)).toThrow(
      ConfigError,
    );
    expect(() => createLimiter(1.5, 1000, "wait", time.clock)).toThrow(
      ConfigError,
    );
    expect(() => createLimiter(10, 0, "wait", time.clock)).toThrow(ConfigError);
  });
});

describe("systemClock and abortable", () => {
  it("sleeps longer than a timer can hold without waking early, and an endless sleep never spins", async () => {
    vi.useFakeTimers();
    try {
      const long = 2 ** 31 + 5000; // setTimeout alone would fire after 1 ms
      let woke = false;
      void systemClock.sleep(long).then(() => (woke = true));
      await vi.advanceTimersByTimeAsync(2 ** 31 - 1);
      expect(woke).toBe(false);
      await vi.advanceTimersByTimeAsync(5000); // 1 ms short
      expect(woke).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(woke).toBe(true);

      const controller = new AbortController();
      const endless = systemClock.sleep(Infinity, controller.signal);
      await vi.advanceTimersByTimeAsync(2 ** 32);
      expect(vi.getTimerCount()).toBe(1); // one timer re-armed, no busy loop
      controller.abort(new Error("stop"));
      await expect(endless).rejects.toThrow("stop");
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it("sleeps for real and can be aborted", async () => {
    const started = Date.now();
    await systemClock.sleep(30);
    expect(Date.now() - started).toBeGreaterThanOrEqual(25);
    const controller = new AbortController();
    const sleeping = systemClock.sleep(60_000, controller.signal);
    controller.abort("why");
    await expect(sleeping).rejects.toBe("why");
  });

  it("abortable passes results through and runs cleanup once", async () => {
    let cleaned = 0;
    await expect(
      abortable(Promise.resolve(7), undefined, () => cleaned++),
    ).resolves.toBe(7);
    await expect(
      abortable(Promise.reject(new Error("x")), undefined, () => cleaned++),
    ).rejects.toThrow("x");
    const controller = new AbortController();
    controller.abort("early");
    await expect(
      abortable(
        new Promise(() => undefined),
        controller.signal,
        () => cleaned++,
      ),
    ).rejects.toBe("early");
    expect(cleaned).toBe(3);
  });
});

describe("transport rate limiting", () => {
  it("wait mode: a 100/hour plan holds the 101st call until the window frees", async () => {
    const time = fakeClock();
    const bank = await startBank();
    const transport = client(bank, { clock: time.clock }, PLAN_100_PER_HOUR);
    await Promise.all(
      Array.from({ length: 100 }, (_, i) => transport.call(READ, { i })),
    );
    expect(bank.calls(READ.path)).toBe(100);

    let settled = false;
    const call101 = transport
      .call(WRITE, { i: 100 })
      .finally(() => (settled = true));
    await settle();
    time.advance(HOUR - 1);
    await settle();
    expect(settled).toBe(false);
    expect(bank.calls(WRITE.path)).toBe(0);
    time.advance(1);
    await expect(call101).resolves.toMatchObject({ ok: true });
    expect(bank.calls(WRITE.path)).toBe(1);
  });

  it("reject mode: the 101st call throws RateLimitError without being sent", async () => {
    const time = fakeClock();
    const bank = await startBank();
    const transport = client(
      bank,
      { clock: time.clock, rateLimit: "reject" },
      PLAN_100_PER_HOUR,
    );
    await Promise.all(
      Array.from({ length: 100 }, () => transport.call(READ, {})),
    );
    const error = await rejection(transport.call(WRITE, { amount: 5 }));
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfterMs).toBe(HOUR);
    expect(bank.calls(WRITE.path)).toBe(0);
    time.advance(HOUR);
    await expect(transport.call(WRITE, {})).resolves.toMatchObject({
      ok: true,
    });
  });

  it("a custom limit replaces the plan's; false disables limiting", async () => {
    const time = fakeClock();
    const bank = await startBank();
    const custom = client(
      bank,
      {
        clock: time.clock,
        rateLimit: { limit: 2, intervalMs: 1000, mode: "reject" },
      },
      PLAN_100_PER_HOUR,
    );
    await custom.call(READ, {});
    await custom.call(READ, {});
    await expect(custom.call(READ, {})).rejects.toBeInstanceOf(RateLimitError);

    const unlimited = client(
      bank,
      { clock: time.clock, rateLimit: false },
      PLAN_100_PER_HOUR,
    );
    await Promise.all(
      Array.from({ length: 150 }, () => unlimited.call(READ, {})),
    );
    expect(bank.calls(READ.path)).toBe(152);
  });

  it("each transport counts only its own calls: two of them send twice the plan", async () => {
    // What the docs warn of: the limit is per client, not per process or bank key.
    const time = fakeClock();
    const bank = await startBank();
    const options = { clock: time.clock, rateLimit: "reject" } as const;
    const first = client(bank, options, PLAN_100_PER_HOUR);
    const second = client(bank, options, PLAN_100_PER_HOUR);
    for (const transport of [first, second]) {
      await Promise.all(
        Array.from({ length: 100 }, () => transport.call(READ, {})),
      );
    }
    expect(bank.calls(READ.path)).toBe(200);
    await expect(first.call(READ, {})).rejects.toBeInstanceOf(RateLimitError);
  });

  it("a call waiting for its turn can be aborted and is never sent", async () => {
    const time = fakeClock();
    const bank = await startBank();
    const transport = client(bank, {
      clock: time.clock,
      rateLimit: { limit: 1, intervalMs: HOUR },
    });
    await transport.call(READ, {});
    const controller = new AbortController();
    const reason = new DOMException("caller aborted", "AbortError");
    const waiting = transport.call(WRITE, {}, { signal: controller.signal });
    await settle();
    controller.abort(reason);
    await expect(waiting).rejects.toBe(reason);
    time.advance(HOUR);
    await settle();
    expect(bank.calls(WRITE.path)).toBe(0);
  });

  it("an invalid custom limit is a ConfigError at creation", () => {
    expect(() =>
      client(
        { url: "https://bank.example" },
        { rateLimit: { limit: -1, intervalMs: 1000 } },
      ),
    ).toThrow(ConfigError);
  });
});

describe("transport rate limiting by arrival", () => {
  /**
   * A bank on a fake clock whose token endpoint (or the caller's own token
   * provider) takes `tokenMs` for its first token: records when each
   * operation request arrives (at fetch) and with which token, and answers
   * 401 to a token past its `expires_in`.
   */
  function slowTokenBank(tokenMs: number, expiresIn = 3600) {
    const time = fakeClock();
    const arrivals: { at: number; token: string }[] = [];
    const expiry = new Map<string, number>();
    let issued = 0;
    const issue = async (): Promise<string> => {
      const token = `tok-${++issued}`;
      const started = time.now();
      if (issued === 1) await time.clock.sleep(tokenMs);
      expiry.set(token, started + expiresIn * 1000);
      return token;
    };
    const fetchFn = (async (input: string | URL | Request, init) => {
      if (String(input).endsWith("/oauth2/token")) {
        const token = await issue();
        return new Response(
          JSON.stringify({ access_token: token, expires_in: expiresIn }),
        );
      }
      const token = String(
        (init?.headers as Record<string, string>)["authorization"],
      ).slice(7);
      arrivals.push({ at: time.now(), token });
      return time.now() < expiry.get(token)!
        ? new Response("{}")
        : new Response("", { status: 401 });
    }) as typeof fetch;
    /** Moves the clock 1 ms at a time until `promise` settles. */
    const drive = async <T>(promise: Promise<T>): Promise<T> => {
      let done = false;
      void promise.finally(() => (done = true)).catch(() => undefined);
      for (let ms = 0; !done && ms < 100_000; ms++) {
        await new Promise((resolve) => setImmediate(resolve));
        await time.step(1);
      }
      return promise;
    };
    return { time, arrivals, issue, fetch: fetchFn, drive };
  }

  const options = (bank: ReturnType<typeof slowTokenBank>) => ({
    baseUrl: "https://api.bank.example",
    authUrl: "https://auth.bank.example",
    clientId: "id",
    clientSecret: "secret",
    fetch: bank.fetch,
    clock: bank.time.clock,
    rateLimit: { limit: 2, intervalMs: 400 },
  });

  for (const source of ["the token endpoint", "getAccessToken"] as const) {
    it(`sends no more than the limit in any window when ${source} is slow`, async () => {
      // 2 per 400 ms, the first token 40 ms slow: the first two calls are
      // sent at 40, so the next two not before 440 (once: 400, a 429).
      const bank = slowTokenBank(40);
      let cached: Promise<string> | undefined; // as a provider keeps it
      const transport = createTransport(
        source === "getAccessToken"
          ? {
              ...options(bank),
              getAccessToken: () => (cached ??= bank.issue()),
            }
          : options(bank),
        DEFAULTS,
        oauth2ClientCredentials("/oauth2/token"),
      );
      const start = bank.time.now();
      await bank.drive(
        Promise.all([1, 2, 3, 4].map(() => transport.call(READ, {}))),
      );
      expect(bank.arrivals.map((a) => a.at - start)).toEqual([
        40, 40, 440, 440,
      ]);
    });
  }

  it("a token that expired while its call waited for its turn is renewed before sending, the turn given back", async () => {
    // Tokens for 1 s; limit 1 per 400 ms. The third call waits until 800,
    // when the first token (issued at 0, kept until 500 less its margin)
    // still serves; the fifth until 1600, past its expiry.
    const bank = slowTokenBank(0, 1);
    const transport = createTransport(
      { ...options(bank), rateLimit: { limit: 1, intervalMs: 400 } },
      DEFAULTS,
      oauth2ClientCredentials("/oauth2/token"),
    );
    const start = bank.time.now();
    await bank.drive(
      Promise.all([1, 2, 3, 4, 5].map(() => transport.call(READ, {}))),
    );
    // Every request carries a live token: none was answered 401 and replayed.
    expect(bank.arrivals).toHaveLength(5);
    const at = bank.arrivals.map((a) => a.at - start);
    for (let i = 1; i < at.length; i++) {
      expect(at[i]! - at[i - 1]!).toBeGreaterThanOrEqual(400);
    }
  });
});
