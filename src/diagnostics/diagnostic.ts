import {
  usageProblems,
  type DiagnosticCode,
  type DiagnosticText,
} from "./codes.js";

/** A problem found in a spec, with where it is and how to fix it. */
export interface Diagnostic {
  /** Stable code, declared in `codes.ts`, e.g. `RG010`. */
  readonly code: DiagnosticCode;
  readonly message: string;
  /** How to fix it; empty when the message says it all. */
  readonly hint: string;
  readonly file: string;
  /** 1-based. */
  readonly line: number;
  /** 1-based. */
  readonly column: number;
  /** Length of the offending text on that line, for the caret underline. */
  readonly length: number;
}

/** Thrown by the programmatic API when a spec has problems. */
export class SpecError extends Error {
  readonly diagnostics: readonly Diagnostic[];
  constructor(diagnostics: readonly Diagnostic[], formatted: string) {
    super(formatted);
    this.name = "SpecError";
    this.diagnostics = diagnostics;
  }
}

/**
 * An error with a code and a hint, made from the catalog's text, as the CLI
 * prints it: the message, then `  hint: ...` on a line of its own (none
 * when the hint is empty).
 */
export abstract class CodedError extends Error {
  /** Stable code, declared in `codes.ts`, e.g. `RG092`. */
  readonly code: DiagnosticCode;
  readonly hint: string;
  constructor({ code, message, hint }: DiagnosticText) {
    super(hint ? `${message}\n  hint: ${hint}` : message);
    this.code = code;
    this.hint = hint;
  }
}

/** Thrown for a usage problem that is not in the spec (bad --out, unknown --set). */
export class UsageError extends CodedError {
  override readonly name = "UsageError";
}

/**
 * Thrown when the output folder cannot take a file (RG097: something in the
 * way; RG098: the file system refused). The folder is left as it was,
 * unless the message says what could not be restored.
 */
export class OutputError extends CodedError {
  override readonly name = "OutputError";
}

/**
 * Thrown when a run is asked to stop (an aborted signal: Ctrl-C, a CI
 * cancel) before it commits: what it had written is removed, so the
 * output folder is as it was.
 */
export class StoppedError extends CodedError {
  override readonly name = "StoppedError";
  /** The abort's reason when it is a signal name (`SIGINT`, `SIGTERM`). */
  readonly signal: string | undefined;
  constructor(reason: unknown) {
    const signal =
      typeof reason === "string" && reason.startsWith("SIG")
        ? reason
        : undefined;
    super(usageProblems.stopped(signal));
    this.signal = signal;
  }
}
