/**
 * The transport every generated operation calls: URL building, auth,
 * client-side rate limiting, timeouts, retries for reads, and the rule
 * that a write is never sent twice.
 *
 * @packageDocumentation
 */
import { required, type Authentication, type Credentials } from "./auth.js";
import {
  ApiError,
  AuthError,
  ConfigError,
  NetworkError,
  OutcomeUnknownError,
  RateLimitError,
  TimeoutError,
} from "./errors.js";
import {
  DEFAULT_RATE_LIMIT_MODE,
  DEFAULT_RETRY_ATTEMPTS,
  DEFAULT_RETRY_BASE_DELAY_MS,
  DEFAULT_RETRY_MAX_DELAY_MS,
  DEFAULT_TIMEOUT_MS,
  MAX_ERROR_BODY_BYTES,
  MAX_ERROR_BODY_TEXT_LENGTH,
  MAX_RETRY_ATTEMPTS,
} from "./defaults.js";
import type { JsonValue } from "./json.js";
import type { ClientStore } from "./store.js";
import {
  createLimiter,
  longestTimer,
  systemClock,
  type Clock,
  type Limiter,
  type Permit,
} from "./limiter.js";
import { redactHeaders, redactText } from "./redact.js";
import {
  backoffDelay,
  isRetryableStatus,
  parseRetryAfter,
  type RetryOptions,
} from "./retry.js";

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

/**
 * The headers of one request: the client's own (`own`) over its header
 * parameters over the caller's. Caller headers go through `Headers`, which
 * merges names case-insensitively and rejects a bad value here, clearly
 * before anything is sent (as a ConfigError: its own TypeError quotes the
 * value, say a key with a line break in it, into logs); without them a
 * plain object is enough (and cheaper on every call).
 */
function requestHeaders(
  own: Record<string, string>,
  parameters: Record<string, string> | undefined,
  callerHeaders: HeadersInit | undefined,
): Headers | Record<string, string> {
  if (callerHeaders === undefined && parameters === undefined) return own;
  let headers: Headers;
  try {
    headers = new Headers(callerHeaders);
  } catch {
    throw new ConfigError("headers is out of range");
  }
  // Checked by `withParameters`: they go in as they are.
  for (const name in parameters) headers.set(name, parameters[name]!);
  // Neither the caller's headers nor parameters override these.
  for (const name in own) headers.set(name, own[name]!);
  return headers;
}

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
 * Whose plan a window in a shared store counts, in its key: the client id
 * or user name, else a digest of the fixed secret (an API key, a static
 * token; keys are not secret). Tokens from `getAccessToken` change, so
 * they, like no credentials, count by base URL alone.
 */
