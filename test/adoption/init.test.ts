/**
 * `remitgen init` in an existing project: what it writes, that it writes
 * each thing once, never overwrites a file, keeps package.json's layout,
 * and writes nothing when something conflicts. Its starter spec validates
 * and generates.
 */
import { mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { runCli } from "../../src/cli/main.js";
import { generate } from "../../src/generate.js";
import { loadSpec } from "../../src/check-spec.js";
import { recordingIO } from "../generate/support.js";

const folders: string[] = [];

async function project(manifest?: string): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), "remitgen-init-"));
  folders.push(root);
  if (manifest !== undefined)
    await writeFile(join(root, "package.json"), manifest);
  return root;
}

async function init(root: string, ...args: string[]) {
  const io = recordingIO(root);
  const status = await runCli(["init", ...args], io);
  return { status, stdout: io.stdout.join("\n"), stderr: io.stderr.join("\n") };
}

/** Every file under `root` with its text, to show nothing changed. */
async function snapshot(root: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const name of await readdir(root, { recursive: true })) {
    const text = await readFile(join(root, name), "utf8").catch(() => null);
    if (text !== null) files[name] = text;
  }
  return files;
}

afterEach(async () => {
  for (const root of folders.splice(0))
    await rm(root, { recursive: true, force: true });
});

