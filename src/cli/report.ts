/** How the CLI words results and failures; shared by every command. */
import { constants } from "node:os";
import {
  outputProblems,
  usageProblems,
  type DiagnosticText,
  type WarningText,
} from "../diagnostics/codes.js";
import { systemReason } from "../diagnostics/system-errors.js";
import {
  OutputError,
  SpecError,
  StoppedError,
  UsageError,
} from "../diagnostics/diagnostic.js";
import type { GenerateResult } from "../generate.js";

export interface CliIO {
  /** One line (or block) for standard output; no trailing newline. */
  readonly out: (text: string) => void;
  /** One line (or block) for standard error; no trailing newline. */
  readonly err: (text: string) => void;
  /** Folder that relative paths are resolved against. */
  readonly cwd: string;
  /**
   * Environment variables the commands read (the mock's
   * `REMITGEN_MOCK_CLIENT_ID` and `REMITGEN_MOCK_CLIENT_SECRET`); default
   * none, so an embedding or a test is not steered by its shell.
   */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /**
   * Stops long-running commands (`generate --watch`, `mock`). Without it
   * they stop on SIGINT or SIGTERM.
   */
  readonly signal?: AbortSignal;
}

export function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? "" : "s"}`;
}

/** `remitgen: 3 sets, 12 operations, 105 files (2 written, 103 unchanged) in 41 ms` */
export function summaryLine(result: GenerateResult): string {
  const removed =
    result.removed.length > 0 ? `, ${result.removed.length} removed` : "";
  return (
    `remitgen: ${plural(result.sets.length, "set")}, ${plural(result.operations, "operation")}, ` +
    `${plural(result.files.length, "file")} (${result.written.length} written${removed}, ${result.unchanged} unchanged) ` +
    `in ${Math.round(result.durationMs)} ms`
  );
}

/** Said once when another run holds the output folder, so a wait is not taken for a hang. */
export function lockWaitLine(
  out: string,
  holderPid: number | undefined,
): string {
  const holder =
    holderPid === undefined
      ? "another run"
      : `another run (process ${holderPid})`;
  return `remitgen: ${holder} is writing ${out}; waiting until it is done`;
}

/**
 * Prints an error the way the CLI does and returns its exit status: 1 for a
 * spec problem or a failure, 2 for a usage error. Never a stack trace.
 */
export function reportFailure(
  error: unknown,
  io: Pick<CliIO, "err">,
  what = "nothing was written",
): number {
  if (error instanceof SpecError) {
    io.err(error.message);
    io.err(`\n${plural(error.diagnostics.length, "problem")} found; ${what}`);
    return 1;
  }
  if (error instanceof UsageError || error instanceof OutputError) {
    io.err(`remitgen: ${withCode(error.message, error.code)}`);
    return error instanceof UsageError ? 2 : 1;
  }
  if (error instanceof StoppedError) {
    io.err(`remitgen: ${withCode(error.message, error.code)}`);
    // As a shell reports a command its signal ended: 128 + the signal's number.
    const signal = constants.signals[error.signal as NodeJS.Signals] as
      number | undefined;
    return 128 + (signal ?? constants.signals.SIGINT);
  }
  const text = usageProblems.unexpected(failureWords(error));
  io.err(
    `remitgen: ${withCode(`${text.message}\n  hint: ${text.hint}`, text.code)}`,
  );
  return 1;
}

/**
 * What failed, for a failure none of remitgen's: a system error's reason
 * in words after its path (Node's text names the code and the call, and
 * the path again), else the error's message.
 */
function failureWords(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const { code, path } = error as NodeJS.ErrnoException;
  if (typeof code !== "string" || !/^E[A-Z0-9]+$/.test(code))
    return error.message;
  const reason = systemReason(code, error.message);
  return typeof path === "string" ? `${path}: ${reason}` : reason;
}

/**
 * RG088: what remitgen printed has nowhere to go (`> file` on a full disk):
 * `errno`, the system's code; `detail`, its message.
 */
export function cannotPrintText(
  stream: string,
  errno: string | undefined,
  detail: string,
): DiagnosticText {
  return outputProblems.cannotPrint(
    stream,
    systemReason(errno, detail),
    errno === "ENOSPC" || errno === "EDQUOT",
  );
}

/**
 * A warning as the CLI says it, with its code and hint like an error's,
 * for standard error: `remitgen: warning: ... [RG084]` and the hint.
 */
export function warningText(warning: WarningText): string {
  return `remitgen: warning: ${withCode(warning.hint ? `${warning.message}\n  hint: ${warning.hint}` : warning.message, warning.code)}`;
}

/** `message` with its code after the first line, as a spec diagnostic shows it: `unknown set "v4" [RG091]`. */
function withCode(message: string, code: string): string {
  const end = message.indexOf("\n");
  return end < 0
    ? `${message} [${code}]`
    : `${message.slice(0, end)} [${code}]${message.slice(end)}`;
}

/** Signals that stop a run cleanly: Ctrl-C, a CI cancel, a closed terminal. */
const stopSignals = ["SIGINT", "SIGTERM", "SIGHUP"] as const;

/**
 * An AbortSignal that fires on `given`, or (when none is given) on SIGINT,
 * SIGTERM or SIGHUP (the terminal closed); later signals are ignored until
 * `dispose`, which removes the process listeners.
 */
export function stopSignal(given: AbortSignal | undefined): {
  readonly signal: AbortSignal;
  dispose(): void;
} {
  if (given !== undefined) return { signal: given, dispose: () => undefined };
  const controller = new AbortController();
  // The reason names the signal, for the exit status (128 + its number).
  // Listened to until disposed, not once: a second Ctrl-C, or the copy npm
  // forwards, would otherwise end the process by default while the run
  // undoes or completes its writes, leaving the output half written.
  const stop = (signal: NodeJS.Signals): void => controller.abort(signal);
  for (const each of stopSignals) process.on(each, stop);
  return {
    signal: controller.signal,
    dispose: () => {
      for (const each of stopSignals) process.off(each, stop);
    },
  };
}

/** Resolves when `signal` aborts. */
export function aborted(signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) =>
    signal.addEventListener("abort", () => resolve(), { once: true }),
  );
}
