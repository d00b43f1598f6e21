// Copied by remitgen from its runtime (src/runtime/mock/calls.ts). DO NOT EDIT.

import {
  decodeUtf8,
  failureMessage,
  jsonResponse,
  mediaType,
  readLimited,
} from "./answers.js";
import { faultEffect } from "./faults.js";
import { sampleValue, seedFor } from "./sample.js";
import { ACCESS_TOKEN_IN_URL } from "./tokens.js";
import { validateValue } from "./validate.js";
/** At most this many violations are listed in a `validation_failed` answer (all are counted). */
export const MAX_LISTED_VIOLATIONS = 100;
/**
 * Past the first, violations are listed while their paths total at most
 * this many characters: a path is as long as the body is deep, and 100 of
 * a deep body's made an answer 50 times the body's size.
 */
const MAX_LISTED_PATH_CHARS = 64 * 1024;
const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json$/;
/** A sliding window of the calls' arrival times, for the rate limit. */
export class RateWindow {
  limit;
  intervalMs;
  #arrivals = [];
  constructor(rate) {
    this.limit = rate.limit;
    this.intervalMs = rate.intervalMs;
  }
  /** Takes a slot; returns seconds to wait if the window is full. */
  take(now) {
    const window = this.#arrivals;
    while (window.length > 0 && window[0] <= now - this.intervalMs) {
      window.shift();
    }
    if (window.length >= this.limit) {
      const oldest = window[0] ?? now;
      return Math.max(1, Math.ceil((oldest + this.intervalMs - now) / 1000));
    }
    window.push(now);
    return undefined;
  }
  reset() {
    this.#arrivals = [];
  }
}
/**
 * Handles one call to `op`. In this order: method (405), an access token
 * in the URL (400), bearer token (401), rate limit (429), content type
 * (415), body size (413), JSON syntax (400), request schema (400), then
 * the injected fault, else the answer.
 */
export async function handleCall(op, url, request, ctx) {
  const at = ctx.now();
  // Taken before the first await, so concurrent calls keep arrival order
  // and the override they arrived under.
  const state = ctx.overrides.get(op.name);
  const delayMs = state?.override.latencyMs ?? ctx.latencyMs;
  const arrival = ctx.recorder.arrive(op.name, url.pathname, at);
  let body;
  const answer = (
    response,
    applied = response.status >= 200 && response.status < 300,
  ) => {
    arrival.finish("answered", response.status, applied, body);
    return { kind: "response", response, delayMs };
  };
  const refuse = (refusal) =>
    answer(
      ctx.refuse(refusal.code, refusal.message, {
        operation: op.name,
        details: refusal.details,
        headers: refusal.headers,
      }),
    );
  const accepted = await readCall(op, url, request, at, ctx);
  if ("code" in accepted) return refuse(accepted);
  // Recorded from here on, also when the schema refuses it.
  body = accepted.body;
  if (op.request !== undefined) {
    const invalid = validationFailure(
      validateValue(body, op.request, ctx.lookup, { direction: "request" }),
    );
    if (invalid !== undefined) return refuse(invalid);
  }
  // Faults model what happens to a call the service accepted.
  const fault = state?.takeFault();
  if (fault !== undefined) {
    let effect;
    try {
      effect = faultEffect(fault, op.name, ctx.errorBody);
    } catch (error) {
      return refuse({ code: "mock_error", message: failureMessage(error) });
    }
    if ("response" in effect) return answer(effect.response, effect.applied);
    arrival.finish(effect.outcome, undefined, effect.applied, body);
    return effect.outcome === "timed-out"
      ? { kind: "hang" }
      : { kind: "drop", applied: effect.applied, delayMs };
  }
  try {
    const answerBody = await successBody(
      op,
      state?.override,
      accepted,
      arrival.callIndex,
      ctx.lookup,
    );
    return answer(jsonResponse(state?.override.status ?? 200, answerBody));
  } catch (error) {
    // A resolver that threw, a sample past its bounds, or a body JSON
    // cannot write: the mock's failure, never applied.
    return refuse({ code: "mock_error", message: failureMessage(error) });
  }
}
/** A call's parsed body and its text, or why the call is refused before its schema is checked. */
async function readCall(op, url, request, at, ctx) {
  if (request.method !== "POST") {
    return {
      code: "method_not_allowed",
      message: `${op.name} accepts POST only`,
      headers: { allow: "POST" },
    };
  }
  // §3.1 of RFC 6750 also refuses a request that sends its token more
  // than one way.
  if (url.searchParams.has("access_token")) {
    return { code: "invalid_request", message: ACCESS_TOKEN_IN_URL };
  }
  const denied = ctx.tokens.checkBearer(request.headers.get("authorization"));
  if (denied !== undefined) {
    return {
      code: "unauthorized",
      message: denied.message,
      headers: { "www-authenticate": denied.challenge },
    };
  }
  const rate = ctx.rate;
  const retryAfter = rate?.take(at);
  if (rate !== undefined && retryAfter !== undefined) {
    return {
      code: "rate_limited",
      message: `Rate limit of ${rate.limit} calls per ${rate.intervalMs} ms exceeded; retry after ${retryAfter} s`,
      headers: { "retry-after": String(retryAfter) },
    };
  }
  if (!JSON_TYPE.test(mediaType(request.headers.get("content-type")) ?? "")) {
    return {
      code: "unsupported_media_type",
      message: "Content-Type must be application/json",
    };
  }
  const bytes = await readLimited(request, ctx.maxBodyBytes);
  if (bytes === undefined) {
    return {
      code: "payload_too_large",
      message: `Request body exceeds ${ctx.maxBodyBytes} bytes`,
    };
  }
  const text = decodeUtf8(bytes);
  let body;
  try {
    if (text === undefined) throw new SyntaxError("not UTF-8");
    body = JSON.parse(text);
  } catch {
    // The parser's message quotes the body; do not echo it.
    return { code: "invalid_json", message: "Request body is not valid JSON" };
  }
  return { body, text };
}
/**
 * The refusal of a body that breaks its schema, if it does: every violation counted,
 * listed up to a bound, since a hostile body can break its schema a
 * million times over, each at a path as long as the body is deep.
 */
function validationFailure(violations) {
  if (violations.length === 0) return undefined;
  const listed = [];
  let chars = 0;
  for (const violation of violations) {
    chars += violation.path.length;
    if (
      listed.length === MAX_LISTED_VIOLATIONS ||
      (listed.length > 0 && chars > MAX_LISTED_PATH_CHARS)
    ) {
      break;
    }
    listed.push(violation);
  }
  const more =
    violations.length > listed.length
      ? `; the first ${listed.length} are listed`
      : "";
  return {
    code: "validation_failed",
    message: `Request body has ${violations.length} schema violation(s)${more}`,
    details: listed.map((v) => ({ ...v })),
  };
}
/**
 * The body of a successful answer: the override's resolver or response,
 * else deterministic sample data of the response schema, seeded by the
 * operation's name and the canonical request body, else (response not
 * shown) an open object.
 */
async function successBody(op, override, request, callIndex, lookup) {
  if (override?.resolver !== undefined) {
    // The resolver gets its own copy; the recorded body stays as received.
    return override.resolver({
      operation: op.name,
      body: JSON.parse(request.text),
      callIndex,
    });
  }
  if (override?.response !== undefined) return override.response;
  if (op.response !== undefined) {
    return sampleValue(op.response, lookup, seedFor(op.name, request.body), {
      direction: "response",
    });
  }
  // Not shown by the bank: an open object, deterministic.
  return { operation: op.name, mock: true };
}
