// Copied by remitgen from its runtime (src/runtime/auth.ts). DO NOT EDIT.

/**
 * Credentials, one scheme per function: OAuth 2.0 client credentials
 * (RFC 6749 §4.4, with a shared token cache), a static or provided bearer
 * token (RFC 6750), an API key in a header or the query, and HTTP basic
 * (RFC 7617). A generated client passes its API's scheme to the transport,
 * so a bundler drops the others.
 *
 * @packageDocumentation
 */
import { AuthError, ConfigError } from "./errors.js";
import { abortable } from "./limiter.js";
import { redactText } from "./redact.js";
import { DEFAULT_TOKEN_REFRESH_MARGIN_MS } from "./defaults.js";
/**
 * HTTP Basic credentials for the token endpoint, RFC 6749 §2.3.1: id and
 * secret are each `application/x-www-form-urlencoded` first, then joined
 * with `:` and base64-encoded.
 *
 * @param clientId - OAuth client id.
 * @param clientSecret - OAuth client secret.
 * @returns The `Authorization` header value, `Basic …`.
 */
export function basicCredentials(clientId, clientSecret) {
  return "Basic " + btoa(formEncode(clientId) + ":" + formEncode(clientSecret));
}
/** `application/x-www-form-urlencoded` encoding of one value (spaces as `+`). */
function formEncode(value) {
  return new URLSearchParams({ v: value }).toString().slice(2);
}
/**
 * Checks that a token can be sent as `Bearer <token>` (visible ASCII, no
 * spaces) and returns it; throws {@link AuthError} (without the token) if not.
 *
 * @param token - Candidate access token.
 */
export function checkToken(token) {
  if (typeof token === "string" && /^[!-~]+$/.test(token)) return token;
  throw new AuthError("No valid bearer token received");
}
/**
 * Creates a cached client credentials token source. The token is kept until
 * `expires_in` minus the margin (no `expires_in`: until the server answers
 * 401). Inside the margin the token still serves while a new one is fetched
 * in the background, and keeps serving until it expires if that fails (an
 * authorization server's blip must not fail calls a valid token can make).
 * Concurrent callers share one in-flight token request.
 *
 * With a shared store, every client using it shares the token too: one
 * takes the store's lock and asks for a token, the others wait for it, and
 * a 401 drops the refused token from the store only if it is still the one
 * there, so one refresh serves them all (the store brings this:
 * `sharedToken` in store-sharing.ts). A store that fails is passed by: the
 * token is then fetched and kept by this client alone.
 *
 * Failures throw {@link AuthError} with the status and the server's OAuth
 * `error` / `error_description`, never the secret.
 *
 * @param options - The client's credentials and store.
 * @param tokenPath - The token endpoint's path below `authUrl`, e.g. `/oauth2/token`.
 * @param context - The client's fetch, time-out and clock.
 */
