/**
 * The client-side rate limiter, checked against random schedules of calls,
 * aborts, pauses (a 429's Retry-After), answers and the passing of time
 * (fast-check, on a fake clock): never more than `limit` arrivals in any
 * window, whenever between its release and its answer each call arrives,
 * nothing sent during a pause, every call that is not abandoned sent in
 * the end, and an abandoned one never.
 */
import { oauth2ClientCredentials } from "../../src/runtime/auth.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { RateLimitError } from "../../src/runtime/errors.js";
import { createLimiter, type Permit } from "../../src/runtime/limiter.js";
import { createTransport } from "../../src/runtime/transport.js";
import {
  DEFAULTS,
  READ,
  WRITE,
  fakeClock,
  microtasks,
} from "./helpers/server.js";

type Step =
  | { readonly kind: "call" }
  | { readonly kind: "advance"; readonly ms: number }
  | { readonly kind: "abort"; readonly call: number }
  | { readonly kind: "pause"; readonly forMs: number }
  | {
      readonly kind: "answer";
      readonly call: number;
      /** Where between its release and its answer the call arrived, 0 to 1. */
      readonly arrival: number;
      /** Whether it was never sent after all (the connection was refused). */
      readonly unsent: boolean;
    };

const step: fc.Arbitrary<Step> = fc.oneof(
  { arbitrary: fc.constant({ kind: "call" } as const), weight: 5 },
  {
    arbitrary: fc.record({
      kind: fc.constant("advance" as const),
      ms: fc.integer({ min: 0, max: 1500 }),
    }),
    weight: 2,
  },
  {
    // Abandoned waiters leave gaps among the reservations: weighted up, as
    // that is where a window's count went wrong once.
    arbitrary: fc.record({
      kind: fc.constant("abort" as const),
      call: fc.nat(40),
    }),
    weight: 3,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant("answer" as const),
      call: fc.nat(40),
      arrival: fc.double({ min: 0, max: 1, noNaN: true }),
      unsent: fc.boolean(),
    }),
    weight: 4,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant("pause" as const),
      forMs: fc.integer({ min: 1, max: 2000 }),
    }),
    weight: 1,
  },
);

const schedule = fc.record({
  limit: fc.integer({ min: 1, max: 5 }),
  intervalMs: fc.integer({ min: 1, max: 1000 }),
  mode: fc.constantFrom("wait" as const, "reject" as const),
  steps: fc.array(step, { maxLength: 60 }),
});

describe("rate limiter properties", () => {
  it("never lets more than `limit` arrive in any window, sends nothing during a pause, and sends every call not abandoned", async () => {
    await fc.assert(
      fc.asyncProperty(schedule, async ({ limit, intervalMs, mode, steps }) => {
        const time = fakeClock();
        const limiter = createLimiter(limit, intervalMs, mode, time.clock);
        const sends: number[] = [];
        const arrivals: number[] = [];
        // Each pause, and how many sends had happened when it was asked for.
        const pauses: { from: number; until: number; after: number }[] = [];
        type Call = {
          controller: AbortController;
          state: "waiting" | "sent" | "answered" | "aborted" | "rejected";
          sentAt?: number;
          permit?: Permit;
        };
        const calls: Call[] = [];
        const sent = (call: Call, permit: Permit): void => {
          call.state = "sent";
          call.sentAt = time.now();
          call.permit = permit;
          sends.push(time.now());
        };
        const answer = (call: Call, arrival: number, unsent: boolean): void => {
          call.state = "answered";
          if (unsent) {
            sends.splice(sends.lastIndexOf(call.sentAt!), 1);
            call.permit!.release();
            return;
          }
          arrivals.push(
            call.sentAt! + Math.floor((time.now() - call.sentAt!) * arrival),
          );
          call.permit!.settle();
        };

        for (const each of steps) {
          if (each.kind === "call") {
            const call: Call = {
              controller: new AbortController(),
              state: "waiting",
            };
            calls.push(call);
            let turn: Permit | Promise<Permit>;
            try {
              turn = limiter.acquire(call.controller.signal);
            } catch (error) {
              expect(mode).toBe("reject");
              expect(error).toBeInstanceOf(RateLimitError);
              call.state = "rejected";
              continue;
            }
            // "reject" never makes a caller wait.
            if (mode === "reject") expect(turn).not.toBeInstanceOf(Promise);
            if (!(turn instanceof Promise)) {
              sent(call, turn);
            } else {
              turn.then(
                (permit) => sent(call, permit),
                () => (call.state = "aborted"),
              );
            }
          } else if (each.kind === "advance") {
            await time.step(each.ms);
          } else if (each.kind === "abort") {
            // A caller still waiting gives up (aborting a sent call changes nothing).
            const waiting = calls.filter((call) => call.state === "waiting");
            waiting[
              each.call % Math.max(waiting.length, 1)
            ]?.controller.abort();
          } else if (each.kind === "answer") {
            const inFlight = calls.filter((call) => call.state === "sent");
            const call = inFlight[each.call % Math.max(inFlight.length, 1)];
            if (call) answer(call, each.arrival, each.unsent);
          } else {
            limiter.pause(time.now() + each.forMs);
            // Held for at most one window, however long the pause asked for.
            const until = time.now() + Math.min(each.forMs, intervalMs);
            pauses.push({ from: time.now(), until, after: sends.length });
          }
          await microtasks();
        }
        // Time enough for every waiter still queued, each call answered
        // (arriving at once) as soon as it is sent.
        for (let i = 0; i <= calls.length + 2; i++) {
          for (const call of calls) {
            if (call.state === "sent") answer(call, 0, false);
          }
          await time.step(intervalMs + 2000);
        }

        // At most `limit` arrivals in any window of intervalMs.
        arrivals.sort((a, b) => a - b);
        for (let i = 0; i + limit < arrivals.length; i++) {
          expect(arrivals[i + limit]! - arrivals[i]!).toBeGreaterThanOrEqual(
            intervalMs,
          );
        }
        // Nothing sent after a pause was asked for, until it ends.
        expect([...sends].sort((a, b) => a - b)).toEqual(sends);
        for (const pause of pauses) {
          for (const sentAt of sends.slice(pause.after)) {
            expect(
              sentAt >= pause.from && sentAt < pause.until,
              `sent at ${sentAt} during a pause`,
            ).toBe(false);
          }
        }
        // Every call ends answered, aborted (only if its abort came before
        // its turn) or rejected.
        for (const call of calls) {
          expect(call.state).not.toBe("waiting");
          if (call.state === "aborted")
            expect(call.controller.signal.aborted).toBe(true);
        }
        expect(time.pending()).toBe(0);
      }),
      { numRuns: 1000 },
    );
  });
});

