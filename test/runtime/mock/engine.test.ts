import { describe, expect, it } from "vitest";
import {
  createMockEngine,
  DEFAULT_AUTH_URL,
  DEFAULT_MAX_RECORDED_CALLS,
  type MockEngine,
  type MockFault,
  type MockOptions,
  type MockOutcome,
} from "../../../src/runtime/mock/engine.js";
import { validateValue } from "../../../src/runtime/mock/validate.js";
import type { JsonValue } from "../../../src/runtime/json.js";
import {
  api,
  basic,
  issueToken,
  opRequest,
  tokenRequest,
  validAccount,
  validSend,
} from "./fixture.js";

/** A hand-cranked clock. */
function clock(start = 1_700_000_000_000): {
  now: () => number;
  advance: (ms: number) => void;
} {
  let t = start;
  return { now: () => t, advance: (ms) => void (t += ms) };
}

function response(outcome: MockOutcome): Response {
  if (outcome.kind !== "response")
    throw new Error(`expected a response, got ${outcome.kind}`);
  return outcome.response;
}

async function json(
  outcome: MockOutcome,
): Promise<{ status: number; body: any; headers: Headers }> {
  const r = response(outcome);
  return { status: r.status, body: await r.json(), headers: r.headers };
}

async function setup(
  options: MockOptions = {},
): Promise<{ engine: MockEngine; token: string }> {
  const engine = createMockEngine(api, options);
  return { engine, token: await issueToken(engine) };
}

