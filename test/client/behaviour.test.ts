/**
 * Behaviour of the generated clients (the generated src/index.ts of the
 * v1.0.1 and v3 packages, as vitest imports TypeScript) over real HTTP
 * against a node:http bank on 127.0.0.1: tokens, 401 refresh, the plans'
 * rate limits, retries of reads, writes never sent twice, secrets kept out
 * of errors and hooks, and https enforcement.
 */
import { createServer } from "node:http";
import { once } from "node:events";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { inspect } from "node:util";
import {
  afterAll,
  beforeAll,
  beforeEach,
  describe,
  expect,
  it,
  vi,
} from "vitest";
import {
  CLIENT_ID,
  CLIENT_SECRET,
  bearerOf,
  defaultHandler,
  fakeClock,
  generateInto,
  issueToken,
  makeTemp,
  removeTemp,
  settle,
  startFakeBank,
  type FakeBank,
  type Received,
  type Reply,
} from "./support.js";

type Method = (
  body: unknown,
  options?: Record<string, unknown>,
) => Promise<unknown>;
type Client = Record<string, Method>;
type ErrorClass = new (...args: never[]) => Error;
interface ClientPackage {
  createClient(options: Record<string, unknown>): Client;
  createTransport(options: Record<string, unknown>): unknown;
  transportDefaults: {
    plan: { name: string; limit: number; intervalMs: number };
  };
  ApiError: ErrorClass;
  AuthError: ErrorClass;
  ConfigError: ErrorClass;
  NetworkError: ErrorClass;
  OutcomeUnknownError: ErrorClass;
  RateLimitError: ErrorClass;
  ClientError: ErrorClass;
  TimeoutError: ErrorClass;
}
type Failure = Error & Record<string, unknown>;

// A call that hangs is a failure: report it well before the suite's 30 s.
vi.setConfig({ testTimeout: 15_000 });

let temp: string | undefined;
let bank: FakeBank;
let v101: ClientPackage;
let v3: ClientPackage;
/** The v3 package's entry for browsers (package.json's `browser` condition). */
let v3Browser: ClientPackage;

beforeAll(async () => {
  temp = await makeTemp("behaviour");
  await generateInto(join(temp, "out"));
  const load = async (dir: string): Promise<ClientPackage> =>
    (await import(
      pathToFileURL(join(temp!, "out", dir, "src/index.ts")).href
    )) as ClientPackage;
  v101 = await load("v1-0-1");
  v3 = await load("v3");
  v3Browser = (await import(
    pathToFileURL(join(temp!, "out/v3/src/browser.ts")).href
  )) as ClientPackage;
  bank = await startFakeBank();
}, 60_000);

afterAll(async () => {
  await bank?.close();
  await removeTemp(temp);
});

beforeEach(() => bank.reset());

function options(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    baseUrl: bank.baseUrl,
    authUrl: bank.authUrl,
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    ...extra,
  };
}

async function failure(promise: Promise<unknown>): Promise<Failure> {
  try {
    await promise;
  } catch (error) {
    return error as Failure;
  }
  throw new Error("expected the call to fail, but it succeeded");
}

/** Answers 503 (or `reply`) the first `times` requests to `path`, then as the default bank does. */
function failFirst(
  path: string,
  times: number,
  reply: Reply = { status: 503 },
): FakeBank["handler"] {
  let seen = 0;
  return (request, self) =>
    request.path === path && seen++ < times
      ? reply
      : defaultHandler(request, self);
}

describe("the set's surface at run time", () => {
  it("a client has the methods of its own set only", () => {
    const clientV101 = v101.createClient(options());
    const clientV3 = v3.createClient(options());
    expect("updateNameAmendment" in clientV101).toBe(false);
    expect(clientV101.updateNameAmendment).toBeUndefined();
    expect(typeof clientV3.updateNameAmendment).toBe("function");
    expect(Object.keys(clientV101)).toHaveLength(7);
    expect(Object.keys(clientV3)).toHaveLength(12);
    expect(v3.transportDefaults.plan).toEqual({
      name: "default plan (open variant)",
      limit: 100,
      intervalMs: 3_600_000,
    });
    expect(v101.transportDefaults.plan).toEqual({
      name: "default plan",
      limit: 10_000,
      intervalMs: 3_600_000,
    });
  });
});

