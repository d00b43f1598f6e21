/**
 * `generate --watch` follows the spec, not a folder looked up once: a spec
 * folder removed or replaced (a checkout, a restore), a spec that is a
 * symbolic link (edited, or pointed elsewhere), a folder link pointed
 * elsewhere, a change the file system's events miss (a hard link edited
 * elsewhere). Every watcher and timer ends with the watch.
 */
import {
  copyFile,
  link,
  mkdir,
  readFile,
  rename,
  rm,
  symlink,
  writeFile,
} from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { watchGenerate, type WatchRun } from "../../src/cli/watch.js";
import { makeProject, waitFor } from "../generate/support.js";
import { startBin } from "./process.js";

interface Watching {
  readonly runs: WatchRun[];
  readonly stdout: string[];
  readonly stderr: string[];
  /** The exit status, once the watch has ended. */
  readonly status: Promise<number>;
  ended(): boolean;
  stop(): Promise<number>;
}

const started: Watching[] = [];
afterEach(async () => {
  // A failed test must not leave a watch running into the next one.
  await Promise.all(started.splice(0).map((watching) => watching.stop()));
});

async function startWatch(
  root: string,
  extra: { spec?: string; pollMs?: number } = {},
  /** Sees each line before it is recorded; may throw, as a failing output would. */
  onLog: (line: string) => void = () => undefined,
): Promise<Watching> {
  const controller = new AbortController();
  const runs: WatchRun[] = [];
  const stdout: string[] = [];
  const stderr: string[] = [];
  let ended = false;
  const status = watchGenerate({
    cwd: root,
    ...extra,
    signal: controller.signal,
    log: (line) => {
      onLog(line);
      stdout.push(line);
    },
    error: (text) => stderr.push(text),
    onRun: (run) => runs.push(run),
  }).finally(() => (ended = true));
  const watching: Watching = {
    runs,
    stdout,
    stderr,
    status,
    ended: () => ended,
    stop: () => {
      controller.abort();
      return status;
    },
  };
  started.push(watching);
  await waitFor("the first run", () => runs.length === 1);
  expect(runs[0]?.ok).toBe(true);
  return watching;
}

const summary = "summary: Account title lookup.";
const edited = (text: string, marker: string): string => {
  expect(text.split(summary)).toHaveLength(2);
  return text.replace(summary, `summary: Account title lookup, ${marker}.`);
};
const operations = (out: string): string =>
  join(out, "v3/dist/operations.d.ts");
const outputHas = (out: string, marker: string) => async () =>
  (await readFile(operations(out), "utf8")).includes(marker);
const resumed = /^\[\d\d:\d\d:\d\d\] watching remittance\.yaml again$/;
const settle = (): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, 500));

