/**
 * The spec as written, once read: the shape the structure checker reads the
 * YAML into, the rules check and the model is resolved from, with the
 * positions diagnostics point at. And the few readings of it that the
 * checker and the resolver share (a set's members, a rate limit, a schema's
 * references), so that neither imports the other.
 */
import type { JsonValue } from "../runtime/json.js";
import {
  childSchemas,
  type NamedSchema,
  type SchemaNode,
} from "../runtime/schema.js";

export type Range = readonly [number, number];

/** A string read from the spec, with where it stands. */
export interface Located<T> {
  readonly value: T;
  readonly range: Range;
}

export interface RawNotShown {
  readonly topic: string;
  readonly text: string;
}

/** Where a value in a schema node stands, and the words naming the node. */
export interface ExampleSite {
  readonly range: Range;
  /** e.g. `property "number" of schema "Account"` */
  readonly where: string;
}

/** What every schema node may carry besides its type. */
interface RawSchemaCommon {
  readonly description?: string;
  readonly example?: JsonValue;
  /** Set with `example`, to report an example that breaks its schema. */
  readonly exampleSite?: ExampleSite;
  readonly nullable?: boolean;
  readonly default?: JsonValue;
  /** Set with `default`, to report a default that breaks its schema. */
  readonly defaultSite?: ExampleSite;
}

/** A schema node as written, references still carrying their position. */
export type RawSchema =
  | (RawSchemaCommon & {
      readonly kind: "ref";
      readonly name: Located<string>;
    })
  | (RawSchemaCommon & {
      readonly kind: "object";
      readonly properties: readonly RawProperty[];
      readonly additionalProperties?: boolean | RawSchema;
    })
  | (RawSchemaCommon & {
      readonly kind: "array";
      readonly items: RawSchema;
      readonly minItems?: number;
      readonly maxItems?: number;
    })
  | (RawSchemaCommon & {
      readonly kind: "string" | "number" | "integer" | "boolean" | "enum";
      readonly facets: Readonly<Record<string, number | string>>;
      readonly values?: readonly (string | number)[];
    })
  | (RawSchemaCommon & {
      readonly kind: "union";
      readonly mode: "oneOf" | "anyOf";
      readonly variants: readonly RawSchema[];
      readonly discriminator?: RawDiscriminator;
      /** Where the `oneOf`/`anyOf` key stands. */
      readonly site: ExampleSite;
    })
  | (RawSchemaCommon & {
      readonly kind: "allOf";
      readonly parts: readonly RawSchema[];
      /** Where the `allOf` key stands. */
      readonly site: ExampleSite;
    })
  | (RawSchemaCommon & {
      readonly kind: "const";
      readonly value: JsonValue;
      /** The `type` and facets written beside `const`, which the value must meet. */
      readonly typed?: RawSchema;
      readonly site: ExampleSite;
    })
  | (RawSchemaCommon & { readonly kind: "any" });

export interface RawDiscriminator {
  readonly propertyName: Located<string>;
  readonly mapping: readonly {
    readonly value: string;
    readonly schema: Located<string>;
  }[];
}

export interface RawProperty {
  readonly name: string;
  readonly required: boolean;
  readonly schema: RawSchema;
  readonly readOnly?: boolean;
  readonly writeOnly?: boolean;
  /** Where `writeOnly` stands, when `readOnly` is set too. */
  readonly bothAccess?: ExampleSite;
}

/** A status with its description and body: an error, or a stated success response. */
export interface RawResponse {
  readonly status: Located<number>;
  readonly description: string;
  readonly schema?: RawSchema;
}

/**
 * A payload as written: a schema, `false` (the spec says there is none), or
 * undefined (left out).
 */
export type RawPayload = RawSchema | false | undefined;

export type RawMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** Methods that carry no request body. */
export const bodilessMethods: ReadonlySet<RawMethod> = new Set([
  "GET",
  "DELETE",
]);

/** The request body as it will be: left out of a GET or DELETE, there is none. */
export function requestBody(
  request: RawPayload,
  method: RawMethod,
): RawPayload {
  return request ?? (bodilessMethods.has(method) ? false : undefined);
}

