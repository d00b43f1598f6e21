/**
 * The one door through which spec text enters Markdown: inline text,
 * table cells, code spans, link targets and the generated-file header.
 * Nothing else splices spec text into a Markdown document.
 *
 * Every function returns Markdown that (a) shows the text literally: no
 * emphasis, link, image, HTML, entity, heading, list, quote, math or table
 * syntax can come from spec text, and no line break can end the line; and
 * (b) is already in the form prettier prints, so generated documents are
 * stable under `prettier --parser markdown` without running prettier.
 *
 * Tables are aligned by prettier using each cell's display width. To make
 * that width knowable without prettier's tables of emoji and East Asian
 * widths, table cells write any character whose width this module does not
 * know for certain as a numeric character reference (`&#x1F600;`), which
 * renders as the character and measures as its ASCII text.
 */

/** Line breaks and tabs: each run becomes one space in inline text. */
const breaks = /[\t\n\v\f\r\u0085\u2028\u2029 ]+/g;

/**
 * Characters written as a visible `\uXXXX` instead of themselves: control
 * characters, and invisible format characters that could reorder or hide
 * text (bidirectional overrides, zero-width space, BOM).
 */
const invisible =
  /[\u0000-\u0008\u000e-\u001f\u007f-\u0084\u0086-\u009f\u061c\u200b\u200e\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff\ufff9-\ufffb]/;

/** ASCII punctuation escaped wherever it stands in inline text (`#` too: a heading ends at ` #`). */
const alwaysEscaped = new Set([
  "\\",
  "`",
  "*",
  "[",
  "]",
  "<",
  "|",
  "~",
  "$",
  "&",
  "#",
]);

/** Characters that start a block (heading, quote, list, setext line) at the start of a line. */
const blockStarters = new Set([">", "-", "+", "="]);

const letterOrDigit = /[\p{L}\p{N}]/u;

function visibleCode(code: number): string {
  return `\\u${code.toString(16).padStart(4, "0")}`;
}

/** Code points of text, with lone surrogates (not valid UTF-8) as U+FFFD. */
function codePoints(text: string): number[] {
  const out: number[] = [];
  for (const char of text) {
    const code = char.codePointAt(0)!;
    out.push(code >= 0xd800 && code <= 0xdfff ? 0xfffd : code);
  }
  return out;
}

function oneLine(text: string): string {
  return /[\t\n\v\f\r\u0085\u2028\u2029]| {2}/.test(text)
    ? text.replace(breaks, " ").trim()
    : text.trim();
}

interface InlineOptions {
  /** Write characters of uncertain display width as character references. */
  readonly widthSafe: boolean;
}

/**
 * Whether `text` has only runs of `chars` separated by single spaces, and
 * neither starts nor ends with a space. Tested as one character class and
 * two searches: an alternation under a star (`(?:[…]| (?=[^ ]))*`) keeps a
 * backtrack entry per character, and overflowed V8's regexp stack on text
 * of 8.4 million characters (a description within the spec's 10 MB).
 */
function singleSpaced(text: string, first: RegExp, chars: RegExp): boolean {
  return (
    first.test(text) &&
    chars.test(text) &&
    !text.includes("  ") &&
    !text.endsWith(" ")
  );
}

