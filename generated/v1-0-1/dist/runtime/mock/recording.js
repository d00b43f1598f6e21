// Copied by remitgen from its runtime (src/runtime/mock/recording.ts). DO NOT EDIT.

/** The parameters of a call that sent none (or was refused before they were read). */
export const noParameters = Object.freeze({
  path: Object.freeze({}),
  query: Object.freeze({}),
  header: Object.freeze({}),
});
export class Recorder {
  #max;
  /**
   * Slots in arrival order, at most #max. A slot is taken when a call
   * arrives and filled when it ends; reset() replaces the array, so a call
   * in flight then fills a slot of the old one.
   */
  #slots = [];
  /** Calls dropped from #slots since reset, oldest first. */
  #dropped = 0;
  /** Calls per operation since reset, counted on arrival. */
  #arrivals = new Map();
  #tokenRequests = 0;
  constructor(max) {
    this.#max = max;
  }
  /**
   * Takes a slot for a call as it arrives. Called before the call's first
   * await, so concurrent calls keep their arrival order.
   */
  arrive(arrival) {
    const { operation } = arrival;
    const callIndex = this.#arrivals.get(operation) ?? 0;
    this.#arrivals.set(operation, callIndex + 1);
    const slot = {};
    this.#slots.push(slot);
    const excess = this.#slots.length - this.#max;
    if (excess > 0) {
      this.#slots.splice(0, excess);
      this.#dropped += excess;
    }
    return {
      callIndex,
      finish(outcome, status, applied, body, parameters) {
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
  countTokenRequest() {
    this.#tokenRequests++;
  }
  get calls() {
    const calls = [];
    for (const slot of this.#slots) if (slot.call) calls.push(slot.call);
    return Object.freeze(calls);
  }
  get droppedCalls() {
    return this.#dropped;
  }
  get tokenRequests() {
    return this.#tokenRequests;
  }
  reset() {
    this.#slots = [];
    this.#dropped = 0;
    this.#arrivals = new Map();
    this.#tokenRequests = 0;
  }
}
