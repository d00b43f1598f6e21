/**
 * The generated v3 client (generated/v3/dist, as consumers import it) against
 * the mocks' three front doors: its own `./mocks` handlers in-process through
 * msw's setupServer, its own `./mock-fetch` as the client's fetch (no msw),
 * and `remitgen mock` (runMock, the command's code) over loopback HTTP on a
 * free port. The same scenarios run against each.
 */
import { fileURLToPath } from "node:url";
import { setupServer } from "msw/node";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { MockEngine } from "../../src/runtime/mock/engine.js";
import { startCliMock } from "./cli-mock.js";
import type { Call, Json } from "./support.js";

const repoRoot = fileURLToPath(new URL("../../", import.meta.url));
const packageDir = `${repoRoot}generated/v3/dist/`;

interface Client {
  readonly getAcctTitle: Call;
  readonly sendTxns: Call;
  readonly [method: string]: unknown;
}
interface ClientModule {
  createClient(options: Record<string, unknown>): Client;
  OutcomeUnknownError: new (...args: never[]) => Error;
  RateLimitError: new (...args: never[]) => Error;
}
interface MocksModule {
  createHandlers(
    options?: Record<string, unknown>,
  ): unknown[] & { engine: MockEngine };
}

const pkg = (await import(`${packageDir}index.js`)) as ClientModule;
const mocks = (await import(`${packageDir}mocks.js`)) as MocksModule;
interface MockFetchModule {
  createMockFetch(
    options?: Record<string, unknown>,
  ): typeof fetch & { engine: MockEngine };
}
const mockFetchModule = (await import(
  `${packageDir}mock-fetch.js`
)) as MockFetchModule;

/** One clock for client and mock: sleeps (backoff, Retry-After, limiter) pass instantly. */
function fakeClock(): {
  now(): number;
  sleep(ms: number): Promise<void>;
  advance(ms: number): void;
  slept: number;
} {
  let time = Date.UTC(2026, 0, 1);
  const clock = {
    slept: 0,
    now: () => time,
    sleep: async (ms: number) => {
      clock.slept += ms;
      time += ms;
    },
    advance: (ms: number) => {
      time += ms;
    },
  };
  return clock;
}

interface FrontDoor {
  readonly engine: MockEngine;
  /** A fresh client on its own clock (shared with the mock where the mock can take one). */
  client(options?: Record<string, unknown>): {
    client: Client;
    clock: ReturnType<typeof fakeClock>;
  };
}

const credentials = {
  clientId: "mock-client-id",
  clientSecret: "mock-client-secret",
};

function viaMsw(): { door: FrontDoor; start(): void; stop(): void } {
  let clock = fakeClock();
  const handlers = mocks.createHandlers({ now: () => clock.now() });
  const server = setupServer(...(handlers as never[]));
  return {
    door: {
      engine: handlers.engine,
      client: (options = {}) => {
        clock = fakeClock();
        const client = pkg.createClient({
          baseUrl: handlers.engine.options.baseUrl,
          authUrl: handlers.engine.options.authUrl,
          ...credentials,
          clock,
          ...options,
        });
        return { client, clock };
      },
    },
    start: () => server.listen({ onUnhandledRequest: "error" }),
    stop: () => server.close(),
  };
}

function viaMockFetch(): { door: FrontDoor; stop(): void } {
  let clock = fakeClock();
  const fetch = mockFetchModule.createMockFetch({ now: () => clock.now() });
  return {
    door: {
      engine: fetch.engine,
      client: (options = {}) => {
        clock = fakeClock();
        const client = pkg.createClient({
          baseUrl: fetch.engine.options.baseUrl,
          authUrl: fetch.engine.options.authUrl,
          ...credentials,
          clock,
          fetch,
          ...options,
        });
        return { client, clock };
      },
    },
    stop: () => undefined,
  };
}

async function viaRemitgenMock(): Promise<{
  door: FrontDoor;
  stop(): Promise<number>;
}> {
  const { server, stop } = await startCliMock();
  return {
    door: {
      engine: server.engine,
      client: (options = {}) => {
        const clock = fakeClock();
        const client = pkg.createClient({
          baseUrl: server.baseUrl,
          authUrl: server.authUrl,
          ...credentials,
          clock,
          ...options,
        });
        return { client, clock };
      },
    },
    stop,
  };
}

const doors: Record<
  string,
  () => Promise<{ door: FrontDoor; stop(): Promise<unknown> | void }>
> = {
  "msw handlers (in-process)": async () => {
    const msw = viaMsw();
    msw.start();
    return msw;
  },
  "createMockFetch (the client's fetch, no msw)": async () => viaMockFetch(),
  "remitgen mock (loopback HTTP)": viaRemitgenMock,
};

