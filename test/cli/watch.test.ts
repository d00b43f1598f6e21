/**
 * `remitgen generate --watch`: regenerates on spec changes, reports a
 * broken spec and keeps watching, stops on abort, SIGINT and SIGTERM.
 */
import { existsSync } from "node:fs";
import { readFile, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { syntheticSpec } from "../../bench/synthetic.mjs";
import { runCli } from "../../src/cli/main.js";
import { watchGenerate, type WatchRun } from "../../src/cli/watch.js";
import {
  editFile,
  makeProject,
  recordingIO,
  snapshot,
  someFilesWritten,
  waitFor,
} from "../generate/support.js";
import { lockOutput } from "../../src/write/output-lock.js";
import { pressCtrlCUntilExit, stackTrace, startBin } from "./process.js";

const ranLine =
  /^\[\d\d:\d\d:\d\d\] remitgen: 3 sets, 12 operations, \d+ files \((\d+) written(?:, \d+ removed)?, \d+ unchanged\) in \d+ ms$/;

describe("generate --watch through runCli", () => {
  it("says when a run waits for another run holding the output folder", async () => {
    const { root, out } = await makeProject();
    const other = await lockOutput(out); // as another run would hold it
    const controller = new AbortController();
    try {
      const io = recordingIO(root, controller.signal);
      const status = runCli(["generate", "--watch"], io);
      await waitFor("the waiting notice", () => io.stderr.length > 0);
      expect(io.stderr).toEqual([
        expect.stringMatching(
          new RegExp(
            `^\\[\\d\\d:\\d\\d:\\d\\d\\] remitgen: another run \\(process ${process.pid}\\) is writing generated; waiting until it is done$`,
          ),
        ),
      ]);
      other.release();
      await waitFor("the first run", () =>
        io.stdout.some((line) => ranLine.test(line)),
      );
      controller.abort();
      expect(await status).toBe(0);
    } finally {
      other.release();
      controller.abort();
    }
  });

  it("regenerates on change, survives a broken spec, and stops on abort", async () => {
    const { root, spec, out } = await makeProject();
    const controller = new AbortController();
    const io = recordingIO(root, controller.signal);
    const status = runCli(["generate", "--watch"], io);
    const runs = (): string[] => io.stdout.filter((line) => ranLine.test(line));

    // The first run, then the watching line.
    await waitFor("the first run", () =>
      io.stdout.some((line) =>
        line.startsWith("watching spec/remittance.yaml for changes"),
      ),
    );
    expect(runs()).toHaveLength(1);
    const operations = join(out, "v3/dist/operations.d.ts");
    expect(await readFile(operations, "utf8")).toContain(
      "Account title lookup.",
    );

    // An edit: the output follows.
    await editFile(
      spec,
      "summary: Account title lookup.",
      "summary: Account title lookup, first edit.",
    );
    await waitFor("the first edit in the output", async () =>
      (await readFile(operations, "utf8")).includes("first edit"),
    );
    await waitFor("the second run line", () => runs().length === 2);
    expect(Number(ranLine.exec(runs()[1] ?? "")?.[1])).toBeGreaterThan(0);

    // A broken spec: reported with its position, output untouched, still watching.
    const before = await snapshot(out);
    await editFile(spec, "rateLimit: 100/hour", "rateLimit: lots");
    await waitFor("the error", () =>
      io.stderr.some((line) => line.startsWith("still watching")),
    );
    const errors = io.stderr.join("\n");
    expect(errors).toMatch(/^\[\d\d:\d\d:\d\d\] generate failed:$/m);
    expect(errors).toMatch(
      /^spec\/remittance\.yaml:\d+:\d+: rate limit "lots"/m,
    );
    expect(errors).toContain("nothing was written");
    expect(errors).not.toMatch(stackTrace);
    expect(await snapshot(out)).toEqual(before);

    // Fixed (with another edit): regenerated.
    await editFile(spec, "rateLimit: lots", "rateLimit: 100/hour");
    await editFile(
      spec,
      "summary: Account title lookup, first edit.",
      "summary: Account title lookup, after the fix.",
    );
    await waitFor("the fix in the output", async () =>
      (await readFile(operations, "utf8")).includes("after the fix"),
    );
    await waitFor("the run after the fix", () => runs().length === 3);

    controller.abort();
    expect(await status).toBe(0);
    expect(io.stdout.at(-1)).toBe("stopped watching");

    // Stopped means stopped.
    const after = await snapshot(out);
    await editFile(spec, "after the fix", "after stopping");
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await snapshot(out)).toEqual(after);
    expect(runs()).toHaveLength(3);
  });

  it("a stop during a run stops the run too, which undoes itself", async () => {
    const { root, spec, out } = await makeProject();
    // Large enough that the first run is still staging when it is stopped.
    await writeFile(spec, syntheticSpec(300).yaml);
    const controller = new AbortController();
    const io = recordingIO(root, controller.signal);
    const status = runCli(["generate", "--watch"], io);
    // The manifest comes before the first file.
    await waitFor(
      "the first run to start writing",
      () => existsSync(join(out, ".remitgen-manifest.json")),
      20_000,
    );
    controller.abort();
    expect(await status).toBe(0);
    expect(existsSync(out)).toBe(false);
    expect(io.stderr).toEqual([]);
    expect(io.stdout.at(-1)).toBe("stopped watching");
  });

  it("starting with a broken spec reports it and waits for the fix", async () => {
    const { root, spec, out } = await makeProject();
    await editFile(spec, "rateLimit: 100/hour", "rateLimit: lots");
    const controller = new AbortController();
    const io = recordingIO(root, controller.signal);
    const status = runCli(["generate", "--watch"], io);
    await waitFor("the watching line", () =>
      io.stdout.some((line) => line.startsWith("watching ")),
    );
    expect(io.stderr.join("\n")).toMatch(
      /^spec\/remittance\.yaml:\d+:\d+: rate limit "lots"/m,
    );
    expect(await snapshot(out)).toBeUndefined();
    await editFile(spec, "rateLimit: lots", "rateLimit: 100/hour");
    await waitFor("the output", () =>
      io.stdout.some((line) => ranLine.test(line)),
    );
    expect(await snapshot(out)).not.toBeUndefined();
    controller.abort();
    expect(await status).toBe(0);
  });

  it("an unknown --set ends the watch with 2 at once", async () => {
    const { root, out } = await makeProject();
    const controller = new AbortController();
    const io = recordingIO(root, controller.signal);
    expect(await runCli(["generate", "--watch", "--set", "v4"], io)).toBe(2);
    expect(io.stderr.join("\n")).toMatch(/^remitgen: unknown set "v4"/);
    expect(await snapshot(out)).toBeUndefined();
  });

  it("a spec in a folder that does not exist ends the watch with 2, as a usage error: its code and a hint", async () => {
    const { root, out } = await makeProject();
    const controller = new AbortController();
    const io = recordingIO(root, controller.signal);
    expect(
      await runCli(
        ["generate", "--watch", "--spec", "nope/remittance.yaml"],
        io,
      ),
    ).toBe(2);
    expect(io.stderr.join("\n")).toBe(
      `remitgen: cannot watch ${join(root, "nope")}: the folder does not exist [RG096]\n` +
        "  hint: create the folder, or give --spec a file in a folder that exists",
    );
    expect(io.stdout).toEqual([]);
    expect(await snapshot(out)).toBeUndefined();
  });

  it("an already aborted signal returns 0 without generating", async () => {
    const { root, out } = await makeProject();
    const controller = new AbortController();
    controller.abort();
    expect(
      await runCli(
        ["generate", "--watch"],
        recordingIO(root, controller.signal),
      ),
    ).toBe(0);
    expect(await snapshot(out)).toBeUndefined();
  });
});

