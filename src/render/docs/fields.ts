/**
 * Field tables for payload schemas: one row per member, nested inline
 * objects flattened as `parent.child` (`parent[].child` inside arrays),
 * named schemas referenced by their TypeScript type name and written once
 * per package, on its schemas page.
 */
import type { PayloadModel, SchemaNode } from "../../model/types.js";
import { mergeAllOf } from "../../runtime/mock/validate.js";
import { childSchemas } from "../../runtime/schema.js";
import { schemaTypeName } from "../../names/names.js";
import { compareText } from "../../model/resolve.js";
import {
  cellText,
  codeSpan,
  headingAnchors,
  inlineText,
  table,
} from "../../escape/markdown.js";

type Schemas = ReadonlyMap<string, SchemaNode>;

const header = ["Field", "Type", "Required", "Description", "Constraints"];

/** The TypeScript-facing type of a schema, as plain text. */
export function typeText(schema: SchemaNode): string {
  const text = bareTypeText(schema);
  return schema.nullable === true ? `${text} | null` : text;
}

function bareTypeText(schema: SchemaNode): string {
  // Unions and intersections grouped where `[]` or `&` binds closer.
  const grouped = (child: SchemaNode): string => {
    const text = typeText(child);
    return / [|&] /.test(text) ? `(${text})` : text;
  };
  switch (schema.kind) {
    case "ref":
      return schemaTypeName(schema.name);
    case "array":
      return `${grouped(schema.items)}[]`;
    case "enum":
      return (
        schema.values.map((value) => JSON.stringify(value)).join(" | ") ||
        "never"
      );
    case "const":
      return JSON.stringify(schema.value);
    case "any":
      return "unknown";
    case "union":
      return schema.variants.map(typeText).join(" | ");
    case "allOf":
      return schema.parts.map(grouped).join(" & ");
    case "object": {
      const extra = schema.additionalProperties;
      return schema.properties.length > 0 ||
        extra === undefined ||
        extra === false
        ? "object"
        : `Record<string, ${extra === true ? "unknown" : typeText(extra)}>`;
    }
    default:
      return schema.kind;
  }
}

/** A schema's constraints as short phrases, e.g. `max length 34`. */
export function constraints(schema: SchemaNode): string[] {
  const out: string[] = [];
  const code = (text: string): string => codeSpan(text, { table: true });
  switch (schema.kind) {
    case "string":
      if (schema.format !== undefined)
        out.push(`format ${code(schema.format)}`);
      if (schema.minLength !== undefined)
        out.push(`min length ${schema.minLength}`);
      if (schema.maxLength !== undefined)
        out.push(`max length ${schema.maxLength}`);
      if (schema.pattern !== undefined)
        out.push(`pattern ${code(schema.pattern)}`);
      break;
    case "number":
    case "integer":
      if (schema.minimum !== undefined) out.push(`minimum ${schema.minimum}`);
      if (schema.maximum !== undefined) out.push(`maximum ${schema.maximum}`);
      break;
    case "array":
      if (schema.minItems !== undefined)
        out.push(`min items ${schema.minItems}`);
      if (schema.maxItems !== undefined)
        out.push(`max items ${schema.maxItems}`);
      out.push(...constraints(schema.items).map((text) => `items: ${text}`));
      break;
    case "union":
      out.push(
        schema.mode === "oneOf"
          ? "exactly one variant"
          : "one or more variants",
      );
      if (schema.discriminator !== undefined)
        out.push(`variant named by ${code(schema.discriminator.propertyName)}`);
      break;
    case "object": {
      const extra = schema.additionalProperties;
      if (
        schema.properties.length > 0 &&
        extra !== undefined &&
        extra !== false
      )
        out.push(
          `other members: ${code(extra === true ? "unknown" : typeText(extra))}`,
        );
      break;
    }
    default:
      // An enum's values and a constant are its type, in the Type column.
      break;
  }
  if (schema.default !== undefined)
    out.push(`default ${code(JSON.stringify(schema.default))}`);
  return out;
}

function description(schema: SchemaNode): string {
  const parts: string[] = [];
  if (schema.description !== undefined && schema.description.trim() !== "")
    parts.push(cellText(schema.description));
  if (schema.example !== undefined)
    parts.push(
      `Example: ${codeSpan(JSON.stringify(schema.example), { table: true })}`,
    );
  return parts.join(" ");
}

interface Row {
  readonly name: string;
  readonly schema: SchemaNode;
  readonly required: boolean | undefined;
  readonly readOnly?: boolean;
  readonly writeOnly?: boolean;
}

/** Rows of an object's members, flattening inline objects; refs are collected. */
function rows(
  schema: SchemaNode,
  prefix: string,
  refs: Set<string>,
  out: Row[],
): void {
  if (schema.kind !== "object") return;
  for (const property of schema.properties) {
    const name = `${prefix}${property.name}`;
    out.push({ ...property, name });
    collectRefs(property.schema, refs);
    if (property.schema.kind === "object")
      rows(property.schema, `${name}.`, refs, out);
    if (
      property.schema.kind === "array" &&
      property.schema.items.kind === "object"
    ) {
      rows(property.schema.items, `${name}[].`, refs, out);
    }
  }
}

