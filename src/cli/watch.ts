/**
 * `remitgen generate --watch`: generate, then regenerate whenever the spec
 * file changes, until stopped. A broken spec is reported and watching goes
 * on; the output folder keeps the last good result (generate writes nothing
 * unless everything rendered).
 */
import { watch, type FSWatcher } from "chokidar";
import { lstat, realpath, stat } from "node:fs/promises";
import { basename, dirname, relative, resolve } from "node:path";
import {
  outputLockedCode,
  usageProblems,
  type DiagnosticText,
} from "../diagnostics/codes.js";
import {
  shorterSpecPath,
  systemReason,
  systemReasons,
} from "../diagnostics/system-errors.js";
import { StoppedError, UsageError } from "../diagnostics/diagnostic.js";
import { generate, type GenerateResult } from "../generate.js";
import { lockWaitLine, reportFailure, summaryLine } from "./report.js";

export interface WatchOptions {
  /** Spec file; default `spec/remittance.yaml` under `cwd`. */
  readonly spec?: string;
  /** Output folder; default `generated` under `cwd`. */
  readonly out?: string;
  readonly sets?: readonly string[] | undefined;
  readonly cwd?: string;
  /** Stops watching; the returned promise then resolves with 0. */
  readonly signal: AbortSignal;
  /** Standard output: a line per run. */
  readonly log: (line: string) => void;
  /** Standard error: what went wrong in a run. */
  readonly error: (text: string) => void;
  /** Quiet time after the last change before regenerating. Default 100 ms. */
  readonly debounceMs?: number;
  /**
   * How often the spec and the folders watched are looked at besides the
   * file system's events: a spec changed without an event, a folder
   * replaced, a symbolic link pointed elsewhere. Also how long a folder
   * may be away before that is reported. Default 1000 ms.
   */
  readonly pollMs?: number;
  /** Called after every run (for tests and embedding). */
  readonly onRun?: (run: WatchRun) => void;
}

/** The outcome of one run. */
export type WatchRun =
  | { readonly ok: true; readonly result: GenerateResult }
  | { readonly ok: false; readonly error: unknown };

/** While a folder is away, how often to look for it. */
const retryMs = 100;

/** A folder watched for some of its entries. */
interface Folder {
  readonly dir: string;
  /** The entries that are the spec: its name, and its target's when it is a symbolic link. */
  names: ReadonlySet<string>;
  watcher: FSWatcher | undefined;
  /** `dev:ino` of the folder the watcher was made on. */
  identity: string | undefined;
  /** An event or error says the watcher may be on a folder gone: make it again. */
  stale: boolean;
  /** Since when the folder cannot be watched, and why. */
  lostSince: number | undefined;
  failure: unknown;
  /** That it cannot be watched was reported (once per absence). */
  reported: boolean;
}

/**
 * Watches the spec's folder through chokidar (so editors that save by
 * replacing the file are seen too), for the spec's entry only, debounced. Runs never
 * overlap: a change during a run causes one more run after it.
 *
 * Watching follows the spec rather than a folder once looked up: when the
 * spec is a symbolic link, its target's folder is watched too, and the link
 * is followed again when it changes; when a folder watched is removed or
 * replaced (a checkout, a restore, a folder link pointed elsewhere), it is
 * watched again as soon as it is back, with a run, and a folder away for
 * longer than `pollMs` is reported once (watching goes on). Besides the
 * events, the spec's identity, size and modification time are looked at
 * every `pollMs`, for file systems whose events go missing.
 *
 * Returns the exit status: 0 when stopped through `signal`; 2 when the
 * first run finds a usage error (bad --out or --set), or the spec's
 * folder cannot be watched at the start (RG096).
 */
