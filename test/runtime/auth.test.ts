import { afterEach, describe, expect, it, vi } from "vitest";
import {
  basicCredentials,
  checkToken,
  createTokenSource,
} from "../../src/runtime/auth.js";
import { AuthError, ConfigError } from "../../src/runtime/errors.js";
import {
  CLIENT_ID,
  READ,
  SECRET,
  TOKEN_MARK,
  WRITE,
  client,
  closeAll,
  tokenContext,
  deadPort,
  formEncode,
  delay,
  expectNoSecrets,
  fakeClock,
  rejection,
  sendJson,
  startBank,
  startServer,
} from "./helpers/server.js";

afterEach(closeAll);

describe("basicCredentials (RFC 6749 §2.3.1)", () => {
  it("form-urlencodes id and secret before base64", () => {
    const header = basicCredentials("client id/ü", "p+ss:w/rd~*!");
    expect(header.startsWith("Basic ")).toBe(true);
    expect(atob(header.slice(6))).toBe(
      "client+id%2F%C3%BC:p%2Bss%3Aw%2Frd%7E*%21",
    );
  });

  it("leaves plain credentials readable", () => {
    expect(basicCredentials("abc", "def")).toBe("Basic " + btoa("abc:def"));
  });
});

describe("checkToken", () => {
  it("accepts visible ASCII and rejects the rest without echoing it", () => {
    expect(checkToken("eyJ.a-b_c~+/=")).toBe("eyJ.a-b_c~+/=");
    for (const bad of ["", "two words", "line\nbreak", undefined, 42]) {
      const error = (() => {
        try {
          checkToken(bad);
        } catch (e) {
          return e as Error;
        }
      })();
      expect(error).toBeInstanceOf(AuthError);
      if (typeof bad === "string" && bad)
        expect(error?.message).not.toContain(bad);
    }
  });
});