describe("generate --watch follows the spec's folder", () => {
  it("keeps regenerating after the folder is removed and made again (a checkout, a restore)", async () => {
    const { root, spec, out } = await makeProject();
    const text = await readFile(spec, "utf8");
    const watching = await startWatch(root);

    await rm(join(root, "spec"), { recursive: true });
    await mkdir(join(root, "spec"));
    await writeFile(spec, edited(text, "restored"));
    await waitFor("the resumed line", () =>
      watching.stdout.some((line) => resumed.test(line)),
    );
    await waitFor(
      "the restored spec in the output",
      outputHas(out, "restored"),
    );

    // Then an ordinary edit, which the folder watched once never saw.
    await writeFile(spec, edited(text, "after checkout"));
    await waitFor("the edit in the output", outputHas(out, "after checkout"));
    expect(watching.stdout.filter((line) => resumed.test(line))).toHaveLength(
      1,
    );
    expect(watching.ended()).toBe(false);
    expect(await watching.stop()).toBe(0);
    expect(watching.stdout.at(-1)).toBe("stopped watching");
  });

  it("watches the new folder when the old one is moved aside, and no longer the old one", async () => {
    const { root, spec, out } = await makeProject();
    const text = await readFile(spec, "utf8");
    const watching = await startWatch(root);

    await rename(join(root, "spec"), join(root, "spec-old"));
    await mkdir(join(root, "spec"));
    await writeFile(spec, edited(text, "new folder"));
    await waitFor(
      "the new folder's spec in the output",
      outputHas(out, "new folder"),
    );
    await writeFile(spec, edited(text, "edited in the new folder"));
    await waitFor(
      "the edit in the output",
      outputHas(out, "edited in the new folder"),
    );

    // The folder moved aside is not the spec's any more.
    const runs = watching.runs.length;
    await writeFile(
      join(root, "spec-old/remittance.yaml"),
      edited(text, "moved aside"),
    );
    await settle();
    expect(watching.runs).toHaveLength(runs);
    expect(await outputHas(out, "moved aside")()).toBe(false);
    expect(await watching.stop()).toBe(0);
  });

  it("reports a folder away for long, once, goes on watching, and runs when it is back", async () => {
    const { root, spec, out } = await makeProject();
    const text = await readFile(spec, "utf8");
    const watching = await startWatch(root, { pollMs: 200 });
    // Coded and worded as at the start (RG096), with a hint for a watch
    // that goes on.
    const gone = (text: string): boolean =>
      text ===
      "remitgen: cannot watch spec: the folder does not exist [RG096]\n" +
        "  hint: put the folder back (a checkout or a restore does)";

    await rm(join(root, "spec"), { recursive: true });
    await waitFor("the report", () => watching.stderr.some(gone));
    const at = watching.stderr.findIndex(gone);
    expect(watching.stderr[at - 1]).toMatch(
      /^\[\d\d:\d\d:\d\d\] watching interrupted:$/,
    );
    expect(watching.stderr[at + 1]).toBe(
      "still watching for spec to come back",
    );
    // Many retries later: still reported once, still watching.
    await waitFor("a while away", async () => {
      await settle();
      return true;
    });
    expect(watching.stderr.filter(gone)).toHaveLength(1);
    expect(watching.ended()).toBe(false);

    await mkdir(join(root, "spec"));
    await writeFile(spec, edited(text, "back again"));
    await waitFor("the spec back in the output", outputHas(out, "back again"));
    expect(watching.stdout.filter((line) => resumed.test(line))).toHaveLength(
      1,
    );
    expect(watching.stderr.filter(gone)).toHaveLength(1);
    expect(await watching.stop()).toBe(0);
  });

  it("follows a folder link pointed elsewhere (no event tells), on the periodic check", async () => {
    const { root, out } = await makeProject();
    const text = await readFile(join(root, "spec/remittance.yaml"), "utf8");
    await mkdir(join(root, "releases/a"), { recursive: true });
    await mkdir(join(root, "releases/b"));
    await writeFile(join(root, "releases/a/remittance.yaml"), text);
    await writeFile(
      join(root, "releases/b/remittance.yaml"),
      edited(text, "release b"),
    );
    await rm(join(root, "spec"), { recursive: true });
    await symlink(join(root, "releases/a"), join(root, "spec"));
    const watching = await startWatch(root, { pollMs: 200 });

    // Pointed elsewhere atomically, as deploy tools do.
    await symlink(join(root, "releases/b"), join(root, "spec.next"));
    await rename(join(root, "spec.next"), join(root, "spec"));
    await waitFor("release b in the output", outputHas(out, "release b"));
    await writeFile(
      join(root, "releases/b/remittance.yaml"),
      edited(text, "b edited"),
    );
    await waitFor("the edit of b in the output", outputHas(out, "b edited"));

    const runs = watching.runs.length;
    await writeFile(
      join(root, "releases/a/remittance.yaml"),
      edited(text, "a edited"),
    );
    await settle();
    expect(watching.runs).toHaveLength(runs);
    expect(await watching.stop()).toBe(0);
  });
});

