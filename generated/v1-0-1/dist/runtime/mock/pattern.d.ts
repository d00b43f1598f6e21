// Copied by remitgen from its runtime (src/runtime/mock/pattern.ts). DO NOT EDIT.

/**
 * Strings that match a schema's `pattern`, for the sampler: a parser and a
 * generator for the regular expressions schemas commonly use: literals,
 * escapes (\d \w \s and their negations, \t \n \r \xHH \uHHHH),
 * classes with ranges and negation, `.`, groups (plain, `?:`), alternation,
 * anchors and the quantifiers ? * + {n} {n,} {n,m}. Anything else
 * (look-arounds, back-references, \b) makes {@link parsePattern} return
 * `undefined`.
 *
 * @packageDocumentation
 */
import type { Rng } from "./sample.js";
export type Re =
  | {
      readonly t: "alt";
      readonly options: readonly Re[];
    }
  | {
      readonly t: "seq";
      readonly items: readonly Re[];
    }
  | {
      readonly t: "set";
      readonly chars: readonly string[];
    }
  | {
      readonly t: "rep";
      readonly item: Re;
      readonly min: number;
      readonly max: number;
    };
/** Default extra repetitions for unbounded quantifiers (`*`, `+`, `{n,}`). */
export declare const OPEN_REPEAT = 3;
export declare function parsePattern(pattern: string): Re | undefined;
/** What one {@link generate} call may still spend; past either, it throws {@link TooLong}. */
export interface GenBudget {
  /** Characters. */
  chars: number;
  /** Repetitions and characters: bounds empty-width loops such as `(?:){99999999}`. */
  work: number;
}
export declare class TooLong extends Error {}
/** `open`: extra repetitions allowed where the pattern sets no maximum. */
export declare function generate(
  re: Re,
  rng: Rng,
  open: number,
  budget: GenBudget,
): string;
