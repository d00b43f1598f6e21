/**
 * Facts about the machine the writers act on: where a path really leads,
 * whether a process still runs, and which process holds an id. Shared by
 * the output folder's checks and sweeps (output-dir.ts) and its lock
 * (output-lock.ts).
 */
import { readFileSync } from "node:fs";
import { realpath } from "node:fs/promises";
import { dirname, join, relative } from "node:path";

/** The real path of `path`, through symbolic links, for the part of it that exists. */
export async function realPathOf(path: string): Promise<string> {
  try {
    return await realpath(path);
  } catch {
    const parent = dirname(path);
    if (parent === path) return path;
    return join(await realPathOf(parent), relative(parent, path));
  }
}

/**
 * Whether a process runs (EPERM: it does, as another user). A zombie does
 * not: it has ended, only its parent has not collected it yet.
 */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  return !/^[ZX]/.test(procStat(pid)?.[0] ?? "");
}

/**
 * What tells a process apart from every other that had or will have its
 * id, where the system shows it (Linux's /proc): the boot, and the start
 * in clock ticks since that boot. Equal for one process and only for it;
 * no clock is read, so setting the clock changes nothing. Undefined where
 * /proc is not, or for a process gone.
 */
export function processStart(pid: number): string | undefined {
  const ticks = procStat(pid)?.[19];
  if (ticks === undefined) return undefined;
  let boot: string;
  try {
    boot = readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim();
  } catch {
    boot = "-"; // the ticks alone then; a reboot rarely repeats id and tick
  }
  return `linux ${boot} ${ticks}`;
}

/**
 * When a process started, in milliseconds since 1970, to about a second
 * (the boot time is whole seconds); undefined where /proc does not say.
 * For what only a wall-clock time can be compared with, such as a file's.
 */
export function processStartedMs(pid: number): number | undefined {
  const ticks = Number(procStat(pid)?.[19]);
  let boot: number;
  try {
    boot = Number(
      /^btime (\d+)$/m.exec(readFileSync("/proc/stat", "utf8"))?.[1],
    );
  } catch {
    return undefined;
  }
  // /proc counts in USER_HZ, 100 a second on every architecture Node runs
  // on (only alpha's differs): what sysconf(_SC_CLK_TCK) would answer.
  return Number.isFinite(ticks) && boot > 0
    ? boot * 1000 + ticks * 10
    : undefined;
}

/** /proc/<pid>/stat's fields from the state on (field 3; the start time is field 22, [19]). */
function procStat(pid: number): string[] | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return undefined;
  }
  // The command name before them may hold spaces and parentheses.
  return text.slice(text.lastIndexOf(")") + 2).split(" ");
}
