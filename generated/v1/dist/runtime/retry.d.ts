// Copied by remitgen from its runtime (src/runtime/retry.ts). DO NOT EDIT.

/** How read operations are retried. */
export interface RetryOptions {
  /**
   * Total tries, including the first: a whole number from 1 to 10
   * ({@link MAX_RETRY_ATTEMPTS}). Default 3 ({@link DEFAULT_RETRY_ATTEMPTS});
   * 1 disables retrying.
   */
  attempts?: number;
  /**
   * Backoff base in milliseconds, 0 or more. Default 200
   * ({@link DEFAULT_RETRY_BASE_DELAY_MS}).
   */
  baseDelayMs?: number;
  /**
   * Longest wait between tries, in milliseconds, 0 or more (`Infinity`
   * waits for any `Retry-After`). Default 10000
   * ({@link DEFAULT_RETRY_MAX_DELAY_MS}). A `Retry-After` longer than this
   * ends the retries instead of blocking.
   */
  maxDelayMs?: number;
}
/**
 * Whether a read meeting this status is retried: 429, 502, 503 and 504
 * ({@link RETRYABLE_STATUSES}).
 *
 * @param status - HTTP status.
 */
export declare function isRetryableStatus(status: number): boolean;
/**
 * Exponential backoff with full jitter: a random wait in
 * `[0, min(maxDelayMs, baseDelayMs * 2^(retry - 1)))`.
 *
 * @param retry - 1 for the first retry, 2 for the second, ...
 * @param options - Base and maximum delay.
 * @param random - Source of numbers in `[0, 1)`, e.g. `Math.random`.
 */
export declare function backoffDelay(
  retry: number,
  options: RetryOptions,
  random: () => number,
): number;
/**
 * Parses a `Retry-After` header (RFC 9110 §10.2.3): delay-seconds or an
 * HTTP date. Returns the wait in milliseconds (never negative), or
 * `undefined` when the header is absent or unreadable.
 *
 * @param value - Header value, or `null` when absent.
 * @param now - Current epoch milliseconds, to turn a date into a delay.
 */
export declare function parseRetryAfter(
  value: string | null,
  now: number,
): number | undefined;
