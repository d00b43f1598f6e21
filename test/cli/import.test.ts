/**
 * `remitgen import` on the command line: what it writes and says, and
 * that it never damages a file: an existing spec stays unless --force,
 * a description is never written over, a failed run writes nothing.
 */
import { copyFile, readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../../src/cli/main.js";
import { importOpenApi } from "../../src/index.js";
import { recordingIO, repoRoot, tempDir } from "../generate/support.js";

const fixture = join(repoRoot, "test/fixtures/import/accounts-3.0.yaml");

async function run(args: string[], cwd: string) {
  const io = recordingIO(cwd);
  const status = await runCli(args, io);
  return { status, stdout: io.stdout.join("\n"), stderr: io.stderr.join("\n") };
}

async function project(): Promise<string> {
  const root = await tempDir("remitgen-import-");
  await copyFile(fixture, join(root, "accounts.yaml"));
  return root;
}

describe("remitgen import", () => {
  it("is listed by remitgen --help and has its own help", async () => {
    const root = await project();
    expect((await run(["--help"], root)).stdout).toMatch(/^ {2}import /m);
    const help = await run(["import", "--help"], root);
    expect(help.status).toBe(0);
    for (const option of [
      "--out <file>",
      "--force",
      "--scope <scope>",
      "--name <name>",
      "--set-ids <ids>",
    ])
      expect(help.stdout).toContain(option);
  });

  it("writes the spec with the schema link, says what it wrote and lists what it did not map", async () => {
    const root = await project();
    const { status, stdout, stderr } = await run(
      ["import", "accounts.yaml", "--out", "spec/api.yaml"],
      root,
    );
    expect(status).toBe(0);
    expect(stdout).toBe(
      "spec/api.yaml: 1 set, 3 operations, 10 schemas; 12 things not mapped, listed at its end",
    );
    expect(stderr).toContain(
      "not mapped: accounts.yaml#/paths/~1payments/head: HEAD /payments; left out",
    );
    const text = await readFile(join(root, "spec/api.yaml"), "utf8");
    expect(text.split("\n")[0]).toMatch(
      /^# yaml-language-server: \$schema=\S+\/spec\/remitgen-spec\.schema\.json$/,
    );
    expect(text).toContain(
      "# - accounts.yaml#/paths/~1payments/head: HEAD /payments;",
    );
    expect(await readdir(join(root, "spec"))).toEqual(["api.yaml"]);
  });

  it("leaves an existing spec alone without --force, and replaces it with --force", async () => {
    const root = await project();
    await writeFile(join(root, "api.yaml"), "mine\n");
    const refused = await run(
      ["import", "accounts.yaml", "--out", "api.yaml"],
      root,
    );
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain(
      "api.yaml already exists; nothing was written [RG073]",
    );
    expect(refused.stderr).toContain("hint: pass --force");
    expect(await readFile(join(root, "api.yaml"), "utf8")).toBe("mine\n");
    const forced = await run(
      ["import", "accounts.yaml", "--out", "api.yaml", "--force"],
      root,
    );
    expect(forced.status).toBe(0);
    expect(await readFile(join(root, "api.yaml"), "utf8")).toContain(
      "remitgen: 1",
    );
  });

  it("never writes over a description, even with --force", async () => {
    const root = await project();
    const before = await readFile(join(root, "accounts.yaml"), "utf8");
    const { status, stderr } = await run(
      ["import", "accounts.yaml", "--out", "accounts.yaml", "--force"],
      root,
    );
    expect(status).toBe(2);
    expect(stderr).toContain(
      "--out must be a file other than the descriptions",
    );
    expect(await readFile(join(root, "accounts.yaml"), "utf8")).toBe(before);
  });

  it("refuses a broken description with its position (exit 1) and writes nothing", async () => {
    const root = await project();
    await writeFile(
      join(root, "broken.json"),
      '{ "openapi": "3.0.0", "info": }',
    );
    const { status, stderr } = await run(
      ["import", "broken.json", "--out", "api.yaml"],
      root,
    );
    expect(status).toBe(1);
    expect(stderr).toMatch(/broken\.json:1:\d+: JSON syntax error/);
    expect(await readdir(root)).toEqual(["accounts.yaml", "broken.json"]);
  });

  it("refuses a missing description, bad package names and set ids that do not match the descriptions", async () => {
    const root = await project();
    const missing = await run(
      ["import", "nowhere.yaml", "--out", "api.yaml"],
      root,
    );
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain(
      "cannot read nowhere.yaml: no such file [RG074]",
    );
    const scope = await run(
      ["import", "accounts.yaml", "--out", "api.yaml", "--scope", "Acme Corp"],
      root,
    );
    expect(scope.status).toBe(2);
    expect(scope.stderr).toContain("hint: pass e.g. --scope acme-corp");
    const ids = await run(
      ["import", "accounts.yaml", "--out", "api.yaml", "--set-ids", "a,b"],
      root,
    );
    expect(ids.status).toBe(2);
    expect(ids.stderr).toContain(
      "--set-ids must be one set id per description (1), each different",
    );
    expect(await readdir(root)).toEqual(["accounts.yaml"]);
  });

  it("is in the programmatic API", async () => {
    const root = await project();
    const result = await importOpenApi({
      documents: ["accounts.yaml"],
      out: "api.yaml",
      cwd: root,
      name: "accounts",
    });
    expect(result.operations).toBe(3);
    expect(await readFile(join(root, "api.yaml"), "utf8")).toContain(
      "name: accounts}",
    );
  });
});
