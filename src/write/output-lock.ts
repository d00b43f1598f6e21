/**
 * One run at a time per output folder. Two runs writing the same folder at
 * once (parallel build steps of a monorepo, watch mode beside a manual run)
 * would interleave their commits: the folder could end half one run's and
 * half the other's, and one run's rollback could remove files the other
 * had just written. So a run holds a lock for the folder from before it
 * compares the folder until after it has written it; a second run waits
 * for it, then works on what the first left.
 *
 * The lock is a file in the system's temp folder, named after the output
 * folder's path: never in the output, which is committed and must hold
 * only generated files. It names its holder's process, so a lock left by a
 * killed run is taken over at once (also when its process id has since
 * come round to the run that finds it). Like the run record, the lock never
 * fails a run by itself: where no lock file can be made (a read-only temp
 * folder), the run goes on without one.
 */
import { createHash, randomBytes } from "node:crypto";
import {
  mkdirSync,
  readFileSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { usageProblems } from "../diagnostics/codes.js";
import { StoppedError, UsageError } from "../diagnostics/diagnostic.js";
import { systemClock } from "../runtime/limiter.js";
import { isRunning, realPathOf } from "./system.js";

export interface OutputLock {
  /** The lock file, for messages and tests; undefined when none could be made. */
  readonly file: string | undefined;
  /** Gives the folder up; only this holder's lock is removed. Safe to call twice. */
  release(): void;
}

export interface LockOptions {
  /** How long to wait for another run before giving up. Default two minutes. */
  readonly waitMs?: number;
  /** Stops the wait (StoppedError). */
  readonly signal?: AbortSignal | undefined;
  /** Where lock files are kept. Default `<temp>/remitgen-locks-<uid>`. */
  readonly lockDir?: string;
  /**
   * Called once, when another live run holds the folder and this one starts
   * waiting for it: a wait of up to two minutes should not look like a hang.
   */
  readonly onWait?: ((holderPid: number | undefined) => void) | undefined;
}

const defaultWaitMs = 120_000;
const pollMs = 50;
// A lock file is written in one call right after it is created; one still
// empty after this long belongs to a run that died in between.
const emptyLockStaleMs = 5_000;

/** Waits until no other run holds `outDir`, then holds it. */
export async function lockOutput(
  outDir: string,
  options: LockOptions = {},
): Promise<OutputLock> {
  // Real, so two spellings of one folder share a lock.
  const target = await realPathOf(resolve(outDir));
  // One folder per user: another user's folder could not be written to.
  const lockDir =
    options.lockDir ??
    join(tmpdir(), `remitgen-locks-${process.getuid?.() ?? "user"}`);
  const file = join(
    lockDir,
    `${createHash("sha256").update(target).digest("hex").slice(0, 32)}.lock`,
  );
  const token = `${process.pid} ${randomBytes(8).toString("hex")}`;
  const waitMs = options.waitMs ?? defaultWaitMs;
  const started = Date.now();
  let waiting = false;
  try {
    mkdirSync(lockDir, { recursive: true });
  } catch {
    return noLock;
  }
  for (;;) {
    if (options.signal?.aborted) throw new StoppedError(options.signal.reason);
    try {
      writeFileSync(file, `${token}\n${target}\n`, { flag: "wx" });
      return { file, release: () => releaseIfHeld(file, token) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") return noLock;
    }
    const holder = holderOf(file);
    if (
      holder === "gone" ||
      (typeof holder === "number" && !isRunning(holder))
    ) {
      removeQuietly(file);
      continue;
    }
    if (!waiting) {
      waiting = true;
      options.onWait?.(typeof holder === "number" ? holder : undefined);
    }
    if (Date.now() - started >= waitMs) {
      const text = usageProblems.outputLocked(
        target,
        typeof holder === "number" ? holder : undefined,
        Math.round(waitMs / 1000),
        file,
      );
      throw new UsageError(text.code, text.message, text.hint);
    }
    // The runtime's abortable sleep; an abort is a stopped run here.
    await systemClock.sleep(pollMs, options.signal).catch(() => {
      throw new StoppedError(options.signal?.reason);
    });
  }
}

const noLock: OutputLock = Object.freeze({
  file: undefined,
  release: () => undefined,
});

/** The process holding the lock; "gone" for a lock that will never be finished; undefined while unknown. */
function holderOf(file: string): number | "gone" | undefined {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    return undefined; // released meanwhile: the next attempt takes it
  }
  const pid = Number(/^(\d+) /.exec(text)?.[1]);
  let madeMs: number;
  try {
    madeMs = statSync(file).mtimeMs;
  } catch {
    return undefined;
  }
  if (Number.isSafeInteger(pid) && pid > 0) {
    // This process's id on a lock made before it started: a killed run's,
    // whose id came round to us (in a container ids repeat from one start
    // to the next). Waiting for it would be waiting for ourselves.
    return pid === process.pid && madeMs < performance.timeOrigin
      ? "gone"
      : pid;
  }
  return Date.now() - madeMs > emptyLockStaleMs ? "gone" : undefined;
}

function releaseIfHeld(file: string, token: string): void {
  try {
    if (readFileSync(file, "utf8").startsWith(`${token}\n`)) unlinkSync(file);
  } catch {
    // already gone: nothing to release
  }
}

function removeQuietly(file: string): void {
  try {
    unlinkSync(file);
  } catch {
    // another run took it over first
  }
}
