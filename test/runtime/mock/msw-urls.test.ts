import { setupServer } from "msw/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMockHandlers } from "../../../src/runtime/mock/msw.js";
import { api, basic } from "./fixture.js";
import { httpApi } from "./http-fixture.js";

// Hosts whose URL holds characters path-to-regexp (msw's matcher) reads as
// syntax: an IPv6 literal has colons and brackets. The generated client
// accepts plain http only for localhost, 127.0.0.1 and [::1].
const v6 = createMockHandlers(api, {
  baseUrl: "http://[::1]:4010/api",
  authUrl: "http://[::1]:4010/auth",
});
// A base path whose characters a URL percent-encodes ("é", a space): the
// handler must match the encoded path the client sends.
const encoded = createMockHandlers(api, {
  baseUrl: "http://localhost:4010/café v1",
  authUrl: "http://localhost:4010/auth%20x",
});
// Path templates: `{accountId}` matches one segment, whatever the method.
const templated = createMockHandlers(httpApi);
const server = setupServer(...v6, ...encoded, ...templated);

/** A token from the mock's endpoint, by the documented test credentials. */
async function grantToken(tokenUrl: string): Promise<string> {
  const granted = await fetch(tokenUrl, {
    method: "POST",
    headers: {
      authorization: basic("mock-client-id", "mock-client-secret"),
      "content-type": "application/x-www-form-urlencoded",
    },
    body: "grant_type=client_credentials",
  });
  expect(granted.status).toBe(200);
  return ((await granted.json()) as { access_token: string }).access_token;
}

/** An operation call with a bearer token and an empty JSON body. */
function postWithToken(url: string | URL, token: string): Promise<Response> {
  return fetch(url, {
    method: "POST",
    headers: {
      authorization: `Bearer ${token}`,
      "content-type": "application/json",
    },
    body: "{}",
  });
}

beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterAll(() => server.close());

describe("msw adapter URLs", () => {
  it("serves a base URL on an IPv6 literal host", async () => {
    expect(v6.engine.tokenUrl).toBe("http://[::1]:4010/auth/oauth2/token");
    const access_token = await grantToken(v6.engine.tokenUrl);
    const answered = await postWithToken(
      `${v6.engine.urlFor("get_txn_status")}?x=1`,
      access_token,
    );
    expect(answered.status).toBe(200);
    expect(v6.engine.calls.map((c) => c.path)).toEqual(["/api/get_txn_status"]);
    // Another path on that host is not the mock's.
    await expect(
      fetch("http://[::1]:4010/api/other", { method: "POST" }),
    ).rejects.toThrow();
  });

  it("serves a base path that percent-encodes, as the client sends it", async () => {
    expect(encoded.engine.urlFor("get_txn_status")).toBe(
      "http://localhost:4010/caf%C3%A9%20v1/get_txn_status",
    );
    const access_token = await grantToken(encoded.engine.tokenUrl);
    const answered = await postWithToken(
      new URL("get_txn_status", "http://localhost:4010/café v1/"),
      access_token,
    );
    expect(answered.status).toBe(200);
    expect(encoded.engine.calls.map((c) => c.path)).toEqual([
      "/caf%C3%A9%20v1/get_txn_status",
    ]);
  });

  it("matches a path template's segment, one handler for a path's methods", async () => {
    // Six operations at four paths: /accounts (GET, POST), /accounts/me,
    // /accounts/{accountId} (GET, DELETE) and /health.
    expect(templated).toHaveLength(4);
    const headers = { "x-api-key": "mock-api-key" };
    const got = await fetch("https://accounts.mock/accounts/42", { headers });
    expect(got.status).toBe(200);
    const deleted = await fetch("https://accounts.mock/accounts/42", {
      method: "DELETE",
      headers,
    });
    expect(deleted.status).toBe(204);
    expect(templated.engine.calls.map((c) => c.operation)).toEqual([
      "get_account",
      "delete_account",
    ]);
    // A segment more is no served path: msw hands it on (an error here).
    await expect(
      fetch("https://accounts.mock/accounts/42/cards", { headers }),
    ).rejects.toThrow();
  });
});
