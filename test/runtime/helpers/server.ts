/**
 * Test doubles for the client runtime: a real HTTP server on 127.0.0.1 with
 * a fake bank (token endpoint + operations), and a controllable clock.
 */
import {
  oauth2ClientCredentials,
  type AuthContext,
} from "../../../src/runtime/auth.js";
import { systemClock } from "../../../src/runtime/limiter.js";
import {
  createServer,
  type IncomingHttpHeaders,
  type ServerResponse,
} from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { inspect } from "node:util";
import { expect } from "vitest";
import type { Clock } from "../../../src/runtime/limiter.js";
import type {
  AccessTokenProvider,
  ClientCredentials,
  ClientSettings,
  OperationDescriptor,
  Transport,
  TransportDefaults,
} from "../../../src/runtime/transport.js";
import { createTransport } from "../../../src/runtime/transport.js";

export const CLIENT_ID = "client id/ü";
export const SECRET = "S3cr3t+Key/=~!CLIENT-SECRET";
/** Every token the fake bank issues contains this marker. */
export const TOKEN_MARK = "tok-7f3a9c";

export const READ: OperationDescriptor = {
  name: "get_transfer_status",
  path: "/get_transfer_status",
  effect: "read",
};
export const WRITE: OperationDescriptor = {
  name: "send_transfer",
  path: "/send_transfer",
  effect: "write",
};
/** The options of a client of an API with OAuth 2.0 client credentials. */
export type ClientOptions = ClientSettings &
  (ClientCredentials | AccessTokenProvider);

export const DEFAULTS: TransportDefaults = {
  plan: { name: "test", limit: 10_000, intervalMs: 3_600_000 },
};

