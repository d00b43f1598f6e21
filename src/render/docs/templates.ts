/**
 * The docs templates: read from `templates/` in remitgen's package root and
 * compiled once per generate run with a private Handlebars instance (no
 * global helpers or partials, HTML escaping off: every value is Markdown
 * prepared in code through `escape/markdown.ts`).
 *
 * The build precompiles the shipped templates (dist/docs-templates.js), so a
 * run needs only Handlebars' small runtime (half the load time of the
 * compiler); a template that differs from its precompiled source, or any
 * other folder, is compiled as before.
 */
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { packageRoot } from "../../paths.js";

/** A compiled template: context of prepared Markdown strings in, Markdown out. */
export type DocsTemplate = (
  context: Readonly<Record<string, string | boolean>>,
) => string;

export interface DocsTemplates {
  /** `README.md` of a set's package. */
  readonly setReadme: DocsTemplate;
  /** `docs/<operation>.md` of a set's package. */
  readonly operation: DocsTemplate;
  /** `README.md` at the output root. */
  readonly overview: DocsTemplate;
}

/** The template files, by the name renderers use. */
export const templateFiles: Readonly<Record<keyof DocsTemplates, string>> = {
  setReadme: "set-readme.md.hbs",
  operation: "operation.md.hbs",
  overview: "overview.md.hbs",
};

/** The folder the templates are read from. */
export function templatesDir(): string {
  return join(packageRoot(), "templates");
}

type Sources = Readonly<Record<keyof DocsTemplates, string>>;
type Compiled = (context: object) => string;

/** How every template is compiled, here and by the build's precompiler. */
export const templateCompileOptions: CompileOptions = {
  noEscape: true,
  strict: true,
  preventIndent: true,
  data: false,
  knownHelpers: { if: true },
  knownHelpersOnly: true,
};

/** The options of Handlebars' compile and precompile that remitgen sets. */
export interface CompileOptions {
  readonly noEscape: boolean;
  readonly strict: boolean;
  readonly preventIndent: boolean;
  readonly data: boolean;
  readonly knownHelpers: Readonly<Record<string, boolean>>;
  readonly knownHelpersOnly: boolean;
}

/** The build's output: each template's source and its precompiled form. */
export const precompiledFile = "dist/docs-templates.js";

/** Compiles template sources (already read) with a private Handlebars instance. */
export async function compileDocsTemplates(
  sources: Sources,
): Promise<DocsTemplates> {
  const { default: Handlebars } = await import("handlebars");
  const handlebars = Handlebars.create();
  return wrap((key) =>
    handlebars.compile(sources[key], { ...templateCompileOptions }),
  );
}

/** Reads and compiles the templates: once per generate run. */
export async function loadDocsTemplates(
  dir: string = templatesDir(),
): Promise<DocsTemplates> {
  const entries = await Promise.all(
    (Object.keys(templateFiles) as (keyof DocsTemplates)[]).map(
      async (key) =>
        [key, await readFile(join(dir, templateFiles[key]), "utf8")] as const,
    ),
  );
  const sources = Object.fromEntries(entries) as Sources;
  return (await fromPrecompiled(sources)) ?? compileDocsTemplates(sources);
}

/** The build's precompiled templates, when they were made from exactly these sources. */
async function fromPrecompiled(
  sources: Sources,
): Promise<DocsTemplates | undefined> {
  const file = join(packageRoot(), precompiledFile);
  if (!existsSync(file)) return undefined;
  const built = (await import(pathToFileURL(file).href)) as {
    sources: Sources;
    specs: Readonly<Record<keyof DocsTemplates, unknown>>;
  };
  const keys = Object.keys(templateFiles) as (keyof DocsTemplates)[];
  if (keys.some((key) => built.sources[key] !== sources[key])) return undefined;
  // handlebars/runtime is the runtime half of the same Handlebars object (its types say so only loosely).
  const { default: runtime } =
    (await import("handlebars/runtime.js")) as unknown as {
      default: typeof import("handlebars");
    };
  const handlebars = runtime.create();
  return wrap(
    (key) => handlebars.template(built.specs[key] as never) as Compiled,
  );
}

function wrap(make: (key: keyof DocsTemplates) => Compiled): DocsTemplates {
  const template = (key: keyof DocsTemplates): DocsTemplate => {
    const compiled = make(key);
    return (context) => compiled(context);
  };
  return {
    setReadme: template("setReadme"),
    operation: template("operation"),
    overview: template("overview"),
  };
}
