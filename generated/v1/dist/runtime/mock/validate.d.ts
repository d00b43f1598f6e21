// Copied by remitgen from its runtime (src/runtime/mock/validate.ts). DO NOT EDIT.

/**
 * Validates a JSON value against a {@link SchemaNode}. Part of the mock
 * runtime: copied verbatim into every generated package, so it has no
 * dependencies and touches only ECMAScript globals.
 *
 * @packageDocumentation
 */
import type { JsonValue } from "../json.js";
import {
  type NamedSchema,
  type ObjectSchema,
  type SchemaNode,
} from "../schema.js";
/** The schema keyword a {@link SchemaViolation} is about. */
export type ViolationKeyword =
  | "type"
  | "required"
  | "unknown"
  | "enum"
  | "minLength"
  | "maxLength"
  | "pattern"
  | "format"
  | "minimum"
  | "maximum"
  | "minItems"
  | "maxItems"
  | "const"
  | "oneOf"
  | "anyOf"
  | "discriminator"
  | "readOnly"
  | "writeOnly"
  | "ref";
/**
 * One way a value breaks its schema. Plain JSON, so it can be put straight
 * into an error payload. Messages never quote the offending value: request
 * bodies may carry account data.
 */
export interface SchemaViolation {
  /** JSON Pointer (RFC 6901) to the offending member; `""` is the whole body. */
  readonly path: string;
  readonly keyword: ViolationKeyword;
  readonly message: string;
}
/** Named schemas by name, for resolving `ref` nodes. */
export type SchemaLookup = ReadonlyMap<string, SchemaNode>;
/** Indexes named schemas by name; later duplicates win, as in a JS object. */
export declare function schemaLookup(
  schemas: readonly NamedSchema[] | SchemaLookup,
): SchemaLookup;
/**
 * Follows `ref` nodes until a concrete schema is reached. Returns `undefined`
 * for a dangling reference or a reference cycle (`A -> B -> A`), which no
 * value could satisfy.
 */
export declare function resolveSchema(
  schema: SchemaNode,
  lookup: SchemaLookup,
): SchemaNode | undefined;
/**
 * Names referenced anywhere under `schema` (following references) that
 * `lookup` cannot resolve. Lets callers fail at start-up instead of at the
 * first request.
 */
export declare function findUnresolvedRefs(
  schema: SchemaNode,
  lookup: SchemaLookup,
): string[];
/** Appends one reference token to a JSON Pointer, escaping `~` and `/`. */
export declare function pointer(parent: string, token: string | number): string;
/**
 * Compiles a schema `pattern`; `undefined` for one that does not compile
 * (a checked spec holds none), after telling `refused` why.
 */
export declare function compilePattern(
  pattern: string,
  refused?: (reason: string) => void,
): RegExp | undefined;
/**
 * The string `format`s that are checked, which are also the ones the
 * sampler builds values for. Any other `format` is a free label: it is
 * neither checked nor generated (JSON Schema makes format assertion
 * optional, and a spec may use its own names such as `bank-code`).
 */
export declare const CHECKED_FORMATS: readonly string[];
/**
 * Whether `text` is a valid `format` value. Checked formats (see
 * {@link CHECKED_FORMATS}): `date` (RFC 3339 full-date) and `date-time`
 * (RFC 3339 date-time with a `Z` or `±hh:mm` offset; month, day, hour,
 * minute and second ranges, leap years, and a leap second only at 23:59 UTC),
 * `email` (dot-atom local part at a host name), `uuid` (8-4-4-4-12 hex, any
 * version), `uri` and its alias `url` (an absolute RFC 3986 URI). Any other
 * format is not checked and always passes.
 */
export declare function matchesFormat(format: string, text: string): boolean;
/** The JSON type name of a value, as used in messages. */
export declare function jsonTypeOf(value: JsonValue): string;
/** Length in code points, as JSON Schema counts `minLength`/`maxLength`. */
export declare function codePointLength(text: string): number;
/** Choices of {@link validateValue}. */
export interface ValidateOptions {
  /**
   * Which way the value travels. `request`: a `readOnly` member is neither
   * required nor allowed; `response`: a `writeOnly` one likewise. Without
   * it (an example), such members are allowed and never required.
   */
  readonly direction?: "request" | "response";
}
/**
 * Validates `value` against `schema`. Collects every violation rather than
 * stopping at the first, in a stable order: schema member order first, then
 * unknown members in body order.
 *
 * Checked: JSON types (`integer` must be whole), `nullable`, required
 * members, unknown members (or, for a map, each value against
 * `additionalProperties`), `readOnly`/`writeOnly` by direction, enum and
 * `const` values, `minLength`/`maxLength`, `pattern`, `format` (the
 * formats in {@link CHECKED_FORMATS}; others are labels and pass),
 * `minimum`/`maximum` (inclusive), `minItems`/`maxItems`, array items,
 * `oneOf` (exactly one variant), `anyOf` (at least one), a discriminator
 * (the variant its value names), `allOf` (objects' members added up),
 * nested objects and `ref`s resolved through `schemas`.
 */
export declare function validateValue(
  value: JsonValue,
  schema: SchemaNode,
  schemas: readonly NamedSchema[] | SchemaLookup,
  options?: ValidateOptions,
): SchemaViolation[];
/** Whether `null` is allowed: by the node, or by any reference on the way to its target. */
export declare function allowsNull(
  schema: SchemaNode,
  lookup: SchemaLookup,
): boolean;
/** Whether two JSON values are the same value (members in any order). */
export declare function jsonEqual(a: JsonValue, b: JsonValue): boolean;
/**
 * An `allOf` whose parts are all objects (followed through references and
 * nested `allOf`s) as one object: members of every part in order, a member
 * in several parts required if any part requires it and of every part's
 * schema; other members allowed only if every part allows them. Undefined
 * when some part is no object.
 */
export declare function mergeAllOf(
  node: SchemaNode,
  lookup: SchemaLookup,
): ObjectSchema | undefined;
