/**
 * Rules of one operation as an HTTP request: its path's `{name}`s and path
 * parameters match, parameters are unique and sendable (a header name the
 * client does not set itself, a value that is text), a GET or DELETE has no
 * body, and success and error statuses are each stated once. And the
 * service's status operation: a read that exists.
 */
import { diagnostics, type DiagnosticText } from "../diagnostics/codes.js";
import { closest } from "../names/names.js";
import type { Range, RawSchema } from "../spec/raw.js";
import { bodilessMethods, followed } from "../spec/raw.js";
import type { OperationPart, ParameterPart, SpecParts } from "./structure.js";

type Report = (range: Range | undefined, text: DiagnosticText) => void;

/** RFC 9110 `token`: what a header name may hold. */
const headerToken = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** Headers the client sets itself, by lower-case name, and why. */
const ownHeaders: ReadonlyMap<string, "auth" | "json" | "transport"> = new Map([
  ["authorization", "auth"],
  ["content-type", "json"],
  ["accept", "json"],
  ["content-length", "transport"],
  ["host", "transport"],
  ["connection", "transport"],
  ["transfer-encoding", "transport"],
] as const);

export function checkOperations(parts: SpecParts, report: Report): void {
  const named = new Map(
    (parts.schemas ?? []).map((schema) => [schema.name.value, schema.schema]),
  );
  for (const operation of parts.operations ?? []) {
    checkParameters(operation, parts, named, report);
    checkBodies(operation, report);
  }
  const apiKey = parts.apiKey;
  if (apiKey?.in === "header" && !headerToken.test(apiKey.name.value))
    report(
      apiKey.name.range,
      diagnostics.badHeaderName(
        "the API key header of `auth`",
        apiKey.name.value,
      ),
    );
  checkStatusOperation(parts, report);
}

/** `{name}`s of a path, in order. */
function templatesOf(path: string): string[] {
  return [...path.matchAll(/\{([^}]*)\}/g)].map((match) => match[1]!);
}

function checkParameters(
  operation: OperationPart,
  parts: SpecParts,
  named: ReadonlyMap<string, RawSchema>,
  report: Report,
): void {
  const id = operation.id.value;
  const given = operation.parameters.filter(
    (
      parameter,
    ): parameter is ParameterPart &
      Required<Pick<ParameterPart, "name" | "in">> =>
      parameter.name !== undefined && parameter.in !== undefined,
  );
  const pathNames = new Set(
    given
      .filter((parameter) => parameter.in === "path")
      .map((parameter) => parameter.name.value),
  );
  const path = operation.path;
  const templates = new Set(path ? templatesOf(path.value) : []);
  if (path !== undefined)
    for (const name of templates)
      if (!pathNames.has(name))
        report(
          path.range,
          diagnostics.pathTemplateUnfilled(id, path.value, name),
        );
  // Header names ignore letter case; path and query names do not.
  const keyOf = (parameter: (typeof given)[number]): string =>
    `${parameter.in} ${parameter.in === "header" ? parameter.name.value.toLowerCase() : parameter.name.value}`;
  const seen = new Map<string, string>();
  for (const parameter of given) {
    const name = parameter.name.value;
    const where = parameter.in;
    const key = keyOf(parameter);
    const first = seen.get(key);
    if (first !== undefined) {
      report(
        parameter.name.range,
        diagnostics.duplicateParameter(id, where, name, first),
      );
      continue;
    }
    seen.set(key, name);
    if (where === "path") {
      if (path !== undefined && !templates.has(name))
        report(
          parameter.name.range,
          diagnostics.pathParameterUnused(id, name, path.value),
        );
      if (parameter.required?.value === false)
        report(
          parameter.required.range,
          diagnostics.optionalPathParameter(id, name),
        );
    }
    const reserved = reservedWhy(parameter, parts);
    if (where === "header" && !headerToken.test(name))
      report(
        parameter.name.range,
        diagnostics.badHeaderName(
          `a header parameter of operation ${JSON.stringify(id)}`,
          name,
        ),
      );
    else if (reserved !== undefined)
      report(
        parameter.name.range,
        diagnostics.reservedParameter(where, name, id, reserved),
      );
    const found = unsendable(parameter.schema, where === "path", named);
    if (found !== undefined)
      report(
        parameter.name.range,
        diagnostics.badParameterSchema(where, name, id, found),
      );
  }
}

