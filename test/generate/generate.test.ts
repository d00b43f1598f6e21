/**
 * The generate pipeline end to end, through `generate()` and `runCli`:
 * determinism, writing only what changed, --check, stale removal, safety of
 * the output folder, and all-or-nothing failures.
 */
import { existsSync } from "node:fs";
import {
  mkdir,
  readFile,
  rm,
  stat,
  symlink,
  writeFile,
} from "node:fs/promises";
import { homedir, tmpdir } from "node:os";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../../src/cli/main.js";
import { SpecError, UsageError } from "../../src/diagnostics/diagnostic.js";
import { generate } from "../../src/generate.js";
import { OutputError } from "../../src/index.js";
import { lockOutput } from "../../src/write/output-lock.js";
import {
  editFile,
  filesOf,
  makeProject,
  manifestName,
  recordingIO,
  repoSpec,
  sha256,
  snapshot,
  tempDir,
} from "./support.js";

const setDirs = ["v1-0-1", "v1", "v3"];

async function readManifest(
  out: string,
): Promise<{ generator: string; files: string[] }> {
  return JSON.parse(await readFile(join(out, manifestName), "utf8")) as {
    generator: string;
    files: string[];
  };
}

let fresh = 0;

/** What a fresh generate of the project's spec produces (into a new folder of the project), as path -> hash. */
async function freshFiles(root: string): Promise<Record<string, string>> {
  const out = `fresh-${++fresh}`;
  await generate({ cwd: root, out });
  const files = filesOf(await snapshot(join(root, out)));
  await rm(join(root, out), { recursive: true });
  delete files[manifestName];
  return files;
}

/** The `--check` report lines (kind and path), sorted. */
function checkLines(stderr: readonly string[]): string[] {
  return stderr
    .join("\n")
    .split("\n")
    .filter((line) => /^(stale|missing|extra):/.test(line))
    .map((line) => line.replace(/\s+/, " "))
    .sort();
}

describe("determinism", () => {
  it("produces byte-identical output on every run, into any folder", async () => {
    const { root, spec, out } = await makeProject();
    const first = await generate({ spec, out, cwd: root });
    const before = await snapshot(out);
    expect(first.written.length).toBe(first.files.length);
    expect(first.files.length).toBeGreaterThan(30);
    for (const dir of setDirs)
      expect(first.files.some((path) => path.startsWith(`${dir}/`))).toBe(true);

    // The same files, byte for byte, in a second folder of the same project.
    const other = join(root, "elsewhere");
    await generate({ spec, out: other, cwd: root });
    expect(filesOf(await snapshot(other))).toEqual(filesOf(before));

    // Every produced file is on disk with the hash of what was rendered.
    const files = filesOf(before);
    expect(Object.keys(files).sort()).toEqual(
      [...first.files, manifestName].sort(),
    );
    expect((await readManifest(out)).files).toEqual([...first.files].sort());

    // Running again changes nothing.
    await generate({ spec, out, cwd: root });
    expect(await snapshot(out)).toEqual(before);
  });

  it("does not depend on the process's current folder", async () => {
    const { root } = await makeProject();
    const original = process.cwd();
    const outputs: Record<string, string>[] = [];
    try {
      for (const where of [root, tmpdir(), "/"]) {
        process.chdir(where);
        const out = `generated-${outputs.length}`;
        await generate({ spec: "spec/remittance.yaml", out, cwd: root });
        outputs.push(filesOf(await snapshot(join(root, out))));
      }
    } finally {
      process.chdir(original);
    }
    expect(outputs[1]).toEqual(outputs[0]);
    expect(outputs[2]).toEqual(outputs[0]);
  });

  it("produces the same bytes whichever folder the paths are given relative to", async () => {
    // `cd project && remitgen generate` and
    // `cd project/tools && remitgen generate --spec ../spec/remittance.yaml --out ../generated`
    // describe the same spec and the same output folder.
    const { root, out } = await makeProject();
    await mkdir(join(root, "tools"));
    await generate({ cwd: root });
    const fromRoot = filesOf(await snapshot(out));
    const result = await generate({
      cwd: join(root, "tools"),
      spec: "../spec/remittance.yaml",
      out: "../generated",
    });
    const fromTools = filesOf(await snapshot(out));
    expect(fromTools).toEqual(fromRoot);
    expect(result.written).toEqual([]);
  });
});

