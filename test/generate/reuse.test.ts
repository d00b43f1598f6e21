/**
 * generate run again: a file already as it would be written is left alone
 * (not rewritten, its time kept), a file edited or removed since is put
 * back, and a spec edit shows in the output at once.
 */
import { readFile, rm, stat, utimes, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { generate } from "../../src/generate.js";
import { editFile, makeProject, snapshot } from "./support.js";

describe("generate, run again", () => {
  it("writes nothing when nothing changed, and reports every file unchanged", async () => {
    const { root, out } = await makeProject();
    const first = await generate({ cwd: root });
    const client = join(out, "v3/dist/client.js");
    const before = (await stat(client)).mtimeMs;
    const files = await snapshot(out);
    const again = await generate({ cwd: root });
    expect(again.files).toEqual(first.files);
    expect(again).toMatchObject({
      written: [],
      removed: [],
      unchanged: first.files.length,
      upToDate: true,
    });
    expect(again.sets).toEqual(first.sets);
    expect(again.operations).toBe(first.operations);
    expect(again.model.sets.map((set) => set.id)).toEqual(first.sets);
    expect(await snapshot(out)).toEqual(files);
    expect((await stat(client)).mtimeMs).toBe(before);
  });

  it("keeps nothing of its own beside the output: no cache in the project", async () => {
    const { root, out } = await makeProject();
    const result = await generate({ cwd: root });
    await generate({ cwd: root });
    const files = [...(await snapshot(out))!.keys()].filter(
      (path) => !path.endsWith("/"),
    );
    expect(files.sort()).toEqual(
      [...result.files, ".remitgen-manifest.json"].sort(),
    );
    expect(await snapshot(join(root, "node_modules"))).toBeUndefined();
  });

  it("restores a generated file edited since, and a file removed", async () => {
    const { root, out } = await makeProject();
    await generate({ cwd: root });
    const client = join(out, "v3/dist/client.js");
    const original = await readFile(client, "utf8");
    await writeFile(client, `${original}// edited\n`);
    const restored = await generate({ cwd: root });
    expect(restored.written).toEqual(["v3/dist/client.js"]);
    expect(await readFile(client, "utf8")).toBe(original);

    await rm(join(out, "v1-0-1/openapi.json"));
    const again = await generate({ cwd: root });
    expect(again.written).toEqual(["v1-0-1/openapi.json"]);
  });

  it("finds a file touched since unchanged, and leaves it alone", async () => {
    const { root, out } = await makeProject();
    await generate({ cwd: root });
    const later = new Date(Date.now() + 5_000);
    await utimes(join(out, "README.md"), later, later);
    const touched = (await stat(join(out, "README.md"))).mtimeMs;
    const again = await generate({ cwd: root });
    expect(again.written).toEqual([]);
    expect((await stat(join(out, "README.md"))).mtimeMs).toBe(touched);
  });

  it("writes a spec edit at once, and nothing for an edit that changes no output", async () => {
    const { root, spec } = await makeProject();
    await generate({ cwd: root });
    await writeFile(spec, `${await readFile(spec, "utf8")}# a comment\n`);
    expect((await generate({ cwd: root })).written).toEqual([]);
    await editFile(
      spec,
      "summary: Account title lookup.",
      "summary: Account title lookup, by account number.",
    );
    const changed = await generate({ cwd: root });
    expect(changed.written.length).toBeGreaterThan(0);
    const checked = await generate({ cwd: root, check: true });
    expect(checked.upToDate).toBe(true);
    expect((await generate({ cwd: root, sets: ["v3"] })).written).toEqual([]);
  });
});
