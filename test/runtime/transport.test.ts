import { oauth2ClientCredentials } from "../../src/runtime/auth.js";
import { inspect } from "node:util";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  ApiError,
  AuthError,
  ConfigError,
  NetworkError,
  OutcomeUnknownError,
  RateLimitError,
  TimeoutError,
} from "../../src/runtime/errors.js";
import {
  createTransport,
  type RequestEvent,
  type ResponseEvent,
} from "../../src/runtime/transport.js";
import {
  CLIENT_ID,
  DEFAULTS,
  READ,
  SECRET,
  TOKEN_MARK,
  WRITE,
  client,
  closeAll,
  deadPort,
  delay,
  expectNoSecrets,
  fakeClock,
  rejection,
  sendJson,
  startBank,
  startServer,
} from "./helpers/server.js";

afterEach(async () => {
  vi.unstubAllGlobals();
  await closeAll();
});

const TRANSFER = {
  amount: "125.00",
  currency: "PKR",
  beneficiary: "PK36SCBL0000001123456702",
  reference: "inv-77",
};

describe("configuration", () => {
  const base = {
    baseUrl: "https://api.bank.example",
    authUrl: "https://auth.bank.example",
    clientId: CLIENT_ID,
    clientSecret: SECRET,
  };

  it("refuses plain http for a remote host", () => {
    for (const key of ["baseUrl", "authUrl"] as const) {
      let error: unknown;
      try {
        createTransport(
          { ...base, [key]: "http://api.bank.example" },
          DEFAULTS,
          oauth2ClientCredentials("/oauth2/token"),
        );
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as Error).message).toMatch(
        new RegExp(`^${key} must be an https URL`),
      );
      expectNoSecrets(error);
    }
  });

  it("allows http for localhost, 127.0.0.1 and [::1], or with allowInsecureHttp", () => {
    for (const host of ["localhost:8080", "127.0.0.1:1", "[::1]:9"]) {
      expect(() =>
        createTransport(
          {
            ...base,
            baseUrl: `http://${host}`,
            authUrl: `http://${host}/auth`,
          },
          DEFAULTS,
          oauth2ClientCredentials("/oauth2/token"),
        ),
      ).not.toThrow();
    }
    expect(() =>
      createTransport(
        {
          ...base,
          baseUrl: "http://sandbox.internal",
          allowInsecureHttp: true,
        },
        DEFAULTS,
        oauth2ClientCredentials("/oauth2/token"),
      ),
    ).not.toThrow();
    expect(() =>
      createTransport(
        { ...base, baseUrl: "http://localhost.evil.example" },
        DEFAULTS,
        oauth2ClientCredentials("/oauth2/token"),
      ),
    ).toThrow(ConfigError);
    expect(() =>
      createTransport(
        { ...base, baseUrl: "ftp://localhost" },
        DEFAULTS,
        oauth2ClientCredentials("/oauth2/token"),
      ),
    ).toThrow(ConfigError);
  });

  it("names a missing or invalid option without echoing any value", () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ baseUrl: "" }, /baseUrl is required/],
      [{ baseUrl: undefined }, /baseUrl is required/],
      [{ clientId: "" }, /clientId is required/],
      [{ clientSecret: "" }, /clientSecret is required/],
      [{ authUrl: "not a url " + SECRET }, /authUrl must be/],
      [
        { baseUrl: `https://user:${SECRET}@api.bank.example` },
        /baseUrl must be .*without credentials/,
      ],
      [{ timeoutMs: 0 }, /timeoutMs/],
      [{ timeoutMs: Infinity }, /timeoutMs/],
      // Paths are appended to the base: a query or fragment would swallow them.
      [{ baseUrl: "https://api.bank.example/?v=1" }, /baseUrl must be .*query/],
      [
        { baseUrl: "https://api.bank.example/#x" },
        /baseUrl must be .*fragment/,
      ],
      [{ authUrl: "https://auth.bank.example?" }, /authUrl must be/],
      // NaN or Infinity attempts would retry a read for ever.
      [{ retry: { attempts: Number.NaN } }, /retry is out of range/],
      [{ retry: { attempts: Infinity } }, /retry is out of range/],
      [{ retry: { attempts: 0 } }, /retry is out of range/],
      [{ retry: { attempts: 1.5 } }, /retry is out of range/],
      // A NaN or negative delay would retry at once, a NaN maxDelayMs wait
      // out any Retry-After.
      [{ retry: { baseDelayMs: Number.NaN } }, /retry is out of range/],
      [{ retry: { baseDelayMs: -1 } }, /retry is out of range/],
      [{ retry: { maxDelayMs: Number.NaN } }, /retry is out of range/],
      [{ retry: { maxDelayMs: -1 } }, /retry is out of range/],
      // A NaN or negative margin would silently turn the early refresh off.
      [
        { tokenRefreshMarginMs: Number.NaN },
        /tokenRefreshMarginMs is out of range/,
      ],
      [{ tokenRefreshMarginMs: -1 }, /tokenRefreshMarginMs is out of range/],
      [
        { tokenRefreshMarginMs: -Infinity },
        /tokenRefreshMarginMs is out of range/,
      ],
    ];
    for (const [override, message] of cases) {
      let error: unknown;
      try {
        createTransport(
          { ...base, ...override } as typeof base,
          DEFAULTS,
          oauth2ClientCredentials("/oauth2/token"),
        );
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as Error).message).toMatch(message);
      expectNoSecrets(error);
    }
  });

  it("takes a refresh margin of 0 (no early refresh) or Infinity (half the token's lifetime)", () => {
    for (const tokenRefreshMarginMs of [0, Infinity]) {
      expect(() =>
        createTransport(
          { ...base, tokenRefreshMarginMs },
          DEFAULTS,
          oauth2ClientCredentials("/oauth2/token"),
        ),
      ).not.toThrow();
    }
  });
});