describe("the browser entry", () => {
  it("refuses a client secret, even beside getAccessToken, and says why without the secret", () => {
    const provider = { getAccessToken: async () => "t" };
    for (const given of [options(), options(provider)]) {
      for (const create of [
        v3Browser.createClient,
        v3Browser.createTransport,
      ]) {
        let error: unknown;
        try {
          create(given);
        } catch (caught) {
          error = caught;
        }
        expect(error).toBeInstanceOf(v3Browser.ConfigError);
        expect(error).toBeInstanceOf(v3.ConfigError);
        const message = (error as Error).message;
        expect(message).toMatch(
          /^clientSecret is refused in a browser, where anyone who loads the page can read it: get tokens from your own server with getAccessToken/,
        );
        expect(message).not.toContain(CLIENT_SECRET);
      }
    }
    expect(() =>
      v3Browser.createClient({ baseUrl: bank.baseUrl, clientId: CLIENT_ID }),
    ).toThrow(/^getAccessToken is required in a browser: /);
  });

  it("calls with tokens from getAccessToken, asking the token endpoint nothing", async () => {
    const client = v3Browser.createClient({
      baseUrl: bank.baseUrl,
      getAccessToken: () => {
        bank.tokensIssued.push("from-my-server");
        return Promise.resolve("from-my-server");
      },
    });
    await expect(client.getAcctTitle!({ accountNumber: "1" })).resolves.toEqual(
      { ok: true, path: "/bank/get_acct_title", echo: { accountNumber: "1" } },
    );
    expect(bank.tokenRequests()).toHaveLength(0);
    expect(bank.operationRequests().map(bearerOf)).toEqual(["from-my-server"]);
    // The Node entry still takes client credentials.
    await v3.createClient(options()).getAcctTitle!({ accountNumber: "2" });
    expect(bank.tokenRequests()).toHaveLength(1);
  });
});

describe("access tokens", () => {
  it("50 concurrent calls make exactly one token request and all carry its token", async () => {
    bank.handler = (request, self) =>
      request.path === "/auth/oauth2/token"
        ? { ...(issueToken(request, self) as object), delayMs: 50 }
        : defaultHandler(request, self);
    const client = v3.createClient(options());
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        client.getAcctTitle!({ accountNumber: String(index) }),
      ),
    );
    expect(results).toHaveLength(50);
    expect(results[7]).toEqual({
      ok: true,
      path: "/bank/get_acct_title",
      echo: { accountNumber: "7" },
    });
    expect(bank.tokenRequests()).toHaveLength(1);
    const operations = bank.operationRequests();
    expect(operations).toHaveLength(50);
    expect(new Set(operations.map(bearerOf))).toEqual(
      new Set(bank.tokensIssued),
    );
    expect(bank.tokensIssued).toHaveLength(1);
  });

  it("the token request is POST {authUrl}/oauth2/token with client credentials", async () => {
    const client = v101.createClient(options());
    await client.getAgentAccntBalance!({});
    const [token] = bank.tokenRequests();
    expect(token?.method).toBe("POST");
    expect(new URLSearchParams(token!.body).get("grant_type")).toBe(
      "client_credentials",
    );
    const [operation] = bank.operationRequests();
    expect(operation).toMatchObject({
      method: "POST",
      path: "/bank/get_agent_accnt_balance",
      body: "{}",
    });
    expect(operation!.headers.authorization).toBe(
      `Bearer ${bank.tokensIssued[0]}`,
    );
    expect(operation!.headers["content-type"]).toBe("application/json");
  });

  it("a 401 refreshes the token once and replays the call once", async () => {
    bank.handler = (request, self) =>
      request.path.startsWith("/bank/") &&
      bearerOf(request) === self.tokensIssued[0]
        ? { status: 401, body: { error: "token revoked" } }
        : defaultHandler(request, self);
    const client = v3.createClient(options());
    const result = await client.getTransactionStatus!({ reference: "T-9" });
    expect(result).toMatchObject({ ok: true, echo: { reference: "T-9" } });
    expect(bank.tokenRequests()).toHaveLength(2);
    const operations = bank.operationRequests();
    expect(operations.map(bearerOf)).toEqual(bank.tokensIssued);
    expect(operations.map((request) => request.body)).toEqual([
      '{"reference":"T-9"}',
      '{"reference":"T-9"}',
    ]);
  });

  it("a 401 met by 10 concurrent calls still refreshes the token once", async () => {
    bank.handler = (request, self) =>
      request.path.startsWith("/bank/") &&
      bearerOf(request) === self.tokensIssued[0]
        ? { status: 401, delayMs: 20 }
        : defaultHandler(request, self);
    const client = v3.createClient(options());
    await Promise.all(
      Array.from({ length: 10 }, () => client.getAcctTitle!({})),
    );
    expect(bank.tokenRequests()).toHaveLength(2);
    expect(bank.operationRequests()).toHaveLength(20);
  });

  it("a second 401 after the refresh throws AuthError without a third send", async () => {
    bank.handler = (request, self) =>
      request.path.startsWith("/bank/")
        ? { status: 401, body: { error: "no" } }
        : defaultHandler(request, self);
    const client = v3.createClient(options());
    const error = await failure(client.getAcctTitle!({}));
    expect(error).toBeInstanceOf(v3.AuthError);
    expect(error.status).toBe(401);
    expect(bank.operationRequests()).toHaveLength(2);
    expect(bank.tokenRequests()).toHaveLength(2);
  });

  it("a write answered 401 (not acted on) is replayed once with the new token", async () => {
    bank.handler = (request, self) =>
      request.path.startsWith("/bank/") &&
      bearerOf(request) === self.tokensIssued[0]
        ? { status: 401 }
        : defaultHandler(request, self);
    const client = v3.createClient(options());
    await client.sendOnlineFundsTransfer!({ reference: "T-1", amount: 10 });
    expect(
      bank.operationRequests("/bank/send_online_fundsTransfer"),
    ).toHaveLength(2);
  });
});

