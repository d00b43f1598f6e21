/**
 * An exchange agent's integration, end to end, written only from the
 * generated v3 package's README: configure the client, look up an account
 * title, send a transfer, and on every failure the README lists do what it
 * says (an `OutcomeUnknownError` is reconciled with getTransactionStatus,
 * never resent; a 4xx or a 429 is not carried out). It runs against the
 * package's own msw handlers, its mock fetch and `remitgen mock` over
 * loopback HTTP, with real timers, so a write's time-out is a real one.
 */
import { setupServer } from "msw/node";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { MockEngine, MockFault } from "../../src/runtime/mock/engine.js";
import { startCliMock } from "./cli-mock.js";
import { repoRoot, type Call, type Json } from "./support.js";

interface Client {
  readonly getAcctTitle: Call;
  readonly sendOnlineFundsTransfer: Call;
  readonly getTransactionStatus: Call;
}
type ErrorClass = new (...args: never[]) => Error;
interface ClientModule {
  createClient(options: Record<string, unknown>): Client;
  ApiError: ErrorClass;
  OutcomeUnknownError: ErrorClass;
  RateLimitError: ErrorClass;
}

const dist = `${repoRoot}/generated/v3/dist/`;
const pkg = (await import(`${dist}index.js`)) as ClientModule;
const mocks = (await import(`${dist}mocks.js`)) as {
  createHandlers(): unknown[] & { engine: MockEngine };
};
const mockFetch = (await import(`${dist}mock-fetch.js`)) as {
  createMockFetch(): typeof fetch & { engine: MockEngine };
};

/** What the agent's system records for one transfer. */
type Outcome =
  | { kind: "sent" }
  | { kind: "rejected"; status: number }
  | { kind: "not-sent"; retryAfterMs: number | undefined }
  | { kind: "reconciled"; status: Json };

/** The agent's transfer step, as the README's error section prescribes. */
async function sendTransfer(
  client: Client,
  body: Record<string, Json>,
): Promise<Outcome> {
  try {
    await client.sendOnlineFundsTransfer(body);
    return { kind: "sent" };
  } catch (error) {
    if (error instanceof pkg.OutcomeUnknownError) {
      // Never resent: the bank is asked what became of it.
      const { requestBody } = error as unknown as { requestBody: typeof body };
      const status = await client.getTransactionStatus({
        reference: requestBody["reference"]!,
      });
      return { kind: "reconciled", status };
    }
    if (error instanceof pkg.RateLimitError) {
      const { retryAfterMs } = error as unknown as {
        retryAfterMs: number | undefined;
      };
      return { kind: "not-sent", retryAfterMs };
    }
    if (error instanceof pkg.ApiError) {
      return {
        kind: "rejected",
        status: (error as unknown as { status: number }).status,
      };
    }
    throw error;
  }
}

interface Door {
  readonly engine: MockEngine;
  readonly options: Record<string, unknown>;
  stop(): Promise<unknown> | void;
}

const credentials = {
  clientId: "mock-client-id",
  clientSecret: "mock-client-secret",
};

async function viaRemitgenMock(): Promise<Door> {
  const { server, stop } = await startCliMock();
  return {
    engine: server.engine,
    options: { baseUrl: server.baseUrl, authUrl: server.authUrl },
    stop,
  };
}

const doors: Record<string, () => Promise<Door>> = {
  "msw handlers": async () => {
    const handlers = mocks.createHandlers();
    const server = setupServer(...(handlers as never[]));
    server.listen({ onUnhandledRequest: "error" });
    const { baseUrl, authUrl } = handlers.engine.options;
    return {
      engine: handlers.engine,
      options: { baseUrl, authUrl },
      stop: () => server.close(),
    };
  },
  "mock fetch": async () => {
    const fetch = mockFetch.createMockFetch();
    const { baseUrl, authUrl } = fetch.engine.options;
    return {
      engine: fetch.engine,
      options: { baseUrl, authUrl, fetch },
      stop: () => undefined,
    };
  },
  "remitgen mock over HTTP": viaRemitgenMock,
};

