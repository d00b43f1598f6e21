/**
 * JSON text laid out exactly as prettier's `json` parser lays it out, so
 * generated `.json` files (OpenAPI documents) need no formatter: objects
 * one member per line, arrays on one line when they fit, numbers filled,
 * and never a break after a colon.
 *
 * Written straight into an array of strings rather than through the doc
 * printer: in JSON only arrays ever choose a layout, and an OpenAPI
 * document of thousands of operations is megabytes of text.
 */
import type { JsonValue } from "../../runtime/json.js";
import { displayWidth } from "../../escape/typescript.js";
import { noMemo, type RenderMemo } from "../memo.js";

const printWidth = 80;

/**
 * The whole file: formatted value and a final newline. An object that
 * `memo` made (the same object in every set) is printed once per run at
 * each indentation and its text reused.
 */
export function jsonFile(value: JsonValue, memo: RenderMemo = noMemo): string {
  const out: string[] = [];
  writeValue(out, value, 0, 0, "", memo);
  out.push("\n");
  return out.join("");
}

type JsonObject = { readonly [key: string]: JsonValue };

/**
 * Writes `value` at column `column` (where its first character goes), in a
 * block indented by `indent` spaces; `after` is what follows it on its line
 * (`,` or nothing), which must fit as well.
 */
function writeValue(out: string[], value: JsonValue, indent: number, column: number, after: string, memo: RenderMemo): void {
  if (value === null || typeof value !== "object") {
    out.push(scalarText(value));
    return;
  }
  if (Array.isArray(value)) {
    writeArray(out, value, indent, column, after, memo);
    return;
  }
  if (memo.made(value)) {
    // An object always breaks, so its text depends only on its indentation.
    out.push(
      memo.once(value, `json@${indent}`, () => {
        const text: string[] = [];
        writeObject(text, value as JsonObject, indent, memo);
        return text.join("");
      }),
    );
    return;
  }
  writeObject(out, value as JsonObject, indent, memo);
}

function writeObject(out: string[], value: JsonObject, indent: number, memo: RenderMemo): void {
  const keys = Object.keys(value).filter((key) => value[key] !== undefined);
  if (keys.length === 0) {
    out.push("{}");
    return;
  }
  // prettier keeps an object broken when its source had a newline after `{`,
  // as every JSON.stringify-style document has.
  const inner = indent + 2;
  const pad = " ".repeat(inner);
  out.push("{");
  keys.forEach((key, index) => {
    const last = index === keys.length - 1;
    const head = `${JSON.stringify(key)}: `;
    out.push("\n", pad, head);
    writeValue(out, value[key]!, inner, inner + displayWidth(head), last ? "" : ",", memo);
    if (!last) out.push(",");
  });
  out.push("\n", " ".repeat(indent), "}");
}

function writeArray(
  out: string[],
  items: readonly JsonValue[],
  indent: number,
  column: number,
  after: string,
  memo: RenderMemo,
): void {
  if (items.length === 0) {
    out.push("[]");
    return;
  }
  const flat = flatText(items);
  // One line when it fits with what follows it (a group in prettier's terms).
  if (flat !== undefined && !breaksEveryItem(items) && column + displayWidth(flat) + after.length <= printWidth) {
    out.push(flat);
    return;
  }
  const inner = indent + 2;
  const pad = " ".repeat(inner);
  out.push("[");
  if (items.length > 1 && items.every((item) => typeof item === "number")) {
    writeFilledNumbers(out, items as readonly number[], inner);
  } else {
    items.forEach((item, index) => {
      const last = index === items.length - 1;
      out.push("\n", pad);
      writeValue(out, item, inner, inner, last ? "" : ",", memo);
      if (!last) out.push(",");
    });
  }
  out.push("\n", " ".repeat(indent), "]");
}

/**
 * prettier's fill: each number joins the line when it and the next one fit
 * after it; the trailing `]` does not count.
 */
function writeFilledNumbers(out: string[], numbers: readonly number[], indent: number): void {
  const texts = numbers.map((number, index) => numberText(number) + (index === numbers.length - 1 ? "" : ","));
  out.push("\n", " ".repeat(indent));
  let column = indent;
  texts.forEach((text, index) => {
    out.push(text);
    const next = texts[index + 1];
    if (next === undefined) return;
    if (column + text.length + 1 + next.length <= printWidth) {
      out.push(" ");
      column += text.length + 1;
    } else {
      out.push("\n", " ".repeat(indent));
      column = indent;
    }
  });
}

/** The array on one line, or undefined when it holds an object (objects always break). */
function flatText(items: readonly JsonValue[]): string | undefined {
  const parts: string[] = [];
  for (const item of items) {
    if (item === null || typeof item !== "object") parts.push(scalarText(item));
    else if (Array.isArray(item)) {
      if (item.length === 0) parts.push("[]");
      else {
        const inner = flatText(item);
        if (inner === undefined) return undefined;
        parts.push(inner);
      }
    } else if (Object.keys(item).some((key) => (item as JsonObject)[key] !== undefined)) return undefined;
    else parts.push("{}");
  }
  return `[${parts.join(", ")}]`;
}

function scalarText(value: JsonValue): string {
  if (typeof value === "number") return numberText(value);
  return JSON.stringify(value);
}

/** JSON.stringify's number, as prettier prints it (`1e+21` -> `1e21`). */
function numberText(value: number): string {
  return JSON.stringify(value).replace("e+", "e");
}

/** prettier breaks an array of two or more objects (or arrays) that each hold more than one member. */
function breaksEveryItem(items: readonly JsonValue[]): boolean {
  if (items.length < 2) return false;
  const firstIsArray = Array.isArray(items[0]);
  return items.every((item) => {
    if (item === null || typeof item !== "object" || Array.isArray(item) !== firstIsArray) return false;
    return Array.isArray(item) ? item.length > 1 : Object.keys(item).length > 1;
  });
}
