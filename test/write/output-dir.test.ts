/**
 * The writer on its own: planning, all-or-nothing writing (a failure at
 * every single step is rolled back), manifest handling and the output
 * folder safety checks.
 */
import { existsSync } from "node:fs";
import {
  mkdir,
  readdir,
  readFile,
  rm,
  symlink,
  writeFile,
} from "node:fs/promises";
import { homedir, tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  OutputError,
  StoppedError,
  UsageError,
} from "../../src/diagnostics/diagnostic.js";
import type { OutputFile } from "../../src/render/output.js";
import {
  assertSafeOutDir,
  manifestName,
  nodeWriterFs,
  openOutputStage,
  outputFailure,
  type OutputPlan,
  type StageOptions,
  type WriterFs,
} from "../../src/write/output-dir.js";
import { repoRoot, snapshot, tempDir } from "../generate/support.js";

const first: OutputFile[] = [
  { path: "a/package.json", contents: '{ "name": "a" }\n' },
  { path: "a/src/index.ts", contents: "export const a = 1;\n" },
  { path: "a/src/deep/util.ts", contents: "export const u = 1;\n" },
  { path: "b/readme.md", contents: "# b\n" },
  { path: "b/old/gone.ts", contents: "gone\n" },
];

/** The next generation: one file changed, one new (in a new folder), one no longer produced. */
const second: OutputFile[] = [
  { path: "a/package.json", contents: '{ "name": "a" }\n' },
  { path: "a/src/index.ts", contents: "export const a = 2;\n" },
  { path: "a/src/deep/util.ts", contents: "export const u = 1;\n" },
  { path: "b/readme.md", contents: "# b, changed\n" },
  { path: "c/new/file.ts", contents: "new\n" },
];

/**
 * `files` through a stage, as generate stages them: written (staged as
 * added, committed by finish) or, for a --check run, only compared.
 */
async function staged(
  out: string,
  files: readonly OutputFile[],
  options: StageOptions,
): Promise<OutputPlan> {
  const stage = await openOutputStage(out, options);
  await stage.add(files);
  return stage.finish();
}

/** What a --check run finds: the plan, nothing written. */
const planned = (
  out: string,
  files: readonly OutputFile[],
  scope?: (path: string) => boolean,
): Promise<OutputPlan> =>
  staged(out, files, { write: false, ...(scope && { scope }) });

/** Writes `files` as generate does. */
const written = (
  out: string,
  files: readonly OutputFile[],
  fs?: WriterFs,
): Promise<OutputPlan> =>
  staged(out, files, { write: true, ...(fs && { fs }) });

async function manifestFiles(out: string): Promise<string[]> {
  return (
    JSON.parse(await readFile(join(out, manifestName), "utf8")) as {
      files: string[];
    }
  ).files;
}

/** A WriterFs that counts calls and fails the `failAt`-th one (1-based). */
function failingFs(failAt: number): WriterFs & { calls: string[] } {
  const calls: string[] = [];
  const step = <A extends unknown[], R>(
    name: string,
    real: (...args: A) => Promise<R>,
  ) => {
    return async (...args: A): Promise<R> => {
      calls.push(`${name} ${String(args[0])}`);
      if (calls.length === failAt) {
        throw Object.assign(new Error(`injected failure in ${name}`), {
          code: "EIO",
        });
      }
      return real(...args);
    };
  };
  return {
    calls,
    mkdir: step("mkdir", nodeWriterFs.mkdir),
    writeFile: step("writeFile", nodeWriterFs.writeFile),
    readFile: step("readFile", nodeWriterFs.readFile),
    rename: step("rename", nodeWriterFs.rename),
    rm: step("rm", nodeWriterFs.rm),
    rmdir: step("rmdir", nodeWriterFs.rmdir),
  };
}

