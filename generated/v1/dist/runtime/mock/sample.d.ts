// Copied by remitgen from its runtime (src/runtime/mock/sample.ts). DO NOT EDIT.

/**
 * Deterministic sample data from a {@link SchemaNode}. Part of the mock
 * runtime: copied verbatim into every generated package, so it has no
 * dependencies and touches only ECMAScript globals.
 *
 * Determinism is the point: the same seed always gives the same value, on
 * every run and every machine. Nothing here reads the clock or
 * `Math.random`.
 *
 * @packageDocumentation
 */
import type { JsonValue } from "../json.js";
import { type NamedSchema, type SchemaNode } from "../schema.js";
import { type SchemaLookup } from "./validate.js";
/**
 * Fixed epoch for generated `date` and `date-time` values
 * (2024-01-01T00:00:00Z). Generated instants fall within the year after it.
 */
export declare const SAMPLE_EPOCH_MS: number;
/**
 * Most arrays and objects a sample nests. Deeper values are refused with an
 * Error (the engine's `mock_error` answer): the engine answers with
 * `JSON.stringify`, which itself overflows the stack a few thousand levels
 * down, and no hand-written spec needs more.
 */
export declare const MAX_SAMPLE_DEPTH = 2000;
/**
 * Most work one sample may do, counted as values built plus string
 * characters (so roughly a few MB of JSON at most). A schema whose smallest
 * valid value is bigger (`minItems: 100000000`, `minLength: 100000000`,
 * required members doubling at each of 40 levels) is refused with an Error
 * rather than built: a 100 MB string would stall or kill the mock server
 * for every caller. Bounds below the cap are honoured in full.
 */
export declare const MAX_SAMPLE_SIZE = 1000000;
/** FNV-1a over UTF-16 code units: a stable 32-bit hash of `text`. */
export declare function hashString(text: string): number;
/**
 * JSON with object members sorted by name at every level, so bodies that
 * differ only in member order hash alike. `undefined` (no body) gives `""`.
 * Walks with a stack of its own: a request body nested a few thousand
 * levels deep (valid where the request is not shown) must not overflow.
 */
export declare function canonicalJson(value: JsonValue | undefined): string;
/** The sample seed for one call: operation name plus canonical body. */
export declare function seedFor(
  operation: string,
  body: JsonValue | undefined,
): number;
/** A seeded pseudo-random source (mulberry32). */
export interface Rng {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [lo, hi] (inclusive). */
  int(lo: number, hi: number): number;
  pick<T>(items: readonly T[]): T;
}
/** Creates a {@link Rng}; the same seed gives the same sequence. */
export declare function createRng(seed: number): Rng;
/**
 * Produces a value that satisfies `schema`, deterministically from `seed`.
 *
 * - A node's `example`, else its `default`, wins wherever it appears (also
 *   behind a `ref`), when its schema accepts it (a checked spec's all do:
 *   RG044); a `const` is its value; `null` only where nothing else ends.
 * - A union takes its first variant; a discriminated one the variant of
 *   its first value, with the discriminating member set to that value.
 *   An `allOf` of objects is one object of all their members.
 * - With a `direction`, `readOnly` members are left out of a request and
 *   `writeOnly` ones out of a response. A map (`additionalProperties`
 *   without `properties`) holds one entry.
 * - Objects carry all members; past a few nested `ref`s only required ones,
 *   so recursive schemas terminate. Optional members and array items whose
 *   schema has no finite value are left out; with `optionalMembers: false`
 *   (the docs' examples: what a caller must send) every optional member is.
 * - Strings honour `format` (`date`, `date-time` from {@link SAMPLE_EPOCH_MS},
 *   `email`, `uri`/`url`, `uuid`: always a valid value of the format, shaped
 *   to fit `minLength`/`maxLength`), `minLength`/`maxLength`, and `pattern`
 *   when the pattern uses common syntax (classes, groups, alternation,
 *   quantifiers); for exotic patterns the value may not match.
 * - Enums pick one of their values; numbers stay within
 *   `minimum`/`maximum`; arrays within `minItems`/`maxItems`.
 * - Work is bounded: at most {@link MAX_SAMPLE_DEPTH} nested arrays and
 *   objects and {@link MAX_SAMPLE_SIZE} values plus characters. The walk
 *   over schemas and refs is a loop, not recursion, so no chain of named
 *   schemas can overflow the stack.
 *
 * @throws Error for a dangling `ref`, a schema that recurses through
 * required members only (no finite value exists), a format whose values
 * cannot meet the length bounds, or a value past the caps above.
 */
export declare function sampleValue(
  schema: SchemaNode,
  schemas: readonly NamedSchema[] | SchemaLookup,
  seed: number,
  options?: SampleOptions,
): JsonValue;
/** Choices of {@link sampleValue}. */
export interface SampleOptions {
  /** `false`: objects carry their required members only. Default `true`. */
  readonly optionalMembers?: boolean;
  /** `request` leaves `readOnly` members out, `response` `writeOnly` ones. */
  readonly direction?: "request" | "response";
}
