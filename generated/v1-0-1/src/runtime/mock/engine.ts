// Copied by remitgen from its runtime (src/runtime/mock/engine.ts). DO NOT EDIT.

/**
 * The mock runtime's framework-neutral core: a Fetch API `Request` goes in,
 * a {@link MockOutcome} comes out. The msw adapter (`./msw.js`), the mock
 * fetch (`./fetch.js`) and the `remitgen mock` HTTP server are thin front
 * doors over this one engine.
 *
 * Copied verbatim into every generated package (subpaths `./mocks` and
 * `./mock-fetch`), so it uses no dependencies and no `node:` modules, only
 * ECMAScript and Fetch API globals.
 *
 * The bank publishes no payload fields, status codes or error shapes for
 * this service. Everything the engine answers beyond what the spec states
 * (error payloads, which status goes with which failure) is a **mock
 * convention**, replaceable through {@link MockOptions.conventions}; it is
 * not a claim about how the bank behaves.
 *
 * @packageDocumentation
 */
import type { JsonValue } from "../json.js";
import { longestTimer } from "../limiter.js";
import type { NamedSchema, SchemaNode } from "../schema.js";
import { sampleValue, seedFor } from "./sample.js";
import {
  findUnresolvedRefs,
  schemaLookup,
  validateValue,
  type SchemaLookup,
  type SchemaViolation,
} from "./validate.js";

/** Default base URL of the mocked Remittance Transfer Service. */
export const DEFAULT_BASE_URL: string = "https://remittance.mock";
/** Default base URL of the mocked authorization API (token endpoint). */
export const DEFAULT_AUTH_URL: string = "https://auth.mock";
/** Default OAuth2 client id the mock accepts. */
export const DEFAULT_CLIENT_ID: string = "mock-client-id";
/** Default OAuth2 client secret the mock accepts. */
export const DEFAULT_CLIENT_SECRET: string = "mock-client-secret";
/** Default lifetime of issued access tokens, in seconds. */
export const DEFAULT_TOKEN_LIFETIME_SECONDS: number = 3600;
/** Default request body limit: 1 MiB. */
export const DEFAULT_MAX_BODY_BYTES: number = 1024 * 1024;
/**
 * Default number of calls the engine keeps (the newest): a mock under load
 * kept every call, and grew by 150 MB in five 8-second runs.
 */
export const DEFAULT_MAX_RECORDED_CALLS: number = 1000;

/** At most this many violations are listed in a `validation_failed` answer (all are counted). */
export const MAX_LISTED_VIOLATIONS: number = 100;
/**
 * Past the first, violations are listed while their paths total at most
 * this many characters: a path is as long as the body is deep, and 100 of
 * a deep body's made an answer 50 times the body's size.
 */
const MAX_LISTED_PATH_CHARS = 64 * 1024;

/** One operation as the mock sees it. */
export interface MockOperation {
  /** Operation name, e.g. `get_acct_title`. */
  readonly name: string;
  /** Path below the base URL, e.g. `/get_acct_title`. Always POST. */
  readonly path: string;
  readonly effect: "read" | "write";
  /** `undefined`: the bank does not show the request payload. */
  readonly request?: SchemaNode;
  /** `undefined`: the bank does not show the response payload. */
  readonly response?: SchemaNode;
}

/** Everything the engine needs to know about one API set. */
export interface MockApi {
  readonly setId: string;
  /** The plan's rate limit, e.g. 10000 per hour. */
  readonly plan: {
    readonly name: string;
    readonly limit: number;
    readonly intervalMs: number;
  };
  /** Token endpoint path below the auth URL, e.g. `/oauth2/token`. */
  readonly tokenPath: string;
  readonly operations: readonly MockOperation[];
  /** Named schemas that `ref` nodes point to. */
  readonly schemas: readonly NamedSchema[];
}

/** Tuning for one engine. Every member is optional. */
export interface MockOptions {
  /** Base URL operations are served under. Default {@link DEFAULT_BASE_URL}. */
  baseUrl?: string | undefined;
  /** Base URL the token endpoint is served under. Default {@link DEFAULT_AUTH_URL}. */
  authUrl?: string | undefined;
  /** Accepted client id. Default {@link DEFAULT_CLIENT_ID}. */
  clientId?: string | undefined;
  /** Accepted client secret. Default {@link DEFAULT_CLIENT_SECRET}. Never echoed. */
  clientSecret?: string | undefined;
  /** Lifetime of issued tokens. Default {@link DEFAULT_TOKEN_LIFETIME_SECONDS}. */
  tokenLifetimeSeconds?: number | undefined;
  /** `false` switches rate limiting off; an object replaces the plan's limit. */
  rateLimit?: false | { limit: number; intervalMs: number } | undefined;
  /** Latency adapters add to every answer, in ms. Default 0. */
  latencyMs?: number | undefined;
  /** Request bodies above this many bytes get 413. Default 1 MiB. */
  maxBodyBytes?: number | undefined;
  /**
   * How many calls {@link MockEngine.calls} keeps: past it, the oldest are
   * dropped and counted in {@link MockEngine.droppedCalls}. Default
   * {@link DEFAULT_MAX_RECORDED_CALLS}; `0` keeps none.
   */
  maxRecordedCalls?: number | undefined;
  /** Per-operation behaviour, by operation name. */
  overrides?: Record<string, MockOverride> | undefined;
  /** Replaces the mocks' own error conventions (see {@link MockConventions}). */
  conventions?: Partial<MockConventions> | undefined;
  /** Clock in epoch ms, for token expiry and rate limiting. Default `Date.now`. */
  now?: (() => number) | undefined;
}