describe("planning and writing", () => {
  it("writes files in folders it creates under their own names, and renames only into existing folders", async () => {
    const out = join(await tempDir(), "out");
    const fresh = failingFs(0);
    await written(out, first, fresh);
    // A new folder: every file written in place, only the manifest renamed (it goes last).
    const freshRenames = fresh.calls.filter((call) =>
      call.startsWith("rename"),
    );
    expect(freshRenames).toHaveLength(1);
    expect(freshRenames[0]).toContain(
      `${join(out, ".remitgen-manifest.json")}.remitgen-tmp-`,
    );
    for (const file of first)
      expect(fresh.calls).toContain(`writeFile ${join(out, file.path)}`);

    // Existing folders: a changed file goes through a temporary name.
    const changed = first.map((file) =>
      file.path === "a/src/index.ts"
        ? { ...file, contents: "export const a = 2;\n" }
        : file,
    );
    const existing = failingFs(0);
    await written(out, changed, existing);
    const renames = existing.calls.filter((call) => call.startsWith("rename"));
    expect(renames).toHaveLength(1);
    expect(renames[0]).toContain(join(out, "a/src/index.ts.remitgen-tmp-"));
    expect(await readFile(join(out, "a/src/index.ts"), "utf8")).toBe(
      "export const a = 2;\n",
    );
  });

  it("refuses to replace a file it did not write where a new generated path lands, and changes nothing", async () => {
    const out = join(await tempDir(), "out");
    await written(out, first);
    // The user's own draft, in a folder remitgen writes into, where the
    // next generation puts a new file.
    await writeFile(join(out, "a/src/added.ts"), "hand-written draft\n");
    const next = [...first, { path: "a/src/added.ts", contents: "added\n" }];
    const before = await snapshot(out);
    await expect(written(out, next)).rejects.toThrow(
      /cannot write .*a[/\\]src[/\\]added\.ts: remitgen did not write it \(it is not in \.remitgen-manifest\.json\)\n {2}hint: move it away/,
    );
    expect(await snapshot(out)).toEqual(before);
    // The same text is no conflict: nothing would change.
    await writeFile(join(out, "a/src/added.ts"), "added\n");
    await written(out, next);
    expect(await manifestFiles(out)).toContain("a/src/added.ts");
  });

  it("lists new files before renaming them in: a run killed before its last manifest leaves none it would refuse", async () => {
    const out = join(await tempDir(), "out");
    await written(out, first);
    const next = [...first, { path: "a/src/added.ts", contents: "added\n" }];
    // A kill just before the final manifest: that rename never returns.
    let manifestRenames = 0;
    const killed: WriterFs = {
      ...nodeWriterFs,
      rename: async (from, to) => {
        if (to.endsWith(manifestName) && ++manifestRenames === 2)
          return new Promise<void>(() => {});
        return nodeWriterFs.rename(from, to);
      },
    };
    void written(out, next, killed);
    await expect.poll(() => manifestRenames, { timeout: 5_000 }).toBe(2);
    expect(await readFile(join(out, "a/src/added.ts"), "utf8")).toBe("added\n");
    expect(await manifestFiles(out)).toContain("a/src/added.ts");
    // The next run, with the file changed, knows it as remitgen's.
    const changedAgain = [
      ...first,
      { path: "a/src/added.ts", contents: "added again\n" },
    ];
    await written(out, changedAgain);
    expect(await readFile(join(out, "a/src/added.ts"), "utf8")).toBe(
      "added again\n",
    );
    expect(await manifestFiles(out)).toEqual(
      changedAgain.map((file) => file.path).sort(),
    );
  });

  it("replaces a half-written file in a folder no finished run wrote into: what a killed run left", async () => {
    const out = join(await tempDir(), "out");
    await written(out, first);
    // A killed run writes straight to the names in folders it creates.
    await mkdir(join(out, "c/new"), { recursive: true });
    await writeFile(join(out, "c/new/file.ts"), "ne");
    await written(out, second);
    expect(await readFile(join(out, "c/new/file.ts"), "utf8")).toBe("new\n");
  });

  it("writes every file and a sorted manifest, then finds nothing to do", async () => {
    const out = join(await tempDir(), "out");
    const plan = await planned(out, first);
    expect(plan.changed.map((file) => file.path)).toEqual(
      [...first.map((file) => file.path)].sort(),
    );
    expect(plan.missing).toEqual(plan.changed.map((file) => file.path));
    await written(out, first);
    for (const file of first)
      expect(await readFile(join(out, file.path), "utf8")).toBe(file.contents);
    expect(await manifestFiles(out)).toEqual(
      first.map((file) => file.path).sort(),
    );

    const again = await planned(out, first);
    expect(again.changed).toEqual([]);
    expect(again.stale).toEqual([]);
    expect(again.manifestChanged).toBe(false);
    expect(again.unchanged).toBe(first.length);
    const before = await snapshot(out);
    await written(out, first);
    expect(await snapshot(out)).toEqual(before);
  });

  it("compares bytes exactly (a BOM, CRLF or a missing newline is a change)", async () => {
    const out = join(await tempDir(), "out");
    await written(out, first);
    await writeFile(join(out, "a/src/index.ts"), "\ufeffexport const a = 1;\n");
    await writeFile(join(out, "b/readme.md"), "# b\r\n");
    await writeFile(join(out, "a/package.json"), '{ "name": "a" }');
    const plan = await planned(out, first);
    expect(plan.changed.map((file) => file.path)).toEqual([
      "a/package.json",
      "a/src/index.ts",
      "b/readme.md",
    ]);
    expect(plan.missing).toEqual([]);
  });

  it("removes files it no longer produces and the folders they leave empty", async () => {
    const out = join(await tempDir(), "out");
    await written(out, first);
    await writeFile(join(out, "b/mine.txt"), "mine\n");
    const plan = await planned(out, second);
    expect(plan.stale).toEqual(["b/old/gone.ts"]);
    const result = await written(out, second);
    expect(result.stale).toEqual(["b/old/gone.ts"]);
    expect(existsSync(join(out, "b/old"))).toBe(false);
    expect(await readFile(join(out, "b/mine.txt"), "utf8")).toBe("mine\n");
    expect(await manifestFiles(out)).toEqual(
      second.map((file) => file.path).sort(),
    );
  });

  it("limits stale files to the scope, and keeps the others in the manifest", async () => {
    const out = join(await tempDir(), "out");
    await written(out, first);
    const onlyA = first.filter((file) => file.path.startsWith("a/"));
    const plan = await planned(out, onlyA, (path) => path.startsWith("a/"));
    expect(plan.stale).toEqual([]);
    expect(plan.manifest.files).toEqual(first.map((file) => file.path).sort());
  });

  it("leaves no temporary files behind", async () => {
    const out = join(await tempDir(), "out");
    await written(out, first);
    await written(out, second);
    const all = await snapshot(out);
    expect(
      [...(all?.keys() ?? [])].filter((path) =>
        path.includes(".remitgen-tmp-"),
      ),
    ).toEqual([]);
  });

  it("refuses output paths that leave the folder, and duplicates", async () => {
    const out = join(await tempDir(), "out");
    for (const path of [
      "../x.ts",
      "/etc/x",
      "a/../../x",
      "a\\..\\x",
      "",
      "./a",
      "a//b",
    ]) {
      await expect(
        planned(out, [{ path, contents: "" }]),
        path,
      ).rejects.toThrow(/leaves the output folder/);
    }
    await expect(
      planned(out, [
        { path: "a.ts", contents: "1" },
        { path: "a.ts", contents: "2" },
      ]),
    ).rejects.toThrow(/produced twice/);
    expect(existsSync(out)).toBe(false);
  });

  it("refuses to write through a symbolic link or over a folder", async () => {
    const base = await tempDir();
    const out = join(base, "out");
    await written(out, first);
    await mkdir(join(base, "elsewhere"));
    await symlink(join(base, "elsewhere"), join(out, "c"));
    await expect(written(out, second)).rejects.toThrow(OutputError);
    await expect(written(out, second)).rejects.toThrow(
      `${join(out, "c")} is a symbolic link`,
    );
    expect(await readdir(join(base, "elsewhere"))).toEqual([]);

    const other = join(base, "out2");
    await written(other, first);
    await writeFile(join(other, "c"), "a file where a folder goes\n");
    await expect(written(other, second)).rejects.toThrow(
      `${join(other, "c")} is a file, not a folder`,
    );
  });
});

