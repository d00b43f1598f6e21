/**
 * The client's defaults are named once, in src/runtime/defaults.ts, which
 * the transport and retry policy import and the docs print; here the values
 * the runtime acts on are the constants'. The docs' side is
 * test/render/docs/defaults.test.ts.
 */
import { oauth2ClientCredentials } from "../../src/runtime/auth.js";
import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it, vi } from "vitest";
import * as defaults from "../../src/runtime/defaults.js";
import {
  DEFAULT_RATE_LIMIT_MODE,
  DEFAULT_RETRY_ATTEMPTS,
  DEFAULT_RETRY_BASE_DELAY_MS,
  DEFAULT_RETRY_MAX_DELAY_MS,
  DEFAULT_TIMEOUT_MS,
  DEFAULT_TOKEN_REFRESH_MARGIN_MS,
  MAX_RETRY_ATTEMPTS,
  RETRYABLE_STATUSES,
} from "../../src/runtime/defaults.js";
import {
  ConfigError,
  RateLimitError,
  TimeoutError,
} from "../../src/runtime/errors.js";
import { backoffDelay, isRetryableStatus } from "../../src/runtime/retry.js";
import { createTransport } from "../../src/runtime/transport.js";
import {
  DEFAULTS,
  type ClientOptions,
  READ,
  client,
  closeAll,
  fakeClock,
  microtasks,
  rejection,
  startBank,
} from "./helpers/server.js";

afterEach(async () => {
  vi.useRealTimers();
  await closeAll();
});

/** A transport whose every request gets `answer`, counting the requests; sleeps pass at once. */
function counted(
  answer: (signal: AbortSignal) => Promise<Response>,
  extra: Partial<ClientOptions> = {},
) {
  const calls = { count: 0 };
  const transport = createTransport(
    {
      baseUrl: "https://bank.example",
      getAccessToken: async () => "token",
      fetch: (_input, init) => {
        calls.count++;
        return answer(init!.signal!);
      },
      clock: fakeClock(true).clock,
      ...extra,
    },
    DEFAULTS,
    oauth2ClientCredentials("/oauth2/token"),
  );
  return { transport, calls };
}

const unavailable = (retryAfter?: string) => async () =>
  new Response("", {
    status: 503,
    headers: retryAfter === undefined ? {} : { "retry-after": retryAfter },
  });

