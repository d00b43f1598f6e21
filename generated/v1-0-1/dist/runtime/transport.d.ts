// Copied by remitgen from its runtime (src/runtime/transport.ts). DO NOT EDIT.

import type { ClientStore } from "./store.js";
import { type Clock } from "./limiter.js";
import { type RetryOptions } from "./retry.js";
export type { Clock } from "./limiter.js";
export type { RetryOptions } from "./retry.js";
export type { ClientStore, SlotTake, StoredToken } from "./store.js";
/** One operation, as the generated code describes it. Always sent as POST. */
export interface OperationDescriptor {
  /** Operation name, e.g. `send_transfer`. */
  readonly name: string;
  /** Path below the base URL, e.g. `/send_transfer`. */
  readonly path: string;
  /** `"write"` operations are never retried or resent (except one replay after a 401). */
  readonly effect: "read" | "write";
  /**
   * What a 2xx body must hold: a JSON object (the default; an empty body
   * reads as `{}`), or, for a response schema that is not an object, any
   * JSON value.
   */
  readonly response?: "object" | "json";
}
/** A plan's rate limit: `limit` calls per `intervalMs`. */
export interface PlanLimit {
  /** Plan name, e.g. `basic`. */
  readonly name: string;
  /** Calls allowed per window. */
  readonly limit: number;
  /** Window length in milliseconds, e.g. 3600000 for "per hour". */
  readonly intervalMs: number;
}
/** What the generated package knows about its API set. */
export interface TransportDefaults {
  /** The plan's rate limit, applied on the client side by default. */
  readonly plan?: PlanLimit | undefined;
  /** Token endpoint path below `authUrl`, e.g. `/oauth2/token`. */
  readonly tokenPath?: string | undefined;
  /**
   * The client method of the set's transaction-status operation, e.g.
   * `getTransactionStatus`, which {@link OutcomeUnknownError} names; none
   * when the set has no such operation.
   */
  readonly statusOperation?: string | undefined;
}
/**
 * Options of a client: where the service is, how it gets its access tokens
 * (client credentials, or your own `getAccessToken`), and how it behaves.
 * An optional member may be `undefined`, meaning its default, so a value
 * that may be missing passes through under `exactOptionalPropertyTypes`.
 */