/** A failure injected into an operation. */
export type MockFault =
  /**
   * Answer with this status (and body, default a convention error body).
   * `applied: true` records the call as carried out before the answer: a
   * 500 after the transfer went through, the case a client must reconcile.
   * Default: applied only for a 2xx status.
   */
  | {
      kind: "status";
      status: number;
      body?: JsonValue | undefined;
      retryAfterSeconds?: number | undefined;
      applied?: boolean | undefined;
    }
  /** Never answer; the client has to time out. Not applied. */
  | { kind: "timeout" }
  /** Drop the connection. Not applied. */
  | { kind: "drop" }
  /** Apply the call (recorded `applied: true`), then drop the connection. */
  | { kind: "applied-then-drop" };

/** Per-operation behaviour. */
export interface MockOverride {
  /** Fixed response body. */
  response?: JsonValue | undefined;
  /** Success status. Default 200. */
  status?: number | undefined;
  /** Computes the response body; wins over `response`. */
  resolver?:
    | ((ctx: {
        operation: string;
        body: JsonValue;
        /**
         * 0-based: calls to this operation that arrived earlier since reset,
         * answered or not, so concurrent calls each get their own index.
         */
        callIndex: number;
      }) => JsonValue | Promise<JsonValue>)
    | undefined;
  /**
   * Failure to inject, for the first `faultTimes` valid calls. A call is
   * counted once its body is read and validated, not when it arrives (a
   * refused call takes no fault): of calls sent at once, the first whose
   * body completes meets it, over a network not always the first sent.
   * {@link MockEngine.calls} (in arrival order) shows which did; to fault
   * one particular call, send the calls one after another.
   */
  fault?: MockFault | undefined;
  /** How many calls the fault applies to. Default `Infinity`. */
  faultTimes?: number | undefined;
  /** Latency for this operation, replacing {@link MockOptions.latencyMs}. */
  latencyMs?: number | undefined;
}

/**
 * Why the mock refused or failed a call. The codes are mock conventions:
 * the bank's own error codes are not shown.
 */
export type MockErrorCode =
  | "unauthorized"
  | "invalid_request"
  | "rate_limited"
  | "unsupported_media_type"
  | "invalid_json"
  | "validation_failed"
  | "payload_too_large"
  | "not_found"
  | "method_not_allowed"
  | "injected_fault"
  | "mock_error";

/** What an error body is built from. Never contains secrets or tokens. */
export interface MockError {
  readonly code: MockErrorCode;
  readonly status: number;
  readonly message: string;
  /** The operation called, when the URL named one. */
  readonly operation?: string;
  /** For `validation_failed`: the list of {@link SchemaViolation}s. */
  readonly details?: JsonValue;
}

/**
 * The mocks' own error conventions. The bank shows no error shape or status
 * codes, so these are choices of the mock, made replaceable.
 */
export interface MockConventions {
  /** Builds an error body. Default {@link defaultErrorBody}. */
  errorBody: (error: MockError) => JsonValue;
  /** Status per condition; missing entries use {@link DEFAULT_ERROR_STATUSES}. */
  statuses: Partial<Record<Exclude<MockErrorCode, "injected_fault">, number>>;
}

/** Default status for each refusal (a mock convention). */
export const DEFAULT_ERROR_STATUSES: Readonly<
  Record<Exclude<MockErrorCode, "injected_fault">, number>
> = Object.freeze({
  unauthorized: 401,
  invalid_request: 400,
  rate_limited: 429,
  unsupported_media_type: 415,
  invalid_json: 400,
  validation_failed: 400,
  payload_too_large: 413,
  not_found: 404,
  method_not_allowed: 405,
  mock_error: 500,
});

/**
 * Default error body (a mock convention):
 * `{ "error": { "code", "message", "details"? } }`.
 */
export function defaultErrorBody(error: MockError): JsonValue {
  const body: { [key: string]: JsonValue } = {
    code: error.code,
    message: error.message,
  };
  if (error.details !== undefined) body["details"] = error.details;
  return { error: body };
}

/** What an adapter should do with a request. */
export type MockOutcome =
  /** Answer with `response` after waiting `delayMs`. */
  | { kind: "response"; response: Response; delayMs: number }
  /** Drop the connection after waiting `delayMs`; `applied` tells why. */
  | { kind: "drop"; applied: boolean; delayMs: number }
  /** Never answer; wait until the client gives up. */
  | { kind: "hang" };

/** One call to an operation, as recorded by the engine. */
export interface RecordedCall {
  readonly operation: string;
  readonly path: string;
  /** Parsed request body; `undefined` if it was never read or not JSON. */
  readonly body: JsonValue | undefined;
  /** Status answered; `undefined` when nothing was answered. */
  readonly status: number | undefined;
  readonly outcome:
    "answered" | "dropped" | "applied-then-dropped" | "timed-out";
  /** Whether the service carried the call out (2xx, applied-then-drop, or a status fault with `applied: true`). */
  readonly applied: boolean;
  /** Engine clock when the call arrived. */
  readonly at: number;
}

