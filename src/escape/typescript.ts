/**
 * The one door through which spec text enters TypeScript and JavaScript:
 * string literals, doc comments and property keys. Nothing else splices
 * spec text into code.
 */

/**
 * A double-quoted string literal, as prettier prints it: quotes and
 * backslashes escaped, control characters and line separators as escapes,
 * so no spec text can end the literal or the line.
 */
export function stringLiteral(text: string): string {
  // Prettier keeps double quotes unless single quotes need fewer escapes.
  const doubles = countOf(text, '"');
  const singles = countOf(text, "'");
  const quote = doubles > singles ? "'" : '"';
  let out = quote;
  for (const char of text) {
    out += escapeChar(char, quote);
  }
  return out + quote;
}

function countOf(text: string, char: string): number {
  let count = 0;
  for (const each of text) if (each === char) count++;
  return count;
}

function escapeChar(char: string, quote: string): string {
  switch (char) {
    case "\\":
      return "\\\\";
    case "\n":
      return "\\n";
    case "\r":
      return "\\r";
    case "\t":
      return "\\t";
    case "\b":
      return "\\b";
    case "\f":
      return "\\f";
    case "\v":
      return "\\v";
    case "\u2028":
      return "\\u2028";
    case "\u2029":
      return "\\u2029";
  }
  if (char === quote) return `\\${quote}`;
  const code = char.codePointAt(0)!;
  // Other control characters, and lone surrogates, which are not valid UTF-8 on disk.
  if (code < 0x20 || code === 0x7f || (code >= 0xd800 && code <= 0xdfff)) {
    return `\\u${code.toString(16).padStart(4, "0")}`;
  }
  return char;
}

/** Names prettier prints without quotes: ES5 identifier names (ASCII). */
const plainKey = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/**
 * An object or interface key: bare when it is a plain identifier, quoted
 * otherwise. `__proto__` is quoted too, and callers writing object literals
 * use `objectLiteralKey`, since a literal `__proto__` key sets the prototype.
 */
export function propertyKey(name: string): string {
  return plainKey.test(name) && name !== "__proto__" ? name : stringLiteral(name);
}

/** A key in an object literal: `__proto__` must be computed to stay an own member. */
export function objectLiteralKey(name: string): string {
  if (name === "__proto__") return `[${stringLiteral(name)}]`;
  return propertyKey(name);
}

/** Whether a name can be written as `object.name`. */
export function isPlainKey(name: string): boolean {
  return plainKey.test(name);
}

/**
 * Lines of a doc comment body for spec text. `*\/` cannot close the comment,
 * `@` cannot start a TSDoc tag, and every line break (including U+2028 and
 * U+2029, which would end a `//` line) becomes a separate comment line.
 */
export function docLines(text: string): string[] {
  return text
    .replace(/\r\n?/g, "\n")
    .split(/[\n\u2028\u2029\u0085]/)
    .map((line) =>
      line
        .replace(/\*\//g, "*\\/")
        .replace(/@/g, "\\@")
        .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, " ")
        .replace(/[\ud800-\udfff]/g, (char, index: number, whole: string) =>
          isPaired(whole, index) ? char : "\ufffd",
        )
        .trimEnd(),
    );
}

function isPaired(text: string, index: number): boolean {
  const code = text.charCodeAt(index);
  if (code <= 0xdbff) {
    const next = text.charCodeAt(index + 1);
    return next >= 0xdc00 && next <= 0xdfff;
  }
  const previous = text.charCodeAt(index - 1);
  return previous >= 0xd800 && previous <= 0xdbff;
}

/**
 * Display width of text as prettier measures it: East Asian wide and
 * full-width characters count two columns, combining marks none.
 */
export function displayWidth(text: string): number {
  let width = 0;
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (/\p{Mn}|\p{Me}|[\u200b-\u200f\ufe00-\ufe0f]/u.test(char)) continue;
    width += isWide(code) ? 2 : 1;
  }
  return width;
}

function isWide(code: number): boolean {
  return (
    (code >= 0x1100 && code <= 0x115f) ||
    (code >= 0x2e80 && code <= 0xa4cf && code !== 0x303f) ||
    (code >= 0xac00 && code <= 0xd7a3) ||
    (code >= 0xf900 && code <= 0xfaff) ||
    (code >= 0xfe30 && code <= 0xfe4f) ||
    (code >= 0xff00 && code <= 0xff60) ||
    (code >= 0xffe0 && code <= 0xffe6) ||
    (code >= 0x1f300 && code <= 0x1f64f) ||
    (code >= 0x1f900 && code <= 0x1f9ff) ||
    (code >= 0x20000 && code <= 0x3fffd)
  );
}
