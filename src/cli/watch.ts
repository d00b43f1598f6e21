/**
 * `remitgen generate --watch`: generate, then regenerate whenever the spec
 * file changes, until stopped. A broken spec is reported and watching goes
 * on; the output folder keeps the last good result (generate writes nothing
 * unless everything rendered).
 */
import { watch, type FSWatcher } from "node:fs";
import { basename, dirname, resolve } from "node:path";
import { StoppedError, UsageError } from "../diagnostics/diagnostic.js";
import { generate, type GenerateResult } from "../generate.js";
import { reportFailure, summaryLine } from "./report.js";

export interface WatchOptions {
  /** Spec file; default `spec/remittance.yaml` under `cwd`. */
  readonly spec?: string;
  /** Output folder; default `generated` under `cwd`. */
  readonly out?: string;
  readonly sets?: readonly string[];
  readonly cwd?: string;
  /** Stops watching; the returned promise then resolves with 0. */
  readonly signal: AbortSignal;
  /** Standard output: a line per run. */
  readonly log: (line: string) => void;
  /** Standard error: what went wrong in a run. */
  readonly error: (text: string) => void;
  /** Quiet time after the last change before regenerating. Default 100 ms. */
  readonly debounceMs?: number;
  /** Called after every run (for tests and embedding). */
  readonly onRun?: (run: WatchRun) => void;
}

/** The outcome of one run. */
export type WatchRun =
  | { readonly ok: true; readonly result: GenerateResult }
  | { readonly ok: false; readonly error: unknown };

/**
 * Watches the spec's folder (so editors that save by replacing the file are
 * seen too), filtered by the spec's file name, debounced. Runs never
 * overlap: a change during a run causes one more run after it.
 *
 * Returns the exit status: 0 when stopped through `signal`; 2 when the
 * first run finds a usage error (bad --out or --set); 1 when the folder
 * cannot be watched.
 */
export async function watchGenerate(options: WatchOptions): Promise<number> {
  const cwd = resolve(options.cwd ?? process.cwd());
  const specPath = resolve(cwd, options.spec ?? "spec/remittance.yaml");
  const specName = basename(specPath);
  const debounceMs = options.debounceMs ?? 100;
  const { signal, log, error } = options;
  if (signal.aborted) return 0;

  let watcher: FSWatcher;
  try {
    watcher = watch(dirname(specPath), { persistent: true });
  } catch (failure) {
    error(
      `remitgen: cannot watch ${dirname(specPath)}: ${(failure as Error).message}`,
    );
    return 1;
  }

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let finish!: (status: number) => void;
  const done = new Promise<number>(
    (resolvePromise) => (finish = resolvePromise),
  );

  const runOnce = async (first: boolean): Promise<WatchRun> => {
    try {
      const result = await generate({
        ...(options.spec !== undefined ? { spec: options.spec } : {}),
        ...(options.out !== undefined ? { out: options.out } : {}),
        ...(options.sets !== undefined ? { sets: options.sets } : {}),
        cwd,
        // Stopping the watch stops a run in progress too, which undoes itself.
        signal,
      });
      log(`[${clock()}] ${summaryLine(result)}`);
      return { ok: true, result };
    } catch (failure) {
      if (failure instanceof StoppedError) return { ok: false, error: failure };
      // On the first run a usage error is the command line's (bad --out
      // or --set): report it plainly, the command ends with 2.
      if (first && failure instanceof UsageError) {
        reportFailure(failure, { err: error });
        return { ok: false, error: failure };
      }
      error(`[${clock()}] generate failed:`);
      reportFailure(failure, { err: error });
      error(`still watching ${options.spec ?? specName} for changes`);
      return { ok: false, error: failure };
    }
  };

  let stopped = false;
  const stop = (status: number): void => {
    if (stopped) return;
    stopped = true;
    if (timer !== undefined) clearTimeout(timer);
    watcher.close();
    void (running ?? Promise.resolve()).then(() => finish(status));
  };

  const start = (first: boolean): Promise<void> => {
    const run = (async () => {
      const outcome = await runOnce(first);
      if (first && !outcome.ok && outcome.error instanceof UsageError) {
        stop(2);
        return;
      }
      options.onRun?.(outcome);
    })().finally(() => {
      running = undefined;
      if (again && !stopped) {
        again = false;
        schedule();
      }
    });
    running = run;
    return run;
  };
  const trigger = (): void => {
    timer = undefined;
    if (stopped) return;
    if (running !== undefined) {
      again = true;
      return;
    }
    void start(false);
  };
  const schedule = (): void => {
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(trigger, debounceMs);
  };

  watcher.on("change", (_event, filename) => {
    // Some platforms do not name the file: then any change may be the spec.
    if (
      filename === null ||
      filename === undefined ||
      filename.toString() === specName
    )
      schedule();
  });
  watcher.on("error", (failure) => {
    error(
      `remitgen: stopped watching ${dirname(specPath)}: ${failure.message}`,
    );
    stop(1);
  });
  signal.addEventListener("abort", () => stop(0), { once: true });

  await start(true);
  if (!stopped)
    log(`watching ${options.spec ?? specName} for changes (Ctrl-C to stop)`);
  const status = await done;
  if (status === 0) log("stopped watching");
  return status;
}

function clock(): string {
  return new Date().toTimeString().slice(0, 8);
}
