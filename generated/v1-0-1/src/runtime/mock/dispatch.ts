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
import {
  ACCESS_TOKEN_IN_URL,
  CLIENT_CREDENTIALS_IN_URL,
  oauthError,
  type Tokens,
} from "./tokens.js";

/**
 * What a shown path (the mock's answers, the server's log) has in place of
 * a segment the mock did not write itself: the caller's bytes, which may
 * be a token or a secret put in the path (`/send_txns/<token>`).
 */
export const HIDDEN_SEGMENT = "[redacted]";

/** The path segments of `urls`: the only ones a shown path repeats. */
export function routeSegments(urls: Iterable<string>): Set<string> {
  const known = new Set(["", ".", ".."]);
  for (const url of urls) {
    for (const segment of new URL(url).pathname.split("/")) known.add(segment);
  }
  return known;
}

/**
 * `path` as the mock may show it: each segment that is one of the mock's
 * own (`known`, see {@link routeSegments}) as it is, every other one as
 * {@link HIDDEN_SEGMENT}. `/get_acct_title/eyJhbGci…` is shown
 * `/get_acct_title/[redacted]`.
 */
export function maskPath(path: string, known: ReadonlySet<string>): string {
  // "\\" parts segments too: WHATWG URLs read it as "/".
  return path.replace(/[^\\/]+/g, (segment) =>
    known.has(segment) ? segment : HIDDEN_SEGMENT,
  );
}

/**
 * origin + pathname: what routing compares. Query strings are ignored.
 * Percent-encodings are made canonical as RFC 3986 §6.2.2 says clients may
 * send them: `%c3` is `%C3`, and `%5F` is `_`.
 */
function routeKey(url: URL): string {
  return (
    url.origin +
    url.pathname.replace(/%[\da-f]{2}/gi, (escape) => {
      const char = String.fromCharCode(parseInt(escape.slice(1), 16));
      return /[\w.~-]/.test(char) ? char : escape.toUpperCase();
    })
  );
}

function joinUrl(base: string, path: string): URL {
  const root = new URL(base);
  const prefix = root.pathname.replace(/\/+$/, "");
  return new URL(
    `${root.origin}${prefix}${path.startsWith("/") ? path : `/${path}`}`,
  );
}

/** How many served paths a 404 lists; more are counted. */
const LISTED_PATHS = 20;

/** Where the token endpoint and each operation are served. */
export class Routes {
  readonly tokenUrl: string;
  readonly #tokenKey: string;
  /** Route key -> operation. */
  readonly #operations = new Map<string, MockOperation>();
  /** Operation name -> absolute URL. */
  readonly #urls = new Map<string, string>();
  /** Segments of the served paths, for {@link maskPath}. */
  readonly #segments: ReadonlySet<string>;

  /** @throws Error when two operations share a name or a URL. */
  constructor(api: MockApi, baseUrl: string, authUrl: string) {
    const tokenUrl = joinUrl(authUrl, api.tokenPath);
    this.tokenUrl = tokenUrl.href;
    this.#tokenKey = routeKey(tokenUrl);
    for (const op of api.operations) {
      const url = joinUrl(baseUrl, op.path);
      const key = routeKey(url);
      if (this.#operations.has(key) || key === this.#tokenKey) {
        throw new Error(`operation "${op.name}" shares its URL ${url.href}`);
      }
      if (this.#urls.has(op.name)) {
        throw new Error(`operation "${op.name}" is listed twice`);
      }
      this.#operations.set(key, op);
      this.#urls.set(op.name, url.href);
    }
    this.#segments = routeSegments([this.tokenUrl, ...this.#urls.values()]);
  }

  /** What `url` is served by: the token endpoint, an operation, or nothing. */
  route(url: URL): "token" | MockOperation | undefined {
    const key = routeKey(url);
    return key === this.#tokenKey ? "token" : this.#operations.get(key);
  }

  /** Absolute URL of an operation. @throws Error for an unknown name. */
  urlFor(operation: string): string {
    const url = this.#urls.get(operation);
    if (url === undefined) {
      throw new Error(
        `unknown operation "${operation}"; known: ${[...this.#urls.keys()].join(", ")}`,
      );
    }
    return url;
  }

  /**
   * The answer to a URL nothing serves. Never the caller's path: it may
   * carry a credential. Under a route (`/send_txns/<token>`,
   * `/oauth2/token/<secret>`) or holding one of the mock's secrets, it is
   * refused as a credential in the query is.
   */
  unrouted(url: URL, tokens: Tokens, refuse: Refuse): Response {
    const carried = this.#credentialInPath(url, tokens);
    if (carried === "client") {
      return oauthError(400, "invalid_request", CLIENT_CREDENTIALS_IN_URL);
    }
    if (carried === "token") {
      return refuse("invalid_request", ACCESS_TOKEN_IN_URL);
    }
    return refuse(
      "not_found",
      `No mocked operation at ${maskPath(url.pathname, this.#segments)}; ${this.#servedPaths()}`,
    );
  }

  /**
   * Whether an unrouted URL's path carries a credential: it goes on past
   * the token endpoint (client credentials) or an operation (a token), or
   * holds the client secret or an issued token anywhere.
   */
  #credentialInPath(url: URL, tokens: Tokens): "client" | "token" | undefined {
    const key = routeKey(url);
    for (
      let end = key.lastIndexOf("/");
      end > url.origin.length;
      end = key.lastIndexOf("/", end - 1)
    ) {
      // A trailing slash alone (`/send_txns/`) carries nothing.
      if (/^\/*$/.test(key.slice(end))) continue;
      const prefix = key.slice(0, end);
      if (prefix === this.#tokenKey) return "client";
      if (this.#operations.has(prefix)) return "token";
    }
    let path = url.pathname;
    try {
      path = decodeURIComponent(path);
    } catch {
      // Not UTF-8 once decoded: compared as sent.
    }
    return tokens.heldIn([path, url.pathname]);
  }

  /** The paths this mock serves, for a 404: the caller learns where to call. */
  #servedPaths(): string {
    const paths = [...this.#urls.values()].map((url) => new URL(url).pathname);
    const listed = paths.slice(0, LISTED_PATHS).join(", ");
    const more =
      paths.length > LISTED_PATHS
        ? ` and ${paths.length - LISTED_PATHS} more`
        : "";
    return `operations (POST): ${listed}${more}; token: POST ${new URL(this.tokenUrl).pathname}`;
  }
}
