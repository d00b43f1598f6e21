// Copied by remitgen from its runtime (src/runtime/mock/faults.ts). DO NOT EDIT.

import { jsonResponse } from "./answers.js";
import { sampleValue, seedFor } from "./sample.js";
/** One operation's override in force, and how many calls its fault has met. */
export class OverrideState {
  override;
  #faulted = 0;
  constructor(override) {
    this.override = override;
  }
  /**
   * The fault a valid call meets, counted against `faultTimes`;
   * `undefined` when none is due.
   */
  takeFault() {
    const { fault, faultTimes = Infinity } = this.override;
    if (fault === undefined || this.#faulted >= faultTimes) return undefined;
    this.#faulted++;
    return fault;
  }
}
/** The overrides in force, by operation name. */
export class Overrides {
  #initial;
  #states = new Map();
  /** `initial`: the options' overrides, checked; reset() restores them. */
  constructor(initial) {
    this.#initial = initial;
    this.reset();
  }
  /** The override in force; a call keeps the one it arrived under. */
  get(operation) {
    return this.#states.get(operation);
  }
  /** Sets (or with `undefined` removes) an operation's override; its fault starts over. */
  set(operation, override) {
    if (override === undefined) this.#states.delete(operation);
    else this.#states.set(operation, new OverrideState(override));
  }
  reset() {
    this.#states = new Map(
      [...this.#initial].map(([name, override]) => [
        name,
        new OverrideState(override),
      ]),
    );
  }
}
/**
 * The effect of `fault` on a call to `operation`. A status fault without a
 * body of its own answers the body the spec states for that status (a
 * sample of its schema, or none), else one `errorBody` writes.
 *
 * @throws whatever `errorBody` throws, or when JSON cannot write the body:
 * the mock's failure, answered `mock_error` and never applied.
 */
export function faultEffect(fault, operation, errorBody, lookup) {
  switch (fault.kind) {
    case "timeout":
      return { outcome: "timed-out", applied: false };
    case "drop":
      return { outcome: "dropped", applied: false };
    case "applied-then-drop":
      return { outcome: "applied-then-dropped", applied: true };
    case "status": {
      const headers =
        fault.retryAfterSeconds !== undefined
          ? {
              "retry-after": String(
                Math.max(0, Math.ceil(fault.retryAfterSeconds)),
              ),
            }
          : {};
      const stated = operation.errors?.find(
        (error) => error.status === fault.status,
      );
      const body =
        fault.body !== undefined
          ? fault.body
          : stated?.body === false
            ? undefined
            : stated?.body !== undefined
              ? sampleValue(
                  stated.body,
                  lookup,
                  seedFor(operation.name, fault.status),
                  { direction: "response" },
                )
              : errorBody({
                  code: "injected_fault",
                  status: fault.status,
                  message: `Injected fault: status ${fault.status}`,
                  operation: operation.name,
                });
      return {
        response: jsonResponse(fault.status, body, headers),
        applied: fault.applied,
      };
    }
  }
}