describe("writing only what changed", () => {
  it("writes 0 files on a second run and touches none", async () => {
    const { root, out } = await makeProject();
    const first = await generate({ cwd: root });
    const stamps = new Map<string, string>();
    for (const path of [...first.files, manifestName]) {
      const info = await stat(join(out, path));
      stamps.set(path, `${info.ino}:${info.mtimeMs}`);
    }
    const second = await generate({ cwd: root });
    expect(second.written).toEqual([]);
    expect(second.removed).toEqual([]);
    expect(second.unchanged).toBe(first.files.length);
    for (const [path, stamp] of stamps) {
      const info = await stat(join(out, path));
      expect(`${info.ino}:${info.mtimeMs}`, path).toBe(stamp);
    }
  });

  it("writes exactly the files a spec edit changes", async () => {
    const { root, spec, out } = await makeProject();
    await generate({ cwd: root });
    const before = filesOf(await snapshot(out));
    await editFile(spec, "rateLimit: 100/hour", "rateLimit: 50/hour");
    const after = await freshFiles(root);
    const differing = Object.keys(after).filter(
      (path) => after[path] !== before[path],
    );
    expect(differing.length).toBeGreaterThan(0);
    // Only v3 has that rate limit; the overview README lists every set's plan.
    expect(differing.some((path) => path.startsWith("v3/"))).toBe(true);
    expect(
      differing.every((path) => path.startsWith("v3/") || path === "README.md"),
    ).toBe(true);

    const result = await generate({ cwd: root });
    expect([...result.written].sort()).toEqual(differing.sort());
    expect(result.unchanged).toBe(result.files.length - differing.length);
    const now = filesOf(await snapshot(out));
    delete now[manifestName];
    expect(now).toEqual(after);
  });
});