describe("generate --watch meeting what it did not expect", () => {
  it("says so with a code, in words and how to report it, and goes on watching", async () => {
    const { root, spec, out } = await makeProject();
    const text = await readFile(spec, "utf8");
    // The one failure the periodic check does not guard against: its
    // output refused (an embedding's log that throws a system error).
    let thrown = false;
    const watching = await startWatch(root, {}, (line) => {
      if (thrown || !resumed.test(line)) return;
      thrown = true;
      throw Object.assign(new Error("EIO: i/o error, write"), {
        code: "EIO",
        syscall: "write",
      });
    });

    await rm(join(root, "spec"), { recursive: true });
    await mkdir(join(root, "spec"));
    await writeFile(spec, edited(text, "restored"));
    await waitFor("the report", () =>
      watching.stderr.some((line) => line.includes("[RG089]")),
    );
    // Before: "[12:00:00] remitgen: watching: EIO: i/o error, write", no
    // code, no hint.
    expect(
      watching.stderr
        .join("\n")
        .replace(/\[\d\d:\d\d:\d\d\]/g, "[time]")
        .split("\n"),
    ).toEqual([
      "[time] watching interrupted:",
      "remitgen: unexpected failure: the disk or file system failed to read or write (an input/output error) [RG089]",
      expect.stringMatching(/^  hint: remitgen did not expect this: report it/),
      "still watching remittance.yaml for changes",
    ]);
    await waitFor(
      "the restored spec in the output",
      outputHas(out, "restored"),
    );
    expect(watching.ended()).toBe(false);
    expect(await watching.stop()).toBe(0);
  });
});

describe("generate --watch follows a symbolic link spec", () => {
  async function linkedProject() {
    const project = await makeProject();
    const { root, spec } = project;
    await mkdir(join(root, "shared"));
    const target = join(root, "shared/remittance.yaml");
    await copyFile(spec, target);
    await rm(spec);
    await symlink(target, spec);
    return { ...project, target, text: await readFile(target, "utf8") };
  }

  it("sees its target edited in place, and replaced as editors save", async () => {
    const { root, out, target, text } = await linkedProject();
    const watching = await startWatch(root);

    await writeFile(target, edited(text, "via link"));
    await waitFor(
      "the edited target in the output",
      outputHas(out, "via link"),
    );

    await writeFile(`${target}.swp`, edited(text, "target saved by rename"));
    await rename(`${target}.swp`, target);
    await waitFor(
      "the replaced target in the output",
      outputHas(out, "target saved by rename"),
    );
    expect(await watching.stop()).toBe(0);
    expect(watching.stderr).toEqual([]);
  });

  it("follows the link pointed at another file, and no longer the old target", async () => {
    const { root, spec, out, target, text } = await linkedProject();
    await mkdir(join(root, "other"));
    const other = join(root, "other/api.yaml");
    await writeFile(other, edited(text, "other target"));
    const watching = await startWatch(root);

    await symlink(other, `${spec}.next`);
    await rename(`${spec}.next`, spec);
    await waitFor(
      "the new target in the output",
      outputHas(out, "other target"),
    );
    await writeFile(other, edited(text, "other edited"));
    await waitFor("the new target's edit", outputHas(out, "other edited"));

    const runs = watching.runs.length;
    await writeFile(target, edited(text, "old target edited"));
    await settle();
    expect(watching.runs).toHaveLength(runs);
    expect(await outputHas(out, "old target edited")()).toBe(false);
    expect(await watching.stop()).toBe(0);
  });
});

describe("generate --watch besides events", () => {
  it("sees a change no event reports (the spec edited through a hard link elsewhere), once", async () => {
    const { root, spec, out } = await makeProject();
    const text = await readFile(spec, "utf8");
    await mkdir(join(root, "elsewhere"));
    const alias = join(root, "elsewhere/remittance.yaml");
    await link(spec, alias);
    const watching = await startWatch(root, { pollMs: 200 });

    // Written in place through the other name: the spec's folder hears nothing.
    await writeFile(alias, edited(text, "through a hard link"));
    await waitFor(
      "the edit in the output",
      outputHas(out, "through a hard link"),
    );
    await waitFor("its run", () => watching.runs.length === 2);
    // One run for it, not one per check.
    await settle();
    expect(watching.runs).toHaveLength(2);
    expect(watching.runs.every((run) => run.ok)).toBe(true);
    expect(await watching.stop()).toBe(0);
  });

  it("closes every watcher on stop, after folders were replaced and links followed", async () => {
    const count = (type: string): number =>
      process.getActiveResourcesInfo().filter((name) => name === type).length;
    // Handles closed by earlier tests go within a turn of the loop.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const before = count("FSEventWrap");
    const { root, spec, out } = await makeProject();
    const text = await readFile(spec, "utf8");
    await mkdir(join(root, "shared"));
    const target = join(root, "shared/remittance.yaml");
    await writeFile(target, text);
    await rm(spec);
    await symlink(target, spec);
    const watching = await startWatch(root);
    // The spec's folder and its target's (and, within each, the spec's entry).
    const watchers = count("FSEventWrap");
    expect(watchers).toBeGreaterThanOrEqual(before + 2);

    await rm(join(root, "spec"), { recursive: true });
    await mkdir(join(root, "spec"));
    await symlink(target, spec);
    await waitFor("the resumed line", () =>
      watching.stdout.some((line) => resumed.test(line)),
    );
    await writeFile(target, edited(text, "before stopping"));
    await waitFor("the edit in the output", outputHas(out, "before stopping"));
    // The watchers replaced are closed, not kept beside the new ones.
    await waitFor(
      "as many watchers as at the start again",
      () => count("FSEventWrap") === watchers,
    );

    expect(await watching.stop()).toBe(0);
    await waitFor(
      "every watcher closed",
      () => count("FSEventWrap") === before,
    );
    // Nothing runs after the stop, whatever changes.
    const runs = watching.runs.length;
    await writeFile(target, edited(text, "after stopping"));
    await rm(join(root, "spec"), { recursive: true });
    await settle();
    expect(watching.runs).toHaveLength(runs);
    expect(await outputHas(out, "after stopping")()).toBe(false);
  });
});

