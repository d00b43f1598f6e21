/**
 * generate skips rendering only when the spec, remitgen and every generated
 * file are as the last run left them, and never hides a change.
 */
import { existsSync } from "node:fs";
import { readFile, writeFile, utimes } from "node:fs/promises";
import { join } from "node:path";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { generate } from "../../src/generate.js";
import { recordFileFor } from "../../src/write/run-record.js";
import { editFile, makeProject, snapshot, tempDir } from "./support.js";

const counted = vi.hoisted(() => ({ renders: 0 }));

vi.mock("../../src/render/render-all.js", async (importOriginal) => {
  const actual =
    await importOriginal<typeof import("../../src/render/render-all.js")>();
  return {
    ...actual,
    loadRenderers: () => {
      counted.renders++;
      return actual.loadRenderers();
    },
  };
});

beforeEach(() => {
  counted.renders = 0;
});

describe("generate, run again", () => {
  it("renders nothing when nothing changed, and reports every file unchanged", async () => {
    const { root } = await makeProject();
    const first = await generate({ cwd: root });
    expect(counted.renders).toBe(1);
    const again = await generate({ cwd: root });
    expect(counted.renders).toBe(1);
    expect(again.files).toEqual(first.files);
    expect(again).toMatchObject({
      written: [],
      removed: [],
      unchanged: first.files.length,
      upToDate: true,
    });
    expect(again.sets).toEqual(first.sets);
    expect(again.operations).toBe(first.operations);
    // The model is still there when asked for.
    expect(again.model.sets.map((set) => set.id)).toEqual(first.sets);
  });

  it("keeps its record outside the output folder", async () => {
    const { root, out } = await makeProject();
    const result = await generate({ cwd: root });
    const record = recordFileFor(out)!;
    expect(existsSync(record)).toBe(true);
    expect(record.startsWith(join(root, "node_modules/.cache/remitgen"))).toBe(
      true,
    );
    const files = [...(await snapshot(out))!.keys()].filter(
      (path) => !path.endsWith("/"),
    );
    expect(files.sort()).toEqual(
      [...result.files, ".remitgen-manifest.json"].sort(),
    );
  });

  it("restores a generated file edited since, and a file removed", async () => {
    const { root, out } = await makeProject();
    await generate({ cwd: root });
    const client = join(out, "v3/src/client.ts");
    const original = await readFile(client, "utf8");
    await writeFile(client, `${original}// edited\n`);
    const restored = await generate({ cwd: root });
    expect(counted.renders).toBe(2);
    expect(restored.written).toEqual(["v3/src/client.ts"]);
    expect(await readFile(client, "utf8")).toBe(original);

    const { rm } = await import("node:fs/promises");
    await rm(join(out, "v1-0-1/openapi.json"));
    const again = await generate({ cwd: root });
    expect(counted.renders).toBe(3);
    expect(again.written).toEqual(["v1-0-1/openapi.json"]);
  });

  it("renders again after a file is touched, and finds it unchanged", async () => {
    const { root, out } = await makeProject();
    await generate({ cwd: root });
    const later = new Date(Date.now() + 5_000);
    await utimes(join(out, "README.md"), later, later);
    const again = await generate({ cwd: root });
    expect(counted.renders).toBe(2);
    expect(again.written).toEqual([]);
  });

  it("renders again after a spec edit, even one that changes no output", async () => {
    const { root, spec } = await makeProject();
    await generate({ cwd: root });
    await writeFile(spec, `${await readFile(spec, "utf8")}# a comment\n`);
    await generate({ cwd: root });
    expect(counted.renders).toBe(2);
    await editFile(
      spec,
      "summary: Account title lookup.",
      "summary: Account title lookup, by account number.",
    );
    const changed = await generate({ cwd: root });
    expect(counted.renders).toBe(3);
    expect(changed.written.length).toBeGreaterThan(0);
    // And the run after that one reuses again.
    await generate({ cwd: root });
    expect(counted.renders).toBe(3);
  });

  it("renders every time with reuse: false, with --check, and with --set", async () => {
    const { root } = await makeProject();
    await generate({ cwd: root });
    await generate({ cwd: root, reuse: false });
    expect(counted.renders).toBe(2);
    const checked = await generate({ cwd: root, check: true });
    expect(checked.upToDate).toBe(true);
    expect(counted.renders).toBe(3);
    await generate({ cwd: root, sets: ["v3"] });
    expect(counted.renders).toBe(4);
  });

  it("renders every time when no project holds the output folder", async () => {
    const dir = await tempDir();
    const { spec } = await makeProject();
    const out = join(dir, "generated");
    expect(recordFileFor(out)).toBeUndefined();
    await generate({ spec, out, cwd: dir });
    await generate({ spec, out, cwd: dir });
    expect(counted.renders).toBe(2);
  });

  it("renders again for another output folder of the same project", async () => {
    const { root } = await makeProject();
    await generate({ cwd: root });
    await generate({ cwd: root, out: "elsewhere" });
    expect(counted.renders).toBe(2);
    await generate({ cwd: root });
    await generate({ cwd: root, out: "elsewhere" });
    expect(counted.renders).toBe(2);
  });
});
