// Copied by remitgen from its runtime (src/runtime/parameters.ts). DO NOT EDIT.

/**
 * Path, query and header parameters, filled into a request. Only
 * operations that have parameters import this module, so a program calling
 * none of them carries none of it.
 *
 * @packageDocumentation
 */
import { ConfigError } from "./errors.js";
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

/** A value as text: numbers must be finite, anything else is refused. */
function text(name: string, value: unknown): string {
  if (
    typeof value === "string" ||
    typeof value === "boolean" ||
    (typeof value === "number" && Number.isFinite(value))
  ) {
    return String(value);
  }
  // Never the value: it may be anything, a secret included.
  throw new ConfigError(`parameter ${name} is out of range`);
}

/** A list's items (a scalar is a list of one), each as text. */
function texts(name: string, value: unknown): string[] {
  return (Array.isArray(value) ? value : [value]).map((item: unknown) =>
    text(name, item),
  );
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
export function withParameters(values: ParameterValues): RequestParameters {
  return (template) => {
    const path = template.replace(/\{([^{}]+)\}/g, (_, name: string) => {
      const segment = encodeURIComponent(text(name, values.path?.[name]));
      if (segment === "" || segment === "." || segment === "..") {
        throw new ConfigError(`parameter ${name} is out of range`);
      }
      return segment;
    });
    const query: string[] = [];
    for (const [name, value] of Object.entries(values.query ?? {})) {
      if (value === undefined) continue;
      for (const item of texts(name, value)) {
        query.push(`${encodeURIComponent(name)}=${encodeURIComponent(item)}`);
      }
    }
    let headers: Record<string, string> | undefined;
    for (const [name, value] of Object.entries(values.headers ?? {})) {
      if (value === undefined) continue;
      const joined = texts(name, value).join(", ");
      try {
        new Headers([[name, joined]]);
      } catch {
        throw new ConfigError(`parameter ${name} is out of range`);
      }
      (headers ??= {})[name.toLowerCase()] = joined;
    }
    return {
      path: query.length > 0 ? `${path}?${query.join("&")}` : path,
      headers,
    };
  };
}
