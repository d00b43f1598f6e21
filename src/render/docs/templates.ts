/**
 * The docs templates: read from `templates/` in remitgen's package root and
 * compiled once per generate run with a private Handlebars instance (no
 * global helpers or partials, HTML escaping off: every value is Markdown
 * prepared in code through `escape/markdown.ts`).
 */
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import Handlebars from "handlebars";

/** A compiled template: context of prepared Markdown strings in, Markdown out. */
export type DocsTemplate = (context: Readonly<Record<string, string | boolean>>) => string;

export interface DocsTemplates {
  /** `README.md` of a set's package. */
  readonly setReadme: DocsTemplate;
  /** `docs/<operation>.md` of a set's package. */
  readonly operation: DocsTemplate;
  /** `README.md` at the output root. */
  readonly overview: DocsTemplate;
}

const files: Readonly<Record<keyof DocsTemplates, string>> = {
  setReadme: "set-readme.md.hbs",
  operation: "operation.md.hbs",
  overview: "overview.md.hbs",
};

/** remitgen's package root: the nearest folder above this module holding package.json. */
export function packageRoot(from: string = fileURLToPath(import.meta.url)): string {
  let dir = dirname(from);
  for (;;) {
    if (existsSync(join(dir, "package.json"))) return dir;
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`remitgen: no package.json above ${from}`);
    dir = parent;
  }
}

/** The folder the templates are read from. */
export function templatesDir(): string {
  return join(packageRoot(), "templates");
}

/** Compiles template sources (already read) with a private Handlebars instance. */
export function compileDocsTemplates(sources: Readonly<Record<keyof DocsTemplates, string>>): DocsTemplates {
  const handlebars = Handlebars.create();
  const compile = (source: string): DocsTemplate => {
    const template = handlebars.compile(source, {
      noEscape: true,
      strict: true,
      preventIndent: true,
      data: false,
      knownHelpers: { if: true },
      knownHelpersOnly: true,
    });
    return (context) => template(context);
  };
  return {
    setReadme: compile(sources.setReadme),
    operation: compile(sources.operation),
    overview: compile(sources.overview),
  };
}

/** Reads and compiles the templates: once per generate run. */
export async function loadDocsTemplates(dir: string = templatesDir()): Promise<DocsTemplates> {
  const entries = await Promise.all(
    (Object.keys(files) as (keyof DocsTemplates)[]).map(
      async (key) => [key, await readFile(join(dir, files[key]), "utf8")] as const,
    ),
  );
  return compileDocsTemplates(Object.fromEntries(entries) as Record<keyof DocsTemplates, string>);
}