describe("requests", () => {
  it("POSTs JSON to baseUrl + path with bearer auth and the caller's headers", async () => {
    const bank = await startBank();
    const transport = client({ url: bank.url + "/" }); // trailing slash
    await transport.call(WRITE, TRANSFER, {
      headers: {
        "X-Request-Id": "req-1",
        Authorization: "Bearer forged",
        "Content-Type": "text/plain",
      },
    });
    const sent = bank.requests.find((r) => r.path === WRITE.path);
    expect(sent?.method).toBe("POST");
    expect(sent?.headers["content-type"]).toBe("application/json");
    expect(sent?.headers.accept).toBe("application/json");
    expect(sent?.headers.authorization).toBe(`Bearer ${bank.issued[0]}`);
    expect(sent?.headers["x-request-id"]).toBe("req-1");
    expect(JSON.parse(sent?.body ?? "")).toEqual(TRANSFER);
  });

  it("an invalid caller header fails before sending, even for a write, without quoting its value", async () => {
    // A value with a line break inside (a key pasted over two lines; a
    // trailing one is trimmed): fetch's TypeError would quote it, and
    // errors are logged.
    const bank = await startBank();
    const error = await rejection(
      client(bank).call(WRITE, TRANSFER, {
        headers: { "x-api-key": "K3Y\ns3cret" },
      }),
    );
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toBe("headers is out of range");
    expect(inspect(error, { depth: 10 })).not.toContain("s3cret");
    expect(bank.calls(WRITE.path)).toBe(0);
  });

  it("a body JSON cannot write fails with a TypeError before sending, even for a write", async () => {
    // The README says so: not a ClientError, and nothing sent.
    const bank = await startBank();
    const cyclic: Record<string, unknown> = {};
    cyclic["self"] = cyclic;
    for (const body of [{ amount: 10n }, cyclic]) {
      const error = await rejection(client(bank).call(WRITE, body));
      expect(error).toBeInstanceOf(TypeError);
    }
    expect(bank.calls(WRITE.path)).toBe(0);
  });

  it("keeps a base path and joins paths with exactly one slash", async () => {
    const bank = await startServer((_req, res) => sendJson(res, 200, {}));
    const transport = client(bank, {
      baseUrl: `${bank.url}/api/v1//`,
      getAccessToken: async () => "t",
    });
    await transport.call({ ...READ, path: "/status" }, {});
    await transport.call({ ...READ, path: "status" }, {});
    expect(bank.requests.map((r) => r.path)).toEqual([
      "/api/v1/status",
      "/api/v1/status",
    ]);
  });

  it("returns the parsed JSON object, and {} for an empty body", async () => {
    const bank = await startBank({
      operation: (req, res) =>
        req.path === "/empty"
          ? res.writeHead(204).end()
          : sendJson(res, 200, { id: "T-1", n: [1, 2] }),
    });
    const transport = client(bank);
    await expect(transport.call(READ, {})).resolves.toEqual({
      id: "T-1",
      n: [1, 2],
    });
    await expect(
      transport.call({ ...WRITE, path: "/empty" }, {}),
    ).resolves.toEqual({});
  });

  it("returns any JSON value for an operation whose response is not an object, but never reads an empty body as one", async () => {
    const bank = await startBank({
      operation: (req, res) =>
        req.path === "/empty"
          ? res.writeHead(200).end()
          : sendJson(res, 200, ["T-1", 2]),
    });
    const transport = client(bank);
    await expect(
      transport.call({ ...READ, response: "json" }, {}),
    ).resolves.toEqual(["T-1", 2]);
    // An object operation meeting the same array is an ApiError (read).
    await expect(transport.call(READ, {})).rejects.toMatchObject({
      status: 200,
      body: ["T-1", 2],
    });
    const error = await rejection(
      transport.call({ ...WRITE, path: "/empty", response: "json" }, {}),
    );
    expect(error).toBeInstanceOf(OutcomeUnknownError);
  });

  it("turns a non-2xx into ApiError with status, parsed body and operation", async () => {
    const bank = await startBank({
      operation: (req, res) =>
        req.path === "/text"
          ? res
              .writeHead(500, { "content-type": "text/plain" })
              .end("x".repeat(10_000))
          : sendJson(res, 422, { code: "INVALID_IBAN" }),
    });
    const transport = client(bank);
    const error = await rejection(transport.call(WRITE, TRANSFER));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 422,
      body: { code: "INVALID_IBAN" },
      operation: WRITE.name,
    });
    const text = await rejection(
      transport.call({ ...READ, path: "/text" }, {}),
    );
    expect(text).toMatchObject({ status: 500 });
    expect((text as ApiError).body).toBe("x".repeat(4096));
  });

  it("an error body echoing the bearer token does not carry it into the ApiError", async () => {
    const bank = await startBank({
      operation: (req, res) =>
        sendJson(res, 400, {
          error: "bad request",
          received: { authorization: req.headers.authorization },
        }),
    });
    const error = await rejection(client(bank).call(READ, {}));
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).body).toEqual({
      error: "bad request",
      received: { authorization: "Bearer [REDACTED]" },
    });
    expectNoSecrets(error);
  });

  it.each(["null", "[1,2]", '"ok"', "42", "OK"])(
    "a read answered 2xx with %s (not a JSON object) is an ApiError carrying it",
    async (text) => {
      const bank = await startBank({
        operation: (_req, res) => res.writeHead(200).end(text),
      });
      const error = await rejection(client(bank).call(READ, {}));
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ status: 200 });
      expect(JSON.stringify((error as ApiError).body)).toBe(
        text === "OK" ? '"OK"' : text,
      );
      expect(bank.calls(READ.path)).toBe(1);
    },
  );

  it("a write answered 2xx with an unreadable body is sent once: outcome unknown", async () => {
    const bank = await startBank({
      operation: (_req, res) => res.writeHead(200).end("[]"),
    });
    const error = await rejection(
      client(bank, { retry: { attempts: 3 } }).call(WRITE, TRANSFER),
    );
    expect(error).toBeInstanceOf(OutcomeUnknownError);
    expect((error as Error).cause).toMatchObject({ status: 200, body: [] });
    expect(bank.calls(WRITE.path)).toBe(1);
  });

  it("uses the fetch option, else the global fetch at call time", async () => {
    const bank = await startBank();
    const seen: string[] = [];
    const custom = client(bank, {
      fetch: (input, init) => {
        seen.push(String(input));
        return fetch(input, init);
      },
    });
    await custom.call(READ, {});
    expect(seen).toEqual([
      `${bank.url}/oauth2/token`,
      `${bank.url}${READ.path}`,
    ]);

    const global = client(bank); // created before the global is replaced, as with MSW
    const realFetch = globalThis.fetch;
    const patched = vi.fn((input: RequestInfo | URL, init?: RequestInit) =>
      realFetch(input, init),
    );
    vi.stubGlobal("fetch", patched);
    await global.call(READ, {});
    expect(patched).toHaveBeenCalledTimes(2);
  });
});

