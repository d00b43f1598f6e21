/**
 * Front of the pipeline: read the spec file, parse it, check structure and
 * rules, resolve the model. Every problem is collected before giving up.
 */
import { isUtf8 } from "node:buffer";
import { checkRules } from "../check/rules.js";
import { readStructure } from "../check/structure.js";
import {
  diagnostics,
  kindOf,
  usageProblems,
  type DiagnosticText,
} from "../diagnostics/codes.js";
import {
  SpecError,
  UsageError,
  type Diagnostic,
} from "../diagnostics/diagnostic.js";
import { formatDiagnostics } from "../diagnostics/format.js";
import { resolveModel } from "../model/resolve.js";
import { readRegularFile } from "../regular-file.js";
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
  mustBeString("checkSpecText", "text", text);
  mustBeString("checkSpecText", "file", file);
  // A byte order mark is no character of the spec: kept, it would count as
  // a column on line 1 and show in excerpts.
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  // YAML 1.2 reads a lone CR (old Mac line ends) as a line break; the
  // parser does not, and took such a spec for one line. Replaced one for
  // one, so every position stays where it was.
  if (text.includes("\r")) text = text.replace(/\r(?!\n)/g, "\n");
  // No text file holds a NUL (a file's is refused as it is read): text from
  // code is refused alike, at the same place, so both paths agree.
  const nul = text.indexOf("\0");
  if (nul >= 0) {
    const { line, column } = positionIn(text, nul);
    return failure(
      [diagnosticAt(file, line, column, 1, diagnostics.notUtf8(holdsNul))],
      undefined,
    );
  }
  const parsed = parseSpecText(text, file);
  if (!parsed.ok) return failure(parsed.diagnostics, text);
  const structure = readStructure(parsed.source);
  const found = [...structure.diagnostics];
  // One at a time: a spread of a few hundred thousand problems (a list of
  // unknown operations) overflowed the call stack.
  if (structure.parts !== undefined)
    for (const each of checkRules(structure.parts, parsed.source))
      found.push(each);
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
  mustBeString("checkSpecFile", "path", path);
  mustBeString("checkSpecFile", "displayName", displayName);
  const text = await readSpecText(path, displayName);
  return typeof text === "string" ? checkSpecText(text, displayName) : text;
}

/**
 * A spec file's text, or the failed check saying why it cannot be read
 * (missing, a folder, unreadable, over the size limit, or not UTF-8).
 */
export async function readSpecText(
  path: string,
  displayName: string = path,
): Promise<string | CheckFailure> {
  const fail = (
    line: number,
    column: number,
    text: DiagnosticText,
  ): CheckFailure =>
    failure([diagnosticAt(displayName, line, column, 1, text)], undefined);
  let bytes: Buffer;
  try {
    const read = await readRegularFile(path, maxSpecBytes);
    if (typeof read === "number")
      return fail(1, 1, diagnostics.tooLarge(read, maxSpecBytes));
    if (typeof read === "string")
      return fail(1, 1, diagnostics.notRegularFile(read));
    bytes = read;
  } catch (error) {
    return fail(
      1,
      1,
      diagnostics.cannotRead(
        (error as NodeJS.ErrnoException).code,
        error instanceof Error ? error.message : String(error),
      ),
    );
  }
  const encoding = encodingProblem(bytes);
  return encoding === undefined
    ? bytes.toString("utf8")
    : fail(
        encoding.line,
        encoding.column,
        diagnostics.notUtf8(encoding.detail),
      );
}

/**
 * Why bytes are not UTF-8 text, and where (line and column of the first
 * offending character), or undefined when they are. UTF-16 (what some
 * editors call "Unicode") would otherwise read as a string of NULs and
 * letters, and Latin-1 would lose its accented letters silently.
 */
function encodingProblem(
  bytes: Buffer,
): { line: number; column: number; detail: string } | undefined {
  const [b0, b1] = bytes;
  if ((b0 === 0xff && b1 === 0xfe) || (b0 === 0xfe && b1 === 0xff)) {
    return {
      line: 1,
      column: 1,
      detail: "it starts with a UTF-16 byte order mark",
    };
  }
  const nul = bytes.indexOf(0);
  const valid = isUtf8(bytes);
  if (valid && nul < 0) return undefined;
  const text = bytes.toString("utf8");
  // The first character that is not what the bytes say: a NUL, or a U+FFFD
  // that stands for invalid bytes (not one written as EF BF BD).
  let at = -1;
  let offset = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    const width =
      code < 0x80
        ? 1
        : code < 0x800
          ? 2
          : code >= 0xd800 && code < 0xdc00
            ? 4
            : 3;
    if (code === 0) {
      at = index;
      break;
    }
    if (code === 0xfffd && !valid) {
      if (!(
        bytes[offset] === 0xef &&
        bytes[offset + 1] === 0xbf &&
        bytes[offset + 2] === 0xbd
      )) {
        at = index;
        break;
      }
    }
    if (width === 4) index++;
    offset += width;
  }
  // A byte order mark is no column (checkSpecText drops it too).
  const bom = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  return {
    ...positionIn(text.slice(bom), Math.max(at, 0) - bom),
    detail:
      text.charCodeAt(at) === 0
        ? holdsNul
        : "it holds bytes that are not UTF-8 (Latin-1 or Windows-1252?)",
  };
}

const holdsNul = "it holds NUL bytes (UTF-16, or not a text file)";

/** 1-based line and column of `index`; a lone CR ends a line, as checkSpecText reads it. */
function positionIn(
  text: string,
  index: number,
): { line: number; column: number } {
  const before = text.slice(0, index).replace(/\r(?!\n)/g, "\n");
  return {
    line: before.split("\n").length,
    column: before.length - before.lastIndexOf("\n"),
  };
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
  const text = usageProblems.badArgument(
    call,
    name,
    "a string",
    kindOf(value),
    Buffer.isBuffer(value)
      ? 'decode it first: buffer.toString("utf8")'
      : (argumentHints[name] ?? ""),
  );
  throw new UsageError(text.code, text.message, text.hint);
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
