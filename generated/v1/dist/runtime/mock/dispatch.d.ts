// Copied by remitgen from its runtime (src/runtime/mock/dispatch.ts). DO NOT EDIT.

/**
 * Which part of the mock answers a request: the token endpoint, an
 * operation, or nobody (a 404 that names the served paths, never the
 * caller's path). Also how the mock shows a path: only its own segments.
 *
 * @packageDocumentation
 */
import type { MockApi, MockOperation } from "./engine.js";
import type { Refuse } from "./answers.js";
import { type Tokens } from "./tokens.js";
/**
 * What a shown path (the mock's answers, the server's log) has in place of
 * a segment the mock did not write itself: the caller's bytes, which may
 * be a token or a secret put in the path (`/send_txns/<token>`).
 */
export declare const HIDDEN_SEGMENT = "[redacted]";
/** The path segments of `urls`: the only ones a shown path repeats. */
export declare function routeSegments(urls: Iterable<string>): Set<string>;
/**
 * `path` as the mock may show it: each segment that is one of the mock's
 * own (`known`, see {@link routeSegments}) as it is, every other one as
 * {@link HIDDEN_SEGMENT}. `/get_acct_title/eyJhbGci…` is shown
 * `/get_acct_title/[redacted]`.
 */
export declare function maskPath(
  path: string,
  known: ReadonlySet<string>,
): string;
/** Where the token endpoint and each operation are served. */
export declare class Routes {
  #private;
  readonly tokenUrl: string;
  /** @throws Error when two operations share a name or a URL. */
  constructor(api: MockApi, baseUrl: string, authUrl: string);
  /** What `url` is served by: the token endpoint, an operation, or nothing. */
  route(url: URL): "token" | MockOperation | undefined;
  /** Absolute URL of an operation. @throws Error for an unknown name. */
  urlFor(operation: string): string;
  /**
   * The answer to a URL nothing serves. Never the caller's path: it may
   * carry a credential. Under a route (`/send_txns/<token>`,
   * `/oauth2/token/<secret>`) or holding one of the mock's secrets, it is
   * refused as a credential in the query is.
   */
  unrouted(url: URL, tokens: Tokens, refuse: Refuse): Response;
}
