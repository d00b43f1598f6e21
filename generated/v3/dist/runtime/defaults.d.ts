// Copied by remitgen from its runtime (src/runtime/defaults.ts). DO NOT EDIT.

/**
 * The client's defaults and limits, named once: the transport and the retry
 * policy use these constants, and remitgen prints their values in each
 * package's docs.
 *
 * @packageDocumentation
 */
/** Default time-out of one HTTP exchange, and of each token request, in ms. */
export declare const DEFAULT_TIMEOUT_MS = 30000;
/** Default time before a token's expiry at which a new one is asked for, in ms. */
export declare const DEFAULT_TOKEN_REFRESH_MARGIN_MS = 60000;
/** Default client-side rate-limit mode: a call over the limit waits for its turn. */
export declare const DEFAULT_RATE_LIMIT_MODE = "wait";
/** Default tries of a read, the first included. */
export declare const DEFAULT_RETRY_ATTEMPTS = 3;
/** The most tries of a read `retry.attempts` may ask for. */
export declare const MAX_RETRY_ATTEMPTS = 10;
/** Default backoff base between tries of a read, in ms. */
export declare const DEFAULT_RETRY_BASE_DELAY_MS = 200;
/** Default longest wait between tries of a read, in ms. */
export declare const DEFAULT_RETRY_MAX_DELAY_MS = 10000;
/**
 * Statuses on which a read is retried (besides network errors and
 * time-outs).
 */
export declare const RETRYABLE_STATUSES: readonly number[];
/**
 * The most bytes of an error answer's body the client reads (64 KiB):
 * enough for any error the server describes in JSON; the rest is not
 * downloaded. {@link ApiError.bodyTruncated} says when a body was longer.
 */
export declare const MAX_ERROR_BODY_BYTES = 65536;
/**
 * The most characters of an error answer's body kept as text, when it is
 * not JSON read whole (an HTML page from a gateway, a body cut at
 * {@link MAX_ERROR_BODY_BYTES}).
 */
export declare const MAX_ERROR_BODY_TEXT_LENGTH = 4096;
/**
 * How much longer than its time-out a call in flight holds its rate-limit
 * slot at most, in ms, should its client never settle it (a process that
 * died mid-call): covers a store's own delay in answering.
 */
export declare const STORE_LEASE_GRACE_MS = 5000;
/**
 * A slot the store gave out later than this after it was asked for is
 * given back and asked for again, in ms: a slow store's answer may come
 * too late for the slot's lease to cover the call.
 */
export declare const STORE_SLOW_MS = 2500;
/** First wait before a waiting call asks an unavailable store again, in ms (doubled each time). */
export declare const STORE_RETRY_MIN_MS = 100;
/** Longest wait before a waiting call asks an unavailable store again, in ms. */
export declare const STORE_RETRY_MAX_MS = 2000;
/** How often a client waiting for another's token request looks in the store for its token, in ms. */
export declare const TOKEN_LOCK_POLL_MS = 50;
/** Longest a Redis store's command may take before the store counts as unavailable, in ms. */
export declare const REDIS_COMMAND_TIMEOUT_MS = 1000;
/** Longest a call waiting for a slot of a Redis store sleeps before it asks again, in ms. */
export declare const REDIS_POLL_MS = 1000;
