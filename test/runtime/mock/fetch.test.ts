/**
 * The msw-free adapter: a `fetch` answered by the mock engine. Each outcome
 * kind, aborts before and during a call, no timers left behind, and the
 * real transport reading a lost answer the way it reads undici's.
 */
import { oauth2ClientCredentials } from "../../../src/runtime/auth.js";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createMockFetch } from "../../../src/runtime/mock/fetch.js";
import { createMockHandlers } from "../../../src/runtime/mock/msw.js";
import { createTransport } from "../../../src/runtime/transport.js";
import {
  NetworkError,
  OutcomeUnknownError,
  TimeoutError,
} from "../../../src/runtime/errors.js";
import {
  api,
  fetchToken,
  postOperation,
  validAccount,
  validSend,
} from "./fixture.js";

const READ = {
  name: "get_txn_status",
  path: "/get_txn_status",
  effect: "read",
} as const;
const WRITE = {
  name: "send_txns",
  path: "/send_txns",
  effect: "write",
} as const;

/**
 * Timers set through the global `setTimeout` and neither fired nor cleared
 * yet: none may outlive a settled call. Counts only timers set after it is
 * called; `stop` restores the globals.
 */
function trackTimers(): { pending(): number; stop(): void } {
  const live = new Set<unknown>();
  const spySet = vi.spyOn(globalThis, "setTimeout").mockImplementation(((
    callback: (...args: unknown[]) => void,
    ms?: number,
    ...args: unknown[]
  ) => {
    const handle: unknown = realSetTimeout(() => {
      live.delete(handle);
      callback(...args);
    }, ms);
    live.add(handle);
    return handle;
  }) as typeof setTimeout);
  const spyClear = vi.spyOn(globalThis, "clearTimeout").mockImplementation(((
    handle?: unknown,
  ) => {
    live.delete(handle);
    realClearTimeout(handle as Parameters<typeof clearTimeout>[0]);
  }) as typeof clearTimeout);
  return {
    pending: () => live.size,
    stop: () => {
      spySet.mockRestore();
      spyClear.mockRestore();
    },
  };
}
const realSetTimeout = globalThis.setTimeout;
const realClearTimeout = globalThis.clearTimeout;
afterEach(() => {
  vi.restoreAllMocks();
});

/** The reason a promise rejects with (fails the test if it resolves). */
async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected a rejection");
}

/** A transport as the generated clients make one, over `fetch`. */
function transport(
  fetch: typeof globalThis.fetch,
  options: { timeoutMs?: number } = {},
) {
  return createTransport(
    {
      baseUrl: "https://remittance.mock",
      authUrl: "https://auth.mock",
      clientId: "mock-client-id",
      clientSecret: "mock-client-secret",
      fetch,
      rateLimit: false,
      retry: { attempts: 2, baseDelayMs: 1, maxDelayMs: 1 },
      ...options,
    },
    { plan: api.plan },
    oauth2ClientCredentials("/oauth2/token"),
  );
}

