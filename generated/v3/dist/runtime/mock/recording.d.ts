// Copied by remitgen from its runtime (src/runtime/mock/recording.ts). DO NOT EDIT.

/**
 * What the mock saw: the operation calls in arrival order, at most a set
 * number of them (the newest), each operation's call count, and the token
 * endpoint's request count.
 *
 * @packageDocumentation
 */
import type { JsonValue } from "../json.js";
import type { RecordedCall } from "./engine.js";
/** One arrived call: its index among its operation's calls, and how to record its end. */
export interface Arrival {
  /** 0-based: calls to this operation that arrived earlier since reset. */
  readonly callIndex: number;
  /** Records how the call ended; its body is the one given, `undefined` if never read. */
  finish(
    outcome: RecordedCall["outcome"],
    status: number | undefined,
    applied: boolean,
    body: JsonValue | undefined,
  ): void;
}
export declare class Recorder {
  #private;
  constructor(max: number);
  /**
   * Takes a slot for a call to `operation` arriving at `at` to `path`.
   * Called before the call's first await, so concurrent calls keep their
   * arrival order.
   */
  arrive(operation: string, path: string, at: number): Arrival;
  countTokenRequest(): void;
  get calls(): readonly RecordedCall[];
  get droppedCalls(): number;
  get tokenRequests(): number;
  reset(): void;
}