function planHolder(
  credentials: Credentials | undefined,
  store: ClientStore,
): string {
  if (credentials === undefined || credentials.account !== undefined)
    return credentials?.account ?? "";
  const secret = credentials.renews ? undefined : credentials.secret();
  return typeof secret === "string"
    ? `key:${store.sharing.digest(secret)}`
    : "";
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

const LOCAL_HOST = /^(localhost|127\.0\.0\.1|\[::1\])$/;
/**
 * Error codes that prove the request never left this machine: no
 * connection (refused, no such host), or the client's own check of the
 * server's certificate failed, which ends the connection before a byte of
 * the request is written. Node names such a failure with OpenSSL's
 * certificate verification codes (untrusted: UNABLE_TO_…, …SELF_SIGNED…,
 * INVALID_CA; expired or otherwise refused: CERT_…; and the chain's own
 * limits) or, for another host's certificate, HOSTNAME_MISMATCH and its
 * own ERR_TLS_CERT_ALTNAME_INVALID. A server refusing the client's
 * certificate is not among them (its codes are ERR_SSL_… alerts): under
 * TLS 1.3 it does so after the client's handshake ended, when the request
 * may be on its way.
 */
const NOT_SENT_CODE =
  /^(?:ECONNREFUSED|ENOTFOUND|EAI_AGAIN|UNABLE_TO_\w+|CERT_\w+|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|INVALID_CA|INVALID_PURPOSE|PATH_LENGTH_EXCEEDED|HOSTNAME_MISMATCH|ERR_TLS_CERT_ALTNAME_INVALID)$/;

/** Checks a read's retry options and returns its number of tries. */
function checkRetry(retry: RetryOptions): number {
  const {
    attempts = DEFAULT_RETRY_ATTEMPTS,
    baseDelayMs = DEFAULT_RETRY_BASE_DELAY_MS,
    maxDelayMs = DEFAULT_RETRY_MAX_DELAY_MS,
  } = retry;
  // NaN or Infinity would retry a read for ever.
  const attemptsInRange =
    Number.isInteger(attempts) &&
    attempts >= 1 &&
    attempts <= MAX_RETRY_ATTEMPTS;
  // A NaN or negative delay retries at once; a NaN maxDelayMs would let
  // any Retry-After, however long, be waited out.
  const delaysInRange = baseDelayMs >= 0 && maxDelayMs >= 0;
  if (!attemptsInRange || !delaysInRange) {
    throw new ConfigError("retry is out of range");
  }
  return attempts;
}

function checkTimeout(value: number): number {
  if (value > 0 && value <= longestTimer) return value;
  throw new ConfigError("timeoutMs is out of range");
}

/** Validates a base URL (never echoing it) and strips trailing slashes. */
function checkUrl(name: string, value: unknown, insecure: boolean): string {
  const text = required(name, value);
  let url: URL | undefined;
  try {
    url = new URL(text);
  } catch {
    // reported below; the parser's message would echo the value
  }
  if (
    !url ||
    url.username ||
    url.password ||
    // Paths are appended: a query or fragment would swallow them.
    /[?#]/.test(text) ||
    (url.protocol !== "https:" &&
      !(
        url.protocol === "http:" &&
        (insecure || LOCAL_HOST.test(url.hostname))
      ))
  ) {
    throw new ConfigError(
      `${name} must be an https URL without credentials, query or fragment (http: localhost or allowInsecureHttp)`,
    );
  }
  return text.replace(/\/+$/, "");
}

function join(base: string, path: string): string {
  return path.startsWith("/") ? base + path : `${base}/${path}`;
}

/**
 * Whether a fetch failure proves the request never left: one of
 * {@link NOT_SENT_CODE} on the error or its causes (undici's fetch throws
 * a TypeError whose `cause` is the socket's error).
 */
function notSent(error: unknown): boolean {
  // Causes nest a few deep; the bound stops a cycle (an error its own cause).
  for (let depth = 0; depth < 8 && error; depth++) {
    const code = (error as { code?: unknown }).code;
    if (typeof code === "string" && NOT_SENT_CODE.test(code)) return true;
    error = (error as { cause?: unknown }).cause;
  }
  return false;
}

function emit<T>(hook: (event: T) => void | Promise<void>, event: T): void {
  // A hook must never break or change the call: what it throws, or its
  // promise rejects with (unhandled, that would end the process), lands in
  // the catch. The async wrapper still runs the hook at once.
  (async () => hook(event))().catch(() => {});
}

/**
 * Text that may hold a number JSON.parse cannot keep exactly: a number
 * (after `:`, `[` or `,`) of 16 digits or more, or with an exponent.
 * Digits inside strings (an IBAN) mostly do not match: no second pass.
 */
const MAY_BE_INEXACT = /(?:^|[:[,])\s*-?(?:\d{16}|\d+(?:\.\d+)?[eE])/;

/**
 * Parses JSON text, or returns undefined when it is not JSON, holds a number
 * too large for a number to keep exactly (an integer beyond 2^53, e.g. a
 * transaction id, would silently become another id; beyond the largest
 * number, Infinity), or is nested too deep for the check: never throws, so
 * an answer too odd to read is still classified (for a write, unknown).
 */
function parseExact(text: string): JsonValue | undefined {
  let inexact = false;
  try {
    const value = JSON.parse(
      text,
      // Only where the text may hold such a number: a reviver costs time.
      MAY_BE_INEXACT.test(text)
        ? (_key, item: unknown) => {
            // Rounded, a number below 2^53 is a safe integer; from 2^53 on
            // (Infinity too) it may not be the number written.
            if (
              typeof item === "number" &&
              !Number.isSafeInteger(Math.round(item))
            ) {
              inexact = true;
            }
            return item;
          }
        : undefined,
    ) as JsonValue;
    return inexact ? undefined : value;
  } catch {
    // Not JSON, or a reviver's recursion overflowed the stack.
    return undefined;
  }
}

/** The start of a body, and whether there was more. */
interface BodyStart {
  text: string;
  cut: boolean;
}

/**
 * Reads at most `limit` bytes of a body and cancels the rest: an error
 * answer's body is kept in the error, and a server may send megabytes. A
 * character cut in two at the limit is dropped.
 */
async function readStart(
  response: Response,
  limit: number,
): Promise<BodyStart> {
  const reader = response.body?.getReader();
  if (!reader) return { text: "", cut: false };
  const decoder = new TextDecoder();
  let text = "";
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return { text: text + decoder.decode(), cut: false };
    if (bytes + value.byteLength > limit) {
      text += decoder.decode(value.subarray(0, limit - bytes), {
        stream: true,
      });
      // Not awaited: the stream's end is nobody's business now.
      reader.cancel().catch(() => {});
      return { text, cut: true };
    }
    bytes += value.byteLength;
    text += decoder.decode(value, { stream: true });
  }
}

/**
 * An error answer's body for {@link ApiError}: parsed when it is JSON read
 * whole that parses exactly, else the start of its text (where an id too
 * long for a number keeps its digits); either way without the credentials a
 * server may have echoed, however it escaped it (see {@link redactText}:
 * `\/` from PHP, `\u002B` from .NET, `%2B` in a URL), and numbers keep
 * their digits as written. A 2xx body, read whole to be used, is held to
 * the same length as an error status's.
 */
function errorBody(
  start: BodyStart,
  secrets: readonly string[],
): { body: JsonValue; truncated: boolean } {
  const cut = start.cut || start.text.length > MAX_ERROR_BODY_BYTES;
  const text = cut ? start.text.slice(0, MAX_ERROR_BODY_BYTES) : start.text;
  const clean = redactText(text, secrets, cut);
  const value = cut ? undefined : parseExact(clean);
  if (value !== undefined) return { body: value, truncated: false };
  return {
    body: clean.slice(0, MAX_ERROR_BODY_TEXT_LENGTH),
    truncated: cut || clean.length > MAX_ERROR_BODY_TEXT_LENGTH,
  };
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
export function createTransport<Options>(
  options: ClientSettingsWithBaseUrl & Options,
  defaults: TransportDefaults,
  authentication?: Authentication<Options>,
): Transport {
  const insecure = options.allowInsecureHttp === true;
  const clock = options.clock ?? systemClock;
  const random = options.random ?? Math.random;
  const timeoutMs = checkTimeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const baseUrl = checkUrl(
    "baseUrl",
    options.baseUrl ?? defaults.baseUrl,
    insecure,
  );
  // Looked up per call, so a fetch patched later (MSW) is still used.
  const fetchFn: typeof fetch =
    options.fetch ?? ((input, init) => fetch(input, init));
  const credentials: Credentials | undefined = authentication?.(options, {
    fetch: fetchFn,
    timeoutMs,
    clock,
    url: (name, value) => checkUrl(name, value, insecure),
  });
  const rateLimit = options.rateLimit ?? DEFAULT_RATE_LIMIT_MODE;
  const window = options.store && {
    store: options.store,
    key: `rate ${planHolder(credentials, options.store)} ${baseUrl}`,
  };
  // A custom limit replaces the plan's; without either, there is none.
  const limit =
    typeof rateLimit === "object"
      ? rateLimit
      : rateLimit && defaults.plan && { ...defaults.plan, mode: rateLimit };
  const limiter: Limiter | undefined = limit
    ? createLimiter(
        limit.limit,
        limit.intervalMs,
        limit.mode ?? DEFAULT_RATE_LIMIT_MODE,
        clock,
        window,
      )
    : undefined;
  const clientRetry = options.retry ?? {};
  checkRetry(clientRetry);
  const { onRequest, onResponse } = options;
  const { statusOperation } = defaults;

  return {
    async call<TResponse>(
      operation: OperationDescriptor,
      body: unknown,
      callOptions: ReadCallOptions | WriteCallOptions = {},
      parameters?: RequestParameters,
    ): Promise<TResponse> {
      const { signal } = callOptions;
      signal?.throwIfAborted();
      const name = operation.name;
      const method = operation.method ?? "POST";
      // Anything not declared a read is treated as a write: never resent.
      const isWrite = operation.effect !== "read";
      const callRetry = (callOptions as ReadCallOptions).retry;
      const retry =
        isWrite || callRetry === false
          ? undefined
          : callRetry
            ? { ...clientRetry, ...callRetry }
            : clientRetry;
      const attempts = retry ? checkRetry(retry) : 1;
      const callTimeoutMs = checkTimeout(callOptions.timeoutMs ?? timeoutMs);
      const request = parameters?.(operation.path);
      const path = request ? request.path : operation.path;
      // Its credentials, unless the operation sends none.
      const auth = operation.authenticated === false ? undefined : credentials;
      // Once, reused by every send; no body, no content-type.
      const payload = body === undefined ? undefined : JSON.stringify(body);
      let stale: string | undefined;
      let replayed = false;
      let sent = 0;

      for (let tries = 1; ; tries++) {
        // The token first, then the slot, then fetch with no wait between:
        // the server counts requests as they arrive, so a slot is taken
        // only just before its request is sent, however long a token took
        // to come, and held until one window after the call settles.
        let permit: Permit | undefined;
        let headers: Headers | Record<string, string>;
        let url = join(baseUrl, path);
        let secret: string;
        let secrets: string[] = [];
        try {
          // A cached token comes back as a string: no await, no extra turn.
          let got = auth ? auth.secret(stale, signal) : "";
          stale = undefined;
          // After a wait for its turn the built-in token may have expired,
          // so it is asked for again: a cached one comes back at once and
          // goes. A new one is awaited still holding the slot (a failure
          // meanwhile gives it back once, below); then the slot is given
          // back and the next turn used unchecked (so this ends, even with
          // tokens shorter than a wait). getAccessToken is not asked again:
          // its answer is always a promise, so every turn would be lost.
          for (let checked = !auth?.cached; ; checked = true) {
            got = typeof got === "string" ? got : await got;
            permit?.release();
            const turn = limiter?.acquire(signal, name, callTimeoutMs);
            if (!(turn instanceof Promise)) {
              permit = turn;
              break;
            }
            permit = await turn;
            if (!checked) got = auth!.secret(stale, signal);
            if (typeof got === "string") break;
          }
          secret = got as string;
          const own: Record<string, string> = { accept: "application/json" };
          if (payload !== undefined) own["content-type"] = "application/json";
          if (auth) {
            secrets = [secret, ...(auth.secrets ?? [])];
            url = auth.apply(secret, own, url);
          }
          headers = requestHeaders(own, request?.headers, callOptions.headers);
          signal?.throwIfAborted(); // not sent yet: a plain abort, even for writes
          if (onRequest) {
            emit(onRequest, {
              operation: name,
              method,
              url: redactText(url, secrets),
              headers: redactHeaders(headers, secrets),
              attempt: sent + 1,
            });
            // A hook may abort (a kill switch): still unsent, so still a plain abort.
            signal?.throwIfAborted();
          }
        } catch (error) {
          // Never sent, so it must not count against the plan. (A turn
          // still awaited was given back by the limiter, or never taken.)
          permit?.release();
          throw error;
        }
        sent++;

        const controller = new AbortController();
        const timer = setTimeout(() => controller.abort(), callTimeoutMs);
        const onAbort = (): void => controller.abort(signal?.reason);
        signal?.addEventListener("abort", onAbort);
        const started = clock.now();
        let response: Response | undefined;
        let answer: BodyStart = { text: "", cut: false };
        let failure: unknown;
        try {
          const received = await fetchFn(url, {
            method,
            headers,
            body: payload ?? null,
            // A redirect is not the operation's own answer, and following
            // one would send the write on, or fetch another resource and
            // read its answer as the write's.
            redirect: "manual",
            signal: controller.signal,
          });
          if (onResponse) {
            emit(onResponse, {
              operation: name,
              status: received.status,
              headers: redactHeaders(received.headers, secrets),
              attempt: sent,
              durationMs: clock.now() - started,
            });
          }
          // An error answer's body goes into the error: only its start.
          answer =
            received.ok && !received.redirected
              ? { text: await received.text(), cut: false }
              : await readStart(received, MAX_ERROR_BODY_BYTES);
          response = received;
        } catch (error) {
          failure = error;
        } finally {
          clearTimeout(timer);
          signal?.removeEventListener("abort", onAbort);
        }
        // No answer, no time-out nor abort, and an error that proves it.
        const neverLeft =
          !response && !controller.signal.aborted && notSent(failure);
        // Settled: its slot stays taken one window from now (the server may
        // have counted it as late as this), unless it provably never left.
        if (neverLeft) {
          permit?.release();
        } else {
          permit?.settle();
        }

        let error: Error;
        let retryAfter: number | undefined;
        if (!response) {
          if (signal?.aborted) {
            throw isWrite
              ? new OutcomeUnknownError(name, body, {
                  cause: signal.reason,
                  statusOperation,
                })
              : signal.reason;
          }
          // Not the caller's abort (above), so the timer's.
          const timedOut = controller.signal.aborted;
          error = timedOut
            ? new TimeoutError(name, callTimeoutMs)
            : new NetworkError(name, { cause: failure });
          // A write that provably never left fails plainly (a read is retried).
          if (!neverLeft && isWrite) {
            throw new OutcomeUnknownError(name, body, {
              cause: error,
              statusOperation,
            });
          }
        } else {
          const { status } = response;
          // Only a fetch that ignores `redirect: "manual"` (a custom one)
          // gets here redirected: what it answers is another resource's,
          // never the operation's (a read's result, or a write's outcome).
          const redirected = response.redirected;
          if (response.ok && !redirected) {
            if (
              operation.response === "none" ||
              operation.empty?.includes(status)
            ) {
              return undefined as TResponse;
            }
            // An object response reads an empty body as `{}`; a body that is
            // not what the operation's type says fails below, never silently.
            const anyJson = operation.response === "json";
            if (!answer.text && !anyJson) return {} as TResponse;
            // Unread when it is not JSON, is not the type's kind of value,
            // or holds a number that would not parse exactly.
            const data = parseExact(answer.text);
            if (
              data !== undefined &&
              (anyJson ||
                (typeof data === "object" &&
                  data !== null &&
                  !Array.isArray(data)))
            ) {
              return data as TResponse;
            }
          }
          if (status === 401 && !redirected && auth) {
            // The server did not act on a 401: refresh once and replay once.
            // A 401 is the answer of the credentials check, which runs
            // before the operation (at the server or a gateway in front of
            // it): a server acting and then answering 401 would break the
            // rule every 4xx here relies on. A redirect's 401 is excluded
            // above. A fixed secret (an API key) is refused for good.
            if (replayed || !auth.renews) {
              throw new AuthError(
                `${name} failed with HTTP 401${replayed ? " after a token refresh" : ""}`,
                { status },
              );
            }
            replayed = true;
            stale = secret;
            tries--;
            continue;
          }
          // A body echoing the credentials must not carry them into the error.
          const { body: kept, truncated } = errorBody(answer, secrets);
          error = new ApiError(name, status, kept, truncated);
          const now = clock.now();
          // Honoured for any retried status (e.g. 503); a 429's also pauses the limiter.
          retryAfter = parseRetryAfter(
            response.headers.get("retry-after"),
            now,
          );
          if (status === 429) {
            if (retryAfter !== undefined) limiter?.pause(now + retryAfter);
            error = new RateLimitError(name, retryAfter, { cause: error });
          }
          // Only a 4xx says the server did not act on a write. A 2xx is
          // done but unreadable; a 5xx (the server's own or a gateway's), a
          // 3xx and a browser's status 0 for a redirect do not say the
          // write was not carried out.
          if (isWrite && (redirected || !(status >= 400 && status < 500))) {
            throw new OutcomeUnknownError(name, body, {
              cause: error,
              statusOperation,
            });
          }
          if (!isRetryableStatus(status)) throw error;
        }
        // A write, or a read that may not be retried, has one try (no `retry`).
        if (tries >= attempts || retry === undefined) throw error;
        // A Retry-After longer than the caller waits for ends the retries.
        const maxDelayMs = retry.maxDelayMs ?? DEFAULT_RETRY_MAX_DELAY_MS;
        if (retryAfter !== undefined && retryAfter > maxDelayMs) throw error;
        await clock.sleep(
          retryAfter ?? backoffDelay(tries, retry, random),
          signal,
        );
      }
    },
  };
}
