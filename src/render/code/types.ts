/**
 * Prints SchemaNodes as TypeScript types: interfaces for named objects,
 * unions of string literals for enums, arrays, nested object literals.
 */
import type CodeBlockWriter from "code-block-writer";
import { propertyKey, stringLiteral } from "../../escape/typescript.js";
import { schemaTypeName } from "../../names/names.js";
import type { SchemaNode } from "../../runtime/schema.js";
import { fits, writeDocComment } from "./writer.js";

/** The one-line form of a type, or undefined when it holds an object literal. */
export function inlineType(node: SchemaNode, qualifier: string): string | undefined {
  switch (node.kind) {
    case "ref":
      return `${qualifier}${schemaTypeName(node.name)}`;
    case "string":
      return "string";
    case "number":
    case "integer":
      return "number";
    case "boolean":
      return "boolean";
    case "enum":
      return node.values.map(stringLiteral).join(" | ");
    case "array": {
      const items = inlineType(node.items, qualifier);
      if (items === undefined) return undefined;
      return needsParens(node.items) ? `(${items})[]` : `${items}[]`;
    }
    case "object":
      return node.properties.length === 0 ? "Record<string, never>" : undefined;
  }
}

function needsParens(node: SchemaNode): boolean {
  return node.kind === "enum" && node.values.length > 1;
}

/**
 * Writes `prefix<type>suffix`, breaking unions and expanding object
 * literals the way prettier does. `qualifier` prefixes named types
 * (e.g. `types.`) when printed outside types.ts.
 */
export function writeType(
  writer: CodeBlockWriter,
  prefix: string,
  node: SchemaNode,
  suffix: string,
  qualifier: string,
): void {
  const inline = inlineType(node, qualifier);
  if (inline !== undefined && fits(writer, `${prefix}${inline}${suffix}`)) {
    writer.writeLine(`${prefix}${inline}${suffix}`);
    return;
  }
  if (node.kind === "enum") {
    writer.writeLine(prefix.trimEnd());
    writer.indent(() => {
      node.values.forEach((value, index) => {
        writer.writeLine(`| ${stringLiteral(value)}${index === node.values.length - 1 ? suffix : ""}`);
      });
    });
    return;
  }
  if (node.kind === "array") {
    if (needsParens(node.items)) {
      writer.writeLine(`${prefix}(`);
      writer.indent(() => {
        for (const value of (node.items as { values: readonly string[] }).values) {
          writer.writeLine(`| ${stringLiteral(value)}`);
        }
      });
      writer.writeLine(`)[]${suffix}`);
      return;
    }
    writeType(writer, prefix, node.items, `[]${suffix}`, qualifier);
    return;
  }
  if (node.kind === "object") {
    writer.writeLine(`${prefix}{`);
    writer.indent(() => writeMembers(writer, node.properties, qualifier));
    writer.writeLine(`}${suffix}`);
    return;
  }
  // Names and keywords never break.
  writer.writeLine(`${prefix}${inline ?? ""}${suffix}`);
}

/** Members of an object type, each with its TSDoc. */
export function writeMembers(
  writer: CodeBlockWriter,
  properties: readonly { name: string; required: boolean; schema: SchemaNode }[],
  qualifier: string,
): void {
  for (const property of properties) {
    writeDocComment(writer, schemaDoc(property.schema));
    const key = `${propertyKey(property.name)}${property.required ? "" : "?"}: `;
    writeType(writer, key, property.schema, ";", qualifier);
  }
}

/** Description, constraints and example of a schema, as doc paragraphs. */
export function schemaDoc(node: SchemaNode): string[] {
  const paragraphs: string[] = [];
  if (node.description) paragraphs.push(node.description);
  const facts: string[] = [];
  if (node.kind === "string") {
    if (node.format !== undefined) facts.push(`Format: ${node.format}.`);
    if (node.minLength !== undefined) facts.push(`Minimum length: ${node.minLength}.`);
    if (node.maxLength !== undefined) facts.push(`Maximum length: ${node.maxLength}.`);
    if (node.pattern !== undefined) facts.push(`Pattern: ${node.pattern}`);
  }
  if (node.kind === "number" || node.kind === "integer") {
    if (node.kind === "integer") facts.push("A whole number.");
    if (node.minimum !== undefined) facts.push(`Minimum: ${node.minimum}.`);
    if (node.maximum !== undefined) facts.push(`Maximum: ${node.maximum}.`);
  }
  if (node.kind === "array") {
    if (node.minItems !== undefined) facts.push(`At least ${node.minItems} items.`);
    if (node.maxItems !== undefined) facts.push(`At most ${node.maxItems} items.`);
  }
  if (facts.length > 0) paragraphs.push(facts.join(" "));
  if (node.example !== undefined) paragraphs.push(`Example: ${JSON.stringify(node.example)}`);
  return paragraphs;
}