describe("createMockFetch", () => {
  it("answers the token endpoint and operations, and records the calls", async () => {
    const fetch = createMockFetch(api);
    const bearer = await fetchToken(fetch);
    const res = await postOperation(
      fetch,
      "/get_acct_title",
      { account: validAccount },
      bearer,
    );
    expect(res.status).toBe(200);
    expect(((await res.json()) as { account: unknown }).account).toBeDefined();
    // A Request as input works as with fetch.
    const again = await fetch(
      new Request("https://remittance.mock/send_txns", {
        method: "POST",
        headers: {
          authorization: `Bearer ${bearer}`,
          "content-type": "application/json",
        },
        body: JSON.stringify(validSend),
      }),
    );
    expect(again.status).toBe(200);
    expect(fetch.engine.tokenRequests).toBe(1);
    expect(fetch.engine.calls.map((c) => [c.operation, c.status])).toEqual([
      ["get_acct_title", 200],
      ["send_txns", 200],
    ]);
  });

  it("answers a URL it does not serve 404 instead of going to the network", async () => {
    const fetch = createMockFetch(api);
    const res = await fetch("https://example.com/elsewhere", {
      method: "POST",
    });
    expect(res.status).toBe(404);
    expect(fetch.engine.calls).toEqual([]);
  });

  it("refuses a token or the client secret in the path 400, never repeating it (in process too)", async () => {
    const fetch = createMockFetch(api, { clientSecret: "in-env-s3cret" });
    const token = await (async () => {
      const res = await fetch("https://auth.mock/oauth2/token", {
        method: "POST",
        headers: {
          authorization: `Basic ${btoa("mock-client-id:in-env-s3cret")}`,
          "content-type": "application/x-www-form-urlencoded",
        },
        body: "grant_type=client_credentials",
      });
      return ((await res.json()) as { access_token: string }).access_token;
    })();
    const answers = await Promise.all(
      [
        `https://remittance.mock/get_acct_title/${token}`,
        "https://auth.mock/oauth2/token/in-env-s3cret",
        "https://remittance.mock/unknown/in-env-s3cret",
        "https://remittance.mock/v1/nothing-here",
      ].map((url) => fetch(url, { method: "POST", body: "{}" })),
    );
    expect(answers.map((res) => res.status)).toEqual([400, 400, 400, 404]);
    const bodies = (await Promise.all(answers.map((res) => res.text()))).join(
      "\n",
    );
    expect(bodies).not.toContain(token);
    expect(bodies).not.toContain("in-env-s3cret");
    expect(bodies).not.toContain("nothing-here");
    expect(bodies).toContain(
      "No mocked operation at /[redacted]/[redacted]; operations: POST /get_acct_title, POST /send_txns,",
    );
    expect(fetch.engine.calls).toEqual([]);
  });

  it("gives each mock fetch its own engine (no shared state)", async () => {
    const first = createMockFetch(api);
    const second = createMockFetch(api, { baseUrl: "https://other.mock" });
    await fetchToken(first);
    expect(first.engine).not.toBe(second.engine);
    expect(first.engine.tokenRequests).toBe(1);
    expect(second.engine.tokenRequests).toBe(0);
    expect(second.engine.options.baseUrl).toBe("https://other.mock");
    expect(Object.isFrozen(first)).toBe(true);
  });

  it("waits the latency before answering", async () => {
    const fetch = createMockFetch(api, { latencyMs: 120 });
    const started = performance.now();
    await fetchToken(fetch);
    expect(performance.now() - started).toBeGreaterThanOrEqual(110);
  });

  it("rejects an already aborted call with the signal's reason, recording nothing", async () => {
    const fetch = createMockFetch(api);
    const bearer = await fetchToken(fetch);
    const controller = new AbortController();
    const reason = new Error("caller gave up");
    controller.abort(reason);
    expect(
      await rejection(
        postOperation(
          fetch,
          "/send_txns",
          validSend,
          bearer,
          controller.signal,
        ),
      ),
    ).toBe(reason);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetch.engine.calls).toEqual([]);
    // msw's adapter does the same: the engine never sees the request.
    const handlers = createMockHandlers(api);
    const { setupServer } = await import("msw/node");
    const server = setupServer(...handlers);
    server.listen({ onUnhandledRequest: "error" });
    try {
      const mswBearer = await fetchToken(globalThis.fetch);
      expect(
        await rejection(
          postOperation(
            globalThis.fetch,
            "/send_txns",
            validSend,
            mswBearer,
            controller.signal,
          ),
        ),
      ).toBe(reason);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(handlers.engine.calls).toEqual([]);
    } finally {
      server.close();
    }
  });

  it("rejects a call aborted during its latency at once, with the reason, and clears the timer", async () => {
    const fetch = createMockFetch(api);
    const bearer = await fetchToken(fetch);
    fetch.engine.setOverride("send_txns", { latencyMs: 60_000 });
    const timers = trackTimers();
    const controller = new AbortController();
    const pending = postOperation(
      fetch,
      "/send_txns",
      validSend,
      bearer,
      controller.signal,
    );
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(timers.pending()).toBe(1);
    const reason = new Error("stop");
    const started = performance.now();
    controller.abort(reason);
    expect(await rejection(pending)).toBe(reason);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(timers.pending()).toBe(0);
    // The engine answered before the wait, as behind msw.
    expect(fetch.engine.calls.map((c) => c.outcome)).toEqual(["answered"]);
  });

  it("rejects a drop like undici's lost connection: TypeError('fetch failed') with no code", async () => {
    const fetch = createMockFetch(api);
    const bearer = await fetchToken(fetch);
    fetch.engine.setOverride("send_txns", {
      fault: { kind: "applied-then-drop" },
      faultTimes: 1,
      latencyMs: 50,
    });
    const started = performance.now();
    const error = await rejection(
      postOperation(fetch, "/send_txns", validSend, bearer),
    );
    expect(performance.now() - started).toBeGreaterThanOrEqual(45);
    expect(error).toBeInstanceOf(TypeError);
    expect(error).toMatchObject({ message: "fetch failed" });
    for (
      let cause: unknown = error;
      cause;
      cause = (cause as { cause?: unknown }).cause
    ) {
      expect((cause as { code?: unknown }).code).toBeUndefined();
    }
    expect(fetch.engine.calls.map((c) => [c.outcome, c.applied])).toEqual([
      ["applied-then-dropped", true],
    ]);

    fetch.engine.setOverride("send_txns", {
      fault: { kind: "drop" },
      latencyMs: 60_000,
    });
    const controller = new AbortController();
    const timers = trackTimers();
    const pending = postOperation(
      fetch,
      "/send_txns",
      validSend,
      bearer,
      controller.signal,
    );
    await new Promise((resolve) => setTimeout(resolve, 30));
    controller.abort();
    expect(await rejection(pending)).toMatchObject({ name: "AbortError" });
    expect(timers.pending()).toBe(0);
  });

  it("leaves a hang unanswered until the signal aborts, then rejects with its reason", async () => {
    const fetch = createMockFetch(api);
    const bearer = await fetchToken(fetch);
    fetch.engine.setOverride("get_txn_status", { fault: { kind: "timeout" } });
    const timers = trackTimers();
    let settled = false;
    const pending = postOperation(
      fetch,
      "/get_txn_status",
      {},
      bearer,
      AbortSignal.timeout(150),
    ).finally(() => {
      settled = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(settled).toBe(false);
    expect(await rejection(pending)).toMatchObject({ name: "TimeoutError" });
    expect(fetch.engine.calls.map((c) => c.outcome)).toEqual(["timed-out"]);
    expect(timers.pending()).toBe(0);
  });

  it("ends a hang when the caller's signal aborts, also after a garbage collection", async () => {
    // The Request's own signal follows the caller's only while that
    // Request lives: a hang must listen to the caller's signal itself.
    const fetch = createMockFetch(api);
    const bearer = await fetchToken(fetch);
    fetch.engine.setOverride("get_txn_status", { fault: { kind: "timeout" } });
    const controller = new AbortController();
    const pending = postOperation(
      fetch,
      "/get_txn_status",
      {},
      bearer,
      controller.signal,
    );
    let settled = false;
    void pending.catch(() => undefined).finally(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    collectGarbage();
    await new Promise((resolve) => setTimeout(resolve, 20));
    controller.abort(new Error("gave up"));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(settled).toBe(true);
    expect(await rejection(pending)).toMatchObject({ message: "gave up" });
  });
});

/** V8's full garbage collection, without starting Node with --expose-gc. */
function collectGarbage(): void {
  setFlagsFromString("--expose-gc");
  (runInNewContext("gc") as () => void)();
}

describe("the real transport over createMockFetch", () => {
  it("makes a dropped write OutcomeUnknownError, applied or not, sent once", async () => {
    const fetch = createMockFetch(api);
    const client = transport(fetch);
    for (const kind of ["drop", "applied-then-drop"] as const) {
      fetch.engine.reset();
      fetch.engine.setOverride("send_txns", { fault: { kind } });
      const error = await rejection(client.call(WRITE, validSend));
      expect(error).toBeInstanceOf(OutcomeUnknownError);
      expect(error).toMatchObject({
        operation: "send_txns",
        requestBody: validSend,
      });
      expect(fetch.engine.calls).toHaveLength(1);
    }
  });

  it("retries a dropped read and reports a NetworkError when every try is dropped", async () => {
    const fetch = createMockFetch(api);
    const client = transport(fetch);
    fetch.engine.setOverride("get_txn_status", {
      fault: { kind: "drop" },
      faultTimes: 1,
    });
    await expect(client.call(READ, {})).resolves.toBeDefined();
    fetch.engine.setOverride("get_txn_status", { fault: { kind: "drop" } });
    expect(await rejection(client.call(READ, {}))).toBeInstanceOf(NetworkError);
    expect(fetch.engine.calls.map((c) => c.outcome)).toEqual([
      "dropped",
      "answered",
      "dropped",
      "dropped",
    ]);
  });

  it("ends a hang on the client's timeout: TimeoutError for a read, OutcomeUnknownError for a write", async () => {
    const fetch = createMockFetch(api);
    const client = transport(fetch, { timeoutMs: 100 });
    await client.call(READ, {}); // the token first, so only the hang is timed
    fetch.engine.reset();
    fetch.engine.setOverride("get_txn_status", {
      fault: { kind: "timeout" },
      faultTimes: 1,
    });
    fetch.engine.setOverride("send_txns", { fault: { kind: "timeout" } });
    const timers = trackTimers();
    const started = performance.now();
    // The read's first try times out and its retry is answered.
    await expect(client.call(READ, {})).resolves.toBeDefined();
    expect(performance.now() - started).toBeGreaterThanOrEqual(90);
    const error = await rejection(client.call(WRITE, validSend));
    expect(error).toBeInstanceOf(OutcomeUnknownError);
    expect((error as { cause?: unknown }).cause).toBeInstanceOf(TimeoutError);
    expect(fetch.engine.calls.map((c) => c.outcome)).toEqual([
      "timed-out",
      "answered",
      "timed-out",
    ]);
    expect(timers.pending()).toBe(0);
  });

  it("makes a write aborted while it hangs OutcomeUnknownError, and one aborted first a plain abort", async () => {
    const fetch = createMockFetch(api);
    const client = transport(fetch);
    fetch.engine.setOverride("send_txns", { fault: { kind: "timeout" } });
    const controller = new AbortController();
    const pending = client.call(WRITE, validSend, {
      signal: controller.signal,
    });
    await new Promise((resolve) => setTimeout(resolve, 30));
    controller.abort(new Error("shutdown"));
    expect(await rejection(pending)).toBeInstanceOf(OutcomeUnknownError);
    const reason = new Error("before");
    expect(
      await rejection(
        client.call(WRITE, validSend, { signal: AbortSignal.abort(reason) }),
      ),
    ).toBe(reason);
    expect(fetch.engine.calls).toHaveLength(1);
  });
});
