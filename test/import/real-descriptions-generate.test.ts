/**
 * Real descriptions, end to end: those the list marks `generate` are
 * imported and generated, and those it marks `typeCheck` type-checked as
 * a consumer would (`tsc --noEmit` on the newest set's package). The rest take minutes
 * to generate, the bench measures them.
 */
import { spawnSync } from "node:child_process";
import { readFileSync, symlinkSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { generate } from "../../src/generate.js";
import { importDescriptions } from "../../src/import/import.js";
import { repoRoot, tempDir } from "../generate/support.js";
import { writeSources } from "../client/support.js";

interface RealDescription {
  readonly name: string;
  readonly files: readonly string[];
  readonly generate?: boolean;
  readonly typeCheck?: boolean;
}

const list = JSON.parse(
  readFileSync(
    join(repoRoot, "test/fixtures/import/real-descriptions.json"),
    "utf8",
  ),
) as { package: string; folder: string; descriptions: RealDescription[] };
const folder = join(repoRoot, "node_modules", list.package, list.folder);
const tsc = join(repoRoot, "node_modules/typescript/bin/tsc");

describe.each(list.descriptions.filter((each) => each.generate))(
  "$name",
  (description) => {
    it(`generates${description.typeCheck ? ", and the newest set's package type-checks" : ""}`, async () => {
      const root = await tempDir("remitgen-real-");
      // The packages import msw and Node's types, found here as in a consumer's project.
      symlinkSync(
        join(repoRoot, "node_modules"),
        join(root, "node_modules"),
        "dir",
      );
      const inputs = await Promise.all(
        description.files.map(async (file) => ({
          file,
          text: await readFile(join(folder, file), "utf8"),
        })),
      );
      await writeFile(join(root, "spec.yaml"), importDescriptions(inputs).text);
      const result = await generate({
        spec: "spec.yaml",
        out: "out",
        cwd: root,
      });
      expect(result.sets).toHaveLength(description.files.length);
      if (!description.typeCheck) return;
      // The newest set's: the runtime and the types are the same code in each.
      // Its TypeScript source (not shipped) is written beside it, with the
      // tsconfig.json that checks it, so that the code is checked, not only
      // the declarations derived from it.
      await writeSources(join(root, "out"), result.model);
      const newest = result.model.sets.at(-1)!.names.directory;
      const checked = spawnSync(
        process.execPath,
        [tsc, "--noEmit", "-p", join(root, "out", newest)],
        {
          encoding: "utf8",
        },
      );
      expect(checked.stdout + checked.stderr).toBe("");
      expect(checked.status).toBe(0);
    }, 120_000);
  },
);
