// Copied by remitgen from its runtime (src/runtime/mock/msw.ts). DO NOT EDIT.

/**
 * msw 2 adapter for the mock engine. Copied verbatim into every generated
 * package (subpath `./mocks`); `msw` is an optional peer dependency there,
 * needed only by code that imports this module.
 *
 * @example
 * ```ts
 * import { setupServer } from "msw/node";
 * const handlers = createMockHandlers(api, { now: () => clock });
 * const server = setupServer(...handlers);
 * // handlers.engine.calls, handlers.engine.setOverride(...)
 * ```
 *
 * @packageDocumentation
 */
import { delay, http, HttpResponse, type HttpHandler } from "msw";
import {
  createMockEngine,
  type MockApi,
  type MockEngine,
  type MockOptions,
} from "./engine.js";

/** msw handlers for one API set, plus the engine behind them. */
export interface MockHandlerSet extends ReadonlyArray<HttpHandler> {
  readonly engine: MockEngine;
}

/**
 * Characters path-to-regexp (msw's matcher) reads literally. A URL whose
 * host or path holds anything else is matched through an anchored RegExp
 * instead, so a path such as `/a(b)` or `/x:y`, or an IPv6 host such as
 * `[::1]`, can never turn into a pattern.
 */
const LITERAL_PATH = /^[A-Za-z0-9/_.~%-]*$/;
const LITERAL_HOST = /^[A-Za-z0-9.-]*$/;

/**
 * What msw matches a URL by: the URL itself where path-to-regexp reads it
 * literally, else an anchored RegExp, where a path template's `{name}`
 * matches one segment.
 */
function matcher(url: string): string | RegExp {
  const parts = url.split(/\{[^{}]*\}/);
  if (parts.length === 1) {
    const { origin, hostname, pathname } = new URL(url);
    if (LITERAL_HOST.test(hostname) && LITERAL_PATH.test(pathname)) {
      return origin + pathname;
    }
  }
  const escaped = parts.map((part) =>
    part.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&"),
  );
  return new RegExp(`^${escaped.join("[^/]+")}$`);
}

/** Resolves when `signal` aborts; the client has given up waiting. */
function aborted(signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) =>
    signal.addEventListener("abort", () => resolve(), { once: true }),
  );
}

/**
 * Creates msw handlers for the token endpoint (`authUrl + tokenPath`, for
 * OAuth2) and every operation's path (`baseUrl + path`, a `{name}`
 * matching one segment), matched by URL and any method (the engine
 * answers 405 for a method the path does not take). All of them share one
 * engine, exposed as `.engine` for recorded calls and overrides.
 *
 * Outcomes map as: response → returned after `delay(delayMs)`; drop →
 * `HttpResponse.error()` (the client sees a network error); hang → no
 * answer until the request's `signal` aborts.
 */
export function createMockHandlers(
  api: MockApi,
  options?: MockOptions,
): MockHandlerSet {
  const engine = createMockEngine(api, options);
  // One handler a path, however many methods it takes.
  const urls = new Set(api.operations.map((op) => engine.urlFor(op.name)));
  if (engine.tokenUrl !== undefined) urls.add(engine.tokenUrl);
  const handlers: HttpHandler[] = [...urls].map((url) =>
    http.all(matcher(url), async ({ request }) => {
      const outcome = await engine.handle(request);
      switch (outcome.kind) {
        case "hang":
          await aborted(request.signal);
          return HttpResponse.error();
        case "drop":
          if (outcome.delayMs > 0) await delay(outcome.delayMs);
          return HttpResponse.error();
        case "response":
          if (outcome.delayMs > 0) await delay(outcome.delayMs);
          return outcome.response;
      }
    }),
  );
  return Object.freeze(Object.assign(handlers, { engine }));
}
