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
import { abortable, type Clock } from "./limiter.js";
import { redactText } from "./redact.js";
import type { ClientStore, StoredToken } from "./store.js";
import { DEFAULT_TOKEN_REFRESH_MARGIN_MS } from "./defaults.js";

/**
 * Returns an access token (or another secret: see {@link Credentials}).
 * Pass `stale` (the token the server just answered
 * 401 to) to force a fresh one; if another caller already replaced it, the
 * replacement is returned without a new request. With a `signal` already
 * aborted and no usable token cached, it throws the signal's reason at once
 * (synchronously) and starts no request.
 */
export type TokenSource = (
  stale?: string,
  signal?: AbortSignal,
) => string | Promise<string>;

/**
 * What {@link createTokenSource} reads of a client's options: its
 * credentials, and the `store` where the token and the lock of its request
 * are kept, so that clients sharing the store share one token and one
 * request for it (without one, the source keeps its token itself: one
 * source needs no lock against itself, its callers already share one
 * request).
 */
export type TokenSourceOptions = Omit<ClientCredentials, "getAccessToken"> & {
  store?: ClientStore | undefined;
};

/**
 * HTTP Basic credentials for the token endpoint, RFC 6749 §2.3.1: id and
 * secret are each `application/x-www-form-urlencoded` first, then joined
 * with `:` and base64-encoded.
 *
 * @param clientId - OAuth client id.
 * @param clientSecret - OAuth client secret.
 * @returns The `Authorization` header value, `Basic …`.
 */
export function basicCredentials(
  clientId: string,
  clientSecret: string,
): string {
  return "Basic " + btoa(formEncode(clientId) + ":" + formEncode(clientSecret));
}

/** `application/x-www-form-urlencoded` encoding of one value (spaces as `+`). */
function formEncode(value: string): string {
  return new URLSearchParams({ v: value }).toString().slice(2);
}

/**
 * Checks that a token can be sent as `Bearer <token>` (visible ASCII, no
 * spaces) and returns it; throws {@link AuthError} (without the token) if not.
 *
 * @param token - Candidate access token.
 */