describe("401 handling", () => {
  it.each([READ, WRITE])(
    "$effect: a 401 refreshes the token once and replays once",
    async (operation) => {
      const bank = await startBank();
      const transport = client(bank);
      await transport.call(READ, {});
      bank.revokeAll();
      await expect(transport.call(operation, TRANSFER)).resolves.toMatchObject({
        ok: true,
      });
      expect(bank.tokenRequests()).toBe(2);
      const sends = bank.requests.filter((r) => r.path === operation.path);
      expect(sends.at(-2)?.headers.authorization).toBe(
        `Bearer ${bank.issued[0]}`,
      );
      expect(sends.at(-1)?.headers.authorization).toBe(
        `Bearer ${bank.issued[1]}`,
      );
      expect(sends.at(-1)?.body).toBe(JSON.stringify(TRANSFER));
    },
  );

  it.each([READ, WRITE])(
    "$effect: a second 401 is an AuthError",
    async (operation) => {
      const bank = await startBank({
        operation: (_req, res) =>
          sendJson(res, 401, { error: "invalid_token" }),
      });
      const transport = client(bank, { clock: fakeClock(true).clock });
      const error = await rejection(transport.call(operation, TRANSFER));
      expect(error).toBeInstanceOf(AuthError);
      expect(error).toMatchObject({ status: 401 });
      expect(bank.calls(operation.path)).toBe(2);
      expect(bank.tokenRequests()).toBe(2);
      expectNoSecrets(error);
    },
  );
});