describe("--check", () => {
  it("passes right after generate", async () => {
    const { root } = await makeProject();
    await generate({ cwd: root });
    const result = await generate({ cwd: root, check: true });
    expect(result.upToDate).toBe(true);
    const io = recordingIO(root);
    expect(await runCli(["generate", "--check"], io)).toBe(0);
    expect(io.stdout.join("\n")).toMatch(
      /^generated is up to date: \d+ files match the spec$/,
    );
  });

  it("after a spec edit exits 1 listing every stale file, and writes nothing", async () => {
    const { root, spec, out } = await makeProject();
    await generate({ cwd: root });
    const before = await snapshot(out);
    await editFile(
      spec,
      "summary: Account title lookup.",
      "summary: Account title lookup (edited).",
    );
    const after = await freshFiles(root);
    const old = filesOf(before);
    const differing = Object.keys(after).filter(
      (path) => after[path] !== old[path],
    );
    // The summary appears in every set's client: every set is stale.
    for (const dir of setDirs)
      expect(
        differing.some((path) => path.startsWith(`${dir}/`)),
        dir,
      ).toBe(true);

    const io = recordingIO(root);
    expect(await runCli(["generate", "--check"], io)).toBe(1);
    expect(checkLines(io.stderr)).toEqual(
      differing.map((path) => `stale: generated/${path}`).sort(),
    );
    expect(io.stderr.join("\n")).toContain(
      `generated does not match the spec (${differing.length} files)`,
    );
    expect(await snapshot(out)).toEqual(before);
  });

  it("reports deleted files as missing", async () => {
    const { root, out } = await makeProject();
    await generate({ cwd: root });
    await rm(join(out, "v1/dist/client.js"));
    await rm(join(out, "v3/package.json"));
    const io = recordingIO(root);
    expect(
      await runCli(["generate", "--check", "--out", "generated/"], io),
    ).toBe(1);
    expect(checkLines(io.stderr)).toEqual([
      "missing: generated/v1/dist/client.js",
      "missing: generated/v3/package.json",
    ]);
  });

  it("reports a file the previous manifest lists but that is no longer produced as extra", async () => {
    const { root, out } = await makeProject();
    await generate({ cwd: root });
    // As if an earlier remitgen had produced a page for a since-removed operation.
    const manifest = await readManifest(out);
    manifest.files.push("v3/docs/operations/removed_op.md");
    await writeFile(join(out, manifestName), JSON.stringify(manifest));
    await mkdir(join(out, "v3/docs/operations"), { recursive: true });
    await writeFile(
      join(out, "v3/docs/operations/removed_op.md"),
      "# removed_op\n",
    );

    const io = recordingIO(root);
    expect(await runCli(["generate", "--check"], io)).toBe(1);
    expect(checkLines(io.stderr)).toEqual([
      "extra: generated/v3/docs/operations/removed_op.md",
    ]);
    expect(existsSync(join(out, "v3/docs/operations/removed_op.md"))).toBe(
      true,
    );

    const result = await generate({ cwd: root });
    expect(result.removed).toEqual(["v3/docs/operations/removed_op.md"]);
    // The folders it leaves empty go too; the ones still in use stay.
    expect(existsSync(join(out, "v3/docs/operations"))).toBe(false);
    expect(existsSync(join(out, "v3/docs"))).toBe(true);
    expect((await readManifest(out)).files).not.toContain(
      "v3/docs/operations/removed_op.md",
    );
    expect((await generate({ cwd: root, check: true })).upToDate).toBe(true);
  });

  it("after removing an operation from a set lists exactly the stale and extra files", async () => {
    const { root, spec, out } = await makeProject();
    await generate({ cwd: root });
    const old = filesOf(await snapshot(out));
    delete old[manifestName];
    // send_txns_B2C is listed once, in v1.0.1, which the other sets extend.
    await editFile(spec, /\n {6}- send_txns_B2C\n/, "\n");
    await editFile(spec, /\n {2}send_txns_B2C:\n(?: {4}.*\n)+/, "\n");
    const after = await freshFiles(root);
    const stale = Object.keys(after).filter(
      (path) => old[path] !== undefined && after[path] !== old[path],
    );
    const extra = Object.keys(old).filter((path) => after[path] === undefined);
    expect(stale.length).toBeGreaterThan(0);

    const io = recordingIO(root);
    expect(await runCli(["generate", "--check"], io)).toBe(1);
    expect(checkLines(io.stderr)).toEqual(
      [
        ...stale.map((path) => `stale: generated/${path}`),
        ...extra.map((path) => `extra: generated/${path}`),
      ].sort(),
    );

    const result = await generate({ cwd: root });
    expect([...result.removed].sort()).toEqual(extra.sort());
    const now = filesOf(await snapshot(out));
    delete now[manifestName];
    expect(now).toEqual(after);
  });

  it("after removing a whole set reports its files as extra, and generate removes them", async () => {
    const { root, spec, out } = await makeProject();
    await generate({ cwd: root });
    const v3Files = Object.keys(filesOf(await snapshot(join(out, "v3"))));
    // v3 is the last set and nothing extends it.
    const text = await readFile(spec, "utf8");
    const start = text.indexOf("\n  v3:\n");
    const end = text.indexOf("\n# Named schemas");
    expect(start).toBeGreaterThan(0);
    expect(end).toBeGreaterThan(start);
    await writeFile(spec, text.slice(0, start + 1) + text.slice(end));
    // The operations only v3 has would be in no set: they go too.
    for (const operation of [
      "send_online_fundsTransfer_V1",
      "Transaction_Status_cancelled",
      "Update_Name_Amendment",
    ]) {
      await editFile(
        spec,
        new RegExp(`\\n {2}${operation}:\\n(?: {4}.*\\n)+`),
        "\n",
      );
    }
    expect(await runCli(["validate"], recordingIO(root))).toBe(0);
    // Removing operations can change the other sets' files too.
    const old = filesOf(await snapshot(out));
    const after = await freshFiles(root);
    const stale = Object.keys(after).filter(
      (path) => after[path] !== old[path],
    );

    const io = recordingIO(root);
    expect(await runCli(["generate", "--check"], io)).toBe(1);
    expect(checkLines(io.stderr)).toEqual(
      [
        ...v3Files.map((path) => `extra: generated/v3/${path}`),
        ...stale.map((path) => `stale: generated/${path}`),
      ].sort(),
    );

    await generate({ cwd: root });
    expect(existsSync(join(out, "v3"))).toBe(false);
    expect((await generate({ cwd: root, check: true })).upToDate).toBe(true);
  });
});

