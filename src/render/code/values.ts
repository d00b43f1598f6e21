/**
 * Plain data (JSON values, schema descriptors) as a JavaScript literal,
 * for the formatter to lay out (module.ts). Spec text enters through the
 * escaping door only: string literals and keys.
 */
import { objectLiteralKey, stringLiteral } from "../../escape/typescript.js";
import { noMemo, type RenderMemo } from "../memo.js";

/** Data that can be printed: JSON values, plus `undefined` members, which are left out. */
export type PrintableValue =
  | string
  | number
  | boolean
  | null
  | readonly PrintableValue[]
  | { readonly [key: string]: PrintableValue | undefined };

/**
 * An item of an array that is written as a placeholder (see valueText):
 * `owner` is the item, `text` its literal on one line.
 */
export interface Piece {
  readonly owner: object;
  readonly text: string;
}

/** The placeholder of `pieces[index]`: an identifier too long for any line, so its array breaks. */
export function piecePlaceholder(index: number): string {
  return `remitgenPiece${index}${"_".repeat(80)}`;
}

/**
 * `value` as a literal on one line. An object or array that `memo` made
 * (the same object in every set) is printed once per run. With `pieces`,
 * the items of an array that a formatter breaks wherever it stands (two
 * or more objects of two or more members each), when `memo` made them,
 * are written as placeholders and added to `pieces`: laid out once per
 * run, wherever they stand (module.ts).
 */
export function valueText(
  value: PrintableValue,
  memo: RenderMemo = noMemo,
  pieces?: Piece[],
): string {
  const parts: string[] = [];
  writeValue(value, { memo, expanded: false, pieces }, parts);
  return parts.join("");
}

/**
 * `value` as a person writes an example: every non-empty object one
 * member per line, which a formatter keeping objects as they are
 * (prettier's `objectWrap: "preserve"`) leaves expanded.
 */
export function expandedValueText(value: PrintableValue): string {
  const parts: string[] = [];
  writeValue(value, { memo: noMemo, expanded: true }, parts);
  return parts.join("");
}

interface Style {
  readonly memo: RenderMemo;
  readonly expanded: boolean;
  readonly pieces?: Piece[] | undefined;
}

function writeValue(
  value: PrintableValue,
  style: Style,
  parts: string[],
): void {
  if (value === null) parts.push("null");
  else if (typeof value === "string") parts.push(stringLiteral(value));
  else if (typeof value === "number")
    parts.push(Object.is(value, -0) ? "-0" : String(value));
  else if (typeof value === "boolean") parts.push(String(value));
  // With pieces, a made value's text would keep placeholders of one file.
  else if (style.memo.made(value) && style.pieces === undefined)
    parts.push(
      style.memo.once(value as object, "value-text", () => {
        const own: string[] = [];
        writeComposite(value, style, own);
        return own.join("");
      }),
    );
  else writeComposite(value, style, parts);
}

function writeComposite(
  value: PrintableValue,
  style: Style,
  parts: string[],
): void {
  if (Array.isArray(value)) {
    const { pieces, memo } = style;
    if (
      pieces !== undefined &&
      value.length > 1 &&
      value.every(isPiece(memo))
    ) {
      parts.push("[");
      for (const item of value as readonly object[]) {
        const text = valueText(item as PrintableValue, memo);
        parts.push(
          piecePlaceholder(pieces.push({ owner: item, text }) - 1),
          ", ",
        );
      }
      parts.push("]");
      return;
    }
    parts.push("[");
    value.forEach((item: PrintableValue, index) => {
      if (index > 0) parts.push(", ");
      writeValue(item, style, parts);
    });
    parts.push("]");
    return;
  }
  const object = value as {
    readonly [key: string]: PrintableValue | undefined;
  };
  const separator = style.expanded ? ",\n" : ", ";
  let first = true;
  // Keys, not entries: no array of pairs per object (the data holds every schema).
  for (const key of Object.keys(object)) {
    const member = object[key];
    if (member === undefined) continue;
    parts.push(first ? (style.expanded ? "{\n" : "{ ") : separator);
    first = false;
    parts.push(objectLiteralKey(key), ": ");
    writeValue(member, style, parts);
  }
  parts.push(first ? "{}" : style.expanded ? ",\n}" : " }");
}

/** An object `memo` made, of two or more members: a formatter breaks an array of two or more. */
function isPiece(memo: RenderMemo): (item: PrintableValue) => boolean {
  return (item) => {
    if (!memo.made(item) || item === null || typeof item !== "object")
      return false;
    if (Array.isArray(item)) return false;
    let members = 0;
    for (const key in item)
      if ((item as Record<string, unknown>)[key] !== undefined) members++;
    return members > 1;
  };
}
