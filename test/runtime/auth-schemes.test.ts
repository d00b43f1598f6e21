/**
 * Each auth scheme against a real server on 127.0.0.1: what it sends,
 * where, that an operation marked `authenticated: false` sends nothing,
 * that a fixed secret's 401 is final (no resend), and that no secret
 * reaches an error, a hook's URL or headers, whichever scheme sent it.
 */
import { afterEach, describe, expect, it } from "vitest";
import {
  apiKey,
  bearerToken,
  httpBasic,
  oauth2ClientCredentials,
  oauth2InBrowser,
  type Authentication,
} from "../../src/runtime/auth.js";
import { ApiError, AuthError, ConfigError } from "../../src/runtime/errors.js";
import {
  createTransport,
  type ClientSettings,
  type RequestEvent,
  type ResponseEvent,
  type TransportDefaults,
} from "../../src/runtime/transport.js";
import {
  READ,
  WRITE,
  closeAll,
  exposure,
  rejection,
  sendJson,
  startBank,
  startServer,
  type Recorded,
} from "./helpers/server.js";

afterEach(closeAll);

const API_KEY = "k3y+/=~!API-KEY";
const PASSWORD = "pässw:rd+/=!PASSWORD";
const TOKEN = "bearer-token-STATIC";

/** A server that answers 401 unless `accepts` says yes, and echoes what it got on errors. */
async function startApi(accepts: (request: Recorded) => boolean) {
  return startServer((request, response) => {
    if (!accepts(request)) {
      // Echoes everything it was sent, as a careless server may.
      return sendJson(response, 401, {
        error: "refused",
        sent: { path: request.path, headers: request.headers },
      });
    }
    if (request.path.startsWith("/fail")) {
      return sendJson(
        response,
        400,
        { echo: { path: request.path, headers: request.headers } },
        { "x-echo": JSON.stringify(request.headers) },
      );
    }
    return sendJson(response, 200, { ok: true });
  });
}

function transportOf<Options>(
  url: string,
  options: Options,
  authentication: Authentication<Options>,
  defaults: TransportDefaults = {},
  events: (RequestEvent | ResponseEvent)[] = [],
) {
  const settings: Omit<ClientSettings, "baseUrl"> & { baseUrl: string } = {
    baseUrl: url,
    onRequest: (event) => void events.push(event),
    onResponse: (event) => void events.push(event),
  };
  return createTransport({ ...settings, ...options }, defaults, authentication);
}

const FAIL = { name: "fail", path: "/fail", effect: "read" } as const;

describe("an API key", () => {
  it("goes in the header the package names, and nowhere the hooks or errors show", async () => {
    const api = await startApi((r) => r.headers["x-api-key"] === API_KEY);
    const events: (RequestEvent | ResponseEvent)[] = [];
    const transport = transportOf(
      api.url,
      { apiKey: API_KEY },
      apiKey({ in: "header", name: "X-API-Key" }),
      {},
      events,
    );
    await expect(transport.call(READ, {})).resolves.toEqual({ ok: true });
    const error = await rejection(transport.call(FAIL, {}));
    expect(error).toBeInstanceOf(ApiError);
    expect(api.requests.map((r) => r.headers.authorization)).toEqual([
      undefined,
      undefined,
    ]);
    expect(exposure(error)).not.toContain("k3y");
    expect(exposure(events)).not.toContain("k3y");
    expect(JSON.stringify(events)).toContain("[REDACTED]");
  });

  it("goes in the query parameter the package names, redacted from the URL hooks see and from echoes", async () => {
    const api = await startApi((r) =>
      r.path.includes(`api_key=${encodeURIComponent(API_KEY)}`),
    );
    const events: (RequestEvent | ResponseEvent)[] = [];
    const transport = transportOf(
      api.url,
      { apiKey: API_KEY },
      apiKey({ in: "query", name: "api_key" }),
      {},
      events,
    );
    await expect(transport.call(READ, {})).resolves.toEqual({ ok: true });
    // A path that already has a query string gets the key after `&`.
    await transport.call(READ, {}, {}, () => ({
      path: "/get_transfer_status?x=1",
    }));
    expect(api.requests[1]!.path).toBe(
      `/get_transfer_status?x=1&api_key=${encodeURIComponent(API_KEY)}`,
    );
    const error = await rejection(transport.call(FAIL, {}));
    expect(error).toBeInstanceOf(ApiError);
    expect(exposure(error)).not.toContain("k3y");
    const requests = events.filter((e): e is RequestEvent => "url" in e);
    expect(requests[0]!.url).toBe(
      `${api.url}/get_transfer_status?api_key=[REDACTED]`,
    );
    expect(exposure(events)).not.toContain("k3y");
  });

  it("is refused for good on a 401: no resend, an AuthError without the key", async () => {
    const api = await startApi(() => false);
    const transport = transportOf(
      api.url,
      { apiKey: API_KEY },
      apiKey({ in: "header", name: "X-API-Key" }),
    );
    const error = await rejection(transport.call(WRITE, { amount: 1 }));
    expect(error).toBeInstanceOf(AuthError);
    expect((error as AuthError).status).toBe(401);
    expect(api.requests).toHaveLength(1);
    expect(exposure(error)).not.toContain("k3y");
  });

  it("is required, and must be text a header can hold", () => {
    const make = (key: unknown) => () =>
      transportOf(
        "https://api.example",
        { apiKey: key as string },
        apiKey({ in: "header", name: "X-API-Key" }),
      );
    expect(make(undefined)).toThrow(new ConfigError("apiKey is required"));
    expect(make("a\nb")).toThrow(new ConfigError("apiKey is out of range"));
  });
});