/** A running mock of one API set. */
export interface MockEngine {
  /** Handles one request. Never rejects: internal failures become 500s. */
  handle(request: Request): Promise<MockOutcome>;
  /**
   * Snapshot of the operation calls since the last {@link reset}, in the
   * order they arrived. A call is listed once it is answered (or dropped,
   * or left hanging); one still in flight is not listed yet.
   */
  readonly calls: readonly RecordedCall[];
  /**
   * Calls left out of {@link calls} since the last {@link reset}: the
   * oldest, dropped to keep at most {@link MockOptions.maxRecordedCalls}.
   * `0` when {@link calls} lists every call.
   */
  readonly droppedCalls: number;
  /** Token endpoint requests since the last {@link reset}, failed ones too. */
  readonly tokenRequests: number;
  /**
   * Forgets recorded calls (calls still in flight are not recorded), call
   * indexes, the token request count, the rate-limit window and fault
   * counters, and restores the overrides given in the options.
   * Issued tokens stay valid, so a client that cached one keeps working.
   */
  reset(): void;
  /** Sets (or with `undefined` removes) an operation's override. */
  setOverride(operation: string, override: MockOverride | undefined): void;
  /** Invalidates every issued token, so clients must fetch a new one. */
  revokeTokens(): void;
  /** Absolute URL of an operation. Throws for an unknown name. */
  urlFor(operation: string): string;
  /** Absolute URL of the token endpoint. */
  readonly tokenUrl: string;
  readonly options: {
    readonly baseUrl: string;
    readonly authUrl: string;
    readonly clientId: string;
  };
}

/**
 * Creates a mock engine for `api`.
 *
 * Per operation call, in this order: route (404/405), an access token in
 * the URL (400, never accepted: logs keep URLs), bearer token (401),
 * rate limit (429 with `Retry-After`), JSON content type (415), body size
 * (413), JSON syntax (400), request schema (400 counting every violation
 * and listing the first {@link MAX_LISTED_VIOLATIONS}, fewer where their
 * paths are long),
 * injected fault, then the response: the override's resolver or response,
 * else the response schema's example, else deterministic sample data seeded
 * by operation name and canonical request body, else (response not shown)
 * `{ "operation": name, "mock": true }`.
 *
 * The token endpoint (`POST authUrl + tokenPath`) implements the OAuth2
 * client credentials grant (RFC 6749 §4.4) with client authentication by
 * HTTP Basic or by form fields (§2.3.1), never by a `client_secret` in the
 * URL, and the error responses of §5.2.
 *
 * @throws Error when the API or options are inconsistent (dangling `ref`,
 * duplicate operation URL, override for an unknown operation, bad status).
 */
export function createMockEngine(
  api: MockApi,
  options: MockOptions = {},
): MockEngine {
  return new Engine(api, options);
}

interface OverrideState {
  readonly override: MockOverride;
  faulted: number;
}

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json$/;
const FORM_TYPE = "application/x-www-form-urlencoded";
const NULL_BODY_STATUSES = new Set([204, 205, 304]);
const REALM = "remitgen-mock";

function mediaType(header: string | null): string | undefined {
  if (header === null) return undefined;
  return header.split(";")[0]?.trim().toLowerCase();
}

/**
 * origin + pathname: what routing compares. Query strings are ignored.
 * Percent-encodings are made canonical as RFC 3986 §6.2.2 says clients may
 * send them: `%c3` is `%C3`, and `%5F` is `_`.
 */
function routeKey(url: URL): string {
  return (
    url.origin +
    url.pathname.replace(/%[\da-f]{2}/gi, (escape) => {
      const char = String.fromCharCode(parseInt(escape.slice(1), 16));
      return /[\w.~-]/.test(char) ? char : escape.toUpperCase();
    })
  );
}

/**
 * What a shown path (the mock's answers, the server's log) has in place of
 * a segment the mock did not write itself: the caller's bytes, which may
 * be a token or a secret put in the path (`/send_txns/<token>`).
 */
export const HIDDEN_SEGMENT = "[redacted]";

/** The path segments of `urls`: the only ones a shown path repeats. */
export function routeSegments(urls: Iterable<string>): Set<string> {
  const known = new Set(["", ".", ".."]);
  for (const url of urls) {
    for (const segment of new URL(url).pathname.split("/")) known.add(segment);
  }
  return known;
}

/**
 * `path` as the mock may show it: each segment that is one of the mock's
 * own (`known`, see {@link routeSegments}) as it is, every other one as
 * {@link HIDDEN_SEGMENT}. `/get_acct_title/eyJhbGci…` is shown
 * `/get_acct_title/[redacted]`.
 */
export function maskPath(path: string, known: ReadonlySet<string>): string {
  // "\\" parts segments too: WHATWG URLs read it as "/".
  return path.replace(/[^\\/]+/g, (segment) =>
    known.has(segment) ? segment : HIDDEN_SEGMENT,
  );
}

/** The refusal of client credentials in a URL (RFC 6749 §2.3.1: logs and proxies keep URLs). */
const CLIENT_CREDENTIALS_IN_URL =
  "Send client credentials in the body or the Authorization header, never in the URL";
/** The refusal of an access token in a URL (RFC 6750 §2.3 allows it; logs and proxies keep URLs). */
const ACCESS_TOKEN_IN_URL =
  "Send the access token in the Authorization header only, never in the URL";

/** An RFC 6749 §5.2 error; descriptions never quote credentials. */
function oauthError(
  status: number,
  error: string,
  description: string,
  headers: Record<string, string> = {},
): Response {
  return jsonResponse(
    status,
    { error, error_description: description },
    { "cache-control": "no-store", pragma: "no-cache", ...headers },
  );
}

/** How many served paths a 404 lists; more are counted. */
const LISTED_PATHS = 20;

function joinUrl(base: string, path: string): URL {
  const root = new URL(base);
  const prefix = root.pathname.replace(/\/+$/, "");
  return new URL(
    `${root.origin}${prefix}${path.startsWith("/") ? path : `/${path}`}`,
  );
}

function normalizeBase(base: string, what: string): string {
  let url: URL;
  try {
    url = new URL(base);
  } catch {
    throw new Error(`${what} is not an absolute URL: ${base}`);
  }
  return url.origin + url.pathname.replace(/\/+$/, "");
}

