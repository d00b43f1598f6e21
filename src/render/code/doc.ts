/**
 * A small port of prettier's document printer (prettier 3.10.1,
 * src/document/printer): groups, indents, lines, fills and if-breaks, laid
 * out with prettier's own `fits` rules. Types and values are built as docs
 * the way prettier's estree printer builds them, then printed here, so line
 * breaking matches prettier exactly without loading it.
 *
 * Only what the generated code needs is ported: no align, line suffixes,
 * cursors, labels, trims or conditional groups.
 */
import { displayWidth } from "../../escape/typescript.js";

export type Doc =
  | string
  | readonly Doc[]
  | Group
  | Indent
  | Line
  | IfBreak
  | IndentIfBreak
  | Fill
  | BreakParent;

interface Group {
  readonly type: "group";
  readonly contents: Doc;
  readonly id: symbol | undefined;
  /** Set by the builder (`shouldBreak`) or by break propagation. */
  break: boolean;
}
interface Indent {
  readonly type: "indent";
  readonly contents: Doc;
}
interface Line {
  readonly type: "line";
  readonly soft: boolean;
  readonly hard: boolean;
}
interface IfBreak {
  readonly type: "if-break";
  readonly breakContents: Doc;
  readonly flatContents: Doc;
  readonly groupId: symbol | undefined;
}
interface IndentIfBreak {
  readonly type: "indent-if-break";
  readonly contents: Doc;
  readonly groupId: symbol;
}
interface Fill {
  readonly type: "fill";
  readonly parts: readonly Doc[];
}
interface BreakParent {
  readonly type: "break-parent";
}

export function group(
  contents: Doc,
  options: { shouldBreak?: boolean; id?: symbol } = {},
): Doc {
  return {
    type: "group",
    contents,
    id: options.id,
    break: options.shouldBreak === true,
  };
}
export function indent(contents: Doc): Doc {
  return { type: "indent", contents };
}
export const line: Doc = { type: "line", soft: false, hard: false };
export const softline: Doc = { type: "line", soft: true, hard: false };
const breakParent: Doc = { type: "break-parent" };
export const hardline: Doc = [
  { type: "line", soft: false, hard: true },
  breakParent,
];
export function ifBreak(
  breakContents: Doc,
  flatContents: Doc = "",
  options: { groupId?: symbol } = {},
): Doc {
  return {
    type: "if-break",
    breakContents,
    flatContents,
    groupId: options.groupId,
  };
}
export function indentIfBreak(contents: Doc, groupId: symbol): Doc {
  return { type: "indent-if-break", contents, groupId };
}
export function fill(parts: readonly Doc[]): Doc {
  return { type: "fill", parts };
}
export function join(separator: Doc, docs: readonly Doc[]): Doc[] {
  const out: Doc[] = [];
  docs.forEach((doc, index) => {
    if (index > 0) out.push(separator);
    out.push(doc);
  });
  return out;
}

const BREAK = 1;
const FLAT = 2;
type Mode = typeof BREAK | typeof FLAT;

/**
 * Prints a doc at `width` columns (the print width less the indentation it
 * starts at). Lines after the first start at column 0 plus their indent;
 * the caller adds the base indentation.
 *
 * The command stack is kept as parallel arrays (indent, mode, doc, fill
 * offset): mock data of large specs makes millions of commands.
 */
