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
import type { NamedSchema, SchemaNode } from "../schema.js";
import { type SchemaLookup } from "./validate.js";
/**
 * Fixed epoch for generated `date` and `date-time` values
 * (2024-01-01T00:00:00Z). Generated instants fall within the year after it.
 */
export declare const SAMPLE_EPOCH_MS: number;
/** FNV-1a over UTF-16 code units: a stable 32-bit hash of `text`. */
export declare function hashString(text: string): number;
/**
 * JSON with object members sorted by name at every level, so bodies that
 * differ only in member order hash alike. `undefined` (no body) gives `""`.
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
 * - A node's `example` wins wherever it appears (also behind a `ref`).
 * - Objects carry all members; past a few nested `ref`s only required ones,
 *   so recursive schemas terminate.
 * - Strings honour `format` (`date`, `date-time` from {@link SAMPLE_EPOCH_MS},
 *   `email`, `uri`, `uuid`), `minLength`/`maxLength`, and `pattern` when the
 *   pattern uses common syntax (classes, groups, alternation, quantifiers);
 *   for exotic patterns the value may not match.
 * - Enums pick one of their values; numbers stay within
 *   `minimum`/`maximum`; arrays within `minItems`/`maxItems`.
 *
 * @throws Error for a dangling `ref` or a schema that recurses through
 * required members only (no finite value exists).
 */
export declare function sampleValue(
  schema: SchemaNode,
  schemas: readonly NamedSchema[] | SchemaLookup,
  seed: number,
): JsonValue;
