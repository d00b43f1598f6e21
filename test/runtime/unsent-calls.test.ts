// A call that never left (no token could be had, the caller aborted first,
// a hook aborted it, the connection was refused) must not count against the plan, and an abort before
// the send stays a plain abort, even for a write.
import { afterEach, expect, it } from "vitest";
import { createTokenSource } from "../../src/runtime/auth.js";
import {
  AuthError,
  NetworkError,
  RateLimitError,
} from "../../src/runtime/errors.js";
import {
  READ,
  WRITE,
  client,
  closeAll,
  deadPort,
  delay,
  fakeClock,
  rejection,
  sendJson,
  startBank,
  startServer,
  tokenContext,
  type Handler,
} from "./helpers/server.js";

afterEach(closeAll);
const HOUR = 3_600_000;
const ok = {
  operation: (_req: unknown, res: Parameters<typeof sendJson>[0]) =>
    sendJson(res, 200, { ok: true }),
};

/** A bank whose token endpoint is `token`, and which answers every operation 200. */
async function bankWithTokens(token: Handler) {
  return startServer((req, res) =>
    req.path === "/oauth2/token" ? token(req, res) : ok.operation(req, res),
  );
}

it("calls failing at the token endpoint do not use up the rate limit", async () => {
  let down = true;
  const bank = await bankWithTokens((_req, res) =>
    down
      ? sendJson(res, 503, { error: "temporarily_unavailable" })
      : sendJson(res, 200, { access_token: "tok-1", token_type: "Bearer" }),
  );
  const transport = client(bank, {
    clock: fakeClock().clock,
    rateLimit: { limit: 2, intervalMs: HOUR, mode: "reject" },
  });
  expect(await rejection(transport.call(READ, {}))).toBeInstanceOf(AuthError);
  expect(await rejection(transport.call(READ, {}))).toBeInstanceOf(AuthError);
  down = false;
  await expect(transport.call(READ, {})).resolves.toEqual({ ok: true });
  await expect(transport.call(READ, {})).resolves.toEqual({ ok: true });
  // Two were sent: the plan's limit of two is used up now.
  await expect(transport.call(READ, {})).rejects.toThrow(RateLimitError);
});

it("sends refused a connection do not use up the rate limit; sends that left do", async () => {
  const bank = await startServer((_req, res) =>
    sendJson(res, 200, { ok: true }),
  );
  const dead = `http://127.0.0.1:${await deadPort()}`;
  let down = true;
  const transport = client(bank, {
    getAccessToken: async () => "tok-1",
    clock: fakeClock(true).clock,
    rateLimit: { limit: 2, intervalMs: HOUR, mode: "reject" },
    // The bank's address refuses connections while it is down.
    fetch: (input, init) =>
      fetch(down ? String(input).replace(bank.url, dead) : input, init),
  });
  // A read tries three times, a write once: four refused sends.
  expect(await rejection(transport.call(READ, {}))).toBeInstanceOf(
    NetworkError,
  );
  expect(await rejection(transport.call(WRITE, {}))).toBeInstanceOf(
    NetworkError,
  );
  down = false;
  await expect(transport.call(READ, {})).resolves.toEqual({ ok: true });
  await expect(transport.call(WRITE, {})).resolves.toEqual({ ok: true });
  // Two were sent: the plan's limit of two is used up now.
  await expect(transport.call(READ, {})).rejects.toThrow(RateLimitError);
  expect(bank.count(READ.path) + bank.count(WRITE.path)).toBe(2);
});

it("a call aborted while its token is fetched does not use up the rate limit", async () => {
  const bank = await bankWithTokens(async (_req, res) => {
    await delay(100);
    sendJson(res, 200, { access_token: "tok-1", token_type: "Bearer" });
  });
  const transport = client(bank, {
    clock: fakeClock().clock,
    rateLimit: { limit: 1, intervalMs: HOUR, mode: "reject" },
  });
  const controller = new AbortController();
  const first = transport.call(WRITE, {}, { signal: controller.signal });
  await delay(20);
  controller.abort(new Error("caller gave up"));
  await expect(first).rejects.toThrow("caller gave up");
  expect(bank.count(WRITE.path)).toBe(0);
  await expect(transport.call(READ, {})).resolves.toEqual({ ok: true });
});

