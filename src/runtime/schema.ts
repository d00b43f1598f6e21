import type { JsonValue } from "./json.js";

/**
 * The schema subset remitgen understands, as plain data. The generator's
 * model and the generated mock handlers share this one shape.
 */
export type SchemaNode =
  | ObjectSchema
  | StringSchema
  | NumberSchema
  | BooleanSchema
  | EnumSchema
  | ArraySchema
  | RefSchema
  | UnionSchema
  | AllOfSchema
  | ConstSchema
  | AnySchema;

interface SchemaCommon {
  readonly description?: string;
  readonly example?: JsonValue;
  /** `null` is a value too, besides the node's own (OpenAPI's `nullable: true`). */
  readonly nullable?: boolean;
  /** The value a server assumes when the member is left out; shown in docs and samples. */
  readonly default?: JsonValue;
}

export interface ObjectSchema extends SchemaCommon {
  readonly kind: "object";
  /** Members in spec order. An array, not a record, so any name is safe. */
  readonly properties: readonly PropertySchema[];
  /**
   * Members besides `properties`: none (left out, or `false`), any JSON
   * value (`true`), or values of one schema (a map).
   */
  readonly additionalProperties?: boolean | SchemaNode;
}

export interface PropertySchema {
  readonly name: string;
  readonly required: boolean;
  readonly schema: SchemaNode;
  /** Set by the server only: left out of what a caller sends. */
  readonly readOnly?: boolean;
  /** Sent by the caller only: left out of what the server answers. */
  readonly writeOnly?: boolean;
}

export interface StringSchema extends SchemaCommon {
  readonly kind: "string";
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly pattern?: string;
  /** "date", "date-time", "email", "uri", "uuid" or a free label. */
  readonly format?: string;
}

export interface NumberSchema extends SchemaCommon {
  readonly kind: "number" | "integer";
  readonly minimum?: number;
  readonly maximum?: number;
}

export interface BooleanSchema extends SchemaCommon {
  readonly kind: "boolean";
}

/** One of a list of strings or numbers. */
export interface EnumSchema extends SchemaCommon {
  readonly kind: "enum";
  readonly values: readonly (string | number)[];
}

export interface ArraySchema extends SchemaCommon {
  readonly kind: "array";
  readonly items: SchemaNode;
  readonly minItems?: number;
  readonly maxItems?: number;
}

/** A reference to a named schema of the same spec. */
export interface RefSchema extends SchemaCommon {
  readonly kind: "ref";
  readonly name: string;
}

/**
 * A value of one of several schemas: `oneOf` exactly one variant accepts
 * it, `anyOf` at least one does.
 */
export interface UnionSchema extends SchemaCommon {
  readonly kind: "union";
  readonly mode: "oneOf" | "anyOf";
  readonly variants: readonly SchemaNode[];
  readonly discriminator?: Discriminator;
}

/**
 * The member whose value names an object's variant. Every variant is a
 * reference; a value maps to the schema `mapping` names, or else to the
 * schema of that very name.
 */
export interface Discriminator {
  readonly propertyName: string;
  /** In spec order. An array, not a record, so any value is safe. */
  readonly mapping: readonly {
    readonly value: string;
    readonly schema: string;
  }[];
}

/** A value every part accepts: objects whose members add up. */
export interface AllOfSchema extends SchemaCommon {
  readonly kind: "allOf";
  readonly parts: readonly SchemaNode[];
}

/** Exactly this JSON value. */
export interface ConstSchema extends SchemaCommon {
  readonly kind: "const";
  readonly value: JsonValue;
}

/** Any JSON value (a node without `type`). */
export interface AnySchema extends SchemaCommon {
  readonly kind: "any";
}

/** A named schema, as listed by a set. */
export interface NamedSchema {
  readonly name: string;
  readonly schema: SchemaNode;
}

/** Where a schema node, as the model or as the spec is read, holds other nodes. */
export interface SchemaParts<Node> {
  readonly kind: string;
  readonly properties?: readonly { readonly schema: Node }[];
  readonly additionalProperties?: boolean | Node;
  readonly items?: Node;
  readonly variants?: readonly Node[];
  readonly parts?: readonly Node[];
}

/**
 * The schemas directly inside a node, in written order: members, the map's
 * values, items, variants, parts. References are not followed.
 */
export function childSchemas<Node>(node: SchemaParts<Node>): Node[] {
  const out = (node.properties ?? []).map((property) => property.schema);
  if (typeof node.additionalProperties === "object")
    out.push(node.additionalProperties);
  if (node.items !== undefined) out.push(node.items);
  return [...out, ...(node.variants ?? []), ...(node.parts ?? [])];
}

/** The names a discriminated union maps its values to: each variant by its name, unless `mapping` says otherwise. */
export function discriminatorValues(
  union: UnionSchema,
): { readonly value: string; readonly schema: string }[] {
  const mapping = union.discriminator?.mapping ?? [];
  const mapped = new Set(mapping.map((entry) => entry.schema));
  const implicit = union.variants.flatMap((variant) =>
    variant.kind === "ref" && !mapped.has(variant.name)
      ? [{ value: variant.name, schema: variant.name }]
      : [],
  );
  return [...mapping, ...implicit];
}