describe("writes are never sent twice", () => {
  it.each([400, 409, 429])(
    "a write meeting %i is sent exactly once",
    async (status) => {
      const time = fakeClock(true);
      const bank = await startBank({
        operation: (_req, res) =>
          sendJson(res, status, { e: status }, { "retry-after": "1" }),
      });
      const error = await rejection(
        client(bank, { clock: time.clock, retry: { attempts: 5 } }).call(
          WRITE,
          TRANSFER,
        ),
      );
      expect(error).toBeInstanceOf(status === 429 ? RateLimitError : ApiError);
      expect(bank.calls(WRITE.path)).toBe(1);
      expect(time.sleeps).toEqual([]);
    },
  );

  // A 5xx, the bank's own or a gateway's, does not say the transfer was not made.
  it.each([500, 502, 503, 504])(
    "a write meeting %i has an unknown outcome",
    async (status) => {
      const bank = await startBank({
        operation: (_req, res) => sendJson(res, status, {}),
      });
      const error = await rejection(client(bank).call(WRITE, TRANSFER));
      expect(error).toBeInstanceOf(OutcomeUnknownError);
      expect(error).toMatchObject({
        operation: WRITE.name,
        requestBody: TRANSFER,
      });
      expect((error as Error).cause).toMatchObject({ status });
      expect(bank.calls(WRITE.path)).toBe(1);
    },
  );

  it("a write that times out is sent once and throws OutcomeUnknownError", async () => {
    const bank = await startBank({ operation: () => undefined }); // never answers
    // Long enough for the request to arrive on a loaded machine: the count
    // below is of requests the bank received.
    const transport = client(bank, { timeoutMs: 1000, retry: { attempts: 5 } });
    const started = Date.now();
    const error = await rejection(transport.call(WRITE, TRANSFER));
    expect(Date.now() - started).toBeLessThan(5000);
    expect(error).toBeInstanceOf(OutcomeUnknownError);
    expect(error).toMatchObject({
      code: "OUTCOME_UNKNOWN",
      operation: "send_transfer",
      requestBody: TRANSFER,
    });
    expect((error as Error).message).toMatch(/reconcile/);
    expect((error as Error).cause).toBeInstanceOf(TimeoutError);
    await delay(300); // nothing is sent later either
    expect(bank.calls(WRITE.path)).toBe(1);
    expectNoSecrets(error);
  });

  it("the per-call timeoutMs overrides the client's", async () => {
    const bank = await startBank({ operation: () => undefined });
    const error = await rejection(
      client(bank, { timeoutMs: 60_000 }).call(WRITE, TRANSFER, {
        timeoutMs: 100,
      }),
    );
    expect(error).toBeInstanceOf(OutcomeUnknownError);
  });

  it("a write whose connection drops after sending has an unknown outcome", async () => {
    const bank = await startBank({
      operation: (_req, res) => res.socket?.destroy(),
    });
    const error = await rejection(
      client(bank, { retry: { attempts: 3 } }).call(WRITE, TRANSFER),
    );
    expect(error).toBeInstanceOf(OutcomeUnknownError);
    expect((error as Error).cause).toBeInstanceOf(NetworkError);
    expect(bank.calls(WRITE.path)).toBe(1);
  });

  it("connection refused on a write is a NetworkError: it was never sent", async () => {
    const bank = await startBank();
    const port = await deadPort();
    const error = await rejection(
      client(bank, { baseUrl: `http://127.0.0.1:${port}` }).call(
        WRITE,
        TRANSFER,
      ),
    );
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).not.toBeInstanceOf(OutcomeUnknownError);
    expect(error).toMatchObject({
      operation: WRITE.name,
      code: "NETWORK_ERROR",
    });
    expectNoSecrets(error);
  });

  it("a DNS failure reported by fetch is a NetworkError", async () => {
    const dnsFailure = Object.assign(new TypeError("fetch failed"), {
      cause: Object.assign(
        new Error("getaddrinfo ENOTFOUND api.bank.example"),
        { code: "ENOTFOUND" },
      ),
    });
    const transport = createTransport(
      {
        baseUrl: "https://api.bank.example",
        authUrl: "https://auth.bank.example",
        clientId: CLIENT_ID,
        clientSecret: SECRET,
        getAccessToken: async () => "t",
        fetch: async () => {
          throw dnsFailure;
        },
      },
      DEFAULTS,
      oauth2ClientCredentials("/oauth2/token"),
    );
    await expect(transport.call(WRITE, TRANSFER)).rejects.toBeInstanceOf(
      NetworkError,
    );
    // A bare failure (as browsers report it) could have been sent.
    const opaque = createTransport(
      {
        baseUrl: "https://api.bank.example",
        authUrl: "https://auth.bank.example",
        clientId: CLIENT_ID,
        clientSecret: SECRET,
        getAccessToken: async () => "t",
        fetch: async () => {
          throw new TypeError("Failed to fetch");
        },
      },
      DEFAULTS,
      oauth2ClientCredentials("/oauth2/token"),
    );
    await expect(opaque.call(WRITE, TRANSFER)).rejects.toBeInstanceOf(
      OutcomeUnknownError,
    );
  });
});

