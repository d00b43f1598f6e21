/**
 * The transport's money rules, checked against random misbehaving banks
 * (fast-check): whatever the bank and the network do, a write is delivered
 * once (twice only as the one replay after a 401), an error other than
 * OutcomeUnknownError for a write means the bank certainly did not act,
 * every request still open when a call settles has been aborted, nothing
 * is sent after it settles, and no secret reaches an error.
 *
 * The bank is a scripted `fetch` in this process, so a run takes
 * milliseconds; the HTTP-level behaviour is covered against a real server
 * in transport.test.ts.
 */
import { oauth2ClientCredentials } from "../../src/runtime/auth.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  ApiError,
  AuthError,
  NetworkError,
  OutcomeUnknownError,
  RateLimitError,
  ClientError,
  TimeoutError,
} from "../../src/runtime/errors.js";
import {
  createTransport,
  type OperationDescriptor,
} from "../../src/runtime/transport.js";
import {
  CLIENT_ID,
  DEFAULTS,
  READ,
  SECRET,
  TOKEN_MARK,
  WRITE,
  expectNoSecrets,
  fakeClock,
} from "./helpers/server.js";

const BASE = "https://api.bank.example";
const AUTH = "https://auth.bank.example";
const TIMEOUT_MS = 10;
const SETTLE_MS = 2 * TIMEOUT_MS;
/** Far above the longest a scenario may take (a few timeouts in a row). */
const SETTLE_LIMIT_MS = 2000;

/** What the bank or the network does with one request. */
type Behaviour =
  | {
      readonly kind: "answer";
      readonly status: number;
      readonly body: "object" | "array" | "text" | "empty" | "echo";
      readonly retryAfter?: string;
    }
  | { readonly kind: "hang" } // delivered, never answered
  | { readonly kind: "hang-body" } // headers arrive, the body never ends
  | { readonly kind: "body-error" } // the connection drops mid-body
  | { readonly kind: "reset" } // delivered, then the connection drops
  | { readonly kind: "refused" }; // never left this machine

/**
 * Statuses after which the bank certainly did not act on a write: it
 * refused the request (4xx). A 5xx does not say the transfer was not made.
 */
const definiteFailure = (status: number): boolean =>
  status >= 400 && status < 500;

const answer = fc.record(
  {
    kind: fc.constant("answer" as const),
    status: fc.constantFrom(
      200,
      201,
      204,
      400,
      401,
      403,
      404,
      409,
      422,
      429,
      500,
      502,
      503,
      504,
    ),
    body: fc.constantFrom(
      "object" as const,
      "array" as const,
      "text" as const,
      "empty" as const,
      "echo" as const,
    ),
    retryAfter: fc.constantFrom("0", "1", "Wed, 21 Oct 2015 07:28:00 GMT"),
  },
  { requiredKeys: ["kind", "status", "body"] },
);

const behaviour: fc.Arbitrary<Behaviour> = fc.oneof(
  { arbitrary: answer, weight: 6 },
  {
    arbitrary: fc.constantFrom<Behaviour>(
      { kind: "hang" },
      { kind: "hang-body" },
      { kind: "body-error" },
      { kind: "reset" },
      { kind: "refused" },
    ),
    weight: 3,
  },
);

/** The token endpoint: usually a good token, sometimes not. */
const tokenBehaviour = fc.oneof(
  { arbitrary: fc.constant("token" as const), weight: 8 },
  {
    arbitrary: fc.constantFrom(
      "invalid-client" as const,
      "not-json" as const,
      "hang" as const,
      "refused" as const,
    ),
    weight: 1,
  },
);

const scenario = fc.record({
  write: fc.boolean(),
  attempts: fc.integer({ min: 1, max: 4 }),
  operation: fc.array(behaviour, { maxLength: 6 }),
  token: fc.array(tokenBehaviour, { maxLength: 3 }),
  /** The caller aborts while this operation request (1-based) is in flight. */
  abortAt: fc.option(fc.integer({ min: 1, max: 4 }), { nil: undefined }),
  /** Tokens from `getAccessToken` instead of the token endpoint. */
  customToken: fc.boolean(),
});

type Scenario = typeof scenario extends fc.Arbitrary<infer T> ? T : never;

interface Delivery {
  readonly behaviour: Behaviour;
  /**
   * Whether the bank may have acted on it, as far as the client can know:
   * anything but a definite failure that reached the client.
   */
  mayHaveActed: boolean;
}