/** Text that needs no escape anywhere: starts with a letter, single spaces, no special punctuation. */
const plainText = (text: string): boolean =>
  singleSpaced(text, /^[A-Za-z]/, /^[A-Za-z0-9,.;:'"()/?!% -]*$/);

/** Autolinks: a URL scheme or `www.` (e-mail addresses need `@`, which plain text excludes). */
const autolink = /:\/\/|www\./i;

/** `:name:`, an emoji short code on GitHub. */
const shortCode = /:[A-Za-z0-9_+-]+:/;

/** A code span value that needs no padding or escape, in or out of tables: no backtick, `|` or `\\`. */
const plainCode = (text: string): boolean =>
  singleSpaced(text, /^[!-[\]-_a-{}~]/, /^[ !-[\]-_a-{}~]*$/);

/** Every character that may need attention in inline text; the rest is copied as it is. */
const special = new RegExp(
  `[\\\\\`*[\\]<|~$&#_{:.)>+=@-]|${invisible.source}|[\\ud800-\\udbff](?![\\udc00-\\udfff])|(?<![\\ud800-\\udbff])[\\udc00-\\udfff]`,
  "g",
);

/** Non-ASCII characters, checked for a known width in table cells. */
const nonAscii = /[^\x00-\x7f]/gu;

function escapeText(text: string, options: InlineOptions): string {
  if (plainText(text) && !shortCode.test(text) && !autolink.test(text))
    return text;
  const line = oneLine(text);
  const leadingDigits = /^\d*/.exec(line)![0].length;
  const out = line.replace(special, (char: string, index: number): string => {
    const next = line[index + 1];
    if (char.length === 1 && char >= "\ud800" && char <= "\udfff")
      return "\ufffd";
    if (invisible.test(char)) return `\\${visibleCode(char.charCodeAt(0))}`;
    if (alwaysEscaped.has(char)) return `\\${char}`;
    switch (char) {
      case "_": {
        // Between letters or digits (snake_case) `_` cannot start emphasis.
        const before =
          index > 0 ? String.fromCodePoint(line.codePointAt(index - 1)!) : "";
        const after =
          next !== undefined
            ? String.fromCodePoint(line.codePointAt(index + 1)!)
            : "";
        return letterOrDigit.test(before) && letterOrDigit.test(after)
          ? "_"
          : "\\_";
      }
      case "{":
        // `{{ }}` and `{% %}` are template (liquid) syntax to prettier.
        return next === "{" || next === "%" ? "\\{" : char;
      case ":":
        // `:name:` is an emoji short code on GitHub; `scheme://` starts an autolink.
        return /^(?:[A-Za-z0-9_+-]+:|\/\/)/.test(
          line.slice(index + 1, index + 40),
        )
          ? "\\:"
          : char;
      case "@": {
        // `name@host` is an e-mail autolink (GFM takes `a@.a` too). An
        // invisible character before it is written as `\u200b`, whose
        // letters would make the name.
        const before = index > 0 ? line[index - 1]! : "";
        const name =
          /[A-Za-z0-9._+-]/.test(before) ||
          (before !== "" && invisible.test(before));
        return name && next !== undefined && /[A-Za-z0-9._-]/.test(next)
          ? "\\@"
          : char;
      }
      case ".":
      case ")":
        // `www.` starts an autolink.
        if (
          char === "." &&
          index >= 3 &&
          /(?:^|[^A-Za-z0-9])www$/i.test(
            line.slice(Math.max(0, index - 4), index),
          )
        ) {
          return "\\.";
        }
        // `1.` or `1)` at the start of a line is an ordered list.
        return index > 0 &&
          index === leadingDigits &&
          (next === undefined || next === " ")
          ? `\\${char}`
          : char;
      default:
        // `>`, `-`, `+`, `=` start a quote, list or heading underline at the start of a line.
        return index === 0 && blockStarters.has(char) ? `\\${char}` : char;
    }
  });
  if (!options.widthSafe) return out;
  return out.replace(nonAscii, (char) =>
    charWidth(char.codePointAt(0)!) === undefined
      ? `&#x${char.codePointAt(0)!.toString(16).toUpperCase()};`
      : char,
  );
}

/**
 * Spec text as inline Markdown, shown literally wherever it is placed
 * (paragraph, list item, heading, link text, even the start of a line):
 * line breaks, tabs and U+2028/U+2029 become spaces, and leading and
 * trailing white space is dropped.
 */
export function inlineText(text: string): string {
  return escapeText(text, { widthSafe: false });
}

/**
 * Spec text for a table cell: inline text whose display width is known
 * (see the module comment), so `table()` can align it as prettier does.
 * An empty text stays empty.
 */
export function cellText(text: string): string {
  return escapeText(text, { widthSafe: true });
}

/**
 * Spec text as paragraphs: blank lines in the text separate paragraphs,
 * each one inline text. Empty when the text is blank.
 */
export function paragraphs(text: string): string {
  return text
    .replace(/\r\n?/g, "\n")
    .split(/\n[ \t]*\n|[\u2029]/)
    .map(inlineText)
    .filter((paragraph) => paragraph !== "")
    .join("\n\n");
}

/** The value of a code span as prettier keeps it: one line, control characters visible. */
function codeValue(text: string): string {
  return codePoints(text.replace(/[\t\n\v\f\r\u0085\u2028\u2029]/g, " "))
    .map((code) =>
      invisible.test(String.fromCodePoint(code))
        ? visibleCode(code)
        : String.fromCodePoint(code),
    )
    .join("");
}

/** The smallest run length of `char` that text does not contain (prettier's fence choice). */
function minAbsentRun(text: string, char: string): number {
  const runs = new Set<number>();
  let run = 0;
  for (const each of text) {
    if (each === char) run++;
    else {
      if (run > 0) runs.add(run);
      run = 0;
    }
  }
  if (run > 0) runs.add(run);
  let count = 1;
  while (runs.has(count)) count++;
  return count;
}

export interface CodeSpanOptions {
  /** The span stands in a table cell: `|` is escaped, and the width must be known. */
  readonly table?: boolean;
}

/**
 * Text as a code span, fenced with enough backticks and padded as prettier
 * prints it. In a table cell, a text whose width is not known for certain
 * (or that holds `\|`) is written as cell text instead: the same
 * characters, not monospaced.
 * An empty text is shown as `_(empty)_`.
 */
export function codeSpan(text: string, options: CodeSpanOptions = {}): string {
  if (plainCode(text)) return `\`${text}\``;
  let value = codeValue(text);
  if (value === "") return "_(empty)_";
  if (options.table) {
    // A backslash before `|` cannot be kept apart from the pipe's escape in a cell.
    if (!isWidthKnown(value) || value.includes("\\|"))
      return cellText(text) === "" ? "_(empty)_" : cellText(text);
    value = value.replaceAll("|", "\\|");
  }
  const fence = "`".repeat(minAbsentRun(value, "`"));
  const pad =
    value.startsWith("`") ||
    value.endsWith("`") ||
    (/^ /.test(value) && / $/.test(value) && /[^ ]/.test(value))
      ? " "
      : "";
  return `${fence}${pad}${value}${pad}${fence}`;
}

/**
 * A link target: characters other than unreserved ones, `/`, `#`, `%`
 * (already-encoded octets), `?`, `=`, `:` and `@` are percent-encoded, so
 * the target can hold no space, parenthesis, angle bracket or backslash.
 * `javascript:` and other scheme-relative tricks are the caller's concern:
 * generated documents link only to their own relative paths.
 */
export function linkTarget(url: string): string {
  if (/^[A-Za-z0-9\-._~/#?=:@]*$/.test(url)) return url;
  let out = "";
  for (const byte of new TextEncoder().encode(
    url.replace(/[\ud800-\udfff]/g, "\ufffd"),
  )) {
    const char = String.fromCharCode(byte);
    if (byte < 0x80 && /[A-Za-z0-9\-._~/#%?=:@]/.test(char)) out += char;
    else out += `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}

/** `[text](target)` with the text as inline Markdown (already escaped) and the target encoded. */
export function link(markdownText: string, target: string): string {
  return `[${markdownText}](${linkTarget(target)})`;
}

/**
 * The first line of every generated Markdown file, an HTML comment.
 * `--` cannot appear in a comment, and the name stays on one line.
 */
export function generatedHeader(specFile: string): string {
  const name = codePoints(oneLine(specFile))
    .map((code) =>
      invisible.test(String.fromCodePoint(code))
        ? visibleCode(code)
        : String.fromCodePoint(code),
    )
    .join("")
    .replace(/-(?=-)/g, "- ")
    .replace(/[<>]/g, (char) => (char === "<" ? "&lt;" : "&gt;"));
  return `<!-- Generated by remitgen from ${name}. DO NOT EDIT. -->`;
}

/**
 * Display width of one code point as prettier measures it, or undefined
 * when this module does not know it for certain (emoji, most symbols,
 * scripts outside the ranges below). Verified against prettier's own
 * `getStringWidth` for every code point it answers for.
 */
export function charWidth(code: number): number | undefined {
  if (code >= 0x20 && code <= 0x7e) return 1;
  if (code < 0xa0) return undefined;
  if (/[\p{Mn}\p{Me}]/u.test(String.fromCodePoint(code))) {
    // Combining marks measure zero, except where they start an emoji sequence.
    return code === 0x20e3 ||
      (code >= 0xfe00 && code <= 0xfe0f) ||
      code >= 0xe0000
      ? undefined
      : 0;
  }
  if (code < 0x1100) return code === 0xa9 || code === 0xae ? undefined : 1;
  // General punctuation and currency symbols, without the two emoji (‼ ⁉).
  if (code >= 0x2010 && code <= 0x205e)
    return code === 0x203c || code === 0x2049 ? undefined : 1;
  if (code >= 0x20a0 && code <= 0x20c0) return 1;
  // Latin extended additional, Greek extended.
  if (code >= 0x1e00 && code <= 0x1fff) return 1;
  // Hiragana, katakana, CJK unified ideographs, Hangul syllables, full-width forms: wide.
  if (code >= 0x3041 && code <= 0x3096) return 2;
  if (code >= 0x30a1 && code <= 0x30fa) return 2;
  if (code >= 0x4e00 && code <= 0x9fff) return 2;
  if (code >= 0xac00 && code <= 0xd7a3) return 2;
  if (code >= 0xff01 && code <= 0xff60) return 2;
  return undefined;
}

/** Whether every character of text has a known width. */
export function isWidthKnown(text: string): boolean {
  for (const char of text)
    if (charWidth(char.codePointAt(0)!) === undefined) return false;
  return true;
}

/**
 * Display width of Markdown made by this module (cell text, code spans
 * for tables, links, plain ASCII). Throws on a character of unknown width:
 * that would be a bug in the caller, which must use `cellText`.
 */
export function displayWidth(markdown: string): number {
  if (/^[\x20-\x7e]*$/.test(markdown)) return markdown.length;
  let width = 0;
  for (const char of markdown) {
    const known = charWidth(char.codePointAt(0)!);
    if (known === undefined) {
      throw new Error(
        `displayWidth: U+${char.codePointAt(0)!.toString(16).toUpperCase()} has no known width; use cellText()`,
      );
    }
    width += known;
  }
  return width;
}

/**
 * A GitHub table as prettier prints it: every cell padded to its column's
 * width (at least 3), a `---` delimiter row, one row per line. Cells are
 * Markdown made by this module (`cellText`, `codeSpan(…, { table: true })`,
 * `link`); an empty cell is allowed. Every row must have the header's
 * number of cells.
 */
export function table(
  header: readonly string[],
  rows: readonly (readonly string[])[],
): string {
  const all = [header, ...rows];
  // Each cell measured once: widths of every cell, row by row.
  const cellWidths = all.map((row) => {
    if (row.length !== header.length) {
      throw new Error(
        `table: a row has ${row.length} cells, the header ${header.length}`,
      );
    }
    return row.map(displayWidth);
  });
  const widths = header.map(() => 3);
  for (const row of cellWidths)
    row.forEach(
      (width, index) => (widths[index] = Math.max(widths[index]!, width)),
    );
  const line = (cells: readonly string[], rowIndex: number): string =>
    `| ${cells.map((cell, index) => cell + " ".repeat(widths[index]! - cellWidths[rowIndex]![index]!)).join(" | ")} |`;
  const lines = all.map(line);
  lines.splice(
    1,
    0,
    `| ${widths.map((width) => "-".repeat(width)).join(" | ")} |`,
  );
  return lines.join("\n");
}

/**
 * The anchors GitHub gives headings with these visible texts, in order:
 * lowercased, without punctuation, spaces as `-`, and `-1`, `-2`, … after
 * a repeat (github-slugger's rule).
 */
export function headingAnchors(headings: readonly string[]): string[] {
  const used = new Set<string>();
  return headings.map((text) => {
    const base = text
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "")
      .replaceAll(" ", "-");
    let anchor = base;
    for (let count = 1; used.has(anchor); count++) anchor = `${base}-${count}`;
    used.add(anchor);
    return anchor;
  });
}

/** A bullet list of Markdown items (each one line), as prettier prints it. */
export function bulletList(items: readonly string[]): string {
  return items.map((item) => `- ${item}`).join("\n");
}
