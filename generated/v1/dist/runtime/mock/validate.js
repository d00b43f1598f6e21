// Copied by remitgen from its runtime (src/runtime/mock/validate.ts). DO NOT EDIT.

/** Indexes named schemas by name; later duplicates win, as in a JS object. */
export function schemaLookup(schemas) {
  if (!Array.isArray(schemas)) return schemas;
  return new Map(schemas.map((s) => [s.name, s.schema]));
}
/**
 * Follows `ref` nodes until a concrete schema is reached. Returns `undefined`
 * for a dangling reference or a reference cycle (`A -> B -> A`), which no
 * value could satisfy.
 */
export function resolveSchema(schema, lookup) {
  let node = schema;
  const seen = new Set();
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
export function findUnresolvedRefs(schema, lookup) {
  const missing = new Set();
  const visited = new Set();
  const walk = (node) => {
    switch (node.kind) {
      case "ref": {
        if (visited.has(node.name)) return;
        visited.add(node.name);
        const target = lookup.get(node.name);
        if (target === undefined) missing.add(node.name);
        else walk(target);
        return;
      }
      case "object":
        for (const p of node.properties) walk(p.schema);
        return;
      case "array":
        walk(node.items);
        return;
      default:
        return;
    }
  };
  walk(schema);
  return [...missing];
}
/** Appends one reference token to a JSON Pointer, escaping `~` and `/`. */
export function pointer(parent, token) {
  return `${parent}/${String(token).replace(/~/g, "~0").replace(/\//g, "~1")}`;
}
/**
 * Compiles a schema `pattern`. Tries Unicode mode first (what JSON Schema
 * asks for), then legacy mode, because many published patterns (`[\w-]`)
 * are only valid without the `u` flag. Returns `undefined` when neither
 * compiles; such a pattern is not enforced.
 */
export function compilePattern(pattern) {
  for (const flags of ["u", ""]) {
    try {
      return new RegExp(pattern, flags);
    } catch {
      // try the next mode
    }
  }
  return undefined;
}
/** The JSON type name of a value, as used in messages. */
export function jsonTypeOf(value) {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value;
}
/** Length in code points, as JSON Schema counts `minLength`/`maxLength`. */
export function codePointLength(text) {
  let n = 0;
  for (const _ of text) n++;
  return n;
}
/**
 * Validates `value` against `schema`. Collects every violation rather than
 * stopping at the first, in a stable order: schema member order first, then
 * unknown members in body order.
 *
 * Checked: JSON types (`integer` must be whole), required members, unknown
 * members, enum values, `minLength`/`maxLength`, `pattern`,
 * `minimum`/`maximum` (inclusive), `minItems`/`maxItems`, array items,
 * nested objects and `ref`s resolved through `schemas`.
 */
export function validateValue(value, schema, schemas) {
  const lookup = schemaLookup(schemas);
  const out = [];
  check(value, schema, "", lookup, out);
  return out;
}
function check(value, schema, path, lookup, out) {
  const node = resolveSchema(schema, lookup);
  if (node === undefined) {
    const name = schema.kind === "ref" ? schema.name : "?";
    out.push({
      path,
      keyword: "ref",
      message: `schema "${name}" cannot be resolved`,
    });
    return;
  }
  const type = (expected) => {
    out.push({
      path,
      keyword: "type",
      message: `expected ${expected}, got ${jsonTypeOf(value)}`,
    });
  };
  switch (node.kind) {
    case "object": {
      if (value === null || typeof value !== "object" || Array.isArray(value)) {
        type("object");
        return;
      }
      const known = new Set();
      for (const prop of node.properties) {
        known.add(prop.name);
        // Own members only: a body member named "constructor" is data.
        if (!Object.hasOwn(value, prop.name)) {
          if (prop.required) {
            out.push({
              path: pointer(path, prop.name),
              keyword: "required",
              message: "required member is missing",
            });
          }
          continue;
        }
        check(
          value[prop.name],
          prop.schema,
          pointer(path, prop.name),
          lookup,
          out,
        );
      }
      for (const name of Object.keys(value)) {
        if (!known.has(name)) {
          out.push({
            path: pointer(path, name),
            keyword: "unknown",
            message: "unknown member",
          });
        }
      }
      return;
    }
    case "string": {
      if (typeof value !== "string") {
        type("string");
        return;
      }
      const length = codePointLength(value);
      if (node.minLength !== undefined && length < node.minLength) {
        out.push({
          path,
          keyword: "minLength",
          message: `must be at least ${node.minLength} characters, got ${length}`,
        });
      }
      if (node.maxLength !== undefined && length > node.maxLength) {
        out.push({
          path,
          keyword: "maxLength",
          message: `must be at most ${node.maxLength} characters, got ${length}`,
        });
      }
      if (node.pattern !== undefined) {
        const re = compilePattern(node.pattern);
        if (re !== undefined && !re.test(value)) {
          out.push({
            path,
            keyword: "pattern",
            message: `must match pattern ${node.pattern}`,
          });
        }
      }
      return;
    }
    case "number":
    case "integer": {
      if (typeof value !== "number") {
        type(node.kind);
        return;
      }
      if (node.kind === "integer" && !Number.isInteger(value)) {
        type("integer");
        return;
      }
      if (node.minimum !== undefined && value < node.minimum) {
        out.push({
          path,
          keyword: "minimum",
          message: `must be >= ${node.minimum}`,
        });
      }
      if (node.maximum !== undefined && value > node.maximum) {
        out.push({
          path,
          keyword: "maximum",
          message: `must be <= ${node.maximum}`,
        });
      }
      return;
    }
    case "boolean":
      if (typeof value !== "boolean") type("boolean");
      return;
    case "enum":
      if (typeof value !== "string" || !node.values.includes(value)) {
        out.push({
          path,
          keyword: "enum",
          message: `must be one of: ${node.values.join(", ")}`,
        });
      }
      return;
    case "array": {
      if (!Array.isArray(value)) {
        type("array");
        return;
      }
      if (node.minItems !== undefined && value.length < node.minItems) {
        out.push({
          path,
          keyword: "minItems",
          message: `must have at least ${node.minItems} items, got ${value.length}`,
        });
      }
      if (node.maxItems !== undefined && value.length > node.maxItems) {
        out.push({
          path,
          keyword: "maxItems",
          message: `must have at most ${node.maxItems} items, got ${value.length}`,
        });
      }
      value.forEach((item, i) =>
        check(item, node.items, pointer(path, i), lookup, out),
      );
      return;
    }
    case "ref":
      // resolveSchema never returns a ref; kept for exhaustiveness.
      return;
  }
}
