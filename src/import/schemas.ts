/**
 * OpenAPI Schema Objects (and Swagger 2.0's) as remitgen schema nodes.
 * A named schema (components.schemas, definitions) stays a `$ref` by its
 * name; any other reference is followed and written inline. A keyword
 * remitgen has no word for is left out and noted with its pointer.
 */
import {
  isObject,
  member,
  note,
  noteCounted,
  pointer,
  refPointer,
  resolve,
  type Context,
  type Json,
  type JsonObject,
} from "./document.js";

/** A remitgen schema node as it goes into the YAML. */
export type SchemaYaml = { [key: string]: unknown };

export interface SchemaScope {
  /** Pointer of each named schema (`/components/schemas/Pet`) -> its remitgen name. */
  readonly named: ReadonlyMap<string, string>;
  /** Whether a pattern can be kept: it compiles and is proved linear. */
  readonly patternProblem: (pattern: string) => string | undefined;
  /**
   * Examples and defaults are kept as given: remitgen's own openapi.json
   * holds only ones its checker accepted. Otherwise only those of scalars
   * are kept, checked here.
   */
  readonly checkedExamples: boolean;
}

/** Keywords that only document: left out, counted once per keyword, not noted at each place. */
const annotations = new Set([
  "title",
  "deprecated",
  "externalDocs",
  "xml",
  "$schema",
  "$id",
  "$comment",
  "$anchor",
  "$defs",
  "definitions",
  "contentMediaType",
  "contentEncoding",
]);

/** Keywords read below; any other is noted where it stands. */
const mapped = new Set([
  "$ref",
  "type",
  "nullable",
  "enum",
  "const",
  "default",
  "example",
  "examples",
  "x-nullable",
  "x-remitgen-payload",
  "description",
  "format",
  "minLength",
  "maxLength",
  "pattern",
  "minimum",
  "maximum",
  "items",
  "minItems",
  "maxItems",
  "properties",
  "required",
  "additionalProperties",
  "allOf",
  "oneOf",
  "anyOf",
  "discriminator",
  "readOnly",
  "writeOnly",
]);

const scalarTypes = new Set(["string", "number", "integer", "boolean"]);

/**
 * The remitgen node for the schema `value` at `at`. `inProperty`: it is an
 * object's property, where `readOnly`/`writeOnly` belong. `following`:
 * pointers of the inline references being written, to stop a loop.
 */
export function schemaYaml(
  context: Context,
  scope: SchemaScope,
  value: Json | undefined,
  at: string,
  inProperty = false,
  following: readonly string[] = [],
): SchemaYaml {
  if (value === true || value === undefined) return {};
  if (value === false || !isObject(value)) {
    note(
      context,
      at,
      `schema ${JSON.stringify(value)}`,
      "read as any JSON value",
    );
    return {};
  }
  const ref = member(value, "$ref");
  if (typeof ref === "string") {
    const target = refPointer(context, ref);
    const name = scope.named.get(target);
    const siblings = commonYaml(context, scope, value, at, inProperty);
    if (name !== undefined) return { $ref: name, ...siblings };
    if (following.includes(target)) {
      note(
        context,
        at,
        `$ref ${ref} refers to itself through an unnamed schema`,
        "read as any JSON value",
      );
      return siblings;
    }
    const resolved = resolve(context, value, at);
    return {
      ...schemaYaml(context, scope, resolved.value, resolved.at, inProperty, [
        ...following,
        target,
      ]),
      ...siblings,
    };
  }
  const read = (child: Json | undefined, childAt: string, property = false) =>
    schemaYaml(context, scope, child, childAt, property, following);
  noteUnmapped(context, value, at);
  const common = commonYaml(context, scope, value, at, inProperty);
  const types = typesOf(value);
  if (types.length > 1)
    return {
      anyOf: types.map((type) =>
        shapeYaml(context, scope, { ...value, type }, at, read),
      ),
      ...common,
    };
  return { ...shapeYaml(context, scope, value, at, read), ...common };
}

type Reader = (
  child: Json | undefined,
  at: string,
  property?: boolean,
) => SchemaYaml;

