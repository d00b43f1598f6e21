/**
 * Prints plain data (JSON values, schema descriptors) as a JavaScript
 * literal in prettier's style: objects and arrays on one line when they fit,
 * numbers filled, and object members broken after the colon by prettier's
 * assignment layouts. A value holding objects is written line by line once
 * it does not fit (prettier then keeps it expanded); other arrays are built
 * as prettier's estree printer builds them and laid out by the doc printer
 * (doc.ts).
 */
import type CodeBlockWriter from "code-block-writer";
import {
  displayWidth,
  objectLiteralKey,
  stringLiteral,
} from "../../escape/typescript.js";
import { noMemo, type RenderMemo } from "../memo.js";
import {
  fill,
  group,
  ifBreak,
  indent,
  indentIfBreak,
  join,
  line,
  softline,
  type Doc,
} from "./doc.js";
import {
  fits,
  indentWidth,
  printWidth,
  writeDoc,
  writeOnce,
} from "./writer.js";

/** Where a value is printed: TypeScript, or JavaScript (which prettier writes simple numeric keys unquoted in). */
export type Language = "ts" | "js";

/** Data that can be printed: JSON values, plus `undefined` members, which are left out. */
export type PrintableValue =
  | string
  | number
  | boolean
  | null
  | readonly PrintableValue[]
  | { readonly [key: string]: PrintableValue | undefined };

/**
 * Writes `prefix<value>suffix` starting on a new line, e.g.
 * `writeValue(w, "export const api: MockApi = ", value, ";", "ts")`.
 * A prefix ending in ` = ` is laid out as a declaration. In JavaScript
 * (`language` "js") prettier writes simple numeric keys unquoted.
 *
 * An object (or an array holding one) goes on one line when it fits, and
 * is otherwise written line by line. Everything else (scalars, arrays of
 * scalars and arrays) is laid out by the doc printer, exactly as prettier
 * lays it out.
 *
 * An item of a broken array that `memo` made (the same object in every
 * set) is printed once per run and its lines reused.
 */
export function writeValue(
  writer: CodeBlockWriter,
  prefix: string,
  value: PrintableValue,
  suffix: string,
  language: Language = "ts",
  memo: RenderMemo = noMemo,
): void {
  writeStyled(writer, prefix, value, suffix, {
    keys: language,
    memo,
    expandObjects: false,
  });
}

/**
 * As writeValue (TypeScript), but every non-empty object is written one
 * member per line, as a person writes an example; prettier keeps an object
 * expanded when its source breaks after `{`, so the layout is still
 * prettier's.
 */
export function writeExpandedValue(
  writer: CodeBlockWriter,
  prefix: string,
  value: PrintableValue,
  suffix: string,
): void {
  writeStyled(writer, prefix, value, suffix, {
    keys: "ts",
    memo: noMemo,
    expandObjects: true,
  });
}

function writeStyled(
  writer: CodeBlockWriter,
  prefix: string,
  value: PrintableValue,
  suffix: string,
  style: Style,
): void {
  if (prefix.endsWith(" = "))
    writeAssigned(
      writer,
      prefix.slice(0, -" = ".length),
      " =",
      value,
      suffix,
      style,
      false,
    );
  else if (holdsObject(value))
    writeObjectHolder(writer, prefix, value, suffix, style);
  else writeDoc(writer, [prefix, valueDoc(value, style.keys), suffix]);
}

/**
 * How keys are written (JavaScript writes simple numeric keys unquoted),
 * the run's memo, and whether objects are always expanded.
 */
interface Style {
  readonly keys: "ts" | "js";
  readonly memo: RenderMemo;
  readonly expandObjects: boolean;
}

/**
 * `left<operator> <value><suffix>` as prettier lays out an assignment or
 * an object member (see memberLayout).
 */
function writeAssigned(
  writer: CodeBlockWriter,
  left: string,
  operator: string,
  value: PrintableValue,
  suffix: string,
  style: Style,
  shortKey: boolean,
): void {
  if (holdsObject(value)) {
    // Broken for sure: it stays after the operator when its opening bracket fits there.
    const head = `${left}${operator} `;
    if (shortKey || fits(writer, `${head}${isArray(value) ? "[" : "{"}`))
      writeObjectHolder(writer, head, value, suffix, style);
    else {
      writer.writeLine(`${left}${operator}`);
      writer.indent(() => writeObjectHolder(writer, "", value, suffix, style));
    }
    return;
  }
  if (!isArray(value)) {
    // A value without a line break of its own: on the line when it fits, else on the next one.
    const text = scalarText(value);
    const whole = `${left}${operator} ${text}${suffix}`;
    if (shortKey || neverMoves(value) || fits(writer, whole))
      writer.writeLine(whole);
    else {
      writer.writeLine(`${left}${operator}`);
      writer.indent(() => writer.writeLine(`${text}${suffix}`));
    }
    return;
  }
  writeDoc(writer, [
    memberDoc(left, operator, value, style.keys, shortKey),
    suffix,
  ]);
}

