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
import { abortable, systemClock, type Clock } from "./limiter.js";
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

/** Settings of {@link createTokenSource}. */
export interface TokenSourceOptions {
  /** Full token endpoint URL, e.g. `https://auth.example/oauth2/token`. */
  readonly tokenUrl: string;
  /** OAuth 2.0 client id. */
  readonly clientId: string;
  /** OAuth 2.0 client secret; never put in errors. */
  readonly clientSecret: string;
  /** Space-separated scopes to request, if any. */
  readonly scope?: string | undefined;
  /** Fetch implementation to send the token request with. */
  readonly fetch: typeof fetch;
  /** Timeout of one token request, in milliseconds. */
  readonly timeoutMs: number;
  /** Refresh this long before expiry (capped at half the token's lifetime). */
  readonly refreshMarginMs: number;
  /** Current epoch milliseconds (the client's clock). */
  readonly now: () => number;
  /** Waits `ms` (the client's clock). Default: real timers. */
  readonly sleep?: ((ms: number) => Promise<void>) | undefined;
  /**
   * Where the token and the fetch's lock are kept, so that clients sharing
   * the store share one token and one request for it. Default: none; the
   * source keeps its token itself (one source needs no lock against
   * itself: its callers already share one request).
   */
  readonly store?: ClientStore | undefined;
}

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
 * @param options - Endpoint, credentials, timing and store.
 */
export function createTokenSource(options: TokenSourceOptions): TokenSource {
  const { clientSecret, scope, now, timeoutMs, refreshMarginMs } = options;
  const { store } = options;
  // Only clients of the same credentials share a token.
  const storeKey = `token ${options.clientId} ${options.tokenUrl} ${scope ?? ""}`;
  const sleep = options.sleep ?? ((ms: number) => systemClock.sleep(ms));
  const authorization = basicCredentials(options.clientId, clientSecret);
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
    const started = now();
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    let response: Response;
    let text: string;
    try {
      response = await options.fetch(options.tokenUrl, {
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
      lifetime > 0 ? started + lifetime - now() : lifetime <= 0 ? 0 : Infinity;
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
    expiresAt = now() + kept.validMs;
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
            { store, key: storeKey, request, marginOf, timeoutMs, now, sleep },
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
    const time = now();
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
  /** The generated package's auth data: the token path, the API key's place. */
  readonly tokenPath?: string | undefined;
  readonly apiKey?: ApiKeyPlace | undefined;
  /** The client's fetch, time-out, clock and store. */
  readonly fetch: typeof fetch;
  readonly timeoutMs: number;
  readonly clock: Clock;
  readonly store?: ClientStore | undefined;
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
 * the secret before each request and puts it in the header or query
 * parameter named here, after `prefix`.
 */
export interface Credentials {
  readonly secret: TokenSource;
  /** The header that carries it, lower case, e.g. `authorization`. */
  readonly header?: string;
  /** The query parameter that carries it instead, e.g. `api_key`. */
  readonly query?: string;
  /** Written before the secret, e.g. `Bearer `. */
  readonly prefix?: string;
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
  /** Who the API counts the plan for (a client id), in a shared store's keys; "" for anyone. */
  readonly account: string;
  /** Other values to keep out of errors and hooks, e.g. a password. */
  readonly secrets: readonly string[];
}

/** An auth scheme: builds a client's credentials from its options, checking them. */
export type Authentication<Options> = (
  options: Options,
  context: AuthContext,
) => Credentials;

function required(name: string, value: unknown): string {
  if (typeof value === "string" && value) return value;
  throw new ConfigError(`${name} is required`);
}

/** A secret that never changes, after checking it is printable ASCII. */
function fixed(
  name: string,
  value: unknown,
  place: Pick<Credentials, "header" | "query" | "prefix">,
  secrets: readonly string[] = [],
  account = "",
): Credentials {
  const secret = required(name, value);
  // A line break would split the header; the rest could not be sent.
  if (!/^[!-~]+$/.test(secret))
    throw new ConfigError(`${name} is out of range`);
  return {
    ...place,
    secret: () => secret,
    renews: false,
    cached: true,
    account,
    secrets,
  };
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
    header: "authorization",
    prefix: "Bearer ",
    renews: true,
    cached: false,
    account: "",
    secrets: [],
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

/**
 * OAuth 2.0 client credentials at `authUrl` + the package's token path, or
 * the caller's `getAccessToken`; the token is sent as a bearer token.
 */
export const oauth2ClientCredentials: Authentication<
  ClientCredentials | AccessTokenProvider
> = (options, context) => {
  if (options.getAccessToken) return provided(options.getAccessToken);
  const clientId = required("clientId", options.clientId);
  const { clock } = context;
  return {
    secret: createTokenSource({
      tokenUrl:
        context.url("authUrl", options.authUrl) + (context.tokenPath ?? ""),
      clientId,
      clientSecret: required("clientSecret", options.clientSecret),
      scope: options.scope,
      fetch: context.fetch,
      timeoutMs: context.timeoutMs,
      refreshMarginMs: checkMargin(
        options.tokenRefreshMarginMs ?? DEFAULT_TOKEN_REFRESH_MARGIN_MS,
      ),
      now: () => clock.now(),
      sleep: (ms) => clock.sleep(ms),
      store: context.store,
    }),
    header: "authorization",
    prefix: "Bearer ",
    renews: true,
    cached: true,
    // The API counts a plan per client id.
    account: clientId,
    secrets: [],
  };
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
    : fixed("token", options.token, {
        header: "authorization",
        prefix: "Bearer ",
      });

/** An API key, sent where the API says: a header or a query parameter. */
export interface ApiKeyCredentials {
  /** The key. Never logged, echoed or put in errors (nor the URLs hooks see). */
  apiKey: string;
}

/** The `apiKey` option, in the header or query parameter the package names. */
export const apiKey: Authentication<ApiKeyCredentials> = (
  options,
  { apiKey: place },
) =>
  fixed(
    "apiKey",
    options.apiKey,
    place?.in === "query"
      ? { query: place.name }
      : { header: (place?.name ?? "x-api-key").toLowerCase() },
  );

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
    { header: "authorization", prefix: "Basic " },
    [password, pair],
    username,
  );
};