export function printDoc(doc: Doc, width: number): string {
  propagateBreaks(doc);
  const measure = widthCache();
  const scratch: Scratch = { modes: [], docs: [] };
  const groupModes = new Map<symbol, Mode>();
  const stack = new Stack();
  let position = 0;
  let shouldRemeasure = false;
  const out: string[] = [];
  stack.push(0, BREAK, doc, 0);
  while (stack.size > 0) {
    const top = --stack.size;
    const ind = stack.indents[top]!;
    const mode = stack.modes[top]!;
    const current = stack.docs[top]!;
    const offset = stack.offsets[top]!;
    if (typeof current === "string") {
      if (current === "") continue;
      out.push(current);
      if (stack.size > 0) position += measure(current);
      continue;
    }
    if (isArray(current)) {
      for (let index = current.length - 1; index >= 0; index--)
        stack.push(ind, mode, current[index]!, 0);
      continue;
    }
    switch (current.type) {
      case "indent":
        stack.push(ind + 2, mode, current.contents, 0);
        break;
      case "group": {
        let next: Mode;
        if (mode === FLAT && !shouldRemeasure)
          next = current.break ? BREAK : FLAT;
        else {
          shouldRemeasure = false;
          next =
            !current.break &&
            fits(
              FLAT,
              current.contents,
              stack,
              width - position,
              groupModes,
              false,
              measure,
              scratch,
            )
              ? FLAT
              : BREAK;
        }
        stack.push(ind, next, current.contents, 0);
        if (current.id !== undefined) groupModes.set(current.id, next);
        break;
      }
      case "fill": {
        const remaining = width - position;
        const { parts } = current;
        const length = parts.length - offset;
        if (length === 0) break;
        const content = parts[offset]!;
        const contentFits = fits(
          FLAT,
          content,
          undefined,
          remaining,
          groupModes,
          true,
          measure,
          scratch,
        );
        if (length === 1) {
          stack.push(ind, contentFits ? FLAT : BREAK, content, 0);
          break;
        }
        const whitespace = parts[offset + 1]!;
        if (length === 2) {
          stack.push(ind, contentFits ? FLAT : BREAK, whitespace, 0);
          stack.push(ind, contentFits ? FLAT : BREAK, content, 0);
          break;
        }
        const second = parts[offset + 2]!;
        stack.push(ind, mode, current, offset + 2);
        const bothFit = fits(
          FLAT,
          [content, whitespace, second],
          undefined,
          remaining,
          groupModes,
          true,
          measure,
          scratch,
        );
        stack.push(ind, bothFit ? FLAT : BREAK, whitespace, 0);
        stack.push(ind, bothFit || contentFits ? FLAT : BREAK, content, 0);
        break;
      }
      case "if-break":
      case "indent-if-break": {
        const groupMode =
          current.groupId !== undefined
            ? groupModes.get(current.groupId)
            : mode;
        if (groupMode === BREAK) {
          stack.push(
            ind,
            mode,
            current.type === "if-break"
              ? current.breakContents
              : indent(current.contents),
            0,
          );
        } else if (groupMode === FLAT) {
          stack.push(
            ind,
            mode,
            current.type === "if-break"
              ? current.flatContents
              : current.contents,
            0,
          );
        }
        break;
      }
      case "line":
        if (mode === FLAT && !current.hard) {
          if (!current.soft) {
            out.push(" ");
            position += 1;
          }
          break;
        }
        if (mode === FLAT) shouldRemeasure = true;
        trimEnd(out);
        out.push(ind === 0 ? "\n" : `\n${" ".repeat(ind)}`);
        position = ind;
        break;
      case "break-parent":
        break;
    }
  }
  return out.join("");
}

/** The printer's command stack, as parallel arrays. */
class Stack {
  readonly indents: number[] = [];
  readonly modes: Mode[] = [];
  readonly docs: Doc[] = [];
  /** For fills: how many parts are already printed. */
  readonly offsets: number[] = [];
  size = 0;

  push(indent: number, mode: Mode, doc: Doc, offset: number): void {
    const at = this.size++;
    this.indents[at] = indent;
    this.modes[at] = mode;
    this.docs[at] = doc;
    this.offsets[at] = offset;
  }
}

/** displayWidth, remembered for long texts (a long string is measured by every enclosing group). */
function widthCache(): (text: string) => number {
  const known = new Map<string, number>();
  return (text) => {
    if (text.length < 32) return displayWidth(text);
    let width = known.get(text);
    if (width === undefined) {
      width = displayWidth(text);
      known.set(text, width);
    }
    return width;
  };
}

/** Drops the spaces that end the output so far, as prettier trims them before a newline. */
function trimEnd(out: string[]): void {
  while (out.length > 0) {
    const last = out[out.length - 1]!;
    const end = last.charCodeAt(last.length - 1);
    if (end !== 32 && end !== 9) return;
    const trimmed = last.replace(/[ \t]+$/, "");
    if (trimmed !== "") {
      out[out.length - 1] = trimmed;
      return;
    }
    out.pop();
  }
}

