import { afterEach, describe, expect, it, vi } from "vitest";
import {
  ApiError,
  ConfigError,
  NetworkError,
  RateLimitError,
  TimeoutError,
} from "../../src/runtime/errors.js";
import {
  backoffDelay,
  isRetryableStatus,
  parseRetryAfter,
} from "../../src/runtime/retry.js";
import {
  READ,
  WRITE,
  client,
  closeAll,
  deadPort,
  fakeClock,
  rejection,
  sendJson,
  startBank,
} from "./helpers/server.js";

afterEach(closeAll);

describe("backoffDelay", () => {
  const top = (): number => 0.999999;
  it("grows exponentially from 200 ms and is capped at 10 s", () => {
    expect(
      [1, 2, 3, 4, 5, 6, 7, 8].map((n) => Math.round(backoffDelay(n, {}, top))),
    ).toEqual([200, 400, 800, 1600, 3200, 6400, 10000, 10000]);
  });
  it("applies full jitter and custom bounds", () => {
    expect(backoffDelay(3, {}, () => 0)).toBe(0);
    expect(backoffDelay(2, {}, () => 0.5)).toBe(200);
    expect(
      Math.round(backoffDelay(4, { baseDelayMs: 100, maxDelayMs: 500 }, top)),
    ).toBe(500);
  });
});

