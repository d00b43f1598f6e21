import type { Diagnostic } from "./diagnostic.js";

/**
 * Formats diagnostics compiler-style: `file:line:column: message`, the
 * offending line with a caret underline, then the hint.
 */
export function formatDiagnostics(
  diagnostics: readonly Diagnostic[],
  sourceText: string | undefined,
): string {
  const lines = sourceText === undefined ? [] : sourceText.split(/\r?\n/);
  return diagnostics
    .map((diagnostic) => formatOne(diagnostic, lines))
    .join("\n\n");
}

/** Characters of a source line shown at most; longer lines show a window around the column. */
const shownWidth = 160;
/** Characters kept before the column when the line is windowed. */
const context = 40;

function formatOne(diagnostic: Diagnostic, lines: readonly string[]): string {
  const { file, line, column, message, hint, code } = diagnostic;
  const out = [`${file}:${line}:${column}: ${message} [${code}]`];
  const text = lines[line - 1];
  if (text !== undefined) {
    const gutter = String(line);
    const clean = visible(text);
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
    out.push(
      `  ${" ".repeat(gutter.length)} | ${" ".repeat(before.length + offset)}${"^".repeat(width)}`,
    );
  }
  if (hint) out.push(`  hint: ${hint}`);
  return out.join("\n");
}

/**
 * Keeps a shown source line free of control codes, one character for one:
 * a tab shows as "→" so that the caret below stays in its column.
 */
function visible(text: string): string {
  return text
    .replace(/\t/g, "→")
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f\u2028\u2029]/g, "?");
}
