import { createRequire } from "node:module";
import type { Diagnostic } from "./diagnostic.js";
import {
  continuedSecretLines,
  maskQuoted,
  masked,
  secretsOf,
  type Secrets,
} from "./secrets.js";

/**
 * Formats diagnostics compiler-style: `file:line:column: message`, the
 * offending line with a caret underline, then the hint. Without
 * `sourceText` (a SpecError's diagnostics, say) no line is shown. What a
 * line holds of a secret is masked, and control characters are escaped.
 */
export function formatDiagnostics(
  diagnostics: readonly Diagnostic[],
  sourceText?: string,
): string {
  const lines = sourceText === undefined ? [] : sourceText.split(/\r?\n/);
  // Loaded here, when a line is to be shown, not with this module: loading
  // string-width makes an Intl.Segmenter, whose ICU data costs every run
  // about 15 ms of CPU, and more of waiting on a busy disk, though only a
  // failed check shows lines.
  const stringWidth =
    sourceText === undefined
      ? undefined
      : (
          createRequire(import.meta.url)(
            "string-width",
          ) as typeof import("string-width")
        ).default;
  // Each line is masked and cleaned once, not once per diagnostic on it: a
  // line can be megabytes long and hold thousands of them (a flow mapping
  // of unknown keys), and cleaning it each time was quadratic.
  const cleaned = new Map<number, ShownLine>();
  let continued: ReadonlySet<number> | undefined;
  const shownLine = (line: number): ShownLine | undefined => {
    const text = lines[line - 1];
    if (text === undefined) return undefined;
    let clean = cleaned.get(line);
    if (clean === undefined) {
      // Found once, when a line is first shown: a pass over every line.
      continued ??= continuedSecretLines(lines);
      const secret = continued.has(line - 1);
      clean = {
        text: visible(masked(text, secret)),
        secrets: secretsOf(text, secret),
      };
      cleaned.set(line, clean);
    }
    return clean;
  };
  return diagnostics
    .map((diagnostic) => formatOne(diagnostic, shownLine, stringWidth))
    .join("\n\n");
}

/** A source line as shown, and what it masks. */
interface ShownLine {
  readonly text: string;
  readonly secrets: Secrets;
}

/** Characters of a source line shown at most; longer lines show a window around the column. */
const shownWidth = 160;
/** Characters kept before the column when the line is windowed. */
const context = 40;

function formatOne(
  diagnostic: Diagnostic,
  shownLine: (line: number) => ShownLine | undefined,
  stringWidth: ((text: string) => number) | undefined,
): string {
  const { file, line, column, code } = diagnostic;
  const source = shownLine(line);
  // A message or hint may echo what the line shown masks (a wrong value):
  // it is masked there too, and its control characters escaped.
  const secrets = source?.secrets;
  const message = shownText(diagnostic.message, secrets, column - 1);
  const hint = shownText(diagnostic.hint, secrets, column - 1);
  const out = [`${file}:${line}:${column}: ${message} [${code}]`];
  const clean = source?.text;
  if (clean !== undefined && stringWidth !== undefined) {
    const gutter = String(line);
    // Columns are 1-based; `from` is the first character shown.
    const from = column - 1 > shownWidth - context ? column - 1 - context : 0;
    const before = from > 0 ? "…" : "";
    const after = from + shownWidth < clean.length ? "…" : "";
    const shown = clean.slice(from, from + shownWidth);
    out.push(`  ${gutter} | ${before}${shown}${after}`);
    const offset = column - 1 - from;
    const width = Math.max(
      1,
      Math.min(diagnostic.length, shown.length - offset),
    );
    // Columns count characters; a terminal shows some (CJK, emoji) two
    // cells wide and combining marks none: the caret goes by cells.
    const pad = before.length + stringWidth(shown.slice(0, offset));
    const carets = Math.max(
      1,
      stringWidth(shown.slice(offset, offset + width)),
    );
    out.push(
      `  ${" ".repeat(gutter.length)} | ${" ".repeat(pad)}${"^".repeat(carets)}`,
    );
  }
  if (hint) out.push(`  hint: ${hint}`);
  return out.join("\n");
}

/**
 * A message or hint as shown: what its line's excerpt masks is masked here
 * too (checks mask it when they make a diagnostic; a caller's own
 * diagnostics may not be), and characters that would act on the terminal
 * (escape sequences, bidirectional reordering, line breaks) are written as
 * `\uXXXX`, so that the text names them instead of obeying them.
 */
function shownText(
  text: string,
  secrets: Secrets | undefined,
  index: number,
): string {
  const out = secrets === undefined ? text : maskQuoted(text, secrets, index);
  return out.replace(
    /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2028\u2029\u2060-\u2064\u2066-\u2069\ufeff]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

/**
 * Keeps a shown source line free of control codes, one character for one:
 * a tab shows as "→" so that the caret below stays in its column; an
 * invisible or bidirectional control character (which could reorder what
 * the terminal shows) as "?".
 */
function visible(text: string): string {
  return text
    .replace(/\t/g, "→")
    .replace(
      /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2028\u2029\u2060-\u2064\u2066-\u2069\ufeff]/g,
      "?",
    );
}
