/**
 * `importOpenApi`: reads the descriptions, imports them, and writes the
 * spec whole or not at all. An existing spec is replaced only when asked
 * (`force`), and a description is never written over.
 */
import { readFile, mkdir, stat } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { importProblems, usageProblems } from "../diagnostics/codes.js";
import { UsageError } from "../diagnostics/diagnostic.js";
import { posix, schemaLink, writeAtomically } from "../write/spec-file.js";
import {
  importDescriptions,
  type ImportOptions,
  type ImportResult,
} from "./import.js";

export interface ImportOpenApiOptions extends Omit<
  ImportOptions,
  "schemaLink"
> {
  /** The OpenAPI or Swagger documents, JSON or YAML: one set each, oldest first. */
  readonly documents: readonly string[];
  /** Where the spec goes. */
  readonly out: string;
  /** Replace `out` when it exists. */
  readonly force?: boolean;
  /** Relative paths are resolved from here; default the process's folder. */
  readonly cwd?: string;
}

export async function importOpenApi(
  options: ImportOpenApiOptions,
): Promise<ImportResult> {
  const cwd = options.cwd ?? process.cwd();
  const out = resolve(cwd, options.out);
  const ids = options.setIds;
  if (
    ids !== undefined &&
    (ids.length !== options.documents.length ||
      ids.some((id) => id === "") ||
      new Set(ids).size !== ids.length)
  )
    refuse(
      "--set-ids",
      `one set id per description (${options.documents.length}), each different`,
      ids.join(","),
      "list one id per description, in the same order, e.g. --set-ids v1,v2",
    );
  if (options.documents.some((document) => resolve(cwd, document) === out))
    refuse(
      "--out",
      "a file other than the descriptions",
      options.out,
      "write the spec to a file of its own, e.g. --out spec/api.yaml",
    );
  if (!options.force && (await exists(out))) {
    throw new UsageError(importProblems.outExists(options.out));
  }
  const inputs = [];
  for (const file of options.documents) {
    try {
      inputs.push({
        file: posix(file),
        text: await readFile(resolve(cwd, file), "utf8"),
      });
    } catch (error) {
      throw new UsageError(
        importProblems.cannotRead(
          file,
          (error as NodeJS.ErrnoException).code === "ENOENT"
            ? "no such file"
            : (error as Error).message,
        ),
      );
    }
  }
  const result = importDescriptions(inputs, {
    ...options,
    schemaLink: schemaLink(cwd, out),
  });
  await mkdir(dirname(out), { recursive: true });
  await writeAtomically(out, result.text);
  return result;
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}

function refuse(
  option: string,
  expected: string,
  value: string,
  hint: string,
): never {
  throw new UsageError(
    usageProblems.badCommandOption(option, expected, value, hint),
  );
}
