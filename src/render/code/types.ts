/**
 * SchemaNodes as TypeScript types: interfaces for named objects, unions of
 * literals for enums and unions of their variants, intersections for
 * `allOf`, `Record`s for maps, `| null` where null is allowed, nested object
 * literals with their members' docs. Printed plainly; the formatter lays
 * them out (module.ts).
 */
import type CodeBlockWriter from "code-block-writer";
import { propertyKey, stringLiteral } from "../../escape/typescript.js";
import { inputTypeName, schemaTypeName } from "../../names/names.js";
import type { PropertySchema, SchemaNode } from "../../runtime/schema.js";
import { valueText } from "./values.js";
import { writeDocComment } from "./writer.js";

/**
 * How a type is printed for one direction: the names references print, and
 * which one-way members are left out (`readOnly` ones of what a caller
 * sends, `writeOnly` ones of what the server answers; none, and every
 * one-way member optional, when the type serves both).
 */
export interface TypeNames {
  readonly ref: (name: string) => string;
  readonly leaves?: "readOnly" | "writeOnly";
}

/** Both directions in one type, references by their schema's type name. */
export const bothWays: TypeNames = { ref: schemaTypeName };

/** What the server answers: every reference by its schema's type name, no writeOnly member. */
export const answerNames: TypeNames = {
  ref: schemaTypeName,
  leaves: "writeOnly",
};

/**
 * What a caller sends: no readOnly member, and a reference to a schema
 * whose values differ by direction (`oneWay`) by its input type's name.
 */
export function inputNames(oneWay: ReadonlySet<string>): TypeNames {
  return {
    ref: (name) =>
      oneWay.has(name) ? inputTypeName(name) : schemaTypeName(name),
    leaves: "readOnly",
  };
}

/**
 * Writes `prefix<type>suffix`, e.g. `export type Name = ` and `;`.
 */
export function writeType(
  writer: CodeBlockWriter,
  prefix: string,
  node: SchemaNode,
  suffix: string,
  names: TypeNames,
): void {
  if (!holdsMembers(node)) {
    writer.writeLine(`${prefix}${inlineType(node, names)}${suffix}`);
    return;
  }
  // Whole lines only: an object's members on lines of their own (a
  // member's doc comment needs one), what is around them on its first and
  // last lines.
  const end = `${node.nullable === true ? " | null" : ""}${suffix}`;
  const nested = (child: SchemaNode, before: string, after: string): void => {
    const grouped = compound(child);
    writeType(
      writer,
      `${before}${grouped ? "(" : ""}`,
      child,
      `${grouped ? ")" : ""}${after}`,
      names,
    );
  };
  switch (node.kind) {
    case "object":
      if (node.properties.length === 0) {
        const values = node.additionalProperties as SchemaNode;
        writeType(writer, `${prefix}Record<string, `, values, `>${end}`, names);
        return;
      }
      writer.writeLine(`${prefix}{`);
      writer.indent(() => writeMembers(writer, node.properties, names, node));
      writer.writeLine(`}${end}`);
      return;
    case "array":
      nested(node.items, prefix, `[]${end}`);
      return;
    case "union":
    case "allOf": {
      const parts =
        node.kind === "union" ? unionMembers(node.variants) : node.parts;
      const last = parts.length - 1;
      parts.forEach((part, index) => {
        // Each variant after a `|` of its own, as a broken union is laid out.
        const before =
          node.kind === "union"
            ? `${index === 0 ? prefix : ""}| `
            : index === 0
              ? prefix
              : "& ";
        const after = index === last ? end : "";
        // A nested union left here allows null: grouped, as `| (A | B | null)`.
        if (node.kind === "allOf" || part.kind === "union")
          nested(part, before, after);
        else writeType(writer, before, part, after, names);
      });
      return;
    }
    default:
      return;
  }
}

/**
 * A union's variants, each nested union that does not allow null replaced
 * by its own variants: `A | (B | C)` is `A | B | C`, and printed so.
 */
function unionMembers(variants: readonly SchemaNode[]): SchemaNode[] {
  return variants.flatMap((variant) =>
    variant.kind === "union" && variant.nullable !== true
      ? unionMembers(variant.variants)
      : [variant],
  );
}

/** An object type with members, or a type that holds one at any depth. */
function holdsMembers(node: SchemaNode): boolean {
  switch (node.kind) {
    case "array":
      return holdsMembers(node.items);
    case "object":
      return (
        node.properties.length > 0 ||
        (typeof node.additionalProperties === "object" &&
          holdsMembers(node.additionalProperties))
      );
    case "union":
      return node.variants.some(holdsMembers);
    case "allOf":
      return node.parts.some(holdsMembers);
    default:
      return false;
  }
}

/** Whether a type prints as a union or intersection, which `[]` and `&` must group. */
function compound(node: SchemaNode): boolean {
  return (
    node.nullable === true ||
    (node.kind === "enum" && node.values.length > 1) ||
    (node.kind === "union" && node.variants.length > 1) ||
    (node.kind === "allOf" && node.parts.length > 1)
  );
}