function checkStatus(status: number, what: string): void {
  // The Fetch API's Response only accepts 200..599.
  if (!Number.isInteger(status) || status < 200 || status > 599) {
    throw new Error(
      `${what} must be an integer from 200 to 599, got ${status}`,
    );
  }
}

/** A number option from `min` to `max` (NaN and Infinity refused), when given. */
function checkRange(
  value: number | undefined,
  what: string,
  min: number,
  max: number,
): void {
  if (
    value !== undefined &&
    !(typeof value === "number" && value >= min && value <= max)
  ) {
    throw new Error(
      `${what} must be a number from ${min} to ${max}, got ${value}`,
    );
  }
}

function checkOverride(name: string, override: MockOverride): void {
  if (override.status !== undefined) {
    checkStatus(override.status, `override "${name}" status`);
  }
  if (override.fault?.kind === "status") {
    checkStatus(override.fault.status, `override "${name}" fault status`);
    checkRange(
      override.fault.retryAfterSeconds,
      `override "${name}" fault retryAfterSeconds`,
      0,
      longestTimer / 1000,
    );
  }
  checkRange(
    override.latencyMs,
    `override "${name}" latencyMs`,
    0,
    longestTimer,
  );
  if (
    override.faultTimes !== undefined &&
    !(override.faultTimes >= 0) // also rejects NaN
  ) {
    throw new Error(`override "${name}" faultTimes must be >= 0`);
  }
}

function jsonResponse(
  status: number,
  body: JsonValue | undefined,
  headers: Record<string, string> = {},
): Response {
  const h = new Headers(headers);
  if (NULL_BODY_STATUSES.has(status) || body === undefined) {
    return new Response(null, { status, headers: h });
  }
  h.set("content-type", "application/json");
  return new Response(JSON.stringify(body), { status, headers: h });
}

/**
 * Reads a body up to `max` bytes. Returns `undefined` as soon as it is
 * known to be larger (declared Content-Length or bytes read), without
 * reading the rest.
 */
