/**
 * Whether a spec `pattern` can be matched in linear time by a backtracking
 * engine. The mocks (copied into the generated packages, which depend on
 * nothing) and the checker match patterns with JavaScript's own RegExp, a
 * backtracking engine: a pattern such as `^([A-Za-z]+ ?)+$` takes hours on a
 * 40-character value. So every pattern is proved safe here, before anything
 * compiles it, or refused with a diagnostic.
 *
 * The proof is recheck's automaton checker (https://makenowjust-labs.github.io/recheck/):
 * it decides from the pattern's automaton whether matching can take more
 * than linear time, so its "safe" is a proof, not a guess. Its fuzzing
 * checker is never used: a fuzzer that finds no attack proves nothing.
 * What the automaton checker cannot decide (look-arounds, or a pattern too
 * complex to analyse in time) is refused too.
 *
 * Most spec patterns are simple (`^[A-Z0-9]{8,24}$`) and are proved by their
 * shape alone (`linearByShape`): recheck, a few MB of Scala.js, costs about
 * 150 ms of CPU to load and run on a first pattern, more than the rest of a
 * small spec's generation. Only what that proof does not cover goes to recheck.
 */
import { createRequire } from "node:module";
import type { Diagnostics as RecheckVerdict } from "recheck";
import { diagnostics, type DiagnosticText } from "../diagnostics/codes.js";
import { parsePattern, type Re } from "../runtime/mock/pattern.js";

/** How long one pattern may be analysed; past it, the pattern is refused as too complex. */
export const patternAnalysisTimeoutMs = 10_000;

/** The problem with a pattern, or `undefined` when it is proved safe. */
export type PatternSafety = (
  pattern: string,
) => DiagnosticText<"RG057"> | undefined;

/**
 * A checker for one run: each distinct pattern is analysed once (a spec of
 * a thousand operations repeats a few patterns), and recheck (a few MB of
 * code) is loaded only when a spec has a pattern at all.
 *
 * Patterns are analysed with the `u` flag, as the spec's patterns are
 * compiled (see RG052).
 */
export function patternSafety(
  timeoutMs: number = patternAnalysisTimeoutMs,
): PatternSafety {
  const verdicts = new Map<string, DiagnosticText<"RG057"> | null>();
  let checkSync: CheckSync | undefined;
  return (pattern) => {
    if (linearByShape(pattern)) return undefined;
    let problem = verdicts.get(pattern);
    if (problem === undefined) {
      checkSync ??= loadRecheck();
      problem =
        problemOf(
          pattern,
          checkSync(pattern, "u", {
            checker: "automaton",
            timeout: timeoutMs,
          }),
          timeoutMs,
        ) ?? null;
      verdicts.set(pattern, problem);
    }
    return problem ?? undefined;
  };
}

type CheckSync = typeof import("recheck").checkSync;

/**
 * recheck's checkSync, loaded on first use (through `load`, not `require`,
 * so the CLI bundle leaves the package outside). It runs recheck's
 * JavaScript build in this thread ("pure"): recheck's default hands each
 * check to a worker thread that starts a native program, which costs about
 * twice as much for the few simple patterns a spec holds. recheck reads
 * the choice from the environment at each call; it is set only for the
 * call, and one the user made (RECHECK_SYNC_BACKEND) is kept.
 */
function loadRecheck(): CheckSync {
  const load = createRequire(import.meta.url);
  const checkSync = (load("recheck") as typeof import("recheck")).checkSync;
  return (source, flags, params) => {
    const chosen = process.env.RECHECK_SYNC_BACKEND;
    if (chosen !== undefined) return checkSync(source, flags, params);
    process.env.RECHECK_SYNC_BACKEND = "pure";
    try {
      return checkSync(source, flags, params);
    } finally {
      delete process.env.RECHECK_SYNC_BACKEND;
    }
  };
}

function problemOf(
  pattern: string,
  verdict: RecheckVerdict,
  timeoutMs: number,
): DiagnosticText<"RG057"> | undefined {
  switch (verdict.status) {
    case "safe":
      // Only the automaton checker proves; it is the one asked for.
      return verdict.checker === "automaton"
        ? undefined
        : diagnostics.unprovenPattern(pattern, "it could not be analysed");
    case "vulnerable":
      return diagnostics.slowPattern(
        pattern,
        verdict.complexity.summary,
        verdict.hotspot.map((spot) => pattern.slice(spot.start, spot.end)),
        verdict.attack.pattern,
      );
    case "unknown": {
      const error = verdict.error;
      return diagnostics.unprovenPattern(
        pattern,
        error.kind === "unsupported"
          ? `it uses a ${error.message}, which the analysis does not cover`
          : error.kind === "timeout"
            ? `it is too complex to analyse within ${timeoutMs / 1000} s`
            : "message" in error
              ? error.message
              : `the analysis stopped (${error.kind})`,
      );
    }
  }
}

