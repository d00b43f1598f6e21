/**
 * Every `remitgen <command>` that remitgen's own texts name (the spec
 * format's JSON Schema, which editors show as help, and the CLI's help)
 * is a command the CLI has: a text naming a command that does not exist
 * (`remitgen check`) sends the user to a usage error.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../../src/cli/main.js";
import { recordingIO, repoRoot } from "../generate/support.js";

async function help(args: string[]): Promise<{ status: number; text: string }> {
  const io = recordingIO(repoRoot);
  const status = await runCli(args, io);
  return { status, text: [...io.stdout, ...io.stderr].join("\n") };
}

/** The commands `remitgen --help` lists (help itself aside). */
async function listedCommands(): Promise<string[]> {
  const { text } = await help(["--help"]);
  const section = text.split(/^Commands:$/m)[1] ?? "";
  return [...section.matchAll(/^ {2}([a-z][a-z-]*)\b/gm)]
    .map((match) => match[1]!)
    .filter((name) => name !== "help");
}

/** Every description in the JSON Schema, wherever it stands. */
function schemaDescriptions(node: unknown): string[] {
  if (Array.isArray(node)) return node.flatMap(schemaDescriptions);
  if (node === null || typeof node !== "object") return [];
  return Object.entries(node).flatMap(([key, value]) =>
    key === "description" && typeof value === "string"
      ? [value]
      : schemaDescriptions(value),
  );
}

describe("commands named in remitgen's texts", () => {
  it("the JSON Schema names only commands the CLI has, each answering its --help", async () => {
    const schema = JSON.parse(
      readFileSync(join(repoRoot, "spec/remitgen-spec.schema.json"), "utf8"),
    ) as unknown;
    // As code (`remitgen validate`): "remitgen reads format 1" is prose.
    const named = schemaDescriptions(schema).flatMap((text) =>
      [...text.matchAll(/`remitgen ([a-z][a-z-]*)/g)].map((match) => match[1]!),
    );
    expect(named.length).toBeGreaterThan(0);
    const commands = await listedCommands();
    expect(commands).toContain("validate");
    for (const name of new Set(named)) {
      expect(commands, `the schema names \`remitgen ${name}\``).toContain(name);
      const answer = await help([name, "--help"]);
      expect(answer.status).toBe(0);
      expect(answer.text).toMatch(new RegExp(`^Usage: remitgen ${name} `));
    }
  });

  it("the CLI's help names only commands the CLI has", async () => {
    const commands = await listedCommands();
    const texts = [
      (await help(["--help"])).text,
      ...(await Promise.all(
        commands.map(async (name) => (await help([name, "--help"])).text),
      )),
    ];
    const named = texts.flatMap((text) =>
      [...text.matchAll(/\bremitgen ([a-z][a-z-]*)/g)].map(
        (match) => match[1]!,
      ),
    );
    expect(new Set(named)).toEqual(new Set(commands));
  });
});
