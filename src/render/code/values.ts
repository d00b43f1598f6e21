/**
 * Prints plain data (JSON values, schema descriptors) as a JavaScript
 * literal in prettier's style: objects always expanded, arrays on one line
 * when they fit, numbers filled, everything else one element per line.
 */
import type CodeBlockWriter from "code-block-writer";
import { objectLiteralKey, stringLiteral } from "../../escape/typescript.js";
import { fits, indentWidth, printWidth } from "./writer.js";
import { displayWidth } from "../../escape/typescript.js";

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
 * `writeValue(w, "export const api: MockApi = ", value, ";")`.
 */
export function writeValue(writer: CodeBlockWriter, prefix: string, value: PrintableValue, suffix: string): void {
  const inline = inlineForm(value);
  if (inline !== undefined && (isScalar(value) || fits(writer, `${prefix}${inline}${suffix}`))) {
    writer.writeLine(`${prefix}${inline}${suffix}`);
    return;
  }
  if (Array.isArray(value)) {
    writeArray(writer, prefix, value as readonly PrintableValue[], suffix);
    return;
  }
  const members = Object.entries(value as { [key: string]: PrintableValue | undefined }).filter(
    (entry): entry is [string, PrintableValue] => entry[1] !== undefined,
  );
  writer.writeLine(`${prefix}{`);
  writer.indent(() => {
    for (const [key, member] of members) writeValue(writer, `${objectLiteralKey(key)}: `, member, ",");
  });
  writer.writeLine(`}${suffix}`);
}

function writeArray(writer: CodeBlockWriter, prefix: string, items: readonly PrintableValue[], suffix: string): void {
  writer.writeLine(`${prefix}[`);
  writer.indent(() => {
    if (items.every((item) => typeof item === "number")) {
      // Prettier fills number arrays: as many per line as fit.
      const width = printWidth - indentWidth(writer);
      let line = "";
      for (const item of items) {
        const text = `${numberLiteral(item as number)},`;
        if (line === "") line = text;
        else if (displayWidth(line) + 1 + displayWidth(text) <= width) line += ` ${text}`;
        else {
          writer.writeLine(line);
          line = text;
        }
      }
      if (line !== "") writer.writeLine(line);
      return;
    }
    for (const item of items) writeValue(writer, "", item, ",");
  });
  writer.writeLine(`]${suffix}`);
}

function isScalar(value: PrintableValue): boolean {
  return value === null || typeof value !== "object";
}

/**
 * The one-line form, or undefined where prettier would break: any
 * non-empty object (we always print those expanded), and arrays that hold
 * several multi-element arrays.
 */
function inlineForm(value: PrintableValue): string | undefined {
  if (value === null) return "null";
  if (typeof value === "string") return stringLiteral(value);
  if (typeof value === "number") return numberLiteral(value);
  if (typeof value === "boolean") return String(value);
  if (Array.isArray(value)) {
    const items = value as readonly PrintableValue[];
    if (items.length === 0) return "[]";
    const concise = items.length > 1 && items.every((item) => Array.isArray(item) && item.length > 1);
    if (concise) return undefined;
    const parts: string[] = [];
    for (const item of items) {
      const part = inlineForm(item);
      if (part === undefined) return undefined;
      parts.push(part);
    }
    return `[${parts.join(", ")}]`;
  }
  const keys = Object.keys(value).filter((key) => (value as Record<string, unknown>)[key] !== undefined);
  return keys.length === 0 ? "{}" : undefined;
}

/** Numbers as prettier prints them: lowercase exponent, no `+`, no trailing `.0`. */
function numberLiteral(value: number): string {
  if (Object.is(value, -0)) return "-0";
  return String(value).replace("e+", "e");
}