describe("the manifest", () => {
  it("ignores entries that leave the folder, and rewrites it without them", async () => {
    const base = await tempDir();
    const out = join(base, "out");
    await written(out, first);
    await writeFile(join(base, "victim.txt"), "keep\n");
    const hostile = [
      "../victim.txt",
      "a/../../victim.txt",
      join(base, "victim.txt"),
      "a\\..\\..\\victim.txt",
      "./a/x",
      "",
      7,
      null,
    ];
    await writeFile(
      join(out, manifestName),
      JSON.stringify({
        generator: "remitgen",
        files: [...first.map((file) => file.path), ...hostile],
      }),
    );
    const plan = await planned(out, first);
    expect(plan.stale).toEqual([]);
    expect(plan.manifestChanged).toBe(true);
    await written(out, first);
    expect(await readFile(join(base, "victim.txt"), "utf8")).toBe("keep\n");
    expect(await manifestFiles(out)).toEqual(
      first.map((file) => file.path).sort(),
    );
  });

  it("trusts nothing from a manifest that is not remitgen's, or a symbolic link", async () => {
    const base = await tempDir();
    const out = join(base, "out");
    await written(out, first);
    await writeFile(
      join(out, manifestName),
      JSON.stringify({ generator: "other", files: ["b/old/gone.ts"] }),
    );
    expect((await planned(out, second)).stale).toEqual([]);
    await writeFile(join(out, manifestName), "{ not json");
    expect((await planned(out, second)).stale).toEqual([]);

    await writeFile(
      join(base, "elsewhere.json"),
      JSON.stringify({ generator: "remitgen", files: ["b/old/gone.ts"] }),
    );
    await rm(join(out, manifestName));
    await symlink(join(base, "elsewhere.json"), join(out, manifestName));
    expect((await planned(out, second)).stale).toEqual([]);
  });

  it("forgets (never deletes) an entry that became a folder or a symbolic link", async () => {
    const base = await tempDir();
    const out = join(base, "out");
    await written(out, first);
    await rm(join(out, "b/old/gone.ts"));
    await mkdir(join(out, "b/old/gone.ts"));
    await writeFile(join(out, "b/old/gone.ts/inside.txt"), "mine\n");
    const plan = await planned(out, second);
    expect(plan.stale).toEqual([]);
    expect(plan.skipped).toEqual(["b/old/gone.ts"]);
    await written(out, second);
    expect(await readFile(join(out, "b/old/gone.ts/inside.txt"), "utf8")).toBe(
      "mine\n",
    );
    expect(await manifestFiles(out)).not.toContain("b/old/gone.ts");
  });
});

