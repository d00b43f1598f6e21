// Copied by remitgen from its runtime (src/runtime/transport.ts). DO NOT EDIT.

/**
 * The transport every generated operation calls: URL building, auth,
 * client-side rate limiting, timeouts, retries for reads, and the rule
 * that a write is never sent twice.
 *
 * @packageDocumentation
 */
import { required } from "./auth.js";
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
import { createLimiter, longestTimer, systemClock } from "./limiter.js";
import { redactHeaders, redactText } from "./redact.js";
import { backoffDelay, isRetryableStatus, parseRetryAfter } from "./retry.js";
/**
 * The headers of one request: the client's own (`own`) over its header
 * parameters over the caller's. Caller headers go through `Headers`, which
 * merges names case-insensitively and rejects a bad value here, clearly
 * before anything is sent (as a ConfigError: its own TypeError quotes the
 * value, say a key with a line break in it, into logs); without them a
 * plain object is enough (and cheaper on every call).
 */
function requestHeaders(own, parameters, callerHeaders) {
  if (callerHeaders === undefined && parameters === undefined) return own;
  let headers;
  try {
    headers = new Headers(callerHeaders);
  } catch {
    throw new ConfigError("headers is out of range");
  }
  // Checked by `withParameters`: they go in as they are.
  for (const name in parameters) headers.set(name, parameters[name]);
  // Neither the caller's headers nor parameters override these.
  for (const name in own) headers.set(name, own[name]);
  return headers;
}
/**
 * Whose plan a window in a shared store counts, in its key: the client id
 * or user name, else a digest of the fixed secret (an API key, a static
 * token; keys are not secret). Tokens from `getAccessToken` change, so
 * they, like no credentials, count by base URL alone.
 */
function planHolder(credentials, store) {
  if (credentials === undefined || credentials.account !== undefined)
    return credentials?.account ?? "";
  const secret = credentials.renews ? undefined : credentials.secret();
  return typeof secret === "string"
    ? `key:${store.sharing.digest(secret)}`
    : "";
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
function checkRetry(retry) {
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
function checkTimeout(value) {
  if (value > 0 && value <= longestTimer) return value;
  throw new ConfigError("timeoutMs is out of range");
}
/** Validates a base URL (never echoing it) and strips trailing slashes. */
function checkUrl(name, value, insecure) {
  const text = required(name, value);
  let url;
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
function join(base, path) {
  return path.startsWith("/") ? base + path : `${base}/${path}`;
}
/**
 * Whether a fetch failure proves the request never left: one of
 * {@link NOT_SENT_CODE} on the error or its causes (undici's fetch throws
 * a TypeError whose `cause` is the socket's error).
 */
function notSent(error) {
  // Causes nest a few deep; the bound stops a cycle (an error its own cause).
  for (let depth = 0; depth < 8 && error; depth++) {
    const code = error.code;
    if (typeof code === "string" && NOT_SENT_CODE.test(code)) return true;
    error = error.cause;
  }
  return false;
}
function emit(hook, event) {
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
function parseExact(text) {
  let inexact = false;
  try {
    const value = JSON.parse(
      text,
      // Only where the text may hold such a number: a reviver costs time.
      MAY_BE_INEXACT.test(text)
        ? (_key, item) => {
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
    );
    return inexact ? undefined : value;
  } catch {
    // Not JSON, or a reviver's recursion overflowed the stack.
    return undefined;
  }
}
/**
 * Reads at most `limit` bytes of a body and cancels the rest: an error
 * answer's body is kept in the error, and a server may send megabytes. A
 * character cut in two at the limit is dropped.
 */
async function readStart(response, limit) {
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
function errorBody(start, secrets) {
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
export function createTransport(options, defaults, authentication) {
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
  const fetchFn = options.fetch ?? ((input, init) => fetch(input, init));
  const credentials = authentication?.(options, {
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
  const limiter = limit
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
    async call(operation, body, callOptions = {}, parameters) {
      const { signal } = callOptions;
      signal?.throwIfAborted();
      const name = operation.name;
      const method = operation.method ?? "POST";
      // Anything not declared a read is treated as a write: never resent.
      const isWrite = operation.effect !== "read";
      const callRetry = callOptions.retry;
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
      let stale;
      let replayed = false;
      let sent = 0;
      for (let tries = 1; ; tries++) {
        // The token first, then the slot, then fetch with no wait between:
        // the server counts requests as they arrive, so a slot is taken
        // only just before its request is sent, however long a token took
        // to come, and held until one window after the call settles.
        let permit;
        let headers;
        let url = join(baseUrl, path);
        let secret;
        let secrets = [];
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
            if (!checked) got = auth.secret(stale, signal);
            if (typeof got === "string") break;
          }
          secret = got;
          const own = { accept: "application/json" };
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
        const onAbort = () => controller.abort(signal?.reason);
        signal?.addEventListener("abort", onAbort);
        const started = clock.now();
        let response;
        let answer = { text: "", cut: false };
        let failure;
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
        let error;
        let retryAfter;
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
              return undefined;
            }
            // An object response reads an empty body as `{}`; a body that is
            // not what the operation's type says fails below, never silently.
            const anyJson = operation.response === "json";
            if (!answer.text && !anyJson) return {};
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
              return data;
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
