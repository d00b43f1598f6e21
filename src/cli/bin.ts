#!/usr/bin/env node
import nodeModule from "node:module";

// Node 22.1 and later keep the code they compile on disk (in the system's
// temporary folder; NODE_DISABLE_COMPILE_CACHE=1 turns it off) and reuse it
// while the files are unchanged: about 8% of a generate run's CPU. Node 20
// has no such cache. It covers only what is loaded after it is turned on,
// so the rest of the CLI is imported below, not statically.
(nodeModule as { enableCompileCache?: () => unknown }).enableCompileCache?.();

const [{ usageProblems }, { OutputError, UsageError }, { runCli }, report] =
  await Promise.all([
    import("../diagnostics/codes.js"),
    import("../diagnostics/diagnostic.js"),
    import("./main.js"),
    import("./report.js"),
  ]);
const { cannotPrintText, reportFailure } = report;

const err = (text: string): void => void process.stderr.write(`${text}\n`);

// A reader that stops early (`remitgen --help | head -1`) closes the pipe
// (EPIPE); a terminal closed (SIGHUP, which ends a watch) fails every
// later write with EIO. What is left to print has nowhere to go, which is
// no failure of the run, and no reason for a stack trace or for leaving a
// run half undone. Any other refusal (`> file` on a full disk) loses what
// was printed, so the run fails (exit status 1, whenever it comes), said
// once, in words, on standard error: unless that is what failed.
let printFailed = false;
for (const stream of [process.stdout, process.stderr]) {
  stream.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code === "EPIPE" || error.code === "EIO" || printFailed) return;
    printFailed = true;
    if (!process.exitCode) process.exitCode = 1;
    if (stream !== process.stdout) return;
    const text = cannotPrintText("standard output", error.code, error.message);
    reportFailure(new OutputError(text), { err });
  });
}

const cwd = currentFolder();
const status =
  cwd === undefined
    ? noCurrentFolder()
    : await runCli(process.argv.slice(2), {
        out: (text) => process.stdout.write(`${text}\n`),
        err,
        cwd,
        env: process.env,
      });
process.exitCode = status === 0 && printFailed ? 1 : status;

/**
 * The folder remitgen was started in, or undefined when it was removed (a
 * checkout or a clean while a shell sat in it), where Node throws.
 */
function currentFolder(): string | undefined {
  try {
    return process.cwd();
  } catch {
    return undefined;
  }
}

/** Says that the current folder is gone, as every usage error is said. */
function noCurrentFolder(): number {
  const text = usageProblems.noCurrentFolder();
  return reportFailure(new UsageError(text), {
    err,
  });
}