/** `export type name = text;` for a type written as text (a name or keyword). */
export function writeTypeAlias(
  writer: CodeBlockWriter,
  name: string,
  text: string,
): void {
  writer.writeLine(`export type ${name} = ${text};`);
}

/**
 * Members of an object type, each after its TSDoc, and an index signature
 * for the other members its `owner` allows. A member that only one side
 * sends (`readOnly`, `writeOnly`) is optional, since one type serves both,
 * and a read-only one is `readonly`.
 */
export function writeMembers(
  writer: CodeBlockWriter,
  properties: readonly PropertySchema[],
  names: TypeNames,
  owner?: SchemaNode,
): void {
  for (const property of properties) {
    if (names.leaves !== undefined && property[names.leaves] === true) continue;
    const oneWay = property.readOnly === true || property.writeOnly === true;
    const optional =
      !property.required || (oneWay && names.leaves === undefined);
    writeDocComment(writer, [
      ...schemaDoc(property.schema),
      ...(property.readOnly === true
        ? ["Read-only: set by the server; a caller does not send it."]
        : []),
      ...(property.writeOnly === true
        ? ["Write-only: sent by the caller; the server does not answer it."]
        : []),
    ]);
    writeType(
      writer,
      `${property.readOnly === true ? "readonly " : ""}${propertyKey(property.name)}${optional ? "?" : ""}: `,
      property.schema,
      ";",
      names,
    );
  }
  const extra =
    owner?.kind === "object" ? owner.additionalProperties : undefined;
  if (extra !== undefined && extra !== false) {
    // Other members' values are of their own type, so the named members'
    // types need not fit the map's.
    writeDocComment(
      writer,
      typeof extra === "object"
        ? [`Other members: ${inlineText(extra, names)}.`]
        : ["Other members: any JSON value."],
    );
    writer.writeLine("[member: string]: unknown;");
  }
}

/** A type as text on one line, for a doc comment. */
function inlineText(node: SchemaNode, names: TypeNames): string {
  return holdsMembers(node) ? "an object" : inlineType(node, names);
}

/** A type that holds no object type with members, on one line. */
function inlineType(node: SchemaNode, names: TypeNames): string {
  const text = bareType(node, names);
  return node.nullable === true ? `${text} | null` : text;
}

function bareType(node: SchemaNode, names: TypeNames): string {
  const grouped = (child: SchemaNode): string =>
    compound(child)
      ? `(${inlineType(child, names)})`
      : inlineType(child, names);
  switch (node.kind) {
    case "ref":
      return names.ref(node.name);
    case "string":
      return "string";
    case "number":
    case "integer":
      return "number";
    case "boolean":
      return "boolean";
    case "any":
      return "unknown";
    case "const":
      return valueText(node.value);
    case "enum":
      return (
        node.values
          .map((value) =>
            typeof value === "string" ? stringLiteral(value) : valueText(value),
          )
          .join(" | ") || "never"
      );
    case "array":
      return `${grouped(node.items)}[]`;
    case "object":
      return node.additionalProperties === undefined ||
        node.additionalProperties === false
        ? "Record<string, never>"
        : `Record<string, ${node.additionalProperties === true ? "unknown" : inlineType(node.additionalProperties, names)}>`;
    case "union":
      return node.variants
        .map((variant) => inlineType(variant, names))
        .join(" | ");
    case "allOf":
      return node.parts.map(grouped).join(" & ");
  }
}

/** Description, constraints, default and example of a schema, as doc paragraphs. */
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
  if (node.kind === "union") {
    facts.push(
      node.mode === "oneOf"
        ? "Exactly one of the variants."
        : "One or more of the variants.",
    );
    if (node.discriminator !== undefined)
      facts.push(
        `The member ${JSON.stringify(node.discriminator.propertyName)} names the variant.`,
      );
  }
  if (facts.length > 0) paragraphs.push(facts.join(" "));
  if (node.default !== undefined)
    paragraphs.push(`Default: ${JSON.stringify(node.default)}`);
  if (node.example !== undefined)
    paragraphs.push(`Example: ${JSON.stringify(node.example)}`);
  return paragraphs;
}

/**
 * `export interface Name { ... }` for an object with members, else
 * `export type Name = ...;`.
 */
export function writeTypeDeclaration(
  writer: CodeBlockWriter,
  name: string,
  node: SchemaNode,
  names: TypeNames = bothWays,
): void {
  if (
    node.kind === "object" &&
    node.properties.length > 0 &&
    node.nullable !== true
  ) {
    writer.writeLine(`export interface ${name} {`);
    writer.indent(() => writeMembers(writer, node.properties, names, node));
    writer.writeLine("}");
  } else writeType(writer, `export type ${name} = `, node, ";", names);
}