/** A set of code points: inclusive ranges. */
type CharSet = readonly (readonly [number, number])[];
/** One set and how many times it repeats. */
interface Atom {
  readonly set: CharSet;
  readonly min: number;
  readonly max: number;
}

const anyChar: CharSet = [[0, 0x10ffff]];
/** What `\d`, `\w`, `\s` and `.` (no `s` flag) match under the `u` flag without `i`. */
const classEscapes: Readonly<Record<string, CharSet>> = {
  d: ranges("09"),
  w: ranges("09AZ__az"),
  s: ranges(
    "\t\r  \u00a0\u00a0\u1680\u1680\u2000\u200a\u2028\u2029\u202f\u202f\u205f\u205f\u3000\u3000\ufeff\ufeff",
  ),
  ".": complement(ranges("\n\n\r\r\u2028\u2029")),
};

/**
 * Whether `pattern` (with the `u` flag) is proved to match in linear time
 * by its shape: `^`, then single-character atoms (a character, an escape
 * such as `\d`, a class or `.`) each with an optional greedy quantifier,
 * then an optional `$`; and wherever an atom may either take one more
 * character or stop, it shares no character with any atom that could take
 * the next character instead (each later atom up to the first that must
 * take one). Then the next character always decides which atom takes it
 * (the pattern's Glushkov automaton is deterministic): a backtracking
 * engine follows one path, each character costing at most a walk along the
 * pattern, and `^` lets a search start only once. Anything else (groups,
 * alternation, assertions, lazy quantifiers, an unanchored start) is not
 * proved here, and goes to recheck. The pattern is read by the mocks' own
 * parser (runtime/mock/pattern.ts).
 */
export function linearByShape(pattern: string): boolean {
  const tree = parsePattern(pattern, true);
  if (tree?.t !== "seq") return false;
  const [first, ...rest] = tree.items;
  if (first?.t !== "anchor" || first.at !== "^") return false;
  if (rest.at(-1)?.t === "anchor") rest.pop();
  const atoms: Atom[] = [];
  for (const item of rest) {
    const { min, max, lazy, set } =
      item.t === "rep"
        ? { ...item, set: item.item }
        : { min: 1, max: 1, lazy: false, set: item };
    const codes = set.t === "set" && !lazy ? codePoints(set) : undefined;
    if (codes === undefined) return false;
    atoms.push({ set: codes, min, max });
  }
  return atoms.every((atom, i) => {
    if (atom.max === atom.min) return true;
    for (const next of atoms.slice(i + 1)) {
      if (overlaps(atom.set, next.set)) return false;
      if (next.min > 0) break;
    }
    return true;
  });
}

/**
 * The code points a set matches; a Unicode property is taken as every
 * character, so it only ever proves less. `undefined` for a surrogate
 * written alone (`\uD83D`), which may pair with the next one.
 */
function codePoints(set: Extract<Re, { t: "set" }>): CharSet | undefined {
  const matched: (readonly [number, number])[] = [];
  for (const item of set.items) {
    if (typeof item !== "string") {
      if (item.some((code) => code >= 0xd800 && code <= 0xdfff))
        return undefined;
      matched.push(item);
    } else if (item === "p") matched.push(...anyChar);
    else {
      const escape = classEscapes[item.toLowerCase()]!;
      matched.push(
        ...(item === item.toUpperCase() && item !== "."
          ? complement(escape)
          : escape),
      );
    }
  }
  return set.negated ? complement(matched) : matched;
}

/** The set of pairs of first and last characters (all below U+10000). */
function ranges(pairs: string): CharSet {
  return (pairs.match(/[^]{2}/g) ?? []).map(
    (pair) => [pair.charCodeAt(0), pair.charCodeAt(1)] as const,
  );
}

function complement(set: CharSet): CharSet {
  const sorted = [...set].sort((a, b) => a[0] - b[0]);
  const result: [number, number][] = [];
  let next = 0;
  for (const [from, to] of sorted) {
    if (from > next) result.push([next, from - 1]);
    next = Math.max(next, to + 1);
  }
  if (next <= 0x10ffff) result.push([next, 0x10ffff]);
  return result;
}

function overlaps(a: CharSet, b: CharSet): boolean {
  return a.some(([aFrom, aTo]) =>
    b.some(([bFrom, bTo]) => aFrom <= bTo && bFrom <= aTo),
  );
}