/** Scratch space of `fits`, one per printDoc call: its own stack of (mode, doc) pairs. */
interface Scratch {
  readonly modes: Mode[];
  readonly docs: Doc[];
}

/**
 * Prettier's `fits`: whether `doc` in `mode`, then the commands still on
 * `rest` (from the top), fit in `width` columns before the first line break.
 */
function fits(
  mode: Mode,
  doc: Doc,
  rest: Stack | undefined,
  width: number,
  groupModes: ReadonlyMap<symbol, Mode>,
  mustBeFlat: boolean,
  measure: (text: string) => number,
  scratch: Scratch,
): boolean {
  const { modes: fitModes, docs: fitDocs } = scratch;
  let restIndex = rest?.size ?? 0;
  let pendingSpace = false;
  let remaining = width;
  let size = 0;
  fitModes[size] = mode;
  fitDocs[size++] = doc;
  while (remaining >= 0) {
    if (size === 0) {
      if (restIndex === 0) return true;
      restIndex--;
      const restDoc = rest!.docs[restIndex]!;
      const restOffset = rest!.offsets[restIndex]!;
      fitModes[size] = rest!.modes[restIndex]!;
      fitDocs[size++] =
        restOffset > 0 ? (restDoc as Fill).parts.slice(restOffset) : restDoc;
      continue;
    }
    size--;
    const currentMode = fitModes[size]!;
    const current = fitDocs[size]!;
    if (typeof current === "string") {
      if (current !== "") {
        if (pendingSpace) {
          remaining -= 1;
          pendingSpace = false;
        }
        remaining -= measure(current);
      }
      continue;
    }
    if (isArray(current)) {
      for (let index = current.length - 1; index >= 0; index--) {
        fitModes[size] = currentMode;
        fitDocs[size++] = current[index]!;
      }
      continue;
    }
    switch (current.type) {
      case "fill":
        for (let index = current.parts.length - 1; index >= 0; index--) {
          fitModes[size] = currentMode;
          fitDocs[size++] = current.parts[index]!;
        }
        break;
      case "indent":
      case "indent-if-break":
        fitModes[size] = currentMode;
        fitDocs[size++] = current.contents;
        break;
      case "group":
        if (mustBeFlat && current.break) return false;
        fitModes[size] = current.break ? BREAK : currentMode;
        fitDocs[size++] = current.contents;
        break;
      case "if-break": {
        const groupMode =
          current.groupId !== undefined
            ? (groupModes.get(current.groupId) ?? FLAT)
            : currentMode;
        fitModes[size] = currentMode;
        fitDocs[size++] =
          groupMode === BREAK ? current.breakContents : current.flatContents;
        break;
      }
      case "line":
        if (currentMode === BREAK || current.hard) return true;
        if (!current.soft) pendingSpace = true;
        break;
      case "break-parent":
        break;
    }
  }
  return false;
}

/** Marks every group holding a hard break (or a broken group) as broken, as prettier does. */
function propagateBreaks(doc: Doc): void {
  const visit = (current: Doc): boolean => {
    if (typeof current === "string") return false;
    if (isArray(current)) {
      let found = false;
      for (const part of current) if (visit(part)) found = true;
      return found;
    }
    switch (current.type) {
      case "break-parent":
        return true;
      case "group": {
        const inner = visit(current.contents);
        if (inner) current.break = true;
        return current.break;
      }
      case "indent":
      case "indent-if-break":
        return visit(current.contents);
      case "if-break": {
        const a = visit(current.breakContents);
        const b = visit(current.flatContents);
        return a || b;
      }
      case "fill": {
        let found = false;
        for (const part of current.parts) if (visit(part)) found = true;
        return found;
      }
      case "line":
        return false;
    }
  };
  visit(doc);
}

function isArray(doc: Doc): doc is readonly Doc[] {
  return Array.isArray(doc);
}
