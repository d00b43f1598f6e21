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
