import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createMockHandlers } from "../../../src/runtime/mock/msw.js";
import {
  api,
  fetchToken,
  postOperation,
  validAccount,
  validSend,
} from "./fixture.js";

const oddApi = {
  ...api,
  operations: [
    {
      name: "odd",
      method: "POST" as const,
      path: "/v1/acct(x):y*",
      effect: "read" as const,
    },
  ],
};

const handlers = createMockHandlers(api, {
  rateLimit: { limit: 50, intervalMs: 60_000 },
});
const odd = createMockHandlers(oddApi, { baseUrl: "https://odd.mock" });
const server = setupServer(...handlers, ...odd);
const { engine } = handlers;

beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => engine.reset());
afterAll(() => server.close());

describe("msw adapter", () => {
  it("is an array of handlers carrying the engine", () => {
    expect(Array.isArray(handlers)).toBe(true);
    expect(handlers).toHaveLength(1 + api.operations.length);
    expect(handlers.engine.options.baseUrl).toBe("https://remittance.mock");
  });

  it("serves the token endpoint and operations through plain fetch", async () => {
    const bearer = await fetchToken();
    const res = await postOperation(
      fetch,
      "/get_acct_title",
      { account: validAccount },
      bearer,
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as { account: unknown };
    expect(body.account).toBeDefined();
    const again = await postOperation(
      fetch,
      "/get_acct_title",
      { account: validAccount },
      bearer,
    );
    expect(await again.json()).toEqual(body);
    expect(engine.calls.map((c) => [c.operation, c.status])).toEqual([
      ["get_acct_title", 200],
      ["get_acct_title", 200],
    ]);
  });

  it("answers refusals from the engine (401, 400 with violations, 405)", async () => {
    const unauth = await postOperation(fetch, "/send_txns", validSend, "nope");
    expect(unauth.status).toBe(401);
    const bearer = await fetchToken();
    const bad = await postOperation(
      fetch,
      "/send_txns",
      { reference: "r" },
      bearer,
    );
    expect(bad.status).toBe(400);
    const details = (
      (await bad.json()) as { error: { details: { path: string }[] } }
    ).error.details;
    expect(details.map((d) => d.path)).toEqual([
      "/reference",
      "/reference",
      "/from",
      "/txns",
    ]);
    const get = await fetch("https://remittance.mock/send_txns", {
      headers: { authorization: `Bearer ${bearer}` },
    });
    expect(get.status).toBe(405);
  });

  it("turns drop and applied-then-drop into network errors", async () => {
    const bearer = await fetchToken();
    engine.setOverride("send_txns", {
      fault: { kind: "applied-then-drop" },
      faultTimes: 1,
    });
    await expect(
      postOperation(fetch, "/send_txns", validSend, bearer),
    ).rejects.toThrow(TypeError);
    const retry = await postOperation(fetch, "/send_txns", validSend, bearer);
    expect(retry.status).toBe(200);
    expect(engine.calls.map((c) => c.outcome)).toEqual([
      "applied-then-dropped",
      "answered",
    ]);
    expect(engine.calls[0]?.applied).toBe(true);

    engine.setOverride("get_txn_status", { fault: { kind: "drop" } });
    await expect(
      postOperation(fetch, "/get_txn_status", {}, bearer),
    ).rejects.toThrow(TypeError);
  });

  it("never answers a timeout fault; the client's abort ends it", async () => {
    const bearer = await fetchToken();
    engine.setOverride("get_txn_status", { fault: { kind: "timeout" } });
    const started = Date.now();
    await expect(
      postOperation(
        fetch,
        "/get_txn_status",
        {},
        bearer,
        AbortSignal.timeout(150),
      ),
    ).rejects.toMatchObject({
      name: "TimeoutError",
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    expect(engine.calls[0]?.outcome).toBe("timed-out");
  });

  it("applies latency with msw's delay", async () => {
    const bearer = await fetchToken();
    engine.setOverride("get_txn_status", { latencyMs: 120 });
    const started = performance.now();
    const res = await postOperation(fetch, "/get_txn_status", {}, bearer);
    expect(res.status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(110);
  });

  it("matches paths with path-to-regexp syntax literally", async () => {
    const res = await fetch("https://auth.mock/oauth2/token", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "grant_type=client_credentials&client_id=mock-client-id&client_secret=mock-client-secret",
    });
    // The first handler set owns auth.mock; the odd set has its own engine.
    expect(res.status).toBe(200);
    const url = odd.engine.urlFor("odd");
    expect(url).toBe("https://odd.mock/v1/acct(x):y*");
    const unauth = await fetch(url, {
      method: "POST",
      body: "{}",
      headers: { "content-type": "application/json" },
    });
    expect(unauth.status).toBe(401);
    expect(odd.engine.calls).toHaveLength(1);
    // A neighbouring path is not swallowed by the pattern.
    await expect(
      fetch("https://odd.mock/v1/acctxx:yz", { method: "POST" }),
    ).rejects.toThrow();
  });
});
