// Copied by remitgen from its runtime (src/runtime/mock/recording.ts). DO NOT EDIT.

/**
 * What the mock saw: the operation calls in arrival order, at most a set
 * number of them (the newest), each operation's call count, and the token
 * endpoint's request count.
 *
 * @packageDocumentation
 */
import type { JsonValue } from "../json.js";
import type { MockParameterValues, RecordedCall } from "./engine.js";
/** What is known of a call when it arrives. */
export type CallArrival = Pick<
  RecordedCall,
  "operation" | "method" | "path" | "query" | "at"
>;
/** The parameters of a call that sent none (or was refused before they were read). */
export declare const noParameters: MockParameterValues;
/** One arrived call: its index among its operation's calls, and how to record its end. */
export interface Arrival {
  /** 0-based: calls to this operation that arrived earlier since reset. */
  readonly callIndex: number;
  /**
   * Records how the call ended; its body and parameters are the ones
   * given, `undefined` if never read.
   */
  finish(
    outcome: RecordedCall["outcome"],
    status: number | undefined,
    applied: boolean,
    body: JsonValue | undefined,
    parameters: MockParameterValues | undefined,
  ): void;
}
export declare class Recorder {
  #private;
  constructor(max: number);
  /**
   * Takes a slot for a call as it arrives. Called before the call's first
   * await, so concurrent calls keep their arrival order.
   */
  arrive(arrival: CallArrival): Arrival;
  countTokenRequest(): void;
  get calls(): readonly RecordedCall[];
  get droppedCalls(): number;
  get tokenRequests(): number;
  reset(): void;
}