export function createTokenSource(options, tokenPath, context) {
  const { scope, store } = options;
  const clientId = required("clientId", options.clientId);
  const clientSecret = required("clientSecret", options.clientSecret);
  const refreshMarginMs = checkMargin(
    options.tokenRefreshMarginMs ?? DEFAULT_TOKEN_REFRESH_MARGIN_MS,
  );
  const tokenUrl = context.url("authUrl", options.authUrl) + tokenPath;
  const { clock, timeoutMs } = context;
  // Only clients of the same credentials share a token.
  const storeKey = `token ${clientId} ${tokenUrl} ${scope ?? ""}`;
  const authorization = basicCredentials(clientId, clientSecret);
  const body =
    "grant_type=client_credentials" +
    (scope ? "&scope=" + formEncode(scope) : "");
  let token;
  let refreshAt = 0;
  let expiresAt = 0;
  let pending;
  // Servers sometimes echo what they were sent (the secret, the Basic
  // header); never pass any form of it on.
  const secrets = [
    authorization.slice(6),
    formEncode(clientSecret),
    clientSecret,
  ];
  const scrub = (value) =>
    typeof value === "string"
      ? redactText(value, secrets).slice(0, 500)
      : undefined;
  /** Asks the token endpoint for a token. */
  const request = async () => {
    const started = clock.now();
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    let response;
    let text;
    try {
      response = await context.fetch(tokenUrl, {
        method: "POST",
        headers: {
          authorization,
          "content-type": "application/x-www-form-urlencoded",
          accept: "application/json",
        },
        body,
        // A redirect would carry the credentials on to another address.
        redirect: "manual",
        signal: controller.signal,
      });
      text = await response.text();
    } catch (error) {
      // The cause is fetch's own error: it carries no request headers.
      throw new AuthError(
        `Token request ${controller.signal.aborted ? "timed out" : "failed"}`,
        {},
        { cause: error },
      );
    } finally {
      clearTimeout(timer);
    }
    let data = {};
    try {
      data = Object(JSON.parse(text));
    } catch {
      // not JSON: reported by status below
    }
    const { status } = response;
    if (!response.ok) {
      const error = scrub(data["error"]);
      const errorDescription = scrub(data["error_description"]);
      throw new AuthError(
        `Token request failed with HTTP ${status}` +
          (error
            ? ` (${error}${errorDescription ? ": " + errorDescription : ""})`
            : ""),
        { status, error, errorDescription },
      );
    }
    const type = data["token_type"];
    // A token of another type cannot be sent as a bearer token.
    const value = checkToken(
      type === undefined || /^bearer$/i.test(String(type))
        ? data["access_token"]
        : 0,
    );
    const given = data["expires_in"];
    const lifetime =
      typeof given === "number" || (typeof given === "string" && given.trim())
        ? Number(given) * 1000
        : NaN;
    // Measured from before the request, so the cache never outlives the
    // token. No (or an unreadable) expires_in: kept until the server answers
    // 401; an expires_in of 0 or less: used by this call only.
    const validMs =
      lifetime > 0
        ? started + lifetime - clock.now()
        : lifetime <= 0
          ? 0
          : Infinity;
    return {
      token: value,
      validMs,
      lifetimeMs: lifetime > 0 ? lifetime : validMs,
    };
  };
  /** How long before its expiry a token is renewed. */
  const marginOf = (kept) => Math.min(refreshMarginMs, kept.lifetimeMs / 2);
  /** Takes `kept` as this source's token. */
  const adopt = (kept) => {
    expiresAt = clock.now() + kept.validMs;
    refreshAt = expiresAt - marginOf(kept);
    return (token = kept.token);
  };
  /**
   * A token from the store (see {@link ClientStore.sharing}), or alone,
   * the source's own (dropped when refused) from the token endpoint.
   */
  const obtain = async (stale) =>
    adopt(
      store
        ? await store.sharing.token(
            { store, key: storeKey, request, marginOf, timeoutMs, clock },
            stale,
          )
        : await request(),
    );
  const refresh = (stale) =>
    (pending ??= obtain(stale).finally(() => (pending = undefined)));
  return (stale, signal) => {
    // The token the server refused (both undefined: nothing to drop).
    const refused = stale !== undefined && stale === token;
    if (refused) token = undefined;
    const time = clock.now();
    // A token is never "" (checkToken): truthy means cached.
    if (token && time < expiresAt) {
      // Its failure is no caller's: the next call inside the margin tries again.
      if (time >= refreshAt) refresh().catch(() => {});
      return token;
    }
    // A caller that already gave up starts no request: nobody would wait
    // for it, and its failure would be left unhandled.
    signal?.throwIfAborted();
    // One caller's abort must not cancel the request others share.
    return abortable(refresh(refused ? stale : undefined), signal);
  };
}
/** `value` when it is a non-empty string, else a ConfigError naming the option. */
export function required(name, value) {
  if (typeof value === "string" && value) return value;
  throw new ConfigError(`${name} is required`);
}
/** `apply` of a bearer token (RFC 6750). */
function bearer(secret, headers, url) {
  headers["authorization"] = "Bearer " + secret;
  return url;
}
/** `apply` for a secret sent as the value of `header` after `prefix`. */
function inHeader(header, prefix = "") {
  return (secret, headers, url) => {
    headers[header] = prefix + secret;
    return url;
  };
}
/** A secret that never changes, after checking it is printable ASCII. */
function fixed(name, value, apply, more = {}) {
  const secret = required(name, value);
  // A line break would split the header; the rest could not be sent.
  if (!/^[!-~]+$/.test(secret))
    throw new ConfigError(`${name} is out of range`);
  return { ...more, secret: () => secret, apply, renews: false, cached: true };
}
/** Tokens from the caller's own `getAccessToken`, sent as bearer tokens. */
function provided(getAccessToken) {
  return {
    secret: (stale, signal) => {
      // As the built-in source: a caller that gave up asks for nothing,
      // and one that gives up meanwhile waits for no provider that
      // ignores the signal.
      signal?.throwIfAborted();
      return abortable(
        // Promise.resolve: a JavaScript caller may return a plain string.
        Promise.resolve(
          getAccessToken({ forceRefresh: stale !== undefined, signal }),
        ).then(checkToken),
        signal,
      );
    },
    apply: bearer,
    renews: true,
    cached: false,
  };
}
// A NaN or negative margin would silently turn the early refresh off;
// Infinity means half the token's lifetime, the most it is ever given.
function checkMargin(value) {
  if (value >= 0) return value;
  throw new ConfigError("tokenRefreshMarginMs is out of range");
}
/**
 * OAuth 2.0 client credentials at `authUrl` + `tokenPath` (the package's
 * token endpoint), or the caller's `getAccessToken`, picked at run time;
 * the token is sent as a bearer token. Clients sharing a `store` share the
 * token too.
 *
 * @param tokenPath - The token endpoint's path below `authUrl`, e.g. `/oauth2/token`.
 */