describe("all or nothing", () => {
  it("rolls back a failure at any step, into an existing folder", async () => {
    const base = await tempDir();
    // How many file operations a successful run takes.
    const probe = join(base, "probe");
    await written(probe, first);
    await writeFile(join(probe, "b/mine.txt"), "mine\n");
    const counting = failingFs(Number.POSITIVE_INFINITY);
    await written(probe, second, counting);
    const steps = counting.calls.length;
    expect(steps).toBeGreaterThan(10);
    expect(counting.calls.some((call) => call.startsWith("rename"))).toBe(true);
    expect(counting.calls.some((call) => call.startsWith("rm"))).toBe(true);

    for (let failAt = 1; failAt <= steps; failAt++) {
      const out = join(base, `out-${failAt}`);
      await written(out, first);
      await writeFile(join(out, "b/mine.txt"), "mine\n");
      const before = await snapshot(out);
      const fs = failingFs(failAt);
      const outcome = await written(out, second, fs).then(
        () => "succeeded",
        (error: Error) => error.message,
      );
      if (fs.calls[failAt - 1]?.startsWith("rmdir")) {
        // Tidying empty folders after the commit is best effort.
        expect(outcome, `step ${failAt}: ${fs.calls[failAt - 1]}`).toBe(
          "succeeded",
        );
        continue;
      }
      expect(outcome, `step ${failAt}: ${fs.calls[failAt - 1]}`).toMatch(
        /^injected failure/,
      );
      expect(outcome).not.toContain("could not restore");
      expect(
        await snapshot(out),
        `step ${failAt}: ${fs.calls[failAt - 1]}`,
      ).toEqual(before);
    }
  });

  it("rolls back a failure at any step, into a folder that does not exist yet", async () => {
    const base = await tempDir();
    await mkdir(join(base, "probe"));
    const counting = failingFs(Number.POSITIVE_INFINITY);
    await written(join(base, "probe/deep/out"), first, counting);
    const steps = counting.calls.length;
    expect(counting.calls.filter((call) => call.startsWith("mkdir"))[0]).toBe(
      `mkdir ${join(base, "probe/deep")}`,
    );
    for (let failAt = 1; failAt <= steps; failAt++) {
      const parent = join(base, `try-${failAt}`);
      await mkdir(parent);
      const out = join(parent, "deep/out");
      const fs = failingFs(failAt);
      await expect(written(out, first, fs)).rejects.toThrow(/injected failure/);
      expect(
        await readdir(parent),
        `step ${failAt}: ${fs.calls[failAt - 1]}`,
      ).toEqual([]);
    }
  });
});