/** Answers of each front door to the same calls, for the determinism check across doors. */
const answers = new Map<string, Json[]>();

for (const [name, open] of Object.entries(doors)) {
  describe(`the generated v3 client against ${name}`, () => {
    let door: FrontDoor;
    let stop: () => Promise<unknown> | void;
    beforeAll(async () => {
      ({ door, stop } = await open());
    });
    afterAll(async () => {
      await stop();
    });
    beforeEach(() => door.engine.reset());

    const callsOf = (operation: string) =>
      door.engine.calls.filter((call) => call.operation === operation);

    it("gets one token, reuses it, and fetches a new one once it expires", async () => {
      const { client, clock } = door.client();
      await client.getAcctTitle({});
      await client.getAcctTitle({});
      await client.getAcctTitle({});
      expect(door.engine.tokenRequests).toBe(1);
      clock.advance(3600 * 1000);
      await client.getAcctTitle({});
      expect(door.engine.tokenRequests).toBe(2);
      expect(callsOf("get_acct_title").map((call) => call.status)).toEqual([
        200, 200, 200, 200,
      ]);
    });

    it("a token the mock no longer accepts (401) is refreshed once and the call replayed once", async () => {
      const { client } = door.client();
      await client.getAcctTitle({});
      door.engine.revokeTokens();
      await expect(client.sendTxns({ ref: "T-1" })).resolves.toBeDefined();
      expect(door.engine.tokenRequests).toBe(2);
      expect(callsOf("send_txns").map((call) => call.status)).toEqual([
        401, 200,
      ]);
    });

    it("a 429 with Retry-After holds a read for that long, then it succeeds", async () => {
      const { client, clock } = door.client();
      door.engine.setOverride("get_acct_title", {
        fault: { kind: "status", status: 429, retryAfterSeconds: 7 },
        faultTimes: 1,
      });
      await expect(client.getAcctTitle({})).resolves.toBeDefined();
      expect(clock.slept).toBeGreaterThanOrEqual(7000);
      expect(callsOf("get_acct_title").map((call) => call.status)).toEqual([
        429, 200,
      ]);
    });

    it("the plan's 100 calls per hour: the mock answers the 101st write 429 and the client throws RateLimitError, sent once", async () => {
      // The client's own limiter off, so the mock's is the one that speaks.
      const { client } = door.client({ rateLimit: false });
      for (let index = 0; index < 100; index++)
        await client.sendTxns({ index });
      const error = await client
        .sendTxns({ index: 100 })
        .catch((failure: unknown) => failure);
      expect(error).toBeInstanceOf(pkg.RateLimitError);
      expect((error as { retryAfterMs?: number }).retryAfterMs).toBeGreaterThan(
        0,
      );
      expect(callsOf("send_txns")).toHaveLength(101);
      expect(callsOf("send_txns").at(-1)!.status).toBe(429);
    });

    it("a read meeting an injected 503 is retried and succeeds", async () => {
      const { client } = door.client();
      door.engine.setOverride("get_transaction_status", {
        fault: { kind: "status", status: 503 },
        faultTimes: 1,
      });
      await expect(
        (client.getTransactionStatus as Call)({ ref: "T-1" }),
      ).resolves.toBeDefined();
      expect(
        callsOf("get_transaction_status").map((call) => call.status),
      ).toEqual([503, 200]);
    });

    it("a write whose answer is lost after it was applied throws OutcomeUnknownError and is recorded exactly once", async () => {
      const { client } = door.client();
      door.engine.setOverride("send_txns", {
        fault: { kind: "applied-then-drop" },
      });
      const body = { ref: "T-42", amount: 1000 };
      const error = await client
        .sendTxns(body)
        .catch((failure: unknown) => failure);
      expect(error).toBeInstanceOf(pkg.OutcomeUnknownError);
      expect(error).toMatchObject({
        operation: "send_txns",
        requestBody: body,
      });
      const calls = callsOf("send_txns");
      expect(calls).toHaveLength(1);
      expect(calls[0]!.applied).toBe(true);
    });

    it("answers the same calls identically on every run", async () => {
      const run = async (): Promise<Json[]> => {
        door.engine.reset();
        const { client } = door.client();
        return [
          await client.getAcctTitle({ account: "PK00TEST" }),
          await client.sendTxns({ ref: "T-1" }),
          await (client.getTransactionStatus as Call)({ ref: "T-1" }),
        ];
      };
      const first = await run();
      expect(await run()).toEqual(first);
      answers.set(name, first);
    });
  });
}

describe("every front door", () => {
  it("gave the same answers to the same calls (one implementation)", () => {
    const [msw, fetch, http] = [...answers.values()];
    expect(answers.size).toBe(3);
    expect(fetch).toEqual(msw);
    expect(http).toEqual(msw);
  });
});