describe("responses", () => {
  it("a 2xx body that is not a JSON object (empty, null, an array, a string, a number) resolves only to what the declared JsonObject type allows", async () => {
    // The generated types promise a JsonObject for every response of this spec.
    const outcomes: Record<string, string> = {};
    for (const text of ["", "null", "[1,2]", '"ok"', "42", "not json"]) {
      bank.reset();
      bank.handler = (request, self) =>
        request.path.startsWith("/bank/")
          ? { status: 200, raw: text }
          : defaultHandler(request, self);
      outcomes[text] = await v3.createClient(options()).getAcctTitle!({}).then(
        (value) =>
          value !== null && typeof value === "object" && !Array.isArray(value)
            ? "object"
            : `resolved ${JSON.stringify(value)}`,
        (error: unknown) =>
          error instanceof v3.ApiError ? "ApiError" : `threw ${String(error)}`,
      );
    }
    // Either fix keeps the promise: an ApiError, or a JSON object (e.g. {} for an empty body).
    const broken = Object.entries(outcomes).filter(
      ([, outcome]) => outcome !== "ApiError" && outcome !== "object",
    );
    expect(broken, JSON.stringify(outcomes)).toEqual([]);
  });
});

describe("the plan's rate limit", () => {
  it("v3 (100/hour) holds the 101st call in wait mode until the clock reaches the next slot", async () => {
    const clock = fakeClock();
    const client = v3.createClient(options({ clock }));
    await Promise.all(
      Array.from({ length: 100 }, () => client.getAcctTitle!({})),
    );
    expect(bank.operationRequests()).toHaveLength(100);

    let settled = false;
    const held = client.getAcctTitle!({ call: 101 }).finally(
      () => (settled = true),
    );
    await settle(100);
    expect(settled).toBe(false);
    expect(bank.operationRequests()).toHaveLength(100);
    expect(clock.sleepers).toBe(1);

    clock.advance(3_600_000 - 1);
    await settle(50);
    expect(settled).toBe(false);
    expect(bank.operationRequests()).toHaveLength(100);

    clock.advance(1);
    await expect(held).resolves.toMatchObject({
      ok: true,
      echo: { call: 101 },
    });
    expect(bank.operationRequests()).toHaveLength(101);
  });

  it('v3 in rateLimit: "reject" mode throws RateLimitError for the 101st call without sending it', async () => {
    const clock = fakeClock();
    const client = v3.createClient(options({ clock, rateLimit: "reject" }));
    await Promise.all(
      Array.from({ length: 100 }, () => client.getAcctTitle!({})),
    );
    const error = await failure(client.sendTxns!({ reference: "T-101" }));
    expect(error).toBeInstanceOf(v3.RateLimitError);
    expect(error).toBeInstanceOf(v3.ClientError);
    expect(error.code).toBe("RATE_LIMITED");
    expect(error.retryAfterMs).toBe(3_600_000);
    expect(bank.operationRequests()).toHaveLength(100);
    // The window slides: an hour later there is room again.
    clock.advance(3_600_000);
    await expect(
      client.sendTxns!({ reference: "T-101" }),
    ).resolves.toMatchObject({ ok: true });
  });

  it("v1.0.1 (10000/hour) does not hold the 101st call", async () => {
    const clock = fakeClock();
    const client = v101.createClient(options({ clock, rateLimit: "reject" }));
    await Promise.all(
      Array.from({ length: 101 }, () => client.getAcctTitle!({})),
    );
    expect(bank.operationRequests()).toHaveLength(101);
    expect(clock.sleepers).toBe(0);
  });
});