export type ParameterLocation = "path" | "query" | "header";

export interface RawParameter {
  readonly name: Located<string>;
  readonly in: ParameterLocation;
  /** As written; a path parameter is required whether written or not. */
  readonly required?: Located<boolean>;
  readonly description?: string;
  readonly schema: RawSchema;
}

export interface RawOperation {
  readonly id: Located<string>;
  readonly method: RawMethod;
  readonly path: Located<string>;
  readonly parameters: readonly RawParameter[];
  /** False for `auth: none`. */
  readonly authenticated: boolean;
  readonly summary: string;
  readonly description?: string;
  readonly effect: "read" | "write";
  /**
   * Whether the API's description states the effect, the spec infers it
   * from the name (an `effect` without `effectBasis`), or it follows the
   * method (no `effect`: GET reads, the others write).
   */
  readonly effectBasis: "stated" | "inferred" | "default";
  readonly request: RawPayload;
  readonly response: RawPayload;
  /** Stated success responses (200-299), in spec order. */
  readonly responses: readonly RawResponse[];
  readonly errors: readonly RawResponse[];
  readonly notShown: readonly RawNotShown[];
}

export interface RawPlan {
  readonly name: string;
  readonly rateLimit: Located<string>;
  readonly cost: string;
  readonly note?: string;
}

export interface RawSet extends SetLists {
  readonly title: string;
  readonly version: Located<string>;
  readonly labels: readonly string[];
  readonly date?: Located<string>;
  readonly plan?: RawPlan;
}

export interface RawSpec {
  readonly service: {
    readonly title: string;
    readonly description: string;
    readonly baseUrl: string;
    readonly packageScope: Located<string>;
    readonly packageName: Located<string>;
    /** The npm registry the packages are published to, as a normalised URL. */
    readonly packageRegistry?: string;
    /** The operation that reports a write's outcome. */
    readonly statusOperation?: Located<string>;
    readonly notShown: readonly RawNotShown[];
  };
  readonly auth: RawAuth;
  readonly operationDefaults: { readonly notShown: readonly RawNotShown[] };
  readonly operations: readonly RawOperation[];
  readonly sets: readonly RawSet[];
  readonly schemas: readonly RawNamedSchema[];
}

export type RawAuth =
  | {
      readonly scheme: "oauth2-client-credentials";
      readonly title: string;
      readonly version: Located<string>;
      readonly baseUrl: string;
      readonly tokenPath: Located<string>;
      readonly assumption: string;
      readonly notShown: readonly RawNotShown[];
    }
  | {
      readonly scheme: "api-key";
      readonly in: "header" | "query";
      readonly name: Located<string>;
      readonly description?: string;
    }
  | { readonly scheme: "basic" | "bearer"; readonly description?: string }
  | { readonly scheme: "none" };

/** A named schema as written. */
export interface RawNamedSchema {
  readonly name: Located<string>;
  readonly schema: RawSchema;
}

/**
 * A raw schema as the runtime's schema node, positions dropped: what the
 * model holds, and what the checker checks examples against. Recursive only
 * as deep as the spec nests (references are not followed).
 */
