/**
 * The writer of generated code, over code-block-writer's CodeBlockWriter:
 * whole lines at an indentation level. What it writes is plain, correct
 * TypeScript; the formatter lays it out (module.ts), so nothing here
 * measures or breaks lines of code. Doc comments are wrapped here, as a
 * formatter leaves comments as they are.
 */
import CodeBlockWriter from "code-block-writer";
import { docLines } from "../../escape/typescript.js";
import type { RenderMemo } from "../memo.js";

/** Where doc comments are wrapped, as prettier's print width. */
const printWidth = 80;

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
  if (lines.length === 1 && column + lines[0]!.length + 7 <= printWidth)
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
  const column = writer.getIndentationLevel() * 2;
  for (const each of docCommentLines(paragraphs, column, tags))
    writer.writeLine(each);
}

/**
 * `line` wrapped at `width` characters, between words; lines of
 * pre-formatted doc text (code examples) are kept as they are.
 */
function wrap(line: string, width: number): string[] {
  if (line.length <= width || line.startsWith("    ")) return [line];
  const words = line.split(/ +/);
  const out: string[] = [];
  let current = "";
  let currentWidth = 0;
  for (const word of words) {
    const wordWidth = word.length;
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

/** `prefix(a, b)suffix`, e.g. a function's head with its parameters. */
export function writeList(
  writer: CodeBlockWriter,
  prefix: string,
  items: readonly string[],
  suffix: string,
): void {
  writer.writeLine(`${prefix}(${items.join(", ")})${suffix}`);
}

/** `import { a, b } from "x";` or `export { ... } from "x";`, names in the order given. */
export function writeNamedImport(
  writer: CodeBlockWriter,
  keyword: string,
  names: readonly string[],
  from: string,
): void {
  writer.writeLine(`${keyword} { ${names.join(", ")} } from ${from};`);
}
