// Copied by remitgen from its runtime (src/runtime/errors.ts). DO NOT EDIT.

/**
 * Base class of every error the client throws. Each generated package has
 * its own copy of these classes, so `instanceof` holds only for errors of
 * the same package's client: a program using several sets (or versions)
 * tells errors apart by {@link ClientError.code}.
 */
export class ClientError extends Error {
  /**
   * @param message - Human-readable description. Never include secrets.
   * @param code - Stable code; subclasses pass their own.
   * @param options - `{ cause }`, as the standard `ErrorOptions`.
   */
  constructor(message, code = "CLIENT_ERROR", options) {
    super(message, options);
    this.code = code;
    // Literal names: minifiers rename classes, so `constructor.name` is unreliable.
    this.name = "ClientError";
  }
}
/**
 * The server answered an operation with an error status, or a read with an
 * answer the client cannot use (a redirect, an unreadable 2xx body). For a
 * write only a 4xx: any other answer is an {@link OutcomeUnknownError}.
 *
 * A package declares, for each operation that states its error answers, a
 * union of them typed by status ({@link ApiErrorOf}, e.g.
 * `GetAccountError`) and a guard that narrows to it (`isGetAccountError`,
 * see {@link isApiError}).
 */
export class ApiError extends ClientError {
  /**
   * @param operation - Operation name.
   * @param status - HTTP status.
   * @param body - Parsed response body or its text.
   * @param bodyTruncated - Whether the body was longer than `body` holds.
   */
  constructor(operation, status, body, bodyTruncated = false) {
    super(`${operation} failed with HTTP ${status}`, "API_ERROR");
    this.name = "ApiError";
    this.operation = operation;
    this.status = status;
    this.body = body;
    this.bodyTruncated = bodyTruncated;
  }
}
/**
 * Whether `error` is an {@link ApiError} of `operation` whose status is one
 * of `statuses` and whose body was read whole: an error answer the API's
 * description states, so its body may be read as the type it states. The
 * generated guards (`isGetAccountError`) call it with their operation's
 * statuses.
 *
 * @param error - What a call rejected with.
 * @param operation - The operation's name, e.g. `get_account`.
 * @param statuses - The error statuses its description states.
 */
export function isApiError(error, operation, statuses) {
  return (
    error instanceof ApiError &&
    error.operation === operation &&
    statuses.includes(error.status) &&
    !error.bodyTruncated
  );
}
/**
 * Authentication failed: the token endpoint refused or failed, returned no
 * usable token, or the server refused the credentials (for tokens, a freshly
 * issued one: a second 401).
 */
export class AuthError extends ClientError {
  /**
   * @param message - Description, without secrets.
   * @param details - Status and OAuth error fields, when known.
   * @param options - `{ cause }`; must not carry secrets.
   */
  constructor(message, details = {}, options) {
    super(message, "AUTH_ERROR", options);
    this.name = "AuthError";
    this.status = details.status;
    this.error = details.error;
    this.errorDescription = details.errorDescription;
  }
}
/**
 * A rate limit was hit: the client-side limiter in `"reject"` mode refused
 * the call unsent, or the server answered 429 (the `cause`, an
 * {@link ApiError}) and the call was not (or no longer) retried.
 */
export class RateLimitError extends ClientError {
  /**
   * @param operation - Operation name.
   * @param retryAfterMs - Wait before trying again, if known.
   * @param options - `{ cause }`: the server's 429 as an {@link ApiError};
   * none when the client's own limit refused the call (it was not sent).
   */
  constructor(operation, retryAfterMs, options) {
    // The same words for both: `cause` tells the server's 429 apart.
    super(`${operation} failed: rate limited`, "RATE_LIMITED", options);
    this.name = "RateLimitError";
    this.operation = operation;
    this.retryAfterMs = retryAfterMs;
  }
}
/** A read operation did not complete within `timeoutMs`. */
export class TimeoutError extends ClientError {
  /**
   * @param operation - Operation name.
   * @param timeoutMs - The timeout that elapsed.
   */
  constructor(operation, timeoutMs) {
    super(`${operation} timed out after ${timeoutMs} ms`, "TIMEOUT");
    this.name = "TimeoutError";
    this.operation = operation;
    this.timeoutMs = timeoutMs;
  }
}
/**
 * The request failed at the network level. For a write this is thrown only
 * when the request clearly never left (connection refused, DNS failure, the
 * server's certificate refused by the client's own TLS check), so it is
 * safe to send the write again.
 */
export class NetworkError extends ClientError {
  /**
   * @param operation - Operation name.
   * @param options - `{ cause }`: the underlying fetch error.
   */
  constructor(operation, options) {
    super(`${operation} failed: network error`, "NETWORK_ERROR", options);
    this.name = "NetworkError";
    this.operation = operation;
  }
}
/**
 * A write may or may not have been carried out by the server: it timed
 * out, was aborted in flight, lost its connection, met a 5xx answer (the
 * server's own or a gateway's: neither says the write was not carried out)
 * or a redirect, or got a 2xx answer it could not read.
 * The client never resends a write. Check its outcome with the set's
 * status operation ({@link OutcomeUnknownError.statusOperation}), or with
 * the API's owner by other means where the set has none, and reconcile
 * before deciding to send again.
 */
export class OutcomeUnknownError extends ClientError {
  /**
   * @param operation - Operation name.
   * @param requestBody - The body the caller passed.
   * @param options - `{ cause }`: what happened (timeout, abort, network
   * error, ApiError); `statusOperation`: the set's status method, if any.
   */
  constructor(operation, requestBody, options = {}) {
    const { statusOperation, ...causeOptions } = options;
    const reconcile =
      statusOperation === undefined
        ? "reconcile by other means (this API set has no status operation)"
        : `reconcile with ${statusOperation}`;
    super(
      `${operation}: outcome unknown, the server may have acted. Do not resend: ${reconcile}.`,
      "OUTCOME_UNKNOWN",
      causeOptions,
    );
    this.name = "OutcomeUnknownError";
    this.operation = operation;
    this.requestBody = requestBody;
    this.statusOperation = statusOperation;
  }
}
/** The client was created with missing or invalid options. */
export class ConfigError extends ClientError {
  /** @param message - Names the option; never echoes its value. */
  constructor(message) {
    super(message, "CONFIG_ERROR");
    this.name = "ConfigError";
  }
}
/**
 * The client's store (the `store` option, e.g. Redis) did not answer, or
 * answered too slowly, so the call could not be counted against the plan
 * and was not sent. Only in `"reject"` mode: waiting, a call waits for the
 * store to come back. The message names the store, never its address or
 * credentials; `cause` is the store's own error.
 */
export class StoreError extends ClientError {
  /**
   * @param operation - Operation name.
   * @param store - The store's name.
   * @param options - `{ cause }`: the store's error, if it gave one.
   */
  constructor(operation, store, options) {
    super(
      `${operation} was not sent: the ${store} is unavailable, so the call could not be counted against the rate limit`,
      "STORE_UNAVAILABLE",
      options,
    );
    this.name = "StoreError";
    this.operation = operation;
    this.store = store;
  }
}