export async function watchGenerate(options: WatchOptions): Promise<number> {
  const cwd = resolve(options.cwd ?? process.cwd());
  const specPath = resolve(cwd, options.spec ?? "spec/remittance.yaml");
  const specName = basename(specPath);
  const specShown = options.spec ?? specName;
  const specFolder = dirname(specPath);
  const debounceMs = options.debounceMs ?? 100;
  const pollMs = options.pollMs ?? 1000;
  const { signal, log, error } = options;
  if (signal.aborted) return 0;

  const folders = new Map<string, Folder>();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let checkTimer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  /** The spec as the last run (or check) saw it: see `specState`. */
  let seen: string | undefined;
  /** Runs started so far: a look that overlaps a run's start leaves the spec to that run. */
  let started = 0;
  let finish!: (status: number) => void;
  const done = new Promise<number>(
    (resolvePromise) => (finish = resolvePromise),
  );

  const shown = (dir: string): string => {
    const path = relative(cwd, dir);
    return path === "" ? "." : path.startsWith("..") ? dir : path;
  };

  /** The folders to watch, each with the names in it that are the spec. */
  const wanted = async (): Promise<Map<string, Set<string>>> => {
    const found = new Map<string, Set<string>>([
      [specFolder, new Set([specName])],
    ]);
    try {
      if ((await lstat(specPath)).isSymbolicLink()) {
        const target = await realpath(specPath);
        const names = found.get(dirname(target)) ?? new Set<string>();
        names.add(basename(target));
        found.set(dirname(target), names);
      }
    } catch {
      // No spec, or a link to nothing yet: its folder's events and the
      // periodic check tell when that changes.
    }
    return found;
  };

  const close = (folder: Folder): void => {
    // Closing is asynchronous: the watcher's handles go within a turn or two.
    void folder.watcher?.close();
    folder.watcher = undefined;
    folder.identity = undefined;
  };
  const lose = (folder: Folder, failure: unknown): void => {
    close(folder);
    folder.lostSince ??= Date.now();
    folder.failure = failure;
  };

  /**
   * Makes sure `folder` has a live watcher on the folder now at its path.
   * "resumed" when it had one, or lost one, and has one again.
   */
  const open = async (
    folder: Folder,
  ): Promise<"ok" | "resumed" | "lost" | "stopped"> => {
    let identity: string;
    try {
      identity = identityOf(await stat(folder.dir));
    } catch (failure) {
      if (stopped) return "stopped";
      lose(folder, failure);
      return "lost";
    }
    if (stopped) return "stopped";
    if (
      folder.watcher !== undefined &&
      !folder.stale &&
      folder.identity === identity
    )
      return "ok";
    const resumed =
      folder.watcher !== undefined || folder.lostSince !== undefined;
    close(folder);
    folder.stale = false;
    // The folder and, of its entries, only the spec's (its name, and its
    // target's when it is a symbolic link): chokidar would watch every file.
    const watcher = watch(folder.dir, {
      depth: 0,
      ignoreInitial: true,
      ignored: (path) =>
        path !== folder.dir && !folder.names.has(basename(path)),
    });
    folder.watcher = watcher;
    folder.identity = identity;
    folder.lostSince = undefined;
    folder.failure = undefined;
    folder.reported = false;
    watcher.on("all", (event, path) => {
      if (path === folder.dir) {
        // The folder itself removed or moved: this watcher now follows
        // nothing, or the wrong folder.
        if (event === "unlinkDir") folder.stale = true;
        requestCheck();
        return;
      }
      // A look, not a run at once: it runs for a spec other than the last
      // run read (an event that comes late, after the run for its write has
      // started, runs nothing), and follows a link pointed elsewhere
      // (chokidar may call that a change too).
      requestCheck();
    });
    // chokidar says nothing when the folder it watches goes; the system's
    // own event (inotify names the folder itself) does.
    watcher.on("raw", (event, path, details) => {
      if (
        event === "rename" &&
        path === basename(folder.dir) &&
        (details as { watchedPath?: string }).watchedPath === folder.dir
      ) {
        folder.stale = true;
        requestCheck();
      }
    });
    watcher.on("error", () => {
      // Watched again (or reported) by the check.
      if (folder.watcher === watcher) folder.stale = true;
      requestCheck();
    });
    // Changes are seen once chokidar has looked at the folder.
    await new Promise<void>((ready) => {
      watcher.once("ready", ready);
      watcher.once("error", () => ready());
    });
    return resumed ? "resumed" : "ok";
  };

  /**
   * One look at the spec and its folders: watchers made again, links
   * followed, missed changes run. `starting`: the first look, for which
   * the spec's folder must be watchable (a wrong --spec is said at once; a
   * symbolic link's target folder may come later), and which leaves the
   * spec to the first run.
   */
  const checkOnce = async (starting = false): Promise<void> => {
    const now = await wanted();
    if (stopped) return;
    for (const [dir, folder] of folders)
      if (!now.has(dir)) {
        close(folder);
        folders.delete(dir);
      }
    for (const [dir, names] of now) {
      const folder = folders.get(dir);
      if (folder !== undefined) folder.names = names;
      else folders.set(dir, newFolder(dir, names));
    }
    let resumed = false;
    for (const folder of [...folders.values()]) {
      const outcome = await open(folder);
      if (outcome === "stopped" || stopped) return;
      if (outcome === "resumed") resumed = true;
      else if (outcome === "lost" && starting && folder.dir === specFolder) {
        // A --spec watching cannot follow is the command line's, as a bad
        // --out is: said as every usage error is, exit status 2.
        stop(reportFailure(cannotWatch(folder), { err: error }));
        return;
      } else if (
        outcome === "lost" &&
        !folder.reported &&
        (!isMissing(folder.failure) ||
          Date.now() - (folder.lostSince ?? 0) >= pollMs)
      ) {
        folder.reported = true;
        // Coded and worded as at the start (RG096), but the watch goes on:
        // a folder lost while running is mostly a checkout, a restore or a
        // permission being changed, over in a moment, and a build loop
        // that died with it would have to be restarted by hand.
        error(`[${clock()}] watching interrupted:`);
        reportFailure(cannotWatch(folder, shown(folder.dir), true), {
          err: error,
        });
        error(
          isMissing(folder.failure)
            ? `still watching for ${shown(folder.dir)} to come back`
            : `still watching ${specShown}: trying again, and looking at it every ${pollMs} ms meanwhile`,
        );
      }
    }
    if (starting) return;
    if (resumed) {
      log(`[${clock()}] watching ${specShown} again`);
      schedule();
    }
    const runsBefore = started;
    const state = await specState(specPath);
    if (stopped || started !== runsBefore) return;
    if (state !== seen) {
      seen = state;
      schedule();
    }
  };

  let checking: Promise<void> | undefined;
  let recheck = false;
  const requestCheck = (): void => {
    if (stopped) return;
    if (checking !== undefined) {
      recheck = true;
      return;
    }
    checking = (async () => {
      do {
        recheck = false;
        try {
          await checkOnce();
        } catch (failure) {
          // Not expected (every file system call is guarded): said as any
          // failure remitgen did not foresee (RG089), and watching goes on.
          if (!stopped) {
            error(`[${clock()}] watching interrupted:`);
            reportFailure(failure, { err: error });
            error(`still watching ${specShown} for changes`);
          }
        }
      } while (recheck && !stopped);
    })().finally(() => {
      checking = undefined;
      arm();
    });
  };
  /** The next periodic check: soon while a folder is away, else every `pollMs`. */
  const arm = (): void => {
    if (checkTimer !== undefined) clearTimeout(checkTimer);
    checkTimer = undefined;
    if (stopped) return;
    const folderAway = [...folders.values()].some(
      (folder) => folder.watcher === undefined && isMissing(folder.failure),
    );
    checkTimer = setTimeout(
      () => {
        checkTimer = undefined;
        requestCheck();
      },
      folderAway ? Math.min(retryMs, pollMs) : pollMs,
    );
    // The watchers keep the process alive while watching; without one
    // (every folder away) this timer must.
    if ([...folders.values()].some((folder) => folder.watcher !== undefined))
      checkTimer.unref();
  };

  const runOnce = async (first: boolean): Promise<WatchRun> => {
    try {
      const result = await generate({
        spec: options.spec,
        out: options.out,
        sets: options.sets,
        cwd,
        // Stopping the watch stops a run in progress too, which undoes itself.
        signal,
        onLockWait: (pid) =>
          error(
            `[${clock()}] ${lockWaitLine(options.out ?? "generated", pid)}`,
          ),
      });
      log(`[${clock()}] ${summaryLine(result)}`);
      return { ok: true, result };
    } catch (failure) {
      if (failure instanceof StoppedError) return { ok: false, error: failure };
      // On the first run a usage error is the command line's (bad --out
      // or --set): report it plainly, the command ends with 2.
      if (first && isCommandLineError(failure)) {
        reportFailure(failure, { err: error });
        return { ok: false, error: failure };
      }
      error(`[${clock()}] generate failed:`);
      reportFailure(failure, { err: error });
      error(`still watching ${specShown} for changes`);
      return { ok: false, error: failure };
    }
  };

  const onAbort = (): void => stop(0);
  const stop = (status: number): void => {
    if (stopped) return;
    stopped = true;
    signal.removeEventListener("abort", onAbort);
    if (timer !== undefined) clearTimeout(timer);
    if (checkTimer !== undefined) clearTimeout(checkTimer);
    timer = checkTimer = undefined;
    for (const folder of folders.values()) close(folder);
    folders.clear();
    void (running ?? Promise.resolve()).then(() => finish(status));
  };

  const start = (first: boolean): Promise<void> => {
    const run = (async () => {
      // What this run reads: the periodic check runs again only for a
      // change after it.
      started++;
      seen = await specState(specPath);
      const outcome = await runOnce(first);
      if (first && !outcome.ok && isCommandLineError(outcome.error)) {
        stop(2);
        return;
      }
      // Another run held the folder too long: the output still lags the
      // spec, so this one tries again rather than wait for an edit.
      if (!outcome.ok && isLockTimeout(outcome.error)) again = true;
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
  function schedule(): void {
    if (stopped) return;
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(trigger, debounceMs);
  }

  signal.addEventListener("abort", onAbort, { once: true });
  if (signal.aborted) stop(0);
  else await checkOnce(true);
  if (!stopped) {
    arm();
    await start(true);
  }
  if (!stopped) log(`watching ${specShown} for changes (Ctrl-C to stop)`);
  const status = await done;
  if (status === 0) log("stopped watching");
  return status;
}

/**
 * RG096 for a folder that cannot be watched: `errno`, the system's code
 * (`ENOENT`); `detail`, its message, for a code without words.
 * `whileWatching`: lost during a watch, which goes on (so the hint says
 * how to bring it back), not refused at its start.
 */
export function cannotWatchText(
  folder: string,
  errno: string | undefined,
  detail: string,
  whileWatching: boolean = false,
): DiagnosticText {
  const [reason, hint, lostHint] = watchRefusals[errno ?? ""] ?? [
    systemReason(errno, detail),
    "check that the folder can be read, then run again",
    "check that the folder can be read",
  ];
  return usageProblems.cannotWatch(
    folder,
    reason,
    whileWatching ? (lostHint ?? hint) : hint,
  );
}

/**
 * Words for the file system's refusals to watch a folder, how to fix them
 * at a watch's start, and (where it differs) once a running watch lost it.
 */
const missingFolder = [
  "the folder does not exist",
  "create the folder, or give --spec a file in a folder that exists",
  "put the folder back (a checkout or a restore does)",
] as const;
const watchRefusals: Readonly<
  Record<string, readonly [string, string, string?]>
> = {
  ENOENT: missingFolder,
  ENOTDIR: missingFolder,
  EACCES: [
    "permission denied",
    "make the folder readable by this user, or give --spec a file in another folder",
    "make the folder readable by this user again",
  ],
  ENOSPC: [
    "the system's limit of watched folders is reached",
    "on Linux, raise fs.inotify.max_user_watches (sysctl), or stop another program that watches many folders",
  ],
  ELOOP: [
    systemReasons.ELOOP!,
    "point the symbolic link on the --spec path at the spec's folder, or give --spec a path without it",
    "point the symbolic link at the spec's folder again",
  ],
  ENAMETOOLONG: [systemReasons.ENAMETOOLONG!, shorterSpecPath],
  EMFILE: [
    "the system's limit of watchers or open files is reached",
    "on Linux, raise fs.inotify.max_user_instances (sysctl) or the open files limit (ulimit -n)",
  ],
};

/**
 * A usage error of the command line (bad --out or --set), which ends a
 * watch at its first run. Another run's lock held too long is not one: it
 * is reported like a failed run, and the run is tried again.
 */
function isCommandLineError(error: unknown): boolean {
  return error instanceof UsageError && !isLockTimeout(error);
}

/** Another run held the output folder past the lock's wait (RG095). */
function isLockTimeout(error: unknown): boolean {
  return error instanceof UsageError && error.code === outputLockedCode;
}

/** RG096 for `folder`, lost (named as `shown`), as a UsageError. */
function cannotWatch(
  folder: Folder,
  shown: string = folder.dir,
  whileWatching: boolean = false,
): UsageError {
  return new UsageError(
    cannotWatchText(
      shown,
      (folder.failure as NodeJS.ErrnoException | undefined)?.code,
      messageOf(folder.failure),
      whileWatching,
    ),
  );
}

function newFolder(dir: string, names: ReadonlySet<string>): Folder {
  return {
    dir,
    names,
    watcher: undefined,
    identity: undefined,
    stale: false,
    lostSince: undefined,
    failure: undefined,
    reported: false,
  };
}

function identityOf(info: { dev: number; ino: number }): string {
  return `${info.dev}:${info.ino}`;
}

/** The spec file (through links) as far as a change shows: identity, size, modification time. */
async function specState(path: string): Promise<string> {
  try {
    const info = await stat(path, { bigint: true });
    return `${info.dev}:${info.ino}:${info.size}:${info.mtimeNs}`;
  } catch (failure) {
    return `none:${(failure as NodeJS.ErrnoException).code ?? ""}`;
  }
}

function isMissing(failure: unknown): boolean {
  const code = (failure as NodeJS.ErrnoException | undefined)?.code;
  return code === "ENOENT" || code === "ENOTDIR";
}

function messageOf(failure: unknown): string {
  return failure instanceof Error ? failure.message : String(failure);
}

function clock(): string {
  return new Date().toTimeString().slice(0, 8);
}
