/**
 * `remitgen init`: sets up an existing npm project to use remitgen. It adds
 * a starter spec, the spec's schema link for editors, a `generate` script,
 * the output folder as workspaces and `.gitattributes` lines. It never
 * overwrites a file, adds to package.json only what is missing, and writes
 * nothing at all when something there conflicts.
 */
import { existsSync } from "node:fs";
import { mkdir, readFile } from "node:fs/promises";
import { dirname, join, relative, resolve } from "node:path";
import { initProblems } from "../diagnostics/codes.js";
import { UsageError } from "../diagnostics/diagnostic.js";
import { packageRoot } from "../paths.js";
import { posix, schemaLink, writeAtomically } from "../write/spec-file.js";

export interface InitOptions {
  /** The project's folder, where its package.json is. */
  readonly cwd: string;
  /** Where the starter spec goes, relative to `cwd`. */
  readonly spec: string;
  /** The output folder `generate` writes, relative to `cwd`. */
  readonly out: string;
  readonly log: (line: string) => void;
}

/** The starter spec, with `{{schema}}` where the schema's path goes. */
const starterSpecFile = "starter-spec.yaml";

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Manifest = { [key: string]: Json };

/** One thing init writes, said once done; or found already there. */
interface Step {
  readonly done: string;
  readonly write?: () => Promise<void>;
}

/** An addition to package.json, which is written once, after them all. */
interface ManifestStep {
  readonly done: string;
  readonly changed: boolean;
}

/** Sets up the project in `options.cwd`; returns the exit status. */
export async function runInit(options: InitOptions): Promise<number> {
  const cwd = resolve(options.cwd);
  const out = posix(options.out).replace(/\/+$/, "") || ".";
  const specPath = resolve(cwd, options.spec);
  const shownSpec = posix(relative(cwd, specPath));
  const manifestPath = join(cwd, "package.json");

  const manifestText = await readManifest(manifestPath);
  const manifest = parseManifest(manifestText, manifestPath);
  const generateCommand = `remitgen generate --spec ${shellWord(shownSpec)}${
    out === "generated" ? "" : ` --out ${shellWord(out)}`
  }`;
  const manifestSteps = [
    ...addScript(manifest, generateCommand),
    ...addWorkspace(manifest, `${out}/*`),
  ];
  const steps: Step[] = [
    await starterSpec(cwd, specPath, shownSpec),
    ...manifestSteps.map(({ done }) => ({ done })),
    await gitAttributes(cwd, out),
  ];
  if (manifestSteps.some((step) => step.changed))
    steps.push({
      done: "",
      write: () =>
        writeAtomically(manifestPath, formatLike(manifestText, manifest)),
    });

  // Every check is made: now write, then say what was done.
  for (const step of steps) await step.write?.();
  for (const step of steps) if (step.done !== "") options.log(step.done);
  options.log(
    `Next: npm run generate, then npm install to link the packages in ${out}/ as workspaces.`,
  );
  return 0;
}

