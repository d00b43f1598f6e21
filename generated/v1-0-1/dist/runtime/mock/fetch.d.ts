// Copied by remitgen from its runtime (src/runtime/mock/fetch.ts). DO NOT EDIT.

import { type MockApi, type MockEngine, type MockOptions } from "./engine.js";
/** A `fetch` answered by a mock engine, plus that engine. */
export type MockFetch = typeof fetch & {
  readonly engine: MockEngine;
};
/**
 * Creates a `fetch` that hands every request, whatever its URL, to one
 * engine for `api` (exposed as `.engine`): a URL the engine does not serve
 * is answered 404, never sent to the network.
 *
 * Outcomes map as msw's adapter maps them: response → returned after
 * `delayMs`; drop → rejected after `delayMs` as a lost connection; hang →
 * no answer until the request's signal aborts. An abort rejects with the
 * signal's reason at once, and an already aborted signal reaches no engine
 * (no call is recorded), as with fetch. Delays use real timers, cleared
 * when the call settles.
 */
export declare function createMockFetch(
  api: MockApi,
  options?: MockOptions,
): MockFetch;
