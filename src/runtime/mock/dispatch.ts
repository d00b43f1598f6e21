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
import { CLIENT_CREDENTIALS_IN_URL, oauthError } from "./tokens.js";

/**
 * What a shown path (the mock's answers, the server's log) has in place of
 * a segment the mock did not write itself: the caller's bytes, which may
 * be a token or a secret put in the path (`/accounts/<token>`).
 */
export const HIDDEN_SEGMENT = "[redacted]";

/** A `{name}` of a path template. */
const PLACEHOLDER = /\{([^{}]*)\}/g;

/**
 * The path segments of `urls` (a template's `{name}` left out): the only
 * ones a shown path repeats.
 */
export function routeSegments(urls: Iterable<string>): Set<string> {
  const known = new Set(["", ".", ".."]);
  for (const url of urls) {
    const { pathname } = new URL(url.replace(PLACEHOLDER, ""));
    for (const segment of pathname.split("/")) known.add(segment);
  }
  return known;
}

/**
 * `path` as the mock may show it: each segment that is one of the mock's
 * own (`known`, see {@link routeSegments}) as it is, every other one as
 * {@link HIDDEN_SEGMENT}. `/accounts/eyJhbGci…` is shown
 * `/accounts/[redacted]`.
 */
export function maskPath(path: string, known: ReadonlySet<string>): string {
  // "\\" parts segments too: WHATWG URLs read it as "/".
  return path.replace(/[^\\/]+/g, (segment) =>
    known.has(segment) ? segment : HIDDEN_SEGMENT,
  );
}

/**
 * A path as routing compares it. Percent-encodings are made canonical as
 * RFC 3986 §6.2.2 says clients may send them: `%c3` is `%C3`, and `%5F`
 * is `_`.
 */
function canonical(path: string): string {
  return path.replace(/%[\da-f]{2}/gi, (escape) => {
    const char = String.fromCharCode(parseInt(escape.slice(1), 16));
    return /[\w.~-]/.test(char) ? char : escape.toUpperCase();
  });
}

/** A literal path segment percent-encoded as a URL encodes it, canonical. */
function encodedSegment(text: string): string {
  return canonical(new URL(`http://x/${text}`).pathname.slice(1));
}

/** `base` (absolute, no trailing "/") and `path` joined, as text: a template keeps its braces. */
function joinPath(base: string, path: string): string {
  return `${base}${path.startsWith("/") ? path : `/${path}`}`;
}

/**
 * One level of the route tree: literal segments by their canonical text,
 * then templated segments (`{id}`, `{name}.json`) in spec order, and the
 * operations served where a path ends here, by method.
 */
interface RouteNode {
  readonly literals: Map<string, RouteNode>;
  readonly templated: { readonly match: RegExp; readonly node: RouteNode }[];
  readonly operations: Map<string, ServedOperation>;
}

interface ServedOperation {
  readonly operation: MockOperation;
  /** Its path parameters' names, in template order. */
  readonly names: readonly string[];
}

/** A request an operation serves, and its path parameters as sent (percent-encoded). */
export interface RoutedCall {
  readonly operation: MockOperation;
  readonly pathParameters: ReadonlyMap<string, string>;
}

/** What serves a request. */
export type Route =
  | { readonly kind: "token" }
  | ({ readonly kind: "operation" } & RoutedCall)
  /** The path is served, by other methods. */
  | { readonly kind: "method"; readonly allow: readonly MockMethod[] }
  | { readonly kind: "none" };

const newNode = (): RouteNode => ({
  literals: new Map(),
  templated: [],
  operations: new Map(),
});

/** How many served paths a 404 lists; more are counted. */
const LISTED_PATHS = 20;

/** Where the token endpoint and each operation are served. */
export class Routes {
  /** Absolute URL of the token endpoint, for OAuth2 only. */
  readonly tokenUrl: string | undefined;
  readonly #tokenKey: string | undefined;
  /** The base URL's origin and path, canonical, without a trailing "/". */
  readonly #base: string;
  readonly #baseHref: string;
  readonly #root = newNode();
  /** Operation name -> its method and absolute path template. */
  readonly #templates = new Map<string, { method: string; url: string }>();
  /** Segments of the served paths, for {@link maskPath}. */
  readonly #segments: ReadonlySet<string>;

