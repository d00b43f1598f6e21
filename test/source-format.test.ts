/**
 * remitgen's own sources keep the repository's prettier style
 * (`.prettierrc.json`), as the code it generates does: a file formatted by
 * hand to another width reads unlike its neighbours, and the next editor
 * that formats on save reflows it, burying that edit in its review.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import * as prettier from "prettier";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..");
/** Hand-written code; test/fixtures holds generated goldens and specs, checked elsewhere. */
const folders = ["src", "test", "bench", "scripts"];
const sourceFile = /\.(?:ts|mjs)$/;
/** At the top also the README, the first page a reader sees. */
const topFile = /\.(?:ts|mjs|md)$/;
/** The README's pages, read as much. */
const docsFolder = "docs";

function sourceFiles(): string[] {
  const top = readdirSync(root).filter((name) => topFile.test(name));
  const nested = folders.flatMap((folder) =>
    readdirSync(join(root, folder), { recursive: true, encoding: "utf8" })
      .filter((name) => sourceFile.test(name))
      .map((name) => join(folder, name))
      .filter((path) => !path.startsWith(join("test", "fixtures"))),
  );
  const docs = readdirSync(join(root, docsFolder))
    .filter((name) => name.endsWith(".md"))
    .map((name) => join(docsFolder, name));
  return [...top, ...nested, ...docs].sort();
}

describe("remitgen's sources", () => {
  it("include the top-level README and its pages in docs/", () => {
    expect(sourceFiles()).toContain("README.md");
    expect(sourceFiles()).toContain(join("docs", "cli.md"));
  });

  it("are formatted as prettier formats them with the repository's config", async () => {
    const files = sourceFiles();
    expect(files.length).toBeGreaterThan(100);
    const unformatted: string[] = [];
    for (const file of files) {
      const path = join(root, file);
      const ignorePath = join(root, ".prettierignore");
      if ((await prettier.getFileInfo(path, { ignorePath })).ignored) continue;
      const options = await prettier.resolveConfig(path);
      const text = readFileSync(path, "utf8");
      if (!(await prettier.check(text, { ...options, filepath: path }))) {
        unformatted.push(file);
      }
    }
    // The fix: npx prettier --write <file>
    expect(unformatted).toEqual([]);
    // About 5 s alone; a CI host running every suite at once can take far longer.
  }, 120_000);
});