it("a write aborted by its onRequest hook is not sent, is a plain abort and frees its slot", async () => {
  const bank = await startBank(ok);
  const controller = new AbortController();
  const reason = new Error("kill switch");
  let hooked = 0;
  const transport = client(bank, {
    clock: fakeClock().clock,
    rateLimit: { limit: 1, intervalMs: HOUR, mode: "reject" },
    onRequest: () => {
      if (hooked++ === 0) controller.abort(reason);
    },
  });
  const outcome = await rejection(
    transport.call(WRITE, { amount: "1.00" }, { signal: controller.signal }),
  );
  expect(outcome).toBe(reason);
  expect(bank.calls(WRITE.path)).toBe(0);
  await expect(transport.call(WRITE, { amount: "1.00" })).resolves.toEqual({
    ok: true,
  });
});

it("a failing async hook is ignored: the call settles and nothing is left unhandled", async () => {
  const unhandled: unknown[] = [];
  const record = (reason: unknown): void => void unhandled.push(reason);
  process.on("unhandledRejection", record);
  try {
    const bank = await startBank();
    const transport = client(bank, {
      onRequest: async () => {
        throw new Error("log shipper down");
      },
      onResponse: () => Promise.reject(new Error("log shipper down")),
    });
    await expect(transport.call(WRITE, { amount: "1.00" })).resolves.toEqual({
      ok: true,
      path: WRITE.path,
    });
    await delay(50);
  } finally {
    process.off("unhandledRejection", record);
  }
  expect(unhandled).toEqual([]);
});

it("a call aborted just before it needs a new token sends no token request, and a failing one is never left unhandled", async () => {
  const unhandled: unknown[] = [];
  const record = (reason: unknown): void => void unhandled.push(reason);
  process.on("unhandledRejection", record);
  try {
    let tokens = 0;
    // The first token works; the bank refuses it (401); any second token
    // request fails at the network level.
    const bank = await startServer((req, res) => {
      if (req.path !== "/oauth2/token") return sendJson(res, 401, {});
      if (tokens++ === 0) {
        return sendJson(res, 200, {
          access_token: "tok-1",
          token_type: "Bearer",
        });
      }
      res.destroy();
    });
    const controller = new AbortController();
    const reason = new Error("caller gave up");
    // The caller aborts as the 401's body is read: e.g. another call of a
    // Promise.all failed and its handler aborted the shared signal.
    const fetchWithAbort: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      if (String(input).endsWith("/oauth2/token")) return response;
      const bytes = new Uint8Array(await response.arrayBuffer());
      // Pulled only when the client reads the body, however it reads it.
      const body = new ReadableStream<Uint8Array>(
        {
          pull(stream) {
            controller.abort(reason);
            stream.enqueue(bytes);
            stream.close();
          },
        },
        { highWaterMark: 0 },
      );
      return new Response(body, { status: response.status });
    };
    const transport = client(bank, { fetch: fetchWithAbort, rateLimit: false });
    await expect(
      transport.call(WRITE, {}, { signal: controller.signal }),
    ).rejects.toBe(reason);
    await delay(100);
    expect(bank.count("/oauth2/token")).toBe(1);
    expect(bank.count(WRITE.path)).toBe(1);
  } finally {
    process.off("unhandledRejection", record);
  }
  expect(unhandled).toEqual([]);
});

it("createTokenSource given an aborted signal rejects at once and leaves nothing unhandled", async () => {
  const unhandled: unknown[] = [];
  const record = (reason: unknown): void => void unhandled.push(reason);
  process.on("unhandledRejection", record);
  try {
    const bank = await startServer((_req, res) => res.destroy());
    const source = createTokenSource(
      {
        authUrl: bank.url,
        clientId: "id",
        clientSecret: "secret",
        tokenRefreshMarginMs: 0,
      },
      "/oauth2/token",
      tokenContext(undefined, 1000),
    );
    const reason = new Error("caller gave up");
    await expect(
      (async () => source(undefined, AbortSignal.abort(reason)))(),
    ).rejects.toBe(reason);
    await delay(100);
  } finally {
    process.off("unhandledRejection", record);
  }
  expect(unhandled).toEqual([]);
});
