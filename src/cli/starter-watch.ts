/**
 * Stops a long-running command (`remitgen mock`) when whatever started it
 * is gone. `npx remitgen mock & ... kill $!` signals npm, not the mock: npm
 * passes SIGTERM to the `sh -c` it runs the command in, and the shell dies
 * without passing it on, so the mock would serve on, an orphan holding its
 * port. An orphan is handed to another parent (init or a subreaper), so a
 * changed parent id says the starter is gone. Under npm the shell between
 * may outlive npm (npm killed with SIGKILL): then the shell's own parent
 * changes, which Linux shows in /proc. The parent is watched only under
 * npm (npx, npm exec, npm run), so that a script that starts the mock in
 * the background and exits, where signals reach it, leaves it running. A
 * test runner that spawns the mock with a pipe for standard input and dies
 * closes that pipe: that ends it too.
 */
import { fstatSync, readFileSync } from "node:fs";

export interface StarterWatch {
  /** Aborts, with the reason in words, once the starter is gone. */
  readonly signal: AbortSignal;
  dispose(): void;
}

/** How often the parent is looked at: a stop within a second is soon enough. */
const pollMs = 500;

export function watchStarter(
  env: Readonly<Record<string, string | undefined>> | undefined,
): StarterWatch {
  const controller = new AbortController();
  const gone = (why: string): void => {
    if (!controller.signal.aborted) controller.abort(why);
  };
  // npx, npm exec and npm run set npm_command for what they start.
  const underNpm = env?.["npm_command"] !== undefined;
  const parent = process.ppid;
  const grandparent = underNpm ? parentOf(parent) : undefined;
  const timer = underNpm
    ? setInterval(() => {
        if (process.ppid !== parent) gone("the process that started it ended");
        else if (grandparent !== undefined && parentOf(parent) !== grandparent)
          gone("the npm process that started it ended");
      }, pollMs)
    : undefined;
  timer?.unref();

  let onEnd: (() => void) | undefined;
  if (stdinIsPipe()) {
    onEnd = () => gone("its standard input (a pipe) was closed");
    process.stdin.on("end", onEnd);
    process.stdin.on("close", onEnd);
    // Read and drop what comes: only the pipe's end matters.
    process.stdin.resume();
  }
  return {
    signal: controller.signal,
    dispose: () => {
      if (timer !== undefined) clearInterval(timer);
      if (onEnd !== undefined) {
        process.stdin.off("end", onEnd);
        process.stdin.off("close", onEnd);
        process.stdin.pause();
        process.stdin.unref?.();
      }
    },
  };
}

/** A process's parent id from /proc (Linux), or undefined where it cannot be read. */
function parentOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // pid (comm) state ppid ...: comm may hold spaces and parentheses.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const ppid = Number(fields[1]);
    return Number.isInteger(ppid) ? ppid : undefined;
  } catch {
    return undefined;
  }
}

function stdinIsPipe(): boolean {
  try {
    const stat = fstatSync(0);
    return stat.isFIFO() || stat.isSocket();
  } catch {
    return false;
  }
}