/** Faults after which the bank may have acted: each must be reconciled. */
const unknownOutcomes: Record<string, MockFault> = {
  "a time-out": { kind: "timeout" },
  "a dropped connection": { kind: "drop" },
  "an answer lost after the transfer was made": { kind: "applied-then-drop" },
  "a 500 after the transfer was made": {
    kind: "status",
    status: 500,
    applied: true,
  },
  "a gateway's 502": { kind: "status", status: 502 },
  "a 503": { kind: "status", status: 503 },
};

for (const [name, open] of Object.entries(doors)) {
  describe(`an agent's transfers against ${name}`, () => {
    let door: Door;
    beforeAll(async () => {
      door = await open();
    });
    afterAll(async () => {
      await door.stop();
    });
    beforeEach(() => door.engine.reset());

    const client = (options: Record<string, unknown> = {}): Client =>
      pkg.createClient({
        ...door.options,
        ...credentials,
        // A counter cannot hold a customer for an hour: fail fast instead.
        rateLimit: "reject",
        timeoutMs: 300,
        ...options,
      });
    const sends = () =>
      door.engine.calls.filter(
        (call) => call.operation === "send_online_fundsTransfer",
      );
    const statusChecks = () =>
      door.engine.calls.filter(
        (call) => call.operation === "get_transaction_status",
      );

    it("looks up the title, then sends the transfer once", async () => {
      const agent = client();
      await expect(
        agent.getAcctTitle({ accountNumber: "PK36SCBL0000001123456702" }),
      ).resolves.toBeTypeOf("object");
      expect(await sendTransfer(agent, { reference: "AG-1" })).toEqual({
        kind: "sent",
      });
      expect(sends().map((call) => call.applied)).toEqual([true]);
    });

    for (const [what, fault] of Object.entries(unknownOutcomes)) {
      it(`after ${what}, reconciles with the status operation and never resends`, async () => {
        door.engine.setOverride("send_online_fundsTransfer", {
          fault,
          faultTimes: 1,
        });
        const outcome = await sendTransfer(client(), { reference: "AG-2" });
        expect(outcome.kind).toBe("reconciled");
        expect(sends()).toHaveLength(1);
        expect(sends()[0]!.body).toEqual({ reference: "AG-2" });
        expect(statusChecks().map((call) => call.body)).toEqual([
          { reference: "AG-2" },
        ]);
      });
    }

    it("a 4xx is a rejection: not resent, not reconciled", async () => {
      door.engine.setOverride("send_online_fundsTransfer", {
        fault: { kind: "status", status: 422 },
        faultTimes: 1,
      });
      expect(await sendTransfer(client(), { reference: "AG-3" })).toEqual({
        kind: "rejected",
        status: 422,
      });
      expect(sends()).toHaveLength(1);
      expect(statusChecks()).toHaveLength(0);
    });

    it("a refused token (401) is renewed and the transfer sent once more, once", async () => {
      const agent = client();
      await agent.getAcctTitle({});
      door.engine.revokeTokens();
      expect(await sendTransfer(agent, { reference: "AG-4" })).toEqual({
        kind: "sent",
      });
      expect(sends().map((call) => [call.status, call.applied])).toEqual([
        [401, false],
        [200, true],
      ]);
      expect(door.engine.tokenRequests).toBe(2);
    });

    it("the bank's 429 is not sent again, and its Retry-After holds the next transfer on this side", async () => {
      const agent = client();
      door.engine.setOverride("send_online_fundsTransfer", {
        fault: { kind: "status", status: 429, retryAfterSeconds: 60 },
        faultTimes: 1,
      });
      expect(await sendTransfer(agent, { reference: "AG-5" })).toEqual({
        kind: "not-sent",
        retryAfterMs: 60_000,
      });
      const next = await sendTransfer(agent, { reference: "AG-6" });
      expect(next.kind).toBe("not-sent");
      expect((next as { retryAfterMs: number }).retryAfterMs).toBeGreaterThan(
        50_000,
      );
      // The second never reached the bank.
      expect(sends().map((call) => call.status)).toEqual([429]);
    });
  });
}