describe("watchGenerate", () => {
  it("debounces a burst of writes into one run, and ignores other files in the folder", async () => {
    const { root, spec } = await makeProject();
    const controller = new AbortController();
    const runs: WatchRun[] = [];
    const lines: string[] = [];
    const status = watchGenerate({
      cwd: root,
      signal: controller.signal,
      log: (line) => lines.push(line),
      error: (text) => lines.push(text),
      onRun: (run) => runs.push(run),
    });
    await waitFor("the first run", () => runs.length === 1);

    // Other files next to the spec do not trigger a run.
    await writeFile(join(root, "spec/notes.md"), "notes\n");
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(runs).toHaveLength(1);

    const text = await readFile(spec, "utf8");
    for (let i = 1; i <= 5; i++)
      await writeFile(
        spec,
        text.replace("Account title lookup.", `Account title lookup ${i}.`),
      );
    await waitFor("the run after the burst", () => runs.length === 2);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(runs).toHaveLength(2);
    expect(runs.every((run) => run.ok)).toBe(true);

    controller.abort();
    expect(await status).toBe(0);
  });

  it("sees a spec replaced by rename, as editors save", async () => {
    const { root, spec, out } = await makeProject();
    const controller = new AbortController();
    const runs: WatchRun[] = [];
    const status = watchGenerate({
      cwd: root,
      signal: controller.signal,
      log: () => undefined,
      error: () => undefined,
      onRun: (run) => runs.push(run),
    });
    await waitFor("the first run", () => runs.length === 1);
    const text = await readFile(spec, "utf8");
    await writeFile(
      `${spec}.swp`,
      text.replace(
        "Account title lookup.",
        "Account title lookup, renamed in.",
      ),
    );
    await rename(`${spec}.swp`, spec);
    await waitFor("the renamed spec in the output", async () =>
      (await readFile(join(out, "v3/dist/operations.d.ts"), "utf8")).includes(
        "renamed in",
      ),
    );
    controller.abort();
    expect(await status).toBe(0);
  });
});

describe("generate --watch as a process", () => {
  it("Ctrl-C pressed again while a run undoes itself is absorbed: nothing half written is left", async () => {
    const { root, spec, out } = await makeProject();
    // Large enough that the first run is still writing when it is stopped.
    await writeFile(spec, syntheticSpec(300).yaml);
    const child = startBin(["generate", "--watch"], root);
    await someFilesWritten(out);
    const { finished, sent } = await pressCtrlCUntilExit(child);
    expect(sent).toBeGreaterThan(1);
    expect(existsSync(out)).toBe(false);
    // 0 as for one Ctrl-C, or ended by a press once it had stopped.
    expect(
      finished.code === 0 || finished.signal === "SIGINT",
      `exit ${finished.code}, signal ${finished.signal}`,
    ).toBe(true);
    expect(finished.stderr).toBe("");
  });

  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    it(`stops cleanly on ${signal} with exit 0`, async () => {
      const { root, spec, out } = await makeProject();
      const child = startBin(["generate", "--watch", "--set", "v3"], root);
      await child.waitFor(
        /^watching spec\/remittance\.yaml for changes \(Ctrl-C to stop\)$/m,
      );
      await editFile(
        spec,
        "summary: Account title lookup.",
        "summary: Account title lookup, from a process.",
      );
      await waitFor("the edit in the output", async () =>
        (await readFile(join(out, "v3/dist/operations.d.ts"), "utf8")).includes(
          "from a process",
        ),
      );
      child.process.kill(signal);
      const finished = await child.exited;
      expect(finished.code).toBe(0);
      expect(finished.signal).toBeNull();
      expect(finished.stdout).toMatch(/stopped watching\n$/);
      expect(finished.stderr).toBe("");
    });
  }
});