describe("remitgen init", () => {
  it("adds the starter spec, the generate script, the workspaces and .gitattributes, and says so", async () => {
    const root = await project(
      '{\n  "name": "shop",\n  "version": "1.0.0"\n}\n',
    );
    const { status, stdout, stderr } = await init(root);
    expect(stderr).toBe("");
    expect(status).toBe(0);
    expect(stdout).toContain("spec/api.yaml: created");
    expect(stdout).toContain(
      "package.json: added the script generate: remitgen generate --spec spec/api.yaml",
    );
    expect(stdout).toContain("package.json: added generated/* to workspaces");
    expect(stdout).toContain(
      ".gitattributes: created with generated/** text eol=lf linguist-generated=true",
    );
    expect(await readFile(join(root, "package.json"), "utf8")).toBe(
      [
        "{",
        '  "name": "shop",',
        '  "version": "1.0.0",',
        '  "scripts": {',
        '    "generate": "remitgen generate --spec spec/api.yaml"',
        "  },",
        '  "workspaces": [',
        '    "generated/*"',
        "  ]",
        "}",
        "",
      ].join("\n"),
    );
    expect(await readFile(join(root, ".gitattributes"), "utf8")).toMatch(
      /^generated\/\*\* text eol=lf linguist-generated=true$/m,
    );
  });

  it("writes a starter spec linked to remitgen's schema that validates and generates a package per set", async () => {
    const root = await project('{ "name": "shop" }');
    expect((await init(root)).status).toBe(0);
    const spec = await readFile(join(root, "spec/api.yaml"), "utf8");
    const link = /^# yaml-language-server: \$schema=(\S+)$/m.exec(spec)?.[1];
    expect(link).toBeDefined();
    const schema = JSON.parse(
      await readFile(join(root, "spec", link!), "utf8"),
    ) as { properties: Record<string, unknown> };
    expect(Object.keys(schema.properties)).toContain("operations");
    // Operations, sets, a schema, auth and a plan, of a made-up API.
    const model = await loadSpec(join(root, "spec/api.yaml"));
    expect(model.service.title).not.toMatch(/remittance/i);
    expect(model.operations.length).toBeGreaterThanOrEqual(3);
    expect(model.sets.length).toBeGreaterThanOrEqual(2);
    expect(model.schemas.length).toBeGreaterThanOrEqual(1);
    expect(model.sets[0]!.plan.rateLimit.limit).toBeGreaterThan(0);
    const result = await generate({
      spec: join(root, "spec/api.yaml"),
      out: join(root, "generated"),
    });
    expect(result.sets).toEqual(model.sets.map((set) => set.id));
    const manifest = JSON.parse(
      await readFile(join(root, "generated/v1/package.json"), "utf8"),
    ) as { name: string };
    expect(manifest.name).toBe("@acme/parcels-v1");
  });

  it("run again, adds nothing and overwrites nothing", async () => {
    const root = await project('{ "name": "shop" }\n');
    await init(root);
    await writeFile(join(root, "spec/api.yaml"), "# my own spec\n");
    const before = await snapshot(root);
    const again = await init(root);
    expect(again.status).toBe(0);
    expect(again.stdout).toContain(
      "spec/api.yaml: already there, left as it is",
    );
    expect(again.stdout).toContain(
      "package.json: the script generate runs remitgen already",
    );
    expect(again.stdout).not.toContain("added");
    expect(await snapshot(root)).toEqual(before);
  });

  it("keeps package.json's tabs, CRLF line ends and keys, and adds to the workspaces and scripts there", async () => {
    const original = [
      "{",
      '\t"name": "shop",',
      '\t"scripts": {',
      '\t\t"test": "vitest"',
      "\t},",
      '\t"workspaces": [',
      '\t\t"apps/*"',
      "\t]",
      "}",
      "",
    ].join("\r\n");
    const root = await project(original);
    expect((await init(root)).status).toBe(0);
    expect(await readFile(join(root, "package.json"), "utf8")).toBe(
      [
        "{",
        '\t"name": "shop",',
        '\t"scripts": {',
        '\t\t"test": "vitest",',
        '\t\t"generate": "remitgen generate --spec spec/api.yaml"',
        "\t},",
        '\t"workspaces": [',
        '\t\t"apps/*",',
        '\t\t"generated/*"',
        "\t]",
        "}",
        "",
      ].join("\r\n"),
    );
  });

  it("adds to yarn's workspaces object and to an existing .gitattributes, and takes --spec and --out", async () => {
    const root = await project(
      '{ "name": "shop", "workspaces": { "packages": ["apps/*"], "nohoist": [] } }',
    );
    await writeFile(join(root, ".gitattributes"), "*.png binary");
    const { status } = await init(
      root,
      "--spec",
      "api/parcels.yaml",
      "--out",
      "packages/api",
    );
    expect(status).toBe(0);
    const manifest = JSON.parse(
      await readFile(join(root, "package.json"), "utf8"),
    ) as { scripts: Record<string, string>; workspaces: unknown };
    expect(manifest.workspaces).toEqual({
      packages: ["apps/*", "packages/api/*"],
      nohoist: [],
    });
    expect(manifest.scripts["generate"]).toBe(
      "remitgen generate --spec api/parcels.yaml --out packages/api",
    );
    const attributes = await readFile(join(root, ".gitattributes"), "utf8");
    expect(attributes.startsWith("*.png binary\n")).toBe(true);
    expect(attributes).toMatch(
      /^packages\/api\/\*\* text eol=lf linguist-generated=true$/m,
    );
    await loadSpec(join(root, "api/parcels.yaml"));
  });

  it("refuses a generate script that runs something else, with RG076, and writes nothing", async () => {
    const root = await project(
      '{ "name": "shop", "scripts": { "generate": "prisma generate" } }',
    );
    const before = await snapshot(root);
    const { status, stderr } = await init(root);
    expect(status).toBe(2);
    expect(stderr).toContain(
      `package.json's script generate is "prisma generate"`,
    );
    expect(stderr).toContain("[RG076]");
    expect(stderr).toMatch(/hint: rename your generate script/);
    expect(await snapshot(root)).toEqual(before);
  });

  it("refuses workspaces it cannot add to, with RG076, and writes nothing", async () => {
    const root = await project('{ "name": "shop", "workspaces": "apps" }');
    const before = await snapshot(root);
    const { status, stderr } = await init(root);
    expect(status).toBe(2);
    expect(stderr).toContain('package.json\'s workspaces is "apps"');
    expect(stderr).toContain("[RG076]");
    expect(await snapshot(root)).toEqual(before);
  });

  it("refuses a folder without a readable package.json, with RG075, and writes nothing", async () => {
    const none = await project();
    const missing = await init(none);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain("there is no package.json here [RG075]");
    expect(missing.stderr).toContain("npm init -y");
    expect(await readdir(none)).toEqual([]);

    const broken = await project('{ "name": "shop", }');
    const before = await snapshot(broken);
    const invalid = await init(broken);
    expect(invalid.status).toBe(2);
    expect(invalid.stderr).toMatch(
      /package\.json is not valid JSON .*\[RG075\]/,
    );
    expect(await snapshot(broken)).toEqual(before);
  });
});
