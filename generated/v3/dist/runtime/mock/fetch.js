// Copied by remitgen from its runtime (src/runtime/mock/fetch.ts). DO NOT EDIT.

/**
 * A `fetch` backed by the mock engine, for tests without msw: pass it as a
 * client's `fetch` option. Copied verbatim into every generated package
 * (subpath `./mock-fetch`); like the engine it uses no dependencies and no
 * `node:` modules, so importing it never loads msw.
 *
 * @example
 * ```ts
 * const fetch = createMockFetch(api, { now: () => clock });
 * const client = createClient({
 *   baseUrl: fetch.engine.options.baseUrl,
 *   // and the scheme's mock credentials, e.g. apiKey: "mock-api-key"
 *   fetch,
 * });
 * // fetch.engine.calls, fetch.engine.setOverride(...)
 * ```
 *
 * @packageDocumentation
 */
import { abortable, systemClock } from "../limiter.js";
import { createMockEngine } from "./engine.js";
/**
 * What undici's fetch rejects with when the connection is lost: a
 * `TypeError` with no `code`. A client must read it as "may have been
 * sent", never as a connection refused (which would mean "never sent").
 */
function connectionLost() {
  return new TypeError("fetch failed", {
    cause: new Error("the mock dropped the connection"),
  });
}
/** Never settles by itself; `abortable` ends it when the signal aborts. */
function never() {
  return new Promise(() => undefined);
}
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
export function createMockFetch(api, options) {
  const engine = createMockEngine(api, options);
  const mockFetch = async (input, init) => {
    const request = new Request(input, init);
    // Waits follow the caller's signal itself: the Request's copy follows
    // it through a weak reference (undici), lost once the Request is
    // collected, and a hung call would then outlive the caller's abort.
    const signal =
      init?.signal !== undefined
        ? (init.signal ?? request.signal)
        : input instanceof Request
          ? input.signal
          : request.signal;
    signal.throwIfAborted();
    const outcome = await abortable(engine.handle(request), signal);
    switch (outcome.kind) {
      case "response":
        if (outcome.delayMs > 0) {
          await systemClock.sleep(outcome.delayMs, signal);
        }
        return outcome.response;
      case "drop":
        if (outcome.delayMs > 0) {
          await systemClock.sleep(outcome.delayMs, signal);
        }
        throw connectionLost();
      case "hang":
        return abortable(never(), signal);
    }
  };
  return Object.freeze(Object.assign(mockFetch, { engine }));
}