/**
 * An object, or an array holding one, after `head`: on one line when it
 * fits there with what follows it, else broken (members then choose their
 * own layouts). prettier keeps an object expanded only when its source has
 * a line break after `{`, so one written on a single line stays there.
 */
function writeObjectHolder(
  writer: CodeBlockWriter,
  head: string,
  value: PrintableValue,
  suffix: string,
  style: Style,
): void {
  const room =
    printWidth -
    indentWidth(writer) -
    displayWidth(head) -
    displayWidth(suffix);
  const flat =
    room >= 0 && !style.expandObjects
      ? flatText(value, style.keys, { left: room })
      : undefined;
  if (flat !== undefined) writer.writeLine(`${head}${flat}${suffix}`);
  else writeBroken(writer, head, value, suffix, style);
}

/**
 * The value on one line, as prettier prints a group in flat mode, or
 * undefined when it is wider than `room.left` columns or prettier would
 * break it wherever it stands (several objects or arrays of more than one
 * member each, see arrayDoc). Gives up as soon as the room is used up, so
 * a large value costs no more than a line's worth of text.
 */
function flatText(
  value: PrintableValue,
  keys: "ts" | "js",
  room: { left: number },
): string | undefined {
  // Widths add up: the pieces join at ASCII punctuation.
  const take = (text: string): string | undefined =>
    (room.left -= displayWidth(text)) >= 0 ? text : undefined;
  if (value === null || typeof value !== "object")
    return take(scalarText(value));
  if (isArray(value)) {
    if (value.length === 0) return take("[]");
    if (breaksEveryItem(value) || take("[]") === undefined) return undefined;
    const items: string[] = [];
    for (const item of value) {
      if (items.length > 0 && take(", ") === undefined) return undefined;
      const text = flatText(item, keys, room);
      if (text === undefined) return undefined;
      items.push(text);
    }
    return `[${items.join(", ")}]`;
  }
  const object = value as ObjectValue;
  if (!hasMember(object)) return take("{}");
  if (take("{  }") === undefined) return undefined;
  const printed: string[] = [];
  // Keys, not entries: most objects here do not fit, and are given up a few members in.
  for (const key of Object.keys(object)) {
    const member = object[key];
    if (member === undefined) continue;
    if (printed.length > 0 && take(", ") === undefined) return undefined;
    const printedKey = take(`${objectLiteralKey(key, keys)}: `);
    if (printedKey === undefined) return undefined;
    const text = flatText(member, keys, room);
    if (text === undefined) return undefined;
    printed.push(printedKey + text);
  }
  return `{ ${printed.join(", ")} }`;
}

/** A value prettier always breaks (a non-empty object, or an array holding one), opened after `head`. */
function writeBroken(
  writer: CodeBlockWriter,
  head: string,
  value: PrintableValue,
  suffix: string,
  style: Style,
): void {
  const { keys, memo } = style;
  if (isArray(value)) {
    writer.writeLine(`${head}[`);
    writer.indent(() => {
      for (const item of value) {
        if (!holdsObject(item)) {
          if (!isArray(item)) writer.writeLine(`${scalarText(item)},`);
          else writeDoc(writer, [group(valueDoc(item, keys)), ","]);
        } else if (memo.made(item)) {
          // An item's lines depend only on the item, the indentation and the keys.
          writeOnce(writer, memo, item as object, `value:${keys}`, () =>
            writeObjectHolder(writer, "", item, ",", style),
          );
        } else {
          writeObjectHolder(writer, "", item, ",", style);
        }
      }
    });
    writer.writeLine(`]${suffix}`);
    return;
  }
  writer.writeLine(`${head}{`);
  writer.indent(() => {
    const object = value as ObjectValue;
    for (const key of Object.keys(object)) {
      const member = object[key];
      if (member === undefined) continue;
      const printed = objectLiteralKey(key, keys);
      writeAssigned(
        writer,
        printed,
        ":",
        member,
        ",",
        style,
        displayWidth(printed) < 5,
      );
    }
  });
  writer.writeLine(`}${suffix}`);
}

type ObjectValue = { readonly [key: string]: PrintableValue | undefined };

/** A non-empty object, or an array holding one at any depth. */
function holdsObject(value: PrintableValue): boolean {
  if (value === null || typeof value !== "object") return false;
  if (isArray(value)) return value.some(holdsObject);
  for (const key in value)
    if ((value as ObjectValue)[key] !== undefined) return true;
  return false;
}

