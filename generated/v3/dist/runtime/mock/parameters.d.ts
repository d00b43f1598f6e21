// Copied by remitgen from its runtime (src/runtime/mock/parameters.ts). DO NOT EDIT.

import type { MockOperation, MockParameterValues } from "./engine.js";
import { type SchemaLookup } from "./validate.js";
/** One way a parameter breaks its schema, naming it; never its value. */
export interface ParameterViolation {
  readonly in: "path" | "query" | "header";
  readonly name: string;
  /** JSON Pointer into the parameter's value (`/1`: an array's second item); `""` the value. */
  readonly path: string;
  readonly keyword: string;
  readonly message: string;
}
/**
 * The declared parameters `op` was sent, each made its schema's type, or
 * what breaks their schemas. Undeclared ones are left alone: a client may
 * add its own (a cache buster). One named as a credential (`secret`, a
 * spec that declares its API key's header too) is checked, never kept.
 */
export declare function readParameters(
  op: MockOperation,
  pathParameters: ReadonlyMap<string, string>,
  url: URL,
  { headers }: Request,
  lookup: SchemaLookup,
  secret: readonly string[],
):
  | {
      values: MockParameterValues;
    }
  | {
      violations: ParameterViolation[];
    };
/** A violation as a message says it: `Query parameter "limit": required`. */
export declare function parameterMessage(violation: ParameterViolation): string;