describe("abort", () => {
  it("a read aborted in flight rejects with the reason and is not retried", async () => {
    const bank = await startBank({ operation: () => undefined });
    const controller = new AbortController();
    const reason = new DOMException("The operation was aborted.", "AbortError");
    const call = client(bank, { clock: fakeClock(true).clock }).call(
      READ,
      {},
      { signal: controller.signal },
    );
    await vi.waitFor(() => expect(bank.calls(READ.path)).toBe(1));
    controller.abort(reason);
    await expect(call).rejects.toBe(reason);
    expect(bank.calls(READ.path)).toBe(1);
  });

  it("a write aborted after it was sent has an unknown outcome", async () => {
    const bank = await startBank({ operation: () => undefined });
    const controller = new AbortController();
    const call = client(bank).call(WRITE, TRANSFER, {
      signal: controller.signal,
    });
    await vi.waitFor(() => expect(bank.calls(WRITE.path)).toBe(1));
    controller.abort();
    const error = await rejection(call);
    expect(error).toBeInstanceOf(OutcomeUnknownError);
    expect((error as Error).cause).toBe(controller.signal.reason);
    expect(bank.calls(WRITE.path)).toBe(1);
  });

  it("an abort while the token is fetched sends nothing, even for a write", async () => {
    const ops = await startServer((_req, res) => sendJson(res, 200, {}));
    const controller = new AbortController();
    const transport = client(ops, {
      // A token source that ignores the signal and finishes after the abort.
      getAccessToken: async () => {
        controller.abort("changed my mind");
        return "t";
      },
    });
    await expect(
      transport.call(WRITE, TRANSFER, { signal: controller.signal }),
    ).rejects.toBe("changed my mind");
    await delay(100);
    expect(ops.requests).toHaveLength(0);
  });

  it("an already aborted signal sends nothing", async () => {
    const bank = await startBank();
    const controller = new AbortController();
    controller.abort("no");
    await expect(
      client(bank).call(WRITE, TRANSFER, { signal: controller.signal }),
    ).rejects.toBe("no");
    expect(bank.requests).toHaveLength(0);
  });
});