export function toSchemaNode(raw: RawSchema): SchemaNode {
  const common = {
    ...(raw.description !== undefined ? { description: raw.description } : {}),
    ...(raw.example !== undefined ? { example: raw.example } : {}),
    ...(raw.nullable === true ? { nullable: true } : {}),
    ...(raw.default !== undefined ? { default: raw.default } : {}),
  };
  switch (raw.kind) {
    case "ref":
      return { kind: "ref", name: raw.name.value, ...common };
    case "object":
      return {
        kind: "object",
        properties: raw.properties.map((property) => ({
          name: property.name,
          required: property.required,
          schema: toSchemaNode(property.schema),
          ...(property.readOnly === true ? { readOnly: true } : {}),
          ...(property.writeOnly === true ? { writeOnly: true } : {}),
        })),
        ...(raw.additionalProperties === undefined ||
        raw.additionalProperties === false
          ? {}
          : {
              additionalProperties:
                raw.additionalProperties === true
                  ? true
                  : toSchemaNode(raw.additionalProperties),
            }),
        ...common,
      };
    case "array":
      return {
        kind: "array",
        items: toSchemaNode(raw.items),
        ...(raw.minItems !== undefined ? { minItems: raw.minItems } : {}),
        ...(raw.maxItems !== undefined ? { maxItems: raw.maxItems } : {}),
        ...common,
      };
    case "enum":
      return { kind: "enum", values: [...(raw.values ?? [])], ...common };
    case "boolean":
    case "any":
      return { kind: raw.kind, ...common };
    case "string":
      return { kind: "string", ...(raw.facets as object), ...common };
    case "number":
    case "integer":
      return { kind: raw.kind, ...(raw.facets as object), ...common };
    case "union":
      return {
        kind: "union",
        mode: raw.mode,
        variants: raw.variants.map(toSchemaNode),
        ...(raw.discriminator === undefined
          ? {}
          : {
              discriminator: {
                propertyName: raw.discriminator.propertyName.value,
                mapping: raw.discriminator.mapping.map((entry) => ({
                  value: entry.value,
                  schema: entry.schema.value,
                })),
              },
            }),
        ...common,
      };
    case "allOf":
      return { kind: "allOf", parts: raw.parts.map(toSchemaNode), ...common };
    case "const":
      return { kind: "const", value: raw.value, ...common };
  }
}

/**
 * A schema with its references followed; undefined for one that does not
 * resolve (an unknown name, a cycle of bare references).
 */
export function followed(
  schema: RawSchema | undefined,
  named: ReadonlyMap<string, RawSchema>,
): RawSchema | undefined {
  const seen = new Set<string>();
  let node = schema;
  while (node?.kind === "ref") {
    if (seen.has(node.name.value)) return undefined;
    seen.add(node.name.value);
    node = named.get(node.name.value);
  }
  return node;
}

/** The schemas directly inside a raw node, in written order (references not followed). */
export function rawChildren(node: RawSchema): RawSchema[] {
  const out = childSchemas<RawSchema>(node);
  if (node.kind === "const" && node.typed !== undefined) out.push(node.typed);
  return out;
}

/** What membership is worked out from: a set's id, parent and lists. */
export interface MemberLists {
  readonly id: Located<string>;
  readonly extends?: Located<string>;
  readonly operations?: readonly Located<string>[];
  readonly adds: readonly Located<string>[];
  readonly removes: readonly Located<string>[];
}

/** A set's lists, and where the `operations`, `adds` and `removes` keys stand when written. */
export interface SetLists extends MemberLists {
  readonly operationsKey?: Range;
  readonly addsKey?: Range;
  readonly removesKey?: Range;
}

/**
 * Each set's operation ids, following `extends`; sets whose chain is broken
 * (missing parent or a cycle) are left out. Shared by the checker (on
 * whatever of each set could be read) and the resolver (on whole sets).
 * Iterative and memoised: each set is worked out once, however long the
 * chain of sets extending each other.
 */
export function resolveMembers<Listed extends MemberLists>(
  list: readonly Listed[],
  sets: ReadonlyMap<string, Listed>,
): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const broken = new Set<string>();
  for (const start of list) {
    // Walk up to a set already worked out, a root, or a break in the chain.
    const chain: Listed[] = [];
    const onChain = new Set<string>();
    let inherited: string[] | undefined;
    let current: Listed | undefined = start;
    for (;;) {
      const id = current.id.value;
      const done = out.get(id);
      if (done !== undefined) {
        inherited = done;
        break;
      }
      if (broken.has(id) || onChain.has(id)) break;
      onChain.add(id);
      chain.push(current);
      if (current.extends === undefined) {
        inherited = [];
        break;
      }
      const parent = sets.get(current.extends.value);
      if (parent === undefined || parent === current) break;
      current = parent;
    }
    if (inherited === undefined) {
      for (const set of chain) broken.add(set.id.value);
      continue;
    }
    // Then down again, each set from its parent's members.
    for (let index = chain.length - 1; index >= 0; index--) {
      const set = chain[index]!;
      let members: string[];
      if (set.extends === undefined)
        members = [
          ...new Set((set.operations ?? []).map((item) => item.value)),
        ];
      else {
        const removed = new Set(set.removes.map((item) => item.value));
        members = inherited.filter((id) => !removed.has(id));
        const present = new Set(members);
        for (const add of set.adds) {
          if (present.has(add.value)) continue;
          present.add(add.value);
          members.push(add.value);
        }
      }
      out.set(set.id.value, members);
      inherited = members;
    }
  }
  return out;
}

