// Copied by remitgen from its runtime (src/runtime/parameters.ts). DO NOT EDIT.

import type { RequestParameters } from "./transport.js";
/** A value a parameter takes. */
export type ParameterValue = string | number | boolean;
/** One operation's parameter values, by where they go and their names as sent. */
export interface ParameterValues {
  readonly path?: Readonly<Record<string, ParameterValue>>;
  readonly query?: Readonly<
    Record<string, ParameterValue | readonly ParameterValue[] | undefined>
  >;
  readonly headers?: Readonly<
    Record<string, ParameterValue | readonly ParameterValue[] | undefined>
  >;
}
/**
 * The parameters of one call, filled in when the call runs, so a bad value
 * rejects its promise with a {@link ConfigError} that names the parameter
 * (never its value) and nothing is sent:
 * - a path parameter is encoded whole as one segment
 *   (`encodeURIComponent`: a `/`, `?` or `#` in it stays inside it); an
 *   empty value, `.` and `..` are refused, as they would move the path;
 * - a query parameter is left out when `undefined`, and an array is
 *   repeated (`?tag=a&tag=b`);
 * - a header parameter is left out when `undefined`, an array is joined
 *   with `, `, and a value a header cannot hold (a line break) is refused.
 *
 * @param values - The operation's parameter values, by where they go.
 */
export declare function withParameters(
  values: ParameterValues,
): RequestParameters;
