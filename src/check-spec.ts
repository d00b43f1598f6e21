/**
 * The front of the pipeline: read the spec, check its structure and rules,
 * resolve the model. Every problem is collected before giving up. The
 * stages import nothing of each other: this module passes each one's
 * result to the next.
 */
import { checkRules } from "./check/rules.js";
import { readStructure } from "./check/structure.js";
import { kindOf, usageProblems } from "./diagnostics/codes.js";
import {
  SpecError,
  UsageError,
  type Diagnostic,
} from "./diagnostics/diagnostic.js";
import { resolveModel } from "./model/resolve.js";
import type { Model } from "./model/types.js";
import {
  checkFailure,
  preparedSpecText,
  readSpecText,
  type CheckFailure,
} from "./spec/load.js";
import { parseSpecText } from "./spec/source.js";

export type { CheckFailure } from "./spec/load.js";

export type CheckResult =
  | {
      readonly ok: true;
      readonly model: Model;
      readonly diagnostics: readonly Diagnostic[];
    }
  | CheckFailure;

/** Checks spec text and resolves it. Pure: no file access. */
export function checkSpecText(text: string, file: string): CheckResult {
  mustBeString("checkSpecText", "text", text);
  mustBeString("checkSpecText", "file", file);
  const prepared = preparedSpecText(text, file);
  if (typeof prepared !== "string") return prepared;
  const parsed = parseSpecText(prepared, file);
  if (!parsed.ok) return checkFailure(parsed.diagnostics, prepared);
  const structure = readStructure(parsed.source);
  const found = [...structure.diagnostics];
  // One at a time: a spread of a few hundred thousand problems (a list of
  // unknown operations) overflowed the call stack.
  if (structure.parts !== undefined)
    for (const each of checkRules(structure.parts, parsed.source))
      found.push(each);
  if (found.length > 0 || structure.raw === undefined)
    return checkFailure(found, prepared);
  return {
    ok: true,
    model: resolveModel(structure.raw, file),
    diagnostics: [],
  };
}

/** Reads and checks a spec file; `displayName` is how the file is named in messages and headers. */
export async function checkSpecFile(
  path: string,
  displayName: string = path,
): Promise<CheckResult> {
  mustBeString("checkSpecFile", "path", path);
  mustBeString("checkSpecFile", "displayName", displayName);
  const text = await readSpecText(path, displayName);
  return typeof text === "string" ? checkSpecText(text, displayName) : text;
}

/** Programmatic API: the resolved model, or a SpecError listing every problem. */
export async function loadSpec(
  path: string,
  displayName?: string,
): Promise<Model> {
  // Checked here too, so that a usage error names the function called.
  mustBeString("loadSpec", "path", path);
  if (displayName !== undefined)
    mustBeString("loadSpec", "displayName", displayName);
  const result = await checkSpecFile(path, displayName);
  if (!result.ok) throw new SpecError(result.diagnostics, result.formatted);
  return result.model;
}

const argumentHints: Readonly<Record<string, string>> = {
  text: "pass the spec's text, as read from its file",
  path: 'pass the spec file\'s path, e.g. "spec/remittance.yaml"',
  file: 'pass the name messages give the spec, e.g. "spec/remittance.yaml"',
  displayName:
    'pass the name messages give the spec, e.g. "spec/remittance.yaml"',
};

/**
 * Refuses an argument that is no string with a UsageError: a JavaScript
 * caller's Buffer or undefined would otherwise end in a TypeError, or in a
 * diagnostic naming the file "undefined".
 */
function mustBeString(call: string, name: string, value: unknown): void {
  if (typeof value === "string") return;
  throw new UsageError(
    usageProblems.badArgument(
      call,
      name,
      "a string",
      kindOf(value),
      Buffer.isBuffer(value)
        ? 'decode it first: buffer.toString("utf8")'
        : (argumentHints[name] ?? ""),
    ),
  );
}
