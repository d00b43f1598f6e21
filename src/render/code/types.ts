/**
 * SchemaNodes as TypeScript types: interfaces for named objects, unions of
 * string literals for enums, arrays, nested object literals with their
 * members' docs. Printed plainly; the formatter lays them out (module.ts).
 */
import type CodeBlockWriter from "code-block-writer";
import { propertyKey, stringLiteral } from "../../escape/typescript.js";
import { schemaTypeName } from "../../names/names.js";
import type { SchemaNode } from "../../runtime/schema.js";
import { writeDocComment } from "./writer.js";

type Property = {
  readonly name: string;
  readonly required: boolean;
  readonly schema: SchemaNode;
};

/**
 * Writes `prefix<type>suffix`, e.g. `export type Name = ` and `;`.
 * `qualifier` prefixes named types (e.g. `types.`) when printed outside
 * types.ts.
 */
export function writeType(
  writer: CodeBlockWriter,
  prefix: string,
  node: SchemaNode,
  suffix: string,
  qualifier: string,
): void {
  if (node.kind === "array" && holdsMembers(node.items)) {
    writeType(writer, prefix, node.items, `[]${suffix}`, qualifier);
  } else if (node.kind === "object" && node.properties.length > 0) {
    // Members on lines of their own: a member's doc comment needs one.
    writer.writeLine(`${prefix}{`);
    writer.indent(() => writeMembers(writer, node.properties, qualifier));
    writer.writeLine(`}${suffix}`);
  } else writer.writeLine(`${prefix}${inlineType(node, qualifier)}${suffix}`);
}

/** An object type with members, or an array of one at any depth. */
function holdsMembers(node: SchemaNode): boolean {
  if (node.kind === "array") return holdsMembers(node.items);
  return node.kind === "object" && node.properties.length > 0;
}

/** `export type name = text;` for a type written as text (a name or keyword). */
export function writeTypeAlias(
  writer: CodeBlockWriter,
  name: string,
  text: string,
): void {
  writer.writeLine(`export type ${name} = ${text};`);
}

/** Members of an object type, each after its TSDoc. */
export function writeMembers(
  writer: CodeBlockWriter,
  properties: readonly Property[],
  qualifier: string,
): void {
  for (const property of properties) {
    writeDocComment(writer, schemaDoc(property.schema));
    writeType(
      writer,
      `${propertyKey(property.name)}${property.required ? "" : "?"}: `,
      property.schema,
      ";",
      qualifier,
    );
  }
}

/** A type that holds no object type with members, on one line. */
function inlineType(node: SchemaNode, qualifier: string): string {
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
      return node.items.kind === "enum" && node.items.values.length > 1
        ? `(${items})[]`
        : `${items}[]`;
    }
    case "object":
      return "Record<string, never>";
  }
}

/** Description, constraints and example of a schema, as doc paragraphs. */
export function schemaDoc(node: SchemaNode): string[] {
  const paragraphs: string[] = [];
  if (node.description) paragraphs.push(node.description);
  const facts: string[] = [];
  if (node.kind === "string") {
    if (node.format !== undefined) facts.push(`Format: ${node.format}.`);
    if (node.minLength !== undefined)
      facts.push(`Minimum length: ${node.minLength}.`);
    if (node.maxLength !== undefined)
      facts.push(`Maximum length: ${node.maxLength}.`);
    if (node.pattern !== undefined) facts.push(`Pattern: ${node.pattern}`);
  }
  if (node.kind === "number" || node.kind === "integer") {
    if (node.kind === "integer") facts.push("A whole number.");
    if (node.minimum !== undefined) facts.push(`Minimum: ${node.minimum}.`);
    if (node.maximum !== undefined) facts.push(`Maximum: ${node.maximum}.`);
  }
  if (node.kind === "array") {
    if (node.minItems !== undefined)
      facts.push(`At least ${node.minItems} items.`);
    if (node.maxItems !== undefined)
      facts.push(`At most ${node.maxItems} items.`);
  }
  if (facts.length > 0) paragraphs.push(facts.join(" "));
  if (node.example !== undefined)
    paragraphs.push(`Example: ${JSON.stringify(node.example)}`);
  return paragraphs;
}
