// Copied by remitgen from its runtime (src/runtime/mock/calls.ts). DO NOT EDIT.

/**
 * One call to an operation, from arrival to outcome: the checks a call
 * must pass, in order, then the injected fault or the answer, each
 * recorded.
 *
 * @packageDocumentation
 */
import type { JsonValue } from "../json.js";
import { type Refuse } from "./answers.js";
import type { Credentials } from "./credentials.js";
import { type RoutedCall } from "./dispatch.js";
import type { MockError, MockOutcome } from "./engine.js";
import { type Overrides } from "./faults.js";
import { type Recorder } from "./recording.js";
import { type SchemaLookup } from "./validate.js";
/** At most this many violations are listed in a `validation_failed` answer (all are counted). */
export declare const MAX_LISTED_VIOLATIONS: number;
/** A sliding window of the calls' arrival times, for the rate limit. */
export declare class RateWindow {
  #private;
  readonly limit: number;
  readonly intervalMs: number;
  constructor(rate: { readonly limit: number; readonly intervalMs: number });
  /** Takes a slot; returns seconds to wait if the window is full. */
  take(now: number): number | undefined;
  reset(): void;
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
/**
 * Handles one call routed to an operation. In this order: a credential
 * in the URL (400), the scheme's credentials (401), rate limit (429),
 * parameters (400), then the body: none where the operation takes none
 * (400), else content type (415), size (413), JSON syntax (400) and
 * schema (400); then the injected fault, else the answer.
 */
export declare function handleCall(
  { operation: op, pathParameters }: RoutedCall,
  url: URL,
  request: Request,
  ctx: CallContext,
): Promise<MockOutcome>;
