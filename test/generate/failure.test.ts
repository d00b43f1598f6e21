/**
 * Failures injected inside a real `generate()` run: a renderer that throws,
 * and the filesystem failing half way through writing. Either way the
 * output folder must be left byte for byte as it was.
 */
import { existsSync } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { runCli } from "../../src/cli/main.js";
import { generate } from "../../src/generate.js";
import { editFile, makeProject, recordingIO, snapshot } from "./support.js";

const inject = vi.hoisted(() => ({
  /** Throw from the renderer for this set id. */
  renderSet: undefined as string | undefined,
  /** Fail the n-th rename from now on (1-based); 0 = never. */
  failRenameAt: 0,
  renames: 0,
  /** Refuse creating this folder, as a folder that is not writable does. */
  refuseMkdir: undefined as string | undefined,
}));

vi.mock("../../src/render/client/package.js", async (importOriginal) => {
  const actual =
    await importOriginal<typeof import("../../src/render/client/package.js")>();
  return {
    ...actual,
    renderClientPackage: (
      ...args: Parameters<typeof actual.renderClientPackage>
    ) => {
      if (args[1].id === inject.renderSet)
        throw new Error(`injected render failure in set ${args[1].id}`);
      return actual.renderClientPackage(...args);
    },
  };
});

// The writer renames through node:fs (synchronous calls, see output-dir.ts).
vi.mock("node:fs", async (importOriginal) => {
  const actual = await importOriginal<typeof import("node:fs")>();
  const renameSync: typeof actual.renameSync = (from, to) => {
    if (inject.failRenameAt > 0 && ++inject.renames === inject.failRenameAt) {
      throw Object.assign(
        new Error(`EIO: injected failure, rename '${String(to)}'`),
        { code: "EIO" },
      );
    }
    return actual.renameSync(from, to);
  };
  const mkdirSync = ((path, options) => {
    if (String(path) === inject.refuseMkdir)
      throw Object.assign(
        new Error(`EACCES: permission denied, mkdir '${String(path)}'`),
        { code: "EACCES", syscall: "mkdir", path: String(path) },
      );
    return actual.mkdirSync(path, options);
  }) as typeof actual.mkdirSync;
  return {
    ...actual,
    default: { ...actual, renameSync, mkdirSync },
    renameSync,
    mkdirSync,
  };
});

afterEach(() => {
  inject.renderSet = undefined;
  inject.failRenameAt = 0;
  inject.renames = 0;
  inject.refuseMkdir = undefined;
});

describe("generate with an injected failure", () => {
  it("a renderer throwing for the last set writes nothing", async () => {
    const { root, spec, out } = await makeProject();
    await generate({ cwd: root });
    await editFile(
      spec,
      "summary: Account title lookup.",
      "summary: Account title lookup (edited).",
    );
    const before = await snapshot(out);
    inject.renderSet = "v3";
    const io = recordingIO(root);
    expect(await runCli(["generate"], io)).toBe(1);
    expect(io.stderr.join("\n")).toMatch(
      /^remitgen: unexpected failure: injected render failure in set v3 \[RG089\]\n  hint: remitgen did not expect this: report it/,
    );
    expect(await snapshot(out)).toEqual(before);
  });

  it("a renderer throwing for the last set, after the others were staged, leaves no new folder behind", async () => {
    const { root, out } = await makeProject();
    inject.renderSet = "v3";
    const io = recordingIO(root);
    expect(await runCli(["generate"], io)).toBe(1);
    expect(io.stderr.join("\n")).toMatch(
      /^remitgen: unexpected failure: injected render failure in set v3 \[RG089\]\n  hint: remitgen did not expect this: report it/,
    );
    // v1.0.1 and V1 had been staged under temporary names: all gone again.
    expect(existsSync(out)).toBe(false);
  });

  it("the filesystem failing at any rename leaves an existing folder as it was", async () => {
    const { root, spec } = await makeProject();
    await editFile(
      spec,
      "summary: Account title lookup.",
      "summary: Account title lookup (edited).",
    );
    // How many files such a run renames into place.
    const probe = await makeProject();
    await generate({ cwd: probe.root });
    await editFile(
      probe.spec,
      "summary: Account title lookup.",
      "summary: Account title lookup (edited).",
    );
    await rm(join(probe.out, "v1/dist/types.d.ts"));
    const renames = (await generate({ cwd: probe.root, check: true })).written
      .length;
    expect(renames).toBeGreaterThan(6);

    for (const failAt of new Set([
      1,
      2,
      Math.floor(renames / 2),
      renames - 1,
      renames,
    ])) {
      const out = `out-${failAt}`;
      // The folder as the unedited spec left it, then a deleted file.
      await editFile(spec, "(edited)", "(first)");
      await generate({ cwd: root, out });
      await editFile(spec, "(first)", "(edited)");
      await rm(join(root, out, "v1/dist/types.d.ts"));
      const before = await snapshot(join(root, out));
      inject.renames = 0;
      inject.failRenameAt = failAt;
      const io = recordingIO(root);
      expect(
        await runCli(["generate", "--out", out], io),
        `rename #${failAt}`,
      ).toBe(1);
      expect(inject.renames).toBe(failAt);
      expect(io.stderr.join("\n")).toMatch(
        /^remitgen: cannot write .*: the disk or file system failed to read or write \(an input\/output error\) \[RG098\]/,
      );
      expect(io.stderr.join("\n")).not.toContain("could not restore");
      expect(await snapshot(join(root, out)), `rename #${failAt}`).toEqual(
        before,
      );
      inject.failRenameAt = 0;
    }
  });

  it("the filesystem failing at the last rename (the manifest) into a new folder leaves no folder", async () => {
    const { root, out } = await makeProject();
    await mkdir(join(root, "unrelated"));
    // Count the renames of the same run into a new folder: the manifest's is
    // the last.
    inject.failRenameAt = Number.MAX_SAFE_INTEGER;
    await generate({ cwd: root, out: "probe" });
    inject.failRenameAt = inject.renames;
    inject.renames = 0;
    await expect(generate({ cwd: root })).rejects.toMatchObject({
      code: "RG098",
      message: expect.stringMatching(
        /^cannot write .*: the disk or file system failed to read or write/,
      ),
    });
    expect(await snapshot(out)).toBeUndefined();
  });

  it("a folder above --out that refuses --out: the hint names that folder", async () => {
    const { root } = await makeProject();
    await mkdir(join(root, "build"));
    inject.refuseMkdir = join(root, "build/generated");
    const io = recordingIO(root);
    expect(await runCli(["generate", "--out", "build/generated"], io)).toBe(1);
    expect(io.stderr.join("\n")).toBe(
      `remitgen: cannot write ${join(root, "build/generated")}: permission denied [RG098]\n` +
        `  hint: make ${join(root, "build")} readable and writable by this user, or pass --out another folder, then run again`,
    );
    expect(existsSync(join(root, "build/generated"))).toBe(false);
  });
});