describe("what could not be undone", () => {
  it("is named with the reason in words, not Node's code, call and path again", async () => {
    const out = join(await tempDir(), "out");
    await written(out, first);
    const systemError =
      (code: string, words: string, call: string) => (path: string) =>
        Object.assign(new Error(`${code}: ${words}, ${call} '${path}'`), {
          code,
          syscall: call,
          path,
        });
    const renameFailure = systemError("EIO", "i/o error", "rename");
    const rmFailure = systemError("EBUSY", "resource busy or locked", "unlink");
    const fs: WriterFs = {
      ...nodeWriterFs,
      rename: async (from) => {
        throw renameFailure(from);
      },
      rm: async (path) => {
        throw rmFailure(path);
      },
    };
    const message = await written(out, second, fs).then(
      () => "succeeded",
      (error: Error) => error.message,
    );
    const [, undone] = message.split("\n  and could not restore: ");
    // A file left, and so the folder made for it (rmdir: ENOTEMPTY).
    expect(undone).toContain(
      `${join(out, "c/new/file.ts")} (it is in use by another program)`,
    );
    expect(undone).toContain(`${join(out, "c/new")} (the folder is not empty)`);
    // Without the paths: a temporary folder's random name may hold "EQBU".
    expect(undone!.replaceAll(out, "<out>")).not.toMatch(
      /E[A-Z]{3,}|unlink|rmdir|'/,
    );
  });
});

describe("a killed run's leftovers", () => {
  const dead = ".remitgen-tmp-2147483646-0123abcd";

  it("are removed by the next run, except through a symbolic link or of a live process", async () => {
    const base = await tempDir();
    const out = join(base, "out");
    await written(out, first);
    // Left by a run that is gone: removed.
    await writeFile(join(out, `a/src/index.ts${dead}`), "half\n");
    // Named like one but of a live process, or a folder: kept.
    const live = `a/package.json.remitgen-tmp-${process.pid}-0123abcd`;
    await writeFile(join(out, live), "busy\n");
    await mkdir(join(out, `b/folder${dead}`));
    // Outside the folder, reached through a link: never touched.
    const elsewhere = join(base, "elsewhere");
    await mkdir(elsewhere);
    await writeFile(join(elsewhere, `x${dead}`), "not ours\n");
    await symlink(elsewhere, join(out, "b/link"));
    await written(out, second);
    expect(existsSync(join(out, `a/src/index.ts${dead}`))).toBe(false);
    expect(existsSync(join(out, live))).toBe(true);
    expect(existsSync(join(out, `b/folder${dead}`))).toBe(true);
    expect(await readFile(join(elsewhere, `x${dead}`), "utf8")).toBe(
      "not ours\n",
    );
  });

  it("are not looked for in a folder without a manifest", async () => {
    const out = join(await tempDir(), "out");
    await mkdir(out);
    const stray = join(out, `a${dead}`);
    await writeFile(stray, "?\n");
    await written(out, first);
    expect(existsSync(stray)).toBe(true);
  });
});

