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

function formatOne(diagnostic: Diagnostic, lines: readonly string[]): string {
  const { file, line, column, message, hint, code } = diagnostic;
  const out = [`${file}:${line}:${column}: ${message} [${code}]`];
  const text = lines[line - 1];
  if (text !== undefined) {
    const gutter = String(line);
    const shown = visible(text);
    out.push(`  ${gutter} | ${shown}`);
    const width = Math.max(
      1,
      Math.min(diagnostic.length, shown.length - column + 1),
    );
    out.push(
      `  ${" ".repeat(gutter.length)} | ${" ".repeat(column - 1)}${"^".repeat(width)}`,
    );
  }
  if (hint) out.push(`  hint: ${hint}`);
  return out.join("\n");
}

/** Keeps a shown source line on one terminal line and free of control codes. */
function visible(text: string): string {
  const clean = text.replace(/[\u0000-\u0008\u000b-\u001f\u007f\u2028\u2029]/g, "?");
  return clean.length > 200 ? `${clean.slice(0, 200)}…` : clean;
}
