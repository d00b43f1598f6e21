/**
 * JSON files as `JSON.stringify(value, null, 2)` writes them, which is
 * also how prettier prints a package.json (its `json-stringify` parser):
 * every object and array broken, one member per line. No layout is
 * computed: native serialisation is several times faster than walking
 * megabytes of OpenAPI document in JavaScript.
 */
import type { JsonObject, JsonValue } from "../../runtime/json.js";

/** The whole file: the value and a final newline. */
export function jsonFile(value: JsonValue): string {
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
  return { key, value, depth, text };
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
  const laid = text;
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

function leadingSpaces(text: string, from: number): number {
  let at = from;
  while (text[at] === " ") at++;
  return at - from;
}
