// Runs the remitgen CLI in this process and, on exit, writes this process's
// own resource usage as JSON to the file named by BENCH_MEASURE_OUT (or to
// stderr as one `BENCH_MEASURE {json}` line). Node cannot read a child's
// rusage, so bench/run.mjs spawns this wrapper instead of the bin: the
// figures cover the whole process, Node's startup and module loading included.
// It imports the bin as it ships (dist/remitgen.mjs), which runs the CLI with
// this process's arguments.
//
//   node bench/measure.mjs generate --spec spec/remittance.yaml --out /tmp/x
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const outFile = process.env.BENCH_MEASURE_OUT;

process.on("exit", (code) => {
  const usage = process.resourceUsage();
  const report = {
    exitCode: code,
    // performance.now() counts from the start of this process.
    wallMs: performance.now(),
    userMs: usage.userCPUTime / 1000,
    systemMs: usage.systemCPUTime / 1000,
    maxRssKiB: usage.maxRSS,
    threads: threadCpu(),
  };
  const json = JSON.stringify(report);
  if (outFile) writeFileSync(outFile, json);
  else process.stderr.write(`BENCH_MEASURE ${json}\n`);
});

/**
 * CPU time of the main thread and of the other threads still running at
 * exit (V8's compiler and garbage-collector helpers, libuv's pool), read from
 * /proc; undefined where there is no /proc. A thread that has already ended
 * is in neither: its time is the process's total less
 * these two.
 */
function threadCpu() {
  try {
    let mainMs = 0;
    let otherMs = 0;
    for (const task of readdirSync("/proc/self/task")) {
      const stat = readFileSync(`/proc/self/task/${task}/stat`, "utf8");
      // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th, in ticks of 10 ms.
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      const ms = (Number(fields[11]) + Number(fields[12])) * 10;
      if (Number(task) === process.pid) mainMs += ms;
      else otherMs += ms;
    }
    return { mainMs, otherMs };
  } catch {
    return undefined;
  }
}

await import(pathToFileURL(join(root, "dist/remitgen.mjs")).href);
