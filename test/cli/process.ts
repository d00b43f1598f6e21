/** Runs the built CLI (`node dist/remitgen.mjs`, the bin as it ships) as a real child process. */
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { existsSync } from "node:fs";
import { binPath, repoRoot } from "../generate/support.js";

export interface Finished {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
}

function assertBuilt(): void {
  if (!existsSync(binPath))
    throw new Error(
      `${binPath} is missing: run \`npm run build\` before these tests`,
    );
}

/** Runs `remitgen ...args` to completion. */
export function runBin(
  args: readonly string[],
  cwd: string = repoRoot,
  timeoutMs = 20_000,
): Promise<Finished> {
  const child = startBin(args, cwd);
  const timer = setTimeout(() => child.process.kill("SIGKILL"), timeoutMs);
  return child.exited.finally(() => clearTimeout(timer));
}

export interface Running {
  readonly process: ChildProcessWithoutNullStreams;
  stdout(): string;
  stderr(): string;
  /** Resolves when the process ends. */
  readonly exited: Promise<Finished>;
  /** Resolves with the first match of `pattern` on stdout (or stderr), failing after `timeoutMs`. */
  waitFor(
    pattern: RegExp,
    timeoutMs?: number,
    stream?: "stdout" | "stderr",
  ): Promise<RegExpExecArray>;
}

/**
 * Starts `remitgen ...args` and returns while it runs; `nodeArgs` go to
 * node before the bin (`--import`); `env` is added to this process's.
 */
export function startBin(
  args: readonly string[],
  cwd: string = repoRoot,
  nodeArgs: readonly string[] = [],
  env: Readonly<Record<string, string>> = {},
): Running {
  assertBuilt();
  const child = spawn(process.execPath, [...nodeArgs, binPath, ...args], {
    cwd,
    stdio: "pipe",
    env: { ...process.env, NO_COLOR: "1", ...env },
  });
  let stdout = "";
  let stderr = "";
  const listeners = new Set<() => void>();
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    stdout += chunk;
    for (const listener of listeners) listener();
  });
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
    stderr += chunk;
    for (const listener of listeners) listener();
  });
  const exited = new Promise<Finished>((resolve, reject) => {
    child.once("error", reject);
    child.once("close", (code, signal) =>
      resolve({ code, signal, stdout, stderr }),
    );
  });
  return {
    process: child,
    stdout: () => stdout,
    stderr: () => stderr,
    exited,
    waitFor(pattern, timeoutMs = 15_000, stream = "stdout") {
      return new Promise((resolve, reject) => {
        const check = (): void => {
          const match = pattern.exec(stream === "stdout" ? stdout : stderr);
          if (match) {
            done();
            resolve(match);
          }
        };
        const timer = setTimeout(() => {
          done();
          reject(
            new Error(
              `timed out waiting for ${pattern} on ${stream}; stdout:\n${stdout}\nstderr:\n${stderr}`,
            ),
          );
        }, timeoutMs);
        const ended = (): void => {
          done();
          reject(
            new Error(
              `process ended before ${pattern} appeared on ${stream}; stdout:\n${stdout}\nstderr:\n${stderr}`,
            ),
          );
        };
        const done = (): void => {
          clearTimeout(timer);
          listeners.delete(check);
          child.off("close", ended);
        };
        listeners.add(check);
        child.once("close", ended);
        check();
      });
    },
  };
}

/** A stack trace line, which the CLI must never print. */
export const stackTrace: RegExp = /^\s+at .+[:(]\d+:\d+\)?$/m;

/**
 * Sends SIGINT every 5 ms until the process ends, as a user pressing
 * Ctrl-C again (or npm forwarding a copy): some land while it stops.
 */
export async function pressCtrlCUntilExit(
  running: Running,
): Promise<{ finished: Finished; sent: number }> {
  let sent = 0;
  const pressing = setInterval(() => {
    if (running.process.kill("SIGINT")) sent++;
  }, 5);
  const finished = await running.exited.finally(() => clearInterval(pressing));
  return { finished, sent };
}