export function checkToken(token: unknown): string {
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
export function createTokenSource(
  options: TokenSourceOptions,
  tokenPath: string,
  context: AuthContext,
): TokenSource {
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
  let token: string | undefined;
  let refreshAt = 0;
  let expiresAt = 0;
  let pending: Promise<string> | undefined;

  // Servers sometimes echo what they were sent (the secret, the Basic
  // header); never pass any form of it on.
  const secrets = [
    authorization.slice(6),
    formEncode(clientSecret),
    clientSecret,
  ];
  const scrub = (value: unknown): string | undefined =>
    typeof value === "string"
      ? redactText(value, secrets).slice(0, 500)
      : undefined;

  /** Asks the token endpoint for a token. */
  const request = async (): Promise<StoredToken> => {
    const started = clock.now();
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    let response: Response;
    let text: string;
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
    let data: Record<string, unknown> = {};
    try {
      data = Object(JSON.parse(text)) as Record<string, unknown>;
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
  const marginOf = (kept: StoredToken): number =>
    Math.min(refreshMarginMs, kept.lifetimeMs / 2);

  /** Takes `kept` as this source's token. */
  const adopt = (kept: StoredToken): string => {
    expiresAt = clock.now() + kept.validMs;
    refreshAt = expiresAt - marginOf(kept);
    return (token = kept.token);
  };

  /**
   * A token from the store (see {@link ClientStore.sharing}), or alone,
   * the source's own (dropped when refused) from the token endpoint.
   */
  const obtain = async (stale: string | undefined): Promise<string> =>
    adopt(
      store
        ? await store.sharing.token(
            { store, key: storeKey, request, marginOf, timeoutMs, clock },
            stale,
          )
        : await request(),
    );
  const refresh = (stale?: string): Promise<string> =>
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

/** What an auth scheme is given to build a client's {@link Credentials}. */
export interface AuthContext {
  /** The client's fetch, time-out and clock. */
  readonly fetch: typeof fetch;
  readonly timeoutMs: number;
  readonly clock: Clock;
  /** Checks a URL option as `baseUrl` is checked and returns it without trailing slashes. */
  readonly url: (name: string, value: unknown) => string;
}

/** Where an API key goes: the header or query parameter the API names. */
export interface ApiKeyPlace {
  readonly in: "header" | "query";
  /** e.g. `X-API-Key` or `api_key`. */
  readonly name: string;
}

/**
 * A client's credentials, as its scheme sends them: the transport asks for
 * the secret before each request and has `apply` put it on the request.
 */
export interface Credentials {
  readonly secret: TokenSource;
  /**
   * Puts the secret on a request: sets its header (in `headers`, lower
   * case) or returns `url` with it in the query.
   */
  readonly apply: (
    secret: string,
    headers: Record<string, string>,
    url: string,
  ) => string;
  /**
   * Whether the secret expires: a 401 is then answered by one resend with
   * a new one. A fixed secret's 401 is final.
   */
  readonly renews: boolean;
  /**
   * Whether `secret` answers from a cache, at once when it can: it is then
   * asked again after a wait for a turn under the rate limit (the token
   * may have expired meanwhile). A provider is asked once per send.
   */
  readonly cached: boolean;
  /** Who the API counts the plan for (a client id, a user name), in a shared store's keys. */
  readonly account?: string;
  /** Other values to keep out of errors and hooks, e.g. a password. */
  readonly secrets?: readonly string[];
}

/** An auth scheme: builds a client's credentials from its options, checking them. */
export type Authentication<Options> = (
  options: Options,
  context: AuthContext,
) => Credentials;

/** `value` when it is a non-empty string, else a ConfigError naming the option. */
export function required(name: string, value: unknown): string {
  if (typeof value === "string" && value) return value;
  throw new ConfigError(`${name} is required`);
}

/** `apply` of a bearer token (RFC 6750). */
function bearer(
  secret: string,
  headers: Record<string, string>,
  url: string,
): string {
  headers["authorization"] = "Bearer " + secret;
  return url;
}

/** `apply` for a secret sent as the value of `header` after `prefix`. */
function inHeader(header: string, prefix = ""): Credentials["apply"] {
  return (secret, headers, url) => {
    headers[header] = prefix + secret;
    return url;
  };
}

/** A secret that never changes, after checking it is printable ASCII. */
function fixed(
  name: string,
  value: unknown,
  apply: Credentials["apply"],
  more: Pick<Credentials, "account" | "secrets"> = {},
): Credentials {
  const secret = required(name, value);
  // A line break would split the header; the rest could not be sent.
  if (!/^[!-~]+$/.test(secret))
    throw new ConfigError(`${name} is out of range`);
  return { ...more, secret: () => secret, apply, renews: false, cached: true };
}

/** Tokens from the caller's own `getAccessToken`, sent as bearer tokens. */
function provided(
  getAccessToken: AccessTokenProvider["getAccessToken"],
): Credentials {
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

/** The built-in OAuth 2.0 client credentials flow (RFC 6749 section 4.4). */
export interface ClientCredentials {
  /** Base URL of the authorization API; the token endpoint is below it. */
  authUrl: string;
  /** OAuth 2.0 client id. */
  clientId: string;
  /**
   * OAuth 2.0 client secret. Never logged, echoed or put in errors. Server
   * side only: in a browser anyone can read it; there, use
   * `getAccessToken` with tokens from your own server.
   */
  clientSecret: string;
  /** Space-separated OAuth scopes to request. */
  scope?: string | undefined;
  /**
   * Refresh a token this long before it expires, in ms, 0 or more (0: no
   * early refresh). Default 60000 ({@link DEFAULT_TOKEN_REFRESH_MARGIN_MS}),
   * at most half the token's lifetime. Calls meanwhile use the current
   * token, until it expires if the refresh fails.
   */
  tokenRefreshMarginMs?: number | undefined;
  getAccessToken?: undefined;
}

/** Tokens from elsewhere: no credentials needed. */
export interface AccessTokenProvider {
  /**
   * Called before each request, before its turn under the rate limit (a
   * token that expires while the call waits is answered 401 and asked for
   * again); `forceRefresh` is true after the server answered 401 to the
   * token it returned. Replaces the built-in client credentials flow, if
   * the API has one: `authUrl`, `clientId` and `clientSecret` are then not
   * used. Once the call's signal aborts, the call does not wait for it.
   */
  getAccessToken: (context: {
    forceRefresh: boolean;
    signal?: AbortSignal | undefined;
  }) => Promise<string>;
  authUrl?: string | undefined;
  clientId?: string | undefined;
  clientSecret?: string | undefined;
  scope?: string | undefined;
  tokenRefreshMarginMs?: number | undefined;
}

// A NaN or negative margin would silently turn the early refresh off;
// Infinity means half the token's lifetime, the most it is ever given.
function checkMargin(value: number): number {
  if (value >= 0) return value;
  throw new ConfigError("tokenRefreshMarginMs is out of range");
}

/** What a client of an OAuth 2.0 API takes: its client credentials, or tokens from elsewhere. */
export type OAuth2Options = (ClientCredentials | AccessTokenProvider) & {
  store?: ClientStore | undefined;
};

/**
 * OAuth 2.0 client credentials at `authUrl` + `tokenPath` (the package's
 * token endpoint), or the caller's `getAccessToken`, picked at run time;
 * the token is sent as a bearer token. Clients sharing a `store` share the
 * token too.
 *
 * @param tokenPath - The token endpoint's path below `authUrl`, e.g. `/oauth2/token`.
 */
export function oauth2ClientCredentials(
  tokenPath: string,
): Authentication<OAuth2Options> {
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
export const oauth2InBrowser: Authentication<OAuth2Options> = (options) => {
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

/** A bearer token (RFC 6750): fixed, or from your `getAccessToken`. */
export interface BearerToken {
  /** The token, sent as `Authorization: Bearer <token>`. Never logged, echoed or put in errors. */
  token: string;
  getAccessToken?: undefined;
}

/** A static bearer token (`token`), or tokens from the caller's `getAccessToken`. */
export const bearerToken: Authentication<BearerToken | AccessTokenProvider> = (
  options,
) =>
  options.getAccessToken
    ? provided(options.getAccessToken)
    : fixed("token", options.token, bearer);

/** An API key, sent where the API says: a header or a query parameter. */
export interface ApiKeyCredentials {
  /** The key. Never logged, echoed or put in errors (nor the URLs hooks see). */
  apiKey: string;
}

/**
 * The `apiKey` option, in the header or query parameter the package names.
 *
 * @param place - Where the API takes its key, e.g. the `X-API-Key` header.
 */
export function apiKey(place: ApiKeyPlace): Authentication<ApiKeyCredentials> {
  const { name } = place;
  const apply: Credentials["apply"] =
    place.in === "query"
      ? // The base URL has no query (checked): the key is its first member or not.
        (secret, _headers, url) =>
          `${url}${url.includes("?") ? "&" : "?"}${encodeURIComponent(name)}=${encodeURIComponent(secret)}`
      : inHeader(name.toLowerCase());
  return (options) => fixed("apiKey", options.apiKey, apply);
}

/** HTTP basic credentials (RFC 7617). */
export interface BasicCredentials {
  /** The user name; it may not hold a colon. */
  username: string;
  /** The password. Never logged, echoed or put in errors. */
  password: string;
}

/** `Authorization: Basic` with `username` and `password`, UTF-8 encoded. */
export const httpBasic: Authentication<BasicCredentials> = (options) => {
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