/** One call of a transport schedule. */
interface PlannedCall {
  /** When it is made, in ms from the start. */
  readonly at: number;
  readonly write: boolean;
  /** Its caller aborts it this long after making it, if set. */
  readonly abortAfter: number | undefined;
}

const transportSchedule = fc.record({
  limit: fc.integer({ min: 1, max: 3 }),
  intervalMs: fc.integer({ min: 1, max: 300 }),
  custom: fc.boolean(),
  // Latency of each token request (or custom getAccessToken call), in turn.
  tokenLatencies: fc.array(fc.integer({ min: 0, max: 120 }), {
    minLength: 1,
    maxLength: 8,
  }),
  // Issued tokens' expires_in in seconds (none: until a 401; 0: one call).
  expiresIn: fc.constantFrom(undefined, 0, 0.2, 1, 3600),
  // What the bank answers each operation request, in turn (then 200).
  answers: fc.array(fc.constantFrom(200, 200, 200, 401, 429, 503), {
    maxLength: 10,
  }),
  calls: fc.array(
    fc.record({
      at: fc.integer({ min: 0, max: 600 }),
      write: fc.boolean(),
      abortAfter: fc.option(fc.integer({ min: 0, max: 400 }), {
        nil: undefined,
      }),
    }),
    { minLength: 1, maxLength: 8 },
  ),
});

describe("transport rate limiting properties", () => {
  it("sends at most `limit` requests in any window however long tokens take, and settles every call", async () => {
    await fc.assert(
      fc.asyncProperty(transportSchedule, async (s) => {
        const time = fakeClock();
        const sends: number[] = [];
        let tokenRequests = 0;
        let answered = 0;
        const latency = (): number =>
          s.tokenLatencies[tokenRequests++ % s.tokenLatencies.length]!;
        const fetchFn = (async (input: string | URL | Request) => {
          if (String(input).endsWith("/oauth2/token")) {
            const n = tokenRequests;
            await time.clock.sleep(latency());
            return new Response(
              JSON.stringify({
                access_token: `tok-${n}`,
                token_type: "Bearer",
                ...(s.expiresIn === undefined
                  ? {}
                  : { expires_in: s.expiresIn }),
              }),
              { status: 200 },
            );
          }
          // The bank counts a request when it arrives: here, at fetch.
          sends.push(time.now());
          const status = s.answers[answered++] ?? 200;
          return new Response(status === 200 ? "{}" : "", {
            status,
            headers: status === 429 ? { "retry-after": "0" } : {},
          });
        }) as typeof fetch;
        const transport = createTransport(
          {
            baseUrl: "https://api.bank.example",
            fetch: fetchFn,
            clock: time.clock,
            random: () => 0,
            rateLimit: { limit: s.limit, intervalMs: s.intervalMs },
            retry: { attempts: 2, baseDelayMs: 5 },
            ...(s.custom
              ? {
                  getAccessToken: async () => {
                    const n = tokenRequests;
                    await time.clock.sleep(latency());
                    return `custom-${n}`;
                  },
                }
              : {
                  authUrl: "https://auth.bank.example",
                  clientId: "id",
                  clientSecret: "secret",
                }),
          },
          DEFAULTS,
          oauth2ClientCredentials("/oauth2/token"),
        );
        let settled = 0;
        const calls = [...s.calls].sort((a, b) => a.at - b.at);
        let next = 0;
        const aborts: { at: number; controller: AbortController }[] = [];
        // 1 ms at a time, letting everything due run before the next.
        for (let ms = 0; settled < calls.length; ms++) {
          expect(ms, "a call never settled").toBeLessThan(20_000);
          for (; calls[next]?.at === ms; next++) {
            const call: PlannedCall = calls[next]!;
            const controller = new AbortController();
            if (call.abortAfter !== undefined) {
              aborts.push({ at: ms + call.abortAfter, controller });
            }
            transport
              .call(
                call.write ? WRITE : READ,
                {},
                {
                  signal: controller.signal,
                },
              )
              .catch(() => undefined)
              .finally(() => settled++);
          }
          for (const abort of aborts) {
            if (abort.at === ms) abort.controller.abort();
          }
          await flush();
          await time.step(1);
          await flush();
        }

        for (let i = 0; i + s.limit < sends.length; i++) {
          expect(
            sends[i + s.limit]! - sends[i]!,
            `sends at ${sends.map((t) => t - sends[0]!).join(", ")}`,
          ).toBeGreaterThanOrEqual(s.intervalMs);
        }
      }),
      { numRuns: 150 },
    );
  }, 60_000);
});

/** Lets promise callbacks and response bodies run. */
async function flush(): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve));
  await microtasks();
}
