/**
 * JSON text laid out exactly as prettier's `json` parser lays it out, so
 * generated `.json` files (OpenAPI documents) need no formatter: objects
 * one member per line, arrays on one line when they fit, numbers filled,
 * and never a break after a colon.
 *
 * `JSON.stringify(value, null, 2)` already writes every object as prettier
 * does (a non-empty object always breaks), so only its arrays are laid out
 * again, from its text: native serialisation is several times faster than
 * walking megabytes of OpenAPI document in JavaScript.
 */
import type { JsonValue } from "../../runtime/json.js";
import { displayWidth } from "../../escape/typescript.js";

const printWidth = 80;

/** The whole file: formatted value and a final newline. */
export function jsonFile(value: JsonValue): string {
  const text = JSON.stringify(value, null, 2);
  // The final newline is joined in with the pieces, not appended: appending
  // makes a two-part string that is copied whole again when it is encoded.
  return [...layOutArrays(text.includes("e+") ? withShortExponents(text) : text), "\n"].join("");
}

/**
 * An array as JSON.stringify broke it over lines: where it starts (its
 * `[`) and ends (after its `]`), and its one-line text when it may have
 * one (undefined when it holds a non-empty object, which always breaks, or
 * breaks every item).
 */
interface BrokenArray {
  readonly start: number;
  readonly end: number;
  readonly flat: string | undefined;
  readonly items: number;
}

/**
 * Every array JSON.stringify broke over lines (each `[` that ends a line:
 * a string cannot hold a raw line break), laid out again as prettier would:
 * on one line when it fits with what follows it, numbers filled, the rest
 * one item per line as they are. Inner arrays are read first, so an outer
 * one knows its items' one-line texts. Returns the result in pieces, to be
 * joined.
 */
function layOutArrays(text: string): string[] {
  const starts: number[] = [];
  for (let at = text.indexOf("[\n"); at !== -1; at = text.indexOf("[\n", at + 2)) starts.push(at);
  if (starts.length === 0) return [text];
  const arrays = new Map<number, BrokenArray>();
  const replacements: { start: number; end: number; text: string }[] = [];
  for (let index = starts.length - 1; index >= 0; index--) {
    const start = starts[index]!;
    const lineStart = text.lastIndexOf("\n", start) + 1;
    const indent = leadingSpaces(text, lineStart);
    const closing = `\n${" ".repeat(indent)}]`;
    const end = text.indexOf(closing, start) + closing.length;
    const items = itemsOf(text, start + 2, end - closing.length, indent + 2, arrays);
    // An array prettier breaks wherever it stands breaks every array around it too.
    const flat =
      !breaksEveryItem(items) && items.every((item) => item.flat !== undefined)
        ? `[${items.map((item) => item.flat).join(", ")}]`
        : undefined;
    arrays.set(start, { start, end, flat, items: items.length });
    const after = text[end] === "," ? 1 : 0;
    const column = displayWidth(text.slice(lineStart, start));
    if (flat !== undefined && column + displayWidth(flat) + after <= printWidth) {
      replacements.push({ start, end, text: flat });
    } else if (items.length > 1 && items.every((item) => item.number)) {
      replacements.push({ start, end, text: filledNumbers(items.map((item) => item.flat!), indent + 2) });
    }
  }
  // Collected innermost first; an outer array on one line replaces its inner ones too.
  replacements.sort((a, b) => a.start - b.start);
  const pieces: string[] = [];
  let done = 0;
  for (const replacement of replacements) {
    if (replacement.start < done) continue;
    pieces.push(text.slice(done, replacement.start), replacement.text);
    done = replacement.end;
  }
  pieces.push(text.slice(done));
  return pieces;
}

interface Item {
  /** The item on one line, or undefined when it holds a non-empty object. */
  readonly flat: string | undefined;
  readonly number: boolean;
  /** Members or items, for an object or array item; 0 otherwise. */
  readonly size: number;
  readonly isArray: boolean;
}

/** The items of a broken array, whose lines run from `from` to `to` at `indent` spaces. */
function itemsOf(text: string, from: number, to: number, indent: number, arrays: ReadonlyMap<number, BrokenArray>): Item[] {
  const items: Item[] = [];
  let at = from;
  while (at < to) {
    const first = text[at + indent]!;
    if (first === "[" && text[at + indent + 1] === "\n") {
      const inner = arrays.get(at + indent)!;
      items.push({ flat: inner.flat, number: false, size: inner.items, isArray: true });
      at = inner.end + (text[inner.end] === "," ? 2 : 1);
    } else if (first === "{" && text[at + indent + 1] === "\n") {
      // A non-empty object: it always breaks, so only its end matters (and
      // not its exact size: the array holding it has no one-line text anyway).
      const end = text.indexOf(`\n${" ".repeat(indent)}}`, at) + indent + 2;
      items.push({ flat: undefined, number: false, size: 2, isArray: false });
      at = end + (text[end] === "," ? 2 : 1);
    } else {
      let end = text.indexOf("\n", at);
      if (end === -1 || end > to) end = to;
      const line = text.slice(at + indent, end);
      const scalar = line.endsWith(",") ? line.slice(0, -1) : line;
      items.push({ flat: scalar, number: first === "-" || (first >= "0" && first <= "9"), size: 0, isArray: scalar === "[]" });
      at = end + 1;
    }
  }
  return items;
}

function leadingSpaces(text: string, from: number): number {
  let at = from;
  while (text[at] === " ") at++;
  return at - from;
}

/** prettier breaks an array of two or more objects (or arrays) that each hold more than one member. */
function breaksEveryItem(items: readonly Item[]): boolean {
  if (items.length < 2) return false;
  const firstIsArray = items[0]!.isArray;
  return items.every((item) => item.size > 1 && item.isArray === firstIsArray);
}

/**
 * prettier's fill: each number joins the line when it and the next one fit
 * after it; the trailing `]` does not count.
 */
function filledNumbers(numbers: readonly string[], indent: number): string {
  const texts = numbers.map((number, index) => number + (index === numbers.length - 1 ? "" : ","));
  const pad = " ".repeat(indent);
  const out = ["[\n", pad];
  let column = indent;
  texts.forEach((text, index) => {
    out.push(text);
    const next = texts[index + 1];
    if (next === undefined) return;
    if (column + text.length + 1 + next.length <= printWidth) {
      out.push(" ");
      column += text.length + 1;
    } else {
      out.push("\n", pad);
      column = indent;
    }
  });
  out.push("\n", " ".repeat(indent - 2), "]");
  return out.join("");
}

/**
 * JSON.stringify writes large numbers as `1e+21`; prettier prints `1e21`.
 * Each line holds at most one number, at its end, after an optional key.
 */
function withShortExponents(text: string): string {
  return text.replace(/^( *(?:"(?:[^"\\]|\\.)*": )?-?\d+(?:\.\d+)?e)\+(\d+,?)$/gm, "$1$2");
}
