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
import type { JsonObject, JsonValue } from "../../runtime/json.js";
import { displayWidth } from "../../escape/typescript.js";

const printWidth = 80;

/** The whole file: formatted value and a final newline. */
export function jsonFile(value: JsonValue): string {
  // The final newline is joined in with the pieces, not appended: appending
  // makes a two-part string that is copied whole again when it is encoded.
  return [...laidOut(stringify(value)), "\n"].join("");
}

/**
 * The whole file laid out as `JSON.stringify` does, every array broken:
 * how prettier prints package.json (its `json-stringify` parser).
 */
export function jsonStringifyFile(value: JsonValue): string {
  return `${stringify(value)}\n`;
}

/**
 * JSON text with two-space indentation, the bidirectional controls (the
 * Trojan Source set) written as `\uXXXX`: raw, they reorder on screen what
 * a reviewer reads of a package.json or OpenAPI document. In JSON text they
 * can stand only inside strings, where the escape reads back as the same
 * character. Every JSON file remitgen generates is written through here.
 */
function stringify(value: unknown, indent = 2): string {
  const text = JSON.stringify(value, null, indent);
  return bidiControl.test(text)
    ? text.replace(bidiControls, unicodeEscape)
    : text;
}

/** The value as JSON on one line, bidirectional controls escaped as in every JSON file. */
export function compactJson(value: JsonValue): string {
  return stringify(value, 0);
}

/** U+061C, U+200E, U+200F, U+202A to U+202E and U+2066 to U+2069. */
const bidiControlSource = "[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]";
const bidiControl = new RegExp(bidiControlSource);
const bidiControls = new RegExp(bidiControlSource, "g");

function unicodeEscape(char: string): string {
  return `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`;
}

function laidOut(text: string): string[] {
  return layOutArrays(text.includes("e+") ? withShortExponents(text) : text);
}

/**
 * One member of an object, printed as it stands `depth` objects deep in a
 * file, whatever file: made once and spliced into many (a schema component
 * that every set's OpenAPI document holds), since serialising is most of
 * what a large JSON file costs.
 */
export interface JsonMember {
  readonly key: string;
  readonly value: JsonObject;
  readonly depth: number;
  /** The member's lines, from its indentation to its closing brace. */
  readonly text: string;
}

/**
 * A member whose value is a non-empty object (which always breaks, so
 * nothing after it changes its layout), printed for `depth`.
 */
export function jsonMember(
  key: string,
  value: JsonObject,
  depth: number,
): JsonMember {
  if (isEmpty(value))
    throw new Error(
      "jsonMember: an empty object does not break, so its layout depends on where it stands",
    );
  const indent = " ".repeat(2 * depth);
  const text = `${indent}${stringify(key)}: ${stringify(value).replaceAll("\n", `\n${indent}`)}`;
  return { key, value, depth, text: laidOut(text).join("") };
}

/**
 * The whole file of the value `build` makes, in which each object that
 * `members` stands for (members with distinct keys) is spliced from their
 * printed text, in the order an object made of them keeps. `build`
 * may be called twice: should spec text happen to hold a placeholder, the
 * file is printed whole instead, so any text prints as itself.
 */
export function jsonFileOf(
  build: (members: (members: readonly JsonMember[]) => JsonValue) => JsonValue,
): string {
  const spliced: (readonly JsonMember[])[] = [];
  const text = stringify(
    build((members) => placeholder(spliced.push(members) - 1)),
  );
  const pieces = spliceMembers(text, spliced);
  if (pieces === undefined) return jsonFile(build(jsonObjectOf));
  return [...pieces, "\n"].join("");
}

function isEmpty(value: JsonObject): boolean {
  for (const _key in value) return false;
  return true;
}

/** The object the members stand for (a member named `__proto__` stays an own member). */
export function jsonObjectOf(members: readonly JsonMember[]): JsonObject {
  return Object.fromEntries(
    members.map((member) => [member.key, member.value]),
  ) as JsonObject;
}

