// Copied by remitgen from its runtime (src/runtime/mock/validate.ts). DO NOT EDIT.

/**
 * Validates a JSON value against a {@link SchemaNode}. Part of the mock
 * runtime: copied verbatim into every generated package, so it has no
 * dependencies and touches only ECMAScript globals.
 *
 * @packageDocumentation
 */
import type { JsonValue } from "../json.js";
import {
  childSchemas,
  discriminatorValues,
  type NamedSchema,
  type ObjectSchema,
  type PropertySchema,
  type SchemaNode,
  type UnionSchema,
} from "../schema.js";

/** The schema keyword a {@link SchemaViolation} is about. */
export type ViolationKeyword =
  | "type"
  | "required"
  | "unknown"
  | "enum"
  | "minLength"
  | "maxLength"
  | "pattern"
  | "format"
  | "minimum"
  | "maximum"
  | "minItems"
  | "maxItems"
  | "const"
  | "oneOf"
  | "anyOf"
  | "discriminator"
  | "readOnly"
  | "writeOnly"
  | "ref";

/**
 * One way a value breaks its schema. Plain JSON, so it can be put straight
 * into an error payload. Messages never quote the offending value: request
 * bodies may carry account data.
 */
export interface SchemaViolation {
  /** JSON Pointer (RFC 6901) to the offending member; `""` is the whole body. */
  readonly path: string;
  readonly keyword: ViolationKeyword;
  readonly message: string;
}

/** Named schemas by name, for resolving `ref` nodes. */
export type SchemaLookup = ReadonlyMap<string, SchemaNode>;

/** Indexes named schemas by name; later duplicates win, as in a JS object. */
export function schemaLookup(
  schemas: readonly NamedSchema[] | SchemaLookup,
): SchemaLookup {
  if (!Array.isArray(schemas)) return schemas as SchemaLookup;
  return new Map(
    (schemas as readonly NamedSchema[]).map((s) => [s.name, s.schema]),
  );
}

/**
 * Follows `ref` nodes until a concrete schema is reached. Returns `undefined`
 * for a dangling reference or a reference cycle (`A -> B -> A`), which no
 * value could satisfy.
 */
export function resolveSchema(
  schema: SchemaNode,
  lookup: SchemaLookup,
): SchemaNode | undefined {
  let node: SchemaNode | undefined = schema;
  const seen = new Set<string>();
  while (node !== undefined && node.kind === "ref") {
    if (seen.has(node.name)) return undefined;
    seen.add(node.name);
    node = lookup.get(node.name);
  }
  return node;
}

/**
 * Names referenced anywhere under `schema` (following references) that
 * `lookup` cannot resolve. Lets callers fail at start-up instead of at the
 * first request.
 */
export function findUnresolvedRefs(
  schema: SchemaNode,
  lookup: SchemaLookup,
): string[] {
  const missing = new Set<string>();
  const visited = new Set<string>();
  // A loop, not recursion: a spec may chain more named schemas than the
  // stack has frames. Children are pushed in reverse, so names are found in
  // the same (depth-first, written) order as a recursive walk.
  const stack: SchemaNode[] = [schema];
  while (stack.length > 0) {
    const node = stack.pop() as SchemaNode;
    if (node.kind === "ref") {
      if (visited.has(node.name)) continue;
      visited.add(node.name);
      const target = lookup.get(node.name);
      if (target === undefined) missing.add(node.name);
      else stack.push(target);
      continue;
    }
    const children: SchemaNode[] = childSchemas(node);
    if (node.kind === "union")
      for (const entry of discriminatorValues(node))
        children.push({ kind: "ref", name: entry.schema });
    for (let i = children.length - 1; i >= 0; i--)
      stack.push(children[i] as SchemaNode);
  }
  return [...missing];
}

/** Appends one reference token to a JSON Pointer, escaping `~` and `/`. */
export function pointer(parent: string, token: string | number): string {
  return `${parent}/${String(token).replace(/~/g, "~0").replace(/\//g, "~1")}`;
}

/**
 * Spec patterns are compiled in Unicode mode, as JSON Schema asks (`\p{L}`,
 * astral characters), by the mocks, the samples and the checker alike: the
 * checker refuses a pattern that does not compile so (RG052), so none is
 * read one way when checked and another when served.
 */
const patternFlags = "u";

/**
 * Compiles a schema `pattern`; `undefined` for one that does not compile
 * (a checked spec holds none), after telling `refused` why.
 */
