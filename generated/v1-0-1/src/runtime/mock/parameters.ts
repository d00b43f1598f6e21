// Copied by remitgen from its runtime (src/runtime/mock/parameters.ts). DO NOT EDIT.

/**
 * An operation's path, query and header parameters, read from a request
 * and checked against their schemas: text made the value its schema
 * types (`"10"` the integer 10 for an integer, `"true"` true for a
 * boolean), an array from a repeated query parameter (OpenAPI's `form`
 * style, exploded) or a comma-separated header (`simple` style).
 *
 * @packageDocumentation
 */
import type { JsonValue } from "../json.js";
import type { SchemaNode } from "../schema.js";
import type { MockOperation, MockParameterValues } from "./engine.js";
import { noParameters } from "./recording.js";
import { resolveSchema, validateValue, type SchemaLookup } from "./validate.js";

/** One way a parameter breaks its schema, naming it; never its value. */
export interface ParameterViolation {
  readonly in: "path" | "query" | "header";
  readonly name: string;
  /** JSON Pointer into the parameter's value (`/1`: an array's second item); `""` the value. */
  readonly path: string;
  readonly keyword: string;
  readonly message: string;
}

/** A JSON number's grammar: what a numeric parameter's text must be. */
const NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/**
 * `text` read as `schema` takes it: a number or boolean where the text is
 * one and the schema takes it (`integer`, a union, an enum of numbers),
 * else the text; where no reading fits, the most typed one, so the schema
 * check says why.
 */
function scalar(
  text: string,
  schema: SchemaNode,
  lookup: SchemaLookup,
): JsonValue {
  const readings: JsonValue[] = [text];
  if (NUMBER.test(text)) readings.unshift(Number(text));
  if (text === "true" || text === "false") readings.unshift(text === "true");
  return (
    readings.find(
      (reading) => validateValue(reading, schema, lookup, request).length === 0,
    ) ?? (readings[0] as JsonValue)
  );
}

/** Parameters are sent, as a request body is. */
const request = { direction: "request" } as const;

/**
 * The declared parameters `op` was sent, each made its schema's type, or
 * what breaks their schemas. Undeclared ones are left alone: a client may
 * add its own (a cache buster). One named as a credential (`secret`, a
 * spec that declares its API key's header too) is checked, never kept.
 */
export function readParameters(
  op: MockOperation,
  pathParameters: ReadonlyMap<string, string>,
  url: URL,
  { headers }: Request,
  lookup: SchemaLookup,
  secret: readonly string[],
): { values: MockParameterValues } | { violations: ParameterViolation[] } {
  if (op.parameters === undefined) return { values: noParameters };
  const values = { path: {}, query: {}, header: {} } as {
    [where in keyof MockParameterValues]: Record<string, JsonValue>;
  };
  const hidden = new Set(secret.map((name) => name.toLowerCase()));
  const violations: ParameterViolation[] = [];
  for (const parameter of op.parameters) {
    const { name, schema } = parameter;
    const violation = (path: string, keyword: string, message: string): void =>
      void violations.push({ in: parameter.in, name, path, keyword, message });
    let texts: string[];
    if (parameter.in === "path") {
      const sent = pathParameters.get(name);
      let text: string | undefined;
      try {
        text = sent === undefined ? undefined : decodeURIComponent(sent);
      } catch {
        violation("", "type", "not valid percent-encoded UTF-8");
        continue;
      }
      texts = text === undefined ? [] : [text];
    } else if (parameter.in === "query") {
      texts = url.searchParams.getAll(name);
    } else {
      const sent = headers.get(name);
      texts = sent === null ? [] : [sent];
    }
    if (texts.length === 0) {
      if (parameter.required) violation("", "required", "required");
      continue;
    }
    const node = resolveSchema(schema, lookup);
    let value: JsonValue;
    if (node?.kind === "array") {
      const items =
        parameter.in === "header"
          ? (texts[0] as string).split(",").map((item) => item.trim())
          : texts;
      value = items.map((item) => scalar(item, node.items, lookup));
    } else if (texts.length > 1) {
      violation("", "type", "sent more than once");
      continue;
    } else {
      value = scalar(texts[0] as string, schema, lookup);
    }
    const broken = validateValue(value, schema, lookup, request);
    for (const each of broken) violation(each.path, each.keyword, each.message);
    if (broken.length === 0 && !hidden.has(name.toLowerCase())) {
      values[parameter.in][name] = value;
    }
  }
  return violations.length > 0 ? { violations } : { values };
}

/** A violation as a message says it: `Query parameter "limit": required`. */
export function parameterMessage(violation: ParameterViolation): string {
  const where = violation.in[0]?.toUpperCase() + violation.in.slice(1);
  const at = violation.path === "" ? "" : ` at ${violation.path}`;
  return `${where} parameter "${violation.name}"${at}: ${violation.message}`;
}