/** `type` as a list of the types other than null (OpenAPI 3.1 writes `[string, "null"]`). */
function typesOf(value: JsonObject): string[] {
  const type = member(value, "type");
  const list = Array.isArray(type) ? type : type === undefined ? [] : [type];
  return list.filter(
    (each): each is string => typeof each === "string" && each !== "null",
  );
}

/** What the value is: its type with that type's facets, or a union, or any JSON value. */
function shapeYaml(
  context: Context,
  scope: SchemaScope,
  value: JsonObject,
  at: string,
  read: Reader,
): SchemaYaml {
  const combinator = (["allOf", "oneOf", "anyOf"] as const).find((each) =>
    Array.isArray(member(value, each)),
  );
  if (combinator !== undefined) {
    // A `{type: "null"}` variant (OpenAPI 3.1) makes the whole nullable.
    const given = member(value, combinator) as Json[];
    const isNull = (each: Json): boolean =>
      member(each, "type") === "null" &&
      Object.keys(each as object).length === 1;
    const nulls = given.some(isNull) ? { nullable: true } : {};
    const nodes = given
      .map((each, index) => ({ each, index }))
      .filter(({ each }) => !isNull(each))
      .map(({ each, index }) => read(each, pointer(at, combinator, index)));
    // An object's own members beside a combinator are one more part of it.
    const own =
      member(value, "properties") !== undefined ||
      member(value, "additionalProperties") !== undefined
        ? objectYaml(context, value, at, read)
        : undefined;
    if (combinator === "allOf") return { ...allOfYaml(nodes, own), ...nulls };
    // One member: that member (how 3.0 gives a reference `nullable`).
    const union = {
      ...(nodes.length === 1
        ? nodes[0]!
        : {
            [combinator]: nodes,
            ...discriminatorYaml(context, scope, value, at),
          }),
      ...nulls,
    };
    // remitgen's allOf adds up objects, never a union: the union stays.
    if (own !== undefined)
      note(
        context,
        at,
        `members beside ${combinator}`,
        `left out: the ${combinator} is kept, and remitgen cannot add members to a union`,
      );
    return union;
  }
  const [type] = typesOf(value);
  const enumeration = enumYaml(context, value, at);
  if (
    type === "array" ||
    (type === undefined && member(value, "items") !== undefined)
  )
    return {
      type: "array",
      items: read(member(value, "items"), pointer(at, "items")),
      ...facets(value, ["minItems", "maxItems"]),
    };
  if (
    type === "object" ||
    (type === undefined &&
      (member(value, "properties") !== undefined ||
        member(value, "additionalProperties") !== undefined))
  )
    return objectYaml(context, value, at, read);
  if (enumeration !== undefined) return enumeration;
  if (type !== undefined && scalarTypes.has(type))
    return { type, ...scalarFacets(context, scope, type, value, at) };
  if (type !== undefined)
    note(
      context,
      pointer(at, "type"),
      `type ${JSON.stringify(type)}`,
      "read as any JSON value",
    );
  return {};
}

/**
 * `allOf`: its parts that only describe (`{description}`, or any value)
 * give their words to the whole and are dropped; one part left is the
 * whole (`allOf: [$ref, {description}]` is how 3.0 describes a reference).
 */
function allOfYaml(
  nodes: SchemaYaml[],
  own: SchemaYaml | undefined,
): SchemaYaml {
  const words: SchemaYaml = {};
  const parts = [...nodes, ...(own !== undefined ? [own] : [])].filter(
    (node) => {
      const describes = Object.keys(node).every(
        (key) => key === "description" || key === "nullable",
      );
      if (describes) Object.assign(words, node);
      return !describes;
    },
  );
  if (parts.length === 1) return { ...parts[0], ...words };
  return parts.length === 0 ? words : { allOf: parts, ...words };
}