export function compilePattern(
  pattern: string,
  refused?: (reason: string) => void,
): RegExp | undefined {
  try {
    return new RegExp(pattern, patternFlags);
  } catch (error) {
    refused?.((error as Error).message);
    return undefined;
  }
}

/**
 * The string `format`s that are checked, which are also the ones the
 * sampler builds values for. Any other `format` is a free label: it is
 * neither checked nor generated (JSON Schema makes format assertion
 * optional, and a spec may use its own names such as `bank-code`).
 */
export const CHECKED_FORMATS: readonly string[] = [
  "date",
  "date-time",
  "email",
  "uri",
  "url",
  "uuid",
];

const FULL_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(?:[Zz]|([+-])(\d{2}):(\d{2}))$/;
/*
 * `email` and `uri` are tested with character classes and searches, not
 * with groups under a star (`(?:\.[…]+)*`, `(?:[…]|%[0-9A-Fa-f]{2})*`):
 * V8 keeps a backtrack entry per repetition of such a group, and spec
 * examples (checked against their format) of 9 MB overflowed its regexp
 * stack ("Maximum call stack size exceeded"), stopping validate.
 */

/** RFC 5322 dot-atom local part at an RFC 1035 host name (no quoted or IP-literal forms). */
function isEmail(text: string): boolean {
  const at = text.indexOf("@");
  const local = text.slice(0, at);
  const host = text.slice(at + 1);
  return (
    at > 0 &&
    /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~.-]*$/.test(local) &&
    isDotted(local) &&
    /^[A-Za-z0-9.-]*$/.test(host) &&
    isDotted(host) &&
    // Host labels neither start nor end with "-".
    !/(?:^|\.)-|-(?:\.|$)/.test(host)
  );
}

/** Non-empty, and no empty part between dots. */
function isDotted(text: string): boolean {
  return (
    text !== "" &&
    !text.startsWith(".") &&
    !text.endsWith(".") &&
    !text.includes("..")
  );
}

const UUID =
  /^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$/;

/** RFC 3986 absolute URI: a scheme, then only URI characters and valid %-escapes. */
function isUri(text: string): boolean {
  return (
    /^[A-Za-z][A-Za-z0-9+.-]*:[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]*$/.test(
      text,
    ) && !/%(?![0-9A-Fa-f]{2})/.test(text)
  );
}

function validDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  return day <= (days[month - 1] as number);
}

/**
 * Whether `text` is a valid `format` value. Checked formats (see
 * {@link CHECKED_FORMATS}): `date` (RFC 3339 full-date) and `date-time`
 * (RFC 3339 date-time with a `Z` or `±hh:mm` offset; month, day, hour,
 * minute and second ranges, leap years, and a leap second only at 23:59 UTC),
 * `email` (dot-atom local part at a host name), `uuid` (8-4-4-4-12 hex, any
 * version), `uri` and its alias `url` (an absolute RFC 3986 URI). Any other
 * format is not checked and always passes.
 */
export function matchesFormat(format: string, text: string): boolean {
  switch (format) {
    case "date": {
      const m = FULL_DATE.exec(text);
      return m !== null && validDate(Number(m[1]), Number(m[2]), Number(m[3]));
    }
    case "date-time": {
      const m = DATE_TIME.exec(text);
      if (m === null) return false;
      const [hour, minute, second] = [Number(m[4]), Number(m[5]), Number(m[6])];
      if (!validDate(Number(m[1]), Number(m[2]), Number(m[3]))) return false;
      if (hour > 23 || minute > 59 || second > 60) return false;
      let offset = 0;
      if (m[7] !== undefined) {
        const [oh, om] = [Number(m[8]), Number(m[9])];
        if (oh > 23 || om > 59) return false;
        offset = (m[7] === "+" ? 1 : -1) * (oh * 60 + om);
      }
      // A leap second is the last second of a UTC day.
      const utcMinute = (((hour * 60 + minute - offset) % 1440) + 1440) % 1440;
      return second < 60 || utcMinute === 1439;
    }
    case "email":
      return isEmail(text);
    case "uuid":
      return UUID.test(text);
    case "uri":
    case "url":
      return isUri(text);
    default:
      // Unknown formats are labels, not assertions: never checked.
      return true;
  }
}

/** The JSON type name of a value, as used in messages. */
export function jsonTypeOf(value: JsonValue): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value;
}

