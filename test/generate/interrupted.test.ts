/**
 * Runs that do not end normally: stopped by a signal (Ctrl-C, a CI cancel)
 * they undo what they staged; killed outright (SIGKILL), they leave a
 * folder the next run knows as its own and completes, without leftovers.
 */
import { existsSync, readdirSync } from "node:fs";
import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { syntheticSpec } from "../../bench/synthetic.mjs";
import { StoppedError } from "../../src/diagnostics/diagnostic.js";
import { generate } from "../../src/generate.js";
import { pressCtrlCUntilExit, runBin, startBin } from "../cli/process.js";
import {
  editFile,
  makeProject,
  manifestName,
  snapshot,
  someFilesWritten,
  waitFor,
} from "./support.js";

/** A signal that aborts after `turns` turns of the event loop: a run with a signal gives the loop a turn between files. */
function abortAfterTurns(turns: number): AbortSignal {
  const controller = new AbortController();
  let left = turns;
  const tick = (): void => {
    if (--left <= 0) controller.abort("SIGINT");
    else setImmediate(tick);
  };
  setImmediate(tick);
  return controller.signal;
}

/** Every file below `dir` with a temporary name. */
async function temporaries(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true });
  return entries.filter((entry) => entry.includes(".remitgen-tmp-"));
}

/** A project whose spec has `operations` synthetic operations (a run long enough to interrupt). */
async function largeProject(
  operations: number,
): Promise<Awaited<ReturnType<typeof makeProject>>> {
  const project = await makeProject();
  await writeFile(project.spec, syntheticSpec(operations).yaml);
  return project;
}

describe("generate stopped by its signal", () => {
  it("creates nothing when stopped into a new folder", async () => {
    const { root, out } = await makeProject();
    const run = generate({ cwd: root, signal: abortAfterTurns(20) });
    const error = await run.then(
      () => undefined,
      (failure: unknown) => failure,
    );
    expect(error).toBeInstanceOf(StoppedError);
    expect((error as StoppedError).message).toBe(
      "stopped by SIGINT before writing; the output folder is as it was\n  hint: run it again to write the output",
    );
    // As every other remitgen error: a code and a hint of its own.
    expect((error as StoppedError).code).toBe("RG094");
    expect((error as StoppedError).hint).toBe(
      "run it again to write the output",
    );
    expect(existsSync(out)).toBe(false);
  });

  it("leaves an earlier output exactly as it was", async () => {
    const { root, spec, out } = await makeProject();
    await generate({ cwd: root });
    const before = await snapshot(out);
    // A change that reaches every package, so there is much to stage.
    await editFile(spec, "rateLimit: 100/hour", "rateLimit: 90/hour");
    await expect(
      generate({ cwd: root, signal: abortAfterTurns(20) }),
    ).rejects.toThrow(StoppedError);
    expect(await snapshot(out)).toEqual(before);
  });

  it("sees a stop late in a run over an earlier output, and leaves that output as it was", async () => {
    const { root, spec, out } = await largeProject(300);
    await generate({ cwd: root });
    const before = await snapshot(out);
    await editFile(spec, "rateLimit: 100/hour", "rateLimit: 90/hour");
    // Stopped once the last set's files are being staged: late, when the
    // run no longer waits on anything. The run must still give the event
    // loop a turn between files for the stop to be seen before it commits.
    const controller = new AbortController();
    const lastSet = readdirSync(out)
      .filter((name) => !name.includes("."))
      .sort()
      .at(-1)!;
    const watch = (): void => {
      const staged = readdirSync(join(out, lastSet, "docs")).some((name) =>
        name.includes(".remitgen-tmp-"),
      );
      if (staged) controller.abort("SIGINT");
      else if (!controller.signal.aborted) setImmediate(watch);
    };
    setImmediate(watch);
    const run = generate({ cwd: root, signal: controller.signal });
    await expect(run).rejects.toThrow(StoppedError);
    expect(await snapshot(out)).toEqual(before);
  });

  it("does nothing when the signal is aborted already", async () => {
    const { root, out } = await makeProject();
    const controller = new AbortController();
    controller.abort();
    await expect(
      generate({ cwd: root, signal: controller.signal }),
    ).rejects.toThrow("stopped before writing; the output folder is as it was");
    expect(existsSync(out)).toBe(false);
  });
});