  /** @throws Error when two operations share a name, or a method and path. */
  constructor(api: MockApi, baseUrl: string, authUrl: string) {
    if (api.auth.scheme === "oauth2-client-credentials") {
      const tokenUrl = new URL(joinPath(authUrl, api.auth.tokenPath));
      this.tokenUrl = tokenUrl.href;
      this.#tokenKey = canonical(tokenUrl.origin + tokenUrl.pathname);
    }
    this.#baseHref = baseUrl;
    this.#base = canonical(baseUrl);
    for (const op of api.operations) {
      if (this.#templates.has(op.name)) {
        throw new Error(`operation "${op.name}" is listed twice`);
      }
      const url = joinPath(baseUrl, op.path);
      this.#templates.set(op.name, { method: op.method, url });
      this.#add(op);
    }
    this.#segments = routeSegments([
      ...(this.tokenUrl !== undefined ? [this.tokenUrl] : []),
      ...[...this.#templates.values()].map(({ url }) => url),
    ]);
  }

  #add(op: MockOperation): void {
    let node = this.#root;
    const names: string[] = [];
    const path = joinPath("", op.path);
    for (const segment of path.split("/").slice(1)) {
      const parts = segment.split(PLACEHOLDER);
      if (parts.length === 1) {
        const key = encodedSegment(segment);
        let next = node.literals.get(key);
        if (next === undefined) node.literals.set(key, (next = newNode()));
        node = next;
        continue;
      }
      // Odd parts are names, even ones literal text around them.
      const source = parts
        .map((part, i) => {
          if (i % 2 === 1) {
            names.push(part);
            return "([^/]+?)";
          }
          return encodedSegment(part).replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
        })
        .join("");
      const match = new RegExp(`^${source}$`);
      let entry = node.templated.find(
        (each) => each.match.source === match.source,
      );
      if (entry === undefined) {
        entry = { match, node: newNode() };
        node.templated.push(entry);
      }
      node = entry.node;
    }
    const template = joinPath(this.#baseHref, op.path);
    const url = new URL(template);
    const atToken =
      names.length === 0 &&
      canonical(url.origin + url.pathname) === this.#tokenKey;
    if (node.operations.has(op.method) || atToken) {
      throw new Error(
        `operation "${op.name}" shares its URL ${template} (${op.method})`,
      );
    }
    node.operations.set(op.method, { operation: op, names });
  }

  /** What serves `method` at `url`. */
  route(url: URL, method: string): Route {
    const key = canonical(url.origin + url.pathname);
    if (key === this.#tokenKey) return { kind: "token" };
    if (!key.startsWith(`${this.#base}/`)) return { kind: "none" };
    const segments = key.slice(this.#base.length + 1).split("/");
    const allow = new Set<MockMethod>();
    for (const [node, captured] of matches(this.#root, segments, 0, [])) {
      const served = node.operations.get(method);
      if (served !== undefined) {
        const pathParameters = new Map<string, string>();
        served.names.forEach((name, i) =>
          pathParameters.set(name, captured[i] as string),
        );
        return {
          kind: "operation",
          operation: served.operation,
          pathParameters,
        };
      }
      for (const each of node.operations.keys()) allow.add(each as MockMethod);
    }
    return allow.size > 0
      ? { kind: "method", allow: [...allow] }
      : { kind: "none" };
  }

  /** Absolute URL of an operation. @throws Error for an unknown name. */
  urlFor(
    operation: string,
    parameters: Readonly<Record<string, string | number | boolean>> = {},
  ): string {
    const template = this.#templates.get(operation)?.url;
    if (template === undefined) {
      throw new Error(
        `unknown operation "${operation}"; known: ${[...this.#templates.keys()].join(", ")}`,
      );
    }
    const url = template.replace(PLACEHOLDER, (whole, name: string) =>
      Object.hasOwn(parameters, name)
        ? encodeURIComponent(String(parameters[name]))
        : whole,
    );
    return url.includes("{") ? url : new URL(url).href;
  }

  /**
   * The answer to a URL nothing serves. Never the caller's path: it may
   * carry a credential. Holding one of the mock's secrets, it is refused
   * as a credential in the query is.
   */
  unrouted(url: URL, credentials: Credentials, refuse: Refuse): Response {
    const misplaced = credentials.inUrl(url);
    if (misplaced === "client") {
      return oauthError(400, "invalid_request", CLIENT_CREDENTIALS_IN_URL);
    }
    if (misplaced !== undefined) return refuse("invalid_request", misplaced);
    return refuse(
      "not_found",
      `No mocked operation at ${maskPath(url.pathname, this.#segments)}; ${this.#servedPaths()}`,
    );
  }

  /** `path` as the mock may show it: its own segments only (see {@link maskPath}). */
  maskPath(path: string): string {
    return maskPath(path, this.#segments);
  }

  /** The refusal of a method the path is not served by. */
  wrongMethod(
    url: URL,
    allow: readonly MockMethod[],
    refuse: Refuse,
  ): Response {
    return refuse(
      "method_not_allowed",
      `${maskPath(url.pathname, this.#segments)} takes ${allow.join(", ")} only`,
      { headers: { allow: allow.join(", ") } },
    );
  }

  /** The paths this mock serves, for a 404: the caller learns where to call. */
  #servedPaths(): string {
    const served = [...this.#templates.entries()];
    const listed = served
      .slice(0, LISTED_PATHS)
      .map(
        ([, { method, url }]) =>
          `${method} ${url.slice(this.#baseHref.length)}`,
      )
      .join(", ");
    const more =
      served.length > LISTED_PATHS
        ? ` and ${served.length - LISTED_PATHS} more`
        : "";
    const token =
      this.tokenUrl !== undefined
        ? `; token: POST ${new URL(this.tokenUrl).pathname}`
        : "";
    return `operations: ${listed}${more}${token}`;
  }
}

/**
 * The nodes where `segments` (from `i`) end with operations, most literal
 * first: at each level a literal segment before a templated one, as
 * OpenAPI matches `/accounts/me` before `/accounts/{id}`.
 */
function* matches(
  node: RouteNode,
  segments: readonly string[],
  i: number,
  captured: readonly string[],
): Generator<[RouteNode, readonly string[]]> {
  if (i === segments.length) {
    if (node.operations.size > 0) yield [node, captured];
    return;
  }
  const segment = segments[i] as string;
  const literal = node.literals.get(segment);
  if (literal !== undefined) yield* matches(literal, segments, i + 1, captured);
  for (const { match, node: next } of node.templated) {
    const found = match.exec(segment);
    if (found !== null) {
      yield* matches(next, segments, i + 1, [...captured, ...found.slice(1)]);
    }
  }
}