describe("token endpoint", () => {
  it("grants client_credentials with HTTP Basic client authentication", async () => {
    const engine = createMockEngine(api);
    expect(engine.tokenUrl).toBe(`${DEFAULT_AUTH_URL}/oauth2/token`);
    const r = await json(
      await engine.handle(tokenRequest(engine.tokenUrl, "basic")),
    );
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      access_token: expect.stringMatching(/^mock-token-[0-9a-f]{32}$/),
      token_type: "Bearer",
      expires_in: 3600,
    });
    expect(r.headers.get("cache-control")).toBe("no-store");
    expect(engine.tokenRequests).toBe(1);
  });

  it("grants with client_id/client_secret form fields, a new token each time", async () => {
    const engine = createMockEngine(api, { tokenLifetimeSeconds: 60 });
    const first = await json(
      await engine.handle(tokenRequest(engine.tokenUrl, "form")),
    );
    const second = await json(
      await engine.handle(tokenRequest(engine.tokenUrl, "form")),
    );
    expect(first.body).toMatchObject({
      access_token: expect.stringMatching(/^mock-token-[0-9a-f]{32}$/),
      expires_in: 60,
    });
    expect(second.body.access_token).not.toBe(first.body.access_token);
  });

  it("refuses a token another engine issued, as another environment of the bank would", async () => {
    // A client that keeps its token across mocks (a restarted server, the
    // next test) must meet a 401, even where this engine issued as many.
    const first = await setup();
    const second = await setup();
    expect(second.token).not.toBe(first.token);
    const call = await second.engine.handle(
      opRequest(second.engine, "get_txn_status", {}, first.token),
    );
    expect(response(call).status).toBe(401);
    const own = await second.engine.handle(
      opRequest(second.engine, "get_txn_status", {}, second.token),
    );
    expect(response(own).status).toBe(200);
  });

  it("refuses two Basic headers, and client credentials in the URL even beside good ones", async () => {
    const engine = createMockEngine(api);
    const twice = new Headers({
      "content-type": "application/x-www-form-urlencoded",
    });
    twice.append(
      "authorization",
      basic("mock-client-id", "mock-client-secret"),
    );
    twice.append(
      "authorization",
      basic("mock-client-id", "mock-client-secret"),
    );
    const doubled = await engine.handle(
      new Request(engine.tokenUrl, {
        method: "POST",
        headers: twice,
        body: "grant_type=client_credentials",
      }),
    );
    expect(response(doubled).status).toBe(401);
    // RFC 6749 §2.3.1: never in the URL, which logs and proxies keep.
    for (const how of ["basic", "form"] as const) {
      const sent = tokenRequest(engine.tokenUrl, how);
      const outcome = await engine.handle(
        new Request(`${engine.tokenUrl}?client_secret=mock-client-secret`, {
          method: "POST",
          headers: sent.headers,
          body: await sent.text(),
        }),
      );
      const r = response(outcome);
      const text = await r.text();
      expect(r.status).toBe(400);
      expect(JSON.parse(text).error).toBe("invalid_request");
      expect(text).not.toContain("mock-client-secret");
    }
  });

  it("refuses an Authorization header of another scheme beside form credentials, or alone (RFC 6749 §2.3)", async () => {
    const engine = createMockEngine(api);
    const send = (authorization: string, form: boolean): Promise<MockOutcome> =>
      engine.handle(
        new Request(engine.tokenUrl, {
          method: "POST",
          headers: {
            "content-type": "application/x-www-form-urlencoded",
            authorization,
          },
          body: form
            ? "grant_type=client_credentials&client_id=mock-client-id&client_secret=mock-client-secret"
            : "grant_type=client_credentials",
        }),
      );
    // Two credentials in one request: refused, as Basic beside the form is.
    for (const header of ["Bearer mock-token-0", "Digest x", "Bearer"]) {
      const both = await json(await send(header, true));
      expect(both.status, header).toBe(400);
      expect(both.body.error, header).toBe("invalid_request");
    }
    // A scheme the token endpoint does not take, and no other credentials:
    // client authentication failed (§5.2), with the scheme it takes.
    const alone = await json(await send("Bearer mock-token-0", false));
    expect(alone.status).toBe(401);
    expect(alone.body.error).toBe("invalid_client");
    expect(alone.headers.get("www-authenticate")).toBe(
      'Basic realm="remitgen-mock"',
    );
    expect(JSON.stringify(alone.body)).not.toContain("mock-token-0");
    expect(engine.tokenRequests).toBe(4);
  });

  it("decodes Basic credentials that were form-urlencoded before base64", async () => {
    const secret = "s3:cr+t é/%";
    const engine = createMockEngine(api, {
      clientId: "my id",
      clientSecret: secret,
    });
    const ok = await engine.handle(
      tokenRequest(engine.tokenUrl, "basic", "my id", secret),
    );
    expect(response(ok).status).toBe(200);
    // Raw (not urlencoded) "+" would decode to a space and must not match.
    const raw = `Basic ${Buffer.from(`my+id:${secret}`).toString("base64")}`;
    const bad = await engine.handle(
      new Request(engine.tokenUrl, {
        method: "POST",
        headers: {
          authorization: raw,
          "content-type": "application/x-www-form-urlencoded",
        },
        body: "grant_type=client_credentials",
      }),
    );
    expect(response(bad).status).toBe(401);
  });

  it("answers 401 invalid_client for a wrong secret, without echoing it", async () => {
    const engine = createMockEngine(api);
    for (const how of ["basic", "form"] as const) {
      const outcome = await engine.handle(
        tokenRequest(
          engine.tokenUrl,
          how,
          "mock-client-id",
          "wrong-secret-value",
        ),
      );
      const r = response(outcome);
      const text = await r.text();
      expect(r.status).toBe(401);
      expect(JSON.parse(text).error).toBe("invalid_client");
      expect(text).not.toContain("wrong-secret-value");
      expect(text).not.toContain("mock-client-secret");
      // RFC 6749 §5.2: a Basic attempt gets a Basic challenge.
      expect(r.headers.get("www-authenticate")).toBe(
        how === "basic" ? 'Basic realm="remitgen-mock"' : null,
      );
    }
    const wrongId = await engine.handle(
      tokenRequest(engine.tokenUrl, "basic", "someone-else"),
    );
    expect(response(wrongId).status).toBe(401);
    const none = await engine.handle(
      new Request(engine.tokenUrl, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "grant_type=client_credentials",
      }),
    );
    expect((await json(none)).body.error).toBe("invalid_client");
  });

  it("answers 400 unsupported_grant_type / invalid_request per RFC 6749 §5.2", async () => {
    const engine = createMockEngine(api);
    const wrong = await json(
      await engine.handle(
        tokenRequest(
          engine.tokenUrl,
          "basic",
          undefined,
          undefined,
          "password",
        ),
      ),
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe("unsupported_grant_type");

    const missing = await json(
      await engine.handle(
        new Request(engine.tokenUrl, {
          method: "POST",
          headers: {
            authorization: basic("mock-client-id", "mock-client-secret"),
            "content-type": "application/x-www-form-urlencoded",
          },
          body: "scope=x",
        }),
      ),
    );
    expect(missing).toMatchObject({
      status: 400,
      body: { error: "invalid_request" },
    });

    const both = await json(
      await engine.handle(
        new Request(engine.tokenUrl, {
          method: "POST",
          headers: {
            authorization: basic("mock-client-id", "mock-client-secret"),
            "content-type": "application/x-www-form-urlencoded",
          },
          body: "grant_type=client_credentials&client_secret=mock-client-secret",
        }),
      ),
    );
    expect(both).toMatchObject({
      status: 400,
      body: { error: "invalid_request" },
    });

    const jsonBody = await json(
      await engine.handle(
        new Request(engine.tokenUrl, {
          method: "POST",
          headers: {
            authorization: basic("mock-client-id", "mock-client-secret"),
            "content-type": "application/json",
          },
          body: JSON.stringify({ grant_type: "client_credentials" }),
        }),
      ),
    );
    expect(jsonBody).toMatchObject({
      status: 400,
      body: { error: "invalid_request" },
    });
  });

  it("expires tokens by the injected clock", async () => {
    const c = clock();
    const { engine, token } = await setup({
      tokenLifetimeSeconds: 60,
      now: c.now,
    });
    c.advance(59_999);
    expect(
      response(
        await engine.handle(opRequest(engine, "get_txn_status", {}, token)),
      ).status,
    ).toBe(200);
    c.advance(1);
    const expired = response(
      await engine.handle(opRequest(engine, "get_txn_status", {}, token)),
    );
    expect(expired.status).toBe(401);
    expect(expired.headers.get("www-authenticate")).toContain(
      'error="invalid_token"',
    );
    const fresh = await issueToken(engine);
    expect(
      response(
        await engine.handle(opRequest(engine, "get_txn_status", {}, fresh)),
      ).status,
    ).toBe(200);
  });

  it("revokeTokens() invalidates issued tokens", async () => {
    const { engine, token } = await setup();
    engine.revokeTokens();
    expect(
      response(
        await engine.handle(opRequest(engine, "get_txn_status", {}, token)),
      ).status,
    ).toBe(401);
  });
});

