/**
 * Prints SchemaNodes as TypeScript types: interfaces for named objects,
 * unions of string literals for enums, arrays, nested object literals.
 * Types are built as prettier's estree printer builds them (unions,
 * parenthesised unions in arrays, type arguments, assignment layouts) and
 * laid out by the doc printer, so prettier leaves them unchanged.
 */
import type CodeBlockWriter from "code-block-writer";
import { propertyKey, stringLiteral } from "../../escape/typescript.js";
import { schemaTypeName } from "../../names/names.js";
import type { SchemaNode } from "../../runtime/schema.js";
import {
  group,
  hardline,
  ifBreak,
  indent,
  indentIfBreak,
  join,
  line,
  softline,
  type Doc,
} from "./doc.js";
import {
  docCommentLines,
  indentWidth,
  writeDoc,
  writeDocComment,
} from "./writer.js";

/** The one-line form of a type, or undefined when it holds an object literal. */
export function inlineType(
  node: SchemaNode,
  qualifier: string,
): string | undefined {
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
      return isUnion(node.items) ? `(${items})[]` : `${items}[]`;
    }
    case "object":
      return node.properties.length === 0 ? "Record<string, never>" : undefined;
  }
}

function isUnion(node: SchemaNode): boolean {
  return node.kind === "enum" && node.values.length > 1;
}

/** Where a type stands: prettier prints unions differently in each place. */
type Place = "member" | "alias" | "array";

/**
 * The doc of a type. `column` is where the enclosing member starts, to
 * wrap the doc comments of nested members.
 */
function typeDoc(
  node: SchemaNode,
  qualifier: string,
  place: Place,
  column: number,
): Doc {
  switch (node.kind) {
    case "ref":
    case "string":
    case "number":
    case "integer":
    case "boolean":
      return inlineType(node, qualifier)!;
    case "enum": {
      if (node.values.length === 1) return stringLiteral(node.values[0]!);
      // group([ifBreak("| "), A, line, "| ", B, ...])
      const union = group([
        ifBreak("| "),
        join([line, "| "], node.values.map(stringLiteral)),
      ]);
      if (place === "array")
        return ["(", group([indent([softline, union]), softline]), ")"];
      if (place === "alias") return union;
      return group(indent([softline, union]));
    }
    case "array":
      return [typeDoc(node.items, qualifier, "array", column), "[]"];
    case "object": {
      if (node.properties.length === 0) {
        return [
          "Record",
          group([
            "<",
            indent([softline, join([",", line], ["string", "never"])]),
            softline,
            ">",
          ]),
        ];
      }
      const inner = column + 2;
      const members = node.properties.map((property) => [
        ...commentDocs(schemaDoc(property.schema), inner),
        memberDoc(property, qualifier, inner),
      ]);
      return group(
        [
          "{",
          indent([line, join([";", line], members)]),
          ifBreak(";"),
          line,
          "}",
        ],
        { shouldBreak: true },
      );
    }
  }
}

/** A doc comment as doc lines, each followed by a hard break. */
function commentDocs(paragraphs: readonly string[], column: number): Doc[] {
  return docCommentLines(paragraphs, column).flatMap((text) => [
    text,
    hardline,
  ]);
}

function memberDoc(
  property: { name: string; required: boolean; schema: SchemaNode },
  qualifier: string,
  column: number,
): Doc {
  return [
    propertyKey(property.name),
    property.required ? "" : "?",
    ": ",
    typeDoc(property.schema, qualifier, "member", column),
  ];
}

/**
 * Writes `prefix<type>suffix` as prettier prints it. `prefix` is either a
 * type alias head, `export type Name = `, or a member head, `key?: `.
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
  const column = indentWidth(writer);
  if (prefix.endsWith(" = ")) {
    const left = prefix.slice(0, -" = ".length);
    const right = typeDoc(node, qualifier, "alias", column);
    writeDoc(writer, [assignment(left, " =", right, isUnion(node)), suffix]);
    return;
  }
  writeDoc(writer, [
    prefix,
    typeDoc(node, qualifier, "member", column),
    suffix,
  ]);
}

/** `export type name = text;` for a type written as text (a name or keyword), as prettier lays it out. */
export function writeTypeAlias(
  writer: CodeBlockWriter,
  name: string,
  text: string,
): void {
  writeDoc(writer, [assignment(`export type ${name}`, " =", text, false), ";"]);
}

/**
 * A type alias as prettier lays it out: a union breaks after `=` and then
 * between members ("break-after-operator"); anything else moves to the
 * next line only when its first line does not fit after `=` ("fluid").
 */
function assignment(
  left: string,
  operator: string,
  right: Doc,
  union: boolean,
): Doc {
  if (union)
    return group([group(left), operator, group(indent([line, right]))]);
  const id = Symbol("assignment");
  return group([
    group(left),
    operator,
    group(indent(line), { id }),
    indentIfBreak(right, id),
  ]);
}

/** Members of an object type, each with its TSDoc. */
export function writeMembers(
  writer: CodeBlockWriter,
  properties: readonly {
    name: string;
    required: boolean;
    schema: SchemaNode;
  }[],
  qualifier: string,
): void {
  for (const property of properties) {
    writeDocComment(writer, schemaDoc(property.schema));
    // A type with no break in it (a name, a keyword, an array of either) is
    // a doc of plain text: the doc printer would only join it.
    const plain = isUnbreakable(property.schema)
      ? inlineType(property.schema, qualifier)
      : undefined;
    if (plain !== undefined)
      writer.writeLine(
        `${propertyKey(property.name)}${property.required ? "" : "?"}: ${plain};`,
      );
    else
      writeDoc(writer, [
        memberDoc(property, qualifier, indentWidth(writer)),
        ";",
      ]);
  }
}

/** Whether typeDoc gives plain text for this type: no union, no object literal, at any depth. */
function isUnbreakable(node: SchemaNode): boolean {
  switch (node.kind) {
    case "ref":
    case "string":
    case "number":
    case "integer":
    case "boolean":
      return true;
    case "enum":
      return node.values.length === 1;
    case "array":
      return isUnbreakable(node.items);
    case "object":
      return false;
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
