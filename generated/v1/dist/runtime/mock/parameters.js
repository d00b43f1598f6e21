// Copied by remitgen from its runtime (src/runtime/mock/parameters.ts). DO NOT EDIT.

import { noParameters } from "./recording.js";
import { resolveSchema, validateValue } from "./validate.js";
/** A JSON number's grammar: what a numeric parameter's text must be. */
const NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;
/**
 * `text` read as `schema` takes it: a number or boolean where the text is
 * one and the schema takes it (`integer`, a union, an enum of numbers),
 * else the text; where no reading fits, the most typed one, so the schema
 * check says why.
 */
function scalar(text, schema, lookup) {
  const readings = [text];
  if (NUMBER.test(text)) readings.unshift(Number(text));
  if (text === "true" || text === "false") readings.unshift(text === "true");
  return (
    readings.find(
      (reading) => validateValue(reading, schema, lookup, request).length === 0,
    ) ?? readings[0]
  );
}
/** Parameters are sent, as a request body is. */
const request = { direction: "request" };
/**
 * The declared parameters `op` was sent, each made its schema's type, or
 * what breaks their schemas. Undeclared ones are left alone: a client may
 * add its own (a cache buster). One named as a credential (`secret`, a
 * spec that declares its API key's header too) is checked, never kept.
 */
export function readParameters(
  op,
  pathParameters,
  url,
  { headers },
  lookup,
  secret,
) {
  if (op.parameters === undefined) return { values: noParameters };
  const values = { path: {}, query: {}, header: {} };
  const hidden = new Set(secret.map((name) => name.toLowerCase()));
  const violations = [];
  for (const parameter of op.parameters) {
    const { name, schema } = parameter;
    const violation = (path, keyword, message) =>
      void violations.push({ in: parameter.in, name, path, keyword, message });
    let texts;
    if (parameter.in === "path") {
      const sent = pathParameters.get(name);
      let text;
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
    let value;
    if (node?.kind === "array") {
      const items =
        parameter.in === "header"
          ? texts[0].split(",").map((item) => item.trim())
          : texts;
      value = items.map((item) => scalar(item, node.items, lookup));
    } else if (texts.length > 1) {
      violation("", "type", "sent more than once");
      continue;
    } else {
      value = scalar(texts[0], schema, lookup);
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
export function parameterMessage(violation) {
  const where = violation.in[0]?.toUpperCase() + violation.in.slice(1);
  const at = violation.path === "" ? "" : ` at ${violation.path}`;
  return `${where} parameter "${violation.name}"${at}: ${violation.message}`;
}
