import { charWidth } from "../escape/markdown.js";
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
    const clean = visible(masked(text));
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
    const pad = before.length + cells(shown.slice(0, offset));
    const carets = Math.max(1, cells(shown.slice(offset, offset + width)));
    out.push(
      `  ${" ".repeat(gutter.length)} | ${" ".repeat(pad)}${"^".repeat(carets)}`,
    );
  }
  if (hint) out.push(`  hint: ${hint}`);
  return out.join("\n");
}

/** The user and password of an address: `user:password@` after `scheme:` or `scheme://`. */
const addressCredentials = /\b([a-z][a-z0-9+.-]*:[\\/]*)([^\s/?#\\@"'`]+)@/gi;
/** A `key: value` line whose key names a secret (`clientSecret`, `api_key`, `password`). */
const secretEntry =
  /^(\s*(?:-\s+)?["']?[\w.-]*(?:secret|passw(?:or)?d|api[-_]?key|private[-_]?key|access[-_]?token|refresh[-_]?token)[\w.-]*["']?[ \t]*:[ \t]+)(\S.*)$/i;

/**
 * Masks what a shown source line may hold of a secret, character for
 * character so the caret stays in its column: the credentials of an
 * address (RG046 points at them, and reports go to CI logs) and the value
 * of a key named like a secret (an unknown key, but still a secret).
 */
function masked(text: string): string {
  const hide = (part: string): string => "*".repeat(part.length);
  return text
    .replace(
      addressCredentials,
      (_, scheme: string, userinfo: string) => `${scheme}${hide(userinfo)}@`,
    )
    .replace(
      secretEntry,
      (_, key: string, value: string) => `${key}${hide(value)}`,
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

/**
 * East Asian wide and fullwidth blocks a terminal shows two cells wide
 * that the width table used for Markdown leaves open (CJK punctuation,
 * extension A, Hangul, fullwidth forms, the supplementary ideographs).
 */
const eastAsianWide =
  /[\u1100-\u115f\u2e80-\u303e\u3040-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6\u{20000}-\u{3fffd}]/u;

/** Terminal cells `text` takes: two for wide characters, none for combining marks. */
function cells(text: string): number {
  if (/^[\x20-\x7e]*$/.test(text)) return text.length;
  let count = 0;
  for (const char of text) {
    count +=
      charWidth(char.codePointAt(0)!) ??
      (/\p{Emoji_Presentation}/u.test(char) || eastAsianWide.test(char)
        ? 2
        : 1);
  }
  return count;
}