/** The text of a value that has no line break of its own (scalars, `{}`). */
function scalarText(value: PrintableValue): string {
  if (value === null) return "null";
  if (typeof value === "string") return stringLiteral(value);
  if (typeof value === "number") return numberLiteral(value);
  if (typeof value === "boolean") return String(value);
  return isArray(value) ? "[]" : "{}";
}

/** Numbers and booleans never move to the next line after `:` or `=`. */
function neverMoves(value: PrintableValue): boolean {
  return (
    typeof value === "boolean" ||
    (typeof value === "number" && !isNegative(value))
  );
}

function valueDoc(value: PrintableValue, keys: "ts" | "js"): Doc {
  if (value === null) return "null";
  if (typeof value === "string") return stringLiteral(value);
  if (typeof value === "number") return numberLiteral(value);
  if (typeof value === "boolean") return String(value);
  if (isArray(value)) return arrayDoc(value, keys);
  const members = membersOf(value);
  if (members.length === 0) return "{}";
  const printed = members.map(([key, member]) => {
    const printedKey = objectLiteralKey(key, keys);
    return memberDoc(
      printedKey,
      ":",
      member,
      keys,
      displayWidth(printedKey) < 5,
    );
  });
  return group([
    "{",
    indent([line, join([",", line], printed)]),
    ifBreak(","),
    line,
    "}",
  ]);
}

function arrayDoc(items: readonly PrintableValue[], keys: "ts" | "js"): Doc {
  if (items.length === 0) return "[]";
  const id = Symbol("array");
  if (items.every((item) => typeof item === "number")) {
    // Prettier fills number arrays: as many per line as fit.
    const parts: Doc[] = [];
    items.forEach((item, index) => {
      if (index > 0) parts.push(line);
      const last = index === items.length - 1;
      parts.push([
        numberLiteral(item as number),
        last ? ifBreak(",", "", { groupId: id }) : ",",
      ]);
    });
    return group(["[", indent([softline, fill(parts)]), softline, "]"], { id });
  }
  const shouldBreak = breaksEveryItem(items);
  const printed = items.map((item) => group(valueDoc(item, keys)));
  return group(
    [
      "[",
      indent([softline, join([",", line], printed)]),
      ifBreak(","),
      softline,
      "]",
    ],
    { shouldBreak, id },
  );
}

/** Several arrays (or objects) of more than one element each: prettier puts one per line. */
function breaksEveryItem(items: readonly PrintableValue[]): boolean {
  return (
    items.length > 1 &&
    items.every((item, index) => {
      const next = items[index + 1];
      if (item === null || typeof item !== "object") return false;
      if (
        next !== undefined &&
        (next === null ||
          typeof next !== "object" ||
          isArray(next) !== isArray(item))
      )
        return false;
      return isArray(item) ? item.length > 1 : hasMember(item, 2);
    })
  );
}

/**
 * An object member (`key: value`) or declaration (`name = value`) as
 * prettier lays it out: after a key of under five columns nothing breaks;
 * a string moves to the next line when it does not fit
 * ("break-after-operator"); numbers and booleans never move; null,
 * negative numbers, arrays and objects move only when their first line
 * does not fit after the operator ("fluid").
 */
function memberDoc(
  left: string,
  operator: string,
  value: PrintableValue,
  keys: "ts" | "js",
  shortKey: boolean,
): Doc {
  const right = valueDoc(value, keys);
  if (shortKey || neverMoves(value))
    return group([group(left), operator, " ", right]);
  if (typeof value === "string")
    return group([group(left), operator, group(indent([line, right]))]);
  const id = Symbol("assignment");
  return group([
    group(left),
    operator,
    group(indent(line), { id }),
    indentIfBreak(right, id),
  ]);
}

/** Whether the object has at least `count` members that are not undefined. */
function hasMember(value: ObjectValue, count = 1): boolean {
  let found = 0;
  for (const key of Object.keys(value))
    if (value[key] !== undefined && ++found >= count) return true;
  return false;
}

function membersOf(value: ObjectValue): [string, PrintableValue][] {
  return Object.entries(value).filter(
    (entry): entry is [string, PrintableValue] => entry[1] !== undefined,
  );
}

function isArray(value: PrintableValue): value is readonly PrintableValue[] {
  return Array.isArray(value);
}

/** Printed with a minus sign: a unary expression to prettier, not a number literal. */
function isNegative(value: number): boolean {
  return value < 0 || Object.is(value, -0);
}

/** Numbers as prettier prints them: lowercase exponent, no `+`, no trailing `.0`. */
function numberLiteral(value: number): string {
  if (Object.is(value, -0)) return "-0";
  return String(value).replace("e+", "e");
}
