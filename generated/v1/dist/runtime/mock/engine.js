// Copied by remitgen from its runtime (src/runtime/mock/engine.ts). DO NOT EDIT.

import { longestTimer } from "../limiter.js";
import { sampleValue, seedFor } from "./sample.js";
import { findUnresolvedRefs, schemaLookup, validateValue } from "./validate.js";
/** Default base URL of the mocked Remittance Transfer Service. */
export const DEFAULT_BASE_URL = "https://remittance.mock";
/** Default base URL of the mocked authorization API (token endpoint). */
export const DEFAULT_AUTH_URL = "https://auth.mock";
/** Default OAuth2 client id the mock accepts. */
export const DEFAULT_CLIENT_ID = "mock-client-id";
/** Default OAuth2 client secret the mock accepts. */
export const DEFAULT_CLIENT_SECRET = "mock-client-secret";
/** Default lifetime of issued access tokens, in seconds. */
export const DEFAULT_TOKEN_LIFETIME_SECONDS = 3600;
/** Default request body limit: 1 MiB. */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;
/**
 * Default number of calls the engine keeps (the newest): a mock under load
 * kept every call, and grew by 150 MB in five 8-second runs.
 */
export const DEFAULT_MAX_RECORDED_CALLS = 1000;
/** At most this many violations are listed in a `validation_failed` answer (all are counted). */
export const MAX_LISTED_VIOLATIONS = 100;
/**
 * Past the first, violations are listed while their paths total at most
 * this many characters: a path is as long as the body is deep, and 100 of
 * a deep body's made an answer 50 times the body's size.
 */