describe("hooks and secrets", () => {
  it("reports requests and responses with credentials redacted", async () => {
    const bank = await startBank({
      operation: (_req, res) =>
        sendJson(
          res,
          200,
          {},
          { "set-cookie": "session=abc", "x-trace": "t1" },
        ),
    });
    const requests: RequestEvent[] = [];
    const responses: ResponseEvent[] = [];
    const transport = client(bank, {
      onRequest: (event) => requests.push(event),
      onResponse: (event) => responses.push(event),
    });
    await transport.call(WRITE, TRANSFER, {
      headers: { "x-api-key": "k-123", "x-request-id": "r1" },
    });
    expect(requests).toEqual([
      {
        operation: WRITE.name,
        method: "POST",
        url: `${bank.url}${WRITE.path}`,
        headers: {
          accept: "application/json",
          authorization: "[REDACTED]",
          "content-type": "application/json",
          "x-api-key": "[REDACTED]",
          "x-request-id": "r1",
        },
        attempt: 1,
      },
    ]);
    expect(responses).toHaveLength(1);
    expect(responses[0]).toMatchObject({
      operation: WRITE.name,
      status: 200,
      attempt: 1,
    });
    expect(responses[0]?.headers["set-cookie"]).toBe("[REDACTED]");
    expect(responses[0]?.headers["x-trace"]).toBe("t1");
    expect(responses[0]?.durationMs).toBeGreaterThanOrEqual(0);
    expectNoSecrets([requests, responses], ["k-123", "session=abc"]);
  });

  it("counts attempts across the 401 replay and retries", async () => {
    const time = fakeClock(true);
    const bank = await startBank({
      operation: (_req, res, n) => sendJson(res, n === 1 ? 503 : 200, {}),
    });
    const attempts: number[] = [];
    const transport = client(bank, {
      clock: time.clock,
      onRequest: (e) => attempts.push(e.attempt),
    });
    await transport.call(READ, {}); // 503, then retried
    expect(attempts).toEqual([1, 2]);
    bank.revokeAll();
    attempts.length = 0;
    await transport.call(READ, {}); // 401, then replayed
    expect(attempts).toEqual([1, 2]);
    expect(bank.tokenRequests()).toBe(2);
  });

  it("a throwing hook does not break the call", async () => {
    const bank = await startBank();
    const transport = client(bank, {
      onRequest: () => {
        throw new Error("hook bug");
      },
      onResponse: () => {
        throw new Error("hook bug");
      },
    });
    await expect(transport.call(WRITE, TRANSFER)).resolves.toMatchObject({
      ok: true,
    });
    expect(bank.calls(WRITE.path)).toBe(1);
  });

  it("no error or hook payload of any failure reveals the secret or a token", async () => {
    const time = fakeClock(true);
    const events: unknown[] = [];
    const hooks = {
      onRequest: (e: unknown) => events.push(e),
      onResponse: (e: unknown) => events.push(e),
    };
    const errors: unknown[] = [];
    const collect = async (promise: Promise<unknown>): Promise<void> => {
      errors.push(await rejection(promise));
    };
    const port = await deadPort();

    const statuses = [400, 401, 403, 429, 500, 502, 503, 504];
    for (const status of statuses) {
      const bank = await startBank({
        operation: (_req, res) => sendJson(res, status, { status }),
      });
      const transport = client(bank, { clock: time.clock, ...hooks });
      await collect(transport.call(READ, {}));
      await collect(transport.call(WRITE, TRANSFER));
    }
    const hanging = await startBank({ operation: () => undefined });
    await collect(
      client(hanging, { clock: time.clock, timeoutMs: 50, ...hooks }).call(
        READ,
        {},
      ),
    );
    await collect(
      client(hanging, { clock: time.clock, timeoutMs: 50, ...hooks }).call(
        WRITE,
        TRANSFER,
      ),
    );
    const bank = await startBank({
      token: (_req, res) =>
        sendJson(res, 400, {
          error: "invalid_request",
          error_description: SECRET,
        }),
    });
    await collect(client(bank, hooks).call(WRITE, TRANSFER));
    await collect(
      client(bank, { ...hooks, baseUrl: `http://127.0.0.1:${port}` }).call(
        WRITE,
        TRANSFER,
      ),
    );
    const ok = await startBank();
    await collect(
      client(ok, { ...hooks, baseUrl: `http://127.0.0.1:${port}` }).call(
        WRITE,
        TRANSFER,
      ),
    );
    await collect(
      client(ok, {
        ...hooks,
        baseUrl: `http://127.0.0.1:${port}`,
        clock: time.clock,
      }).call(READ, {}),
    );
    await collect(
      client(ok, { ...hooks, authUrl: `http://127.0.0.1:${port}` }).call(
        READ,
        {},
      ),
    );

    expect(errors.length).toBe(statuses.length * 2 + 7);
    expect(events.length).toBeGreaterThan(20);
    for (const error of errors) expectNoSecrets(error);
    expectNoSecrets(events);
    // The tokens were really in use, so their absence means something.
    expect(ok.issued.length).toBeGreaterThan(0);
    expect(ok.issued[0]).toContain(TOKEN_MARK);
  });
});