export const rateLimitUnits = {
  second: 1_000,
  minute: 60_000,
  hour: 3_600_000,
  day: 86_400_000,
} as const;

/** `10000/hour`, `100 per hour`, `5/minute`. */
export function parseRateLimit(
  text: string,
): { limit: number; unit: keyof typeof rateLimitUnits } | undefined {
  const match =
    /^\s*(\d{1,9})\s*(?:\/|per)\s*(second|minute|hour|day)\s*$/.exec(text);
  if (!match) return undefined;
  const limit = Number(match[1]);
  if (limit < 1) return undefined;
  return { limit, unit: match[2] as keyof typeof rateLimitUnits };
}

/**
 * Where an operation names schemas: a raw operation, or what the checker
 * could read of one.
 */
export interface SchemaSites {
  readonly parameters: readonly { readonly schema?: RawSchema }[];
  readonly request?: RawPayload;
  readonly response?: RawPayload;
  readonly responses: readonly { readonly schema?: RawSchema }[];
  readonly errors: readonly { readonly schema?: RawSchema }[];
}

/** Every schema an operation names: parameters, bodies, responses, errors. */
export function operationSchemas(operation: SchemaSites): RawPayload[] {
  return [
    ...operation.parameters.map((parameter) => parameter.schema),
    operation.request,
    operation.response,
    ...operation.responses.map((response) => response.schema),
    ...operation.errors.map((error) => error.schema),
  ];
}

/**
 * Every `$ref` inside a schema, discriminator mappings included, in written
 * order, without recursion limits beyond the spec's depth cap.
 */
export function refsOf(schema: RawPayload): Located<string>[] {
  const out: Located<string>[] = [];
  const stack: RawPayload[] = [schema];
  while (stack.length > 0) {
    const node = stack.pop();
    if (node === undefined || node === false) continue;
    if (node.kind === "ref") out.push(node.name);
    if (node.kind === "union" && node.discriminator !== undefined)
      for (const entry of node.discriminator.mapping) out.push(entry.schema);
    const children = rawChildren(node);
    for (let index = children.length - 1; index >= 0; index--)
      stack.push(children[index]);
  }
  return out;
}

/**
 * Named schemas whose values differ by direction: those holding a readOnly
 * or writeOnly member, and those referring to one, however indirectly.
 */
export function oneWaySchemas(schemas: readonly NamedSchema[]): Set<string> {
  const marked = new Set<string>();
  const referrers = new Map<string, string[]>();
  const pending: string[] = [];
  for (const { name, schema } of schemas) {
    const stack: SchemaNode[] = [schema];
    for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
      if (node.kind === "ref") {
        const list = referrers.get(node.name);
        if (list === undefined) referrers.set(node.name, [name]);
        else list.push(name);
      }
      if (
        node.kind === "object" &&
        node.properties.some(
          (property) =>
            property.readOnly === true || property.writeOnly === true,
        ) &&
        !marked.has(name)
      ) {
        marked.add(name);
        pending.push(name);
      }
      stack.push(...childSchemas(node));
    }
  }
  for (let name = pending.pop(); name !== undefined; name = pending.pop())
    for (const referrer of referrers.get(name) ?? [])
      if (!marked.has(referrer)) {
        marked.add(referrer);
        pending.push(referrer);
      }
  return marked;
}