/** Length in code points, as JSON Schema counts `minLength`/`maxLength`. */
export function codePointLength(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

/** Choices of {@link validateValue}. */
export interface ValidateOptions {
  /**
   * Which way the value travels. `request`: a `readOnly` member is neither
   * required nor allowed; `response`: a `writeOnly` one likewise. Without
   * it (an example), such members are allowed and never required.
   */
  readonly direction?: "request" | "response";
}

/**
 * Validates `value` against `schema`. Collects every violation rather than
 * stopping at the first, in a stable order: schema member order first, then
 * unknown members in body order.
 *
 * Checked: JSON types (`integer` must be whole), `nullable`, required
 * members, unknown members (or, for a map, each value against
 * `additionalProperties`), `readOnly`/`writeOnly` by direction, enum and
 * `const` values, `minLength`/`maxLength`, `pattern`, `format` (the
 * formats in {@link CHECKED_FORMATS}; others are labels and pass),
 * `minimum`/`maximum` (inclusive), `minItems`/`maxItems`, array items,
 * `oneOf` (exactly one variant), `anyOf` (at least one), a discriminator
 * (the variant its value names), `allOf` (objects' members added up),
 * nested objects and `ref`s resolved through `schemas`.
 */
export function validateValue(
  value: JsonValue,
  schema: SchemaNode,
  schemas: readonly NamedSchema[] | SchemaLookup,
  options: ValidateOptions = {},
): SchemaViolation[] {
  const lookup = schemaLookup(schemas);
  const out: SchemaViolation[] = [];
  try {
    walk(value, schema, "", lookup, options, out);
  } catch (error) {
    // Unions validate each variant in a nested walk: a body nested past the
    // call stack is refused, not answered with a 500.
    if (!(error instanceof RangeError)) throw error;
    out.push({
      path: "",
      keyword: "type",
      message: "the value nests too deeply to validate",
    });
  }
  return out;
}

/** One walk: a stack of its own for members and items. */
function walk(
  value: JsonValue,
  schema: SchemaNode,
  path: string,
  lookup: SchemaLookup,
  options: ValidateOptions,
  out: SchemaViolation[],
): void {
  // A stack of its own, not recursion: a body nested thousands of levels
  // deep against a recursive schema is a list of violations (a 400), not a
  // stack overflow (a 500). Tasks are pushed in reverse, so they are
  // done, and violations reported, in the order a recursive walk would.
  const stack: Task[] = [{ value, schema, path }];
  for (let task = stack.pop(); task !== undefined; task = stack.pop()) {
    if ("violation" in task) {
      out.push(task.violation);
      continue;
    }
    const next = check(
      task.value,
      task.schema,
      task.path,
      lookup,
      options,
      out,
    );
    for (let i = next.length - 1; i >= 0; i--) stack.push(next[i] as Task);
  }
}

/** What is left to do: a value to check, or a violation to report in its turn. */
type Task =
  | {
      readonly value: JsonValue;
      readonly schema: SchemaNode;
      readonly path: string;
    }
  | { readonly violation: SchemaViolation };

const noTasks: readonly Task[] = [];

/** Whether `null` is allowed: by the node, or by any reference on the way to its target. */
export function allowsNull(schema: SchemaNode, lookup: SchemaLookup): boolean {
  const seen = new Set<string>();
  for (
    let node: SchemaNode | undefined = schema;
    node !== undefined;
    node = node.kind === "ref" ? lookup.get(node.name) : undefined
  ) {
    if (node.nullable === true || node.kind === "any") return true;
    if (node.kind === "ref") {
      if (seen.has(node.name)) return false;
      seen.add(node.name);
    }
  }
  return false;
}

/** Whether two JSON values are the same value (members in any order). */
export function jsonEqual(a: JsonValue, b: JsonValue): boolean {
  if (a === b) return true;
  if (
    typeof a !== "object" ||
    typeof b !== "object" ||
    a === null ||
    b === null
  )
    return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length)
      return false;
    return a.every((item, i) => jsonEqual(item, b[i] as JsonValue));
  }
  const keys = Object.keys(a);
  return (
    keys.length === Object.keys(b).length &&
    keys.every(
      (key) =>
        Object.hasOwn(b, key) &&
        jsonEqual(a[key] as JsonValue, b[key] as JsonValue),
    )
  );
}

/**
 * An `allOf` whose parts are all objects (followed through references and
 * nested `allOf`s) as one object: members of every part in order, a member
 * in several parts required if any part requires it and of every part's
 * schema; other members allowed only if every part allows them. Undefined
 * when some part is no object.
 */