describe("retries: reads only, writes never sent twice", () => {
  it("a read that meets 503 is retried and succeeds", async () => {
    bank.handler = failFirst("/bank/get_transaction_status", 1);
    const client = v3.createClient(options({ random: () => 0 }));
    await expect(
      client.getTransactionStatus!({ reference: "T-5" }),
    ).resolves.toMatchObject({ ok: true });
    const sent = bank.operationRequests("/bank/get_transaction_status");
    expect(sent.map((request) => request.body)).toEqual([
      '{"reference":"T-5"}',
      '{"reference":"T-5"}',
    ]);
  });

  it("a read that keeps meeting 503 gives up after 3 tries with ApiError 503", async () => {
    bank.handler = failFirst("/bank/get_acct_title", 10, {
      status: 503,
      body: { error: "busy" },
    });
    const client = v3.createClient(options({ random: () => 0 }));
    const error = await failure(client.getAcctTitle!({}));
    expect(error).toBeInstanceOf(v3.ApiError);
    expect(error).toMatchObject({
      status: 503,
      operation: "get_acct_title",
      body: { error: "busy" },
    });
    expect(bank.operationRequests()).toHaveLength(3);
  });

  it("retry: false on a read call sends it once", async () => {
    bank.handler = failFirst("/bank/get_acct_title", 10);
    const client = v3.createClient(options({ random: () => 0 }));
    await failure(client.getAcctTitle!({}, { retry: false }));
    expect(bank.operationRequests()).toHaveLength(1);
  });

  it("a read that times out is retried", async () => {
    bank.handler = failFirst("/bank/get_agent_accnt_balance", 1, "hang");
    const client = v3.createClient(
      options({ random: () => 0, timeoutMs: 150 }),
    );
    await expect(client.getAgentAccntBalance!({})).resolves.toMatchObject({
      ok: true,
    });
    expect(bank.operationRequests()).toHaveLength(2);
  });

  it("a write that times out is sent exactly once and throws OutcomeUnknownError with its name and body", async () => {
    bank.handler = (request, self) =>
      request.path.startsWith("/bank/")
        ? "hang"
        : defaultHandler(request, self);
    const client = v3.createClient(
      // Long enough for the request to arrive on a loaded machine.
      options({ timeoutMs: 1000, retry: { attempts: 5 }, random: () => 0 }),
    );
    const body = {
      reference: "T-77",
      amount: 2500,
      beneficiary: { iban: "PK36SCBL0000001123456702" },
    };
    const error = await failure(client.sendOnlineFundsTransfer!(body));
    expect(error).toBeInstanceOf(v3.OutcomeUnknownError);
    expect(error.code).toBe("OUTCOME_UNKNOWN");
    expect(error.operation).toBe("send_online_fundsTransfer");
    expect(error.requestBody).toEqual(body);
    expect(error.message).toContain("send_online_fundsTransfer");
    expect(error.cause).toBeInstanceOf(v3.TimeoutError);
    await settle(400);
    const sent = bank.operationRequests();
    expect(sent).toHaveLength(1);
    expect(JSON.parse(sent[0]!.body)).toEqual(body);
  });

  it("a write whose connection drops after sending is sent once: OutcomeUnknownError", async () => {
    bank.handler = (request, self) =>
      request.path.startsWith("/bank/")
        ? "destroy"
        : defaultHandler(request, self);
    const client = v3.createClient(
      options({ retry: { attempts: 5 }, random: () => 0 }),
    );
    const error = await failure(client.sendTxns!({ reference: "T-8" }));
    expect(error).toBeInstanceOf(v3.OutcomeUnknownError);
    await settle(100);
    expect(bank.operationRequests()).toHaveLength(1);
  });

  it("a write answered 502 or 500 is sent once: OutcomeUnknownError; answered 422, once: ApiError", async () => {
    bank.handler = failFirst("/bank/send_txns", 10, { status: 502 });
    const client = v3.createClient(
      options({ retry: { attempts: 5 }, random: () => 0 }),
    );
    expect(
      await failure(client.sendTxns!({ reference: "T-9" })),
    ).toBeInstanceOf(v3.OutcomeUnknownError);
    expect(bank.operationRequests()).toHaveLength(1);

    // A 500 does not say the transfer was not made.
    bank.reset();
    bank.handler = failFirst("/bank/send_txns", 10, { status: 500 });
    const unknown = await failure(client.sendTxns!({ reference: "T-10" }));
    expect(unknown).toBeInstanceOf(v3.OutcomeUnknownError);
    expect(unknown.cause).toMatchObject({ status: 500 });
    expect(bank.operationRequests()).toHaveLength(1);

    // A 4xx refused the request: a plain failure.
    bank.reset();
    bank.handler = failFirst("/bank/send_txns", 10, { status: 422 });
    const refused = await failure(client.sendTxns!({ reference: "T-11" }));
    expect(refused).toBeInstanceOf(v3.ApiError);
    expect(refused.status).toBe(422);
    expect(bank.operationRequests()).toHaveLength(1);
  });
});