describe("operation checks", () => {
  it("answers 401 without, or with an unknown, bearer token, never echoing it", async () => {
    const { engine } = await setup();
    const none = response(
      await engine.handle(opRequest(engine, "get_txn_status", {}, undefined)),
    );
    expect(none.status).toBe(401);
    expect(none.headers.get("www-authenticate")).toBe(
      'Bearer realm="remitgen-mock"',
    );
    expect((await none.json()).error.code).toBe("unauthorized");

    const forged = response(
      await engine.handle(
        opRequest(engine, "get_txn_status", {}, "forged-token-xyz"),
      ),
    );
    expect(forged.status).toBe(401);
    expect(await forged.text()).not.toContain("forged-token-xyz");

    const basicInstead = await engine.handle(
      new Request(engine.urlFor("get_txn_status"), {
        method: "POST",
        headers: {
          authorization: basic("mock-client-id", "mock-client-secret"),
          "content-type": "application/json",
        },
        body: "{}",
      }),
    );
    expect(response(basicInstead).status).toBe(401);
    expect(engine.calls.map((c) => c.status)).toEqual([401, 401, 401]);
  });

  it("refuses two Authorization headers, even both with the valid token", async () => {
    const { engine, token } = await setup();
    const headers = new Headers({ "content-type": "application/json" });
    headers.append("authorization", `Bearer ${token}`);
    headers.append("authorization", `Bearer ${token}`);
    const outcome = await engine.handle(
      new Request(engine.urlFor("get_txn_status"), {
        method: "POST",
        headers,
        body: "{}",
      }),
    );
    const r = response(outcome);
    expect(r.status).toBe(401);
    expect(await r.text()).not.toContain(token);
  });

  it("refuses an access token in the URL (400 invalid_request), beside a good header too, never echoing it", async () => {
    const { engine, token } = await setup();
    // RFC 6750 §2.3 allows it, but a URL is kept by logs and proxies, and
    // §3.1 refuses a request that sends its token more than one way.
    const outcome = await engine.handle(
      new Request(`${engine.urlFor("send_txns")}?access_token=${token}`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${token}`,
          "content-type": "application/json",
        },
        body: JSON.stringify(validSend),
      }),
    );
    const r = response(outcome);
    const text = await r.text();
    expect(r.status).toBe(400);
    expect(JSON.parse(text).error.code).toBe("invalid_request");
    expect(text).not.toContain(token);
    expect(engine.calls).toMatchObject([
      { operation: "send_txns", status: 400, applied: false },
    ]);
  });

  it("answers 415 for a non-JSON content type and accepts JSON with parameters", async () => {
    const { engine, token } = await setup();
    const r = await json(
      await engine.handle(
        opRequest(engine, "get_txn_status", "{}", token, "text/plain"),
      ),
    );
    expect(r.status).toBe(415);
    expect(r.body.error.code).toBe("unsupported_media_type");
    const ok = await engine.handle(
      opRequest(
        engine,
        "get_txn_status",
        "{}",
        token,
        "Application/JSON; charset=utf-8",
      ),
    );
    expect(response(ok).status).toBe(200);
  });

  it("answers 400 with an error payload for a body that is not JSON, without echoing it", async () => {
    const { engine, token } = await setup();
    const r = response(
      await engine.handle(
        opRequest(engine, "send_txns", "{secret-ish: nope", token),
      ),
    );
    const text = await r.text();
    expect(r.status).toBe(400);
    expect(JSON.parse(text)).toEqual({
      error: {
        code: "invalid_json",
        message: "Request body is not valid JSON",
      },
    });
    expect(text).not.toContain("secret-ish");
    expect(engine.calls[0]).toMatchObject({
      operation: "send_txns",
      status: 400,
      body: undefined,
      applied: false,
    });
  });

  it("lists every schema violation with a JSON pointer", async () => {
    const { engine, token } = await setup();
    const body = {
      reference: "ref 1",
      from: { account_no: "12ab", bank_code: "X" },
      txns: [
        { amount: 0, currency: "GBP", to: validAccount },
        {
          amount: "10",
          currency: "PKR",
          to: { bank_code: "HBL" },
          memo: "x".repeat(17),
        },
      ],
      extra: true,
    };
    const r = await json(
      await engine.handle(opRequest(engine, "send_txns", body, token)),
    );
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe("validation_failed");
    const found = (
      r.body.error.details as { path: string; keyword: string }[]
    ).map((d) => `${d.path} ${d.keyword}`);
    expect(found).toEqual([
      "/reference pattern",
      "/from/account_no pattern",
      "/from/bank_code minLength",
      "/txns/0/amount minimum",
      "/txns/0/currency enum",
      "/txns/1/amount type",
      "/txns/1/to/account_no required",
      "/txns/1/memo maxLength",
      "/extra unknown",
    ]);
    expect(engine.calls[0]?.body).toEqual(body);
  });

  it("answers 200 with data that satisfies the response schema for a valid request", async () => {
    const { engine, token } = await setup();
    const r = await json(
      await engine.handle(
        opRequest(engine, "get_acct_title", { account: validAccount }, token),
      ),
    );
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toBe("application/json");
    expect(
      validateValue(r.body, api.operations[0]!.response!, api.schemas),
    ).toEqual([]);
    expect(Object.keys(r.body)).toEqual([
      "title",
      "account",
      "status",
      "opened_at",
      "request_id",
      "branch",
      "joint",
    ]);
  });

  it("uses the response schema's example when present", async () => {
    const { engine, token } = await setup();
    const r = await json(
      await engine.handle(opRequest(engine, "send_txns", validSend, token)),
    );
    expect(r).toMatchObject({
      status: 200,
      body: { batch_id: "00000000-0000-4000-8000-000000000000", accepted: 1 },
    });
  });

  it("answers an open, deterministic object when the response is not shown", async () => {
    const { engine, token } = await setup();
    const r = await json(
      await engine.handle(
        opRequest(engine, "get_txn_status", { anything: [1, 2] }, token),
      ),
    );
    expect(r.body).toEqual({ operation: "get_txn_status", mock: true });
  });

  it("answers 404 for unknown paths (unrecorded) and 405 for other methods", async () => {
    const { engine, token } = await setup();
    const missing = await json(
      await engine.handle(
        new Request(`${api.baseUrl}/nope`, { method: "POST" }),
      ),
    );
    expect(missing).toMatchObject({
      status: 404,
      body: { error: { code: "not_found" } },
    });
    const get = response(
      await engine.handle(
        new Request(engine.urlFor("get_txn_status"), {
          headers: { authorization: `Bearer ${token}` },
        }),
      ),
    );
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST");
    // Routing refusals are not calls of an operation: neither is recorded.
    expect(engine.calls).toEqual([]);
  });

  it("routes a path whatever the case of its percent-encoding, and with unreserved characters encoded (RFC 3986 §6.2.2)", async () => {
    const engine = createMockEngine(
      {
        ...api,
        auth: {
          scheme: "oauth2-client-credentials",
          tokenPath: "/o%C3%A4uth/token",
        },
      },
      { baseUrl: "http://localhost:9/caf\u00e9/" },
    );
    expect(engine.urlFor("get_txn_status")).toBe(
      "http://localhost:9/caf%C3%A9/get_txn_status",
    );
    const token = await json(
      await engine.handle(
        tokenRequest("https://auth.mock/o%c3%a4uth/token", "basic"),
      ),
    );
    expect(token.status).toBe(200);
    for (const path of [
      "/caf%c3%a9/get_txn_status",
      "/caf%C3%a9/get%5Ftxn%5fstatus",
      "/caf%c3%A9/%67et_txn_status",
    ]) {
      const r = await engine.handle(
        new Request(`http://localhost:9${path}`, {
          method: "POST",
          headers: {
            authorization: `Bearer ${token.body.access_token}`,
            "content-type": "application/json",
          },
          body: "{}",
        }),
      );
      expect(response(r).status, path).toBe(200);
    }
    // Reserved characters stay apart: %2F is no "/".
    const slash = await engine.handle(
      new Request("http://localhost:9/caf%C3%A9%2Fget_txn_status", {
        method: "POST",
      }),
    );
    expect(response(slash).status).toBe(404);
    expect(engine.calls.map((call) => call.path)).toEqual([
      "/caf%c3%a9/get_txn_status",
      "/caf%C3%a9/get%5Ftxn%5fstatus",
      "/caf%c3%A9/%67et_txn_status",
    ]);
  });

  it("ignores query strings and honours a base URL with a path prefix", async () => {
    const engine = createMockEngine(api, {
      baseUrl: "http://localhost:9/api/v1/",
    });
    const token = await issueToken(engine);
    expect(engine.urlFor("get_txn_status")).toBe(
      "http://localhost:9/api/v1/get_txn_status",
    );
    const r = await engine.handle(
      new Request("http://localhost:9/api/v1/get_txn_status?x=1", {
        method: "POST",
        headers: {
          authorization: `Bearer ${token}`,
          "content-type": "application/json",
        },
        body: "{}",
      }),
    );
    expect(response(r).status).toBe(200);
  });

  it("answers 413 for bodies over maxBodyBytes, declared or streamed", async () => {
    const { engine, token } = await setup({ maxBodyBytes: 64 });
    const big = JSON.stringify({ reference: "x".repeat(100) });
    const declared = await json(
      await engine.handle(opRequest(engine, "send_txns", big, token)),
    );
    expect(declared).toMatchObject({
      status: 413,
      body: { error: { code: "payload_too_large" } },
    });

    let pulls = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulls++;
        controller.enqueue(new Uint8Array(40).fill(0x20));
        if (pulls > 1000) controller.close();
      },
    });
    const streamed = await engine.handle(
      new Request(engine.urlFor("send_txns"), {
        method: "POST",
        headers: {
          authorization: `Bearer ${token}`,
          "content-type": "application/json",
        },
        body: stream,
        duplex: "half",
      } as RequestInit),
    );
    expect(response(streamed).status).toBe(413);
    // Stopped reading soon after the limit instead of reading all 40 kB.
    expect(pulls).toBeLessThan(10);
    const exact = await engine.handle(
      opRequest(engine, "get_txn_status", " ".repeat(62) + "{}", token),
    );
    expect(response(exact).status).toBe(200);
  });
});