describe("many files", () => {
  /** A few hundred files, as a large spec's output has thousands. */
  const many = (version: string): OutputFile[] =>
    Array.from({ length: 356 }, (_, i) => ({
      path: `pkg/docs/page-${String(i).padStart(4, "0")}.md`,
      contents: `# page ${i} ${version}\n`,
    }));

  /** The real file system, except that writing `failing` fails. */
  function fsFailingAt(failing: string): WriterFs {
    return {
      ...nodeWriterFs,
      writeFile: async (path, data) => {
        if (path.includes(failing))
          throw Object.assign(new Error(`EIO: i/o error, open '${path}'`), {
            code: "EIO",
            syscall: "open",
            path,
          });
        await nodeWriterFs.writeFile(path, data);
      },
    };
  }

  it("writes every file before the manifest", async () => {
    const out = join(await tempDir(), "out");
    const files = many("one");
    const stage = await openOutputStage(out, { write: true });
    for (const file of files) await stage.add([file]);
    const plan = await stage.finish();
    expect(plan.missing).toHaveLength(files.length);
    for (const file of files)
      expect(await readFile(join(out, file.path), "utf8")).toBe(file.contents);
    expect(await manifestFiles(out)).toEqual(files.map((file) => file.path));
  });

  it("rolls back a failed write, into a fresh folder and over an earlier output", async () => {
    const base = await tempDir();
    /** Stages `files` into `out` through a file system that fails at page 300. */
    const failedRun = async (out: string, files: OutputFile[]) => {
      const stage = await openOutputStage(out, {
        write: true,
        fs: fsFailingAt("page-0300"),
      });
      await expect(
        (async () => {
          for (const file of files) await stage.add([file]);
          await stage.finish();
        })(),
      ).rejects.toThrow(/EIO: i\/o error/);
    };
    const fresh = join(base, "fresh");
    await failedRun(fresh, many("one"));
    expect(existsSync(fresh)).toBe(false);

    const earlier = join(base, "earlier");
    await written(earlier, many("one"));
    const before = await snapshot(earlier);
    await failedRun(earlier, many("two"));
    expect(await snapshot(earlier)).toEqual(before);
  });

  it("discards what was staged when a run stops before finishing", async () => {
    const out = join(await tempDir(), "out");
    const stage = await openOutputStage(out, { write: true });
    for (const file of many("one")) await stage.add([file]);
    await stage.discard();
    expect(existsSync(out)).toBe(false);
  });

  it("a clean-up that fails after a stop keeps the stop, and says what is left", async () => {
    const out = join(await tempDir(), "out");
    const fs: WriterFs = {
      ...nodeWriterFs,
      rm: async (path) => {
        throw Object.assign(new Error(`EBUSY: busy, unlink '${path}'`), {
          code: "EBUSY",
          syscall: "unlink",
          path,
        });
      },
    };
    const stage = await openOutputStage(out, { write: true, fs });
    for (const file of many("one")) await stage.add([file]);
    const stopped = new StoppedError("SIGINT");
    // Resolves: the caller throws its own error, still a stop (exit 130).
    await stage.discardAfter(stopped);
    expect(stopped).toBeInstanceOf(StoppedError);
    expect(stopped.message).toMatch(
      /\n {2}and could not clean up: could not remove: /,
    );
    expect(stopped.message).toContain(out);
  });
});

