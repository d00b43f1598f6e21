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
 * `value` as a literal on one line. An object or array that `memo` made
 * (the same object in every set) is printed once per run.
 */
export function valueText(
  value: PrintableValue,
  memo: RenderMemo = noMemo,
): string {
  const parts: string[] = [];
  writeValue(value, { memo, expanded: false }, parts);
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
  else if (style.memo.made(value))
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
