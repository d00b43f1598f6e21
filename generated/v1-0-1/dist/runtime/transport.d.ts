// Copied by remitgen from its runtime (src/runtime/transport.ts). DO NOT EDIT.

/**
 * The transport every generated operation calls: URL building, auth,
 * client-side rate limiting, timeouts, retries for reads, and the rule
 * that a write is never sent twice.
 *
 * @packageDocumentation
 */
import { type Authentication } from "./auth.js";
import type { ClientStore } from "./store.js";
import { type Clock } from "./limiter.js";
import { type RetryOptions } from "./retry.js";
export type {
  AccessTokenProvider,
  ApiKeyCredentials,
  BasicCredentials,
  BearerToken,
  ClientCredentials,
} from "./auth.js";
export type { Clock } from "./limiter.js";
export type { RetryOptions } from "./retry.js";
export type { ClientStore, SlotTake, StoredToken } from "./store.js";
/** The methods an operation may use. */
export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
/** One operation, as the generated code describes it. */
export interface OperationDescriptor {
  /** Operation name, e.g. `get_account`. */
  readonly name: string;
  /** Default `POST`. */
  readonly method?: HttpMethod;
  /**
   * Path below the base URL, e.g. `/accounts/{accountId}`; its parameters
   * are filled in by the call's {@link RequestParameters}.
   */
  readonly path: string;
  /** `"write"` operations are never retried or resent (except one replay after a 401). */
  readonly effect: "read" | "write";
  /** `false`: the operation sends no credentials. */
  readonly authenticated?: false;
  /**
   * What a 2xx body must hold: a JSON object (the default; an empty body
   * reads as `{}`), any JSON value (a response schema that is not an
   * object), or nothing (`"none"`: the call returns `undefined`).
   */
  readonly response?: "object" | "json" | "none";
  /** 2xx statuses the API answers without a body: the call returns `undefined`. */
  readonly empty?: readonly number[];
}
/**
 * The parts of a request its parameters fill in, from the operation's path
 * template: made by `withParameters` (parameters.ts) and run by the call,
 * so that a bad value rejects the call's promise.
 */
export type RequestParameters = (path: string) => {
  /** The path with its parameters encoded and the query string, if any. */
  readonly path: string;
  /** Header parameters, checked. */
  readonly headers?: Record<string, string> | undefined;
};
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
  /** The plan's rate limit, applied on the client side by default; none: no limit. */
  readonly plan?: PlanLimit | undefined;
  /** The base URL the API states, used when the `baseUrl` option is left out. */
  readonly baseUrl?: string | undefined;
  /**
   * The client method of the set's transaction-status operation, e.g.
   * `getTransactionStatus`, which {@link OutcomeUnknownError} names; none
   * when the set has no such operation.
   */
  readonly statusOperation?: string | undefined;
}
/**
 * What a client takes besides its credentials. An optional member may be
 * `undefined`, meaning its default, so a value that may be missing passes
 * through under `exactOptionalPropertyTypes`.
 */
export interface ClientSettings {
  /** Base URL of the API. Must be https (http only for localhost or with `allowInsecureHttp`). */
  baseUrl: string;
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
   * Without a plan (the API states none) only an object sets a limit.
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
   * Where the rate-limit window, the access token and the lock of its
   * request are kept. Default: in this client's memory. Clients sharing a
   * store keep one plan and one token together, e.g. every instance of a
   * service through `createRedisStore` (the package's `./redis` entry).
   * Keys inside it name the base URL and the client id or user name, or a
   * digest of the API key or static token (never a secret), so clients of
   * other credentials can share a store without meeting; clients whose
   * tokens come from `getAccessToken` share one window per base URL.
   */
  store?: ClientStore | undefined;
  /** Time source and sleeper, for tests. Timeouts always use real timers. */
  clock?: Clock | undefined;
  /** Jitter source returning numbers in [0, 1), for tests. Default `Math.random`. */
  random?: (() => number) | undefined;
}
/**
 * {@link ClientSettings} of an API that states its base URL:
 * `baseUrl` may be left out (it then is `transportDefaults.baseUrl`).
 */
export type ClientSettingsWithBaseUrl = Omit<ClientSettings, "baseUrl"> & {
  /** Base URL of the API, if not the one it states. Must be https (http only for localhost or with `allowInsecureHttp`). */
  baseUrl?: string | undefined;
};
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
  /**
   * Extra request headers. `accept`, `content-type` and the credentials'
   * header are set by the client, and the operation's header parameters
   * by their arguments.
   */
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
  /** The operation's method, e.g. `"GET"`. */
  readonly method: string;
  /** Full request URL, credentials in its query redacted. */
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
   * Sends the operation, with `body` as JSON unless it is `undefined`,
   * and returns the parsed JSON object (`{}` for an empty body), any JSON
   * value for an operation whose `response` is `"json"`, or `undefined`
   * for one that answers without a body. A 2xx answer that is not what
   * the operation expects is an {@link ApiError} for a read and an
   * {@link OutcomeUnknownError} for a write (the server acted, but its
   * answer is unreadable). Of an error status's body at most 65536
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
    parameters?: RequestParameters,
  ): Promise<TResponse>;
}
/**
 * Creates a transport. Validates the options at once (throwing
 * {@link ConfigError} that names the option, never its value).
 *
 * @param options - Client options from the caller.
 * @param defaults - The generated package's plan and base URL.
 * @param authentication - The API's auth scheme (auth.ts), with its own
 * data, e.g. `oauth2ClientCredentials("/oauth2/token")`; none for an API
 * without credentials.
 */
export declare function createTransport<Options>(
  options: ClientSettingsWithBaseUrl & Options,
  defaults: TransportDefaults,
  authentication?: Authentication<Options>,
): Transport;