describe("assertSafeOutDir", () => {
  async function refusal(out: string, project: string): Promise<string> {
    const error = await assertSafeOutDir(out, project).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error, out).toBeInstanceOf(UsageError);
    return (error as UsageError).message;
  }

  it("refuses the root, the home folder, the project and what holds them", async () => {
    const project = await tempDir("remitgen-project-");
    expect(await refusal("/", project)).toMatch(/filesystem root/);
    expect(await refusal(homedir(), project)).toMatch(/home folder/);
    expect(await refusal(`${homedir()}/`, project)).toMatch(/home folder/);
    expect(await refusal(project, project)).toMatch(/project folder/);
    expect(await refusal(join(project, "sub", ".."), project)).toMatch(
      /project folder/,
    );
    expect(await refusal(join(project, ".."), project)).toMatch(
      /contains the project folder/,
    );
  });

  it("sees through symbolic links to the home folder or the project", async () => {
    const base = await tempDir();
    const project = join(base, "project");
    await mkdir(project);
    await symlink(homedir(), join(base, "home-link"));
    await symlink(project, join(base, "project-link"));
    expect(await refusal(join(base, "home-link"), project)).toMatch(
      /home folder/,
    );
    expect(await refusal(join(base, "project-link"), project)).toMatch(
      /project folder/,
    );
  });

  it("refuses folders holding files remitgen did not write, and files", async () => {
    const base = await tempDir();
    const project = join(base, "project");
    await mkdir(join(base, "other"));
    await writeFile(join(base, "other/a.txt"), "");
    expect(await refusal(join(base, "other"), project)).toMatch(
      /holds files that remitgen did not write \(a\.txt\)/,
    );
    await mkdir(join(base, "pkg"));
    await writeFile(join(base, "pkg/package.json"), "{}");
    expect(await refusal(join(base, "pkg"), project)).toMatch(
      /it is a project folder/,
    );
    await writeFile(join(base, "file"), "");
    expect(await refusal(join(base, "file"), project)).toMatch(/not a folder/);
    await mkdir(join(base, "forged"));
    await writeFile(join(base, "forged", manifestName), "[]");
    expect(await refusal(join(base, "forged"), project)).toMatch(
      /not written by remitgen/,
    );
  });

  it("accepts a missing folder, an empty one, and one remitgen wrote", async () => {
    const base = await tempDir();
    const project = join(base, "project");
    await assertSafeOutDir(join(base, "missing/deeper"), project);
    await mkdir(join(base, "empty"));
    await assertSafeOutDir(join(base, "empty"), project);
    await written(join(base, "ours"), first);
    await writeFile(join(base, "ours/user-notes.md"), "mine\n");
    await assertSafeOutDir(join(base, "ours"), project);
  });
});

