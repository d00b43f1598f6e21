/**
 * Code printing helpers over code-block-writer's CodeBlockWriter. Output is
 * written directly in prettier's style (80 columns, 2 spaces, double
 * quotes, trailing commas), so generation needs neither prettier nor the
 * compiler; tests assert that prettier leaves every generated file
 * unchanged. Anything that may break across lines is built as a doc and
 * laid out by doc.ts, prettier's own algorithm.
 */
import CodeBlockWriter from "code-block-writer";
import { displayWidth, docLines } from "../../escape/typescript.js";
import type { RenderMemo } from "../memo.js";
import {
  group,
  ifBreak,
  indent,
  join,
  line,
  printDoc,
  softline,
  type Doc,
} from "./doc.js";

export const printWidth = 80;

/**
 * The writer of generated code: whole lines at an indentation level, and
 * nothing else. It is a CodeBlockWriter for the renderers' types, but does
 * not use its text buffer: CodeBlockWriter guesses from the text whether it
 * is inside a string or comment and then stops indenting (a spec string
 * ending in a backslash followed by a backtick left every later line
 * unindented), and scans every character to do so. Generated text is exact
 * already, so lines are only indented and kept.
 *
 * Supported: writeLine, blankLine, newLine, indent(block),
 * getIndentationLevel, setIndentationLevel, toString, and the helpers
 * below that capture and replay whole lines (captureLines, writeLines,
 * writeOnce). Anything else written through CodeBlockWriter's own
 * methods is refused by toString.
 */
const indentations = Array.from({ length: 16 }, (_, level) =>
  "  ".repeat(level),
);

class LineWriter extends CodeBlockWriter {
  private readonly lines: string[] = [];
  private level = 0;

  override writeLine(text: string): this {
    const indentation = indentations[this.level] ?? "  ".repeat(this.level);
    if (!text.includes("\n") && !text.includes("\r")) {
      this.lines.push(indentation + text);
      return this;
    }
    for (const each of text.split(/\r?\n/))
      this.lines.push(each === "" ? "" : indentation + each);
    return this;
  }

  override blankLine(): this {
    this.lines.push("");
    return this;
  }

  override newLine(): this {
    this.lines.push("");
    return this;
  }

  override indent(timesOrBlock: number | (() => void) = 1): this {
    if (typeof timesOrBlock !== "function")
      throw new Error(
        "the generated-code writer indents blocks only: indent(() => ...)",
      );
    this.level++;
    try {
      timesOrBlock();
    } finally {
      this.level--;
    }
    return this;
  }

  override getIndentationLevel(): number {
    return this.level;
  }

  override setIndentationLevel(level: number | string): this {
    if (typeof level !== "number")
      throw new Error(
        "the generated-code writer takes indentation levels as numbers",
      );
    this.level = level;
    return this;
  }

  /** How many entries are written so far (see linesSince). */
  get lineCount(): number {
    return this.lines.length;
  }

  /**
   * What was written since `start` (a lineCount), indentation included:
   * entries of one or more whole lines each.
   */
  linesSince(start: number): readonly string[] {
    return this.lines.slice(start);
  }

  /** Entries kept as they are: whole lines, already indented. */
  appendLines(lines: readonly string[]): void {
    for (const each of lines) this.lines.push(each);
  }

  override toString(): string {
    if (super.getLength() > 0)
      throw new Error(
        "the generated-code writer writes whole lines only (writeLine, blankLine, indent)",
      );
    if (this.lines.length === 0) return "";
    // The final newline joined in, not appended: appending makes a two-part
    // string that is copied whole again when the file is encoded.
    this.lines.push("");
    const text = this.lines.join("\n");
    this.lines.pop();
    return text;
  }
}

export function createWriter(): CodeBlockWriter {
  return new LineWriter({
    indentNumberOfSpaces: 2,
    useTabs: false,
    newLine: "\n",
  });
}

function lineWriter(writer: CodeBlockWriter): LineWriter {
  if (!(writer instanceof LineWriter))
    throw new Error("expected a writer made by createWriter");
  return writer;
}

/**
 * Writes what `write` writes and returns it, indentation included, as
 * entries of one or more whole lines each (join them with "\n").
 */
export function captureLines(
  writer: CodeBlockWriter,
  write: () => void,
): readonly string[] {
  const lines = lineWriter(writer);
  const start = lines.lineCount;
  write();
  return lines.linesSince(start);
}

/** Writes entries captured earlier (see captureLines) as they are. */
export function writeLines(
  writer: CodeBlockWriter,
  lines: readonly string[],
): void {
  lineWriter(writer).appendLines(lines);
}

/**
 * Writes what `write` writes, printed once per run for `owner` and `key`
 * at this indentation (see RenderMemo): every later set that writes the
 * same piece at the same indentation gets the lines kept the first time.
 * `key` names every input of `write` other than `owner`.
 */
export function writeOnce(
  writer: CodeBlockWriter,
  memo: RenderMemo,
  owner: object,
  key: string,
  write: () => void,
): void {
  let written = false;
  // Kept as one string of whole lines: compact, and written back as one entry.
  const block = memo.once(
    owner,
    `${key}@${writer.getIndentationLevel()}`,
    (): string | undefined => {
      written = true;
      const lines = captureLines(writer, write);
      return lines.length === 0 ? undefined : lines.join("\n");
    },
  );
  if (!written && block !== undefined) writeLines(writer, [block]);
}