const MAX_LISTED_PATH_CHARS = 64 * 1024;
/** Default status for each refusal (a mock convention). */
export const DEFAULT_ERROR_STATUSES = Object.freeze({
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
export function defaultErrorBody(error) {
  const body = {
    code: error.code,
    message: error.message,
  };
  if (error.details !== undefined) body["details"] = error.details;
  return { error: body };
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
export function createMockEngine(api, options = {}) {
  return new Engine(api, options);
}
const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json$/;
const FORM_TYPE = "application/x-www-form-urlencoded";
const NULL_BODY_STATUSES = new Set([204, 205, 304]);
const REALM = "remitgen-mock";
function mediaType(header) {
  if (header === null) return undefined;
  return header.split(";")[0]?.trim().toLowerCase();
}
/**
 * origin + pathname: what routing compares. Query strings are ignored.
 * Percent-encodings are made canonical as RFC 3986 §6.2.2 says clients may
 * send them: `%c3` is `%C3`, and `%5F` is `_`.
 */
function routeKey(url) {
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
export function routeSegments(urls) {
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
export function maskPath(path, known) {
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
function oauthError(status, error, description, headers = {}) {
  return jsonResponse(
    status,
    { error, error_description: description },
    { "cache-control": "no-store", pragma: "no-cache", ...headers },
  );
}
/** How many served paths a 404 lists; more are counted. */
const LISTED_PATHS = 20;
function joinUrl(base, path) {
  const root = new URL(base);
  const prefix = root.pathname.replace(/\/+$/, "");
  return new URL(
    `${root.origin}${prefix}${path.startsWith("/") ? path : `/${path}`}`,
  );
}
function normalizeBase(base, what) {
  let url;
  try {
    url = new URL(base);
  } catch {
    throw new Error(`${what} is not an absolute URL: ${base}`);
  }
  return url.origin + url.pathname.replace(/\/+$/, "");
}
function checkStatus(status, what) {
  // The Fetch API's Response only accepts 200..599.
  if (!Number.isInteger(status) || status < 200 || status > 599) {
    throw new Error(
      `${what} must be an integer from 200 to 599, got ${status}`,
    );
  }
}
/** A number option from `min` to `max` (NaN and Infinity refused), when given. */
function checkRange(value, what, min, max) {
  if (
    value !== undefined &&
    !(typeof value === "number" && value >= min && value <= max)
  ) {
    throw new Error(
      `${what} must be a number from ${min} to ${max}, got ${value}`,
    );
  }
}
function checkOverride(name, override) {
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
function jsonResponse(status, body, headers = {}) {
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
async function readLimited(request, max) {
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
  const chunks = [];
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
function decodeUtf8(bytes) {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}
/** application/x-www-form-urlencoded decoding of one component. */
function formDecode(text) {
  try {
    return decodeURIComponent(text.replace(/\+/g, " "));
  } catch {
    return undefined;
  }
}
/** Parses `Authorization: Basic` as RFC 6749 §2.3.1 defines it. */
function parseBasic(header) {
  if (header === null) return { kind: "none" };
  const m = /^basic\s+(\S+)\s*$/i.exec(header.trim());
  if (m === null || m[1] === undefined) {
    return { kind: /^basic\b/i.test(header.trim()) ? "malformed" : "other" };
  }
  let binary;
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
function failureMessage(error) {
  let text;
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
function newToken() {
  const bytes = new Uint8Array(16);
  if (typeof crypto === "object") crypto.getRandomValues(bytes);
  else for (let i = 0; i < 16; i++) bytes[i] = Math.random() * 256;
  let token = "mock-token-";
  for (const byte of bytes) token += byte.toString(16).padStart(2, "0");
  return token;
}
/** Length-independent comparison, so the mock does not model a timing leak. */
function sameText(a, b) {
  let diff = a.length ^ b.length;
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    diff |= (a.charCodeAt(i) || 0) ^ (b.charCodeAt(i) || 0);
  }
  return diff === 0;
}
class Engine {
  options;
  tokenUrl;
  #lookup;
  #secret;
  #tokenLifetimeMs;
  #rate;
  #latencyMs;
  #maxBodyBytes;
  #maxRecordedCalls;
  #initialOverrides;
  #errorBody;
  #statuses;
  #now;
  #routes = new Map();
  #urls = new Map();
  #tokenKey;
  /** Segments of the served paths, for {@link maskPath}. */
  #segments;
  /**
   * Recorded calls in arrival order, at most #maxRecordedCalls. A slot is
   * taken when a call arrives and filled when it is answered (a slot
   * object, so dropping the oldest moves no call into another's place);
   * reset() replaces the array, so a call that was in flight then fills a
   * slot of the old one.
   */
  #calls = [];
  /** Calls dropped from #calls since reset, oldest first. */
  #droppedCalls = 0;
  /** Calls per operation since reset, counted on arrival. */
  #arrivals = new Map();
  #tokenRequests = 0;
  /** Issued token -> expiry (engine clock, ms). */
  #tokens = new Map();
  /** Arrival times of calls inside the sliding rate-limit window. */
  #window = [];
  #overrides = new Map();
  constructor(api, options) {
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
    const missing = new Set();
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
    const initial = new Map();
    for (const [name, override] of Object.entries(options.overrides ?? {})) {
      this.#checkOperation(name);
      checkOverride(name, override);
      initial.set(name, override);
    }
    this.#initialOverrides = initial;
    this.reset();
  }
  get calls() {
    const calls = [];
    for (const slot of this.#calls) if (slot.call) calls.push(slot.call);
    return Object.freeze(calls);
  }
  get droppedCalls() {
    return this.#droppedCalls;
  }
  get tokenRequests() {
    return this.#tokenRequests;
  }
  reset() {
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
  setOverride(operation, override) {
    this.#checkOperation(operation);
    if (override === undefined) {
      this.#overrides.delete(operation);
      return;
    }
    checkOverride(operation, override);
    this.#overrides.set(operation, { override, faulted: 0 });
  }
  revokeTokens() {
    this.#tokens.clear();
  }
  urlFor(operation) {
    this.#checkOperation(operation);
    return this.#urls.get(operation);
  }
  async handle(request) {
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
  #checkOperation(name) {
    if (!this.#urls.has(name)) {
      throw new Error(
        `unknown operation "${name}"; known: ${[...this.#urls.keys()].join(", ")}`,
      );
    }
  }
  #errorResponse(code, message, extra = {}) {
    const status = this.#statuses[code];
    const error = {
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
  #jsonOrFailure(status, body, headers, operation) {
    try {
      return jsonResponse(status, body, headers);
    } catch (failure) {
      return this.#errorResponse("mock_error", failureMessage(failure), {
        operation,
      });
    }
  }
  async #dispatch(request) {
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
  #credentialInPath(url, key) {
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
    const holds = (secret) =>
      secret !== "" && (path.includes(secret) || url.pathname.includes(secret));
    if (holds(this.#secret)) return "client";
    for (const token of this.#tokens.keys()) if (holds(token)) return "token";
    return undefined;
  }
  /** The paths this mock serves, for a 404: the caller learns where to call. */
  #servedPaths() {
    const paths = [...this.#urls.values()].map((url) => new URL(url).pathname);
    const listed = paths.slice(0, LISTED_PATHS).join(", ");
    const more =
      paths.length > LISTED_PATHS
        ? ` and ${paths.length - LISTED_PATHS} more`
        : "";
    return `operations (POST): ${listed}${more}; token: POST ${new URL(this.tokenUrl).pathname}`;
  }
  // ---- token endpoint ----------------------------------------------------
  async #token(request) {
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
    const challenge = viaBasic
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
  #checkBearer(header) {
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
  #takeRateSlot(now) {
    const rate = this.#rate;
    if (rate === undefined) return undefined;
    const window = this.#window;
    while (window.length > 0 && window[0] <= now - rate.intervalMs) {
      window.shift();
    }
    if (window.length >= rate.limit) {
      const oldest = window[0] ?? now;
      return Math.max(1, Math.ceil((oldest + rate.intervalMs - now) / 1000));
    }
    window.push(now);
    return undefined;
  }
  async #operation(op, url, request) {
    const at = this.#now();
    const path = url.pathname;
    const state = this.#overrides.get(op.name);
    const override = state?.override;
    const delayMs = override?.latencyMs ?? this.#latencyMs;
    // Taken before the first await, so concurrent calls keep arrival order.
    const callIndex = this.#arrivals.get(op.name) ?? 0;
    this.#arrivals.set(op.name, callIndex + 1);
    const slot = {};
    this.#calls.push(slot);
    const excess = this.#calls.length - this.#maxRecordedCalls;
    if (excess > 0) {
      this.#calls.splice(0, excess);
      this.#droppedCalls += excess;
    }
    let body;
    const record = (outcome, status, applied) => {
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
      response,
      applied = response.status >= 200 && response.status < 300,
    ) => {
      record("answered", response.status, applied);
      return { kind: "response", response, delayMs };
    };
    const refuse = (code, message, details, headers) =>
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
      const rate = this.#rate;
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
      body = JSON.parse(text);
    } catch {
      // The parser's message quotes the body; do not echo it.
      return refuse("invalid_json", "Request body is not valid JSON");
    }
    if (op.request !== undefined) {
      const violations = validateValue(body, op.request, this.#lookup);
      if (violations.length > 0) {
        // Listed up to a bound: a hostile body can break its schema a
        // million times over, each at a path as long as the body is deep.
        const listed = [];
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
          const headers =
            fault.retryAfterSeconds !== undefined
              ? {
                  "retry-after": String(
                    Math.max(0, Math.ceil(fault.retryAfterSeconds)),
                  ),
                }
              : {};
          let faultBody;
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
          let response;
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
    let responseBody;
    try {
      if (override?.resolver !== undefined) {
        // The resolver gets its own copy; the recorded body stays as received.
        responseBody = await override.resolver({
          operation: op.name,
          body: JSON.parse(text),
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
