/**
 * One run at a time per output folder. Two runs writing the same folder at
 * once (parallel build steps of a monorepo, watch mode beside a manual run)
 * would interleave their commits: the folder could end half one run's and
 * half the other's, and one run's rollback could remove files the other
 * had just written. So a run holds a lock for the folder from before it
 * compares the folder until after it has written it; a second run waits
 * for it, then works on what the first left.
 *
 * The lock is a file in a folder of the user's own in the system's temp
 * folder, named after the output folder's path: never in the output, which
 * is committed and must hold only generated files. It names its holder's
 * process by id and, where the system shows it (Linux), by start, so a
 * lock left by a killed run is taken over at once, also when its id has
 * since come round to another program or to the run that finds it.
 * Elsewhere a live id is taken for the holder. Taking a stale lock over is
 * itself one run's at a time (a "breaker" file beside the lock): two runs
 * that both found it stale must not both remove it, the second removing
 * the lock the first has just made. The lock never
 * fails a run by itself: where no lock file can be made (a read-only temp
 * folder, a lock folder another user made), the run goes on without one.
 */
import { createHash, randomBytes } from "node:crypto";
import {
  chmodSync,
  linkSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  type Stats,
  unlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { setTimeout as delay } from "node:timers/promises";
import { usageProblems } from "../diagnostics/codes.js";
import { StoppedError, UsageError } from "../diagnostics/diagnostic.js";
import {
  isRunning,
  processStart,
  processStartedMs,
  realPathOf,
} from "./system.js";

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
// Older remitgen wrote a lock's text after creating it; one still without
// a process this long after (or before: the clock was set back) belongs to
// a run that died in between.
const unfinishedStaleMs = 5_000;
// An older lock has no start: it is compared with its process's start by
// the file's time, which is to a second only.
const startSlackMs = 2_000;
// A breaker's own breaker, and so on: each level needs a run killed while
// breaking the level below, so two are plenty.
const breakerDepth = 2;

/** Who asks: its own lock's text, and what tells its own process apart. */
interface Self {
  readonly text: string;
  readonly start: string;
  readonly uid: number | undefined;
}

/** Waits until no other run holds `outDir`, then holds it. */
export async function lockOutput(
  outDir: string,
  options: LockOptions = {},
): Promise<OutputLock> {
  // Real, so two spellings of one folder share a lock.
  const target = await realPathOf(resolve(outDir));
  const uid = process.getuid?.();
  // One folder per user: another user's folder could not be written to.
  const lockDir =
    options.lockDir ?? join(tmpdir(), `remitgen-locks-${uid ?? "user"}`);
  const file = join(
    lockDir,
    `${createHash("sha256").update(target).digest("hex").slice(0, 32)}.lock`,
  );
  // Where the system does not show a process's start, this process's own
  // start still tells its locks from those of an earlier one with its id.
  const start = processStart(process.pid) ?? `origin ${performance.timeOrigin}`;
  const token = `${process.pid} ${randomBytes(8).toString("hex")}`;
  const self: Self = {
    text: `${token}\n${target}\nstarted ${start}\n`,
    start,
    uid,
  };
  const waitMs = options.waitMs ?? defaultWaitMs;
  // Not the wall clock, which may be set while a run waits.
  const started = performance.now();
  let waiting = false;
  if (!privateFolder(lockDir, uid)) return noLock;
  for (;;) {
    if (options.signal?.aborted) throw new StoppedError(options.signal.reason);
    const made = create(file, self.text);
    if (made === "made")
      return { file, release: () => removeIfSame(file, self.text) };
    if (made === "failed") return noLock;
    const found = look(file);
    if (found === undefined) continue; // released meanwhile: try again
    const holder = holderOf(found, self);
    if (holder.stale) {
      const broken = breakStale(file, found, self, 0);
      if (broken === "failed") return noLock;
      if (broken === "done") continue;
      // Another run is taking it over: wait for that run.
    }
    const holderPid = holder.stale ? undefined : holder.pid;
    if (!waiting) {
      waiting = true;
      options.onWait?.(holderPid);
    }
    if (performance.now() - started >= waitMs) {
      throw new UsageError(
        usageProblems.outputLocked(
          target,
          holderPid,
          Math.round(waitMs / 1000),
          file,
        ),
      );
    }
    // Node's timer, not the runtime's sleep: that one counts by the wall
    // clock, and a clock set back meanwhile would stretch the pause.
    await delay(pollMs, undefined, { signal: options.signal }).catch(() => {
      throw new StoppedError(options.signal?.reason);
    });
  }
}

const noLock: OutputLock = Object.freeze({
  file: undefined,
  release: () => undefined,
});

/**
 * Makes `dir` if need be, and says whether it is the user's own folder
 * that no one else can write to. In the shared temp folder another user
 * may have made the path first: a link to elsewhere would have remitgen
 * write there, and a folder of theirs could hold a lock naming a live
 * process of theirs, which every run would wait for.
 */
function privateFolder(dir: string, uid: number | undefined): boolean {
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const info = lstatSync(dir);
    if (!info.isDirectory()) return false;
    // Windows: no owners to compare, and the temp folder is the user's.
    if (uid === undefined) return true;
    if (info.uid !== uid) return false;
    // Made by an older remitgen, or under a lax umask.
    if ((info.mode & 0o077) !== 0) chmodSync(dir, 0o700);
    return true;
  } catch {
    return false;
  }
}

