// Copied by remitgen from its runtime (src/runtime/mock/dispatch.ts). DO NOT EDIT.

/**
 * Which part of the mock answers a request: the token endpoint, an
 * operation (by method and path template, `/accounts/{accountId}`), or
 * nobody (a 404 that names the served paths, never the caller's path).
 * Also how the mock shows a path: only its own segments.
 *
 * @packageDocumentation
 */
import type { MockApi, MockMethod, MockOperation } from "./engine.js";
import type { Refuse } from "./answers.js";
import type { Credentials } from "./credentials.js";
/**
 * What a shown path (the mock's answers, the server's log) has in place of
 * a segment the mock did not write itself: the caller's bytes, which may
 * be a token or a secret put in the path (`/accounts/<token>`).
 */
export declare const HIDDEN_SEGMENT = "[redacted]";
/**
 * The path segments of `urls` (a template's `{name}` left out): the only
 * ones a shown path repeats.
 */
export declare function routeSegments(urls: Iterable<string>): Set<string>;
/**
 * `path` as the mock may show it: each segment that is one of the mock's
 * own (`known`, see {@link routeSegments}) as it is, every other one as
 * {@link HIDDEN_SEGMENT}. `/accounts/eyJhbGci…` is shown
 * `/accounts/[redacted]`.
 */
export declare function maskPath(
  path: string,
  known: ReadonlySet<string>,
): string;
/** A request an operation serves, and its path parameters as sent (percent-encoded). */
export interface RoutedCall {
  readonly operation: MockOperation;
  readonly pathParameters: ReadonlyMap<string, string>;
}
/** What serves a request. */
export type Route =
  | {
      readonly kind: "token";
    }
  | ({
      readonly kind: "operation";
    } & RoutedCall)
  /** The path is served, by other methods. */
  | {
      readonly kind: "method";
      readonly allow: readonly MockMethod[];
    }
  | {
      readonly kind: "none";
    };
/** Where the token endpoint and each operation are served. */
export declare class Routes {
  #private;
  /** Absolute URL of the token endpoint, for OAuth2 only. */
  readonly tokenUrl: string | undefined;
  /** @throws Error when two operations share a name, or a method and path. */
  constructor(api: MockApi, baseUrl: string, authUrl: string);
  /** What serves `method` at `url`. */
  route(url: URL, method: string): Route;
  /** Absolute URL of an operation. @throws Error for an unknown name. */
  urlFor(
    operation: string,
    parameters?: Readonly<Record<string, string | number | boolean>>,
  ): string;
  /**
   * The answer to a URL nothing serves. Never the caller's path: it may
   * carry a credential. Holding one of the mock's secrets, it is refused
   * as a credential in the query is.
   */
  unrouted(url: URL, credentials: Credentials, refuse: Refuse): Response;
  /** `path` as the mock may show it: its own segments only (see {@link maskPath}). */
  maskPath(path: string): string;
  /** The refusal of a method the path is not served by. */
  wrongMethod(url: URL, allow: readonly MockMethod[], refuse: Refuse): Response;
}