describe("stale files", () => {
  it("removes stale files it wrote, never a file it did not write", async () => {
    const { root, out } = await makeProject();
    await generate({ cwd: root });
    // The user's own files, next to and inside the generated folders.
    await writeFile(join(out, "NOTES.md"), "mine\n");
    await writeFile(join(out, "v3/dist/custom.js"), "export const mine = 1;\n");
    await mkdir(join(out, "v1/extra"));
    await writeFile(join(out, "v1/extra/keep.txt"), "mine\n");
    // A file remitgen wrote earlier, in a folder the user also uses.
    const manifest = await readManifest(out);
    manifest.files.push("v1/extra/old.ts");
    await writeFile(join(out, manifestName), JSON.stringify(manifest));
    await writeFile(join(out, "v1/extra/old.ts"), "// Generated by remitgen\n");

    const result = await generate({ cwd: root });
    expect(result.removed).toEqual(["v1/extra/old.ts"]);
    expect(existsSync(join(out, "v1/extra/old.ts"))).toBe(false);
    expect(await readFile(join(out, "NOTES.md"), "utf8")).toBe("mine\n");
    expect(await readFile(join(out, "v3/dist/custom.js"), "utf8")).toBe(
      "export const mine = 1;\n",
    );
    expect(await readFile(join(out, "v1/extra/keep.txt"), "utf8")).toBe(
      "mine\n",
    );
    // The user's files are never listed as remitgen's.
    expect((await readManifest(out)).files).not.toContain("NOTES.md");
    expect((await generate({ cwd: root, check: true })).upToDate).toBe(true);
  });

  it("generating one set leaves the other sets' files alone", async () => {
    const { root, out } = await makeProject();
    await generate({ cwd: root });
    const before = await snapshot(out);
    const result = await generate({ cwd: root, sets: ["v3"] });
    expect(result.removed).toEqual([]);
    expect(await snapshot(out)).toEqual(before);
    expect(
      (await readManifest(out)).files.some((path) => path.startsWith("v1/")),
    ).toBe(true);
  });
});

describe("a failing generate leaves the folder as it was", () => {
  it("with a bad spec", async () => {
    const { root, spec, out } = await makeProject();
    await generate({ cwd: root });
    await writeFile(join(out, "NOTES.md"), "mine\n");
    const before = await snapshot(out);
    await editFile(spec, "rateLimit: 100/hour", "rateLimit: lots");
    await expect(generate({ cwd: root })).rejects.toBeInstanceOf(SpecError);
    expect(await snapshot(out)).toEqual(before);

    const io = recordingIO(root);
    expect(await runCli(["generate"], io)).toBe(1);
    expect(io.stderr.join("\n")).toMatch(
      /^spec\/remittance\.yaml:\d+:\d+: rate limit "lots"/m,
    );
    expect(io.stderr.join("\n")).toContain("nothing was written");
    expect(await snapshot(out)).toEqual(before);
  });

  it("with a bad spec and no output folder yet: none is created", async () => {
    const { root, spec, out } = await makeProject();
    await editFile(spec, "rateLimit: 100/hour", "rateLimit: lots");
    await expect(generate({ cwd: root })).rejects.toBeInstanceOf(SpecError);
    expect(existsSync(out)).toBe(false);
  });

  it("when a target cannot be written (a folder where a file goes)", async () => {
    const { root, spec, out } = await makeProject();
    await generate({ cwd: root });
    // Many files change, in every set, so writing would start before v3.
    await editFile(
      spec,
      "summary: Account title lookup.",
      "summary: Account title lookup (edited).",
    );
    await rm(join(out, "v3/dist/client.js"));
    await mkdir(join(out, "v3/dist/client.js"));
    await writeFile(join(out, "v3/dist/client.js/inside.txt"), "in the way\n");
    const before = await snapshot(out);

    const io = recordingIO(root);
    expect(await runCli(["generate"], io)).toBe(1);
    expect(io.stderr.join("\n")).toContain(
      `cannot write ${join(out, "v3/dist/client.js")}`,
    );
    expect(io.stderr.join("\n")).not.toMatch(/\n\s+at /);
    expect(await snapshot(out)).toEqual(before);
  });

  it("when a set folder is a symbolic link: nothing is written through it", async () => {
    const { root, spec, out } = await makeProject();
    await generate({ cwd: root, sets: ["v3"] });
    const elsewhere = await tempDir("remitgen-elsewhere-");
    await writeFile(join(elsewhere, "precious.txt"), "keep\n");
    await symlink(elsewhere, join(out, "v1"));
    await editFile(
      spec,
      "summary: Account title lookup.",
      "summary: Account title lookup (edited).",
    );
    const before = await snapshot(out);
    const outside = await snapshot(elsewhere);

    const io = recordingIO(root);
    expect(await runCli(["generate"], io)).toBe(1);
    expect(io.stderr.join("\n")).toContain(
      `${join(out, "v1")} is a symbolic link`,
    );
    expect(await snapshot(out)).toEqual(before);
    expect(await snapshot(elsewhere)).toEqual(outside);
  });
});

