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
export const noParameters: MockParameterValues = Object.freeze({
  path: Object.freeze({}),
  query: Object.freeze({}),
  header: Object.freeze({}),
});

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

/** A slot, so dropping the oldest moves no call into another's place. */
interface Slot {
  call?: RecordedCall;
}

export class Recorder {
  readonly #max: number;
  /**
   * Slots in arrival order, at most #max. A slot is taken when a call
   * arrives and filled when it ends; reset() replaces the array, so a call
   * in flight then fills a slot of the old one.
   */
  #slots: Slot[] = [];
  /** Calls dropped from #slots since reset, oldest first. */
  #dropped = 0;
  /** Calls per operation since reset, counted on arrival. */
  #arrivals = new Map<string, number>();
  #tokenRequests = 0;

  constructor(max: number) {
    this.#max = max;
  }

  /**
   * Takes a slot for a call as it arrives. Called before the call's first
   * await, so concurrent calls keep their arrival order.
   */
  arrive(arrival: CallArrival): Arrival {
    const { operation } = arrival;
    const callIndex = this.#arrivals.get(operation) ?? 0;
    this.#arrivals.set(operation, callIndex + 1);
    const slot: Slot = {};
    this.#slots.push(slot);
    const excess = this.#slots.length - this.#max;
    if (excess > 0) {
      this.#slots.splice(0, excess);
      this.#dropped += excess;
    }
    return {
      callIndex,
      finish(outcome, status, applied, body, parameters): void {
        slot.call = Object.freeze({
          ...arrival,
          parameters: parameters ?? noParameters,
          body,
          status,
          outcome,
          applied,
        });
      },
    };
  }

  countTokenRequest(): void {
    this.#tokenRequests++;
  }

  get calls(): readonly RecordedCall[] {
    const calls: RecordedCall[] = [];
    for (const slot of this.#slots) if (slot.call) calls.push(slot.call);
    return Object.freeze(calls);
  }

  get droppedCalls(): number {
    return this.#dropped;
  }

  get tokenRequests(): number {
    return this.#tokenRequests;
  }

  reset(): void {
    this.#slots = [];
    this.#dropped = 0;
    this.#arrivals = new Map();
    this.#tokenRequests = 0;
  }
}
