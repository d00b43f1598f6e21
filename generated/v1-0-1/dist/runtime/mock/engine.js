// Copied by remitgen from its runtime (src/runtime/mock/engine.ts). DO NOT EDIT.

import { longestTimer } from "../limiter.js";
import {
  DEFAULT_ERROR_STATUSES,
  defaultErrorBody,
  failureMessage,
  refusals,
} from "./answers.js";
import { handleCall, RateWindow } from "./calls.js";
import { Credentials } from "./credentials.js";
import { Routes } from "./dispatch.js";
import { Overrides } from "./faults.js";
import { Recorder } from "./recording.js";
import { Tokens } from "./tokens.js";
import { findUnresolvedRefs, schemaLookup } from "./validate.js";
export { DEFAULT_ERROR_STATUSES, defaultErrorBody } from "./answers.js";
export { MAX_LISTED_VIOLATIONS } from "./calls.js";
export { HIDDEN_SEGMENT, maskPath, routeSegments } from "./dispatch.js";
/** Default base URL of the mocked authorization API (token endpoint). */
export const DEFAULT_AUTH_URL = "https://auth.mock";
/** Default OAuth2 client id the mock accepts. */
export const DEFAULT_CLIENT_ID = "mock-client-id";
/** Default OAuth2 client secret the mock accepts. */
export const DEFAULT_CLIENT_SECRET = "mock-client-secret";
/** Default API key the mock accepts (scheme `api-key`). */
export const DEFAULT_API_KEY = "mock-api-key";
/** Default user name the mock accepts (scheme `basic`). */
export const DEFAULT_USERNAME = "mock-user";
/** Default password the mock accepts (scheme `basic`). */
export const DEFAULT_PASSWORD = "mock-password";
/** Default static token the mock accepts (scheme `bearer`). */
export const DEFAULT_BEARER_TOKEN = "mock-bearer-token";
/** Default lifetime of issued access tokens, in seconds. */
export const DEFAULT_TOKEN_LIFETIME_SECONDS = 3600;
/** Default request body limit: 1 MiB. */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;
/**
 * Default number of calls the engine keeps (the newest): a mock under load
 * kept every call, and grew by 150 MB in five 8-second runs.
 */
export const DEFAULT_MAX_RECORDED_CALLS = 1000;
/**
 * Creates a mock engine for `api`.
 *
 * Per operation call, in this order: route by method and path template
 * (404/405), a credential in the URL (400, never accepted: logs keep
 * URLs), the scheme's credentials unless the operation takes none (401),
 * rate limit (429 with `Retry-After`), path, query and header parameters
 * (400 `invalid_parameter`, naming each), then the body: none for an
 * operation that takes none (400), else JSON content type (415), body
 * size (413), JSON syntax (400), request schema (400 counting every
 * violation and listing the first {@link MAX_LISTED_VIOLATIONS}, fewer
 * where their paths are long); then the injected fault, else the answer,
 * with the stated success status: the override's resolver or response,
 * else the response schema's example, else deterministic sample data
 * seeded by operation name, parameters and canonical request body, else
 * (response not shown) `{ "operation": name, "mock": true }`, and no body
 * where the spec states none.
 *
 * Credentials by the API's scheme: an API key in its header or query
 * parameter, HTTP Basic (RFC 7617), a static bearer token (RFC 6750), or
 * for OAuth2 a token the mock issued. Its token endpoint
 * (`POST authUrl + tokenPath`) implements the OAuth2
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
/**
 * A number option from 0 to `max` (NaN and Infinity refused), or
 * `fallback` when not given.
 */
function inRange(value, what, max, fallback) {
  if (value === undefined) return fallback;
  if (!(typeof value === "number" && value >= 0 && value <= max)) {
    throw new Error(`${what} must be a number from 0 to ${max}, got ${value}`);
  }
  return value;
}
function checkOverride(name, override) {
  const what = `override "${name}"`;
  if (override.status !== undefined) {
    checkStatus(override.status, `${what} status`);
  }
  if (override.fault?.kind === "status") {
    checkStatus(override.fault.status, `${what} fault status`);
    inRange(
      override.fault.retryAfterSeconds,
      `${what} fault retryAfterSeconds`,
      longestTimer / 1000,
      0,
    );
  }
  inRange(override.latencyMs, `${what} latencyMs`, longestTimer, 0);
  if (
    override.faultTimes !== undefined &&
    !(override.faultTimes >= 0) // also rejects NaN
  ) {
    throw new Error(`${what} faultTimes must be >= 0`);
  }
}
/**
 * The rate limit in force: the plan's unless the options replace it or
 * switch it off; none without a plan.
 */
