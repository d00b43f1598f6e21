/**
 * Each auth scheme's credentials: an API key in a header or the query,
 * HTTP Basic, a static bearer token, none, and operations that take none.
 * A secret is never echoed, recorded, or accepted in the URL.
 */
import { describe, expect, it } from "vitest";
import {
  createMockEngine,
  type MockEngine,
} from "../../../src/runtime/mock/engine.js";
import { answer, httpApi, keyed, withAuth } from "./http-fixture.js";

const base = httpApi.baseUrl;

/** Everything a tester can see of `engine` after the calls. */
function seen(engine: MockEngine, texts: readonly string[]): string {
  return JSON.stringify(engine.calls) + texts.join("\n");
}

describe("an API key in a header", () => {
  it("answers 401 without or with a wrong key, 200 with the key, and never echoes one", async () => {
    const engine = createMockEngine(httpApi, { apiKey: "k-123-secret" });
    const url = `${base}/accounts/me`;
    const none = await answer(engine, new Request(url));
    const wrong = await answer(
      engine,
      new Request(url, { headers: { "x-api-key": "k-999-wrong" } }),
    );
    const right = await answer(
      engine,
      new Request(url, { headers: { "X-API-Key": "k-123-secret" } }),
    );
    expect([none.status, wrong.status, right.status]).toEqual([401, 401, 200]);
    expect(none.body.error).toEqual({
      code: "unauthorized",
      message: "API key required in the X-API-Key header",
    });
    expect(wrong.body.error.message).toBe("API key is invalid");
    // No standard challenge names an API key.
    expect(none.headers.get("www-authenticate")).toBeNull();
    const shown = seen(engine, [none.text, wrong.text, right.text]);
    expect(shown).not.toContain("k-123-secret");
    expect(shown).not.toContain("k-999-wrong");
  });

  it("refuses the key in the URL 400, and records the path without it", async () => {
    const engine = createMockEngine(httpApi);
    const inQuery = await answer(
      engine,
      keyed(`${base}/accounts?key=mock-api-key`),
    );
    const inPath = await answer(engine, keyed(`${base}/accounts/mock-api-key`));
    for (const got of [inQuery, inPath]) {
      expect(got.status).toBe(400);
      expect(got.body.error.message).toBe(
        "Send the API key in the X-API-Key header only",
      );
    }
    expect(seen(engine, [inQuery.text, inPath.text])).not.toContain(
      "mock-api-key",
    );
    expect(engine.calls.map((call) => call.path)).toEqual([
      "/accounts",
      "/accounts/[redacted]",
    ]);
  });

  it("takes no key for an operation that takes no credentials", async () => {
    const engine = createMockEngine(httpApi);
    expect((await answer(engine, new Request(`${base}/health`))).status).toBe(
      200,
    );
  });
});

describe("an API key in the query", () => {
  const api = withAuth({ scheme: "api-key", in: "query", name: "api_key" });

  it("takes the key from its parameter, and records the query with it hidden", async () => {
    const engine = createMockEngine(api);
    const right = await answer(
      engine,
      new Request(`${base}/accounts?limit=2&api_key=mock-api-key`),
    );
    const twice = await answer(
      engine,
      new Request(`${base}/accounts?api_key=mock-api-key&api_key=mock-api-key`),
    );
    const missing = await answer(engine, new Request(`${base}/accounts`));
    expect([right.status, twice.status, missing.status]).toEqual([
      200, 401, 401,
    ]);
    expect(twice.body.error.message).toBe(
      "API key sent more than once in the api_key query parameter",
    );
    expect(missing.body.error.message).toBe(
      "API key required in the api_key query parameter",
    );
    expect(engine.calls.map((call) => call.query)).toEqual([
      "?limit=2&api_key=[redacted]",
      "?api_key=[redacted]&api_key=[redacted]",
      "",
    ]);
    expect(JSON.stringify(engine.calls)).not.toContain("mock-api-key");
  });
});

describe("HTTP Basic", () => {
  const api = withAuth({ scheme: "basic" });
  const basic = (user: string, password: string): Record<string, string> => ({
    authorization: `Basic ${btoa(`${user}:${password}`)}`,
  });

  it("takes the user and password as RFC 7617 sends them, and challenges without", async () => {
    const engine = createMockEngine(api, {
      username: "ann",
      password: "pa:ss%20word",
    });
    const url = `${base}/accounts/me`;
    const right = await answer(
      engine,
      new Request(url, { headers: basic("ann", "pa:ss%20word") }),
    );
    const wrong = await answer(
      engine,
      new Request(url, { headers: basic("ann", "pa:ss word") }),
    );
    const none = await answer(engine, new Request(url));
    const bearer = await answer(
      engine,
      new Request(url, { headers: { authorization: "Bearer x" } }),
    );
    expect([right.status, wrong.status, none.status, bearer.status]).toEqual([
      200, 401, 401, 401,
    ]);
    expect(none.headers.get("www-authenticate")).toBe(
      'Basic realm="remitgen-mock", charset="UTF-8"',
    );
    expect([wrong, none, bearer].map((got) => got.body.error.message)).toEqual([
      "Basic credentials are invalid",
      "HTTP Basic credentials required",
      "Authenticate with HTTP Basic",
    ]);
    expect(engine.options.username).toBe("ann");
    expect(JSON.stringify(engine.options)).not.toContain("pa:ss");
    expect(seen(engine, [wrong.text, none.text])).not.toContain("pa:ss");
  });

  it("refuses the password in the URL", async () => {
    const engine = createMockEngine(api);
    const got = await answer(
      engine,
      new Request(`${base}/accounts/mock-password`, {
        headers: basic("mock-user", "mock-password"),
      }),
    );
    expect(got.status).toBe(400);
    expect(got.body.error.message).toBe(
      "Send credentials in the Authorization header only, never in the URL",
    );
  });
});

describe("a static bearer token", () => {
  const api = withAuth({ scheme: "bearer" });

  it("takes its token, refuses another with invalid_token, and refuses access_token in the query", async () => {
    const engine = createMockEngine(api, { token: "tok-secret" });
    const url = `${base}/accounts/me`;
    const auth = (token: string): RequestInit => ({
      headers: { authorization: `Bearer ${token}` },
    });
    const right = await answer(engine, new Request(url, auth("tok-secret")));
    const wrong = await answer(engine, new Request(url, auth("tok-other")));
    const query = await answer(
      engine,
      new Request(`${url}?access_token=tok-secret`, auth("tok-secret")),
    );
    expect([right.status, wrong.status, query.status]).toEqual([200, 401, 400]);
    expect(wrong.headers.get("www-authenticate")).toBe(
      'Bearer realm="remitgen-mock", error="invalid_token"',
    );
    expect(query.body.error.message).toBe(
      "Send the access token in the Authorization header only, never in the URL",
    );
    expect(engine.calls.at(-1)?.query).toBe("?[redacted]");
    expect(seen(engine, [wrong.text, query.text])).not.toContain("tok-");
    // No token endpoint: the scheme issues none.
    expect(engine.tokenUrl).toBeUndefined();
  });
});

describe("no credentials", () => {
  it("answers every operation without any", async () => {
    const engine = createMockEngine(withAuth({ scheme: "none" }));
    const got = await answer(engine, new Request(`${base}/accounts/42`));
    expect(got.status).toBe(200);
  });
});
