/**
 * Reading a spec: its file's bytes as text (or why they are not), and that
 * text made ready for the parser. Checking and resolving it is the
 * driver's (../check-spec.ts).
 */
import { isUtf8 } from "node:buffer";
import { diagnostics, type DiagnosticText } from "../diagnostics/codes.js";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import { formatDiagnostics } from "../diagnostics/format.js";
import {
  shorterSpecPath,
  systemReason,
  tooManyOpenHint,
} from "../diagnostics/system-errors.js";
import { readRegularFile } from "./regular-file.js";
import { diagnosticAt, maxSpecBytes } from "./source.js";

/** A check that failed: every diagnostic, and their formatted text. */
export interface CheckFailure {
  readonly ok: false;
  readonly diagnostics: readonly Diagnostic[];
  readonly formatted: string;
}

/**
 * Spec text as the parser reads it, positions unchanged; or the failed
 * check when it holds a NUL.
 */
export function preparedSpecText(
  text: string,
  file: string,
): string | CheckFailure {
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
    return checkFailure(
      [diagnosticAt(file, line, column, 1, diagnostics.notUtf8(holdsNul))],
      undefined,
    );
  }
  return text;
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
    checkFailure([diagnosticAt(displayName, line, column, 1, text)], undefined);
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
      cannotReadText(
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
  // A byte order mark is no column (preparedSpecText drops it too).
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

/** 1-based line and column of `index`; a lone CR ends a line, as preparedSpecText reads it. */
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

/** Sorted by position, then code; a diagnostic reported twice is listed once. */
export function checkFailure(
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

/**
 * RG001 for a spec the system refused: `errno`, the system's code
 * (`ELOOP`), undefined for an error without one; `detail`, its message,
 * for a code without words.
 */
export function cannotReadText(
  errno: string | undefined,
  detail: string,
): DiagnosticText {
  return diagnostics.cannotRead(
    // The spec is a file, so ENOENT is said as such.
    errno === "ENOENT" ? "no such file" : systemReason(errno, detail),
    specReadHints[errno ?? ""] ??
      "check the --spec path, and that the file can be read",
  );
}

/** How to fix a spec that cannot be read (RG001), by the system's code. */
const specReadHints: Readonly<Record<string, string>> = {
  ENOENT: "check the --spec path",
  ENOTDIR:
    "check the --spec path: a name in it that should be a folder is a file",
  EISDIR:
    "give --spec the spec file, not its folder, e.g. --spec spec/remittance.yaml",
  ELOOP:
    "point the symbolic link on the --spec path at the spec file, or give --spec the file itself",
  ENAMETOOLONG: shorterSpecPath,
  EACCES: "make the spec readable by this user",
  EPERM: "make the spec readable by this user",
  EIO: "check the disk or network share holding the spec, then run again",
  EMFILE: tooManyOpenHint,
  ENFILE: tooManyOpenHint,
};