interface Run {
  readonly deliveries: Delivery[];
  /** Operation fetches started, delivered or not. */
  readonly started: () => number;
  /** Fetches (token ones too) whose promise or body has not settled. */
  readonly open: () => number;
  readonly tokens: string[];
}

function rejectOnAbort(signal: AbortSignal | null | undefined): Promise<never> {
  return new Promise((_resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    signal?.addEventListener("abort", () => reject(signal.reason), {
      once: true,
    });
  });
}

function fetchFailure(code: string): TypeError {
  return new TypeError("fetch failed", {
    cause: Object.assign(new Error(`connect ${code}`), { code }),
  });
}

/** A scripted bank behind `fetch`, with the bookkeeping the properties need. */
function scriptedBank(
  s: Scenario,
  callerAbort: AbortController,
): { fetch: typeof fetch; run: Run } {
  const deliveries: Delivery[] = [];
  const tokens: string[] = [];
  const operationScript = [...s.operation];
  const tokenScript = [...s.token];
  let started = 0;
  let open = 0;

  const track = <T>(promise: Promise<T>): Promise<T> => {
    open++;
    return promise.finally(() => open--);
  };
  const body = (
    text: string,
    signal: AbortSignal | null | undefined,
    ending: "end" | "error" | "hang",
  ): ReadableStream<Uint8Array> => {
    open++;
    let closed = false;
    const close = (): void => {
      if (!closed) open--;
      closed = true;
    };
    return new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(text));
        if (ending === "end") {
          controller.close();
          close();
        } else if (ending === "error") {
          controller.error(fetchFailure("ECONNRESET"));
          close();
        } else {
          const stop = (): void => {
            controller.error(signal?.reason);
            close();
          };
          if (signal?.aborted) stop();
          else signal?.addEventListener("abort", stop, { once: true });
        }
      },
      cancel: close,
    });
  };

  const tokenFetch = async (init: RequestInit): Promise<Response> => {
    const next = tokenScript.shift() ?? "token";
    if (next === "refused") throw fetchFailure("ECONNREFUSED");
    if (next === "hang") return rejectOnAbort(init.signal);
    if (next === "invalid-client") {
      // A bank echoing the credentials it was sent.
      const echoed = `${SECRET} ${String(new Headers(init.headers).get("authorization"))}`;
      return new Response(
        JSON.stringify({ error: "invalid_client", error_description: echoed }),
        { status: 401, headers: { "content-type": "application/json" } },
      );
    }
    if (next === "not-json") return new Response("<html>", { status: 200 });
    const token = `${TOKEN_MARK}-${tokens.length + 1}`;
    tokens.push(token);
    return Response.json({
      access_token: token,
      token_type: "Bearer",
      expires_in: 3600,
    });
  };

  const operationFetch = async (init: RequestInit): Promise<Response> => {
    started++;
    const signal = init.signal;
    if (signal?.aborted) throw signal.reason; // fetch refuses an aborted signal: nothing sent
    const next = operationScript.shift() ?? {
      kind: "answer",
      status: 200,
      body: "object",
    };
    if (next.kind === "refused") throw fetchFailure("ECONNREFUSED");
    const delivery: Delivery = {
      behaviour: next,
      mayHaveActed: !(next.kind === "answer" && definiteFailure(next.status)),
    };
    deliveries.push(delivery);
    // The caller gives up while this request is in flight: whatever the
    // bank answers never reaches the client.
    if (deliveries.length === s.abortAt)
      callerAbort.abort(new Error("caller gave up"));
    if (signal?.aborted) {
      delivery.mayHaveActed = true;
      throw signal.reason;
    }
    switch (next.kind) {
      case "hang":
        return rejectOnAbort(signal);
      case "reset":
        throw fetchFailure("ECONNRESET");
      case "hang-body":
        return new Response(body('{"partial":', signal, "hang"), {
          status: 200,
        });
      case "body-error":
        return new Response(body('{"partial":', signal, "error"), {
          status: 200,
        });
      case "answer": {
        const bearer = new Headers(init.headers).get("authorization") ?? "";
        const text = {
          object: '{"ok":true}',
          array: "[1,2]",
          text: "<html>busy</html>",
          empty: "",
          echo: JSON.stringify({ youSent: bearer }),
        }[next.body];
        const noBody = next.status === 204;
        return new Response(noBody ? null : body(text, signal, "end"), {
          status: next.status,
          headers: next.retryAfter ? { "retry-after": next.retryAfter } : {},
        });
      }
    }
  };

  const fetchFn = ((input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    return track(
      url.startsWith(AUTH) ? tokenFetch(init) : operationFetch(init),
    );
  }) as typeof fetch;
  return {
    fetch: fetchFn,
    run: { deliveries, started: () => started, open: () => open, tokens },
  };
}

