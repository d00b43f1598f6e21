/**
 * No spec value makes generate write outside the output folder: set and
 * operation ids such as `../../etc/passwd`, `/abs`, `..`, `con`, `a/b` or
 * 10,000 characters become safe folder and file names inside it, and
 * package names that could climb out are refused before anything is
 * written.
 */
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { isAbsolute, join, relative, resolve } from "node:path";
import { stringify } from "yaml";
import { describe, expect, it } from "vitest";
import { generate } from "../../src/index.js";
import { listFiles, sandbox } from "./support.js";

/** Ids that name folders or files if used as they are. */
const hostileIds: readonly (readonly string[])[] = [
  ["../../etc/passwd", "/abs", "..", "a/b", "x".repeat(10_000)],
  [".", "con", "nul", "a\\b", "~", "$HOME", ".git"],
  [
    "CON",
    "lpt1",
    "com1.txt",
    "../..",
    "/",
    "..\\..\\windows",
    "名前/../x",
    "a:b",
  ],
  [
    "node_modules",
    "package.json",
    ".remitgen-manifest.json",
    "a\u0000b",
    // No letter or digit to name a folder by (" " is refused: RG015).
    " *? ",
    "../" + "y".repeat(300),
  ],
];

/** A valid spec with one set per id, each with one operation of the same id. */
function specFor(ids: readonly string[]): string {
  const operations: Record<string, unknown> = {};
  const sets: Record<string, unknown> = {};
  ids.forEach((id, index) => {
    Object.defineProperty(operations, id, {
      value: {
        path: `/op${index}`,
        summary: `Operation ${index}`,
        effect: "read",
      },
      enumerable: true,
    });
    Object.defineProperty(sets, id, {
      value: {
        title: `Set ${index}`,
        version: "1.0.0",
        plan: { name: "p", rateLimit: "1/second", cost: "free" },
        operations: [id],
      },
      enumerable: true,
    });
  });
  return stringify(
    {
      remitgen: 1,
      service: {
        title: "T",
        description: "D",
        baseUrl: "{base_url}",
        package: { scope: "safe", name: "paths" },
      },
      auth: {
        title: "A",
        version: "1.0.0",
        baseUrl: "{auth_url}",
        token: { method: "POST", path: "/token" },
        scheme: "oauth2-client-credentials",
      },
      operations,
      sets,
    },
    { lineWidth: 0 },
  );
}

/** A sandbox: parent/{spec.yaml, sentinel, sibling/}, output at parent/nest/out. */
async function layout(): Promise<{
  parent: string;
  out: string;
  before: string[];
}> {
  const parent = await sandbox();
  await writeFile(join(parent, "sentinel.txt"), "untouched\n");
  await mkdir(join(parent, "sibling"));
  await writeFile(join(parent, "sibling", "keep.txt"), "untouched\n");
  await mkdir(join(parent, "nest"));
  return {
    parent,
    out: join(parent, "nest", "out"),
    before: await listFiles(parent),
  };
}

describe("path safety", () => {
  it.each(hostileIds.map((ids, index) => [index, ids]))(
    "set and operation ids stay inside --out (group %i)",
    async (_, ids) => {
      const { parent, out, before } = await layout();
      await writeFile(join(parent, "spec.yaml"), specFor(ids));
      const result = await generate({
        spec: "spec.yaml",
        out: "nest/out",
        cwd: parent,
      });
      expect(result.sets).toEqual(ids);

      // Every path generate reports is relative, plain and inside the output folder.
      for (const path of result.files) {
        expect(isAbsolute(path)).toBe(false);
        expect(path.split("/")).not.toContain("..");
        expect(path).not.toMatch(/[\\\u0000]/);
        const rel = relative(out, resolve(out, path));
        expect(rel.startsWith("..") || isAbsolute(rel)).toBe(false);
      }
      // One folder per set, directly under the output folder, each name short and plain.
      // (Beside them, only the overview README.)
      expect(result.files.filter((path) => !path.includes("/"))).toEqual([
        "README.md",
      ]);
      const folders = [
        ...new Set(
          result.files
            .filter((path) => path.includes("/"))
            .map((path) => path.split("/")[0]!),
        ),
      ];
      expect(folders).toHaveLength(ids.length);
      for (const folder of folders) {
        expect(folder).toMatch(/^[a-z0-9][a-z0-9._-]*$/);
        expect(folder.length).toBeLessThanOrEqual(80);
        expect(folder).not.toMatch(/^(con|prn|aux|nul|com\d|lpt\d)(\..*)?$/i);
      }
      // Nothing appeared, or changed, outside the output folder.
      const after = await listFiles(parent);
      expect(after.filter((path) => !path.startsWith("nest/out/"))).toEqual(
        [...before, "spec.yaml"].sort(),
      );
      expect(await readFile(join(parent, "sentinel.txt"), "utf8")).toBe(
        "untouched\n",
      );
      expect(await readFile(join(parent, "sibling", "keep.txt"), "utf8")).toBe(
        "untouched\n",
      );
      // And everything inside it is what generate reported (plus its manifest).
      const inside = after
        .filter((path) => path.startsWith("nest/out/"))
        .map((path) => path.slice("nest/out/".length));
      expect(
        inside.filter((path) => !path.startsWith(".remitgen-manifest")),
      ).toEqual([...result.files].sort());
    },
    60_000,
  );

  it.each([["../x"], ["/abs"], ["a/b"], [".."], ["@scope"], ["x".repeat(300)]])(
    "refuses the package name %j before writing anything",
    async (name) => {
      const { parent, before } = await layout();
      const text = specFor(["v1"]).replace(
        "name: paths",
        `name: ${JSON.stringify(name)}`,
      );
      await writeFile(join(parent, "spec.yaml"), text);
      await expect(
        generate({ spec: "spec.yaml", out: "nest/out", cwd: parent }),
      ).rejects.toMatchObject({ name: "SpecError" });
      expect(await listFiles(parent)).toEqual([...before, "spec.yaml"].sort());
    },
  );

  it("refuses an output folder that is the project, the filesystem root or holds other files", async () => {
    const { parent } = await layout();
    await writeFile(join(parent, "spec.yaml"), specFor(["v1"]));
    await writeFile(join(parent, "package.json"), "{}\n");
    const before = await listFiles(parent);
    for (const out of [".", "/", "sibling"]) {
      await expect(
        generate({ spec: "spec.yaml", out, cwd: parent }),
      ).rejects.toMatchObject({ name: "UsageError" });
    }
    expect(await listFiles(parent)).toEqual(before);
  });
});
