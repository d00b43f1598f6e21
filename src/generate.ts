/**
 * The generate pipeline: load and check the spec, resolve the model, render
 * every artifact of every chosen set, then write only what changed.
 * Nothing is written unless everything rendered; a file whose text is
 * already on disk is left alone. Skipping a run whose inputs did not change
 * is the build engine's job (its cache), not remitgen's.
 */
// A turn of the event loop: what waits on this thread runs.
import { setImmediate as nextTurn } from "node:timers/promises";
import { performance } from "node:perf_hooks";
import { basename, dirname, relative, resolve } from "node:path";
import {
  kindOf,
  usageProblems,
  type DiagnosticText,
} from "./diagnostics/codes.js";
import {
  SpecError,
  StoppedError,
  UsageError,
} from "./diagnostics/diagnostic.js";
import type { Model, OperationSetModel } from "./model/types.js";
import { closest } from "./names/names.js";
import type { OutputFile } from "./render/output.js";
import {
  loadRenderers,
  renderOverview,
  renderSet,
} from "./render/render-all.js";
import { checkSpecText, type CheckFailure } from "./check-spec.js";
import { readSpecText } from "./spec/load.js";
import {
  assertSafeOutDir,
  assertSafeOutPath,
  openOutputStage,
  outputFailure,
  type OutputPlan,
} from "./write/output-dir.js";
import { lockOutput } from "./write/output-lock.js";

export interface GenerateOptions {
  /** Spec file; default `spec/remittance.yaml` under `cwd`. */
  readonly spec?: string | undefined;
  /** Output folder; default `generated` under `cwd`. */
  readonly out?: string | undefined;
  /** Set ids to generate (at least one); leave it out for every set. */
  readonly sets?: readonly string[] | undefined;
  /** Compare with the folder and write nothing. */
  readonly check?: boolean;
  /** Folder that relative paths are resolved against; default `process.cwd()`. */
  readonly cwd?: string;
  /**
   * Stops the run when aborted before it commits: what was staged is
   * removed and StoppedError thrown. Once committing, the run completes.
   */
  readonly signal?: AbortSignal;
  /**
   * Called once if another run holds the output folder and this one waits
   * for it (up to two minutes), with that run's process id when known.
   */
  readonly onLockWait?: (holderPid: number | undefined) => void;
}

export interface GenerateResult {
  readonly model: Model;
  readonly sets: readonly string[];
  readonly operations: number;
  /** Every file produced, relative to the output folder. */
  readonly files: readonly string[];
  /** Written (or, with check, stale or missing). */
  readonly written: readonly string[];
  readonly removed: readonly string[];
  readonly unchanged: number;
  readonly durationMs: number;
  /** With check: whether the folder matches the spec. */
  readonly upToDate: boolean;
  readonly stale: readonly string[];
  readonly missing: readonly string[];
  readonly extra: readonly string[];
}

/**
 * Programmatic API of `remitgen generate`. Throws SpecError, UsageError,
 * StoppedError or OutputError (the output folder cannot take a file).
 */
