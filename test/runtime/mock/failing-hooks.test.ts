/**
 * Code the caller hands the engine (resolvers, fixed bodies, a custom error
 * body) can fail. The engine's promise is "never rejects: internal failures
 * become 500s", and a failed call is recorded like any other: a rejection
 * would crash `remitgen mock`'s process (an unhandled rejection) and give
 * msw users msw's own error page instead of the mock's.
 */
import { describe, expect, it } from "vitest";
import {
  createMockEngine,
  type MockOptions,
} from "../../../src/runtime/mock/engine.js";
import type { JsonValue } from "../../../src/runtime/json.js";
import { api, issueToken, opRequest, validSend } from "./fixture.js";

async function call(
  options: MockOptions,
  operation = "get_txn_status",
  body: JsonValue = {},
): Promise<{ status: number; body: any; calls: unknown[] }> {
  const engine = createMockEngine(api, options);
  const token = await issueToken(engine);
  const outcome = await engine.handle(
    opRequest(engine, operation, body, token),
  );
  if (outcome.kind !== "response") throw new Error(outcome.kind);
  return {
    status: outcome.response.status,
    body: await outcome.response.json(),
    calls: [...engine.calls],
  };
}

const cyclic: { self?: unknown } = {};
cyclic.self = cyclic;

describe("failing caller hooks", () => {
  it("a resolver answer JSON cannot write gets a recorded 500 mock_error", async () => {
    const r = await call({
      overrides: {
        get_txn_status: {
          resolver: () => ({ big: 1n }) as unknown as JsonValue,
        },
      },
    });
    expect(r.status).toBe(500);
    expect(r.body.error.code).toBe("mock_error");
    expect(r.calls).toMatchObject([{ status: 500, applied: false }]);
  });

  it("a fixed response or fault body JSON cannot write gets a recorded 500 mock_error", async () => {
    const fixed = await call({
      overrides: { get_txn_status: { response: cyclic as JsonValue } },
    });
    expect(fixed.status).toBe(500);
    expect(fixed.calls).toMatchObject([{ status: 500 }]);
    const fault = await call(
      {
        overrides: {
          send_txns: {
            fault: { kind: "status", status: 503, body: cyclic as JsonValue },
          },
        },
      },
      "send_txns",
      validSend,
    );
    expect(fault.status).toBe(500);
    expect(fault.body.error.code).toBe("mock_error");
    expect(fault.calls).toMatchObject([{ status: 500 }]);
  });

  it("a custom error body that throws: the engine answers 500 with the default body, never rejects", async () => {
    const r = await call(
      {
        conventions: {
          errorBody: () => {
            throw new Error("convention bug");
          },
        },
      },
      "send_txns",
      {},
    );
    expect(r.status).toBe(500);
    expect(r.body.error).toMatchObject({
      code: "mock_error",
      message: "Mock failure: convention bug",
    });
    expect(r.calls).toMatchObject([{ status: 500, applied: false }]);
    // The same for the body of an injected fault.
    const fault = await call(
      {
        conventions: {
          errorBody: () => {
            throw new Error("convention bug");
          },
        },
        overrides: { send_txns: { fault: { kind: "status", status: 503 } } },
      },
      "send_txns",
      validSend,
    );
    expect(fault.status).toBe(500);
    expect(fault.body.error.message).toBe("Mock failure: convention bug");
    expect(fault.calls).toMatchObject([{ status: 500 }]);
  });
});