export type ClientOptions = ClientSettings &
  (AccessTokenProvider | ClientCredentials);
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
  getAccessToken?: undefined;
}
/** Tokens from elsewhere: no credentials needed. */
export interface AccessTokenProvider {
  /**
   * Replaces the built-in client credentials flow: called before each
   * request, before its turn under the rate limit (a token that expires
   * while the call waits is answered 401 and asked for again);
   * `forceRefresh` is true after the bank answered 401 to the token it
   * returned. When set, `authUrl`, `clientId` and `clientSecret` are not
   * used. Once the call's signal aborts, the call does not wait for it.
   */
  getAccessToken: (context: {
    forceRefresh: boolean;
    signal?: AbortSignal | undefined;
  }) => Promise<string>;
  authUrl?: string | undefined;
  clientId?: string | undefined;
  clientSecret?: string | undefined;
}
/** Everything else a client takes. */
export interface ClientSettings {
  /** Base URL of the service. Must be https (http only for localhost or with `allowInsecureHttp`). */
  baseUrl: string;
  /** Space-separated OAuth scopes to request. */
  scope?: string | undefined;
  /**
   * Fetch implementation (undici, MSW, a proxy agent...). Default: the
   * global `fetch`. It must honour `init.signal`: time-outs and aborts rely
   * on it so that no request goes out after its call has settled. It must
   * also honour `redirect: "manual"` and send each request once (no retries
   * of its own): a connection refused, a DNS failure or a server
   * certificate refused by its TLS check that it reports is taken to mean
   * the write never left, which is untrue of a redirect's second hop or a
   * retry's last try.
   */
  fetch?: typeof fetch | undefined;
  /**
   * Timeout of one HTTP exchange (request and response body), in ms.
   * Default 30000 ({@link DEFAULT_TIMEOUT_MS}).
   */
  timeoutMs?: number | undefined;
  /**
   * Client-side rate limit. Default `"wait"`
   * ({@link DEFAULT_RATE_LIMIT_MODE}) with the plan's limit: calls over the
   * limit wait for their turn. `"reject"` throws {@link RateLimitError}
   * instead; `false` disables the limiter; an object sets a custom limit.
   */
  rateLimit?:
    | "wait"
    | "reject"
    | false
    | {
        limit: number;
        intervalMs: number;
        mode?: "wait" | "reject" | undefined;
      }
    | undefined;
  /** Retries of read operations (writes are never retried). */
  retry?: RetryOptions | undefined;
  /**
   * Called before each operation request (not token requests) is sent;
   * credential headers are redacted. Errors it throws, or a promise it
   * returns rejects with, are ignored. The client does not wait for such a
   * promise: an abort of the call's signal stops the request unsent only
   * when it happens before the hook returns.
   */
  onRequest?: ((event: RequestEvent) => void | Promise<void>) | undefined;
  /** Called when an operation's response headers arrive; credential headers are redacted. Errors it throws, or a promise it returns rejects with, are ignored. */
  onResponse?: ((event: ResponseEvent) => void | Promise<void>) | undefined;
  /** Allows plain http to any host. Never in production. */
  allowInsecureHttp?: boolean | undefined;
  /**
   * Refresh a token this long before it expires, in ms, 0 or more (0: no
   * early refresh). Default 60000 ({@link DEFAULT_TOKEN_REFRESH_MARGIN_MS}),
   * at most half the token's lifetime. Calls meanwhile use the current
   * token, until it expires if the refresh fails.
   */
  tokenRefreshMarginMs?: number | undefined;
  /**
   * Where the rate-limit window, the access token and the lock of its
   * request are kept. Default: in this client's memory. Clients sharing a
   * store keep one plan and one token together, e.g. every instance of a
   * service through `createRedisStore` (the package's `./redis` entry).
   * Keys inside it name the base URL, client id and plan, so clients of
   * other plans or credentials can share a store without meeting.
   */
  store?: ClientStore | undefined;
  /** Time source and sleeper, for tests. Timeouts always use real timers. */
  clock?: Clock | undefined;
  /** Jitter source returning numbers in [0, 1), for tests. Default `Math.random`. */
  random?: (() => number) | undefined;
}
/** Options of one call to a write operation; `undefined` means the default. */
export interface WriteCallOptions {
  /**
   * Aborts the call. A write aborted in flight throws
   * {@link OutcomeUnknownError}; one aborted before it is sent, or before its
   * resend after a 401, rejects with the signal's reason.
   */
  signal?: AbortSignal | undefined;
  /** Overrides the client's `timeoutMs` for this call's requests (a token request keeps the client's). */
  timeoutMs?: number | undefined;
  /** Extra request headers. `authorization`, `content-type` and `accept` are set by the client. */
  headers?: Record<string, string> | undefined;
}
/** Options of one call to a read operation. */
export interface ReadCallOptions extends WriteCallOptions {
  /** Overrides the client's retry options for this call; `false` disables retrying. */
  retry?: RetryOptions | false | undefined;
}
/** Passed to `onRequest`. */
export interface RequestEvent {
  /** Operation name. */
  readonly operation: string;
  /** Always `"POST"`. */
  readonly method: string;
  /** Full request URL. */
  readonly url: string;
  /** Request headers, lower-case, credentials redacted. */
  readonly headers: Record<string, string>;
  /** 1 for the first send, counting retries and the 401 replay. */
  readonly attempt: number;
}
/** Passed to `onResponse`. */
export interface ResponseEvent {
  /** Operation name. */
  readonly operation: string;
  /** HTTP status. */
  readonly status: number;
  /** Response headers, lower-case, credentials redacted. */
  readonly headers: Record<string, string>;
  /** Matches the `attempt` of the {@link RequestEvent}. */
  readonly attempt: number;
  /** From sending the request to receiving the response headers. */
  readonly durationMs: number;
}
/** Sends operations. Created by {@link createTransport}. */
export interface Transport {
  /**
   * POSTs `body` as JSON to the operation and returns the parsed JSON
   * object (`{}` for an empty body), or any JSON value for an operation
   * whose `response` is `"json"`. A 2xx answer that is not what the
   * operation expects is an {@link ApiError} for a read and an
   * {@link OutcomeUnknownError} for a write (the bank acted, but its answer
   * is unreadable). Of an error status's body at most 65536
   * ({@link MAX_ERROR_BODY_BYTES}) bytes are read, and the rest is not
   * downloaded; the {@link ApiError} holds it parsed when it is JSON read
   * whole, else its first 4096 ({@link MAX_ERROR_BODY_TEXT_LENGTH})
   * characters, and says when it holds less than the server sent.
   *
   * @throws {@link ApiError} an error answer (for a write, a 4xx only);
   * {@link AuthError}; {@link RateLimitError}; {@link TimeoutError} (reads);
   * {@link NetworkError}; {@link OutcomeUnknownError} (writes whose outcome
   * is unknown: reconcile, do not resend); the signal's reason on abort.
   */
  call<TResponse>(
    operation: OperationDescriptor,
    body: unknown,
    options?: ReadCallOptions | WriteCallOptions,
  ): Promise<TResponse>;
}
/**
 * Creates a transport. Validates the options at once (throwing
 * {@link ConfigError} that names the option, never its value).
 *
 * @param options - Client options from the caller.
 * @param defaults - The generated package's plan and token path.
 */
export declare function createTransport(
  options: ClientOptions,
  defaults: TransportDefaults,
): Transport;
