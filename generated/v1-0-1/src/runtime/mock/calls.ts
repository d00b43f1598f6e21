// Copied by remitgen from its runtime (src/runtime/mock/calls.ts). DO NOT EDIT.

/**
 * One call to an operation, from arrival to outcome: the checks a call
 * must pass, in order, then the injected fault or the answer, each
 * recorded.
 *
 * @packageDocumentation
 */
import type { JsonValue } from "../json.js";
import {
  decodeUtf8,
  failureMessage,
  jsonResponse,
  mediaType,
  readLimited,
  type RefusalCode,
  type RefusalExtra,
  type Refuse,
} from "./answers.js";
import type { Credentials } from "./credentials.js";
import { HIDDEN_SEGMENT, type RoutedCall } from "./dispatch.js";
import type {
  MockError,
  MockOperation,
  MockOutcome,
  MockOverride,
  MockParameterValues,
} from "./engine.js";
import { faultEffect, type Overrides } from "./faults.js";
import { parameterMessage, readParameters } from "./parameters.js";
import { noParameters, type Recorder } from "./recording.js";
import { sampleValue, seedFor } from "./sample.js";
import {
  validateValue,
  type SchemaLookup,
  type SchemaViolation,
} from "./validate.js";

/** At most this many violations are listed in a `validation_failed` answer (all are counted). */
export const MAX_LISTED_VIOLATIONS: number = 100;
/**
 * Past the first, violations are listed while their paths total at most
 * this many characters: a path is as long as the body is deep, and 100 of
 * a deep body's made an answer 50 times the body's size.
 */
const MAX_LISTED_PATH_CHARS = 64 * 1024;

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json$/;

/** A sliding window of the calls' arrival times, for the rate limit. */
export class RateWindow {
  readonly limit: number;
  readonly intervalMs: number;
  #arrivals: number[] = [];

  constructor(rate: { readonly limit: number; readonly intervalMs: number }) {
    this.limit = rate.limit;
    this.intervalMs = rate.intervalMs;
  }

  /** Takes a slot; returns seconds to wait if the window is full. */
  take(now: number): number | undefined {
    const window = this.#arrivals;
    while (
      window.length > 0 &&
      (window[0] as number) <= now - this.intervalMs
    ) {
      window.shift();
    }
    if (window.length >= this.limit) {
      const oldest = window[0] ?? now;
      return Math.max(1, Math.ceil((oldest + this.intervalMs - now) / 1000));
    }
    window.push(now);
    return undefined;
  }

  reset(): void {
    this.#arrivals = [];
  }
}

/** The engine's parts a call goes through. */
export interface CallContext {
  readonly lookup: SchemaLookup;
  readonly credentials: Credentials;
  readonly rate: RateWindow | undefined;
  readonly recorder: Recorder;
  readonly overrides: Overrides;
  readonly refuse: Refuse;
  readonly errorBody: (error: MockError) => JsonValue;
  readonly latencyMs: number;
  readonly maxBodyBytes: number;
  readonly now: () => number;
  /** A path as the mock may show it (see `maskPath`). */
  readonly maskPath: (path: string) => string;
}

/** What a call was sent, once accepted: its parameters and body. */
interface Accepted {
  readonly parameters: MockParameterValues;
  /** `undefined` for an operation that takes no body. */
  readonly body: JsonValue | undefined;
  /** The body's text, for a resolver's own copy. */
  readonly text: string | undefined;
}

/**
 * Handles one call routed to an operation. In this order: a credential
 * in the URL (400), the scheme's credentials (401), rate limit (429),
 * parameters (400), then the body: none where the operation takes none
 * (400), else content type (415), size (413), JSON syntax (400) and
 * schema (400); then the injected fault, else the answer.
 */
export async function handleCall(
  { operation: op, pathParameters }: RoutedCall,
  url: URL,
  request: Request,
  ctx: CallContext,
): Promise<MockOutcome> {
  const at = ctx.now();
  // Taken before the first await, so concurrent calls keep arrival order
  // and the override they arrived under.
  const state = ctx.overrides.get(op.name);
  const delayMs = state?.override.latencyMs ?? ctx.latencyMs;
  const misplaced = ctx.credentials.inUrl(url);
  const arrival = ctx.recorder.arrive({
    operation: op.name,
    method: request.method,
    // A URL holding a credential is recorded without the caller's path
    // segments and query values.
    path: misplaced === undefined ? url.pathname : ctx.maskPath(url.pathname),
    query: hiddenQuery(
      url,
      misplaced === undefined ? ctx.credentials.queryNames : undefined,
    ),
    at,
  });
  let accepted: Accepted | undefined;

  const answer = (
    response: Response,
    applied = response.status >= 200 && response.status < 300,
  ): MockOutcome => {
    arrival.finish(
      "answered",
      response.status,
      applied,
      accepted?.body,
      accepted?.parameters,
    );
    return { kind: "response", response, delayMs };
  };
  const refuse = (refusal: Refusal): MockOutcome =>
    answer(
      ctx.refuse(refusal.code, refusal.message, {
        operation: op.name,
        details: refusal.details,
        headers: refusal.headers,
      }),
    );

  if (misplaced !== undefined) {
    return refuse({ code: "invalid_request", message: misplaced });
  }
  const read = await readCall(op, pathParameters, url, request, at, ctx);
  if ("code" in read) return refuse(read);
  // Recorded from here on, also when the schema refuses it.
  accepted = read;
  if (op.request !== undefined && op.request !== false) {
    const invalid = validationFailure(
      validateValue(read.body as JsonValue, op.request, ctx.lookup, {
        direction: "request",
      }),
    );
    if (invalid !== undefined) return refuse(invalid);
  }

  // Faults model what happens to a call the service accepted.
  const fault = state?.takeFault();
  if (fault !== undefined) {
    let effect;
    try {
      effect = faultEffect(fault, op, ctx.errorBody, ctx.lookup);
    } catch (error) {
      return refuse({ code: "mock_error", message: failureMessage(error) });
    }
    if ("response" in effect) return answer(effect.response, effect.applied);
    arrival.finish(
      effect.outcome,
      undefined,
      effect.applied,
      read.body,
      read.parameters,
    );
    return effect.outcome === "timed-out"
      ? { kind: "hang" }
      : { kind: "drop", applied: effect.applied, delayMs };
  }

  try {
    const status = state?.override.status ?? op.status ?? 200;
    const answerBody = await successBody(
      op,
      state?.override,
      read,
      arrival.callIndex,
      ctx.lookup,
    );
    return answer(jsonResponse(status, answerBody));
  } catch (error) {
    // A resolver that threw, a sample past its bounds, or a body JSON
    // cannot write: the mock's failure, never applied.
    return refuse({ code: "mock_error", message: failureMessage(error) });
  }
}