export function mergeAllOf(
  node: SchemaNode,
  lookup: SchemaLookup,
): ObjectSchema | undefined {
  const objects: ObjectSchema[] = [];
  const pending: SchemaNode[] = [node];
  const seen = new Set<string>();
  while (pending.length > 0) {
    const part = pending.shift() as SchemaNode;
    if (part.kind === "ref") {
      if (seen.has(part.name)) return undefined;
      seen.add(part.name);
      const target = lookup.get(part.name);
      if (target === undefined) return undefined;
      pending.unshift(target);
    } else if (part.kind === "allOf") pending.unshift(...part.parts);
    else if (part.kind === "object") objects.push(part);
    else return undefined;
  }
  const members = new Map<string, PropertySchema>();
  for (const object of objects)
    for (const property of object.properties) {
      const before = members.get(property.name);
      members.set(
        property.name,
        before === undefined
          ? property
          : {
              ...before,
              required: before.required || property.required,
              schema: {
                kind: "allOf",
                parts: [before.schema, property.schema],
              },
            },
      );
    }
  const open = objects.every(
    (object) =>
      object.additionalProperties !== undefined &&
      object.additionalProperties !== false,
  );
  return {
    kind: "object",
    properties: [...members.values()],
    ...(open
      ? { additionalProperties: objects[0]?.additionalProperties ?? true }
      : {}),
  };
}

/**
 * The variant a discriminated union's object names, or why there is none:
 * a violation at the discriminating member.
 */
function discriminated(
  value: JsonValue,
  union: UnionSchema & { readonly discriminator: object },
  path: string,
): SchemaNode | SchemaViolation {
  const name = union.discriminator.propertyName;
  const at = pointer(path, name);
  if (value === null || typeof value !== "object" || Array.isArray(value))
    return {
      path,
      keyword: "type",
      message: `expected object, got ${jsonTypeOf(value)}`,
    };
  if (!Object.hasOwn(value, name))
    return {
      path: at,
      keyword: "required",
      message: "required member is missing",
    };
  const values = discriminatorValues(union);
  const found = values.find((entry) => entry.value === value[name]);
  if (found === undefined)
    return {
      path: at,
      keyword: "discriminator",
      message: `must be one of: ${values.map((entry) => entry.value).join(", ")}`,
    };
  return { kind: "ref", name: found.schema };
}

/**
 * Checks `value` itself against `schema`, reporting into `out`, and returns
 * what is left to check inside it (members, items), in order.
 */