describe("generate --watch as a process", () => {
  it("reports a spec folder it can no longer watch in its own words (RG096, a hint), goes on, and runs once the folder is back", async () => {
    const { root, spec, out } = await makeProject();
    const text = await readFile(spec, "utf8");
    const child = startBin(["generate", "--watch", "--set", "v3"], root);
    try {
      await child.waitFor(/^watching spec\/remittance\.yaml for changes/m);
      // A folder no look can follow, whoever runs the tests (root reads a
      // folder whatever its permissions): a link to itself (ELOOP).
      await rename(join(root, "spec"), join(root, "spec-aside"));
      await symlink("spec", join(root, "spec"));
      const [report] = await child.waitFor(
        /^\[\d\d:\d\d:\d\d\] watching interrupted:\n(?:.*\n){2}.*meanwhile$/m,
        15_000,
        "stderr",
      );
      // Before: "cannot watch spec: ELOOP: too many symbolic links
      // encountered, stat '/tmp/.../spec'; trying again, ...", no code, no hint.
      expect(report.replace(/^\[[\d:]+\]/, "[time]")).toBe(
        [
          "[time] watching interrupted:",
          "remitgen: cannot watch spec: too many symbolic links on the path (a link that leads back to itself, or a loop of links) [RG096]",
          "  hint: point the symbolic link at the spec's folder again",
          "still watching spec/remittance.yaml: trying again, and looking at it every 1000 ms meanwhile",
        ].join("\n"),
      );

      await rm(join(root, "spec"));
      await rename(join(root, "spec-aside"), join(root, "spec"));
      await writeFile(spec, edited(text, "after the loop"));
      await child.waitFor(
        /^\[\d\d:\d\d:\d\d\] watching spec\/remittance\.yaml again$/m,
      );
      await waitFor("the edit in the output", outputHas(out, "after the loop"));
      expect(child.process.exitCode).toBeNull();
    } finally {
      child.process.kill("SIGINT");
    }
    const finished = await child.exited;
    expect(finished.code).toBe(0);
    expect(finished.stdout).toMatch(/stopped watching\n$/);
  });

  it("ends by itself on SIGINT after its folder was replaced: no watcher or timer left behind", async () => {
    const { root, spec, out } = await makeProject();
    const text = await readFile(spec, "utf8");
    const child = startBin(["generate", "--watch", "--set", "v3"], root);
    try {
      await child.waitFor(/^watching spec\/remittance\.yaml for changes/m);
      await rm(join(root, "spec"), { recursive: true });
      await mkdir(join(root, "spec"));
      await writeFile(spec, edited(text, "in a process"));
      await child.waitFor(
        /^\[\d\d:\d\d:\d\d\] watching spec\/remittance\.yaml again$/m,
      );
      await waitFor("the edit in the output", outputHas(out, "in a process"));
    } finally {
      child.process.kill("SIGINT");
    }
    // The process ends only when nothing is left on its event loop.
    const finished = await child.exited;
    expect(finished.code).toBe(0);
    expect(finished.signal).toBeNull();
    expect(finished.stdout).toMatch(/stopped watching\n$/);
  });
});
