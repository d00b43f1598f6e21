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
import { adminUrls, isAdminUrl, serveAdmin } from "./admin.js";
import { ADMIN_PREFIX } from "./fault-syntax.js";

/** Default port of `remitgen mock`. */
export const DEFAULT_MOCK_PORT: number = 4010;
/** Default interface: loopback only, so the mock is not exposed by accident. */
export const DEFAULT_MOCK_HOST: string = "127.0.0.1";
/** Path prefix of the token endpoint's authorization API. */
export const AUTH_PREFIX: string = "/auth";

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
  /** The token endpoint: {@link authUrl} and the spec's token path; none unless the scheme is OAuth2. */
  readonly tokenUrl?: string;
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
  return new UsageError(text);
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
export async function startMockServer(
  api: MockApi,
  options: MockServerOptions = {},
): Promise<MockServer> {
  const host = options.host ?? DEFAULT_MOCK_HOST;
  const port = options.port ?? DEFAULT_MOCK_PORT;
  const log = options.log ?? ((): void => undefined);
  const waits = new Waits();
  /** Set once the port is known: the engine's URLs hold it. */
  let serving: Serving | undefined;
  const server = createServer((req, res) => {
    void serve(req, res, serving, log);
  });
  const bound = await listen(server, host, port);
  const { shown, parsed } = urlHost(host);
  const origin = `http://${parsed}:${bound}`;
  let engine: MockEngine;
  try {
    engine = createMockEngine(api, {
      ...options.mock,
      baseUrl: origin,
      authUrl: `${origin}${AUTH_PREFIX}`,
    });
  } catch (error) {
    server.close();
    throw error;
  }
  serving = {
    api,
    engine,
    host,
    origin,
    waits,
    // Segments the log shows: the served paths' and the admin endpoints'.
    known: routeSegments([
      ...(engine.tokenUrl !== undefined ? [engine.tokenUrl] : []),
      ...api.operations.map((operation) => engine.urlFor(operation.name)),
      ...adminUrls(origin),
    ]),
    methods: [
      ...new Set([
        ...(engine.tokenUrl !== undefined ? ["POST"] : []),
        ...api.operations.map(({ method }) => method),
      ]),
    ].join(", "),
  };
  const url = `http://${shown}:${bound}`;
  let closing: Promise<void> | undefined;
  return {
    url,
    baseUrl: url,
    authUrl: `${url}${AUTH_PREFIX}`,
    ...(engine.tokenUrl !== undefined
      ? { tokenUrl: `${url}${engine.tokenUrl.slice(origin.length)}` }
      : {}),
    adminUrl: `${url}${ADMIN_PREFIX}`,
    port: bound,
    engine,
    close(): Promise<void> {
      closing ??= new Promise<void>((done, fail) => {
        waits.endAll();
        server.close((error) => (error ? fail(error) : done()));
        // Idle keep-alive and hung connections would hold close() open.
        server.closeAllConnections();
      });
      return closing;
    },
  };
}

/** Listens on `host:port`; resolves with the port bound. */
function listen(server: Server, host: string, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const onListenError = (error: Error): void =>
      reject(listenFailure(error, host, port));
    server.once("error", onListenError);
    server.listen(port, host, () => {
      server.off("error", onListenError);
      const address = server.address();
      resolve(
        typeof address === "object" && address !== null ? address.port : port,
      );
    });
  });
}

/** A listening server's engine and what serving a request needs beside it. */
interface Serving {
  readonly api: MockApi;
  readonly engine: MockEngine;
  /** The host it was asked to listen on, for the admin's Host check. */
  readonly host: string;
  /** The origin the engine's URLs have. */
  readonly origin: string;
  readonly waits: Waits;
  /** The segments a logged path shows (see {@link loggedTarget}). */
  readonly known: ReadonlySet<string>;
  /** The methods the operations take, e.g. `GET, POST`, for a preflight. */
  readonly methods: string;
}

/** Serves one request and logs it: the admin endpoints, a preflight, or the engine's answer. */
async function serve(
  req: IncomingMessage,
  res: ServerResponse,
  serving: Serving | undefined,
  log: (line: string) => void,
): Promise<void> {
  const started = performance.now();
  const sent = req.url ?? "/";
  const finish = (what: string | number): void => {
    const target = loggedTarget(sent, serving?.known ?? new Set());
    const ms = Math.round(performance.now() - started);
    log(`${req.method ?? "GET"} ${target} ${what} ${ms}ms`);
  };
  if (serving === undefined) {
    res.writeHead(503).end();
    finish(503);
    return;
  }
  const target = targetOf(sent, serving.origin);
  if (isAdminUrl(target, serving.origin)) {
    finish(await serveAdminSafely(req, res, target.pathname, serving));
  } else if (isPreflight(req)) {
    answerPreflight(req, res, serving.methods);
    finish(204);
  } else {
    finish(await serveCall(req, res, target, serving));
  }
}

/**
 * The request's target as a URL. A target starting with "/" is a path,
 * "//get_txn_status" too (a client's base URL ending in "/"); resolved as
 * a relative URL, it would name a host, and the call be logged as another
 * path.
 */
function targetOf(sent: string, origin: string): URL {
  try {
    return new URL(sent.startsWith("/") ? `${origin}${sent}` : sent, origin);
  } catch {
    return new URL("/", origin);
  }
}