function check(
  value: JsonValue,
  schema: SchemaNode,
  path: string,
  lookup: SchemaLookup,
  options: ValidateOptions,
  out: SchemaViolation[],
): readonly Task[] {
  const fail = (keyword: ViolationKeyword, message: string): void => {
    out.push({ path, keyword, message });
  };
  const node = resolveSchema(schema, lookup);
  if (node === undefined) {
    const name = schema.kind === "ref" ? schema.name : "?";
    fail("ref", `schema "${name}" cannot be resolved`);
    return noTasks;
  }
  if (value === null && allowsNull(schema, lookup)) return noTasks;
  const type = (expected: string): void =>
    fail("type", `expected ${expected}, got ${jsonTypeOf(value)}`);

  switch (node.kind) {
    case "any":
      return noTasks;
    case "const":
      if (!jsonEqual(value, node.value))
        fail("const", `must be ${JSON.stringify(node.value)}`);
      return noTasks;
    case "union": {
      if (node.discriminator !== undefined) {
        const chosen = discriminated(
          value,
          { ...node, discriminator: node.discriminator },
          path,
        );
        if ("path" in chosen) {
          out.push(chosen);
          return noTasks;
        }
        return [{ value, schema: chosen, path }];
      }
      let matched = 0;
      for (const variant of node.variants) {
        const found: SchemaViolation[] = [];
        walk(value, variant, path, lookup, options, found);
        if (found.length === 0) matched++;
      }
      const count = node.variants.length;
      if (node.mode === "anyOf" && matched === 0)
        fail(
          "anyOf",
          `must match at least one of ${count} variants, matches none`,
        );
      if (node.mode === "oneOf" && matched !== 1)
        fail(
          "oneOf",
          `must match exactly one of ${count} variants, matches ${matched === 0 ? "none" : matched}`,
        );
      return noTasks;
    }
    case "allOf": {
      const merged = mergeAllOf(node, lookup);
      if (merged !== undefined) return [{ value, schema: merged, path }];
      return node.parts.map((part) => ({ value, schema: part, path }));
    }
    case "object": {
      if (value === null || typeof value !== "object" || Array.isArray(value)) {
        type("object");
        return noTasks;
      }
      const members: Task[] = [];
      const known = new Set<string>();
      const violation = (
        name: string,
        keyword: ViolationKeyword,
        message: string,
      ): Task => ({
        violation: { path: pointer(path, name), keyword, message },
      });
      for (const prop of node.properties) {
        known.add(prop.name);
        // Not sent this way: neither required nor allowed. Without a
        // direction (an example), a one-way member is never required.
        const barred =
          options.direction === "request"
            ? prop.readOnly === true && "readOnly"
            : options.direction === "response" &&
              prop.writeOnly === true &&
              "writeOnly";
        const oneWay = prop.readOnly === true || prop.writeOnly === true;
        const required =
          prop.required &&
          !barred &&
          (options.direction !== undefined || !oneWay);
        // Own members only: a body member named "constructor" is data.
        if (!Object.hasOwn(value, prop.name)) {
          if (required)
            members.push(
              violation(prop.name, "required", "required member is missing"),
            );
          continue;
        }
        if (barred) {
          members.push(
            violation(
              prop.name,
              barred,
              barred === "readOnly"
                ? "read-only member: set by the server, not sent"
                : "write-only member: sent by the caller, not answered",
            ),
          );
          continue;
        }
        members.push({
          value: value[prop.name] as JsonValue,
          schema: prop.schema,
          path: pointer(path, prop.name),
        });
      }
      const extra = node.additionalProperties;
      for (const name of Object.keys(value)) {
        if (known.has(name) || extra === true) continue;
        members.push(
          extra === undefined || extra === false
            ? violation(name, "unknown", "unknown member")
            : {
                value: value[name] as JsonValue,
                schema: extra,
                path: pointer(path, name),
              },
        );
      }
      return members;
    }
    case "string": {
      if (typeof value !== "string") {
        type("string");
        return noTasks;
      }
      const length = codePointLength(value);
      if (node.minLength !== undefined && length < node.minLength) {
        fail(
          "minLength",
          `must be at least ${node.minLength} characters, got ${length}`,
        );
      }
      if (node.maxLength !== undefined && length > node.maxLength) {
        fail(
          "maxLength",
          `must be at most ${node.maxLength} characters, got ${length}`,
        );
      }
      if (node.pattern !== undefined) {
        const re = compilePattern(node.pattern);
        if (re !== undefined && !re.test(value)) {
          fail("pattern", `must match pattern ${node.pattern}`);
        }
      }
      if (node.format !== undefined && !matchesFormat(node.format, value)) {
        fail("format", `must be a valid ${node.format}`);
      }
      return noTasks;
    }
    case "number":
    case "integer": {
      if (typeof value !== "number") {
        type(node.kind);
        return noTasks;
      }
      if (node.kind === "integer" && !Number.isInteger(value)) {
        type("integer");
        return noTasks;
      }
      if (node.minimum !== undefined && value < node.minimum) {
        fail("minimum", `must be >= ${node.minimum}`);
      }
      if (node.maximum !== undefined && value > node.maximum) {
        fail("maximum", `must be <= ${node.maximum}`);
      }
      return noTasks;
    }
    case "boolean":
      if (typeof value !== "boolean") type("boolean");
      return noTasks;
    case "enum":
      if (
        (typeof value !== "string" && typeof value !== "number") ||
        !node.values.includes(value)
      ) {
        fail("enum", `must be one of: ${node.values.join(", ")}`);
      }
      return noTasks;
    case "array": {
      if (!Array.isArray(value)) {
        type("array");
        return noTasks;
      }
      if (node.minItems !== undefined && value.length < node.minItems) {
        fail(
          "minItems",
          `must have at least ${node.minItems} items, got ${value.length}`,
        );
      }
      if (node.maxItems !== undefined && value.length > node.maxItems) {
        fail(
          "maxItems",
          `must have at most ${node.maxItems} items, got ${value.length}`,
        );
      }
      return value.map((item, i) => ({
        value: item,
        schema: node.items,
        path: pointer(path, i),
      }));
    }
    case "ref":
      // resolveSchema never returns a ref; kept for exhaustiveness.
      return noTasks;
  }
}