/** Why the client sets this parameter itself, or undefined when it does not. */
function reservedWhy(
  parameter: { readonly name: { readonly value: string }; readonly in: string },
  parts: SpecParts,
): "auth" | "json" | "transport" | "api-key" | undefined {
  const name = parameter.name.value;
  const apiKey = parts.apiKey;
  if (
    apiKey !== undefined &&
    apiKey.in === parameter.in &&
    (apiKey.in === "header"
      ? apiKey.name.value.toLowerCase() === name.toLowerCase()
      : apiKey.name.value === name)
  )
    return "api-key";
  return parameter.in === "header"
    ? ownHeaders.get(name.toLowerCase())
    : undefined;
}

/**
 * What a parameter's schema is when no text can carry it (an object, an
 * array in a path, an array of objects), in words; undefined when it can
 * or when a reference does not resolve (reported as such).
 */
function unsendable(
  schema: RawSchema | undefined,
  inPath: boolean,
  named: ReadonlyMap<string, RawSchema>,
): string | undefined {
  const node = followed(schema, named);
  if (node === undefined || isOneValue(node, named)) return undefined;
  if (node.kind !== "array") return valueWords(node);
  if (inPath) return "an array";
  const items = followed(node.items, named);
  if (items === undefined || isOneValue(items, named)) return undefined;
  return `an array of ${valueWords(items).replace(/^(an?|any) /, "")}s`;
}

/**
 * Whether a schema's value is one scalar: a string, number, integer,
 * boolean or enum, a constant of one, or a union of these.
 */
function isOneValue(
  node: RawSchema,
  named: ReadonlyMap<string, RawSchema>,
  seen: Set<RawSchema> = new Set(),
): boolean {
  switch (node.kind) {
    case "string":
    case "number":
    case "integer":
    case "boolean":
    case "enum":
      return true;
    case "const":
      return node.value === null || typeof node.value !== "object";
    case "union":
      // A union met again refers to itself: a cycle, reported as such.
      if (seen.has(node)) return true;
      seen.add(node);
      return node.variants.every((variant) => {
        const target = followed(variant, named);
        return target === undefined || isOneValue(target, named, seen);
      });
    default:
      return false;
  }
}

function valueWords(node: RawSchema): string {
  switch (node.kind) {
    case "const":
      return "a constant object or list";
    case "union":
      return "a union of more than scalars";
    case "any":
      return "any JSON value";
    case "allOf":
      return "an allOf";
    default:
      return `${/^[aeiou]/.test(node.kind) ? "an" : "a"} ${node.kind}`;
  }
}

function checkBodies(operation: OperationPart, report: Report): void {
  const id = operation.id.value;
  if (
    bodilessMethods.has(operation.method) &&
    operation.request !== undefined &&
    operation.request !== false
  )
    report(
      operation.requestKey,
      diagnostics.bodyNotAllowed(id, operation.method),
    );
  if (operation.response !== undefined && operation.responses.length > 0)
    report(operation.responseKey, diagnostics.responseAndResponses(id));
  for (const [list, entries] of [
    ["responses", operation.responses],
    ["errors", operation.errors],
  ] as const) {
    const seen = new Set<number>();
    for (const entry of entries) {
      if (entry.status === undefined) continue;
      if (seen.has(entry.status.value))
        report(
          entry.status.range,
          diagnostics.duplicateStatus(id, entry.status.value, list),
        );
      seen.add(entry.status.value);
    }
  }
}

function checkStatusOperation(parts: SpecParts, report: Report): void {
  const named = parts.statusOperation;
  if (named === undefined || parts.operations === undefined) return;
  const declared = parts.declared.operations;
  if (!declared.has(named.value)) {
    report(
      named.range,
      diagnostics.unknownOperation(
        named.value,
        "service statusOperation",
        closest(named.value, [...declared.keys()]),
      ),
    );
    return;
  }
  const operation = parts.operations.find(
    (candidate) => candidate.id.value === named.value,
  );
  if (operation?.effect === "write")
    report(named.range, diagnostics.statusOperationWrites(named.value));
}