function rateWindow(api, options) {
  if (options.rateLimit === false) return undefined;
  const rate = options.rateLimit ?? api.plan;
  if (rate === undefined) return undefined;
  if (!(rate.limit >= 0 && rate.intervalMs > 0)) {
    throw new Error("rate limit needs limit >= 0 and intervalMs > 0");
  }
  return new RateWindow(rate);
}
/** The conventions in force: the options' over the defaults, their statuses checked. */
function conventions(options) {
  const statuses = {
    ...DEFAULT_ERROR_STATUSES,
    ...options.conventions?.statuses,
  };
  for (const [code, status] of Object.entries(statuses)) {
    checkStatus(status, `conventions.statuses.${code}`);
  }
  return {
    errorBody: options.conventions?.errorBody ?? defaultErrorBody,
    statuses,
  };
}
/** Fails at start-up, not at the first request, for a `ref` nothing resolves. */
function checkRefs(api, lookup) {
  const missing = new Set();
  const schemas = [
    ...api.schemas.map(({ schema }) => schema),
    ...api.operations.flatMap((op) => [
      op.request,
      op.response,
      ...(op.parameters ?? []).map((parameter) => parameter.schema),
      ...(op.errors ?? []).map((error) => error.body),
    ]),
  ];
  for (const schema of schemas) {
    if (schema === undefined || schema === false) continue;
    for (const name of findUnresolvedRefs(schema, lookup)) missing.add(name);
  }
  if (missing.size > 0) {
    throw new Error(`unresolved schema references: ${[...missing].join(", ")}`);
  }
}
/** The parts, put together: routes, credentials, overrides, recorder. */
class Engine {
  options;
  tokenUrl;
  #routes;
  #recorder;
  #overrides;
  #call;
  constructor(api, options) {
    const baseUrl = normalizeBase(options.baseUrl ?? api.baseUrl, "baseUrl");
    const authUrl = normalizeBase(
      options.authUrl ?? DEFAULT_AUTH_URL,
      "authUrl",
    );
    this.options = Object.freeze({
      baseUrl,
      authUrl,
      clientId: options.clientId ?? DEFAULT_CLIENT_ID,
      username: options.username ?? DEFAULT_USERNAME,
    });
    const lifetime =
      options.tokenLifetimeSeconds ?? DEFAULT_TOKEN_LIFETIME_SECONDS;
    // Finite: expires_in is a JSON number, and Infinity would be null.
    if (!(lifetime > 0 && lifetime <= longestTimer / 1000)) {
      throw new Error(
        `tokenLifetimeSeconds must be above 0 and at most ${longestTimer / 1000}, got ${lifetime}`,
      );
    }
    const rate = rateWindow(api, options);
    // Node fires a longer timer at once, and msw's delay() throws on it.
    const latencyMs = inRange(options.latencyMs, "latencyMs", longestTimer, 0);
    // NaN would lift the limit: every size compares false against it.
    const maxBodyBytes = inRange(
      options.maxBodyBytes,
      "maxBodyBytes",
      Number.MAX_SAFE_INTEGER,
      DEFAULT_MAX_BODY_BYTES,
    );
    const maxRecordedCalls = inRange(
      options.maxRecordedCalls,
      "maxRecordedCalls",
      Number.MAX_SAFE_INTEGER,
      DEFAULT_MAX_RECORDED_CALLS,
    );
    const { errorBody, statuses } = conventions(options);
    const refuse = refusals(errorBody, statuses);
    const now = options.now ?? Date.now;
    const routes = new Routes(api, baseUrl, authUrl);
    this.#routes = routes;
    this.tokenUrl = routes.tokenUrl;
    const lookup = schemaLookup(api.schemas);
    checkRefs(api, lookup);
    const initial = new Map();
    for (const [name, override] of Object.entries(options.overrides ?? {})) {
      routes.urlFor(name);
      checkOverride(name, override);
      initial.set(name, override);
    }
    this.#overrides = new Overrides(initial);
    this.#recorder = new Recorder(Math.floor(maxRecordedCalls));
    const tokens =
      api.auth.scheme === "oauth2-client-credentials"
        ? new Tokens({
            clientId: this.options.clientId,
            clientSecret: options.clientSecret ?? DEFAULT_CLIENT_SECRET,
            lifetimeMs: lifetime * 1000,
            maxBodyBytes,
            now,
            refuse,
          })
        : undefined;
    const credentials = new Credentials(
      api.auth,
      {
        apiKey: options.apiKey ?? DEFAULT_API_KEY,
        username: this.options.username,
        password: options.password ?? DEFAULT_PASSWORD,
        bearerToken: options.token ?? DEFAULT_BEARER_TOKEN,
      },
      tokens,
    );
    this.#call = {
      lookup,
      credentials,
      rate,
      recorder: this.#recorder,
      overrides: this.#overrides,
      refuse,
      errorBody,
      latencyMs,
      maxBodyBytes,
      now,
      maskPath: (path) => routes.maskPath(path),
    };
  }
  get calls() {
    return this.#recorder.calls;
  }
  get droppedCalls() {
    return this.#recorder.droppedCalls;
  }
  get tokenRequests() {
    return this.#recorder.tokenRequests;
  }
  reset() {
    this.#recorder.reset();
    this.#call.rate?.reset();
    this.#overrides.reset();
  }
  setOverride(operation, override) {
    this.#routes.urlFor(operation);
    if (override !== undefined) checkOverride(operation, override);
    this.#overrides.set(operation, override);
  }
  revokeTokens() {
    this.#call.credentials.tokens?.revokeAll();
  }
  urlFor(operation, parameters) {
    return this.#routes.urlFor(operation, parameters);
  }
  async handle(request) {
    const { latencyMs, credentials, refuse } = this.#call;
    const answer = (response) => ({
      kind: "response",
      response,
      delayMs: latencyMs,
    });
    try {
      const url = new URL(request.url);
      const route = this.#routes.route(url, request.method);
      switch (route.kind) {
        case "token":
          this.#recorder.countTokenRequest();
          return answer(await credentials.tokens.grant(request));
        case "none":
          return answer(this.#routes.unrouted(url, credentials, refuse));
        case "method":
          return answer(this.#routes.wrongMethod(url, route.allow, refuse));
        case "operation":
          return await handleCall(route, url, request, this.#call);
      }
    } catch (error) {
      // A bug in the mock itself, or a body stream that failed: say so,
      // never hang.
      const response = refuse("mock_error", failureMessage(error));
      return { kind: "response", response, delayMs: 0 };
    }
  }
}
