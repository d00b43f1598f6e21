/**
 * Errors thrown by the client. Every error is a {@link ClientError} with a
 * stable `code`, so callers can branch without string-matching messages.
 *
 * No error, message, property or `cause` carries the client secret, an
 * access token or an `Authorization` header value.
 *
 * @packageDocumentation
 */
import type { JsonValue } from "./json.js";

/**
 * ES2022's `ErrorOptions`, spelled out: the declarations must compile for a
 * consumer whose `lib` is older (Node 16's ES2021 has no `ErrorOptions`).
 */
export interface CauseOptions {
  /** The error that led to this one. */
  cause?: unknown;
}

/**
 * Every {@link ClientError.code} the client's errors carry, so that a
 * `switch (error.code)` is checked (a type only: no runtime bytes).
 * `"CLIENT_ERROR"` is the base class's default; the client throws none.
 */
export type ClientErrorCode =
  | "API_ERROR"
  | "AUTH_ERROR"
  | "CONFIG_ERROR"
  | "NETWORK_ERROR"
  | "OUTCOME_UNKNOWN"
  | "RATE_LIMITED"
  | "CLIENT_ERROR"
  | "STORE_UNAVAILABLE"
  | "TIMEOUT";

/**
 * Base class of every error the client throws. Each generated package has
 * its own copy of these classes, so `instanceof` holds only for errors of
 * the same package's client: a program using several sets (or versions)
 * tells errors apart by {@link ClientError.code}.
 */
export class ClientError extends Error {
  /** Stable, machine-readable error code, e.g. `"OUTCOME_UNKNOWN"`. */
  declare readonly code: ClientErrorCode;