const TRANSFER = { amount: "125.00", currency: "PKR", reference: "inv-77" };

async function play(s: Scenario): Promise<{
  run: Run;
  outcome: { ok: true } | { ok: false; error: unknown };
}> {
  const callerAbort = new AbortController();
  const { fetch: fetchFn, run } = scriptedBank(s, callerAbort);
  const time = fakeClock(true);
  const transport = createTransport(
    {
      baseUrl: BASE,
      fetch: fetchFn,
      timeoutMs: TIMEOUT_MS,
      rateLimit: false,
      clock: time.clock,
      retry: { attempts: s.attempts, maxDelayMs: 10_000 },
      ...(s.customToken
        ? {
            getAccessToken: async ({ forceRefresh }) =>
              `${TOKEN_MARK}-custom-${forceRefresh ? "fresh" : "first"}`,
          }
        : { authUrl: AUTH, clientId: CLIENT_ID, clientSecret: SECRET }),
    },
    DEFAULTS,
    oauth2ClientCredentials("/oauth2/token"),
  );
  const operation: OperationDescriptor = s.write ? WRITE : READ;
  // Every call settles: a timeout that did not abort would hang here.
  let guard: ReturnType<typeof setTimeout> | undefined;
  const hung = new Promise<never>((_resolve, reject) => {
    guard = setTimeout(
      () =>
        reject(
          new Error(`the call did not settle within ${SETTLE_LIMIT_MS} ms`),
        ),
      SETTLE_LIMIT_MS,
    );
  });
  try {
    await Promise.race([
      transport.call(operation, TRANSFER, { signal: callerAbort.signal }),
      hung,
    ]);
    return { run, outcome: { ok: true } };
  } catch (error) {
    if (
      error instanceof Error &&
      error.message.startsWith("the call did not settle")
    )
      throw error;
    return { run, outcome: { ok: false, error } };
  } finally {
    clearTimeout(guard);
  }
}

const settle = (): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, SETTLE_MS));

describe("transport properties against a misbehaving bank", () => {
  it("never delivers a write twice, except the one replay after a 401", async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async (s) => {
        const { run } = await play({ ...s, write: true });
        const { deliveries } = run;
        expect(deliveries.length).toBeLessThanOrEqual(2);
        if (deliveries.length === 2) {
          expect(deliveries[0]!.behaviour).toMatchObject({ status: 401 });
        }
      }),
      { numRuns: 150 },
    );
  });

  it("fails a write with anything but OutcomeUnknownError only when the bank certainly did not act", async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async (s) => {
        const { run, outcome } = await play({ ...s, write: true });
        const acted = run.deliveries.some((each) => each.mayHaveActed);
        if (outcome.ok) {
          // Success: the last delivery was a readable 2xx.
          const last = run.deliveries.at(-1)?.behaviour;
          expect(last).toMatchObject({ kind: "answer" });
          expect((last as { status: number }).status).toBeLessThan(300);
          return;
        }
        const { error } = outcome;
        if (error instanceof OutcomeUnknownError) {
          // Only when something was delivered whose fate is unknown.
          expect(acted).toBe(true);
          expect(error.requestBody).toEqual(TRANSFER);
        } else {
          expect(
            acted,
            `a write failed with ${String(error)} after the bank may have acted`,
          ).toBe(false);
          expect(
            error instanceof ApiError ||
              error instanceof RateLimitError ||
              error instanceof AuthError ||
              error instanceof NetworkError ||
              (error as Error).message === "caller gave up",
            String(error),
          ).toBe(true);
        }
      }),
      { numRuns: 200 },
    );
  });

  it("sends a read at most `attempts` times (plus the 401 replay), and fails it only with the client's errors or the caller's abort", async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async (s) => {
        const { run, outcome } = await play({ ...s, write: false });
        expect(run.started()).toBeLessThanOrEqual(s.attempts + 1);
        if (!outcome.ok) {
          const { error } = outcome;
          expect(
            error instanceof ClientError ||
              (error as Error).message === "caller gave up",
            String(error),
          ).toBe(true);
          if (error instanceof TimeoutError) expect(error.code).toBe("TIMEOUT");
        }
      }),
      { numRuns: 150 },
    );
  });

  it("leaves no request open when a call settles, sends nothing after, and keeps every secret out of its errors", async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async (s) => {
        const { run, outcome } = await play(s);
        // Aborting settles a hung fetch within the same turn of the event loop.
        await Promise.resolve();
        expect(
          run.open(),
          "a request was still open after the call settled",
        ).toBe(0);
        const started = run.started();
        await settle();
        expect(run.started()).toBe(started);
        if (!outcome.ok) expectNoSecrets(outcome.error, run.tokens);
      }),
      { numRuns: 150 },
    );
  });
});