describe("parseRetryAfter", () => {
  const now = Date.parse("2025-01-01T00:00:00Z");
  it("reads delay-seconds", () => {
    expect(parseRetryAfter("120", now)).toBe(120_000);
    expect(parseRetryAfter(" 0 ", now)).toBe(0);
  });
  it("reads an HTTP date", () => {
    expect(parseRetryAfter("Wed, 01 Jan 2025 00:00:30 GMT", now)).toBe(30_000);
    expect(parseRetryAfter("Tue, 31 Dec 2024 23:00:00 GMT", now)).toBe(0);
  });
  it("ignores absent or unreadable values", () => {
    expect(parseRetryAfter(null, now)).toBeUndefined();
    expect(parseRetryAfter("soon", now)).toBeUndefined();
    expect(parseRetryAfter("", now)).toBeUndefined();
  });
  it.each(["-1", "-120", "1.5", "+5", "1e3", "2025-01-01T00:00:30Z"])(
    "reads %s as unreadable, not as a date in the past (retry now)",
    (value) => {
      // Date.parse would read "-1" as the year -1, and "1.5" as a date in 2001.
      expect(parseRetryAfter(value, now)).toBeUndefined();
    },
  );
  it("reads RFC 9110's obsolete date forms; asctime as UTC, whatever the local zone", () => {
    expect(parseRetryAfter("Wednesday, 01-Jan-25 00:00:30 GMT", now)).toBe(
      30_000,
    );
    const zone = process.env.TZ;
    process.env.TZ = "Asia/Karachi";
    try {
      expect(parseRetryAfter("Wed Jan  1 00:00:30 2025", now)).toBe(30_000);
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });
  it("reads an impossible date as unreadable", () => {
    expect(
      parseRetryAfter("Wed, 32 Jan 2025 00:00:30 GMT", now),
    ).toBeUndefined();
  });
});

it("retries 429, 502, 503 and 504 only", () => {
  expect([429, 502, 503, 504].every(isRetryableStatus)).toBe(true);
  expect([400, 401, 403, 404, 409, 500, 501, 505].some(isRetryableStatus)).toBe(
    false,
  );
});

describe("read retries", () => {
  it("a read answered 503 with an unreadable Retry-After (-1) backs off as usual", async () => {
    const time = fakeClock(true);
    const bank = await startBank({
      operation: (_req, res) => sendJson(res, 503, {}, { "retry-after": "-1" }),
    });
    const transport = client(bank, { clock: time.clock, random: () => 0.5 });
    await rejection(transport.call(READ, {}));
    expect(time.sleeps).toEqual([100, 200]);
  });

  it("a read meeting 503 is retried with backoff and succeeds", async () => {
    const time = fakeClock(true);
    const bank = await startBank({
      operation: (_req, res, n) =>
        n < 3
          ? sendJson(res, 503, { busy: true })
          : sendJson(res, 200, { status: "SETTLED" }),
    });
    const transport = client(bank, { clock: time.clock, random: () => 0.5 });
    await expect(transport.call(READ, { id: "t-1" })).resolves.toEqual({
      status: "SETTLED",
    });
    expect(bank.calls(READ.path)).toBe(3);
    expect(time.sleeps).toEqual([100, 200]); // half of 200, half of 400
    // The same serialized body each time.
    expect(
      new Set(
        bank.requests.filter((r) => r.path === READ.path).map((r) => r.body),
      ),
    ).toEqual(new Set(['{"id":"t-1"}']));
  });

  it("honours Retry-After on a retried 503 too", async () => {
    const time = fakeClock(true);
    const bank = await startBank({
      operation: (_req, res, n) =>
        n === 1
          ? sendJson(res, 503, {}, { "retry-after": "3" })
          : sendJson(res, 200, { n }),
    });
    await expect(
      client(bank, { clock: time.clock }).call(READ, {}),
    ).resolves.toEqual({ n: 2 });
    expect(time.sleeps).toEqual([3000]);
  });

  it("gives up after `attempts` tries with the last error", async () => {
    const time = fakeClock(true);
    const bank = await startBank({
      operation: (_req, res) => sendJson(res, 502, { gw: 1 }),
    });
    const error = await rejection(
      client(bank, { clock: time.clock }).call(READ, {}),
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 502,
      body: { gw: 1 },
      operation: READ.name,
    });
    expect(bank.calls(READ.path)).toBe(3);

    await rejection(
      client(bank, { clock: time.clock, retry: { attempts: 5 } }).call(
        READ,
        {},
      ),
    );
    expect(bank.calls(READ.path)).toBe(8);
    await rejection(
      client(bank, { clock: time.clock }).call(
        READ,
        {},
        { retry: { attempts: 2 } },
      ),
    );
    expect(bank.calls(READ.path)).toBe(10);
  });

  it("retry: false on the call disables retrying", async () => {
    const time = fakeClock(true);
    const bank = await startBank({
      operation: (_req, res) => sendJson(res, 503, {}),
    });
    await rejection(
      client(bank, { clock: time.clock }).call(READ, {}, { retry: false }),
    );
    expect(bank.calls(READ.path)).toBe(1);
  });

  it("does not retry other statuses", async () => {
    const time = fakeClock(true);
    const bank = await startBank({
      operation: (_req, res) => sendJson(res, 500, { e: 1 }),
    });
    await expect(
      client(bank, { clock: time.clock }).call(READ, {}),
    ).rejects.toMatchObject({ status: 500 });
    expect(bank.calls(READ.path)).toBe(1);
    expect(time.sleeps).toEqual([]);
  });

  it("honours Retry-After on a 429 and pauses the limiter", async () => {
    const time = fakeClock(true);
    const bank = await startBank({
      operation: (_req, res, n) =>
        n === 1
          ? sendJson(res, 429, {}, { "retry-after": "2" })
          : sendJson(res, 200, { n }),
    });
    const transport = client(bank, { clock: time.clock, random: () => 0 });
    const started = time.now();
    await expect(transport.call(READ, {})).resolves.toEqual({ n: 2 });
    // Waited the Retry-After (2 s), not the jittered backoff (0 here).
    expect(time.sleeps).toEqual([2000]);
    expect(time.now() - started).toBe(2000);
    expect(bank.calls(READ.path)).toBe(2);
  });

  it("a 429's Retry-After (HTTP date) pauses later calls too", async () => {
    const time = fakeClock(false, Date.parse("2025-01-01T00:00:00Z"));
    const bank = await startBank({
      operation: (_req, res, n) =>
        n === 1
          ? sendJson(
              res,
              429,
              {},
              { "retry-after": "Wed, 01 Jan 2025 00:00:30 GMT" },
            )
          : sendJson(res, 200, {}),
    });
    const transport = client(bank, {
      clock: time.clock,
      rateLimit: { limit: 1000, intervalMs: 60_000, mode: "reject" },
    });
    const error = await rejection(transport.call(WRITE, { amount: 1 }));
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfterMs).toBe(30_000);
    expect((error as Error).cause).toBeInstanceOf(ApiError);
    // The limiter now rejects without sending anything.
    const early = await rejection(transport.call(READ, {}));
    expect(early).toMatchObject({ retryAfterMs: 30_000 });
    expect(bank.calls(READ.path) + bank.calls(WRITE.path)).toBe(1);
    time.advance(30_000);
    await expect(transport.call(READ, {})).resolves.toEqual({});
  });

  it("a RateLimitError names the operation refused, the bank's 429 or the client's own limit", async () => {
    const time = fakeClock(true);
    const bank = await startBank({
      operation: (_req, res) => sendJson(res, 429, {}, { "retry-after": "30" }),
    });
    const transport = client(bank, {
      clock: time.clock,
      rateLimit: { limit: 1, intervalMs: 60_000, mode: "reject" },
    });
    const refused = await rejection(transport.call(WRITE, { amount: 1 }));
    expect(refused).toBeInstanceOf(RateLimitError);
    expect(refused).toMatchObject({
      operation: WRITE.name,
      message: `${WRITE.name} failed: rate limited`,
    });
    expect((refused as Error).cause).toMatchObject({ status: 429 });
    // The limiter (one call a minute) refuses the next call unsent.
    const limited = await rejection(transport.call(READ, {}));
    expect(limited).toBeInstanceOf(RateLimitError);
    expect((limited as Error).cause).toBeUndefined();
    expect(limited).toMatchObject({ operation: READ.name });
    expect((limited as Error).message).toContain(READ.name);
    expect(bank.calls(READ.path) + bank.calls(WRITE.path)).toBe(1);
  });

  it("does not block on a Retry-After longer than maxDelayMs", async () => {
    const time = fakeClock(true);
    const bank = await startBank({
      operation: (_req, res) =>
        sendJson(res, 429, {}, { "retry-after": "3600" }),
    });
    const error = await rejection(
      client(bank, { clock: time.clock, rateLimit: false }).call(READ, {}),
    );
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfterMs).toBe(3_600_000);
    expect(bank.calls(READ.path)).toBe(1);
  });

  it("refuses retry delays that are NaN or negative, per client and per call, before sending", async () => {
    const time = fakeClock(true);
    const bank = await startBank({
      operation: (_req, res) =>
        sendJson(res, 429, {}, { "retry-after": "3600" }),
    });
    const bad = [
      // NaN compares false: a Retry-After of an hour would be waited out.
      { maxDelayMs: Number.NaN },
      { maxDelayMs: -1 },
      // A NaN or negative backoff retries at once.
      { baseDelayMs: Number.NaN },
      { baseDelayMs: -200 },
    ];
    for (const retry of bad) {
      expect(() => client(bank, { retry })).toThrow(ConfigError);
      const transport = client(bank, { clock: time.clock, rateLimit: false });
      const error = await rejection(transport.call(READ, {}, { retry }));
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as Error).message).toBe("retry is out of range");
    }
    expect(bank.calls(READ.path)).toBe(0);
    expect(time.sleeps).toEqual([]);
    // 0 and Infinity are choices: no wait between tries, any Retry-After waited for.
    const transport = client(bank, {
      clock: time.clock,
      rateLimit: false,
      retry: { attempts: 2, baseDelayMs: 0, maxDelayMs: Infinity },
    });
    expect(await rejection(transport.call(READ, {}))).toBeInstanceOf(
      RateLimitError,
    );
    expect(time.sleeps).toEqual([3_600_000]);
  });

  it("a 429 asking for ever pauses later calls for one window, not for good", async () => {
    const time = fakeClock(false);
    const bank = await startBank({
      operation: (_req, res, n) =>
        n === 1
          ? sendJson(res, 429, {}, { "retry-after": "9".repeat(400) })
          : sendJson(res, 200, { n }),
    });
    const transport = client(bank, {
      clock: time.clock,
      rateLimit: { limit: 1000, intervalMs: 60_000, mode: "reject" },
    });
    const error = await rejection(transport.call(READ, {}));
    expect(error).toBeInstanceOf(RateLimitError);
    // Paused, but only for the plan's window: then calls go through again.
    const early = await rejection(transport.call(READ, {}));
    expect(early).toMatchObject({ retryAfterMs: 60_000 });
    time.advance(60_000);
    await expect(transport.call(READ, {})).resolves.toEqual({ n: 2 });
  });

  it("retries a read after a network error", async () => {
    const time = fakeClock(true);
    const bank = await startBank({
      operation: (_req, res, n) =>
        n === 1 ? res.socket?.destroy() : sendJson(res, 200, { n }),
    });
    await expect(
      client(bank, { clock: time.clock }).call(READ, {}),
    ).resolves.toEqual({ n: 2 });
    expect(bank.calls(READ.path)).toBe(2);
  });

  it("a read that cannot connect ends in NetworkError after its attempts", async () => {
    const time = fakeClock(true);
    const bank = await startBank();
    const port = await deadPort();
    const transport = client(bank, {
      baseUrl: `http://127.0.0.1:${port}`,
      clock: time.clock,
    });
    const error = await rejection(transport.call(READ, {}));
    expect(error).toBeInstanceOf(NetworkError);
    expect(time.sleeps).toHaveLength(2);
  });

  it("a read timeout is a TimeoutError and is retried", async () => {
    const time = fakeClock(true);
    const bank = await startBank({
      operation: (_req, res, n) =>
        n === 1 ? undefined : sendJson(res, 200, { n }),
    });
    await expect(
      client(bank, { clock: time.clock, timeoutMs: 100 }).call(READ, {}),
    ).resolves.toEqual({ n: 2 });

    const hanging = await startBank({ operation: () => undefined });
    const error = await rejection(
      client(hanging, { clock: time.clock }).call(
        READ,
        {},
        { timeoutMs: 50, retry: { attempts: 2 } },
      ),
    );
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ operation: READ.name, timeoutMs: 50 });
    expect(hanging.calls(READ.path)).toBe(2);
  });

  it("an abort during the backoff wait stops retrying", async () => {
    const time = fakeClock(false);
    const bank = await startBank({
      operation: (_req, res) => sendJson(res, 503, {}),
    });
    const controller = new AbortController();
    const call = client(bank, { clock: time.clock }).call(
      READ,
      {},
      { signal: controller.signal },
    );
    await vi.waitFor(() => expect(time.pending()).toBe(1));
    controller.abort("enough");
    await expect(call).rejects.toBe("enough");
    expect(bank.calls(READ.path)).toBe(1);
  });
});