async function serveAdminSafely(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  serving: Serving,
): Promise<number> {
  try {
    return await serveAdmin(
      req,
      res,
      path,
      serving.engine,
      serving.api,
      serving.host,
    );
  } catch {
    // A bug here must not end the process (serve's promise is not awaited).
    if (!res.headersSent) res.writeHead(500);
    res.end();
    return 500;
  }
}

/**
 * A browser app calling the mock (the generated client in a page) asks
 * first: answered here, since the service's CORS policy is not shown and
 * a mock on 127.0.0.1 holds nothing a page may not see.
 */
function isPreflight(req: IncomingMessage): boolean {
  return (
    req.method === "OPTIONS" &&
    req.headers["access-control-request-method"] !== undefined
  );
}

function answerPreflight(
  req: IncomingMessage,
  res: ServerResponse,
  methods: string,
): void {
  res
    .writeHead(204, {
      ...corsHeaders,
      "access-control-allow-methods": methods,
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
}

/**
 * Hands one call to the engine and carries out its outcome: an answer
 * after its delay, a dropped connection, or none. Returns what the log
 * says of it.
 */
async function serveCall(
  req: IncomingMessage,
  res: ServerResponse,
  target: URL,
  serving: Serving,
): Promise<string | number> {
  // The client hanging up ends any wait for it.
  const clientGone = new AbortController();
  res.once("close", () => {
    if (!res.writableFinished) clientGone.abort();
  });
  const body = bodyOf(req);
  // The Fetch API refuses a URL with credentials (an absolute-form
  // target's); the engine routes without them, to its 404.
  target.username = "";
  target.password = "";
  let request: Request;
  try {
    request = new Request(target, {
      method: req.method ?? "GET",
      headers: headersOf(req),
      body: body.stream,
      signal: clientGone.signal,
      // Node's fetch needs this for streamed request bodies.
      duplex: "half",
    } as RequestInit);
  } catch {
    // Methods the Fetch API forbids (CONNECT, TRACE, TRACK).
    res
      .writeHead(405, {
        allow: "GET, POST, PUT, PATCH, DELETE",
        connection: "close",
      })
      .end();
    return 405;
  }

  const outcome = await serving.engine.handle(request);
  // Whatever the engine did not read is not needed.
  body.discardRest();
  if (outcome.kind === "hang") {
    // Never answer; the client (or close()) ends it.
    await serving.waits.until(clientGone.signal, Infinity);
    return "timed-out";
  }
  await serving.waits.until(clientGone.signal, outcome.delayMs);
  if (clientGone.signal.aborted) return "client-closed";
  if (outcome.kind === "drop") {
    // RST rather than FIN: the client sees a reset, not a short answer.
    req.socket.resetAndDestroy();
    return outcome.applied ? "applied-then-dropped" : "dropped";
  }
  await writeAnswer(req, res, outcome.response);
  return outcome.response.status;
}

/**
 * A request's body as the stream the engine reads, queued only as fast as
 * the engine reads it. After `discardRest()` (the engine is done, or
 * stopped reading a body too large) the bytes still coming are counted
 * and dropped, never queued, so the connection stays usable; past
 * {@link MAX_DISCARD_BYTES} it is closed.
 */
function bodyOf(req: IncomingMessage): {
  readonly stream: ReadableStream<Uint8Array> | null;
  discardRest(): void;
} {
  let discarding = false;
  const discardRest = (): void => {
    discarding = true;
  };
  if (req.method === "GET" || req.method === "HEAD") {
    return { stream: null, discardRest };
  }
  let discarded = 0;
  const stream = new ReadableStream<Uint8Array>({
    start(controller): void {
      req.on("data", (chunk: Buffer) => {
        if (discarding) {
          discarded += chunk.byteLength;
          if (discarded > MAX_DISCARD_BYTES) req.socket.destroy();
          return;
        }
        controller.enqueue(new Uint8Array(chunk));
        if ((controller.desiredSize ?? 0) <= 0) req.pause();
      });
      req.once("end", () => {
        if (!discarding) controller.close();
      });
      req.once("close", () => {
        if (!discarding && !req.complete) {
          controller.error(new Error("client closed the connection"));
        }
      });
    },
    pull(): void {
      req.resume();
    },
    cancel(): void {
      // The engine stopped reading (body too large): drain the rest.
      discarding = true;
      req.resume();
    },
  });
  return { stream, discardRest };
}

/** Writes the engine's answer, with its length and the CORS headers. */
async function writeAnswer(
  req: IncomingMessage,
  res: ServerResponse,
  response: Response,
): Promise<void> {
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
}

/** Waits for latency and hung calls, all ended at once when the server closes. */
class Waits {
  readonly #pending = new Set<() => void>();

  /** Resolves after `ms`, when `signal` aborts, or when the server closes. */
  until(signal: AbortSignal, ms: number): Promise<void> {
    if (ms <= 0 || signal.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      const done = (): void => {
        if (timer !== undefined) clearTimeout(timer);
        signal.removeEventListener("abort", done);
        this.#pending.delete(done);
        resolve();
      };
      const timer = Number.isFinite(ms) ? setTimeout(done, ms) : undefined;
      signal.addEventListener("abort", done, { once: true });
      this.#pending.add(done);
    });
  }

  endAll(): void {
    for (const end of [...this.#pending]) end();
  }
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
