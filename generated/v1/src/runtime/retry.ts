// Copied by remitgen from its runtime (src/runtime/retry.ts). DO NOT EDIT.

/**
 * Retry policy for read operations: which failures are retried and how long
 * to wait. Writes are never retried (see `transport.ts`).
 *
 * @packageDocumentation
 */

/** How read operations are retried. */
export interface RetryOptions {
  /** Total tries, including the first: a whole number from 1 to 10. Default 3; 1 disables retrying. */
  attempts?: number;
  /** Backoff base in milliseconds. Default 200. */
  baseDelayMs?: number;
  /**
   * Longest wait between tries, in milliseconds. Default 10000. A
   * `Retry-After` longer than this ends the retries instead of blocking.
   */
  maxDelayMs?: number;
}

/**
 * Whether a read meeting this status is retried: 429, 502, 503 and 504.
 *
 * @param status - HTTP status.
 */
export function isRetryableStatus(status: number): boolean {
  return status === 429 || (status >= 502 && status <= 504);
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
  const cap = Math.min(
    options.maxDelayMs ?? 10_000,
    (options.baseDelayMs ?? 200) * 2 ** (retry - 1),
  );
  return random() * cap;
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
  let ms: number;
  if (/^\d+$/.test(text)) ms = Number(text) * 1000;
  else if (HTTP_DATE.test(text)) ms = Date.parse(text) - now;
  // asctime's date is UTC, but Date.parse would read it as local time.
  else if (ASCTIME_DATE.test(text)) ms = Date.parse(text + " GMT") - now;
  // Anything else (-1, 1.5, a date in another form) is unreadable, not
  // "now": Date.parse would read "-1" as the year -1.
  else return undefined;
  // A date in the past means "now"; NaN (an impossible date) means unknown.
  return ms >= 0 ? ms : ms < 0 ? 0 : undefined;
}

/** IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`) and RFC 850 (`Sunday, 06-Nov-94 08:49:37 GMT`), RFC 9110 §5.6.7. */
const HTTP_DATE =
  /^[A-Za-z]{3,9}, \d{2}[ -][A-Za-z]{3}[ -]\d{2}(?:\d{2})? \d{2}:\d{2}:\d{2} GMT$/;
/** asctime (`Sun Nov  6 08:49:37 1994`), RFC 9110 §5.6.7. */
const ASCTIME_DATE =
  /^[A-Za-z]{3} [A-Za-z]{3} [ \d]\d \d{2}:\d{2}:\d{2} \d{4}$/;
