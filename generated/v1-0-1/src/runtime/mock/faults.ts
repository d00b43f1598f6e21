// Copied by remitgen from its runtime (src/runtime/mock/faults.ts). DO NOT EDIT.

/**
 * The per-operation overrides and the failures they inject: which override
 * is in force, how many calls its fault has met, and what a fault does to
 * a call the service accepted.
 *
 * @packageDocumentation
 */
import type { JsonValue } from "../json.js";
import { jsonResponse } from "./answers.js";
import type {
  MockError,
  MockFault,
  MockOperation,
  MockOverride,
  RecordedCall,
} from "./engine.js";
import { sampleValue, seedFor } from "./sample.js";
import type { SchemaLookup } from "./validate.js";

/** One operation's override in force, and how many calls its fault has met. */
export class OverrideState {
  readonly override: MockOverride;
  #faulted = 0;

  constructor(override: MockOverride) {
    this.override = override;
  }

  /**
   * The fault a valid call meets, counted against `faultTimes`;
   * `undefined` when none is due.
   */
  takeFault(): MockFault | undefined {
    const { fault, faultTimes = Infinity } = this.override;
    if (fault === undefined || this.#faulted >= faultTimes) return undefined;
    this.#faulted++;
    return fault;
  }
}

/** The overrides in force, by operation name. */
export class Overrides {
  readonly #initial: ReadonlyMap<string, MockOverride>;
  #states = new Map<string, OverrideState>();

  /** `initial`: the options' overrides, checked; reset() restores them. */
  constructor(initial: ReadonlyMap<string, MockOverride>) {
    this.#initial = initial;
    this.reset();
  }

  /** The override in force; a call keeps the one it arrived under. */
  get(operation: string): OverrideState | undefined {
    return this.#states.get(operation);
  }

  /** Sets (or with `undefined` removes) an operation's override; its fault starts over. */
  set(operation: string, override: MockOverride | undefined): void {
    if (override === undefined) this.#states.delete(operation);
    else this.#states.set(operation, new OverrideState(override));
  }

  reset(): void {
    this.#states = new Map(
      [...this.#initial].map(([name, override]) => [
        name,
        new OverrideState(override),
      ]),
    );
  }
}

/** What a fault does to a call: no answer (recorded as `outcome`), or an answer. */
export type FaultEffect =
  | {
      readonly outcome: Exclude<RecordedCall["outcome"], "answered">;
      readonly applied: boolean;
    }
  | { readonly response: Response; readonly applied: boolean | undefined };

/**
 * The effect of `fault` on a call to `operation`. A status fault without a
 * body of its own answers the body the spec states for that status (a
 * sample of its schema, or none), else one `errorBody` writes.
 *
 * @throws whatever `errorBody` throws, or when JSON cannot write the body:
 * the mock's failure, answered `mock_error` and never applied.
 */
export function faultEffect(
  fault: MockFault,
  operation: MockOperation,
  errorBody: (error: MockError) => JsonValue,
  lookup: SchemaLookup,
): FaultEffect {
  switch (fault.kind) {
    case "timeout":
      return { outcome: "timed-out", applied: false };
    case "drop":
      return { outcome: "dropped", applied: false };
    case "applied-then-drop":
      return { outcome: "applied-then-dropped", applied: true };
    case "status": {
      const headers: Record<string, string> =
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
