/**
 * Front of the pipeline: read the spec file, parse it, check structure and
 * rules, resolve the model. Every problem is collected before giving up.
 */
import { readFile, stat } from "node:fs/promises";
import { checkRules } from "../check/rules.js";
import { readStructure } from "../check/structure.js";
import { diagnostics } from "../diagnostics/codes.js";
import { SpecError, type Diagnostic } from "../diagnostics/diagnostic.js";
import { formatDiagnostics } from "../diagnostics/format.js";
import { resolveModel } from "../model/resolve.js";
import type { Model } from "../model/types.js";
import { diagnosticAt, maxSpecBytes, parseSpecText } from "./source.js";

export type CheckResult =
  | {
      readonly ok: true;
      readonly model: Model;
      readonly diagnostics: readonly Diagnostic[];
    }
  | {
      readonly ok: false;
      readonly diagnostics: readonly Diagnostic[];
      readonly formatted: string;
    };

/** Checks spec text and resolves it. Pure: no file access. */
export function checkSpecText(text: string, file: string): CheckResult {
  const parsed = parseSpecText(text, file);
  if (!parsed.ok) return failure(parsed.diagnostics, text);
  const structure = readStructure(parsed.source);
  const found = [...structure.diagnostics];
  if (structure.parts !== undefined)
    found.push(...checkRules(structure.parts, parsed.source));
  if (found.length > 0 || structure.raw === undefined)
    return failure(found, text);
  return {
    ok: true,
    model: resolveModel(structure.raw, file),
    diagnostics: [],
  };
}

/** A check that failed: every diagnostic, and their formatted text. */
export type CheckFailure = Extract<CheckResult, { readonly ok: false }>;

/** Reads and checks a spec file; `displayName` is how the file is named in messages and headers. */
export async function checkSpecFile(
  path: string,
  displayName: string = path,
): Promise<CheckResult> {
  const text = await readSpecText(path, displayName);
  return typeof text === "string" ? checkSpecText(text, displayName) : text;
}

/**
 * A spec file's text, or the failed check saying why it cannot be read
 * (missing, a folder, unreadable, or over the size limit).
 */
export async function readSpecText(
  path: string,
  displayName: string = path,
): Promise<string | CheckFailure> {
  try {
    const info = await stat(path);
    if (info.size > maxSpecBytes) {
      return failure(
        [
          diagnosticAt(
            displayName,
            1,
            1,
            1,
            diagnostics.tooLarge(info.size, maxSpecBytes),
          ),
        ],
        undefined,
      );
    }
    return await readFile(path, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason =
      code === "ENOENT"
        ? "no such file"
        : code === "EISDIR"
          ? "it is a directory, not a file"
          : code === "EACCES"
            ? "permission denied"
            : (error as Error).message;
    return failure(
      [diagnosticAt(displayName, 1, 1, 1, diagnostics.cannotRead(reason))],
      undefined,
    );
  }
}

/** Programmatic API: the resolved model, or a SpecError listing every problem. */
export async function loadSpec(
  path: string,
  displayName?: string,
): Promise<Model> {
  const result = await checkSpecFile(path, displayName);
  if (!result.ok) throw new SpecError(result.diagnostics, result.formatted);
  return result.model;
}

/** Sorted by position, then code; a diagnostic reported twice is listed once. */
function failure(
  found: readonly Diagnostic[],
  text: string | undefined,
): CheckFailure {
  const unique = new Map(
    found.map((item) => [
      `${item.line}:${item.column}:${item.code}:${item.message}`,
      item,
    ]),
  );
  const sorted = [...unique.values()].sort(
    (a, b) =>
      a.line - b.line ||
      a.column - b.column ||
      (a.code < b.code ? -1 : a.code > b.code ? 1 : 0),
  );
  return {
    ok: false,
    diagnostics: sorted,
    formatted: formatDiagnostics(sorted, text),
  };
}