function objectYaml(
  context: Context,
  value: JsonObject,
  at: string,
  read: Reader,
): SchemaYaml {
  const required = new Set(
    (Array.isArray(member(value, "required"))
      ? (member(value, "required") as Json[])
      : []
    ).filter((name): name is string => typeof name === "string"),
  );
  // Keyed by the API's property names: no prototype, so `__proto__` is a name like any other.
  const properties: SchemaYaml = Object.create(null) as SchemaYaml;
  const declared = member(value, "properties");
  for (const name of isObject(declared) ? Object.keys(declared) : []) {
    const node = read(
      member(declared, name),
      pointer(at, "properties", name),
      true,
    );
    properties[name] = required.has(name) ? { ...node, required: true } : node;
    required.delete(name);
  }
  for (const name of required)
    note(
      context,
      pointer(at, "required"),
      `required ${JSON.stringify(name)} names no property`,
      "left out",
    );
  const additional = member(value, "additionalProperties");
  const out: SchemaYaml = { type: "object" };
  if (Object.keys(properties).length > 0) out.properties = properties;
  // remitgen's objects are closed; OpenAPI leaves an object without
  // properties open, which is a map of any values.
  if (additional === undefined || additional === true)
    return Object.keys(properties).length > 0
      ? out
      : { ...out, additionalProperties: true };
  if (additional === false) return out;
  return {
    ...out,
    additionalProperties: read(additional, pointer(at, "additionalProperties")),
  };
}

function enumYaml(
  context: Context,
  value: JsonObject,
  at: string,
): SchemaYaml | undefined {
  const values = member(value, "enum");
  if (!Array.isArray(values)) return undefined;
  const listed = [...new Set(values.filter((each) => each !== null))];
  if (listed.length > 0 && listed.every((each) => typeof each === "string"))
    return { type: "string", enum: listed };
  if (listed.length > 0 && listed.every((each) => typeof each === "number"))
    return {
      type:
        listed.every(Number.isInteger) && typesOf(value)[0] !== "number"
          ? "integer"
          : "number",
      enum: listed,
    };
  if (listed.length === 1) return { const: listed[0] };
  note(
    context,
    pointer(at, "enum"),
    "an enum of mixed or non-string values",
    "left out: the type alone is kept",
  );
  return undefined;
}

function scalarFacets(
  context: Context,
  scope: SchemaScope,
  type: string,
  value: JsonObject,
  at: string,
): SchemaYaml {
  if (type === "string") {
    const out = facets(value, ["minLength", "maxLength"]);
    const format = member(value, "format");
    if (typeof format === "string" && format !== "") out.format = format;
    const pattern = member(value, "pattern");
    if (typeof pattern === "string") {
      const problem = scope.patternProblem(pattern);
      if (problem === undefined) out.pattern = pattern;
      else
        note(
          context,
          pointer(at, "pattern"),
          "pattern",
          `left out: ${problem}`,
        );
    }
    return out;
  }
  if (type === "number" || type === "integer") {
    const format = member(value, "format");
    if (format !== undefined)
      noteCounted(
        context,
        pointer(at, "format"),
        `format ${JSON.stringify(format)} on ${type === "integer" ? "an integer" : "a number"}`,
        `left out: the value is typed as a ${type}`,
      );
    return facets(value, ["minimum", "maximum"]);
  }
  return {};
}

/** Numeric facets as given, when they are numbers (lengths and counts: whole and not negative). */
function facets(value: JsonObject, keys: readonly string[]): SchemaYaml {
  const out: SchemaYaml = {};
  for (const key of keys) {
    const given = member(value, key);
    if (typeof given !== "number" || !Number.isFinite(given)) continue;
    if (/Length|Items/.test(key) && !(Number.isInteger(given) && given >= 0))
      continue;
    out[key] = given;
  }
  return out;
}

function discriminatorYaml(
  context: Context,
  scope: SchemaScope,
  value: JsonObject,
  at: string,
): SchemaYaml {
  const discriminator = member(value, "discriminator");
  const propertyName = member(discriminator, "propertyName");
  if (typeof propertyName !== "string") return {};
  const mapping: SchemaYaml = Object.create(null) as SchemaYaml;
  const given = member(discriminator, "mapping");
  for (const key of isObject(given) ? Object.keys(given) : []) {
    const target = member(given, key);
    const name =
      typeof target !== "string"
        ? undefined
        : target.startsWith("#")
          ? scope.named.get(refPointer(context, target))
          : [...scope.named.values()].find((each) => each === target);
    if (name !== undefined) mapping[key] = name;
    else
      note(
        context,
        pointer(at, "discriminator", "mapping", key),
        `mapping to ${JSON.stringify(target)}, no named schema`,
        "left out",
      );
  }
  return {
    discriminator:
      Object.keys(mapping).length > 0
        ? { propertyName, mapping }
        : { propertyName },
  };
}