export interface Recorded {
  readonly method: string;
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

export type Handler = (request: Recorded, response: ServerResponse) => unknown;

export interface TestServer {
  readonly url: string;
  readonly requests: Recorded[];
  count(path: string): number;
  close(): Promise<void>;
}

const open = new Set<TestServer>();

/** Starts a real HTTP server on a free port of 127.0.0.1. */
export async function startServer(handler: Handler): Promise<TestServer> {
  const requests: Recorded[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const recorded: Recorded = {
        method: req.method ?? "",
        path: req.url ?? "",
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      };
      requests.push(recorded);
      void handler(recorded, res);
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const testServer: TestServer = {
    url: `http://127.0.0.1:${port}`,
    requests,
    count: (path) => requests.filter((r) => r.path === path).length,
    close: () =>
      new Promise<void>((resolve) => {
        open.delete(testServer);
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
  open.add(testServer);
  return testServer;
}

/** Closes every server a test left open (call from afterEach). */
export async function closeAll(): Promise<void> {
  await Promise.all([...open].map((s) => s.close()));
}

/** A port nothing listens on: bound once, then closed. */
export async function deadPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body?: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(body === undefined ? "" : JSON.stringify(body));
}

export interface BankOptions {
  /** `expires_in` of issued tokens; `undefined` omits it. Default 3600. */
  expiresIn?: number | undefined;
  /** Replaces the token endpoint. */
  token?: Handler;
  /** Answers operations whose bearer token is valid. Default: 200 `{ ok: true, path }`. */
  operation?: (
    request: Recorded,
    response: ServerResponse,
    n: number,
  ) => unknown;
}

export interface Bank extends TestServer {
  tokenRequests(): number;
  /** Operation requests to `path` (token requests excluded). */
  calls(path: string): number;
  /** Every token issued so far, in order. */
  readonly issued: string[];
  /** Makes every token issued so far invalid (the bank answers 401). */
  revokeAll(): void;
}

/**
 * A fake bank: `/oauth2/token` checks HTTP Basic client credentials and
 * issues `tok-…` tokens; other paths require a valid bearer token.
 */
export async function startBank(options: BankOptions = {}): Promise<Bank> {
  const issued: string[] = [];
  const valid = new Set<string>();
  const expected =
    "Basic " +
    Buffer.from(`${formEncode(CLIENT_ID)}:${formEncode(SECRET)}`).toString(
      "base64",
    );
  const expiresIn = "expiresIn" in options ? options.expiresIn : 3600;
  let n = 0;
  const server = await startServer((req, res) => {
    if (req.path === "/oauth2/token") {
      if (options.token) return options.token(req, res);
      if (req.headers.authorization !== expected) {
        return sendJson(res, 401, { error: "invalid_client" });
      }
      const token = `${TOKEN_MARK}-${issued.length + 1}-abcdef`;
      issued.push(token);
      valid.add(token);
      return sendJson(res, 200, {
        access_token: token,
        token_type: "Bearer",
        ...(expiresIn === undefined ? {} : { expires_in: expiresIn }),
      });
    }
    const bearer = req.headers.authorization?.replace(/^Bearer /, "") ?? "";
    if (!valid.has(bearer)) {
      return sendJson(
        res,
        401,
        { error: "invalid_token" },
        {
          "www-authenticate": 'Bearer error="invalid_token"',
        },
      );
    }
    n++;
    if (options.operation) return options.operation(req, res, n);
    return sendJson(res, 200, { ok: true, path: req.path });
  });
  return Object.assign(server, {
    issued,
    tokenRequests: () => server.count("/oauth2/token"),
    calls: (path: string) => server.count(path),
    revokeAll: () => valid.clear(),
  });
}

export function formEncode(value: string): string {
  return new URLSearchParams({ v: value }).toString().slice(2);
}

/**
 * What a transport gives its auth scheme, for createTokenSource on its
 * own: a fetch and a time-out, the real clock.
 */
export function tokenContext(
  fetchFn: typeof fetch = (input, init) => fetch(input, init),
  timeoutMs = 5000,
): AuthContext {
  return {
    fetch: fetchFn,
    timeoutMs,
    clock: systemClock,
    url: (_name, value) => String(value),
  };
}

/** Creates a transport against a server, with test-friendly defaults. */
export function client(
  server: { url: string },
  overrides: Partial<ClientOptions> = {},
  defaults: TransportDefaults = DEFAULTS,
): Transport {
  return createTransport(
    {
      baseUrl: server.url,
      authUrl: server.url,
      clientId: CLIENT_ID,
      clientSecret: SECRET,
      ...overrides,
    },
    defaults,
    oauth2ClientCredentials("/oauth2/token"),
  );
}

export interface FakeClock {
  readonly clock: Clock;
  /** Every duration passed to `sleep`, in order. */
  readonly sleeps: number[];
  now(): number;
  /** Moves time forward and wakes due sleepers. */
  advance(ms: number): void;
  /**
   * Moves time forward waking each due sleeper at its own due time, in
   * order, and lets its callbacks run before the next wakes: what a
   * sleeper's callbacks see as the time is what real timers would show.
   */
  step(ms: number): Promise<void>;
  /** Sleepers not yet woken. */
  pending(): number;
}

/**
 * A clock under test control. With `auto`, `sleep` jumps time forward and
 * resolves at once (for retries); otherwise sleepers wait for `advance`.
 */
export function fakeClock(auto = false, start = 1_700_000_000_000): FakeClock {
  let now = start;
  const sleeps: number[] = [];
  const sleepers: { at: number; wake: () => void }[] = [];
  const clock: Clock = {
    now: () => now,
    sleep(ms, signal) {
      sleeps.push(ms);
      return new Promise<void>((resolve, reject) => {
        if (signal?.aborted) return reject(signal.reason);
        if (auto) {
          now += Math.max(0, ms);
          return resolve();
        }
        const sleeper = {
          at: now + ms,
          wake: () => {
            signal?.removeEventListener("abort", onAbort);
            resolve();
          },
        };
        const onAbort = (): void => {
          sleepers.splice(sleepers.indexOf(sleeper), 1);
          reject(signal?.reason);
        };
        signal?.addEventListener("abort", onAbort);
        sleepers.push(sleeper);
      });
    },
  };
  return {
    clock,
    sleeps,
    now: () => now,
    advance(ms) {
      now += ms;
      for (const sleeper of [...sleepers]) {
        if (sleeper.at <= now) {
          sleepers.splice(sleepers.indexOf(sleeper), 1);
          sleeper.wake();
        }
      }
    },
    pending: () => sleepers.length,
    async step(ms) {
      const target = now + ms;
      for (;;) {
        const due = sleepers
          .filter((sleeper) => sleeper.at <= target)
          .sort((a, b) => a.at - b.at)[0];
        if (due === undefined) break;
        sleepers.splice(sleepers.indexOf(due), 1);
        now = Math.max(now, due.at);
        due.wake();
        await microtasks();
      }
      now = target;
      await microtasks();
    },
  };
}

/** Lets promise callbacks run (a few turns of the microtask queue). */
export async function microtasks(): Promise<void> {
  for (let i = 0; i < 10; i++) await Promise.resolve();
}

/** Everything a value could reveal when logged, serialized or inspected. */
export function exposure(value: unknown): string {
  const parts: string[] = [];
  let current: unknown = value;
  for (
    let depth = 0;
    depth < 10 && current !== undefined && current !== null;
    depth++
  ) {
    parts.push(
      inspect(current, { depth: 20, showHidden: true, getters: true }),
    );
    try {
      parts.push(JSON.stringify(current) ?? "");
    } catch {
      // circular: inspect covered it
    }
    if (current instanceof Error) {
      parts.push(String(current), current.message, current.stack ?? "");
    }
    current = (current as { cause?: unknown }).cause;
  }
  return parts.join("\n");
}

/** Asserts that no secret, token or credential encoding appears in `value`. */
export function expectNoSecrets(
  value: unknown,
  extra: readonly string[] = [],
): void {
  const text = exposure(value);
  for (const secret of [SECRET, formEncode(SECRET), TOKEN_MARK, ...extra]) {
    expect(text).not.toContain(secret);
  }
  // The Basic credentials as sent.
  expect(text).not.toContain(
    Buffer.from(`${formEncode(CLIENT_ID)}:${formEncode(SECRET)}`).toString(
      "base64",
    ),
  );
}

/** Resolves with what `promise` rejects with; fails if it fulfils. */
export async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected a rejection");
}

export const delay = (ms: number): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, ms));
