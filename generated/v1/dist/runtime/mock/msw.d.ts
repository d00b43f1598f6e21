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
import { type HttpHandler } from "msw";
import { type MockApi, type MockEngine, type MockOptions } from "./engine.js";
/** msw handlers for one API set, plus the engine behind them. */
export interface MockHandlerSet extends ReadonlyArray<HttpHandler> {
  readonly engine: MockEngine;
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
export declare function createMockHandlers(
  api: MockApi,
  options?: MockOptions,
): MockHandlerSet;
