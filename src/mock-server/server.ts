/**
 * node:http front door for the mock engine, used by `remitgen mock`. The
 * engine (src/runtime/mock/engine.ts) decides everything; this file only
 * turns Node requests into Fetch API requests and outcomes back into bytes
 * on the socket.
 *
 * @packageDocumentation
 */
import {
  createServer,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from "node:http";
import { performance } from "node:perf_hooks";
import {
  usageProblems,
  warnings,
  type WarningText,
} from "../diagnostics/codes.js";
import { UsageError } from "../diagnostics/diagnostic.js";
import {
  createMockEngine,
  maskPath,
  routeSegments,
  type MockApi,
  type MockEngine,
  type MockOptions,
} from "../runtime/mock/engine.js";
import { ADMIN_PREFIX, parseFault } from "./faults.js";

/** Default port of `remitgen mock`. */
export const DEFAULT_MOCK_PORT: number = 4010;
/** Default interface: loopback only, so the mock is not exposed by accident. */
export const DEFAULT_MOCK_HOST: string = "127.0.0.1";
/** Path prefix of the token endpoint's authorization API. */
export const AUTH_PREFIX: string = "/auth";
export { ADMIN_PREFIX };

/** The admin endpoints: path below {@link ADMIN_PREFIX}, method. */
const adminEndpoints: Readonly<Record<string, string>> = {
  "/calls": "GET",
  "/reset": "POST",
  "/faults": "POST",
  "/revoke-tokens": "POST",
};

/** A fault sent to `POST /@remitgen/faults` is one short line. */
const MAX_ADMIN_BODY_BYTES = 4096;

/**
 * After a 413, the rest of the refused body is read and thrown away (never
 * buffered) so the connection stays usable, but only this many bytes;
 * beyond that the connection is closed.
 */
const MAX_DISCARD_BYTES = 16 * 1024 * 1024;

/**
 * Lets a page on any origin read the mock's answers, Retry-After included
 * (a 429's pause). Sent with every answer and each preflight.
 */
const corsHeaders = {
  "access-control-allow-origin": "*",
  "access-control-expose-headers": "retry-after",
} as const;

/** A running mock server. */
export interface MockServer {
  /** Root URL, e.g. `http://127.0.0.1:4010`. */
  readonly url: string;
  /** Where operations are served: same as {@link url}. */
  readonly baseUrl: string;
  /** Where the token endpoint's API is served: `url + "/auth"`. */
  readonly authUrl: string;
  /** The token endpoint: {@link authUrl} and the spec's token path. */
  readonly tokenUrl: string;
  /** Where the mock's own endpoints are served: `url + "/@remitgen"`. */
  readonly adminUrl: string;
  /** The port actually bound (useful with `port: 0`). */
  readonly port: number;
  /** Stops listening and ends every connection, hung calls included. */
  close(): Promise<void>;
  readonly engine: MockEngine;
}

/** Options of {@link startMockServer}. */
export interface MockServerOptions {
  /** Interface to bind. Default {@link DEFAULT_MOCK_HOST}. */
  host?: string;
  /** Port to bind; `0` picks a free one. Default {@link DEFAULT_MOCK_PORT}. */
  port?: number;
  /**
   * Receives one line per request: method, target as sent (see
   * {@link loggedTarget}), status or outcome, ms. Never bodies, headers,
   * query strings or an address's credentials, so no secret or token.
   * Default: silent.
   */
  log?: (line: string) => void;
  /** Engine options; `baseUrl` and `authUrl` are set by the server. */
  mock?: MockOptions;
}

/**
 * A refusal to listen on `host:port` as the {@link UsageError} a user can
 * act on (RG080 to RG083: another port, another host); any error without a
 * system code unchanged.
 */
export function listenFailure(
  error: Error,
  host: string,
  port: number,
): unknown {
  const { code } = error as NodeJS.ErrnoException;
  if (code === undefined) return error;
  const address = `${host.includes(":") ? `[${host}]` : host}:${port}`;
  const text =
    code === "EADDRINUSE"
      ? usageProblems.portInUse(port, host)
      : code === "EACCES" || code === "EPERM"
        ? usageProblems.portNotAllowed(address, port)
        : code === "EINVAL" && /^fe[89ab][0-9a-f]?:/i.test(host)
          ? // Linux refuses a link-local address without a known interface.
            usageProblems.linkLocalHost(address, zoneOf(host))
          : code === "EADDRNOTAVAIL"
            ? usageProblems.hostNotHere(host, true)
            : code === "ENOTFOUND" || code === "EAI_AGAIN"
              ? usageProblems.hostNotHere(host, false)
              : usageProblems.cannotListen(address, error.message);
  return new UsageError(text.code, text.message, text.hint);
}

/** The interface zone of an IPv6 address (`eth0` of `fe80::1%eth0`), if any. */
function zoneOf(host: string): string | undefined {
  const at = host.indexOf("%");
  return at < 0 ? undefined : host.slice(at + 1);
}

/**
 * The warning (RG084) for a mock bound where other machines reach it
 * (`--host 0.0.0.0`): it grants tokens to anyone with its credentials, and
 * its admin endpoints take faults from anyone. `undefined` for a loopback
 * host.
 */
export function exposureWarning(host: string): WarningText | undefined {
  if (/^(?:127\.\d+\.\d+\.\d+|::1|localhost)$/i.test(host)) return undefined;
  return warnings.exposedMock(host);
}

/**
 * The host as a URL writes it: for clients (`shown`, a zone as RFC 6874
 * writes it, `[fe80::1%25eth0]`, which curl takes) and for the engine
 * (`parsed`: the WHATWG URL parser takes no zone; the engine only
 * compares it with requests resolved against it).
 */
export function urlHost(host: string): { shown: string; parsed: string } {
  // A wildcard bind is reachable on loopback; clients cannot dial "0.0.0.0".
  if (host === "0.0.0.0") return { shown: "127.0.0.1", parsed: "127.0.0.1" };
  if (host === "::") return { shown: "[::1]", parsed: "[::1]" };
  if (!host.includes(":")) return { shown: host, parsed: host };
  const zone = zoneOf(host);
  const address = zone === undefined ? host : host.slice(0, host.indexOf("%"));
  return {
    shown: zone === undefined ? `[${host}]` : `[${address}%25${zone}]`,
    parsed: `[${address}]`,
  };
}

/**
 * A request target as the client sent it, for the log: an absolute-form
 * target (`http://evil.example/send_txns`) with its host, so a client that
 * sent one is seen doing so, but without the credentials of its address,
 * any query string (where a careless client puts a token or secret), or
 * any path segment that is not one of the mock's own (`known`, see
 * {@link routeSegments}): `/send_txns/<token>` is logged
 * `/send_txns/[redacted]`.
 */
export function loggedTarget(sent: string, known: ReadonlySet<string>): string {
  // The authority ends at the first "/" (or "\\", which WHATWG URLs read
  // as one); its credentials, up to its last "@", go before the query is
  // cut: a password may hold a "?" or "#", and its start would stay.
  const target = sent.replace(
    /^([A-Za-z][A-Za-z0-9+.-]*:[\\/]*)[^\\/]*@/,
    "$1[credentials]@",
  );
  const end = target.search(/[?#]/);
  const bare = end < 0 ? target : target.slice(0, end);
  const authority =
    /^[A-Za-z][A-Za-z0-9+.-]*:[\\/]*[^\\/]*/.exec(bare)?.[0] ?? "";
  return authority + maskPath(bare.slice(authority.length), known);
}

/**
 * Starts the mock on `host:port`. Operations are served under `/`, the
 * token endpoint under `/auth` (so with the default token path:
 * `POST /auth/oauth2/token`).
 *
 * @throws (rejects) UsageError when it cannot listen there (the port in
 * use or refused, the host not here: see {@link listenFailure}); Error
 * when the API is inconsistent.
 */
export function startMockServer(
  api: MockApi,
  options: MockServerOptions = {},
): Promise<MockServer> {
  const host = options.host ?? DEFAULT_MOCK_HOST;
  const port = options.port ?? DEFAULT_MOCK_PORT;
  const log = options.log ?? ((): void => undefined);
  let engine: MockEngine | undefined;
  let origin = "";
  /** Segments the log shows: the served paths' and the admin endpoints'. */
  let known: ReadonlySet<string> = new Set();
  /** Callbacks that end pending waits (latency, hung calls) on close. */
  const pending = new Set<() => void>();

  const server: Server = createServer((req, res) => {
    void serve(req, res);
  });

  async function serve(
    req: IncomingMessage,
    res: ServerResponse,
  ): Promise<void> {
    const started = performance.now();
    const method = req.method ?? "GET";
    let target: URL;
    const sent = req.url ?? "/";
    try {
      // A target starting with "/" is a path, "//get_txn_status" too (a
      // client's base URL ending in "/"); resolved as a relative URL, it
      // would name a host, and the call be logged as another path.
      target = new URL(
        sent.startsWith("/") ? `${origin}${sent}` : sent,
        origin,
      );
    } catch {
      target = new URL("/", origin);
    }
    const finish = (what: string | number): void => {
      log(
        `${method} ${loggedTarget(sent, known)} ${what} ${Math.round(performance.now() - started)}ms`,
      );
    };
    if (engine === undefined) {
      res.writeHead(503).end();
      finish(503);
      return;
    }
    if (
      target.origin === origin &&
      (target.pathname === ADMIN_PREFIX ||
        target.pathname.startsWith(`${ADMIN_PREFIX}/`))
    ) {
      let status: number;
      try {
        status = await serveAdmin(req, res, target.pathname, engine, api, host);
      } catch {
        // A bug here must not end the process (serve's promise is not awaited).
        if (!res.headersSent) res.writeHead(500);
        res.end();
        status = 500;
      }
      finish(status);
      return;
    }
    // A browser app calling the mock (the generated client in a page, its
    // tokens from the app's own server) asks first: answered here, since
    // the bank's CORS policy is not shown and a mock on 127.0.0.1 holds
    // nothing a page may not see.
    const preflight = req.headers["access-control-request-method"];
    if (method === "OPTIONS" && preflight !== undefined) {
      res
        .writeHead(204, {
          ...corsHeaders,
          "access-control-allow-methods": "POST",
          "access-control-allow-headers":
            req.headers["access-control-request-headers"] ?? "",
          "access-control-max-age": "600",
          // Private Network Access: Chromium asks before a page on a public
          // origin (a deployed app) may call a server on this machine.
          ...(req.headers["access-control-request-private-network"] === "true"
            ? { "access-control-allow-private-network": "true" }
            : {}),
        })
        .end();
      finish(204);
      return;
    }

    // The client hanging up ends any wait for it.
    const clientGone = new AbortController();
    res.once("close", () => {
      if (!res.writableFinished) clientGone.abort();
    });

    let cancelled = false;
    let discarded = 0;
    const hasBody = method !== "GET" && method !== "HEAD";
    const body = hasBody
      ? new ReadableStream<Uint8Array>({
          start(controller): void {
            req.on("data", (chunk: Buffer) => {
              if (cancelled) {
                // Discard mode after a refusal: count, never keep.
                discarded += chunk.byteLength;
                if (discarded > MAX_DISCARD_BYTES) req.socket.destroy();
                return;
              }
              controller.enqueue(new Uint8Array(chunk));
              if ((controller.desiredSize ?? 0) <= 0) req.pause();
            });
            req.once("end", () => {
              if (!cancelled) controller.close();
            });
            req.once("close", () => {
              if (!cancelled && !req.complete) {
                controller.error(new Error("client closed the connection"));
              }
            });
          },
          pull(): void {
            req.resume();
          },
          cancel(): void {
            // The engine stopped reading (body too large): drain the rest.
            cancelled = true;
            req.resume();
          },
        })
      : null;

    // The Fetch API refuses a URL with credentials (an absolute-form
    // target's); the engine routes without them, to its 404.
    target.username = "";
    target.password = "";
    let request: Request;
    try {
      request = new Request(target, {
        method,
        headers: headersOf(req),
        body,
        signal: clientGone.signal,
        // Node's fetch needs this for streamed request bodies.
        duplex: "half",
      } as RequestInit);
    } catch {
      // Methods the Fetch API forbids (CONNECT, TRACE, TRACK).
      res.writeHead(405, { allow: "POST", connection: "close" }).end();
      finish(405);
      return;
    }

    const outcome = await engine.handle(request);
    // Whatever the engine did not read is not needed: from here on, body
    // bytes are counted and dropped, never queued.
    cancelled = true;
    if (outcome.kind === "hang") {
      // Never answer; the client (or close()) ends it.
      await waitUntil(clientGone.signal, Infinity);
      finish("timed-out");
      return;
    }
    await waitUntil(clientGone.signal, outcome.delayMs);
    if (clientGone.signal.aborted) {
      finish("client-closed");
      return;
    }
    if (outcome.kind === "drop") {
      // RST rather than FIN: the client sees a reset, not a short answer.
      req.socket.resetAndDestroy();
      finish(outcome.applied ? "applied-then-dropped" : "dropped");
      return;
    }

    const { response } = outcome;
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      headers[name] = value;
    });
    const bytes = Buffer.from(await response.arrayBuffer());
    if (!req.complete) {
      // Refused before the body was read. A body declared larger than
      // we are willing to discard ends the connection after the answer.
      const declared = Number(req.headers["content-length"] ?? NaN);
      if (!(declared <= MAX_DISCARD_BYTES)) {
        headers["connection"] = "close";
      }
      req.resume();
    }
    // RFC 9110 §8.6: a 204 carries none; a 304 would have to repeat the 200's.
    if (response.status !== 204 && response.status !== 304) {
      headers["content-length"] = String(bytes.byteLength);
    }
    res.writeHead(response.status, { ...headers, ...corsHeaders });
    res.end(bytes);
    finish(response.status);
  }

  /** Resolves after `ms`, when `signal` aborts, or when the server closes. */
  function waitUntil(signal: AbortSignal, ms: number): Promise<void> {
    if (ms <= 0 || signal.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      const done = (): void => {
        if (timer !== undefined) clearTimeout(timer);
        signal.removeEventListener("abort", done);
        pending.delete(done);
        resolve();
      };
      const timer = Number.isFinite(ms) ? setTimeout(done, ms) : undefined;
      signal.addEventListener("abort", done, { once: true });
      pending.add(done);
    });
  }

  return new Promise<MockServer>((resolve, reject) => {
    const onListenError = (error: Error): void =>
      reject(listenFailure(error, host, port));
    server.once("error", onListenError);
    server.listen(port, host, () => {
      server.off("error", onListenError);
      const address = server.address();
      const bound =
        typeof address === "object" && address !== null ? address.port : port;
      const { shown, parsed } = urlHost(host);
      origin = `http://${parsed}:${bound}`;
      const url = `http://${shown}:${bound}`;
      try {
        engine = createMockEngine(api, {
          ...options.mock,
          baseUrl: origin,
          authUrl: `${origin}${AUTH_PREFIX}`,
        });
      } catch (error) {
        server.close();
        reject(error);
        return;
      }
      const running = engine;
      known = routeSegments([
        running.tokenUrl,
        ...api.operations.map((operation) => running.urlFor(operation.name)),
        ...Object.keys(adminEndpoints).map(
          (name) => `${origin}${ADMIN_PREFIX}${name}`,
        ),
      ]);
      let closing: Promise<void> | undefined;
      resolve({
        url,
        baseUrl: url,
        authUrl: `${url}${AUTH_PREFIX}`,
        tokenUrl: `${url}${running.tokenUrl.slice(origin.length)}`,
        adminUrl: `${url}${ADMIN_PREFIX}`,
        port: bound,
        engine: running,
        close(): Promise<void> {
          closing ??= new Promise<void>((done, fail) => {
            for (const end of [...pending]) end();
            server.close((error) => (error ? fail(error) : done()));
            // Idle keep-alive and hung connections would hold close() open.
            server.closeAllConnections();
          });
          return closing;
        },
      });
    });
  });
}

