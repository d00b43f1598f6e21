/**
 * JSON text laid out exactly as prettier's `json` parser lays it out, so
 * generated `.json` files (OpenAPI documents) need no formatter: objects
 * one member per line, arrays on one line when they fit, numbers filled,
 * and never a break after a colon.
 */
import type { JsonValue } from "../../runtime/json.js";
import { fill, group, hardline, indent, join, line, printDoc, softline, type Doc } from "./doc.js";

/** The whole file: formatted value and a final newline. */
export function jsonFile(value: JsonValue): string {
  return `${printDoc(jsonDoc(value), 80)}\n`;
}

function jsonDoc(value: JsonValue): Doc {
  if (value === null || typeof value === "boolean") return String(value);
  if (typeof value === "number") return numberText(value);
  if (typeof value === "string") return JSON.stringify(value);
  if (Array.isArray(value)) return arrayDoc(value);
  return objectDoc(value as { readonly [key: string]: JsonValue });
}

/** JSON.stringify's number, as prettier prints it (`1e+21` -> `1e21`). */
function numberText(value: number): string {
  return JSON.stringify(value).replace("e+", "e");
}

function objectDoc(value: { readonly [key: string]: JsonValue }): Doc {
  const members = Object.keys(value).filter((key) => value[key] !== undefined);
  if (members.length === 0) return "{}";
  // prettier keeps an object broken when its source had a newline after `{`,
  // as every JSON.stringify-style document has.
  const printed = members.map((key) => [JSON.stringify(key), ": ", jsonDoc(value[key]!)]);
  return group(["{", indent([hardline, join([",", hardline], printed)]), hardline, "}"], { shouldBreak: true });
}

function arrayDoc(items: readonly JsonValue[]): Doc {
  if (items.length === 0) return "[]";
  if (items.length > 1 && items.every((item) => typeof item === "number")) {
    // prettier fills arrays of numbers: as many per line as fit.
    const parts: Doc[] = [];
    items.forEach((item, index) => {
      const last = index === items.length - 1;
      parts.push([numberText(item as number), last ? "" : ","]);
      if (!last) parts.push(line);
    });
    return group(["[", indent([softline, fill(parts)]), softline, "]"]);
  }
  const printed = items.map(jsonDoc);
  return group(["[", indent([softline, join([",", line], printed)]), softline, "]"], {
    shouldBreak: breaksEveryItem(items),
  });
}

/** prettier breaks an array of two or more objects (or arrays) that each hold more than one member. */
function breaksEveryItem(items: readonly JsonValue[]): boolean {
  if (items.length < 2) return false;
  const first = items[0];
  const firstIsArray = Array.isArray(first);
  return items.every((item) => {
    if (item === null || typeof item !== "object" || Array.isArray(item) !== firstIsArray) return false;
    return Array.isArray(item) ? item.length > 1 : Object.keys(item).length > 1;
  });
}