describe("client credentials grant", () => {
  it("POSTs the form with Basic client authentication to authUrl + tokenPath", async () => {
    const bank = await startBank();
    const transport = client(bank, { scope: "transfers:write status:read" });
    await transport.call(READ, {});
    const [tokenRequest] = bank.requests;
    expect(tokenRequest?.method).toBe("POST");
    expect(tokenRequest?.path).toBe("/oauth2/token");
    expect(tokenRequest?.headers["content-type"]).toBe(
      "application/x-www-form-urlencoded",
    );
    expect(Object.fromEntries(new URLSearchParams(tokenRequest?.body))).toEqual(
      {
        grant_type: "client_credentials",
        scope: "transfers:write status:read",
      },
    );
    // The bank double only issues a token for the exact §2.3.1 encoding.
    expect(bank.issued).toHaveLength(1);
    // RFC 6750 §2.1 presentation on the operation.
    expect(bank.requests[1]?.headers.authorization).toBe(
      `Bearer ${bank.issued[0]}`,
    );
    expect(tokenRequest?.body).not.toContain(SECRET);
  });

  it("omits scope when none is configured", async () => {
    const bank = await startBank();
    await client(bank).call(READ, {});
    expect(bank.requests[0]?.body).toBe("grant_type=client_credentials");
  });

  it("shares one token request among 50 concurrent calls", async () => {
    const bank = await startBank({
      token: async (_req, res) => {
        await delay(50); // keep the request in flight while all calls arrive
        sendJson(res, 200, {
          access_token: `${TOKEN_MARK}-shared`,
          token_type: "bearer",
          expires_in: 3600,
        });
      },
      operation: (req, res) =>
        sendJson(res, 200, { auth: req.headers.authorization }),
    });
    // This bank double does not validate tokens issued by a custom handler,
    // so answer operations directly.
    const ops = await startServer((req, res) =>
      sendJson(res, 200, { auth: req.headers.authorization }),
    );
    const transport = client(ops, { authUrl: bank.url });
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        transport.call<{ auth: string }>(i % 2 ? READ : WRITE, { i }),
      ),
    );
    expect(bank.tokenRequests()).toBe(1);
    expect(ops.requests).toHaveLength(50);
    expect(new Set(results.map((r) => r.auth))).toEqual(
      new Set([`Bearer ${TOKEN_MARK}-shared`]),
    );
  });

  it("caches the token until shortly before expires_in, then refreshes", async () => {
    const time = fakeClock();
    const bank = await startBank({ expiresIn: 3600 });
    const transport = client(bank, { clock: time.clock });
    await transport.call(READ, {});
    expect(bank.tokenRequests()).toBe(1);
    time.advance(3_600_000 - 60_000 - 1); // default margin: 60 s
    await transport.call(READ, {});
    expect(bank.tokenRequests()).toBe(1);
    time.advance(2);
    await transport.call(READ, {});
    await vi.waitFor(() => expect(bank.tokenRequests()).toBe(2));
    await transport.call(READ, {});
    expect(bank.tokenRequests()).toBe(2);
    expect(bank.requests.at(-1)?.headers.authorization).toBe(
      `Bearer ${bank.issued[1]}`,
    );
  });

  it("inside the margin sends the call at once with the current token while a new one is fetched", async () => {
    const time = fakeClock();
    let hold: (() => void) | undefined;
    let issued = 0;
    const bank = await startServer((req, res) => {
      if (req.path !== "/oauth2/token") {
        return sendJson(res, 200, { auth: req.headers.authorization });
      }
      const answer = () =>
        sendJson(res, 200, {
          access_token: `${TOKEN_MARK}-held-${++issued}`,
          token_type: "Bearer",
          expires_in: 3600,
        });
      if (issued === 0) answer();
      else hold = answer;
    });
    const transport = client(bank, { clock: time.clock });
    await transport.call(READ, {});
    time.advance(3_600_000 - 30_000);
    // The refresh hangs; the calls do not wait for it.
    const during = await Promise.all([
      transport.call<{ auth: string }>(READ, {}),
      transport.call<{ auth: string }>(WRITE, {}),
    ]);
    expect(during.map((r) => r.auth)).toEqual([
      `Bearer ${TOKEN_MARK}-held-1`,
      `Bearer ${TOKEN_MARK}-held-1`,
    ]);
    await vi.waitFor(() => expect(hold).toBeDefined());
    expect(bank.count("/oauth2/token")).toBe(2); // one refresh, shared
    hold?.();
    await vi.waitFor(async () =>
      expect((await transport.call<{ auth: string }>(READ, {})).auth).toBe(
        `Bearer ${TOKEN_MARK}-held-2`,
      ),
    );
  });

  it("keeps a valid token in use when a refresh fails, trying again per call until it expires", async () => {
    const time = fakeClock();
    let refusing = false;
    const bank = await startServer((req, res) => {
      if (req.path !== "/oauth2/token") {
        // While refusing, a call is answered after its background refresh
        // has failed, so the next call starts a refresh of its own.
        if (refusing) {
          return delay(100).then(() => sendJson(res, 200, { ok: true }));
        }
        return sendJson(res, 200, { ok: true });
      }
      if (refusing) {
        return sendJson(res, 503, { error: "temporarily_unavailable" });
      }
      return sendJson(res, 200, {
        access_token: `${TOKEN_MARK}-first`,
        token_type: "Bearer",
        expires_in: 3600,
      });
    });
    const transport = client(bank, { clock: time.clock });
    await transport.call(READ, {});
    refusing = true;
    time.advance(3_600_000 - 60_000);
    for (let i = 2; i <= 4; i++) {
      // Unhandled, a failed background refresh would fail this test.
      await expect(transport.call(WRITE, {})).resolves.toEqual({ ok: true });
      await vi.waitFor(() => expect(bank.count("/oauth2/token")).toBe(i));
      time.advance(10_000);
    }
    time.advance(30_000); // past expires_in: no token left to use
    const error = await rejection(transport.call(WRITE, {}));
    expect(error).toBeInstanceOf(AuthError);
    expect((error as AuthError).status).toBe(503);
    expect(bank.count(WRITE.path)).toBe(3);
  });

  /** Issues tokens with the given expires_in; answers every operation 200. */
  const tokenServer = (expiresIn: unknown) =>
    startServer((req, res) =>
      req.path === "/oauth2/token"
        ? sendJson(res, 200, {
            access_token: "tok-issued",
            token_type: "Bearer",
            expires_in: expiresIn,
          })
        : sendJson(res, 200, {}),
    );

  it.each([0, -5, "0"])(
    "uses a token whose expires_in is %j for its own call only",
    async (expiresIn) => {
      const bank = await tokenServer(expiresIn);
      const transport = client(bank);
      await transport.call(READ, {});
      await transport.call(READ, {});
      expect(bank.count("/oauth2/token")).toBe(2);
    },
  );

  it.each([null, "", "soon"])(
    "keeps a token whose expires_in is unreadable (%j) until the bank refuses it",
    async (expiresIn) => {
      const time = fakeClock();
      const bank = await tokenServer(expiresIn);
      const transport = client(bank, { clock: time.clock });
      await transport.call(READ, {});
      time.advance(365 * 24 * 3_600_000);
      await transport.call(READ, {});
      expect(bank.count("/oauth2/token")).toBe(1);
    },
  );

  it("uses at most half the lifetime as margin for short-lived tokens", async () => {
    const time = fakeClock();
    const bank = await startBank({ expiresIn: 60 });
    const transport = client(bank, { clock: time.clock });
    await transport.call(READ, {});
    time.advance(29_000);
    await transport.call(READ, {});
    expect(bank.tokenRequests()).toBe(1);
    time.advance(2_000);
    await transport.call(READ, {});
    await vi.waitFor(() => expect(bank.tokenRequests()).toBe(2));
  });

  it("honours tokenRefreshMarginMs", async () => {
    const time = fakeClock();
    const bank = await startBank({ expiresIn: 3600 });
    const transport = client(bank, {
      clock: time.clock,
      tokenRefreshMarginMs: 600_000,
    });
    await transport.call(READ, {});
    time.advance(3_000_000 - 1);
    await transport.call(READ, {});
    expect(bank.tokenRequests()).toBe(1);
    time.advance(1);
    await transport.call(READ, {});
    await vi.waitFor(() => expect(bank.tokenRequests()).toBe(2));
  });

  it("keeps a token without expires_in until the bank answers 401", async () => {
    const time = fakeClock();
    const bank = await startBank({ expiresIn: undefined });
    const transport = client(bank, { clock: time.clock });
    await transport.call(READ, {});
    time.advance(30 * 24 * 3_600_000);
    await transport.call(READ, {});
    expect(bank.tokenRequests()).toBe(1);
    bank.revokeAll();
    await expect(transport.call(READ, {})).resolves.toMatchObject({ ok: true });
    expect(bank.tokenRequests()).toBe(2);
  });

  it("refreshes once for many concurrent calls meeting 401 with the same token", async () => {
    const bank = await startBank();
    const transport = client(bank);
    await transport.call(READ, {});
    bank.revokeAll();
    await Promise.all(
      Array.from({ length: 10 }, () => transport.call(READ, {})),
    );
    expect(bank.tokenRequests()).toBe(2);
  });

  it("reports a token endpoint refusal as AuthError with the OAuth error, never the secret", async () => {
    const bank = await startBank({
      token: (_req, res) =>
        sendJson(res, 401, {
          error: "invalid_client",
          error_description: `client secret ${SECRET} is wrong`,
        }),
    });
    const error = await rejection(client(bank).call(WRITE, { amount: 1 }));
    expect(error).toBeInstanceOf(AuthError);
    expect(error).toMatchObject({
      status: 401,
      error: "invalid_client",
      code: "AUTH_ERROR",
    });
    expect((error as AuthError).message).toMatch(/HTTP 401 \(invalid_client/);
    expect((error as AuthError).errorDescription).toBe(
      "client secret [REDACTED] is wrong",
    );
    expectNoSecrets(error);
    expect(bank.calls(WRITE.path)).toBe(0);
  });

  it("removes an echoed Basic header and form-encoded secret from the OAuth error", async () => {
    const bank = await startBank({
      token: (req, res) =>
        sendJson(res, 400, {
          error: `invalid_client ${req.headers.authorization}`,
          error_description: `got ${req.headers.authorization} and ${req.body} and ${formEncode(SECRET)}`,
        }),
    });
    const error = await rejection(client(bank).call(READ, {}));
    expect(error).toBeInstanceOf(AuthError);
    expect((error as AuthError).error).toBe("invalid_client Basic [REDACTED]");
    expectNoSecrets(error);
  });

  it("removes the secret echoed percent-encoded in lower-case hex from the OAuth error", async () => {
    const lower = formEncode(SECRET).replace(/%[0-9A-F]{2}/g, (hex) =>
      hex.toLowerCase(),
    );
    expect(lower).not.toBe(formEncode(SECRET));
    const bank = await startBank({
      token: (_req, res) =>
        sendJson(res, 401, {
          error: "invalid_client",
          error_description: `client_secret=${lower} is wrong`,
        }),
    });
    const error = await rejection(client(bank).call(READ, {}));
    expect(error).toBeInstanceOf(AuthError);
    expect((error as AuthError).errorDescription).toBe(
      "client_secret=[REDACTED] is wrong",
    );
    expectNoSecrets(error, [lower]);
  });

  it("reports a non-JSON token failure with its status", async () => {
    const bank = await startBank({
      token: (_req, res) => res.writeHead(503).end("<html>down</html>"),
    });
    const error = await rejection(client(bank).call(READ, {}));
    expect(error).toBeInstanceOf(AuthError);
    expect(error).toMatchObject({ status: 503, error: undefined });
  });

  it.each([
    ["no access_token", { token_type: "bearer", expires_in: 60 }],
    [
      "another token type",
      { access_token: `${TOKEN_MARK}-mac`, token_type: "mac" },
    ],
    [
      "a token that cannot be a header",
      { access_token: `${TOKEN_MARK} x\n`, token_type: "Bearer" },
    ],
  ])("rejects a 200 with %s", async (_name, body) => {
    const bank = await startBank({
      token: (_req, res) => sendJson(res, 200, body),
    });
    const error = await rejection(client(bank).call(READ, {}));
    expect(error).toBeInstanceOf(AuthError);
    expectNoSecrets(error);
  });

  it("reports an unreachable token endpoint as AuthError", async () => {
    const bank = await startBank();
    const port = await deadPort();
    const error = await rejection(
      client(bank, { authUrl: `http://127.0.0.1:${port}` }).call(READ, {}),
    );
    expect(error).toBeInstanceOf(AuthError);
    expect((error as Error).cause).toBeDefined();
    expectNoSecrets(error);
  });

  it("times a hanging token request out", async () => {
    const bank = await startBank({ token: () => undefined });
    const error = await rejection(
      client(bank, { timeoutMs: 100 }).call(READ, {}),
    );
    expect(error).toBeInstanceOf(AuthError);
    expect((error as Error).message).toMatch(/timed out/);
  });

  it("a caller's abort stops its wait for a shared token, not the request", async () => {
    let release: () => void = () => undefined;
    const bank = await startBank({
      token: (_req, res) => {
        release = () =>
          sendJson(res, 200, {
            access_token: `${TOKEN_MARK}-late`,
            token_type: "Bearer",
          });
      },
    });
    const ops = await startServer((_req, res) => sendJson(res, 200, {}));
    const transport = client(ops, { authUrl: bank.url });
    const controller = new AbortController();
    const reason = new Error("user gave up");
    const first = transport.call(READ, {}, { signal: controller.signal });
    const second = transport.call(READ, {});
    await vi.waitFor(() => expect(bank.tokenRequests()).toBe(1));
    controller.abort(reason);
    await expect(first).rejects.toBe(reason);
    release();
    await expect(second).resolves.toEqual({});
    expect(bank.tokenRequests()).toBe(1);
    expect(ops.requests).toHaveLength(1);
  });

  it("createTokenSource can be used on its own", async () => {
    const bank = await startBank();
    const source = createTokenSource(
      { authUrl: bank.url, clientId: CLIENT_ID, clientSecret: SECRET },
      "/oauth2/token",
      tokenContext(),
    );
    const first = await source();
    expect(await source()).toBe(first); // cached: returned without a request
    const second = await source(first); // stale: forces a new one
    expect(second).not.toBe(first);
    expect(await source(first)).toBe(second); // already replaced: no new request
    expect(bank.tokenRequests()).toBe(2);
  });
});