/** Node's raw header pairs as Fetch API headers (repeats kept). */
function headersOf(req: IncomingMessage): Headers {
  const headers = new Headers();
  const raw = req.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    try {
      headers.append(raw[i] as string, raw[i + 1] as string);
    } catch {
      // A header the Fetch API rejects is one the mock never needs.
    }
  }
  return headers;
}

/**
 * Answers a request to the mock's own endpoints (`/@remitgen/...`) and
 * returns its status for the log. Never a token or the client secret in an
 * answer: calls are recorded without headers. Answers carry no CORS
 * headers, and a request with an `Origin` (a browser's page) is refused,
 * so no web page can read the calls or inject a fault.
 */
async function serveAdmin(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  engine: MockEngine,
  api: MockApi,
  bound: string,
): Promise<number> {
  const json = (status: number, body: unknown): number => {
    const bytes = Buffer.from(JSON.stringify(body, null, 2) + "\n");
    res
      .writeHead(status, {
        "content-type": "application/json",
        "content-length": String(bytes.byteLength),
        "cache-control": "no-store",
      })
      .end(bytes);
    return status;
  };
  const refuse = (
    status: number,
    message: string,
    hint: string,
    headers: Record<string, string> = {},
  ): number => {
    for (const [name, value] of Object.entries(headers))
      res.setHeader(name, value);
    // The rest of a body not read is not needed.
    req.resume();
    return json(status, { error: { message, hint } });
  };
  const endpoints = Object.entries(adminEndpoints)
    .map(([name, method]) => `${method} ${ADMIN_PREFIX}${name}`)
    .join(", ");
  if (
    req.headers.origin !== undefined ||
    !namesThisMachine(req.headers.host, bound)
  ) {
    return refuse(
      403,
      req.headers.origin !== undefined
        ? "the mock's admin endpoints refuse requests from web pages (an Origin header)"
        : "the mock's admin endpoints refuse a request whose Host header is another name than the mock's (a page's DNS rebinding)",
      "call them from a test, curl or Postman, at the URL the mock printed (or an IP address, or localhost), not from a page",
    );
  }
  const name = path.slice(ADMIN_PREFIX.length);
  const method = adminEndpoints[name];
  if (method === undefined) {
    // The path is not repeated: a caller's bytes may be a secret.
    return refuse(
      404,
      "no admin endpoint at this path",
      `endpoints: ${endpoints}`,
    );
  }
  if (req.method !== method) {
    return refuse(
      405,
      `${ADMIN_PREFIX}${name} takes ${method} only`,
      `endpoints: ${endpoints}`,
      { allow: method },
    );
  }
  if (name === "/calls") {
    req.resume();
    return json(200, {
      calls: engine.calls.map((call) => ({
        operation: call.operation,
        path: call.path,
        outcome: call.outcome,
        applied: call.applied,
        status: call.status ?? null,
        at: new Date(call.at).toISOString(),
        body: call.body ?? null,
      })),
      // The oldest calls past the engine's maxRecordedCalls, left out above.
      droppedCalls: engine.droppedCalls,
      tokenRequests: engine.tokenRequests,
    });
  }
  if (name === "/reset" || name === "/revoke-tokens") {
    req.resume();
    if (name === "/reset") engine.reset();
    else engine.revokeTokens();
    res.writeHead(204, { "cache-control": "no-store" }).end();
    return 204;
  }
  // POST /faults: one fault in the --fault syntax, as the body.
  const body = await readSmall(req, MAX_ADMIN_BODY_BYTES);
  if (body === undefined) {
    res.setHeader("connection", "close");
    return refuse(
      413,
      `a fault is at most ${MAX_ADMIN_BODY_BYTES} bytes`,
      "send one fault, e.g. send_txns=applied-then-drop,times=1",
    );
  }
  const text = body.toString("utf8").trim();
  let parsed;
  try {
    parsed = parseFault(
      text,
      "the fault",
      {
        setId: api.setId,
        operations: api.operations.map((operation) => operation.name),
      },
      true,
    );
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    return refuse(400, error.message.split("\n")[0] ?? "", error.hint);
  }
  engine.setOverride(parsed.operation, parsed.override);
  return json(200, {
    operation: parsed.operation,
    fault: parsed.override === undefined ? null : parsed.text,
  });
}