export function oauth2ClientCredentials(tokenPath) {
  return (options, context) =>
    options.getAccessToken
      ? provided(options.getAccessToken)
      : {
          // Checks the options first: the client id is then a string.
          secret: createTokenSource(options, tokenPath, context),
          apply: bearer,
          renews: true,
          cached: true,
          // The API counts a plan per client id.
          account: options.clientId,
        };
}
/**
 * OAuth 2.0 in a browser (a package's `browser` entry): tokens come from the
 * caller's `getAccessToken` only, so the client-credentials flow is not in
 * the bundle. A `clientSecret` is refused, even beside `getAccessToken`:
 * anyone who loads the page can read it.
 */
export const oauth2InBrowser = (options) => {
  if (options.clientSecret !== undefined)
    throw new ConfigError(
      "clientSecret is refused in a browser, where anyone who loads the page can read it: get tokens from your own server with getAccessToken (a bundler for browsers loads this package's browser entry, which has no client-credentials flow)",
    );
  if (!options.getAccessToken)
    throw new ConfigError(
      "getAccessToken is required in a browser: this package's browser entry has no client-credentials flow, as a client secret there could be read by anyone who loads the page",
    );
  return provided(options.getAccessToken);
};
/** A static bearer token (`token`), or tokens from the caller's `getAccessToken`. */
export const bearerToken = (options) =>
  options.getAccessToken
    ? provided(options.getAccessToken)
    : fixed("token", options.token, bearer);
/**
 * The `apiKey` option, in the header or query parameter the package names.
 *
 * @param place - Where the API takes its key, e.g. the `X-API-Key` header.
 */
export function apiKey(place) {
  const { name } = place;
  const apply =
    place.in === "query"
      ? // The base URL has no query (checked): the key is its first member or not.
        (secret, _headers, url) =>
          `${url}${url.includes("?") ? "&" : "?"}${encodeURIComponent(name)}=${encodeURIComponent(secret)}`
      : inHeader(name.toLowerCase());
  return (options) => fixed("apiKey", options.apiKey, apply);
}
/** `Authorization: Basic` with `username` and `password`, UTF-8 encoded. */
export const httpBasic = (options) => {
  const username = required("username", options.username);
  const password = required("password", options.password);
  if (username.includes(":")) throw new ConfigError("username is out of range");
  const pair = username + ":" + password;
  const bytes = new TextEncoder().encode(pair);
  return fixed(
    "password",
    btoa(String.fromCharCode(...bytes)),
    inHeader("authorization", "Basic "),
    { secrets: [password, pair], account: username },
  );
};