describe("rate limiting", () => {
  it("answers 429 with Retry-After once the sliding window is full, then recovers", async () => {
    const c = clock();
    const { engine, token } = await setup({
      now: c.now,
      rateLimit: { limit: 3, intervalMs: 60_000 },
    });
    const call = (): Promise<MockOutcome> =>
      engine.handle(opRequest(engine, "get_txn_status", {}, token));
    expect(response(await call()).status).toBe(200); // t=0
    c.advance(10_000);
    expect(response(await call()).status).toBe(200); // t=10s
    expect(response(await call()).status).toBe(200); // t=10s
    const limited = await json(await call());
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("50");
    expect(limited.body.error.code).toBe("rate_limited");

    c.advance(49_999);
    const stillLimited = response(await call());
    expect(stillLimited.status).toBe(429);
    expect(stillLimited.headers.get("retry-after")).toBe("1");
    c.advance(1); // the t=0 call leaves the window
    expect(response(await call()).status).toBe(200);
    expect(response(await call()).status).toBe(429); // the t=10s calls are still in it
    expect(response(await call()).headers.get("retry-after")).toBe("10");
  });

  it("uses the plan's limit by default and can be switched off", async () => {
    const limited = await setup({ rateLimit: undefined });
    const statuses: number[] = [];
    for (let i = 0; i < 101; i++) {
      const outcome = await limited.engine.handle(
        opRequest(limited.engine, "get_txn_status", {}, limited.token),
      );
      statuses.push(response(outcome).status);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(100); // plan: 100/hour
    expect(statuses[100]).toBe(429);

    const open = await setup({ rateLimit: false });
    for (let i = 0; i < 150; i++) {
      const outcome = await open.engine.handle(
        opRequest(open.engine, "get_txn_status", {}, open.token),
      );
      expect(response(outcome).status).toBe(200);
    }
  });

  it("does not count calls refused for authentication", async () => {
    const { engine, token } = await setup({
      rateLimit: { limit: 1, intervalMs: 1000 },
    });
    for (let i = 0; i < 5; i++)
      await engine.handle(opRequest(engine, "get_txn_status", {}, undefined));
    expect(
      response(
        await engine.handle(opRequest(engine, "get_txn_status", {}, token)),
      ).status,
    ).toBe(200);
  });
});

describe("determinism", () => {
  const body = { account: { account_no: "5555666677", bank_code: "UBL" } };

  it("gives the same body for the same request, in one engine and across engines", async () => {
    const a = await setup();
    const b = await setup();
    const first = await response(
      await a.engine.handle(
        opRequest(a.engine, "get_acct_title", body, a.token),
      ),
    ).text();
    const again = await response(
      await a.engine.handle(
        opRequest(a.engine, "get_acct_title", body, a.token),
      ),
    ).text();
    const other = await response(
      await b.engine.handle(
        opRequest(b.engine, "get_acct_title", body, b.token),
      ),
    ).text();
    expect(again).toBe(first);
    expect(other).toBe(first);
    // Member order does not matter: the seed uses canonical JSON.
    const reordered = {
      account: { bank_code: "UBL", account_no: "5555666677" },
    };
    const re = await response(
      await b.engine.handle(
        opRequest(b.engine, "get_acct_title", reordered, b.token),
      ),
    ).text();
    expect(re).toBe(first);
  });

  it("gives different data for different requests", async () => {
    const { engine, token } = await setup();
    const bodies = new Set<string>();
    for (const account_no of ["1000000001", "1000000002", "1000000003"]) {
      const outcome = await engine.handle(
        opRequest(
          engine,
          "get_acct_title",
          { account: { account_no, bank_code: "UBL" } },
          token,
        ),
      );
      bodies.add(await response(outcome).text());
    }
    expect(bodies.size).toBe(3);
  });
});

describe("overrides and faults", () => {
  it("answers an override response or resolver, with callIndex per operation", async () => {
    const seen: { body: JsonValue; callIndex: number }[] = [];
    const { engine, token } = await setup({
      overrides: {
        send_txns: {
          status: 201,
          resolver: ({ body, callIndex }) => {
            seen.push({ body, callIndex });
            return { n: callIndex };
          },
        },
        get_txn_status: { response: { state: "SETTLED" } },
      },
    });
    await engine.handle(opRequest(engine, "get_txn_status", {}, token));
    const r1 = await json(
      await engine.handle(opRequest(engine, "send_txns", validSend, token)),
    );
    const r2 = await json(
      await engine.handle(opRequest(engine, "send_txns", validSend, token)),
    );
    const s = await json(
      await engine.handle(opRequest(engine, "get_txn_status", {}, token)),
    );
    expect([r1.status, r1.body, r2.body]).toEqual([201, { n: 0 }, { n: 1 }]);
    expect(s.body).toEqual({ state: "SETTLED" });
    expect(seen.map((x) => x.callIndex)).toEqual([0, 1]);
    expect(seen[0]?.body).toEqual(validSend);
  });

  it("answers 500 mock_error when a resolver throws, and records it", async () => {
    const { engine, token } = await setup({
      overrides: {
        get_txn_status: {
          resolver: () => {
            throw new Error("boom");
          },
        },
      },
    });
    const r = await json(
      await engine.handle(opRequest(engine, "get_txn_status", {}, token)),
    );
    expect(r.status).toBe(500);
    expect(r.body.error).toMatchObject({
      code: "mock_error",
      message: "Mock failure: boom",
    });
    expect(engine.calls[0]).toMatchObject({ status: 500, applied: false });
  });

  it("injects a status fault with Retry-After for faultTimes calls, then recovers", async () => {
    const { engine, token } = await setup();
    engine.setOverride("send_txns", {
      fault: { kind: "status", status: 503, retryAfterSeconds: 7 },
      faultTimes: 2,
    });
    const r1 = await json(
      await engine.handle(opRequest(engine, "send_txns", validSend, token)),
    );
    const r2 = response(
      await engine.handle(opRequest(engine, "send_txns", validSend, token)),
    );
    const r3 = response(
      await engine.handle(opRequest(engine, "send_txns", validSend, token)),
    );
    expect(r1.status).toBe(503);
    expect(r1.headers.get("retry-after")).toBe("7");
    expect(r1.body.error.code).toBe("injected_fault");
    expect([r2.status, r3.status]).toEqual([503, 200]);
    expect(engine.calls.map((c) => c.applied)).toEqual([false, false, true]);
  });

  it("records a status fault as applied when it says so: a 500 after the transfer went through", async () => {
    const { engine, token } = await setup();
    const send = async (fault: MockFault): Promise<number> => {
      engine.setOverride("send_txns", { fault, faultTimes: 1 });
      return response(
        await engine.handle(opRequest(engine, "send_txns", validSend, token)),
      ).status;
    };
    expect(await send({ kind: "status", status: 500, applied: true })).toBe(
      500,
    );
    expect(await send({ kind: "status", status: 500 })).toBe(500);
    expect(await send({ kind: "status", status: 202 })).toBe(202);
    expect(await send({ kind: "status", status: 202, applied: false })).toBe(
      202,
    );
    expect(engine.calls.map((c) => [c.status, c.applied])).toEqual([
      [500, true],
      [500, false],
      [202, true],
      [202, false],
    ]);
  });

  it("faults only calls the service accepted: invalid calls do not use up faultTimes", async () => {
    const { engine, token } = await setup({
      overrides: {
        send_txns: {
          fault: { kind: "status", status: 500, body: { oops: true } },
          faultTimes: 1,
        },
      },
    });
    expect(
      response(await engine.handle(opRequest(engine, "send_txns", {}, token)))
        .status,
    ).toBe(400);
    const faulted = await json(
      await engine.handle(opRequest(engine, "send_txns", validSend, token)),
    );
    expect(faulted).toMatchObject({ status: 500, body: { oops: true } });
    expect(
      response(
        await engine.handle(opRequest(engine, "send_txns", validSend, token)),
      ).status,
    ).toBe(200);
  });

  it("returns hang, drop and applied-then-drop outcomes and records them", async () => {
    const { engine, token } = await setup({ latencyMs: 5 });
    engine.setOverride("get_txn_status", {
      fault: { kind: "timeout" },
      faultTimes: 1,
    });
    engine.setOverride("get_acct_title", {
      fault: { kind: "drop" },
      latencyMs: 20,
    });
    engine.setOverride("send_txns", {
      fault: { kind: "applied-then-drop" },
      faultTimes: 1,
    });

    expect(
      await engine.handle(opRequest(engine, "get_txn_status", {}, token)),
    ).toEqual({ kind: "hang" });
    expect(
      await engine.handle(
        opRequest(engine, "get_acct_title", { account: validAccount }, token),
      ),
    ).toEqual({
      kind: "drop",
      applied: false,
      delayMs: 20,
    });
    expect(
      await engine.handle(opRequest(engine, "send_txns", validSend, token)),
    ).toEqual({
      kind: "drop",
      applied: true,
      delayMs: 5,
    });
    const retry = await engine.handle(
      opRequest(engine, "send_txns", validSend, token),
    );
    expect(response(retry).status).toBe(200);

    expect(
      engine.calls.map(({ operation, outcome, applied, status }) => ({
        operation,
        outcome,
        applied,
        status,
      })),
    ).toEqual([
      {
        operation: "get_txn_status",
        outcome: "timed-out",
        applied: false,
        status: undefined,
      },
      {
        operation: "get_acct_title",
        outcome: "dropped",
        applied: false,
        status: undefined,
      },
      {
        operation: "send_txns",
        outcome: "applied-then-dropped",
        applied: true,
        status: undefined,
      },
      {
        operation: "send_txns",
        outcome: "answered",
        applied: true,
        status: 200,
      },
    ]);
    expect(engine.calls[2]?.body).toEqual(validSend);
  });

  it("reset() forgets calls and restores the initial overrides; tokens stay valid", async () => {
    const { engine, token } = await setup({
      overrides: { get_txn_status: { fault: { kind: "drop" }, faultTimes: 1 } },
    });
    expect(
      (await engine.handle(opRequest(engine, "get_txn_status", {}, token)))
        .kind,
    ).toBe("drop");
    engine.setOverride("send_txns", { response: { changed: true } });
    engine.reset();
    expect(engine.calls).toEqual([]);
    expect(engine.tokenRequests).toBe(0);
    // The initial fault is armed again, the runtime override is gone.
    expect(
      (await engine.handle(opRequest(engine, "get_txn_status", {}, token)))
        .kind,
    ).toBe("drop");
    const send = await json(
      await engine.handle(opRequest(engine, "send_txns", validSend, token)),
    );
    expect(send.body).not.toEqual({ changed: true });
    engine.setOverride("get_txn_status", undefined);
    expect(
      (await engine.handle(opRequest(engine, "get_txn_status", {}, token)))
        .kind,
    ).toBe("response");
  });

  it("rejects overrides for unknown operations and impossible statuses", () => {
    expect(() => createMockEngine(api, { overrides: { nope: {} } })).toThrow(
      /unknown operation "nope"/,
    );
    const engine = createMockEngine(api);
    expect(() => engine.setOverride("send_txn", { status: 200 })).toThrow(
      /unknown operation/,
    );
    expect(() => engine.setOverride("send_txns", { status: 99 })).toThrow(
      /200 to 599/,
    );
    expect(() =>
      engine.setOverride("send_txns", {
        fault: { kind: "status", status: 600 },
      }),
    ).toThrow(/200 to 599/);
  });

  it.each([
    ["latencyMs NaN", { latencyMs: NaN }, /latencyMs must be a number from 0/],
    ["latencyMs past a timer's range", { latencyMs: 2 ** 31 }, /latencyMs/],
    ["maxBodyBytes NaN (no limit)", { maxBodyBytes: NaN }, /maxBodyBytes/],
    [
      "tokenLifetimeSeconds Infinity",
      { tokenLifetimeSeconds: Infinity },
      /tokenLifetimeSeconds/,
    ],
    [
      "tokenLifetimeSeconds 0",
      { tokenLifetimeSeconds: 0 },
      /tokenLifetimeSeconds/,
    ],
  ] as const)(
    "refuses the option %s with its name",
    (_label, options, message) => {
      expect(() => createMockEngine(api, options)).toThrow(message);
    },
  );

  it("refuses override numbers a timer or a header cannot hold", () => {
    const engine = createMockEngine(api);
    expect(() =>
      engine.setOverride("send_txns", {
        fault: { kind: "status", status: 503, retryAfterSeconds: NaN },
      }),
    ).toThrow(/retryAfterSeconds must be a number from 0/);
    expect(() =>
      engine.setOverride("send_txns", { latencyMs: Infinity }),
    ).toThrow(/override "send_txns" latencyMs/);
    // In range: accepted.
    engine.setOverride("send_txns", {
      fault: { kind: "status", status: 503, retryAfterSeconds: 7 },
      latencyMs: 5,
    });
  });

  it("reports latency in the outcome, per operation or global", async () => {
    const { engine, token } = await setup({
      latencyMs: 15,
      overrides: { get_txn_status: { latencyMs: 40 } },
    });
    const a = await engine.handle(
      opRequest(engine, "get_txn_status", {}, token),
    );
    const b = await engine.handle(
      opRequest(engine, "get_acct_title", { account: validAccount }, token),
    );
    expect(a.kind === "response" && a.delayMs).toBe(40);
    expect(b.kind === "response" && b.delayMs).toBe(15);
  });
});

describe("conventions and construction", () => {
  it("lets callers replace the error body and status codes", async () => {
    const { engine, token } = await setup({
      conventions: {
        errorBody: (e) => ({
          problem: e.code,
          status: e.status,
          ...(e.details !== undefined ? { issues: e.details } : {}),
        }),
        statuses: { validation_failed: 422 },
      },
    });
    const invalid = await json(
      await engine.handle(opRequest(engine, "send_txns", {}, token)),
    );
    expect(invalid.status).toBe(422);
    expect(invalid.body).toMatchObject({
      problem: "validation_failed",
      status: 422,
    });
    expect(invalid.body.issues).toHaveLength(3);
    const anon = await json(
      await engine.handle(opRequest(engine, "send_txns", {}, undefined)),
    );
    expect(anon).toEqual({
      status: 401,
      body: { problem: "unauthorized", status: 401 },
      headers: anon.headers,
    });
  });

  it("fails fast on dangling refs and clashing URLs", () => {
    expect(() =>
      createMockEngine({
        ...api,
        operations: [
          {
            name: "x",
            method: "POST",
            path: "/x",
            effect: "read",
            request: { kind: "ref", name: "Missing" },
          },
        ],
      }),
    ).toThrow(/unresolved schema references: Missing/);
    expect(() =>
      createMockEngine({
        ...api,
        operations: [
          { name: "a", method: "GET", path: "/same", effect: "read" },
          { name: "b", method: "GET", path: "same", effect: "read" },
        ],
      }),
    ).toThrow(/shares its URL/);
    expect(() => createMockEngine(api, { baseUrl: "not a url" })).toThrow(
      /baseUrl/,
    );
  });

  it("exposes resolved options without the secret, and calls as snapshots", async () => {
    const engine = createMockEngine(api, { clientSecret: "hidden" });
    expect(engine.options).toEqual({
      baseUrl: api.baseUrl,
      authUrl: DEFAULT_AUTH_URL,
      clientId: "mock-client-id",
      username: "mock-user",
    });
    expect(JSON.stringify(engine.options)).not.toContain("hidden");
    const before = engine.calls;
    await engine.handle(opRequest(engine, "get_txn_status", {}, undefined));
    expect(before).toHaveLength(0);
    expect(engine.calls).toHaveLength(1);
    expect(Object.isFrozen(engine.calls[0])).toBe(true);
  });
});

describe("the call log's bound", () => {
  it(`keeps the newest ${DEFAULT_MAX_RECORDED_CALLS} calls by default and counts the dropped ones`, async () => {
    const engine = createMockEngine(api, { rateLimit: false });
    const token = await issueToken(engine);
    const total = DEFAULT_MAX_RECORDED_CALLS + 3;
    for (let n = 0; n < total; n++) {
      await engine.handle(
        opRequest(engine, "get_acct_title", { ...validAccount, n }, token),
      );
    }
    expect(engine.calls).toHaveLength(DEFAULT_MAX_RECORDED_CALLS);
    expect(engine.droppedCalls).toBe(3);
    expect(engine.calls[0]!.body).toEqual({ ...validAccount, n: 3 });
    expect(engine.calls.at(-1)!.body).toEqual({
      ...validAccount,
      n: total - 1,
    });
    engine.reset();
    expect([engine.calls.length, engine.droppedCalls]).toEqual([0, 0]);
  });

  it("fills each call's own slot when calls in flight outlive the dropping of older ones", async () => {
    const engine = createMockEngine(api, {
      rateLimit: false,
      maxRecordedCalls: 2,
      latencyMs: 0,
    });
    const token = await issueToken(engine);
    // Sent at once: slots are taken on arrival, filled on answer.
    await Promise.all(
      [0, 1, 2, 3].map((n) =>
        engine.handle(
          opRequest(engine, "get_acct_title", { ...validAccount, n }, token),
        ),
      ),
    );
    expect(engine.calls.map((call) => call.body)).toEqual([
      { ...validAccount, n: 2 },
      { ...validAccount, n: 3 },
    ]);
    expect(engine.droppedCalls).toBe(2);
  });

  it("keeps none with 0, and refuses a negative bound", async () => {
    const engine = createMockEngine(api, { maxRecordedCalls: 0 });
    const token = await issueToken(engine);
    await engine.handle(
      opRequest(engine, "get_acct_title", validAccount, token),
    );
    expect([engine.calls.length, engine.droppedCalls]).toEqual([0, 1]);
    expect(() => createMockEngine(api, { maxRecordedCalls: -1 })).toThrow(
      "maxRecordedCalls must be a number from 0",
    );
  });
});
