/**
 * Every ```ts block in the generated docs must type-check against the
 * generated package it documents: `generate` writes the packages into a
 * temporary folder, and each block is compiled in memory (strict, NodeNext)
 * with the package name mapped to the generated sources.
 */
import { mkdtemp, rm, symlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Project, ts } from "ts-morph";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generate } from "../../src/index.js";
import type { Model } from "../../src/model/types.js";
import {
  loadDocsTemplates,
  renderOverviewDocs,
  renderSetDocs,
} from "../../src/render/docs/index.js";

const repoRoot = fileURLToPath(new URL("../../", import.meta.url));

let workDir: string;

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), "remitgen-docs-examples-"));
  // Generated mocks import msw, and examples use Node's types: resolve them from the repository.
  await symlink(
    join(repoRoot, "node_modules"),
    join(workDir, "node_modules"),
    "dir",
  );
});

afterAll(async () => {
  if (workDir !== undefined)
    await rm(workDir, { recursive: true, force: true });
});

interface Example {
  readonly file: string;
  readonly index: number;
  readonly code: string;
}

async function examplesOf(
  model: Model,
  templatesLoaded: Awaited<ReturnType<typeof loadDocsTemplates>>,
): Promise<Map<string, Example[]>> {
  const bySet = new Map<string, Example[]>();
  for (const set of model.sets) {
    const examples: Example[] = [];
    for (const file of await renderSetDocs(model, set, templatesLoaded)) {
      [...file.contents.matchAll(/^```ts\n([\s\S]*?)^```$/gm)].forEach(
        (match, index) =>
          examples.push({ file: file.path, index, code: match[1]! }),
      );
    }
    bySet.set(set.id, examples);
  }
  for (const file of renderOverviewDocs(model, templatesLoaded)) {
    expect(file.contents).not.toContain("```ts");
  }
  return bySet;
}

async function typeCheckExamples(spec: string, name: string): Promise<void> {
  const out = join(workDir, name);
  const result = await generate({ spec, out, cwd: repoRoot });
  const model = result.model;
  const examples = await examplesOf(model, await loadDocsTemplates());
  const paths: Record<string, string[]> = {};
  for (const set of model.sets) {
    paths[set.names.packageName] = [
      join(out, set.names.directory, "dist/index.d.ts"),
    ];
    paths[`${set.names.packageName}/mocks`] = [
      join(out, set.names.directory, "dist/mocks.d.ts"),
    ];
    paths[`${set.names.packageName}/mock-fetch`] = [
      join(out, set.names.directory, "dist/mock-fetch.d.ts"),
    ];
  }
  const project = new Project({
    skipAddingFilesFromTsConfig: true,
    compilerOptions: {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      lib: ["lib.es2022.d.ts", "lib.dom.d.ts"],
      types: ["node"],
      typeRoots: [join(repoRoot, "node_modules/@types")],
      exactOptionalPropertyTypes: true,
      noUncheckedIndexedAccess: true,
      skipLibCheck: true,
      paths,
    },
  });
  const files = [];
  for (const set of model.sets) {
    const list = examples.get(set.id)!;
    expect(list.length).toBe(set.operations.length + 6);
    // The README shows the mocks both ways: through msw, and as a fetch without it.
    const readme = list
      .filter((example) => example.file === "README.md")
      .map((example) => example.code);
    const msw = readme.filter((code) =>
      code.includes(`"${set.names.packageName}/mocks"`),
    );
    expect(msw).toHaveLength(1);
    expect(msw[0]).toContain('"msw/node"');
    const mockFetch = readme.filter((code) =>
      code.includes(`"${set.names.packageName}/mock-fetch"`),
    );
    expect(mockFetch).toHaveLength(1);
    expect(mockFetch[0]).not.toMatch(/"msw|\/mocks"/);
    // And a client certificate through undici's fetch, which must compile
    // against undici's own types.
    expect(
      readme.filter((code) => code.includes('from "undici"')),
    ).toHaveLength(1);
    for (const example of list) {
      const path = join(
        workDir,
        `${name}-examples`,
        set.names.directory,
        `${example.file.replace(/[/.]/g, "_")}-${example.index}.mts`,
      );
      files.push({
        where: `${set.id} ${example.file} block ${example.index + 1}`,
        code: example.code,
        source: project.createSourceFile(path, example.code),
      });
    }
  }
  const problems: string[] = [];
  for (const file of files) {
    for (const diagnostic of file.source.getPreEmitDiagnostics()) {
      const message = ts.flattenDiagnosticMessageText(
        diagnostic.getMessageText() as string | ts.DiagnosticMessageChain,
        "\n",
      );
      problems.push(
        `${file.where}, line ${diagnostic.getLineNumber() ?? "?"}: ${message}`,
      );
    }
  }
  expect(problems).toEqual([]);
}

describe("ts examples in the docs type-check against the generated packages", () => {
  it("for the real spec", async () => {
    await typeCheckExamples(join(repoRoot, "spec/remittance.yaml"), "real");
  }, 180_000);

  it("for the schema fixture (bodies built from the schemas)", async () => {
    await typeCheckExamples(
      join(repoRoot, "test/fixtures/docs/schema.yaml"),
      "schema",
    );
  }, 180_000);

  it("for the hostile fixture (quoted and computed keys, long names)", async () => {
    await typeCheckExamples(
      join(repoRoot, "test/fixtures/docs/hostile.yaml"),
      "hostile",
    );
  }, 180_000);
});