describe("secrets never leak", () => {
  /** Everything that could carry a credential: the secret, each token, the Basic header. */
  function leaks(text: string): string[] {
    // Every credential the bank received: the Basic value (however the client encoded it) and each bearer token.
    const sent = bank.received.flatMap(
      (request) => request.headers.authorization?.split(" ")[1] ?? [],
    );
    expect(sent.length).toBeGreaterThan(0);
    const secrets = [
      ...new Set([
        CLIENT_SECRET,
        "s3cr3t",
        ...sent,
        ...bank.tokensIssued,
        "Qm9vaz",
      ]),
    ];
    return secrets.filter((secret) => text.includes(secret));
  }
  function views(error: Failure): Record<string, string> {
    return {
      message: error.message,
      stack: String(error.stack),
      json: JSON.stringify(error),
      inspect: inspect(error, { depth: Infinity, showHidden: true }),
      string: String(error),
    };
  }

  it("in an AuthError from a token endpoint that echoes the secret and the Basic header it got", async () => {
    bank.handler = (request) => ({
      status: 401,
      body: {
        error: "invalid_client",
        error_description: `secret ${CLIENT_SECRET} in ${String(request.headers.authorization)} is wrong`,
      },
    });
    const error = await failure(v3.createClient(options()).getAcctTitle!({}));
    expect(error).toBeInstanceOf(v3.AuthError);
    expect(error.message).toContain("invalid_client");
    for (const [view, text] of Object.entries(views(error))) {
      expect(leaks(text), `${view}: ${text}`).toEqual([]);
    }
  });

  it("in errors of every kind (message, stack, JSON.stringify, inspect with causes)", async () => {
    const errors: Record<string, Failure> = {};
    // The token endpoint refuses, echoing the secret only.
    bank.handler = () => ({
      status: 401,
      body: {
        error: "invalid_client",
        error_description: `secret ${CLIENT_SECRET} is wrong`,
      },
    });
    errors.tokenRefused = await failure(
      v3.createClient(options()).getAcctTitle!({}),
    );
    expect(errors.tokenRefused).toBeInstanceOf(v3.AuthError);
    expect(errors.tokenRefused.message).toContain("invalid_client");

    // (No reset: what the bank received so far is part of what must not leak.)
    // Every operation answer carries the token back in headers.
    const echoHeaders = (request: Received) => ({
      "x-access-token": bearerOf(request) ?? "",
      "set-cookie": `s=${bearerOf(request)}`,
    });
    bank.handler = (request, self) => {
      if (!request.path.startsWith("/bank/"))
        return defaultHandler(request, self);
      if (request.path === "/bank/get_acct_title")
        return {
          status: 500,
          headers: echoHeaders(request),
          body: { error: "down" },
        };
      if (request.path === "/bank/get_transaction_status") return "hang";
      if (request.path === "/bank/send_txns") return "hang";
      if (request.path === "/bank/Update_Name_Amendment")
        return { status: 401, headers: echoHeaders(request) };
      return { headers: echoHeaders(request), body: { ok: true } };
    };
    const events: unknown[] = [];
    const hooks = {
      onRequest: (event: unknown) => events.push(event),
      onResponse: (event: unknown) => events.push(event),
    };
    const client = v3.createClient(
      options({
        ...hooks,
        timeoutMs: 150,
        retry: false,
        rateLimit: { limit: 6, intervalMs: 60_000, mode: "reject" },
      }),
    );
    await client.getAgentAccntBalance!({});
    errors.api = await failure(client.getAcctTitle!({}));
    errors.timeout = await failure(client.getTransactionStatus!({}));
    errors.outcomeUnknown = await failure(
      client.sendTxns!({ reference: "T-1" }),
    );
    errors.auth = await failure(client.updateNameAmendment!({ name: "x" }));
    errors.rateLimit = await failure(client.getAgentAccntBalance!({}));
    expect(errors.api).toBeInstanceOf(v3.ApiError);
    expect(errors.timeout).toBeInstanceOf(v3.TimeoutError);
    expect(errors.outcomeUnknown).toBeInstanceOf(v3.OutcomeUnknownError);
    expect(errors.auth).toBeInstanceOf(v3.AuthError);
    expect(errors.rateLimit).toBeInstanceOf(v3.RateLimitError);

    // A closed port: a network error.
    const closed = createServer();
    closed.listen(0, "127.0.0.1");
    await once(closed, "listening");
    const port = (closed.address() as AddressInfo).port;
    closed.close();
    await once(closed, "close");
    errors.network = await failure(
      v3.createClient(
        options({ baseUrl: `http://127.0.0.1:${port}`, retry: false }),
      ).getAcctTitle!({}),
    );
    expect(errors.network).toBeInstanceOf(v3.NetworkError);

    // Credentials in a URL are refused without echoing them.
    try {
      v3.createClient(
        options({ baseUrl: `https://agent:${CLIENT_SECRET}@bank.example` }),
      );
    } catch (error) {
      errors.config = error as Failure;
    }
    expect(errors.config).toBeInstanceOf(v3.ConfigError);

    expect(bank.tokensIssued.length).toBeGreaterThan(0);
    for (const [kind, error] of Object.entries(errors)) {
      for (const [view, text] of Object.entries(views(error))) {
        expect(leaks(text), `${kind} ${view}: ${text}`).toEqual([]);
      }
    }

    // Hooks saw every send, with credentials redacted.
    expect(events.length).toBeGreaterThanOrEqual(10);
    const hookText = JSON.stringify(events);
    expect(leaks(hookText), hookText).toEqual([]);
    expect(hookText).toContain('"authorization":"[REDACTED]"');
    expect(hookText).toContain('"x-access-token":"[REDACTED]"');
  });

  it("in an ApiError whose body echoes the bearer token the bank received", async () => {
    bank.handler = (request, self) =>
      request.path.startsWith("/bank/")
        ? {
            status: 400,
            body: {
              error: "bad request",
              received: { authorization: request.headers.authorization },
            },
          }
        : defaultHandler(request, self);
    const error = await failure(v3.createClient(options()).getAcctTitle!({}));
    expect(error).toBeInstanceOf(v3.ApiError);
    for (const [view, text] of Object.entries(views(error))) {
      expect(leaks(text), `${view}: ${text}`).toEqual([]);
    }
  });
});

