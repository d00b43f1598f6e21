/**
 * Facts about the machine the writers act on: where a path really leads,
 * and whether a process still runs. Shared by the output folder's checks
 * and sweeps (output-dir.ts) and its lock (output-lock.ts).
 */
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

/** Whether a process runs (EPERM: it does, as another user). */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
