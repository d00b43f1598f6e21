/**
 * The client-side rate limiter, checked against random schedules of calls,
 * aborts, pauses (a 429's Retry-After) and the passing of time
 * (fast-check, on a fake clock): never more than `limit` sends in any
 * window, nothing sent during a pause, every call that is not abandoned
 * sent in the end, and an abandoned one never.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { RateLimitError } from "../../src/runtime/errors.js";
import { createLimiter } from "../../src/runtime/limiter.js";
import { fakeClock, microtasks } from "./helpers/server.js";

type Step =
  | { readonly kind: "call" }
  | { readonly kind: "advance"; readonly ms: number }
  | { readonly kind: "abort"; readonly call: number }
  | { readonly kind: "pause"; readonly forMs: number };

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
  it("never exceeds its limit in any window, sends nothing during a pause, and sends every call not abandoned", async () => {
    await fc.assert(
      fc.asyncProperty(schedule, async ({ limit, intervalMs, mode, steps }) => {
        const time = fakeClock();
        const limiter = createLimiter(limit, intervalMs, mode, time.clock);
        const sends: number[] = [];
        // Each pause, and how many sends had happened when it was asked for.
        const pauses: { from: number; until: number; after: number }[] = [];
        const calls: {
          controller: AbortController;
          state: "waiting" | "sent" | "aborted" | "rejected";
        }[] = [];

        for (const each of steps) {
          if (each.kind === "call") {
            const call = {
              controller: new AbortController(),
              state: "waiting" as (typeof calls)[number]["state"],
            };
            calls.push(call);
            let turn: number | Promise<number>;
            try {
              turn = limiter.acquire(call.controller.signal);
            } catch (error) {
              expect(mode).toBe("reject");
              expect(error).toBeInstanceOf(RateLimitError);
              call.state = "rejected";
              continue;
            }
            // "reject" never makes a caller wait.
            if (mode === "reject") expect(turn).toBe(time.now());
            if (typeof turn === "number") {
              // A slot free now is for now.
              expect(turn).toBe(time.now());
              call.state = "sent";
              sends.push(time.now());
            } else {
              turn.then(
                () => {
                  call.state = "sent";
                  sends.push(time.now());
                },
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
          } else {
            limiter.pause(time.now() + each.forMs);
            // Held for at most one window, however long the pause asked for.
            const until = time.now() + Math.min(each.forMs, intervalMs);
            pauses.push({ from: time.now(), until, after: sends.length });
          }
          await microtasks();
        }
        // Time enough for every waiter still queued.
        for (let i = 0; i <= calls.length + 2; i++) {
          await time.step(intervalMs + 2000);
        }

        // At most `limit` sends in any window of intervalMs.
        expect([...sends].sort((a, b) => a - b)).toEqual(sends);
        for (let i = 0; i + limit < sends.length; i++) {
          expect(sends[i + limit]! - sends[i]!).toBeGreaterThanOrEqual(
            intervalMs,
          );
        }
        // Nothing sent after a pause was asked for, until it ends.
        for (const pause of pauses) {
          for (const sent of sends.slice(pause.after)) {
            expect(
              sent >= pause.from && sent < pause.until,
              `sent at ${sent} during a pause`,
            ).toBe(false);
          }
        }
        // Every call ends sent, aborted (only if its abort came before its turn) or rejected.
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