export async function generate(
  given: GenerateOptions = {},
): Promise<GenerateResult> {
  const started = performance.now();
  const options = checkedOptions(given);
  const cwd = resolve(options.cwd ?? process.cwd());
  const specPath = resolve(cwd, options.spec ?? "spec/remittance.yaml");
  const outDir = resolve(cwd, options.out ?? "generated");
  const relativeName = toPosix(relative(cwd, specPath)) || specPath;
  const displayName = relativeName.startsWith("..") ? specPath : relativeName;
  const text = await readSpecText(specPath, displayName);
  if (typeof text !== "string") throw failedCheck(text);
  // Headers name the spec relative to the output's parent, so the bytes do
  // not depend on the folder remitgen was started from.
  const specFile =
    toPosix(relative(dirname(outDir), specPath)) || basename(specPath);
  // With --set, files of the other sets are neither produced nor stale; the
  // overview README describes every set, so it is always rendered whole.
  const partial = options.sets !== undefined; // never empty (checkedOptions)
  const { signal } = options;
  if (signal?.aborted) throw new StoppedError(signal.reason);
  try {
    // A folder refused for its path alone is refused now, not after waiting
    // for another run's lock on it.
    await assertSafeOutPath(outDir, cwd);
    // One run at a time per output folder, from reading it to writing it: a run started beside another waits, then sees what that
    // one left.
    const lock = await lockOutput(outDir, {
      signal,
      onWait: options.onLockWait,
    });
    try {
      return await generateLocked(options, {
        started,
        cwd,
        outDir,
        text,
        displayName,
        specFile,
        partial,
      });
    } finally {
      lock.release();
    }
  } catch (error) {
    // The file system's refusals (permission, a read-only disk, no space)
    // are the user's to fix: said with the file, in words, with a hint.
    throw outputFailure(error, outDir, options.check === true);
  }
}

/**
 * Each option's expected shape, an example, and the test a value must pass.
 * A JavaScript caller has no types to catch `sets: "v3"` (which would be
 * read as the sets "v" and "3") or `sepc:` (which would generate from the
 * default spec): such options are refused before anything is read.
 */
const optionShapes: {
  readonly [name in keyof GenerateOptions]-?: readonly [
    expected: string,
    example: string,
    test: (value: unknown) => boolean,
  ];
} = {
  // An empty path (an unset variable) would name the current folder: read
  // as the spec, or written into.
  spec: ["a string (a file path)", '"spec/remittance.yaml"', isPath],
  out: ["a string (a folder path)", '"generated"', isPath],
  // An empty list is refused, not read as "every set": a build script whose
  // filter came back empty would otherwise rewrite every set's package.
  sets: [
    "a non-empty list of set ids (strings)",
    '["v3"]',
    (value) =>
      Array.isArray(value) && value.length > 0 && value.every(isString),
  ],
  check: ["true or false", "true", isBoolean],
  cwd: ["a string (a folder path)", "process.cwd()", isString],
  signal: [
    "an AbortSignal",
    "controller.signal",
    (value) =>
      typeof value === "object" &&
      value !== null &&
      typeof (value as AbortSignal).aborted === "boolean" &&
      typeof (value as AbortSignal).addEventListener === "function",
  ],
  onLockWait: [
    "a function",
    "(pid) => console.error(`waiting for ${pid}`)",
    (value) => typeof value === "function",
  ],
};

/** `given`, once every option is known and of its shape (undefined meaning the default); else a UsageError. */
function checkedOptions(given: unknown): GenerateOptions {
  const refuse = (text: DiagnosticText): never => {
    throw new UsageError(text);
  };
  if (typeof given !== "object" || given === null || Array.isArray(given))
    refuse(usageProblems.notOptions(kindOf(given)));
  const known = Object.keys(optionShapes);
  for (const [name, value] of Object.entries(given as object)) {
    const shape = optionShapes[name as keyof GenerateOptions] as
      (typeof optionShapes)[keyof GenerateOptions] | undefined;
    if (shape === undefined)
      refuse(usageProblems.unknownOption(name, known, closest(name, known)));
    else if (value !== undefined && !shape[2](value))
      refuse(usageProblems.badOption(name, shape[0], kindOf(value), shape[1]));
  }
  return given as GenerateOptions;
}

function isString(value: unknown): boolean {
  return typeof value === "string";
}

function isPath(value: unknown): boolean {
  return typeof value === "string" && value !== "";
}

function isBoolean(value: unknown): boolean {
  return typeof value === "boolean";
}

/** What {@link generate} worked out before taking the output folder's lock. */
interface RunContext {
  readonly started: number;
  readonly cwd: string;
  readonly outDir: string;
  readonly text: string;
  readonly displayName: string;
  readonly specFile: string;
  readonly partial: boolean;
}