describe("outputFailure", () => {
  const out = join(tmpdir(), "remitgen-out");
  const systemError = (code: string, text: string, path?: string): Error =>
    Object.assign(
      new Error(`${code}: ${text}, open '${path ?? out}'`),
      path === undefined ? { code } : { code, syscall: "open", path },
    );

  it("names the file, never its temporary name, says why in words and how to fix it", () => {
    const failure = outputFailure(
      systemError(
        "EACCES",
        "permission denied",
        join(out, "v3/README.md.remitgen-tmp-123-0a1b2c3d"),
      ),
      out,
    );
    expect(failure).toBeInstanceOf(OutputError);
    expect(failure).toMatchObject({
      code: "RG098",
      // The temporary file is new: its folder refused to take it.
      message: `cannot write ${join(out, "v3/README.md")}: permission denied\n  hint: make ${join(out, "v3")} readable and writable by this user, or pass --out another folder, then run again`,
    });
  });

  it("a permission refusal's hint names the folder refused, not always --out", async () => {
    const refusedAt = (
      syscall: string,
      path: string,
      checking = false,
    ): string => {
      const error = Object.assign(
        new Error(`EACCES: permission denied, ${syscall} '${path}'`),
        { code: "EACCES", syscall, path },
      );
      return (outputFailure(error, out, checking) as OutputError).hint;
    };
    const hint = (folder: string): string =>
      `make ${folder} readable and writable by this user, or pass --out another folder, then run again`;
    // Creating --out itself: the folder above it is the one refused.
    expect(refusedAt("mkdir", out)).toBe(hint(tmpdir()));
    // A folder on the way, or a file in a subfolder: the folder that holds it.
    expect(refusedAt("mkdir", join(out, "v3/src"))).toBe(hint(join(out, "v3")));
    expect(refusedAt("rename", join(out, "v3/src/client.ts"))).toBe(
      hint(join(out, "v3/src")),
    );
    expect(refusedAt("unlink", join(out, "v1/old.md"))).toBe(
      hint(join(out, "v1")),
    );
    // A folder that cannot be listed is the one refused.
    expect(refusedAt("scandir", join(out, "v3"))).toBe(hint(join(out, "v3")));
    // A file that exists but cannot be opened: the file itself.
    const base = await tempDir();
    const existing = join(base, "README.md");
    await writeFile(existing, "x");
    const error = Object.assign(
      new Error(`EACCES: permission denied, open '${existing}'`),
      { code: "EACCES", syscall: "open", path: existing },
    );
    expect((outputFailure(error, base, true) as OutputError).hint).toBe(
      hint(existing),
    );
    // No path given: --out.
    expect(
      (
        outputFailure(
          Object.assign(new Error("EACCES: permission denied"), {
            code: "EACCES",
          }),
          out,
        ) as OutputError
      ).hint,
    ).toBe(hint(out));
  });

  it.each([
    [
      "EROFS",
      "the file system is read-only",
      "pass --out a folder on a writable file system",
    ],
    ["ENOSPC", "no space is left on the device", "free some space"],
    [
      "EIO",
      "the disk or file system failed to read or write \\(an input/output error\\)",
      `check the disk or network share holding ${out}`,
    ],
  ])("%s: %s", (code, reason, hint) => {
    const failure = outputFailure(systemError(code, "i/o error"), out);
    expect(failure).toMatchObject({ code: "RG098" });
    expect((failure as Error).message).toMatch(
      new RegExp(`^cannot write ${out}: ${reason}\\n  hint: ${hint}`),
    );
  });

  it("a refusal without words of its own: its reason in words, the hint names the folder that failed", () => {
    // mkdir /proc/self/x: /proc takes no new folders, and says ENOENT.
    const made = Object.assign(
      new Error(`ENOENT: no such file or directory, mkdir '${out}'`),
      { code: "ENOENT", syscall: "mkdir", path: out },
    );
    expect(outputFailure(made, out)).toMatchObject({
      code: "RG098",
      message:
        `cannot write ${out}: the file system says there is no such file or folder\n` +
        `  hint: check that ${tmpdir()} still exists and takes new files (system folders such as /proc do not), or pass --out another folder, then run again`,
    });
    // A code remitgen has no words for: the system's, code after.
    const odd = Object.assign(
      new Error(
        `ENOTSUP: operation not supported on socket, open '${join(out, "v3/README.md")}'`,
      ),
      { code: "ENOTSUP", syscall: "open", path: join(out, "v3/README.md") },
    );
    expect(outputFailure(odd, out)).toMatchObject({
      message:
        `cannot write ${join(out, "v3/README.md")}: operation not supported on socket (ENOTSUP)\n` +
        `  hint: check that ${join(out, "v3")} exists and can be read and written, or pass --out another folder, then run again`,
    });
  });

  it("names a folder whose path holds $& and $' as it is", () => {
    const odd = join(tmpdir(), "a$&b$'c");
    const failure = outputFailure(
      systemError("EACCES", "permission denied", join(odd, "README.md")),
      odd,
    );
    expect((failure as OutputError).hint).toBe(
      `make ${odd} readable and writable by this user, or pass --out another folder, then run again`,
    );
  });

  it("says read, not write, for a folder it could not read or a --check", () => {
    const unreadable = Object.assign(
      new Error(`EACCES: permission denied, scandir '${out}'`),
      { code: "EACCES", syscall: "scandir", path: out },
    );
    expect((outputFailure(unreadable, out) as Error).message).toMatch(
      `cannot read ${out}: permission denied\n`,
    );
    const checking = systemError("EACCES", "permission denied", out);
    expect((outputFailure(checking, out, true) as Error).message).toMatch(
      `cannot read ${out}: permission denied\n`,
    );
  });

  it("keeps what could not be undone, and passes other errors through", () => {
    const error = systemError("EACCES", "permission denied", out);
    error.message += "\n  and could not restore: x (EACCES)";
    expect((outputFailure(error, out) as Error).message).toContain(
      "permission denied\n  and could not restore: x (EACCES)\n  hint: ",
    );
    const other = new Error("internal error: something");
    expect(outputFailure(other, out)).toBe(other);
    // Not about the output folder: remitgen's own files.
    const elsewhere = systemError(
      "EACCES",
      "permission denied",
      join(tmpdir(), "remitgen/templates/set-readme.hbs"),
    );
    expect(outputFailure(elsewhere, out)).toBe(elsewhere);
    // A folder on the way to the output folder is the output folder's.
    const above = systemError("EACCES", "permission denied", tmpdir());
    expect(outputFailure(above, out)).toBeInstanceOf(OutputError);
  });
});
