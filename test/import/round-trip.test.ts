/**
 * Importing remitgen's own openapi.json gives a spec that generates the
 * same types: for the remittance spec's committed output (generated/),
 * and for fixture specs rich in schemas (named and inline payloads, errors
 * with and without bodies, examples, patterns, `removes`, every schema
 * keyword) and in HTTP (methods, parameters, statuses, auth).
 */
import { copyFile, readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { generate } from "../../src/generate.js";
import { importOpenApi } from "../../src/import/run.js";
import { repoRoot, tempDir } from "../generate/support.js";

/** types.ts without its first line, which names the spec it came from. */
async function types(out: string, set: string): Promise<string> {
  const text = await readFile(join(out, set, "src/types.ts"), "utf8");
  return text.slice(text.indexOf("\n") + 1);
}

async function roundTrip(
  generated: string,
  sets: readonly string[],
): Promise<string> {
  const root = await tempDir("remitgen-round-trip-");
  const result = await importOpenApi({
    documents: sets.map((set) => join(generated, set, "openapi.json")),
    out: join(root, "imported.yaml"),
  });
  expect(result.sets).toBe(sets.length);
  // The closing of an allOf of objects is remitgen's own: read, not noted.
  expect(
    result.notes.filter((note) =>
      JSON.stringify(note).includes("unevaluatedProperties"),
    ),
  ).toEqual([]);
  await generate({ spec: "imported.yaml", out: "again", cwd: root });
  return join(root, "again");
}

describe("importing remitgen's own openapi.json", () => {
  it("of the remittance spec (generated/) generates the same types for every set", async () => {
    const sets = ["v1-0-1", "v1", "v3"];
    const again = await roundTrip(join(repoRoot, "generated"), sets);
    for (const set of sets)
      expect(await types(again, set)).toBe(
        await types(join(repoRoot, "generated"), set),
      );
  }, 30_000);

  it("of a spec rich in schemas generates the same types", async () => {
    const { first, again, sets } = await fromFixture("schemas-spec.yaml", [
      "v1-0-1",
      "v3",
    ]);
    for (const set of sets)
      expect(await types(again, set)).toBe(await types(first, set));
    // Not vacuous: named schemas, an inline response and an error schema.
    const v1 = await types(again, "v1-0-1");
    for (const name of [
      "export interface Account",
      "export interface GetAcctTitleResponse",
      "export interface Problem",
    ])
      expect(v1).toContain(name);
  }, 30_000);

  it("of a spec with every schema keyword (unions, null, maps, a tree) generates the same types", async () => {
    const { first, again, sets } = await fromFixture("schema-keywords.yaml", [
      "v1",
    ]);
    expect(await types(again, sets[0]!)).toBe(await types(first, sets[0]!));
  }, 30_000);

  it("of an HTTP API (methods, parameters, statuses, auth) generates the same type declarations", async () => {
    // OpenAPI groups an operation's methods by path, so the spec's order of
    // operations, and of their declarations, is not in the document.
    const { first, again, sets } = await fromFixture("http-api.yaml", [
      "v1",
      "v2",
    ]);
    const declarations = (text: string): string[] => text.split("\n\n").sort();
    for (const set of sets)
      expect(declarations(await types(again, set))).toEqual(
        declarations(await types(first, set)),
      );
  }, 30_000);
});

/** Generates a fixture spec, imports its openapi.json files, and generates again. */
async function fromFixture(fixture: string, sets: readonly string[]) {
  const root = await tempDir("remitgen-round-trip-");
  await copyFile(
    join(repoRoot, "test/fixtures", fixture),
    join(root, "spec.yaml"),
  );
  await generate({ spec: "spec.yaml", out: "first", cwd: root });
  const again = await roundTrip(join(root, "first"), sets);
  return { first: join(root, "first"), again, sets };
}