/** Members in the order an object made from them keeps: array-index keys first, ascending. */
function inObjectOrder(members: readonly JsonMember[]): readonly JsonMember[] {
  const indexes = members.filter((member) => isArrayIndex(member.key));
  if (indexes.length === 0) return members;
  indexes.sort((a, b) => Number(a.key) - Number(b.key));
  return [...indexes, ...members.filter((member) => !isArrayIndex(member.key))];
}

function isArrayIndex(key: string): boolean {
  return /^(?:0|[1-9]\d*)$/.test(key) && Number(key) < 2 ** 32 - 1;
}

/** A placeholder's text as JSON.stringify writes it: NUL as `\u0000`. */
function placeholder(index: number): string {
  return `\u0000remitgen-json-members ${index}\u0000`;
}

const placeholderText = /"\\u0000remitgen-json-members (\d+)\\u0000"/g;

/**
 * The laid-out file with every placeholder replaced by its members, or
 * undefined unless each placeholder is found exactly once, in order, as a
 * member value at the depth its members were printed for (otherwise spec
 * text holds a placeholder, and the file is printed whole).
 */
function spliceMembers(
  text: string,
  spliced: readonly (readonly JsonMember[])[],
): string[] | undefined {
  const laid = laidOut(text).join("");
  const pieces: string[] = [];
  let done = 0;
  let count = 0;
  for (const match of laid.matchAll(placeholderText)) {
    const index = Number(match[1]);
    if (index !== count++ || index >= spliced.length) return undefined;
    const members = spliced[index]!;
    const lineStart = laid.lastIndexOf("\n", match.index) + 1;
    const indent = leadingSpaces(laid, lineStart);
    if (laid[match.index - 2] !== ":") return undefined;
    if (members.some((member) => member.depth !== indent / 2 + 1))
      return undefined;
    pieces.push(laid.slice(done, match.index));
    if (members.length === 0) pieces.push("{}");
    else
      pieces.push(
        "{\n",
        inObjectOrder(members)
          .map((member) => member.text)
          .join(",\n"),
        `\n${" ".repeat(indent)}}`,
      );
    done = match.index + match[0].length;
  }
  if (count !== spliced.length) return undefined;
  pieces.push(laid.slice(done));
  return pieces;
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
  for (
    let at = text.indexOf("[\n");
    at !== -1;
    at = text.indexOf("[\n", at + 2)
  )
    starts.push(at);
  if (starts.length === 0) return [text];
  const arrays = new Map<number, BrokenArray>();
  const replacements: { start: number; end: number; text: string }[] = [];
  for (let index = starts.length - 1; index >= 0; index--) {
    const start = starts[index]!;
    const lineStart = text.lastIndexOf("\n", start) + 1;
    const indent = leadingSpaces(text, lineStart);
    const closing = `\n${" ".repeat(indent)}]`;
    const end = text.indexOf(closing, start) + closing.length;
    const items = itemsOf(
      text,
      start + 2,
      end - closing.length,
      indent + 2,
      arrays,
    );
    // An array prettier breaks wherever it stands breaks every array around it too.
    const flat =
      !breaksEveryItem(items) && items.every((item) => item.flat !== undefined)
        ? `[${items.map((item) => item.flat).join(", ")}]`
        : undefined;
    arrays.set(start, { start, end, flat, items: items.length });
    const after = text[end] === "," ? 1 : 0;
    const column = displayWidth(text.slice(lineStart, start));
    if (
      flat !== undefined &&
      column + displayWidth(flat) + after <= printWidth
    ) {
      replacements.push({ start, end, text: flat });
    } else if (items.length > 1 && items.every((item) => item.number)) {
      replacements.push({
        start,
        end,
        text: filledNumbers(
          items.map((item) => item.flat!),
          indent + 2,
        ),
      });
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
function itemsOf(
  text: string,
  from: number,
  to: number,
  indent: number,
  arrays: ReadonlyMap<number, BrokenArray>,
): Item[] {
  const items: Item[] = [];
  let at = from;
  while (at < to) {
    const first = text[at + indent]!;
    if (first === "[" && text[at + indent + 1] === "\n") {
      const inner = arrays.get(at + indent)!;
      items.push({
        flat: inner.flat,
        number: false,
        size: inner.items,
        isArray: true,
      });
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
      items.push({
        flat: scalar,
        number: first === "-" || (first >= "0" && first <= "9"),
        size: 0,
        isArray: scalar === "[]",
      });
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
  const texts = numbers.map(
    (number, index) => number + (index === numbers.length - 1 ? "" : ","),
  );
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
 * This was `text.replace(/^( *(?:"(?:[^"\\]|\\.)*": )?-?\d+(?:\.\d+)?e)\+(\d+,?)$/gm, "$1$2")`,
 * whose group per character overflowed V8's regexp stack on a string of
 * 8.4 million characters: a scan now finds the same matches, in linear time.
 */
function withShortExponents(text: string): string {
  // Only numbers of 1e21 and more have one: most documents need no scan.
  if (!text.includes("e+")) return text;
  let out = "";
  let copied = 0;
  // Each start of a line as `^` with the `m` flag has them.
  for (let start = 0; start <= text.length;) {
    const match = exponentAt(text, start);
    let next = start;
    if (match !== undefined) {
      out += text.slice(copied, match.plus);
      copied = match.plus + 1;
      next = match.end;
    }
    while (next < text.length && !isBreak(text.charCodeAt(next))) next++;
    start = next + 1;
  }
  return out + text.slice(copied);
}

/** A line terminator, as `^`, `$` (with the `m` flag) and `.` see it. */
function isBreak(code: number): boolean {
  return code === 0x0a || code === 0x0d || code === 0x2028 || code === 0x2029;
}

/** Where the pattern matches at `start`: the `+` to drop, and the match's end. */
function exponentAt(
  text: string,
  start: number,
): { plus: number; end: number } | undefined {
  let at = start;
  while (text.charCodeAt(at) === 0x20) at++;
  if (text.charCodeAt(at) === 0x22) {
    // `"(?:[^"\\]|\\.)*": `: up to the first quote not escaped.
    let close = at + 1;
    for (
      let code = text.charCodeAt(close);
      code !== 0x22;
      code = text.charCodeAt(close)
    ) {
      if (Number.isNaN(code)) return undefined;
      if (code !== 0x5c) close++;
      else if (close + 1 < text.length && !isBreak(text.charCodeAt(close + 1)))
        close += 2;
      else return undefined;
    }
    if (
      text.charCodeAt(close + 1) !== 0x3a ||
      text.charCodeAt(close + 2) !== 0x20
    )
      return undefined;
    at = close + 3;
  }
  if (text.charCodeAt(at) === 0x2d) at++;
  let end = digitsFrom(text, at);
  if (end === at) return undefined;
  if (text.charCodeAt(end) === 0x2e) {
    const fraction = digitsFrom(text, end + 1);
    if (fraction === end + 1) return undefined;
    end = fraction;
  }
  if (text.charCodeAt(end) !== 0x65 || text.charCodeAt(end + 1) !== 0x2b)
    return undefined;
  const plus = end + 1;
  let last = digitsFrom(text, plus + 1);
  if (last === plus + 1) return undefined;
  if (text.charCodeAt(last) === 0x2c) last++;
  return last === text.length || isBreak(text.charCodeAt(last))
    ? { plus, end: last }
    : undefined;
}

function digitsFrom(text: string, from: number): number {
  let end = from;
  for (
    let code = text.charCodeAt(end);
    code >= 0x30 && code <= 0x39;
    code = text.charCodeAt(end)
  )
    end++;
  return end;
}