async function readManifest(path: string): Promise<string> {
  try {
    return await readFile(path, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(
      initProblems.noPackageJson(
        path,
        code === "ENOENT"
          ? "there is no package.json here"
          : `package.json cannot be read (${code ?? "unknown error"})`,
      ),
    );
  }
}

function parseManifest(text: string, path: string): Manifest {
  let value: unknown;
  try {
    value = JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch (error) {
    throw new UsageError(
      initProblems.noPackageJson(
        path,
        `package.json is not valid JSON (${(error as Error).message})`,
      ),
    );
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new UsageError(
      initProblems.noPackageJson(
        path,
        "package.json does not hold a JSON object",
      ),
    );
  }
  return value as Manifest;
}

/** The starter spec, unless a file is already where it would go. */
async function starterSpec(
  cwd: string,
  specPath: string,
  shown: string,
): Promise<Step> {
  if (existsSync(specPath))
    return { done: `${shown}: already there, left as it is` };
  const template = await readFile(
    join(packageRoot(), "templates", starterSpecFile),
    "utf8",
  );
  const link = schemaLink(cwd, specPath);
  const text = template.replace("{{schema}}", () => link);
  return {
    done: `${shown}: created, a starter spec for a made-up API (Acme Parcels) to edit into yours; its first line links editors to remitgen's schema`,
    write: async () => {
      await mkdir(dirname(specPath), { recursive: true });
      await writeAtomically(specPath, text);
    },
  };
}

/** `scripts.generate`, unless one is there: one that runs remitgen generate is kept. */
function addScript(manifest: Manifest, command: string): ManifestStep[] {
  const added = {
    done: `package.json: added the script generate: ${command}`,
    changed: true,
  };
  const scripts = manifest["scripts"];
  if (scripts === undefined) {
    manifest["scripts"] = { generate: command };
    return [added];
  }
  if (typeof scripts !== "object" || scripts === null || Array.isArray(scripts))
    conflict(
      "package.json's scripts",
      describe(scripts),
      "an object of scripts",
      "make scripts an object of named commands, then run remitgen init again",
    );
  const existing = scripts["generate"];
  if (existing === undefined) {
    scripts["generate"] = command;
    return [added];
  }
  if (typeof existing === "string" && /\bremitgen\s+generate\b/.test(existing))
    return [
      {
        done: "package.json: the script generate runs remitgen already",
        changed: false,
      },
    ];
  return conflict(
    "package.json's script generate",
    describe(existing),
    JSON.stringify(command),
    `rename your generate script, or make it run ${JSON.stringify(command)}, then run remitgen init again`,
  );
}

/** The output folder's packages as workspaces, beside any already listed. */
function addWorkspace(manifest: Manifest, pattern: string): ManifestStep[] {
  const workspaces = manifest["workspaces"];
  const list =
    workspaces === undefined
      ? (manifest["workspaces"] = [])
      : Array.isArray(workspaces)
        ? workspaces
        : typeof workspaces === "object" &&
            workspaces !== null &&
            Array.isArray(workspaces["packages"])
          ? workspaces["packages"]
          : conflict(
              "package.json's workspaces",
              describe(workspaces),
              `a list holding ${JSON.stringify(pattern)}`,
              `make workspaces a list of folders (or yarn's { "packages": [...] }) and add ${JSON.stringify(pattern)}, then run remitgen init again`,
            );
  if (list.includes(pattern))
    return [
      {
        done: `package.json: ${pattern} is among the workspaces already`,
        changed: false,
      },
    ];
  list.push(pattern);
  return [
    {
      done: `package.json: added ${pattern} to workspaces, so each generated package is a workspace package`,
      changed: true,
    },
  ];
}

/** LF and linguist-generated for the output, in .gitattributes. */
async function gitAttributes(cwd: string, out: string): Promise<Step> {
  const path = join(cwd, ".gitattributes");
  const line = `${out}/** text eol=lf linguist-generated=true`;
  let text = "";
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  if (text.split(/\r?\n/).some((each) => each.trim() === line))
    return { done: `.gitattributes: ${line} is there already` };
  const eol = text.includes("\r\n") ? "\r\n" : "\n";
  const lead = text === "" || text.endsWith("\n") ? "" : eol;
  const added = [
    "# remitgen's output: LF on every OS (generate --check compares bytes),",
    "# folded in diffs as generated.",
    line,
    "",
  ].join(eol);
  return {
    done: `.gitattributes: ${text === "" ? "created with" : "added"} ${line}`,
    write: () => writeAtomically(path, text + lead + added),
  };
}

/**
 * `manifest` as JSON in the layout of `original`: its indentation, line
 * ends, byte-order mark and final newline. Keys keep their order; new ones
 * go last.
 */
function formatLike(original: string, manifest: Manifest): string {
  const indent = /^[{[][^\S\r\n]*\r?\n([ \t]+)/.exec(original)?.[1] ?? "  ";
  const eol = original.includes("\r\n") ? "\r\n" : "\n";
  const bom = original.startsWith("\uFEFF") ? "\uFEFF" : "";
  const end = /\r?\n$/.test(original) ? eol : "";
  return bom + JSON.stringify(manifest, null, indent).replace(/\n/g, eol) + end;
}

function conflict(
  where: string,
  found: string,
  wanted: string,
  hint: string,
): never {
  throw new UsageError(initProblems.conflict(where, found, wanted, hint));
}

function describe(value: Json | undefined): string {
  const text = JSON.stringify(value) ?? "undefined";
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

/** A path as one word of a shell command (npm runs scripts in a shell). */
function shellWord(path: string): string {
  return /^[\w./@:+-]+$/.test(path) ? path : `'${path.replace(/'/g, "'\\''")}'`;
}