  /**
   * @param message - Human-readable description. Never include secrets.
   * @param code - Stable code; subclasses pass their own.
   * @param options - `{ cause }`, as the standard `ErrorOptions`.
   */
  constructor(
    message: string,
    code: ClientErrorCode = "CLIENT_ERROR",
    options?: CauseOptions,
  ) {
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
  declare readonly code: "API_ERROR";
  /** Name of the operation, e.g. `get_account`. */
  declare readonly operation: string;
  /** HTTP status code. */
  declare readonly status: number;
  /**
   * Response body, without the credentials the client sent: parsed JSON
   * when the whole body was read, else the first 4096 characters of its
   * text (`MAX_ERROR_BODY_TEXT_LENGTH`). Of an error status's body the
   * client reads at most 64 KiB (`MAX_ERROR_BODY_BYTES`).
   */
  declare readonly body: JsonValue;
  /** Whether the server sent more than {@link ApiError.body} holds. */
  declare readonly bodyTruncated: boolean;

  /**
   * @param operation - Operation name.
   * @param status - HTTP status.
   * @param body - Parsed response body or its text.
   * @param bodyTruncated - Whether the body was longer than `body` holds.
   */
  constructor(
    operation: string,
    status: number,
    body: JsonValue,
    bodyTruncated = false,
  ) {
    super(`${operation} failed with HTTP ${status}`, "API_ERROR");
    this.name = "ApiError";
    this.operation = operation;
    this.status = status;
    this.body = body;
    this.bodyTruncated = bodyTruncated;
  }
}

/**
 * An {@link ApiError} of a status the API's description states, its body
 * typed as the description states it (the client does not check it), e.g.
 * `ApiErrorOf<404, Problem>`.
 */
export interface ApiErrorOf<Status extends number, Body> extends Omit<
  ApiError,
  "status" | "body"
> {
  readonly status: Status;
  readonly body: Body;
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
export function isApiError<Stated extends ApiErrorOf<number, unknown>>(
  error: unknown,
  operation: string,
  statuses: readonly number[],
): error is Stated {
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
  declare readonly code: "AUTH_ERROR";
  /** HTTP status from the token endpoint or operation, when there was one. */
  declare readonly status: number | undefined;
  /** OAuth 2.0 `error` code from the token endpoint (RFC 6749 §5.2), if sent. */
  declare readonly error: string | undefined;
  /** OAuth 2.0 `error_description`, if sent (any echoed secret is removed). */
  declare readonly errorDescription: string | undefined;

  /**
   * @param message - Description, without secrets.
   * @param details - Status and OAuth error fields, when known.
   * @param options - `{ cause }`; must not carry secrets.
   */
  constructor(
    message: string,
    details: {
      status?: number | undefined;
      error?: string | undefined;
      errorDescription?: string | undefined;
    } = {},
    options?: CauseOptions,
  ) {
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
  declare readonly code: "RATE_LIMITED";
  /** Name of the operation refused. */
  declare readonly operation: string;
  /** Milliseconds until a call may be sent again; `undefined` if the server did not say. */
  declare readonly retryAfterMs: number | undefined;

  /**
   * @param operation - Operation name.
   * @param retryAfterMs - Wait before trying again, if known.
   * @param options - `{ cause }`: the server's 429 as an {@link ApiError};
   * none when the client's own limit refused the call (it was not sent).
   */
  constructor(
    operation: string,
    retryAfterMs: number | undefined,
    options?: CauseOptions,
  ) {
    // The same words for both: `cause` tells the server's 429 apart.
    super(`${operation} failed: rate limited`, "RATE_LIMITED", options);
    this.name = "RateLimitError";
    this.operation = operation;
    this.retryAfterMs = retryAfterMs;
  }
}

/** A read operation did not complete within `timeoutMs`. */
export class TimeoutError extends ClientError {
  declare readonly code: "TIMEOUT";
  /** Name of the operation. */
  declare readonly operation: string;
  /** The timeout that elapsed, in milliseconds. */
  declare readonly timeoutMs: number;

  /**
   * @param operation - Operation name.
   * @param timeoutMs - The timeout that elapsed.
   */
  constructor(operation: string, timeoutMs: number) {
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
  declare readonly code: "NETWORK_ERROR";
  /** Name of the operation. */
  declare readonly operation: string;

  /**
   * @param operation - Operation name.
   * @param options - `{ cause }`: the underlying fetch error.
   */
  constructor(operation: string, options?: CauseOptions) {
    super(`${operation} failed: network error`, "NETWORK_ERROR", options);
    this.name = "NetworkError";
    this.operation = operation;
  }
}

/** Options of an {@link OutcomeUnknownError}. */
export interface OutcomeUnknownOptions extends CauseOptions {
  /**
   * The method of the set's status operation, e.g.
   * `getTransactionStatus`; `undefined` when the set has none.
   */
  statusOperation?: string | undefined;
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
  declare readonly code: "OUTCOME_UNKNOWN";
  /** Name of the write operation. */
  declare readonly operation: string;
  /** The body the caller passed, to identify the write when reconciling. */
  declare readonly requestBody: unknown;
  /**
   * The client method that reconciles the write (the set's status
   * operation); `undefined` when the set has none.
   */
  declare readonly statusOperation: string | undefined;

  /**
   * @param operation - Operation name.
   * @param requestBody - The body the caller passed.
   * @param options - `{ cause }`: what happened (timeout, abort, network
   * error, ApiError); `statusOperation`: the set's status method, if any.
   */
  constructor(
    operation: string,
    requestBody: unknown,
    options: OutcomeUnknownOptions = {},
  ) {
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
  declare readonly code: "CONFIG_ERROR";
  /** @param message - Names the option; never echoes its value. */
  constructor(message: string) {
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
  declare readonly code: "STORE_UNAVAILABLE";
  /** Name of the operation not sent. */
  declare readonly operation: string;
  /** The store's name, e.g. `"redis store"`. */
  declare readonly store: string;

  /**
   * @param operation - Operation name.
   * @param store - The store's name.
   * @param options - `{ cause }`: the store's error, if it gave one.
   */
  constructor(operation: string, store: string, options?: CauseOptions) {
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
