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
/** One single-character atom and how many times it repeats. */
interface Atom {
  readonly set: CharSet;
  readonly min: number;
  readonly max: number;
}

const anyChar: CharSet = [[0, 0x10ffff]];
/** `.` without the `s` flag: every character but the line terminators. */
const dotChar = complement(ranges("\n\n\r\r\u2028\u2029"));
/** What `\d`, `\w` and `\s` match (`u` flag, no `i`), as pairs of first and last characters. */
const classEscapeRanges: Readonly<Record<string, string>> = {
  d: "09",
  w: "09AZ__az",
  s: "\t\r  \u00a0\u00a0\u1680\u1680\u2000\u200a\u2028\u2029\u202f\u202f\u205f\u205f\u3000\u3000\ufeff\ufeff",
};
/** Characters that `\` makes literal under the `u` flag. */
const syntaxCharacters = "^$\\.*+?()[]{}|/-";

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
 * proved here, and goes to recheck.
 */
export function linearByShape(pattern: string): boolean {
  if (!pattern.startsWith("^")) return false;
  const atoms: Atom[] = [];
  let at = 1;
  while (at < pattern.length) {
    if (pattern[at] === "$" && at === pattern.length - 1) break;
    const atom = readAtom(pattern, at);
    if (atom === undefined) return false;
    const count = readQuantifier(pattern, atom.end);
    if (count === undefined) return false;
    atoms.push({ set: atom.set, min: count.min, max: count.max });
    at = count.end;
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

/** The atom at `at`: its characters and where it ends, or undefined if not a single-character atom. */
function readAtom(
  pattern: string,
  at: number,
): { set: CharSet; end: number } | undefined {
  const char = pattern[at]!;
  if (char === ".") return { set: dotChar, end: at + 1 };
  if (char === "[") return readClass(pattern, at + 1);
  if (char === "\\") {
    const escape = readEscape(pattern, at + 1);
    return escape && { set: escape.set, end: escape.end };
  }
  if ("^$*+?{}()|]".includes(char)) return undefined;
  const code = pattern.codePointAt(at)!;
  return { set: [[code, code]], end: at + String.fromCodePoint(code).length };
}

/** The escape after a `\` at `at`, or undefined for one not covered (`\b`, back-references). */
function readEscape(
  pattern: string,
  at: number,
): { set: CharSet; end: number; single?: number } | undefined {
  const char = pattern[at];
  if (char === undefined) return undefined;
  const single = (code: number, end: number) => ({
    set: [[code, code]] as CharSet,
    end,
    single: code,
  });
  const classRanges = classEscapeRanges[char.toLowerCase()];
  if (classRanges !== undefined) {
    const set = ranges(classRanges);
    return {
      set: char === char.toLowerCase() ? set : complement(set),
      end: at + 1,
    };
  }
  const control = "tnvfr".indexOf(char);
  if (control >= 0) return single("\t\n\v\f\r".charCodeAt(control), at + 1);
  if (syntaxCharacters.includes(char))
    return single(char.codePointAt(0)!, at + 1);
  if (char === "0" && !/[0-9]/.test(pattern[at + 1] ?? ""))
    return single(0, at + 1);
  // A Unicode property: taken as every character, so it only ever proves less.
  if ((char === "p" || char === "P") && pattern[at + 1] === "{") {
    const close = pattern.indexOf("}", at);
    return close < 0 ? undefined : { set: anyChar, end: close + 1 };
  }
  const hex =
    /^x([0-9A-Fa-f]{2})/.exec(pattern.slice(at)) ??
    /^u([0-9A-Fa-f]{4})/.exec(pattern.slice(at)) ??
    /^u\{([0-9A-Fa-f]{1,6})\}/.exec(pattern.slice(at));
  if (hex === null) return undefined;
  const code = Number.parseInt(hex[1]!, 16);
  // A surrogate written as \uHHHH may pair with the next one: not covered.
  if (code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return undefined;
  return single(code, at + hex[0].length);
}

/** The class whose items start at `at` (after its `[`). */
function readClass(
  pattern: string,
  at: number,
): { set: CharSet; end: number } | undefined {
  const negated = pattern[at] === "^";
  let i = negated ? at + 1 : at;
  const set: (readonly [number, number])[] = [];
  const readItem = () => {
    if (pattern[i] === "\\") {
      const escape = readEscape(pattern, i + 1);
      if (escape !== undefined) i = escape.end;
      return escape;
    }
    if (pattern[i] === "[" || i >= pattern.length) return undefined;
    const code = pattern.codePointAt(i)!;
    i += String.fromCodePoint(code).length;
    return { set: [[code, code]] as CharSet, single: code };
  };
  while (pattern[i] !== "]") {
    const from = readItem();
    if (from === undefined) return undefined;
    if (pattern[i] === "-" && pattern[i + 1] !== "]") {
      i += 1;
      const to = readItem();
      if (from.single === undefined || to?.single === undefined)
        return undefined;
      if (from.single > to.single) return undefined;
      set.push([from.single, to.single]);
    } else set.push(...from.set);
  }
  return { set: negated ? complement(set) : set, end: i + 1 };
}

/** The greedy quantifier at `at` (none: exactly once), or undefined for a lazy or malformed one. */
function readQuantifier(
  pattern: string,
  at: number,
): { min: number; max: number; end: number } | undefined {
  const found = /^(?:[*+?]|\{([0-9]+)(,([0-9]*))?\})\??/.exec(
    pattern.slice(at),
  );
  if (found === null) return { min: 1, max: 1, end: at };
  const [text, least, comma, most] = found;
  if (text.length > 1 && text.endsWith("?")) return undefined; // lazy
  const min = text[0] === "{" ? Number(least) : text[0] === "+" ? 1 : 0;
  const max =
    text[0] === "{"
      ? comma === undefined
        ? min
        : most === ""
          ? Infinity
          : Number(most)
      : text[0] === "?"
        ? 1
        : Infinity;
  return min > max ? undefined : { min, max, end: at + text.length };
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