/**
 * The query as sent, the values of the `hidden` parameters as
 * {@link HIDDEN_SEGMENT} (all of the query when `undefined`); `""` for
 * none.
 */
function hiddenQuery(url: URL, hidden: readonly string[] | undefined): string {
  if (url.search === "") return "";
  if (hidden === undefined) return `?${HIDDEN_SEGMENT}`;
  const names = new Set(hidden.map((name) => name.toLowerCase()));
  return url.search.replace(/([?&])([^=&]*)=([^&]*)/g, (whole, lead, key) => {
    let name = key as string;
    try {
      name = decodeURIComponent(name.replace(/\+/g, " "));
    } catch {
      // Compared as sent.
    }
    return names.has(name.toLowerCase())
      ? `${lead as string}${key as string}=${HIDDEN_SEGMENT}`
      : whole;
  });
}

interface Refusal extends RefusalExtra {
  readonly code: RefusalCode;
  readonly message: string;
}

/** A call's parameters and body, or why the call is refused before its body's schema is checked. */
async function readCall(
  op: MockOperation,
  pathParameters: ReadonlyMap<string, string>,
  url: URL,
  request: Request,
  at: number,
  ctx: CallContext,
): Promise<Refusal | Accepted> {
  if (op.authenticated !== false) {
    const denied = ctx.credentials.check(request, url);
    if (denied !== undefined) {
      return {
        code: "unauthorized",
        message: denied.message,
        ...(denied.challenge !== undefined
          ? { headers: { "www-authenticate": denied.challenge } }
          : {}),
      };
    }
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
  const read = readParameters(op, pathParameters, url, request, ctx.lookup, [
    ...ctx.credentials.queryNames,
    ...ctx.credentials.headerNames,
  ]);
  if ("violations" in read) {
    const { violations } = read;
    const first = violations[0] as (typeof violations)[number];
    const others =
      violations.length > 1 ? ` (and ${violations.length - 1} more)` : "";
    return {
      code: "invalid_parameter",
      message: `${parameterMessage(first)}${others}`,
      details: violations.map((each) => ({ ...each })),
    };
  }
  const parameters = read.values;
  if (op.request === false) {
    // Read up to a byte: any body at all is one the operation does not take.
    if ((await readLimited(request, 0)) === undefined) {
      return {
        code: "invalid_request",
        message: `${op.name} takes no request body`,
      };
    }
    return { parameters, body: undefined, text: undefined };
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
  let body: JsonValue;
  try {
    if (text === undefined) throw new SyntaxError("not UTF-8");
    body = JSON.parse(text) as JsonValue;
  } catch {
    // The parser's message quotes the body; do not echo it.
    return { code: "invalid_json", message: "Request body is not valid JSON" };
  }
  return { parameters, body, text };
}

/**
 * The refusal of a body that breaks its schema, if it does: every violation counted,
 * listed up to a bound, since a hostile body can break its schema a
 * million times over, each at a path as long as the body is deep.
 */
function validationFailure(
  violations: readonly SchemaViolation[],
): Refusal | undefined {
  if (violations.length === 0) return undefined;
  const listed: SchemaViolation[] = [];
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
 * operation's name, its parameters and the canonical request body, else
 * none where the spec states none, else (response not shown) an open
 * object.
 */
async function successBody(
  op: MockOperation,
  override: MockOverride | undefined,
  request: Accepted,
  callIndex: number,
  lookup: SchemaLookup,
): Promise<JsonValue | undefined> {
  if (override?.resolver !== undefined) {
    // The resolver gets its own copy; the recorded one stays as received.
    return override.resolver({
      operation: op.name,
      body:
        request.text === undefined
          ? undefined
          : (JSON.parse(request.text) as JsonValue),
      parameters: JSON.parse(
        JSON.stringify(request.parameters),
      ) as MockParameterValues,
      callIndex,
    });
  }
  if (override?.response !== undefined) return override.response;
  if (op.response === false) return undefined;
  if (op.response !== undefined) {
    // Seeded by the body alone where no parameter was sent, as before
    // operations had any.
    const seed =
      request.parameters === noParameters
        ? request.body
        : {
            parameters: request.parameters as unknown as JsonValue,
            body: request.body ?? null,
          };
    return sampleValue(op.response, lookup, seedFor(op.name, seed), {
      direction: "response",
    });
  }
  // Not shown: an open object, deterministic.
  return { operation: op.name, mock: true };
}