async function readLimited(
  request: Request,
  max: number,
): Promise<Uint8Array | undefined> {
  const declared = request.headers.get("content-length");
  if (
    declared !== null &&
    /^\s*\d+\s*$/.test(declared) &&
    Number(declared) > max
  ) {
    await request.body?.cancel().catch(() => undefined);
    return undefined;
  }
  if (request.body === null) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > max) {
      await reader.cancel().catch(() => undefined);
      return undefined;
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

function decodeUtf8(bytes: Uint8Array): string | undefined {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

/** application/x-www-form-urlencoded decoding of one component. */
function formDecode(text: string): string | undefined {
  try {
    return decodeURIComponent(text.replace(/\+/g, " "));
  } catch {
    return undefined;
  }
}

type BasicCredentials =
  | { readonly kind: "none" }
  | { readonly kind: "malformed" }
  /** An `Authorization` header of another scheme (`Bearer`). */
  | { readonly kind: "other" }
  | { readonly kind: "ok"; readonly id: string; readonly secret: string };

/** Parses `Authorization: Basic` as RFC 6749 §2.3.1 defines it. */
function parseBasic(header: string | null): BasicCredentials {
  if (header === null) return { kind: "none" };
  const m = /^basic\s+(\S+)\s*$/i.exec(header.trim());
  if (m === null || m[1] === undefined) {
    return { kind: /^basic\b/i.test(header.trim()) ? "malformed" : "other" };
  }
  let binary: string;
  try {
    binary = atob(m[1]);
  } catch {
    return { kind: "malformed" };
  }
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  const text = decodeUtf8(bytes);
  const colon = text?.indexOf(":") ?? -1;
  if (text === undefined || colon < 0) return { kind: "malformed" };
  // Id and secret are form-urlencoded before base64 (§2.3.1).
  const id = formDecode(text.slice(0, colon));
  const secret = formDecode(text.slice(colon + 1));
  if (id === undefined || secret === undefined) return { kind: "malformed" };
  return { kind: "ok", id, secret };
}

/** The message of a `mock_error` answer for `error`; never throws. */
function failureMessage(error: unknown): string {
  let text: string;
  try {
    text = error instanceof Error ? error.message : String(error);
  } catch {
    text = "unknown error";
  }
  return `Mock failure: ${text}`;
}

/**
 * A token no other engine issued, in this process or another, so a client
 * that keeps a token across mocks (a restarted server, the next test) is
 * refused, as by another environment of the bank. Node 18 has a global
 * `crypto` only behind a flag: there Math.random keeps tokens apart, which
 * is all a mock needs.
 */
function newToken(): string {
  const bytes = new Uint8Array(16);
  if (typeof crypto === "object") crypto.getRandomValues(bytes);
  else for (let i = 0; i < 16; i++) bytes[i] = Math.random() * 256;
  let token = "mock-token-";
  for (const byte of bytes) token += byte.toString(16).padStart(2, "0");
  return token;
}

/** Length-independent comparison, so the mock does not model a timing leak. */
function sameText(a: string, b: string): boolean {
  let diff = a.length ^ b.length;
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    diff |= (a.charCodeAt(i) || 0) ^ (b.charCodeAt(i) || 0);
  }
  return diff === 0;
}

class Engine implements MockEngine {
  readonly options: {
    readonly baseUrl: string;
    readonly authUrl: string;
    readonly clientId: string;
  };
  readonly tokenUrl: string;

  readonly #lookup: SchemaLookup;
  readonly #secret: string;
  readonly #tokenLifetimeMs: number;
  readonly #rate:
    { readonly limit: number; readonly intervalMs: number } | undefined;
  readonly #latencyMs: number;
  readonly #maxBodyBytes: number;
  readonly #maxRecordedCalls: number;
  readonly #initialOverrides: ReadonlyMap<string, MockOverride>;
  readonly #errorBody: (error: MockError) => JsonValue;
  readonly #statuses: Readonly<
    Record<Exclude<MockErrorCode, "injected_fault">, number>
  >;
  readonly #now: () => number;
  readonly #routes = new Map<string, MockOperation>();
  readonly #urls = new Map<string, string>();
  readonly #tokenKey: string;
  /** Segments of the served paths, for {@link maskPath}. */
  readonly #segments: ReadonlySet<string>;

  /**
   * Recorded calls in arrival order, at most #maxRecordedCalls. A slot is
   * taken when a call arrives and filled when it is answered (a slot
   * object, so dropping the oldest moves no call into another's place);
   * reset() replaces the array, so a call that was in flight then fills a
   * slot of the old one.
   */
  #calls: { call?: RecordedCall }[] = [];
  /** Calls dropped from #calls since reset, oldest first. */
  #droppedCalls = 0;
  /** Calls per operation since reset, counted on arrival. */
  #arrivals = new Map<string, number>();
  #tokenRequests = 0;
  /** Issued token -> expiry (engine clock, ms). */
  #tokens = new Map<string, number>();
  /** Arrival times of calls inside the sliding rate-limit window. */
  #window: number[] = [];
  #overrides = new Map<string, OverrideState>();

  constructor(api: MockApi, options: MockOptions) {
    this.#lookup = schemaLookup(api.schemas);
    const baseUrl = normalizeBase(
      options.baseUrl ?? DEFAULT_BASE_URL,
      "baseUrl",
    );
    const authUrl = normalizeBase(
      options.authUrl ?? DEFAULT_AUTH_URL,
      "authUrl",
    );
    this.options = Object.freeze({
      baseUrl,
      authUrl,
      clientId: options.clientId ?? DEFAULT_CLIENT_ID,
    });
    this.#secret = options.clientSecret ?? DEFAULT_CLIENT_SECRET;
    const lifetime =
      options.tokenLifetimeSeconds ?? DEFAULT_TOKEN_LIFETIME_SECONDS;
    // Finite: expires_in is a JSON number, and Infinity would be null.
    if (!(lifetime > 0 && lifetime <= longestTimer / 1000)) {
      throw new Error(
        `tokenLifetimeSeconds must be above 0 and at most ${longestTimer / 1000}, got ${lifetime}`,
      );
    }
    this.#tokenLifetimeMs = lifetime * 1000;
    const rate =
      options.rateLimit === false
        ? undefined
        : (options.rateLimit ?? {
            limit: api.plan.limit,
            intervalMs: api.plan.intervalMs,
          });
    if (rate !== undefined && !(rate.limit >= 0 && rate.intervalMs > 0)) {
      throw new Error("rate limit needs limit >= 0 and intervalMs > 0");
    }
    this.#rate = rate;
    // Node fires a longer timer at once, and msw's delay() throws on it.
    checkRange(options.latencyMs, "latencyMs", 0, longestTimer);
    this.#latencyMs = options.latencyMs ?? 0;
    // NaN would lift the limit: every size compares false against it.
    checkRange(
      options.maxBodyBytes,
      "maxBodyBytes",
      0,
      Number.MAX_SAFE_INTEGER,
    );
    this.#maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
    checkRange(
      options.maxRecordedCalls,
      "maxRecordedCalls",
      0,
      Number.MAX_SAFE_INTEGER,
    );
    this.#maxRecordedCalls = Math.floor(
      options.maxRecordedCalls ?? DEFAULT_MAX_RECORDED_CALLS,
    );
    this.#errorBody = options.conventions?.errorBody ?? defaultErrorBody;
    this.#statuses = {
      ...DEFAULT_ERROR_STATUSES,
      ...options.conventions?.statuses,
    };
    for (const [code, status] of Object.entries(this.#statuses)) {
      checkStatus(status, `conventions.statuses.${code}`);
    }
    this.#now = options.now ?? Date.now;

    const tokenUrl = joinUrl(authUrl, api.tokenPath);
    this.tokenUrl = tokenUrl.href;
    this.#tokenKey = routeKey(tokenUrl);
    const missing = new Set<string>();
    for (const { schema } of api.schemas) {
      for (const name of findUnresolvedRefs(schema, this.#lookup))
        missing.add(name);
    }
    for (const op of api.operations) {
      const url = joinUrl(baseUrl, op.path);
      const key = routeKey(url);
      if (this.#routes.has(key) || key === this.#tokenKey) {
        throw new Error(`operation "${op.name}" shares its URL ${url.href}`);
      }
      if (this.#urls.has(op.name)) {
        throw new Error(`operation "${op.name}" is listed twice`);
      }
      this.#routes.set(key, op);
      this.#urls.set(op.name, url.href);
      for (const schema of [op.request, op.response]) {
        if (schema === undefined) continue;
        for (const name of findUnresolvedRefs(schema, this.#lookup))
          missing.add(name);
      }
    }
    if (missing.size > 0) {
      throw new Error(
        `unresolved schema references: ${[...missing].join(", ")}`,
      );
    }
    this.#segments = routeSegments([this.tokenUrl, ...this.#urls.values()]);
    const initial = new Map<string, MockOverride>();
    for (const [name, override] of Object.entries(options.overrides ?? {})) {
      this.#checkOperation(name);
      checkOverride(name, override);
      initial.set(name, override);
    }
    this.#initialOverrides = initial;
    this.reset();
  }

  get calls(): readonly RecordedCall[] {
    const calls: RecordedCall[] = [];
    for (const slot of this.#calls) if (slot.call) calls.push(slot.call);
    return Object.freeze(calls);
  }

  get droppedCalls(): number {
    return this.#droppedCalls;
  }

  get tokenRequests(): number {
    return this.#tokenRequests;
  }

  reset(): void {
    this.#calls = [];
    this.#droppedCalls = 0;
    this.#arrivals = new Map();
    this.#tokenRequests = 0;
    this.#window = [];
    this.#overrides = new Map(
      [...this.#initialOverrides].map(([name, override]) => [
        name,
        { override, faulted: 0 },
      ]),
    );
  }

  setOverride(operation: string, override: MockOverride | undefined): void {
    this.#checkOperation(operation);
    if (override === undefined) {
      this.#overrides.delete(operation);
      return;
    }
    checkOverride(operation, override);
    this.#overrides.set(operation, { override, faulted: 0 });
  }

  revokeTokens(): void {
    this.#tokens.clear();
  }

  urlFor(operation: string): string {
    this.#checkOperation(operation);
    return this.#urls.get(operation) as string;
  }

  async handle(request: Request): Promise<MockOutcome> {
    try {
      return await this.#dispatch(request);
    } catch (error) {
      // A bug in the mock itself, or a body stream that failed: say so,
      // never hang.
      return {
        kind: "response",
        response: this.#errorResponse("mock_error", failureMessage(error)),
        delayMs: 0,
      };
    }
  }

  #checkOperation(name: string): void {
    if (!this.#urls.has(name)) {
      throw new Error(
        `unknown operation "${name}"; known: ${[...this.#urls.keys()].join(", ")}`,
      );
    }
  }

  #errorResponse(
    code: Exclude<MockErrorCode, "injected_fault">,
    message: string,
    extra: {
      operation?: string;
      details?: JsonValue;
      headers?: Record<string, string>;
    } = {},
  ): Response {
    const status = this.#statuses[code];
    const error: MockError = {
      code,
      status,
      message,
      ...(extra.operation !== undefined ? { operation: extra.operation } : {}),
      ...(extra.details !== undefined ? { details: extra.details } : {}),
    };
    try {
      return jsonResponse(status, this.#errorBody(error), extra.headers);
    } catch (failure) {
      // The caller's errorBody failed (or built what JSON cannot write):
      // answer mock_error with the default body, which cannot fail.
      const failed = this.#statuses.mock_error;
      return jsonResponse(
        failed,
        defaultErrorBody({
          code: "mock_error",
          status: failed,
          message: failureMessage(failure),
        }),
      );
    }
  }

  /** A JSON answer, or mock_error when JSON cannot write `body`. */
  #jsonOrFailure(
    status: number,
    body: JsonValue | undefined,
    headers: Record<string, string>,
    operation: string,
  ): Response {
    try {
      return jsonResponse(status, body, headers);
    } catch (failure) {
      return this.#errorResponse("mock_error", failureMessage(failure), {
        operation,
      });
    }
  }

  async #dispatch(request: Request): Promise<MockOutcome> {
    const url = new URL(request.url);
    const key = routeKey(url);
    if (key === this.#tokenKey) {
      return {
        kind: "response",
        response: await this.#token(request),
        delayMs: this.#latencyMs,
      };
    }
    const op = this.#routes.get(key);
    if (op === undefined) {
      // Never the caller's path: it may carry a credential. Under a route
      // (`/send_txns/<token>`, `/oauth2/token/<secret>`) or holding one of
      // the mock's secrets, it is refused as a credential in the query is.
      const carried = this.#credentialInPath(url, key);
      const response =
        carried === "client"
          ? oauthError(400, "invalid_request", CLIENT_CREDENTIALS_IN_URL)
          : carried === "token"
            ? this.#errorResponse("invalid_request", ACCESS_TOKEN_IN_URL)
            : this.#errorResponse(
                "not_found",
                `No mocked operation at ${maskPath(url.pathname, this.#segments)}; ${this.#servedPaths()}`,
              );
      return { kind: "response", response, delayMs: this.#latencyMs };
    }
    return this.#operation(op, url, request);
  }

  /**
   * Whether an unrouted URL's path carries a credential: it goes on past
   * the token endpoint (client credentials) or an operation (a token), or
   * holds the client secret or an issued token anywhere.
   */
  #credentialInPath(url: URL, key: string): "client" | "token" | undefined {
    for (
      let end = key.lastIndexOf("/");
      end > url.origin.length;
      end = key.lastIndexOf("/", end - 1)
    ) {
      // A trailing slash alone (`/send_txns/`) carries nothing.
      if (/^\/*$/.test(key.slice(end))) continue;
      const prefix = key.slice(0, end);
      if (prefix === this.#tokenKey) return "client";
      if (this.#routes.has(prefix)) return "token";
    }
    let path = url.pathname;
    try {
      path = decodeURIComponent(path);
    } catch {
      // Not UTF-8 once decoded: compared as sent.
    }
    const holds = (secret: string): boolean =>
      secret !== "" && (path.includes(secret) || url.pathname.includes(secret));
    if (holds(this.#secret)) return "client";
    for (const token of this.#tokens.keys()) if (holds(token)) return "token";
    return undefined;
  }

  /** The paths this mock serves, for a 404: the caller learns where to call. */
  #servedPaths(): string {
    const paths = [...this.#urls.values()].map((url) => new URL(url).pathname);
    const listed = paths.slice(0, LISTED_PATHS).join(", ");
    const more =
      paths.length > LISTED_PATHS
        ? ` and ${paths.length - LISTED_PATHS} more`
        : "";
    return `operations (POST): ${listed}${more}; token: POST ${new URL(this.tokenUrl).pathname}`;
  }

  // ---- token endpoint ----------------------------------------------------

  async #token(request: Request): Promise<Response> {
    this.#tokenRequests++;

    if (request.method !== "POST") {
      return this.#errorResponse("method_not_allowed", "Use POST", {
        headers: { allow: "POST" },
      });
    }
    if (new URL(request.url).searchParams.has("client_secret")) {
      return oauthError(400, "invalid_request", CLIENT_CREDENTIALS_IN_URL);
    }
    if (mediaType(request.headers.get("content-type")) !== FORM_TYPE) {
      return oauthError(
        400,
        "invalid_request",
        `Content-Type must be ${FORM_TYPE}`,
      );
    }
    const bytes = await readLimited(request, this.#maxBodyBytes);
    if (bytes === undefined) {
      return this.#errorResponse(
        "payload_too_large",
        `Request body exceeds ${this.#maxBodyBytes} bytes`,
      );
    }
    const text = decodeUtf8(bytes);
    if (text === undefined) {
      return oauthError(400, "invalid_request", "Body is not UTF-8");
    }
    const form = new URLSearchParams(text);
    for (const name of ["grant_type", "client_id", "client_secret", "scope"]) {
      if (form.getAll(name).length > 1) {
        return oauthError(400, "invalid_request", `Parameter ${name} repeated`);
      }
    }

    const basic = parseBasic(request.headers.get("authorization"));
    const formId = form.get("client_id");
    const formSecret = form.get("client_secret");
    // RFC 6749 §2.3: one credential per request; a bearer token beside
    // the form's secret is a second.
    if (basic.kind !== "none" && formSecret !== null) {
      return oauthError(
        400,
        "invalid_request",
        "Use one client authentication method, not both",
      );
    }
    const viaBasic = basic.kind !== "none";
    const challenge: Record<string, string> = viaBasic
      ? { "www-authenticate": `Basic realm="${REALM}"` }
      : {};
    const credentials =
      basic.kind === "ok"
        ? basic
        : basic.kind === "none" && formId !== null && formSecret !== null
          ? { id: formId, secret: formSecret }
          : undefined;
    if (credentials === undefined) {
      return oauthError(
        401,
        "invalid_client",
        basic.kind === "malformed"
          ? "Malformed Basic credentials"
          : basic.kind === "other"
            ? "Authenticate the client with HTTP Basic or form fields"
            : "Client authentication required",
        challenge,
      );
    }
    const idMatches =
      sameText(credentials.id, this.options.clientId) &&
      (formId === null || sameText(formId, this.options.clientId));
    if (!idMatches || !sameText(credentials.secret, this.#secret)) {
      return oauthError(
        401,
        "invalid_client",
        "Client authentication failed",
        challenge,
      );
    }

    const grant = form.get("grant_type");
    if (grant === null) {
      return oauthError(400, "invalid_request", "grant_type is required");
    }
    if (grant !== "client_credentials") {
      return oauthError(
        400,
        "unsupported_grant_type",
        "Only client_credentials is supported",
      );
    }

    const token = newToken();
    this.#tokens.set(token, this.#now() + this.#tokenLifetimeMs);
    return jsonResponse(
      200,
      {
        access_token: token,
        token_type: "Bearer",
        expires_in: this.#tokenLifetimeMs / 1000,
      },
      { "cache-control": "no-store", pragma: "no-cache" },
    );
  }

  // ---- operations ----------------------------------------------------------

  /** `undefined` when the bearer token is valid, else the 401 reason. */
  #checkBearer(
    header: string | null,
  ): { message: string; challenge: string } | undefined {
    const m =
      header === null ? null : /^bearer\s+(\S+)\s*$/i.exec(header.trim());
    const token = m?.[1];
    if (token === undefined) {
      return {
        message: "Bearer access token required",
        challenge: `Bearer realm="${REALM}"`,
      };
    }
    const expiresAt = this.#tokens.get(token);
    if (expiresAt === undefined || this.#now() >= expiresAt) {
      if (expiresAt !== undefined) this.#tokens.delete(token);
      return {
        message: "Access token is invalid or expired",
        challenge: `Bearer realm="${REALM}", error="invalid_token"`,
      };
    }
    return undefined;
  }

  /** Takes a slot in the sliding window; returns seconds to wait if full. */
  #takeRateSlot(now: number): number | undefined {
    const rate = this.#rate;
    if (rate === undefined) return undefined;
    const window = this.#window;
    while (
      window.length > 0 &&
      (window[0] as number) <= now - rate.intervalMs
    ) {
      window.shift();
    }
    if (window.length >= rate.limit) {
      const oldest = window[0] ?? now;
      return Math.max(1, Math.ceil((oldest + rate.intervalMs - now) / 1000));
    }
    window.push(now);
    return undefined;
  }

  async #operation(
    op: MockOperation,
    url: URL,
    request: Request,
  ): Promise<MockOutcome> {
    const at = this.#now();
    const path = url.pathname;
    const state = this.#overrides.get(op.name);
    const override = state?.override;
    const delayMs = override?.latencyMs ?? this.#latencyMs;
    // Taken before the first await, so concurrent calls keep arrival order.
    const callIndex = this.#arrivals.get(op.name) ?? 0;
    this.#arrivals.set(op.name, callIndex + 1);
    const slot: { call?: RecordedCall } = {};
    this.#calls.push(slot);
    const excess = this.#calls.length - this.#maxRecordedCalls;
    if (excess > 0) {
      this.#calls.splice(0, excess);
      this.#droppedCalls += excess;
    }
    let body: JsonValue | undefined;

    const record = (
      outcome: RecordedCall["outcome"],
      status: number | undefined,
      applied: boolean,
    ): void => {
      slot.call = Object.freeze({
        operation: op.name,
        path,
        body,
        status,
        outcome,
        applied,
        at,
      });
    };
    const answer = (
      response: Response,
      applied = response.status >= 200 && response.status < 300,
    ): MockOutcome => {
      record("answered", response.status, applied);
      return { kind: "response", response, delayMs };
    };
    const refuse = (
      code: Exclude<MockErrorCode, "injected_fault">,
      message: string,
      details?: JsonValue,
      headers?: Record<string, string>,
    ): MockOutcome =>
      answer(
        this.#errorResponse(code, message, {
          operation: op.name,
          ...(details !== undefined ? { details } : {}),
          ...(headers !== undefined ? { headers } : {}),
        }),
      );

    if (request.method !== "POST") {
      return refuse(
        "method_not_allowed",
        `${op.name} accepts POST only`,
        undefined,
        {
          allow: "POST",
        },
      );
    }
    // §3.1 of RFC 6750 also refuses a request that sends its token more
    // than one way.
    if (url.searchParams.has("access_token")) {
      return refuse("invalid_request", ACCESS_TOKEN_IN_URL);
    }
    const denied = this.#checkBearer(request.headers.get("authorization"));
    if (denied !== undefined) {
      return refuse("unauthorized", denied.message, undefined, {
        "www-authenticate": denied.challenge,
      });
    }
    const retryAfter = this.#takeRateSlot(at);
    if (retryAfter !== undefined) {
      const rate = this.#rate as { limit: number; intervalMs: number };
      return refuse(
        "rate_limited",
        `Rate limit of ${rate.limit} calls per ${rate.intervalMs} ms exceeded; retry after ${retryAfter} s`,
        undefined,
        { "retry-after": String(retryAfter) },
      );
    }
    if (!JSON_TYPE.test(mediaType(request.headers.get("content-type")) ?? "")) {
      return refuse(
        "unsupported_media_type",
        "Content-Type must be application/json",
      );
    }
    const bytes = await readLimited(request, this.#maxBodyBytes);
    if (bytes === undefined) {
      return refuse(
        "payload_too_large",
        `Request body exceeds ${this.#maxBodyBytes} bytes`,
      );
    }
    const text = decodeUtf8(bytes);
    try {
      if (text === undefined) throw new SyntaxError("not UTF-8");
      body = JSON.parse(text) as JsonValue;
    } catch {
      // The parser's message quotes the body; do not echo it.
      return refuse("invalid_json", "Request body is not valid JSON");
    }
    if (op.request !== undefined) {
      const violations: SchemaViolation[] = validateValue(
        body,
        op.request,
        this.#lookup,
      );
      if (violations.length > 0) {
        // Listed up to a bound: a hostile body can break its schema a
        // million times over, each at a path as long as the body is deep.
        const listed: SchemaViolation[] = [];
        let chars = 0;
        for (const violation of violations) {
          chars += violation.path.length;
          if (
            listed.length === MAX_LISTED_VIOLATIONS ||
            (listed.length > 0 && chars > MAX_LISTED_PATH_CHARS)
          ) {
            break;
          }
          listed.push(violation);
        }
        const more =
          violations.length > listed.length
            ? `; the first ${listed.length} are listed`
            : "";
        return refuse(
          "validation_failed",
          `Request body has ${violations.length} schema violation(s)${more}`,
          listed.map((v) => ({ ...v })),
        );
      }
    }

    // Faults model what happens to a call the service accepted.
    const fault = override?.fault;
    if (
      fault !== undefined &&
      state !== undefined &&
      state.faulted < (override?.faultTimes ?? Infinity)
    ) {
      state.faulted++;
      switch (fault.kind) {
        case "timeout":
          record("timed-out", undefined, false);
          return { kind: "hang" };
        case "drop":
          record("dropped", undefined, false);
          return { kind: "drop", applied: false, delayMs };
        case "applied-then-drop":
          record("applied-then-dropped", undefined, true);
          return { kind: "drop", applied: true, delayMs };
        case "status": {
          const headers: Record<string, string> =
            fault.retryAfterSeconds !== undefined
              ? {
                  "retry-after": String(
                    Math.max(0, Math.ceil(fault.retryAfterSeconds)),
                  ),
                }
              : {};
          let faultBody: JsonValue;
          try {
            faultBody =
              fault.body !== undefined
                ? fault.body
                : this.#errorBody({
                    code: "injected_fault",
                    status: fault.status,
                    message: `Injected fault: status ${fault.status}`,
                    operation: op.name,
                  });
          } catch (error) {
            return refuse("mock_error", failureMessage(error));
          }
          let response: Response;
          try {
            response = jsonResponse(fault.status, faultBody, headers);
          } catch (failure) {
            // A body JSON cannot write is the mock's failure, never applied.
            return refuse("mock_error", failureMessage(failure));
          }
          return answer(response, fault.applied);
        }
      }
    }

    const status = override?.status ?? 200;
    let responseBody: JsonValue;
    try {
      if (override?.resolver !== undefined) {
        // The resolver gets its own copy; the recorded body stays as received.
        responseBody = await override.resolver({
          operation: op.name,
          body: JSON.parse(text as string) as JsonValue,
          callIndex,
        });
      } else if (override?.response !== undefined) {
        responseBody = override.response;
      } else if (op.response !== undefined) {
        responseBody = sampleValue(
          op.response,
          this.#lookup,
          seedFor(op.name, body),
        );
      } else {
        // Not shown by the bank: an open object, deterministic.
        responseBody = { operation: op.name, mock: true };
      }
    } catch (error) {
      return refuse("mock_error", failureMessage(error));
    }
    return answer(this.#jsonOrFailure(status, responseBody, {}, op.name));
  }
}
