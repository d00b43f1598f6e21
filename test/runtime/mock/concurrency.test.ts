import { describe, expect, it } from "vitest";
import { createMockEngine } from "../../../src/runtime/mock/engine.js";
import { api, issueToken, opRequest, validSend } from "./fixture.js";

describe("concurrent calls", () => {
  it("give each call its own callIndex, in arrival order, and record calls in arrival order", async () => {
    const engine = createMockEngine(api, {
      rateLimit: { limit: 3, intervalMs: 60_000 },
      overrides: {
        send_txns: {
          // The first call fails, later ones succeed: a common test script.
          resolver: ({ callIndex }) => ({ callIndex }),
        },
      },
    });
    const token = await issueToken(engine);
    const outcomes = await Promise.all(
      [0, 1, 2, 3, 4].map(() =>
        engine.handle(opRequest(engine, "send_txns", validSend, token)),
      ),
    );
    const answers = await Promise.all(
      outcomes.map(async (o) => {
        if (o.kind !== "response") throw new Error(o.kind);
        return { status: o.response.status, body: await o.response.json() };
      }),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 429, 429]);
    expect(answers.slice(0, 3).map((a) => a.body)).toEqual([
      { callIndex: 0 },
      { callIndex: 1 },
      { callIndex: 2 },
    ]);
    // Recorded as they arrived, not as they finished (a 429 finishes first).
    expect(engine.calls.map((c) => c.status)).toEqual([
      200, 200, 200, 429, 429,
    ]);
  });

  it("hides a call until it is answered, and reset() drops calls still in flight", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const engine = createMockEngine(api, {
      overrides: {
        send_txns: {
          resolver: async ({ callIndex }) => {
            if (callIndex === 0) await gate;
            return { callIndex };
          },
        },
      },
    });
    const token = await issueToken(engine);
    const slow = engine.handle(
      opRequest(engine, "send_txns", validSend, token),
    );
    const fast = await engine.handle(
      opRequest(engine, "send_txns", validSend, token),
    );
    expect(fast.kind === "response" && (await fast.response.json())).toEqual({
      callIndex: 1,
    });
    expect(engine.calls).toHaveLength(1);
    release();
    await slow;
    expect(engine.calls.map((c) => c.status)).toEqual([200, 200]);

    const pending = engine.handle(
      opRequest(engine, "send_txns", validSend, token),
    );
    engine.reset();
    await pending;
    expect(engine.calls).toEqual([]);
    const after = await engine.handle(
      opRequest(engine, "send_txns", validSend, token),
    );
    expect(after.kind === "response" && (await after.response.json())).toEqual({
      callIndex: 0,
    });
  });
});