describe("the runtime acts on the defaults runtime/defaults.ts names", () => {
  it("times out after DEFAULT_TIMEOUT_MS", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    // Answers only its signal's abort, which the time-out sends.
    const { transport } = counted(
      (signal) =>
        new Promise<Response>((_resolve, reject) =>
          signal.addEventListener("abort", () => reject(signal.reason)),
        ),
    );
    let settled: unknown;
    void transport.call(READ, {}, { retry: false }).then(
      (value) => (settled = value),
      (error: unknown) => (settled = error),
    );
    await vi.advanceTimersByTimeAsync(DEFAULT_TIMEOUT_MS - 1);
    expect(settled).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBeInstanceOf(TimeoutError);
    expect((settled as TimeoutError).timeoutMs).toBe(DEFAULT_TIMEOUT_MS);
  });

  it("tries a read DEFAULT_RETRY_ATTEMPTS times, and takes up to MAX_RETRY_ATTEMPTS", async () => {
    const { transport, calls } = counted(unavailable());
    await rejection(transport.call(READ, {}));
    expect(calls.count).toBe(DEFAULT_RETRY_ATTEMPTS);
    calls.count = 0;
    await rejection(
      transport.call(READ, {}, { retry: { attempts: MAX_RETRY_ATTEMPTS } }),
    );
    expect(calls.count).toBe(MAX_RETRY_ATTEMPTS);
    const error = await rejection(
      transport.call(READ, {}, { retry: { attempts: MAX_RETRY_ATTEMPTS + 1 } }),
    );
    expect(error).toBeInstanceOf(ConfigError);
  });

  it("waits out a Retry-After of DEFAULT_RETRY_MAX_DELAY_MS, and no longer one", async () => {
    const seconds = DEFAULT_RETRY_MAX_DELAY_MS / 1000;
    const waited = counted(unavailable(String(seconds)));
    await rejection(waited.transport.call(READ, {}));
    expect(waited.calls.count).toBe(DEFAULT_RETRY_ATTEMPTS);
    const longer = counted(unavailable(String(seconds + 1)));
    await rejection(longer.transport.call(READ, {}));
    expect(longer.calls.count).toBe(1);
  });

  it("backs off from DEFAULT_RETRY_BASE_DELAY_MS up to DEFAULT_RETRY_MAX_DELAY_MS", () => {
    const half = () => 0.5;
    expect(backoffDelay(1, {}, half)).toBe(DEFAULT_RETRY_BASE_DELAY_MS / 2);
    expect(backoffDelay(2, {}, half)).toBe(DEFAULT_RETRY_BASE_DELAY_MS);
    expect(backoffDelay(30, {}, half)).toBe(DEFAULT_RETRY_MAX_DELAY_MS / 2);
  });

  it("refreshes a token DEFAULT_TOKEN_REFRESH_MARGIN_MS before it expires", async () => {
    const time = fakeClock();
    const bank = await startBank({ expiresIn: 3600 });
    const transport = client(bank, { clock: time.clock });
    await transport.call(READ, {});
    time.advance(3_600_000 - DEFAULT_TOKEN_REFRESH_MARGIN_MS - 1);
    await transport.call(READ, {});
    expect(bank.tokenRequests()).toBe(1);
    time.advance(1);
    await transport.call(READ, {});
    await vi.waitFor(() => expect(bank.tokenRequests()).toBe(2));
  });

  it("retries a read on exactly RETRYABLE_STATUSES", () => {
    const statuses: number[] = RETRYABLE_STATUSES.slice();
    for (let status = 100; status < 600; status++)
      expect(isRetryableStatus(status), String(status)).toBe(
        statuses.includes(status),
      );
  });

  it("keeps to the plan in DEFAULT_RATE_LIMIT_MODE", async () => {
    /** What a second call within the plan's one call per window does. */
    const secondCall = async (
      rateLimit?: "wait" | "reject",
    ): Promise<string> => {
      const transport = createTransport(
        {
          baseUrl: "https://bank.example",
          getAccessToken: async () => "token",
          fetch: async () => Response.json({}),
          clock: fakeClock().clock,
          rateLimit,
        },
        { ...DEFAULTS, plan: { name: "one", limit: 1, intervalMs: 1000 } },
        oauth2ClientCredentials("/oauth2/token"),
      );
      await transport.call(READ, {});
      const stop = new AbortController();
      let outcome = "waits";
      transport
        .call(READ, {}, { signal: stop.signal })
        .catch((error: unknown) => {
          if (error instanceof RateLimitError) outcome = "rejected";
        });
      await microtasks();
      stop.abort();
      await microtasks();
      return outcome;
    };
    expect(await secondCall("reject")).not.toBe(await secondCall("wait"));
    expect(await secondCall()).toBe(await secondCall(DEFAULT_RATE_LIMIT_MODE));
  });
});

describe("the runtime's TSDoc states its defaults as runtime/defaults.ts does", () => {
  it("gives each value beside its {@link} the constant's value, and links every constant", () => {
    const named: Record<string, unknown> = { ...defaults };
    const linked = new Set<string>();
    for (const file of [
      "transport",
      "retry",
      "limiter",
      "auth",
      "store-sharing",
      "redis-store",
    ]) {
      const text = readFileSync(
        new URL(`../../src/runtime/${file}.ts`, import.meta.url),
        "utf8",
      ).replace(/\n\s*\*\s*/g, " ");
      for (const [, value, name] of text.matchAll(
        /(\S+) \(\{@link (\w+)\}\)/g,
      )) {
        expect(name! in named, name).toBe(true);
        linked.add(name!);
        const constant = named[name!];
        // A list is said in words before its link: "429, 502, 503 and 504".
        if (Array.isArray(constant)) {
          const words = `${constant.slice(0, -1).join(", ")} and ${constant.at(-1)}`;
          expect(text).toContain(`${words} ({@link ${name}})`);
          continue;
        }
        expect(value!.replace(/^`(.*)`$/, "$1"), name).toBe(
          JSON.stringify(constant),
        );
      }
    }
    expect([...linked].sort()).toEqual(Object.keys(named).sort());
  });
});