describe("write failures as a build script sees them", () => {
  it("a file in the way is an OutputError with code RG097 and a hint", async () => {
    const { root, out } = await makeProject();
    await generate({ cwd: root, sets: ["v3"] });
    await rm(join(out, "v3/dist/client.js"));
    await mkdir(join(out, "v3/dist/client.js"));
    const error = await generate({ cwd: root, sets: ["v3"] }).catch(
      (failure: unknown) => failure,
    );
    expect(error).toBeInstanceOf(OutputError);
    expect(error).toMatchObject({
      code: "RG097",
      hint: "move it away, or pass --out another folder, then run again",
    });
    expect((error as Error).message).toBe(
      `cannot write ${join(out, "v3/dist/client.js")}: ${join(out, "v3/dist/client.js")} is not a regular file\n` +
        "  hint: move it away, or pass --out another folder, then run again",
    );
  });

  it("a file system refusal is an OutputError with code RG098, the path and a hint", async () => {
    const { root } = await makeProject();
    const out = join(root, "gen", "a".repeat(300));
    const error = await generate({ cwd: root, out }).catch(
      (failure: unknown) => failure,
    );
    expect(error).toBeInstanceOf(OutputError);
    expect(error).toMatchObject({
      code: "RG098",
      message: `cannot write ${out}: a name in the path is too long\n  hint: choose a shorter --out path, then run again`,
    });
    expect(existsSync(join(root, "gen"))).toBe(false);
  });
});

describe("the output folder", () => {
  async function refused(
    args: string[],
    cwd: string,
    reason: RegExp,
  ): Promise<string> {
    const io = recordingIO(cwd);
    expect(await runCli(["generate", ...args], io)).toBe(2);
    const text = io.stderr.join("\n");
    expect(text).toMatch(/^remitgen: refusing to write to /);
    expect(text).toMatch(reason);
    expect(text).toContain("hint: pass --out a folder of its own");
    expect(io.stdout).toEqual([]);
    return text;
  }

  it("refuses the project folder", async () => {
    const { root } = await makeProject();
    const before = await snapshot(root);
    await refused(["--out", "."], root, /it is the project folder/);
    await refused(["--out", root], root, /it is the project folder/);
    expect(await snapshot(root)).toEqual(before);
  });

  it("refuses a folder that holds the project", async () => {
    const { root } = await makeProject();
    await refused(["--out", ".."], root, /it contains the project folder/);
  });

  it("refuses the filesystem root", async () => {
    const { root } = await makeProject();
    const had = existsSync(join("/", manifestName));
    await refused(["--out", "/"], root, /it is the filesystem root/);
    expect(existsSync(join("/", manifestName))).toBe(had);
  });

  it("refuses an unsafe folder at once, even while another run holds its lock", async () => {
    const { root } = await makeProject();
    // Another run's lock on /: the refusal must not wait two minutes for it.
    const held = await lockOutput("/");
    try {
      const waited: (number | undefined)[] = [];
      const error: unknown = await generate({
        cwd: root,
        out: "/",
        onLockWait: (pid) => waited.push(pid),
      }).catch((failure: unknown) => failure);
      expect(error).toBeInstanceOf(UsageError);
      expect((error as UsageError).code).toBe("RG090");
      expect(waited).toEqual([]);
    } finally {
      held.release();
    }
  });

  it("refuses the home folder", async () => {
    const { root } = await makeProject();
    const had = existsSync(join(homedir(), manifestName));
    await refused(["--out", homedir()], root, /it is your home folder/);
    await refused(
      ["--out", relative(root, homedir()) || "."],
      root,
      /home folder|project folder/,
    );
    expect(existsSync(join(homedir(), manifestName))).toBe(had);
  });

  it("refuses a non-empty folder of other files, and one whose manifest is not remitgen's", async () => {
    const { root } = await makeProject();
    await mkdir(join(root, "docs"));
    await writeFile(join(root, "docs/guide.md"), "# guide\n");
    const before = await snapshot(join(root, "docs"));
    const text = await refused(
      ["--out", "docs"],
      root,
      /it already holds files that remitgen did not write \(guide\.md\)/,
    );
    expect(text).not.toContain("\n    at ");
    expect(await snapshot(join(root, "docs"))).toEqual(before);

    await writeFile(
      join(root, "docs", manifestName),
      '{ "files": ["guide.md"] }',
    );
    await refused(["--out", "docs"], root, /was not written by remitgen/);
    expect(await snapshot(join(root, "docs"))).not.toBeUndefined();
    expect(await readFile(join(root, "docs/guide.md"), "utf8")).toBe(
      "# guide\n",
    );
  });

  it("refuses a file", async () => {
    const { root } = await makeProject();
    await refused(["--out", "package.json"], root, /it is not a folder/);
    // Below a file: a usage error that says so, not the system's ENOTDIR.
    await refused(
      ["--out", "package.json/out"],
      root,
      /a folder on its path is a file/,
    );
  });

  it("accepts an empty folder and a missing one", async () => {
    const { root } = await makeProject();
    await mkdir(join(root, "empty"));
    const io = recordingIO(root);
    expect(await runCli(["generate", "--out", "empty"], io)).toBe(0);
    expect(await runCli(["generate", "--out", "new/deeper"], io)).toBe(0);
    expect(existsSync(join(root, "new/deeper/v3/package.json"))).toBe(true);
  });
});