// Each test runs remitgen two or three times on a 300-operation spec, each
// run allowed 60 s (runBin): the suite's 30 s per test failed them on a
// loaded machine while every run was still within its own limit.
describe("remitgen generate interrupted", { timeout: 120_000 }, () => {
  it("exits 130 on SIGINT (143 on SIGTERM, 129 on SIGHUP) and removes what it wrote", async () => {
    for (const [signal, status] of [
      ["SIGINT", 130],
      ["SIGTERM", 143],
      ["SIGHUP", 129],
    ] as const) {
      const { root, out } = await largeProject(300);
      const running = startBin(["generate"], root);
      // The manifest comes before the first file.
      await waitFor(
        "the first file",
        () => existsSync(join(out, manifestName)),
        20_000,
      );
      running.process.kill(signal);
      const finished = await running.exited;
      expect(finished.stderr).toContain(
        `remitgen: stopped by ${signal} before writing; the output folder is as it was [RG094]\n  hint: run it again to write the output`,
      );
      expect(finished.code).toBe(status);
      expect(existsSync(out)).toBe(false);
    }
  });

  it("a Ctrl-C pressed again while it stops (or forwarded by npm) does not cut the undoing short", async () => {
    const { root, out } = await largeProject(300);
    const running = startBin(["generate"], root);
    await someFilesWritten(out);
    // Again and again until it ends: some arrive while it undoes its writes.
    const { finished, sent } = await pressCtrlCUntilExit(running);
    expect(sent).toBeGreaterThan(1);
    // Undone in full: nothing of the new folder is left.
    expect(existsSync(out)).toBe(false);
    // Ended with 130, or by a press that came once it had stopped (then
    // Ctrl-C ends the process as usual, and the message may be cut short).
    expect(
      finished.code === 130 || finished.signal === "SIGINT",
      `exit ${finished.code}, signal ${finished.signal}`,
    ).toBe(true);
  });

  it("after SIGKILL into a new folder, the next run accepts the folder and completes it", async () => {
    const { root, out } = await largeProject(300);
    const running = startBin(["generate"], root);
    await someFilesWritten(out);
    running.process.kill("SIGKILL");
    await running.exited;
    // Killed part way: a manifest listing nothing yet, and some files.
    expect(JSON.parse(await readFile(join(out, manifestName), "utf8"))).toEqual(
      { generator: "remitgen", files: [] },
    );
    const rerun = await runBin(["generate"], root, 60_000);
    expect(rerun.stderr).toBe("");
    expect(rerun.code).toBe(0);
    const check = await runBin(["generate", "--check"], root, 60_000);
    expect(check.code).toBe(0);
    expect(await temporaries(out)).toEqual([]);
  });

  it("after SIGKILL over an earlier output, the next run removes the killed run's temporaries", async () => {
    const { root, spec, out } = await largeProject(300);
    expect((await runBin(["generate"], root, 60_000)).code).toBe(0);
    await editFile(spec, "rateLimit: 100/hour", "rateLimit: 90/hour");
    const running = startBin(["generate"], root);
    await waitFor(
      "temporary files",
      async () => (await temporaries(out)).length > 0,
      20_000,
    );
    running.process.kill("SIGKILL");
    await running.exited;
    const left = await temporaries(out);
    // A temporary name of a process that is still running is not touched.
    const live = `README.md.remitgen-tmp-${process.pid}-0123abcd`;
    await writeFile(join(out, live), "a run in progress\n");
    const rerun = await runBin(["generate"], root, 60_000);
    expect(rerun.code).toBe(0);
    expect(left.length).toBeGreaterThan(0);
    expect(await temporaries(out)).toEqual([live]);
  });
});
