/**
 * Whole-file golden test: every file generated from a small fixture spec
 * (test/fixtures/client/golden-spec.yaml: two sets, three operations, one
 * schema with an enum, an array, a nested object and optional members) is
 * compared whole with test/fixtures/client/expected/. The runtime copied
 * into each package is compared with the build's runtime assets instead, so
 * runtime edits do not churn the golden files. And prettier must leave every
 * generated file unchanged.
 *
 * After an intended change to the renderer, review the diff and refresh:
 *   REMITGEN_UPDATE_GOLDEN=1 npx vitest run test/client/golden.test.ts
 */
import { copyFile, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import * as prettier from "prettier";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  fixturesDir,
  generateInto,
  listFiles,
  makeTemp,
  removeTemp,
  repoRoot,
} from "./support.js";

const expectedDir = join(fixturesDir, "expected");
const update = process.env.REMITGEN_UPDATE_GOLDEN === "1";

let temp: string | undefined;
let goldenOut: string;
let realOut: string;
let generated: string[];

const isRuntime = (path: string): boolean =>
  /^[^/]+\/(src|dist)\/runtime\//.test(path);
const isManifest = (path: string): boolean =>
  path === ".remitgen-manifest.json";

beforeAll(async () => {
  temp = await makeTemp("golden");
  goldenOut = join(temp, "golden");
  realOut = join(temp, "real");
  // Headers name the spec relative to the output's parent folder: next to
  // each other, the bytes do not depend on where the repository is.
  await copyFile(
    join(fixturesDir, "golden-spec.yaml"),
    join(temp, "golden-spec.yaml"),
  );
  await generateInto(goldenOut, join(temp, "golden-spec.yaml"));
  await generateInto(realOut);
  generated = (await listFiles(goldenOut)).filter(
    (path) => !isRuntime(path) && !isManifest(path),
  );
  if (update) {
    await rm(expectedDir, { recursive: true, force: true });
    for (const path of generated) {
      await mkdir(dirname(join(expectedDir, path)), { recursive: true });
      await writeFile(
        join(expectedDir, path),
        await readFile(join(goldenOut, path)),
      );
    }
  }
}, 60_000);

afterAll(async () => {
  await removeTemp(temp);
});

describe("the files generated from golden-spec.yaml", () => {
  it("are exactly the expected files (overview README; per set: package.json, tsconfig.json, 8 modules x .ts/.js/.d.ts (the browser entry among them), README, OpenAPI, a page per operation)", async () => {
    expect(generated).toEqual(await listFiles(expectedDir));
    // v1 has 2 operations, v2 adds a third.
    expect(generated).toHaveLength(1 + 2 * (2 + 8 * 3 + 2) + 2 + 3);
    expect(generated).toContain("README.md");
    expect(generated).toContain("v2/openapi.json");
    expect(generated).toContain("v2/docs/cancel-payment.md");
    expect(generated).toContain("v1/src/types.ts");
    expect(generated).toContain("v2/dist/client.d.ts");
    expect(generated).toContain("v1/src/mock-api.ts");
    expect(generated).toContain("v1/dist/browser.js");
    expect(generated).toContain("v1/dist/mock-fetch.js");
  });

  it("match the expected files whole", async () => {
    for (const path of generated) {
      const [actual, wanted] = await Promise.all([
        readFile(join(goldenOut, path), "utf8"),
        readFile(join(expectedDir, path), "utf8"),
      ]);
      expect(
        actual,
        `${path} differs from test/fixtures/client/expected/${path}`,
      ).toBe(wanted);
    }
  });

  it("carry the runtime verbatim from the build (dist/runtime-assets.json), headed DO NOT EDIT", async () => {
    const assets = JSON.parse(
      await readFile(join(repoRoot, "dist/runtime-assets.json"), "utf8"),
    ) as {
      files: { path: string; ts: string; js: string; dts: string }[];
    };
    const runtime = (await listFiles(goldenOut)).filter(isRuntime);
    const wanted: string[] = [];
    for (const set of ["v1", "v2"]) {
      for (const asset of assets.files) {
        for (const [file, text] of [
          [`${set}/src/runtime/${asset.path}.ts`, asset.ts],
          [`${set}/dist/runtime/${asset.path}.js`, asset.js],
          [`${set}/dist/runtime/${asset.path}.d.ts`, asset.dts],
        ] as const) {
          wanted.push(file);
          expect(
            text.startsWith(
              `// Copied by remitgen from its runtime (src/runtime/${asset.path}.ts). DO NOT EDIT.\n`,
            ),
          ).toBe(true);
          expect(await readFile(join(goldenOut, file), "utf8"), file).toBe(
            text,
          );
        }
      }
    }
    expect(runtime).toEqual(wanted.sort());
  });
});

describe("prettier", () => {
  function parserFor(path: string): string | undefined {
    if (path.endsWith(".ts")) return "typescript"; // .ts and .d.ts
    if (path.endsWith(".js")) return "babel";
    // Every generated JSON file is printed as JSON.stringify prints it: how
    // prettier prints a package.json.
    if (path.endsWith("tsconfig.json")) return "json"; // written by hand
    if (path.endsWith(".json")) return "json-stringify";
    if (path.endsWith(".md")) return "markdown";
    return undefined;
  }

  it("leaves every .ts, .js, .d.ts, .json and .md file generated from golden-spec.yaml and spec/remittance.yaml unchanged", async () => {
    // The runtime is the same in every package: each distinct text is formatted once.
    const checked = new Set<string>();
    const changed: string[] = [];
    let files = 0;
    for (const out of [goldenOut, realOut]) {
      for (const path of await listFiles(out)) {
        files++;
        const parser = parserFor(path);
        expect(parser, `no parser for ${path}`).toBeDefined();
        const text = await readFile(join(out, path), "utf8");
        const key = `${parser}\0${text}`;
        if (checked.has(key)) continue;
        checked.add(key);
        if ((await prettier.format(text, { parser: parser! })) !== text)
          changed.push(`${out}/${path}`);
      }
    }
    expect(files).toBeGreaterThan(250);
    expect(checked.size).toBeGreaterThanOrEqual(90);
    expect(changed).toEqual([]);
  });
});