/**
 * Makes the file `path` holding `text`, unless there is one. It is written
 * whole under a name of its own, then linked into place: no one ever sees
 * it half written, and a link, like `wx`, neither replaces nor follows
 * what is there.
 */
function create(path: string, text: string): "made" | "exists" | "failed" {
  const draft = `${path}.${randomBytes(6).toString("hex")}.new`;
  try {
    writeFileSync(draft, text, { flag: "wx", mode: 0o600 });
  } catch {
    removeQuietly(draft);
    return "failed";
  }
  try {
    linkSync(draft, path);
    return "made";
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EEXIST"
      ? "exists"
      : "failed";
  } finally {
    removeQuietly(draft);
  }
}

/** A lock file as found: its text (none if it is not a plain file) and what the folder says of it. */
interface Found {
  readonly text: string | undefined;
  readonly info: Stats;
}

/** The lock file at `path`; undefined if there is none. */
function look(path: string): Found | undefined {
  try {
    const info = lstatSync(path);
    // Never read through a link, nor from a pipe, which could block.
    return {
      text: info.isFile() ? readFileSync(path, "utf8") : undefined,
      info,
    };
  } catch {
    return undefined;
  }
}

/** Whether two looks found the very same file, unchanged. */
function same(a: Found, b: Found): boolean {
  return (
    a.text === b.text &&
    a.info.ino === b.info.ino &&
    a.info.dev === b.info.dev &&
    a.info.mtimeMs === b.info.mtimeMs
  );
}

/** The process a lock names, and whether the lock is stale: its process can no longer be holding it. */
function holderOf(
  found: Found,
  self: Self,
): { readonly pid?: number; readonly stale: boolean } {
  const { text, info } = found;
  // Not a file a run of this user's made: left from when the folder was
  // open to others.
  if (text === undefined || (self.uid !== undefined && info.uid !== self.uid))
    return { stale: true };
  const [first = "", , third = ""] = text.split("\n");
  const pid = Number(/^(\d+) /.exec(first)?.[1]);
  if (!(Number.isSafeInteger(pid) && pid > 0))
    return {
      stale: Math.abs(Date.now() - info.mtimeMs) > unfinishedStaleMs,
    };
  const start = /^started (.+)$/.exec(third)?.[1];
  if (pid === process.pid) {
    // This process's id, but not this process: a killed run's, whose id
    // came round to us (in a container ids repeat from one start to the
    // next). Waiting for it would be waiting for ourselves.
    if (start !== undefined) return { pid, stale: start !== self.start };
    return { pid, stale: info.mtimeMs < performance.timeOrigin };
  }
  if (!isRunning(pid)) return { pid, stale: true };
  if (start !== undefined) {
    // Another process now has the id (Linux shows which).
    const now = processStart(pid);
    return { pid, stale: now !== undefined && otherStart(start, now) };
  }
  // An older lock: a process that started after it was made is not its
  // holder.
  const startedMs = processStartedMs(pid);
  return {
    pid,
    stale: startedMs !== undefined && startedMs > info.mtimeMs + startSlackMs,
  };
}

/**
 * Whether two starts (see processStart) are of different processes. A boot
 * that could not be read ("-") is left out rather than taken for another.
 */
function otherStart(recorded: string, now: string): boolean {
  const [kind, boot, ticks] = recorded.split(" ");
  const [, nowBoot, nowTicks] = now.split(" ");
  if (kind !== "linux") return false; // made where /proc was not: no telling
  return (
    ticks !== nowTicks || (boot !== "-" && nowBoot !== "-" && boot !== nowBoot)
  );
}

/**
 * Removes the stale lock `found` at `path`, unless another run is already
 * taking it over ("busy"). Under a breaker only one run can hold, the lock
 * is looked at again and removed only if it is still the same stale file:
 * a run that found it stale just after another had replaced it must not
 * remove the new holder's lock. A breaker whose run was killed is itself
 * stale, and broken the same way.
 */
function breakStale(
  path: string,
  found: Found,
  self: Self,
  depth: number,
): "done" | "busy" | "failed" {
  const breaker = `${path}.break`;
  const made = create(breaker, self.text);
  if (made === "failed") return "failed";
  if (made === "exists") {
    const other = look(breaker);
    if (other === undefined) return "done"; // finished meanwhile: look again
    return depth < breakerDepth && holderOf(other, self).stale
      ? breakStale(breaker, other, self, depth + 1)
      : "busy";
  }
  try {
    const now = look(path);
    if (now !== undefined && same(now, found) && holderOf(now, self).stale)
      unlinkSync(path);
    return "done";
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ENOENT"
      ? "done"
      : "failed";
  } finally {
    removeIfSame(breaker, self.text);
  }
}

/** Removes `path` if it still holds `text`: a holder's own lock, never one another run has made since. */
function removeIfSame(path: string, text: string): void {
  try {
    if (readFileSync(path, "utf8") === text) unlinkSync(path);
  } catch {
    // already gone: nothing to release
  }
}

function removeQuietly(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    // never made, or gone
  }
}
