// Copied by remitgen from its runtime (src/runtime/schema.ts). DO NOT EDIT.

import type { JsonValue } from "./json.js";
/**
 * The schema subset remitgen understands, as plain data. The generator's
 * model and the generated mock handlers share this one shape.
 */
export type SchemaNode =
  | ObjectSchema
  | StringSchema
  | NumberSchema
  | BooleanSchema
  | EnumSchema
  | ArraySchema
  | RefSchema;
interface SchemaCommon {
  readonly description?: string;
  readonly example?: JsonValue;
}
export interface ObjectSchema extends SchemaCommon {
  readonly kind: "object";
  /** Members in spec order. An array, not a record, so any name is safe. */
  readonly properties: readonly PropertySchema[];
}
export interface PropertySchema {
  readonly name: string;
  readonly required: boolean;
  readonly schema: SchemaNode;
}
export interface StringSchema extends SchemaCommon {
  readonly kind: "string";
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly pattern?: string;
  /** "date", "date-time", "email", "uri", "uuid" or a free label. */
  readonly format?: string;
}
export interface NumberSchema extends SchemaCommon {
  readonly kind: "number" | "integer";
  readonly minimum?: number;
  readonly maximum?: number;
}
export interface BooleanSchema extends SchemaCommon {
  readonly kind: "boolean";
}
export interface EnumSchema extends SchemaCommon {
  readonly kind: "enum";
  readonly values: readonly string[];
}
export interface ArraySchema extends SchemaCommon {
  readonly kind: "array";
  readonly items: SchemaNode;
  readonly minItems?: number;
  readonly maxItems?: number;
}
/** A reference to a named schema of the same spec. */
export interface RefSchema extends SchemaCommon {
  readonly kind: "ref";
  readonly name: string;
}
/** A named schema, as listed by a set. */
export interface NamedSchema {
  readonly name: string;
  readonly schema: SchemaNode;
}
export {};