/** What any node may carry besides its shape. */
function commonYaml(
  context: Context,
  scope: SchemaScope,
  value: JsonObject,
  at: string,
  inProperty: boolean,
): SchemaYaml {
  const out: SchemaYaml = {};
  const description = member(value, "description");
  if (typeof description === "string" && description.trim() !== "")
    out.description = description;
  const type = member(value, "type");
  const enumeration = member(value, "enum");
  if (
    member(value, "nullable") === true ||
    member(value, "x-nullable") === true ||
    (Array.isArray(type) && type.includes("null")) ||
    (Array.isArray(enumeration) && enumeration.includes(null))
  )
    out.nullable = true;
  for (const flag of ["readOnly", "writeOnly"]) {
    if (member(value, flag) !== true) continue;
    if (inProperty) out[flag] = true;
    else
      note(
        context,
        pointer(at, flag),
        `${flag} outside an object's properties`,
        "left out",
      );
  }
  const constant = member(value, "const");
  if (constant !== undefined) out.const = constant;
  // OpenAPI 3.1 lists examples; remitgen keeps one.
  const examples = member(value, "examples");
  const example =
    member(value, "example") ??
    (Array.isArray(examples) ? examples[0] : undefined);
  for (const [key, given] of [
    ["default", member(value, "default")],
    ["example", example],
  ] as const) {
    if (given === undefined) continue;
    if (scope.checkedExamples || fitsScalar(value, given)) out[key] = given;
    else
      noteCounted(
        context,
        pointer(at, key),
        `${key} of an object, a list, a union, or a string with a pattern or format`,
        "left out: remitgen keeps only values it can check against their schema",
      );
  }
  return out;
}

/**
 * Whether an example or default is a value of a scalar schema, checked as
 * far as its own keywords go. Values of objects, arrays and unions are
 * left out: descriptions often hold ones their schema refuses, which the
 * spec checker would then refuse.
 */
function fitsScalar(value: JsonObject, given: Json): boolean {
  const [type] = typesOf(value);
  const enumeration = member(value, "enum");
  if (Array.isArray(enumeration)) return enumeration.includes(given);
  if (type === "boolean") return typeof given === "boolean";
  if (type === "integer" || type === "number") {
    if (
      typeof given !== "number" ||
      (type === "integer" && !Number.isInteger(given))
    )
      return false;
    const minimum = member(value, "minimum");
    const maximum = member(value, "maximum");
    return (
      !(typeof minimum === "number" && given < minimum) &&
      !(typeof maximum === "number" && given > maximum)
    );
  }
  if (type !== "string" || typeof given !== "string") return false;
  const length = [...given].length;
  const min = member(value, "minLength");
  const max = member(value, "maxLength");
  return (
    member(value, "pattern") === undefined &&
    member(value, "format") === undefined &&
    !(typeof min === "number" && length < min) &&
    !(typeof max === "number" && length > max)
  );
}

/** Notes each keyword remitgen has no word for (annotations are counted, in `context.notes` once per keyword). */
function noteUnmapped(context: Context, value: JsonObject, at: string): void {
  for (const key of Object.keys(value)) {
    if (mapped.has(key)) continue;
    // What remitgen's openapi.json writes on an allOf of objects: remitgen's
    // objects are closed, its allOf adds the parts' members up.
    if (key === "unevaluatedProperties" && value[key] === false) continue;
    if (key.startsWith("x-") || annotations.has(key))
      noteCounted(
        context,
        pointer(at, key),
        `schema keyword ${key}`,
        "left out: it documents, remitgen has no word for it",
      );
    else
      note(
        context,
        pointer(at, key),
        `keyword ${key}`,
        "left out: remitgen has no such schema keyword",
      );
  }
}
