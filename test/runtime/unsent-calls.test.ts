// A call that never left (no token could be had, the caller aborted first,
// a hook aborted it) must not count against the plan, and an abort before
// the send stays a plain abort, even for a write.
import { afterEach, expect, it } from "vitest";
import { AuthError } from "../../src/runtime/errors.js";
import {
  READ,
  WRITE,
  client,
  closeAll,
  delay,
  fakeClock,
  rejection,
  sendJson,
  startBank,
  startServer,
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
  await expect(transport.call(READ, {})).rejects.toThrow(/Rate limit/);
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