/** The rest of {@link generate}, run while holding the output folder's lock. */
async function generateLocked(
  options: GenerateOptions,
  context: RunContext,
): Promise<GenerateResult> {
  const { started, cwd, outDir, text, displayName, specFile, partial } =
    context;
  const { signal } = options;
  const model = resolvedModel(text, displayName, specFile);
  const chosen = chooseSets(model, options.sets);
  await assertSafeOutDir(outDir, cwd);
  const renderers = await loadRenderers();
  const directories = chosen.map((set) => `${set.names.directory}/`);
  const stage = await openOutputStage(outDir, {
    write: options.check !== true,
    scope: partial
      ? (path) =>
          !path.includes("/") || directories.some((dir) => path.startsWith(dir))
      : () => true,
  });
  // File by file: each is compared and staged before the next is rendered,
  // so memory holds little more than one file's text, not the whole output.
  const files: string[] = [];
  const rendered = (async function* (): AsyncGenerator<OutputFile> {
    yield* renderOverview(model, renderers);
    for (const set of chosen) yield* renderSet(model, set, renderers);
  })();
  for (;;) {
    let next: IteratorResult<OutputFile>;
    try {
      // A signal (Ctrl-C, a CI cancel) is delivered on the event loop, and
      // staging a file may not give it a turn (its file-system calls are
      // synchronous): one turn per file, so a stop is seen between files.
      if (signal !== undefined) await nextTurn();
      if (signal?.aborted) throw new StoppedError(signal.reason);
      next = await rendered.next();
    } catch (error) {
      await stage.discardAfter(error);
      throw error;
    }
    if (next.done) break;
    files.push(next.value.path);
    await stage.add([next.value]);
  }
  if (signal?.aborted) {
    const stopped = new StoppedError(signal.reason);
    await stage.discardAfter(stopped);
    throw stopped;
  }
  const plan = await stage.finish();
  return summarize(
    model,
    chosen,
    files,
    plan,
    options.check === true,
    performance.now() - started,
  );
}

function failedCheck(result: CheckFailure): SpecError {
  return new SpecError(result.diagnostics, result.formatted);
}

/** The checked spec's model, named in headers as `specFile`. */
function resolvedModel(
  text: string,
  displayName: string,
  specFile: string,
): Model {
  const checked = checkSpecText(text, displayName);
  if (!checked.ok) throw failedCheck(checked);
  return Object.freeze({
    ...checked.model,
    source: Object.freeze({ specFile }),
  });
}

function chooseSets(
  model: Model,
  ids: readonly string[] | undefined,
): OperationSetModel[] {
  if (ids === undefined) return [...model.sets];
  const known = model.sets.map((set) => set.id);
  // `--set v3 --set v3` asks for v3 once.
  return [...new Set(ids)].map((id) => {
    const set = model.sets.find((candidate) => candidate.id === id);
    if (set === undefined) {
      throw new UsageError(
        usageProblems.unknownSet(id, known, closest(id, known)),
      );
    }
    return set;
  });
}

function summarize(
  model: Model,
  sets: readonly OperationSetModel[],
  files: readonly string[],
  plan: OutputPlan,
  check: boolean,
  durationMs: number,
): GenerateResult {
  const missing = new Set(plan.missing);
  const stale = plan.changed
    .map((file) => file.path)
    .filter((path) => !missing.has(path));
  return {
    model,
    sets: sets.map((set) => set.id),
    operations: new Set(
      sets.flatMap((set) => set.operations.map((operation) => operation.id)),
    ).size,
    files: [...files],
    written: plan.changed.map((file) => file.path),
    removed: check ? [] : plan.stale,
    unchanged: plan.unchanged,
    durationMs,
    upToDate:
      plan.changed.length === 0 &&
      plan.stale.length === 0 &&
      !plan.manifestChanged,
    stale,
    missing: plan.missing,
    extra: plan.stale,
  };
}

function toPosix(path: string): string {
  return path.split("\\").join("/");
}
