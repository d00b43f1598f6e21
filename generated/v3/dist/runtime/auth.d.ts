// Copied by remitgen from its runtime (src/runtime/auth.ts). DO NOT EDIT.

import { type Clock } from "./limiter.js";
import type { ClientStore } from "./store.js";
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
export declare function basicCredentials(
  clientId: string,
  clientSecret: string,
): string;
/**
 * Checks that a token can be sent as `Bearer <token>` (visible ASCII, no
 * spaces) and returns it; throws {@link AuthError} (without the token) if not.
 *
 * @param token - Candidate access token.
 */
export declare function checkToken(token: unknown): string;
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
export declare function createTokenSource(
  options: TokenSourceOptions,
  tokenPath: string,
  context: AuthContext,
): TokenSource;
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
export declare function required(name: string, value: unknown): string;
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
export declare function oauth2ClientCredentials(
  tokenPath: string,
): Authentication<OAuth2Options>;
/**
 * OAuth 2.0 in a browser (a package's `browser` entry): tokens come from the
 * caller's `getAccessToken` only, so the client-credentials flow is not in
 * the bundle. A `clientSecret` is refused, even beside `getAccessToken`:
 * anyone who loads the page can read it.
 */
export declare const oauth2InBrowser: Authentication<OAuth2Options>;
/** A bearer token (RFC 6750): fixed, or from your `getAccessToken`. */
export interface BearerToken {
  /** The token, sent as `Authorization: Bearer <token>`. Never logged, echoed or put in errors. */
  token: string;
  getAccessToken?: undefined;
}
/** A static bearer token (`token`), or tokens from the caller's `getAccessToken`. */
export declare const bearerToken: Authentication<
  BearerToken | AccessTokenProvider
>;
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
export declare function apiKey(
  place: ApiKeyPlace,
): Authentication<ApiKeyCredentials>;
/** HTTP basic credentials (RFC 7617). */
export interface BasicCredentials {
  /** The user name; it may not hold a colon. */
  username: string;
  /** The password. Never logged, echoed or put in errors. */
  password: string;
}
/** `Authorization: Basic` with `username` and `password`, UTF-8 encoded. */
export declare const httpBasic: Authentication<BasicCredentials>;