/** Columns used by the current indentation. */
export function indentWidth(writer: CodeBlockWriter): number {
  return writer.getIndentationLevel() * 2;
}

/** Whether text fits on the current line after indentation. */
export function fits(writer: CodeBlockWriter, text: string): boolean {
  return indentWidth(writer) + displayWidth(text) <= printWidth;
}

/** Prints a doc at the writer's indentation, as prettier would lay it out there. */
export function writeDoc(writer: CodeBlockWriter, doc: Doc): void {
  const text = printDoc(doc, printWidth - indentWidth(writer));
  for (const each of text.split("\n")) {
    if (each === "") writer.newLine();
    else writer.writeLine(each);
  }
}

export function generatedHeader(specFile: string): string {
  return `// Generated by remitgen from ${oneLine(specFile)}. DO NOT EDIT.`;
}

/** Keeps a file name on one comment line. */
function oneLine(text: string): string {
  return docLines(text).join(" ");
}

/**
 * A TSDoc block tag: `tag` is the generator's own code (`@throws
 * {ApiError}`), never spec text; `text` is escaped like a paragraph.
 */
export type DocTag = readonly [tag: string, text: string];

/**
 * The lines of a `/** ... *\/` doc comment starting at `column`.
 * Paragraphs are separated by blank comment lines and wrapped at the print
 * width; spec text is escaped by docLines. Tags follow the paragraphs, one
 * after another. Empty when there is no text.
 */
export function docCommentLines(
  paragraphs: readonly string[],
  column: number,
  tags: readonly DocTag[] = [],
): string[] {
  const lines: string[] = [];
  const width = printWidth - column - 3;
  for (const paragraph of paragraphs) {
    if (paragraph === "") continue;
    const body = docLines(paragraph);
    if (body.every((each) => each === "")) continue;
    if (lines.length > 0) lines.push("");
    // Wrapped lines one at a time: a spread of a 10 MB line's could overflow the call stack.
    for (const each of body)
      for (const wrapped of wrap(each, width)) lines.push(wrapped);
  }
  tags.forEach(([tag, text], index) => {
    if (index === 0 && lines.length > 0) lines.push("");
    for (const wrapped of wrap(`${tag} ${docLines(text).join(" ")}`, width))
      lines.push(wrapped);
  });
  if (lines.length === 0) return [];
  if (
    lines.length === 1 &&
    column + displayWidth(`/** ${lines[0]} */`) <= printWidth
  )
    return [`/** ${lines[0]} */`];
  return [
    "/**",
    ...lines.map((each) => (each === "" ? " *" : ` * ${each}`)),
    " */",
  ];
}

/** A doc comment at the writer's indentation. */
export function writeDocComment(
  writer: CodeBlockWriter,
  paragraphs: readonly string[],
  tags: readonly DocTag[] = [],
): void {
  for (const each of docCommentLines(paragraphs, indentWidth(writer), tags))
    writer.writeLine(each);
}

/** Lines of pre-formatted doc text kept as they are (code examples). */
export function wrap(line: string, width: number): string[] {
  if (displayWidth(line) <= width || line.startsWith("    ")) return [line];
  const words = line.split(/ +/);
  const out: string[] = [];
  let current = "";
  let currentWidth = 0;
  for (const word of words) {
    const wordWidth = displayWidth(word);
    if (current === "") {
      current = word;
      currentWidth = wordWidth;
    } else if (currentWidth + 1 + wordWidth <= width) {
      current += ` ${word}`;
      currentWidth += 1 + wordWidth;
    } else {
      out.push(current);
      current = word;
      currentWidth = wordWidth;
    }
  }
  if (current !== "" || out.length === 0) out.push(current);
  return out;
}

/**
 * A parenthesised list as prettier prints it: on one line when
 * `prefix(items)suffix` fits, else one item per line with a trailing comma.
 */
export function writeList(
  writer: CodeBlockWriter,
  prefix: string,
  items: readonly string[],
  suffix: string,
  brackets: readonly [string, string] = ["(", ")"],
): void {
  const [open, close] = brackets;
  if (items.length === 0) {
    writer.writeLine(`${prefix}${open.trimEnd()}${close.trimStart()}${suffix}`);
    return;
  }
  const list = group([
    open.trimEnd(),
    indent([open.endsWith(" ") ? line : softline, join([",", line], items)]),
    ifBreak(","),
    close.startsWith(" ") ? line : softline,
    close.trimStart(),
  ]);
  writeDoc(writer, [prefix, list, suffix]);
}

/**
 * `import { a, b } from "x";` or `export { ... } from "x";`, names sorted,
 * broken one per line when too long (prettier keeps order; we sort for
 * stable output). A single name is never broken, as prettier keeps it.
 */
export function writeNamedImport(
  writer: CodeBlockWriter,
  keyword: string,
  names: readonly string[],
  from: string,
): void {
  if (names.length === 1) {
    writer.writeLine(`${keyword} { ${names[0]} } from ${from};`);
    return;
  }
  writeList(writer, `${keyword} `, names, ` from ${from};`, ["{ ", " }"]);
}