describe("transport properties under concurrency", () => {
  it("concurrent writes through token revocations: each delivered at most twice (the 401 replay), one token request per revocation", async () => {
    const plan = fc.record({
      writes: fc.integer({ min: 1, max: 8 }),
      /** Before these operation deliveries (0-based), the bank revokes every token issued so far. */
      revokeAt: fc.uniqueArray(fc.integer({ min: 0, max: 12 }), {
        maxLength: 3,
      }),
      /** Event-loop turns each answer takes, per delivery: interleaves the calls. */
      turns: fc.array(fc.integer({ min: 0, max: 3 }), {
        minLength: 20,
        maxLength: 20,
      }),
    });
    await fc.assert(
      fc.asyncProperty(plan, async (p) => {
        const valid = new Set<string>();
        let issued = 0;
        let tokenRequests = 0;
        let delivered = 0;
        let revocations = 0;
        const byReference = new Map<string, number[]>(); // statuses answered, per write
        const turn = (): Promise<void> =>
          new Promise((resolve) => setImmediate(resolve));
        const fetchFn = (async (
          input: RequestInfo | URL,
          init: RequestInit = {},
        ) => {
          if (String(input).startsWith(AUTH)) {
            tokenRequests++;
            await turn();
            const token = `${TOKEN_MARK}-${++issued}`;
            valid.add(token);
            return Response.json({ access_token: token, token_type: "Bearer" });
          }
          const index = delivered++;
          if (p.revokeAt.includes(index)) {
            valid.clear();
            revocations++;
          }
          const bearer =
            new Headers(init.headers).get("authorization")?.slice(7) ?? "";
          const status = valid.has(bearer) ? 200 : 401;
          const { reference } = JSON.parse(String(init.body)) as {
            reference: string;
          };
          byReference.set(reference, [
            ...(byReference.get(reference) ?? []),
            status,
          ]);
          for (let i = 0; i < (p.turns[index % p.turns.length] ?? 0); i++)
            await turn();
          return Response.json(
            status === 200 ? { ok: true } : { error: "invalid_token" },
            { status },
          );
        }) as typeof fetch;
        const transport = createTransport(
          {
            baseUrl: BASE,
            authUrl: AUTH,
            clientId: CLIENT_ID,
            clientSecret: SECRET,
            fetch: fetchFn,
            rateLimit: false,
          },
          DEFAULTS,
          oauth2ClientCredentials("/oauth2/token"),
        );
        const results = await Promise.allSettled(
          Array.from({ length: p.writes }, (_, i) =>
            transport.call(WRITE, { ...TRANSFER, reference: `w${i}` }),
          ),
        );
        for (const [i, result] of results.entries()) {
          const statuses = byReference.get(`w${i}`) ?? [];
          // Sent once; a second time only as the replay of a 401.
          expect(statuses.length).toBeGreaterThanOrEqual(1);
          expect(statuses.length).toBeLessThanOrEqual(2);
          if (statuses.length === 2) expect(statuses[0]).toBe(401);
          // It succeeds exactly when its last delivery was answered 200; a
          // second 401 is an AuthError, never a third send.
          if (statuses.at(-1) === 200) expect(result.status).toBe("fulfilled");
          else {
            expect(result.status).toBe("rejected");
            expect((result as PromiseRejectedResult).reason).toBeInstanceOf(
              AuthError,
            );
          }
        }
        // Concurrent callers share one refresh: the first token, then at most one per revocation.
        expect(tokenRequests).toBeLessThanOrEqual(1 + revocations);
      }),
      { numRuns: 150 },
    );
  });
});