describe("getAccessToken", () => {
  it("replaces the built-in flow, and is forced to refresh after a 401", async () => {
    const calls: { forceRefresh: boolean; signal: boolean }[] = [];
    let n = 0;
    const ops = await startServer((req, res) =>
      req.headers.authorization === "Bearer custom-2"
        ? sendJson(res, 200, { ok: 1 })
        : sendJson(res, 401, {}),
    );
    // No credentials: with getAccessToken the client needs none.
    const transport = client(ops, {
      authUrl: undefined,
      clientId: undefined,
      clientSecret: undefined,
      getAccessToken: async (context) => {
        calls.push({
          forceRefresh: context.forceRefresh,
          signal: context.signal !== undefined,
        });
        return `custom-${++n}`;
      },
    });
    const controller = new AbortController();
    await expect(
      transport.call(WRITE, {}, { signal: controller.signal }),
    ).resolves.toEqual({ ok: 1 });
    expect(calls).toEqual([
      { forceRefresh: false, signal: true },
      { forceRefresh: true, signal: true },
    ]);
    expect(ops.requests.map((r) => r.headers.authorization)).toEqual([
      "Bearer custom-1",
      "Bearer custom-2",
    ]);
  });

  it("rejects an unusable token from getAccessToken", async () => {
    const ops = await startServer((_req, res) => sendJson(res, 200, {}));
    const transport = client(ops, { getAccessToken: async () => "has space" });
    await expect(transport.call(READ, {})).rejects.toBeInstanceOf(AuthError);
    expect(ops.requests).toHaveLength(0);
  });

  it("takes a plain string from a JavaScript provider, and a provider that throws fails the call unsent", async () => {
    const ops = await startServer((_req, res) => sendJson(res, 200, { ok: 1 }));
    const plain = client(ops, {
      getAccessToken: (() => "plain") as unknown as () => Promise<string>,
    });
    await expect(plain.call(READ, {})).resolves.toEqual({ ok: 1 });
    expect(ops.requests.map((r) => r.headers.authorization)).toEqual([
      "Bearer plain",
    ]);
    const failure = new Error("vault unavailable");
    const throwing = client(ops, {
      getAccessToken: () => {
        throw failure;
      },
    });
    // Rejected, not thrown synchronously from call().
    const call = throwing.call(WRITE, {});
    await expect(call).rejects.toBe(failure);
    expect(ops.requests).toHaveLength(1);
  });
  it("an abort settles the call at once, even while a getAccessToken that ignores the signal is pending", async () => {
    const ops = await startServer((_req, res) => sendJson(res, 200, {}));
    let asked!: () => void;
    const wasAsked = new Promise<void>((resolve) => (asked = resolve));
    const transport = client(ops, {
      // Ignores the signal it is given, and never answers.
      getAccessToken: () => {
        asked();
        return new Promise<string>(() => {});
      },
    });
    const controller = new AbortController();
    const call = transport.call(WRITE, {}, { signal: controller.signal });
    await wasAsked;
    const reason = new Error("caller gave up");
    controller.abort(reason);
    // Settled in the abort's own turn: before the next macrotask, and so
    // without waiting for the provider. Not sent, so a plain abort.
    const outcome = await Promise.race([
      call.then(
        () => "resolved",
        (error: unknown) => error,
      ),
      new Promise((resolve) => setImmediate(() => resolve("still pending"))),
    ]);
    expect(outcome).toBe(reason);
    expect(ops.requests).toHaveLength(0);
  });

  it("is not asked again for a call aborted before its 401 replay", async () => {
    const controller = new AbortController();
    const reason = new Error("caller gave up");
    let asked = 0;
    const transport = client(
      { url: "https://bank.example" },
      {
        getAccessToken: async () => `custom-${++asked}`,
        // A fetch whose answer is read whatever the signal does.
        fetch: async () => new Response("{}", { status: 401 }),
        onResponse: () => controller.abort(reason),
      },
    );
    await expect(
      transport.call(READ, {}, { signal: controller.signal }),
    ).rejects.toBe(reason);
    // As with the built-in token source: a caller that gave up asks for nothing.
    expect(asked).toBe(1);
  });

  it("without it, clientId, clientSecret and authUrl are required", () => {
    for (const missing of ["clientId", "clientSecret", "authUrl"] as const) {
      expect(() =>
        client({ url: "https://bank.example" }, { [missing]: "" }),
      ).toThrow(ConfigError);
      expect(() =>
        client({ url: "https://bank.example" }, { [missing]: "" }),
      ).toThrow(missing);
    }
  });
});
