// Copied by remitgen from its runtime (src/runtime/mock/faults.ts). DO NOT EDIT.

/**
 * The per-operation overrides and the failures they inject: which override
 * is in force, how many calls its fault has met, and what a fault does to
 * a call the service accepted.
 *
 * @packageDocumentation
 */
import type { JsonValue } from "../json.js";
import type {
  MockError,
  MockFault,
  MockOperation,
  MockOverride,
  RecordedCall,
} from "./engine.js";
import type { SchemaLookup } from "./validate.js";
/** One operation's override in force, and how many calls its fault has met. */
export declare class OverrideState {
  #private;
  readonly override: MockOverride;
  constructor(override: MockOverride);
  /**
   * The fault a valid call meets, counted against `faultTimes`;
   * `undefined` when none is due.
   */
  takeFault(): MockFault | undefined;
}
/** The overrides in force, by operation name. */
export declare class Overrides {
  #private;
  /** `initial`: the options' overrides, checked; reset() restores them. */
  constructor(initial: ReadonlyMap<string, MockOverride>);
  /** The override in force; a call keeps the one it arrived under. */
  get(operation: string): OverrideState | undefined;
  /** Sets (or with `undefined` removes) an operation's override; its fault starts over. */
  set(operation: string, override: MockOverride | undefined): void;
  reset(): void;
}
/** What a fault does to a call: no answer (recorded as `outcome`), or an answer. */
export type FaultEffect =
  | {
      readonly outcome: Exclude<RecordedCall["outcome"], "answered">;
      readonly applied: boolean;
    }
  | {
      readonly response: Response;
      readonly applied: boolean | undefined;
    };
/**
 * The effect of `fault` on a call to `operation`. A status fault without a
 * body of its own answers the body the spec states for that status (a
 * sample of its schema, or none), else one `errorBody` writes.
 *
 * @throws whatever `errorBody` throws, or when JSON cannot write the body:
 * the mock's failure, answered `mock_error` and never applied.
 */
export declare function faultEffect(
  fault: MockFault,
  operation: MockOperation,
  errorBody: (error: MockError) => JsonValue,
  lookup: SchemaLookup,
): FaultEffect;