describe("https only, except for local addresses", () => {
  const base = {
    authUrl: "https://auth.example",
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
  };

  it("refuses a plain http baseUrl or authUrl", () => {
    for (const url of [
      "http://bank.example",
      "http://localhost.bank.example",
      "http://127.0.0.1.bank.example",
      "ftp://bank.example",
    ]) {
      expect(() => v3.createClient({ ...base, baseUrl: url }), url).toThrow(
        v3.ConfigError,
      );
    }
    expect(() =>
      v3.createClient({
        ...base,
        baseUrl: "https://bank.example",
        authUrl: "http://auth.example",
      }),
    ).toThrow(v3.ConfigError);
    const error = (() => {
      try {
        v101.createClient({ ...base, baseUrl: "http://bank.example" });
      } catch (caught) {
        return caught as Failure;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(v101.ConfigError);
    expect(error?.message).toMatch(/baseUrl/);
  });

  it("accepts https, http on localhost and 127.0.0.1, and any http with allowInsecureHttp", () => {
    for (const url of [
      "https://bank.example",
      "http://localhost:8080",
      "http://127.0.0.1:8080/api",
    ]) {
      expect(
        () => v3.createClient({ ...base, baseUrl: url }),
        url,
      ).not.toThrow();
    }
    expect(() =>
      v3.createClient({
        ...base,
        baseUrl: "http://bank.example",
        allowInsecureHttp: true,
      }),
    ).not.toThrow();
    expect(() =>
      v3.createClient({
        ...base,
        baseUrl: "http://bank.example",
        authUrl: "http://auth.example",
        allowInsecureHttp: true,
      }),
    ).not.toThrow();
  });
});