/** Named schemas a type refers to outside inline objects' members (which rows collect). */
function collectRefs(schema: SchemaNode, refs: Set<string>): void {
  if (schema.kind === "ref") refs.add(schema.name);
  if (schema.kind === "union" && schema.discriminator !== undefined)
    for (const entry of schema.discriminator.mapping) refs.add(entry.schema);
  if (
    schema.kind === "object" &&
    typeof schema.additionalProperties === "object"
  )
    collectRefs(schema.additionalProperties, refs);
  if (schema.kind !== "object")
    for (const child of childSchemas(schema)) collectRefs(child, refs);
}

function renderRows(list: readonly Row[]): string {
  return table(
    header,
    list.map((row) => [
      row.name === "" ? "_(body)_" : codeSpan(row.name, { table: true }),
      codeSpan(typeText(row.schema), { table: true }),
      row.required === undefined ? "" : row.required ? "yes" : "no",
      description(row.schema),
      [
        ...(row.readOnly === true ? ["read-only: not sent in requests"] : []),
        ...(row.writeOnly === true ? ["write-only: not in responses"] : []),
        ...constraints(row.schema),
      ].join("; "),
    ]),
  );
}

/** The fields of one schema: a table, or a sentence when it has none. */
function schemaFields(
  given: SchemaNode,
  refs: Set<string>,
  schemas: Schemas,
): string {
  // An allOf of objects is shown as the one object its parts add up to.
  const merged =
    given.kind === "allOf" ? mergeAllOf(given, schemas) : undefined;
  const schema: SchemaNode =
    merged === undefined
      ? given
      : {
          ...merged,
          ...(given.description !== undefined
            ? { description: given.description }
            : {}),
        };
  if (
    schema.kind === "object" &&
    (schema.properties.length > 0 ||
      schema.additionalProperties === undefined ||
      schema.additionalProperties === false)
  ) {
    const list: Row[] = [];
    rows(schema, "", refs, list);
    const intro =
      schema.description !== undefined && schema.description.trim() !== ""
        ? `${inlineText(schema.description)}\n\n`
        : "";
    if (list.length === 0) return `${intro}An object with no stated fields.`;
    return intro + renderRows(list);
  }
  collectRefs(schema, refs);
  if (schema.kind === "array" && schema.items.kind === "object") {
    const list: Row[] = [{ name: "", schema, required: undefined }];
    rows(schema.items, "[].", refs, list);
    return renderRows(list);
  }
  return renderRows([{ name: "", schema, required: undefined }]);
}

/**
 * A payload's section: the spec's words when it is not shown, else its
 * TypeScript type (when it has one) and field table. Named schemas its
 * fields refer to are added to `refs`, for the package's schemas page.
 */
export function payloadMarkdown(
  payload: PayloadModel,
  typeName: string | undefined,
  schemas: Schemas,
  refs: Set<string>,
): string {
  if (payload.kind === "not-shown") {
    const any =
      typeName !== undefined
        ? [
            `Until the spec states it, ${codeSpan(typeName)} is any JSON object (${codeSpan("JsonObject")}).`,
          ]
        : [];
    return [inlineText(payload.text), ...any].join("\n\n");
  }
  if (payload.kind === "none") return "No body.";
  const schema = payload.schema;
  const typed =
    typeName !== undefined ? `Type: ${codeSpan(typeName)}` : "Payload";
  if (schema.kind === "ref") {
    const target = schemas.get(schema.name);
    const named = schemaTypeName(schema.name);
    const lead =
      named === typeName
        ? `${typed}.`
        : `${typed}, the schema ${codeSpan(named)}.`;
    if (target === undefined) return lead;
    return `${lead}\n\n${schemaFields(target, refs, schemas)}`;
  }
  return `${typed}.\n\n${schemaFields(schema, refs, schemas)}`;
}

/** One named schema on the package's schemas page. */
export interface SchemaEntry {
  readonly name: string;
  readonly typeName: string;
  /** The anchor GitHub gives its heading. */
  readonly anchor: string;
  /** `## \`TypeName\`` and its field table. */
  readonly section: string;
}

/** The package's schemas page: its schemas, sorted by type name. */
export interface SchemaPage {
  readonly entries: readonly SchemaEntry[];
}

/**
 * The named schemas fields refer to (`refs`), following references inside
 * them too, each written once for the package however many operations
 * reach it: a schema rich in references (Stripe's reach most of the API)
 * would otherwise be written out on every operation's page.
 */
export function schemaPage(
  refs: Iterable<string>,
  schemas: Schemas,
): SchemaPage {
  const bodies = new Map<string, string>();
  const queue = [...refs];
  while (queue.length > 0) {
    const name = queue.pop()!;
    const schema = schemas.get(name);
    if (bodies.has(name) || schema === undefined) continue;
    const nested = new Set<string>();
    bodies.set(name, schemaFields(schema, nested, schemas));
    queue.push(...nested);
  }
  const sorted = [...bodies.keys()]
    .map((name) => ({ name, typeName: schemaTypeName(name) }))
    .sort((a, b) => compareText(a.typeName, b.typeName));
  const anchors = headingAnchors(sorted.map((each) => each.typeName));
  return {
    entries: sorted.map((each, index) => ({
      ...each,
      anchor: anchors[index]!,
      section: `## ${codeSpan(each.typeName)}\n\n${bodies.get(each.name)!}`,
    })),
  };
}