describe("no path escapes --out", () => {
  it("ignores (never deletes) manifest entries that leave the folder", async () => {
    const base = await tempDir("remitgen-escape-");
    const out = join(base, "project/generated");
    await mkdir(join(base, "project"));
    await generate({ spec: repoSpec, out, cwd: join(base, "project") });
    const victims = [
      join(base, "victim.txt"),
      join(base, "project/victim.txt"),
      join(out, "..", "v3-victim.txt"),
    ];
    for (const victim of victims) await writeFile(victim, "keep\n");
    const manifest = await readManifest(out);
    manifest.files.push(
      "../victim.txt",
      "../../victim.txt",
      "v3/../../victim.txt",
      "v3/../../../victim.txt",
      join(base, "victim.txt"),
      "v3\\..\\..\\victim.txt",
      "./v3/../../victim.txt",
      "",
      "v3//../../victim.txt",
      "../v3-victim.txt",
    );
    await writeFile(join(out, manifestName), JSON.stringify(manifest));

    const check = await generate({
      spec: repoSpec,
      out,
      cwd: join(base, "project"),
      check: true,
    });
    expect(check.extra).toEqual([]);
    const result = await generate({
      spec: repoSpec,
      out,
      cwd: join(base, "project"),
    });
    expect(result.removed).toEqual([]);
    for (const victim of victims)
      expect(await readFile(victim, "utf8")).toBe("keep\n");
    const files = (await readManifest(out)).files;
    expect(
      files.every(
        (path) =>
          !path.includes("..") && !path.startsWith("/") && !path.includes("\\"),
      ),
    ).toBe(true);
  });

  it("never deletes through a symbolic link", async () => {
    const { root, out } = await makeProject();
    await generate({ cwd: root });
    const elsewhere = await tempDir("remitgen-elsewhere-");
    await writeFile(join(elsewhere, "old.ts"), "keep\n");
    await writeFile(join(elsewhere, "target.ts"), "keep\n");
    await symlink(elsewhere, join(out, "v3/linked"));
    await symlink(join(elsewhere, "target.ts"), join(out, "v3/link.ts"));
    const manifest = await readManifest(out);
    manifest.files.push("v3/linked/old.ts", "v3/link.ts");
    await writeFile(join(out, manifestName), JSON.stringify(manifest));

    const result = await generate({ cwd: root });
    expect(result.removed).toEqual([]);
    expect(await readFile(join(elsewhere, "old.ts"), "utf8")).toBe("keep\n");
    expect(await readFile(join(elsewhere, "target.ts"), "utf8")).toBe("keep\n");
    expect(sha256(await readFile(join(out, "v3/link.ts")))).toBe(
      sha256("keep\n"),
    );
    // No longer listed: remitgen does not own what it cannot safely delete.
    expect((await readManifest(out)).files).not.toContain("v3/linked/old.ts");
  });
});
