// Copied by remitgen from its runtime (src/runtime/transport.ts). DO NOT EDIT.

/**
 * The transport every generated operation calls: URL building, auth,
 * client-side rate limiting, timeouts, retries for reads, and the rule
 * that a write is never sent twice.
 *
 * @packageDocumentation
 */
import { checkToken, createTokenSource } from "./auth.js";
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
  abortable,
  createLimiter,
  longestTimer,
  systemClock,
} from "./limiter.js";
import { redactHeaders, redactText } from "./redact.js";
import { backoffDelay, isRetryableStatus, parseRetryAfter } from "./retry.js";
/**
 * The headers of one request. Caller headers go through `Headers`, which
 * merges names case-insensitively and rejects a bad value here, clearly
 * before anything is sent (as a ConfigError: its own TypeError quotes the
 * value, say a key with a line break in it, into logs); without them a
 * plain object is enough (and cheaper on every call).
 */
function requestHeaders(callerHeaders, token) {
  const own = {
    "content-type": "application/json",
    accept: "application/json",
    authorization: "Bearer " + token,
  };
  if (callerHeaders === undefined) return own;
  let headers;
  try {
    headers = new Headers(callerHeaders);
  } catch {
    throw new ConfigError("headers is out of range");
  }
  // The caller's headers never override these.
  for (const name in own) headers.set(name, own[name]);
  return headers;
}
const LOCAL_HOST = /^(localhost|127\.0\.0\.1|\[::1\])$/;
// Failures that prove the request never left this machine.
const NOT_SENT = /^(ECONNREFUSED|ENOTFOUND|EAI_AGAIN)$/;
function required(name, value) {
  if (typeof value === "string" && value) return value;
  throw new ConfigError(`${name} is required`);
}
/** Checks a read's retry options and returns its number of tries. */
function checkRetry(retry) {
  const { attempts = 3, baseDelayMs = 0, maxDelayMs = 0 } = retry;
  if (
    // NaN or Infinity would retry a read for ever.
    Number.isInteger(attempts) &&
    attempts > 0 &&
    attempts < 10 + 1 &&
    // A NaN or negative delay retries at once; a NaN maxDelayMs would let
    // any Retry-After, however long, be waited out.
    baseDelayMs >= 0 &&
    maxDelayMs >= 0
  ) {
    return attempts;
  }
  throw new ConfigError("retry is out of range");
}
// A NaN or negative margin would silently turn the early refresh off;
// Infinity means half the token's lifetime, the most it is ever given.
function checkMargin(value) {
  if (value >= 0) return value;
  throw new ConfigError("tokenRefreshMarginMs is out of range");
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
    (url.protocol != "https:" &&
      !(url.protocol == "http:" && (insecure || LOCAL_HOST.test(url.hostname))))
  ) {
    throw new ConfigError(
      `${name} must be an https URL without credentials, query or fragment (http: localhost or allowInsecureHttp)`,
    );
  }
  return text.replace(/\/+$/, "");
}
function join(base, path) {
  return base + (path[0] == "/" ? "" : "/") + path;
}
function notSent(error) {
  for (let depth = 0; depth < 8 && error; depth++) {
    if (NOT_SENT.test(String(error.code))) return true;
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
              typeof item == "number" &&
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
 * An error answer's body for {@link ApiError}: parsed when it is JSON that
 * parses exactly, else its first 4 KB of text (where an id too long for a
 * number keeps its digits); either way without the token a server may have
 * echoed, however it escaped it (see {@link redactText}: `\/` from PHP,
 * `\u002B` from .NET, `%2B` in a URL), and numbers keep their digits as
 * written.
 */
function errorBody(text, token) {
  const clean = redactText(text, [token]);
  const value = parseExact(clean);
  return value === undefined ? clean.slice(0, 4096) : value;
}
/**
 * Creates a transport. Validates the options at once (throwing
 * {@link ConfigError} that names the option, never its value).
 *
 * @param options - Client options from the caller.
 * @param defaults - The generated package's plan and token path.
 */
export function createTransport(options, defaults) {
  const insecure = !!options.allowInsecureHttp;
  const clock = options.clock ?? systemClock;
  const random = options.random ?? Math.random;
  const timeoutMs = checkTimeout(options.timeoutMs ?? 30_000);
  const baseUrl = checkUrl("baseUrl", options.baseUrl, insecure);
  // Looked up per call, so a fetch patched later (MSW) is still used.
  const fetchFn = options.fetch ?? ((input, init) => fetch(input, init));
  const custom = options.getAccessToken;
  const getToken = custom
    ? (stale, signal) => {
        // As the built-in source: a caller that gave up asks for nothing,
        // and one that gives up meanwhile waits for no provider that
        // ignores the signal.
        signal?.throwIfAborted();
        return abortable(
          // Promise.resolve: a JavaScript caller may return a plain string.
          Promise.resolve(
            custom({ forceRefresh: stale !== undefined, signal }),
          ).then(checkToken),
          signal,
        );
      }
    : createTokenSource({
        tokenUrl: join(
          checkUrl("authUrl", options.authUrl, insecure),
          defaults.tokenPath,
        ),
        clientId: required("clientId", options.clientId),
        clientSecret: required("clientSecret", options.clientSecret),
        scope: options.scope,
        fetch: fetchFn,
        timeoutMs,
        refreshMarginMs: checkMargin(options.tokenRefreshMarginMs ?? 60_000),
        now: () => clock.now(),
        sleep: (ms) => clock.sleep(ms),
        store: options.store,
      });
  const rate = options.rateLimit ?? "wait";
  // The bank counts a plan per client id; a token provider's calls by base URL alone.
  const window = options.store && {
    store: options.store,
    key: `rate ${custom ? "" : options.clientId} ${baseUrl}`,
  };
  const limiter =
    rate === false
      ? undefined
      : typeof rate === "object"
        ? createLimiter(
            rate.limit,
            rate.intervalMs,
            rate.mode ?? "wait",
            clock,
            window,
          )
        : createLimiter(
            defaults.plan.limit,
            defaults.plan.intervalMs,
            rate,
            clock,
            window,
          );
  const clientRetry = options.retry ?? {};
  checkRetry(clientRetry);
  const { onRequest, onResponse } = options;
  return {
    async call(operation, body, callOptions = {}) {
      const { signal } = callOptions;
      signal?.throwIfAborted();
      const name = operation.name;
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
      const ms = checkTimeout(callOptions.timeoutMs ?? timeoutMs);
      const url = join(baseUrl, operation.path);
      const payload = JSON.stringify(body); // once, reused by every send
      let stale;
      let replayed = false;
      let sent = 0;
      for (let tries = 1; ; tries++) {
        // The token first, then the slot, then fetch with no wait between:
        // the bank counts requests as they arrive, so a slot is taken only
        // just before its request is sent, however long a token took to
        // come, and held until one window after the call settles.
        let permit;
        let headers;
        let token;
        try {
          // A cached token comes back as a string: no await, no extra turn.
          let got = getToken(stale, signal);
          stale = undefined;
          // After a wait for its turn the built-in token may have expired,
          // so it is asked for again: a cached one comes back at once and
          // goes. A new one is awaited still holding the slot (a failure
          // meanwhile gives it back once, below); then the slot is given
          // back and the next turn used unchecked (so this ends, even with
          // tokens shorter than a wait). getAccessToken is not asked again:
          // its answer is always a promise, so every turn would be lost.
          for (let checked = custom; ; checked = true) {
            got = typeof got === "string" ? got : await got;
            permit?.release();
            const turn = limiter?.acquire(signal, name, ms);
            if (!(turn instanceof Promise)) {
              permit = turn;
              break;
            }
            permit = await turn;
            if (!checked) got = getToken(stale, signal);
            if (typeof got === "string") break;
          }
          token = got;
          headers = requestHeaders(callOptions.headers, token);
          signal?.throwIfAborted(); // not sent yet: a plain abort, even for writes
          if (onRequest) {
            emit(onRequest, {
              operation: name,
              method: "POST",
              url,
              headers: redactHeaders(headers, [token]),
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
        const timer = setTimeout(() => controller.abort(), ms);
        const onAbort = () => controller.abort(signal?.reason);
        signal?.addEventListener("abort", onAbort);
        const started = clock.now();
        let response;
        let text = "";
        let failure;
        try {
          const res = await fetchFn(url, {
            method: "POST",
            headers,
            body: payload,
            // A redirect is not the operation's own answer, and following
            // one would send the transfer on, or fetch another resource
            // and read its answer as the transfer's.
            redirect: "manual",
            signal: controller.signal,
          });
          if (onResponse) {
            emit(onResponse, {
              operation: name,
              status: res.status,
              headers: redactHeaders(res.headers, [token]),
              attempt: sent,
              durationMs: clock.now() - started,
            });
          }
          text = await res.text();
          response = res;
        } catch (error) {
          failure = error;
        } finally {
          clearTimeout(timer);
          signal?.removeEventListener("abort", onAbort);
        }
        // Settled: its slot stays taken one window from now (the bank may
        // have counted it as late as this), unless it provably never left.
        if (!response && !controller.signal.aborted && notSent(failure)) {
          permit?.release();
        } else {
          permit?.settle();
        }
        let error;
        let retryAfter;
        if (!response) {
          if (signal?.aborted) {
            throw isWrite
              ? new OutcomeUnknownError(name, body, { cause: signal.reason })
              : signal.reason;
          }
          // Not the caller's abort (above), so the timer's.
          const timedOut = controller.signal.aborted;
          error = timedOut
            ? new TimeoutError(name, ms)
            : new NetworkError(name, { cause: failure });
          // A write that provably never left fails plainly (a read is retried).
          if ((timedOut || !notSent(failure)) && isWrite) {
            throw new OutcomeUnknownError(name, body, { cause: error });
          }
        } else {
          const { status } = response;
          // Only a fetch that ignores `redirect: "manual"` (a custom one)
          // gets here redirected: what it answers is another resource's,
          // never the operation's (a read's result, or a write's outcome).
          const redirected = response.redirected;
          if (response.ok && !redirected) {
            // An object response reads an empty body as `{}`; a body that is
            // not what the operation's type says fails below, never silently.
            const anyJson = operation.response == "json";
            if (!text && !anyJson) return {};
            // Unread when it is not JSON, is not the type's kind of value,
            // or holds a number that would not parse exactly.
            const data = parseExact(text);
            if (
              data !== undefined &&
              (anyJson ||
                (data && typeof data == "object" && !Array.isArray(data)))
            ) {
              return data;
            }
          }
          if (status === 401 && !redirected) {
            // The bank did not act on a 401: refresh once and replay once.
            // A 401 is the answer of the token check, which runs before the
            // operation (at the bank or a gateway in front of it): a bank
            // acting and then answering 401 would break the rule every 4xx
            // here relies on. A redirect's 401 is excluded above.
            if (replayed) {
              throw new AuthError(
                `${name} failed with HTTP 401 after a token refresh`,
                {
                  status,
                },
              );
            }
            replayed = true;
            stale = token;
            tries--;
            continue;
          }
          // A body echoing the token must not carry it into the error.
          error = new ApiError(name, status, errorBody(text, token));
          const now = clock.now();
          // Honoured for any retried status (e.g. 503); a 429's also pauses the limiter.
          retryAfter = parseRetryAfter(
            response.headers.get("retry-after"),
            now,
          );
          if (status === 429) {
            // An unknown retryAfter compares false.
            if (retryAfter >= 0) limiter?.pause(now + retryAfter);
            error = new RateLimitError(name, retryAfter, { cause: error });
          }
          // Only a 4xx says the bank did not act on a write. A 2xx is done
          // but unreadable; a 5xx (the bank's own or a gateway's), a 3xx
          // and a browser's status 0 for a redirect do not say the
          // transfer was not made.
          if (isWrite && (redirected || !(status >= 400 && status < 500))) {
            throw new OutcomeUnknownError(name, body, { cause: error });
          }
          if (!isRetryableStatus(status)) throw error;
        }
        // Only reads get here with attempts > 1, so with `retry`; an
        // unknown retryAfter compares false.
        if (tries >= attempts || retryAfter > (retry.maxDelayMs ?? 10_000)) {
          throw error;
        }
        await clock.sleep(
          retryAfter ?? backoffDelay(tries, retry, random),
          signal,
        );
      }
    },
  };
}
