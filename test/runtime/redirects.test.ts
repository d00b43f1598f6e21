// A redirect is never the operation's own answer: the client does not
// follow one, and on a write it does not say the bank did not act.
import { afterEach, describe, expect, it } from "vitest";
import { createClient } from "../../generated/v3/dist/client.js";
import { OutcomeUnknownError as GeneratedOutcomeUnknownError } from "../../generated/v3/dist/index.js";
import {
  ApiError,
  AuthError,
  OutcomeUnknownError,
} from "../../src/runtime/errors.js";
import {
  CLIENT_ID,
  READ,
  SECRET,
  WRITE,
  client,
  closeAll,
  deadPort,
  rejection,
  sendJson,
  startBank,
  startServer,
} from "./helpers/server.js";

afterEach(closeAll);
const transfer = { amount: "125.00", reference: "inv-77" };

describe("writes", () => {
  it("a transfer answered 303 is not followed, so a 401 elsewhere cannot replay it", async () => {
    const posts: string[] = [];
    const bank = await startBank({
      operation: (req, res) => {
        if (req.method !== "POST")
          return sendJson(res, 401, { error: "invalid_token" });
        posts.push(req.path); // the bank makes the transfer
        res.writeHead(303, { location: "/transfers/1" }).end();
      },
    });
    const remit = createClient({
      baseUrl: bank.url,
      authUrl: bank.url,
      clientId: CLIENT_ID,
      clientSecret: SECRET,
    });
    const error = await rejection(remit.sendOnlineFundsTransfer({}));
    expect(error).toBeInstanceOf(GeneratedOutcomeUnknownError);
    expect(posts).toEqual(["/send_online_fundsTransfer"]);
    expect(bank.calls("/transfers/1")).toBe(0);
  });

  it.each([300, 301, 302, 303, 304, 307, 308])(
    "a write answered %i is an unknown outcome, and the redirect is not followed",
    async (status) => {
      const bank = await startBank({
        operation: (req, res) =>
          req.path === WRITE.path
            ? res.writeHead(status, { location: "/elsewhere" }).end()
            : sendJson(res, 200, { followed: true }),
      });
      const error = await rejection(client(bank).call(WRITE, transfer));
      expect(error).toBeInstanceOf(OutcomeUnknownError);
      expect((error as OutcomeUnknownError).cause).toBeInstanceOf(ApiError);
      expect(((error as Error).cause as ApiError).status).toBe(status);
      expect(bank.calls(WRITE.path)).toBe(1);
      expect(bank.calls("/elsewhere")).toBe(0);
    },
  );

  it("a write whose redirect points at a dead port is not a NetworkError ('never sent')", async () => {
    const port = await deadPort();
    const bank = await startBank({
      operation: (_req, res) =>
        res.writeHead(303, { location: `http://127.0.0.1:${port}/r` }).end(),
    });
    expect(await rejection(client(bank).call(WRITE, transfer))).toBeInstanceOf(
      OutcomeUnknownError,
    );
  });

  it("a custom fetch that follows redirects anyway: a write's answer is still unknown", async () => {
    const bank = await startBank({
      operation: (req, res) =>
        req.path === WRITE.path
          ? res.writeHead(303, { location: "/receipt" }).end()
          : sendJson(res, 200, { ok: true }),
    });
    const following: typeof fetch = (input, init) =>
      fetch(input, { ...init, redirect: "follow" });
    const error = await rejection(
      client(bank, { fetch: following }).call(WRITE, transfer),
    );
    expect(error).toBeInstanceOf(OutcomeUnknownError);
    expect(bank.calls(WRITE.path)).toBe(1);
  });

  it("a custom fetch that follows to a 401: the write is not replayed", async () => {
    const bank = await startBank({
      operation: (req, res) =>
        req.path === WRITE.path
          ? res.writeHead(303, { location: "/oauth2/token" }).end()
          : sendJson(res, 200, {}),
    });
    const following: typeof fetch = (input, init) =>
      fetch(input, { ...init, redirect: "follow" });
    await rejection(client(bank, { fetch: following }).call(WRITE, transfer));
    expect(bank.calls(WRITE.path)).toBe(1);
  });
});

describe("reads", () => {
  it("a read answered 302 fails with ApiError 302, is not followed and not retried", async () => {
    const bank = await startBank({
      operation: (req, res) =>
        req.path === READ.path
          ? res.writeHead(302, { location: "/elsewhere" }).end()
          : sendJson(res, 200, { followed: true }),
    });
    const error = await rejection(client(bank).call(READ, {}));
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(302);
    expect(bank.calls(READ.path)).toBe(1);
    expect(bank.calls("/elsewhere")).toBe(0);
  });

  it("a custom fetch that follows redirects anyway: the other resource's answer is not the read's", async () => {
    const bank = await startBank({
      operation: (req, res) =>
        req.path === READ.path
          ? res.writeHead(302, { location: "/other-transfer" }).end()
          : sendJson(res, 200, { status: "COMPLETED" }),
    });
    const following: typeof fetch = (input, init) =>
      fetch(input, { ...init, redirect: "follow" });
    const error = await rejection(
      client(bank, { fetch: following }).call(READ, {}),
    );
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(200);
    expect(bank.calls(READ.path)).toBe(1);
  });
});

it("the token request is not redirected: its credentials go nowhere else", async () => {
  const target = await startServer((_req, res) =>
    sendJson(res, 200, { access_token: "tok-elsewhere", token_type: "Bearer" }),
  );
  const bank = await startBank({
    token: (_req, res) =>
      res.writeHead(307, { location: `${target.url}/token` }).end(),
  });
  const error = await rejection(client(bank).call(READ, {}));
  expect(error).toBeInstanceOf(AuthError);
  expect(target.count("/token")).toBe(0);
});