describe("HTTP basic", () => {
  it("sends user and password UTF-8 and base64 encoded, and keeps both forms out of errors and hooks", async () => {
    const expected =
      "Basic " + Buffer.from(`ana:${PASSWORD}`, "utf8").toString("base64");
    const api = await startApi((r) => r.headers.authorization === expected);
    const events: (RequestEvent | ResponseEvent)[] = [];
    const transport = transportOf(
      api.url,
      { username: "ana", password: PASSWORD },
      httpBasic,
      {},
      events,
    );
    await expect(transport.call(READ, {})).resolves.toEqual({ ok: true });
    const error = await rejection(transport.call(FAIL, {}));
    const seen = exposure(error) + exposure(events);
    expect(seen).not.toContain(expected.slice(6));
    expect(seen).not.toContain("PASSWORD");
  });

  it("refuses a user name with a colon, and a missing password", () => {
    const make = (username: string, password?: string) => () =>
      transportOf(
        "https://api.example",
        { username, password: password as string },
        httpBasic,
      );
    expect(make("a:b", "x")).toThrow(
      new ConfigError("username is out of range"),
    );
    expect(make("ana")).toThrow(new ConfigError("password is required"));
  });
});

describe("a bearer token", () => {
  it("is sent as it is given, kept out of errors, and refused for good on a 401", async () => {
    const api = await startApi(
      (r) => r.headers.authorization === `Bearer ${TOKEN}`,
    );
    const transport = transportOf(api.url, { token: TOKEN }, bearerToken);
    await expect(transport.call(READ, {})).resolves.toEqual({ ok: true });
    expect(exposure(await rejection(transport.call(FAIL, {})))).not.toContain(
      "STATIC",
    );
    const refused = transportOf(api.url, { token: "other" }, bearerToken);
    expect(await rejection(refused.call(READ, {}))).toBeInstanceOf(AuthError);
    expect(api.requests).toHaveLength(3);
  });

  it("may come from getAccessToken, asked again once after a 401", async () => {
    let issued = 0;
    const api = await startApi((r) => r.headers.authorization === "Bearer t2");
    const transport = transportOf(
      api.url,
      { getAccessToken: async () => `t${++issued}` },
      bearerToken,
    );
    await expect(transport.call(WRITE, {})).resolves.toEqual({ ok: true });
    expect(api.requests.map((r) => r.headers.authorization)).toEqual([
      "Bearer t1",
      "Bearer t2",
    ]);
  });
});

describe("OAuth 2.0 in a browser", () => {
  it("sends the tokens of getAccessToken, and refuses a client secret, even beside it", async () => {
    const api = await startApi((r) => r.headers.authorization === "Bearer t1");
    const transport = transportOf(
      api.url,
      { getAccessToken: async () => "t1" },
      oauth2InBrowser,
    );
    await expect(transport.call(READ, {})).resolves.toEqual({ ok: true });
    const secret = "s3cr3t-in-a-page";
    const given = [
      { authUrl: api.url, clientId: "id", clientSecret: secret },
      { getAccessToken: async () => "t1", clientSecret: secret },
    ];
    for (const options of given) {
      const error = (() => {
        try {
          transportOf(api.url, options, oauth2InBrowser);
        } catch (caught) {
          return caught;
        }
      })();
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as Error).message).toMatch(
        /^clientSecret is refused in a browser, where anyone who loads the page can read it/,
      );
      expect(exposure(error)).not.toContain(secret);
    }
    expect(() =>
      transportOf(api.url, { clientId: "id" } as never, oauth2InBrowser),
    ).toThrow(/^getAccessToken is required in a browser/);
  });
});

describe("no credentials", () => {
  it("sends no authorization header without a scheme, nor for an operation marked authenticated: false", async () => {
    const api = await startApi(() => true);
    const none = createTransport({ baseUrl: api.url }, {});
    await none.call(READ, {});
    const bank = await startBank();
    const oauth = createTransport(
      {
        baseUrl: bank.url,
        authUrl: bank.url,
        clientId: "id",
        clientSecret: "secret",
      },
      {},
      oauth2ClientCredentials("/oauth2/token"),
    );
    // The fake bank answers 401 without a token: this one needs none there.
    const open = { ...READ, authenticated: false } as const;
    await expect(oauth.call(open, {})).rejects.toBeInstanceOf(ApiError);
    expect(bank.tokenRequests()).toBe(0);
    const sent = [...api.requests, ...bank.requests];
    expect(sent.map((r) => r.headers.authorization)).toEqual([
      undefined,
      undefined,
    ]);
  });

  it("treats a 401 as an error answer when no credentials were sent", async () => {
    const api = await startApi(() => false);
    const none = createTransport({ baseUrl: api.url }, {});
    const error = await rejection(none.call(READ, {}));
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
  });
});
