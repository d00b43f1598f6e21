// Copied by remitgen from its runtime (src/runtime/mock/pattern.ts). DO NOT EDIT.

/**
 * The one parser of a schema's `pattern` (read with the `u` flag, as every
 * pattern is compiled), and strings that match it, for the sampler. It reads
 * the regular expressions schemas commonly use: literals, escapes (\d \w \s
 * and their negations, \t \n \v \f \r \0 \xHH \uHHHH \u{H…}, \p{…}),
 * classes with ranges and negation, `.`, groups (plain, `?:`), alternation,
 * anchors and the quantifiers ? * + {n} {n,} {n,m}, greedy or lazy.
 * Anything else (look-arounds, back-references, \b) makes
 * {@link parsePattern} return `undefined`.
 *
 * Each set keeps what it was written as (`items`) beside the characters the
 * sampler draws from: the checker's proof that a pattern matches in linear
 * time (check/pattern-safety.ts) reads the same tree.
 *
 * @packageDocumentation
 */
import type { Rng } from "./sample.js";
/**
 * One item of a set as written: an inclusive range of code points (a
 * character is a range of one), a class escape, `.`, or a Unicode property
 * (`p`, either `\p{…}` or `\P{…}`).
 */
export type SetItem =
  | readonly [from: number, to: number]
  | "d"
  | "D"
  | "w"
  | "W"
  | "s"
  | "S"
  | "."
  | "p";
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
      /** What the sampler draws from: printable characters for `.` and negations. */
      readonly chars: readonly string[];
      readonly negated: boolean;
      readonly items: readonly SetItem[];
    }
  | {
      readonly t: "rep";
      readonly item: Re;
      readonly min: number;
      readonly max: number;
      readonly lazy: boolean;
    }
  /** `^` or `$`: the generated text is the whole match anyway. */
  | {
      readonly t: "anchor";
      readonly at: "^" | "$";
    };
/** Default extra repetitions for unbounded quantifiers (`*`, `+`, `{n,}`). */
export declare const OPEN_REPEAT = 3;
/**
 * The pattern's tree, or `undefined` where it is outside what this reads.
 * A Unicode property is read only for `proof` (the checker): the sampler
 * has no characters for it.
 */
export declare function parsePattern(
  pattern: string,
  proof?: boolean,
): Re | undefined;
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
