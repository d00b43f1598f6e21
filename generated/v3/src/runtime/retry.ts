// Copied by remitgen from its runtime (src/runtime/retry.ts). DO NOT EDIT.

/**
 * Retry policy for read operations: which failures are retried and how long
 * to wait. Writes are never retried (see `transport.ts`).
 *
 * @packageDocumentation
 */
import {
  DEFAULT_RETRY_BASE_DELAY_MS,
  DEFAULT_RETRY_MAX_DELAY_MS,
  RETRYABLE_STATUSES,
  // Named by the TSDoc below.
  type DEFAULT_RETRY_ATTEMPTS,
  type MAX_RETRY_ATTEMPTS,
} from "./defaults.js";

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
export function isRetryableStatus(status: number): boolean {
  return RETRYABLE_STATUSES.includes(status);
}

/**
 * Exponential backoff with full jitter: a random wait in
 * `[0, min(maxDelayMs, baseDelayMs * 2^(retry - 1)))`.
 *
 * @param retry - 1 for the first retry, 2 for the second, ...
 * @param options - Base and maximum delay.
 * @param random - Source of numbers in `[0, 1)`, e.g. `Math.random`.
 */
export function backoffDelay(
  retry: number,
  options: RetryOptions,
  random: () => number,
): number {
  const maxDelayMs = options.maxDelayMs ?? DEFAULT_RETRY_MAX_DELAY_MS;
  const baseDelayMs = options.baseDelayMs ?? DEFAULT_RETRY_BASE_DELAY_MS;
  return random() * Math.min(maxDelayMs, baseDelayMs * 2 ** (retry - 1));
}

/**
 * Parses a `Retry-After` header (RFC 9110 §10.2.3): delay-seconds or an
 * HTTP date. Returns the wait in milliseconds (never negative), or
 * `undefined` when the header is absent or unreadable.
 *
 * @param value - Header value, or `null` when absent.
 * @param now - Current epoch milliseconds, to turn a date into a delay.
 */
export function parseRetryAfter(
  value: string | null,
  now: number,
): number | undefined {
  if (value === null) return undefined;
  const text = value.trim();
  // delay-seconds, or an HTTP date, which starts with a day's name
  // (RFC 9110 §5.6.7): Date.parse alone would read "-1" as the year -1
  // and "1.5" as a day in 2001, in the past, so "retry now". asctime's
  // date is UTC without saying so, and Date.parse would take local time.
  let delayMs: number;
  if (/^\d+$/.test(text)) {
    delayMs = Number(text) * 1000;
  } else if (/^[A-Z][a-z]{2}/.test(text)) {
    delayMs = Date.parse(/GMT$/.test(text) ? text : text + " GMT") - now;
  } else {
    return undefined;
  }
  if (Number.isNaN(delayMs)) return undefined; // not a date after all
  return Math.max(0, delayMs); // a date in the past means "now"
}