/**
 * A request body of at most `max` bytes; `undefined` (the rest left
 * unread) when it is larger or the client hangs up.
 */
function readSmall(
  req: IncomingMessage,
  max: number,
): Promise<Buffer | undefined> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = (body: Buffer | undefined): void => {
      req.off("data", onData).off("end", onEnd).off("close", onClose);
      resolve(body);
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.byteLength;
      if (size > max) done(undefined);
      else chunks.push(chunk);
    };
    const onEnd = (): void => done(Buffer.concat(chunks));
    const onClose = (): void => done(undefined);
    req.on("data", onData).once("end", onEnd).once("close", onClose);
  });
}

/**
 * Whether a Host header names the mock by an IP address, `localhost` or
 * the `--host` it listens on, as its printed URLs do. A page that rebinds
 * its own name to this machine sends that name, and no Origin with a
 * same-origin GET; without a Host (HTTP/1.0) no browser is involved.
 */
function namesThisMachine(host: string | undefined, bound: string): boolean {
  if (host === undefined) return true;
  let name: string;
  try {
    name = new URL(`http://${host}`).hostname;
  } catch {
    return false;
  }
  return (
    name === "localhost" ||
    name === bound.toLowerCase() ||
    name.startsWith("[") ||
    /^\d+\.\d+\.\d+\.\d+$/.test(name)
  );
}
