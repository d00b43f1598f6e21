// Copied by remitgen from its runtime (src/runtime/auth.ts). DO NOT EDIT.

import type { ClientStore } from "./store.js";
/**
 * Returns an access token. Pass `stale` (the token the bank just answered
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
 * `expires_in` minus the margin (no `expires_in`: until the bank answers
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
export declare function createTokenSource(
  options: TokenSourceOptions,
): TokenSource;
