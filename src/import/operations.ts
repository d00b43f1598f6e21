/**
 * OpenAPI operations as remitgen operations: method and path, parameters,
 * the JSON request body, 2xx responses and 4xx/5xx errors, and the effect.
 * Swagger 2.0's forms (`in: body`, a response's `schema`, parameters typed
 * in place) are read here too. Every operation is kept or noted.
 */
import {
  isObject,
  member,
  note,
  noteCounted,
  pointer,
  resolve,
  type Context,
  type Json,
  type JsonObject,
} from "./document.js";
import { schemaYaml, type SchemaScope, type SchemaYaml } from "./schemas.js";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface ImportedOperation {
  /** `GET /accounts/{id}`: how operations are matched across documents. */
  readonly key: string;
  /** Its JSON Pointer, `/paths/~1accounts~1{id}/get`. */
  readonly at: string;
  /** The operation's id as the description gives it (or one made of method and path). */
  readonly id: string;
  /** Security requirements that apply to it (its own, else the document's). */
  readonly security: readonly string[][] | undefined;
  /** The operation as remitgen's YAML writes it, without `auth` (set once the scheme is chosen). */
  readonly yaml: SchemaYaml;
}

const methods: Readonly<Record<string, HttpMethod>> = {
  get: "GET",
  post: "POST",
  put: "PUT",
  patch: "PATCH",
  delete: "DELETE",
};
const unsupportedMethods = ["head", "options", "trace"];
/** Headers the client sets itself. */
const clientHeaders = new Set(["accept", "content-type", "authorization"]);
const jsonMediaType = /^application\/(?:[\w.+-]+\+)?json(?:\s*;.*)?$/i;

export function operationsOf(
  context: Context,
  scope: SchemaScope,
): ImportedOperation[] {
  const out: ImportedOperation[] = [];
  const paths = member(context.document.root, "paths");
  for (const path of isObject(paths) ? Object.keys(paths) : []) {
    const { value: item, at } = resolve(
      context,
      member(paths, path),
      pointer("/paths", path),
    );
    if (!isObject(item)) continue;
    for (const key of Object.keys(item)) {
      const method = methods[key];
      const operationAt = pointer(at, key);
      if (method === undefined) {
        if (unsupportedMethods.includes(key))
          note(
            context,
            operationAt,
            `${key.toUpperCase()} ${path}`,
            "left out: remitgen operations use GET, POST, PUT, PATCH or DELETE",
          );
        else if (
          !["parameters", "summary", "description", "servers", "$ref"].includes(
            key,
          ) &&
          !key.startsWith("x-")
        )
          note(
            context,
            pointer(at, key),
            `path item member ${key}`,
            "left out",
          );
        continue;
      }
      const imported = operationOf(context, scope, path, method, item, at);
      if (imported !== undefined) out.push(imported);
    }
  }
  return out;
}

function operationOf(
  context: Context,
  scope: SchemaScope,
  path: string,
  method: HttpMethod,
  item: JsonObject,
  itemAt: string,
): ImportedOperation | undefined {
  const operation = member(item, method.toLowerCase());
  const at = pointer(itemAt, method.toLowerCase());
  if (!isObject(operation)) return undefined;
  if (
    !/^\/(?:(?:[A-Za-z0-9\-._~]+|\{[A-Za-z_][A-Za-z0-9_.-]*\})(?:\/|$))*$/.test(
      path,
    )
  ) {
    note(
      context,
      at,
      `${method} ${path}: the path holds characters remitgen paths do not (segments of letters, digits, - . _ ~, or one {parameter})`,
      "operation left out",
    );
    return undefined;
  }
  const id = operationId(operation, method, path);
  const summary =
    firstLine(member(operation, "summary")) ??
    firstLine(member(operation, "description")) ??
    `${method} ${path}`;
  // remitgen's own openapi.json follows the description with the effect's rules.
  const given = member(operation, "description");
  const description =
    typeof given === "string" &&
    member(operation, "x-remitgen-effect") !== undefined
      ? given.split(/(?:^|\n\n)Effect: \*\*/)[0]
      : given;
  const yaml: SchemaYaml = { method, path, summary };
  if (
    typeof description === "string" &&
    description.trim() !== "" &&
    description.trim() !== summary
  )
    yaml.description = description;
  Object.assign(yaml, effectYaml(operation, method));
  const parameters = parametersYaml(
    context,
    scope,
    path,
    item,
    itemAt,
    operation,
    at,
  );
  if (parameters.length > 0) yaml.parameters = parameters;
  const notShown: SchemaYaml = {};
  Object.assign(
    yaml,
    requestYaml(context, scope, method, operation, at, id, notShown),
  );
  Object.assign(
    yaml,
    responsesYaml(context, scope, operation, at, id, notShown),
  );
  if (Object.keys(notShown).length > 0) yaml.notShown = notShown;
  if (member(operation, "deprecated") === true)
    note(
      context,
      pointer(at, "deprecated"),
      `${method} ${path} is deprecated`,
      "imported as any other operation",
    );
  for (const key of ["callbacks", "servers"])
    if (member(operation, key) !== undefined)
      note(context, pointer(at, key), key, "left out");
  const security =
    member(operation, "security") ?? member(context.document.root, "security");
  return {
    key: `${method} ${path}`,
    at,
    id,
    security: requirements(security),
    yaml,
  };
}

function operationId(
  operation: JsonObject,
  method: HttpMethod,
  path: string,
): string {
  // remitgen's own openapi.json keeps the spec's operation name here.
  const own =
    member(operation, "x-remitgen-operation") ??
    member(operation, "operationId");
  if (typeof own === "string" && /\S/.test(own)) return own;
  return `${method.toLowerCase()}${path.replace(/[{}]/g, "").replace(/[^A-Za-z0-9]+/g, "_")}`.replace(
    /_+$/,
    "",
  );
}

function firstLine(text: Json | undefined): string | undefined {
  if (typeof text !== "string") return undefined;
  const line = text.trim().split(/\r?\n/)[0]!.trim();
  return line === "" ? undefined : line;
}

/** `effect` where it is not the method's default (GET reads, the rest write), from remitgen's own extension. */
function effectYaml(operation: JsonObject, method: HttpMethod): SchemaYaml {
  const effect = member(operation, "x-remitgen-effect");
  const basis = member(operation, "x-remitgen-effect-basis");
  if (effect !== "read" && effect !== "write") return {};
  if (basis === "stated") return { effect, effectBasis: "stated" };
  if (basis === "inferred" || effect !== (method === "GET" ? "read" : "write"))
    return { effect };
  return {};
}

/** Security requirements as lists of scheme names (`[]` inside: one that needs none). */
function requirements(security: Json | undefined): string[][] | undefined {
  if (!Array.isArray(security)) return undefined;
  return security
    .filter(isObject)
    .map((requirement) => Object.keys(requirement));
}

function parametersYaml(
  context: Context,
  scope: SchemaScope,
  path: string,
  item: JsonObject,
  itemAt: string,
  operation: JsonObject,
  at: string,
): SchemaYaml[] {
  // The operation's own parameters replace the path item's of the same name and place.
  const byKey = new Map<string, { value: JsonObject; at: string }>();
  const add = (list: Json | undefined, listAt: string): void => {
    (Array.isArray(list) ? list : []).forEach((each, index) => {
      const resolved = resolve(context, each, pointer(listAt, index));
      if (!isObject(resolved.value)) return;
      byKey.set(
        `${String(member(resolved.value, "in"))} ${String(member(resolved.value, "name"))}`,
        {
          value: resolved.value,
          at: resolved.at,
        },
      );
    });
  };
  add(member(item, "parameters"), pointer(itemAt, "parameters"));
  add(member(operation, "parameters"), pointer(at, "parameters"));
  const out: SchemaYaml[] = [];
  for (const { value, at: parameterAt } of byKey.values()) {
    const parameter = parameterYaml(context, scope, value, parameterAt);
    if (parameter !== undefined) out.push(parameter);
  }
  // Each `{name}` of the path is a path parameter, stated or not.
  for (const [, name] of path.matchAll(/\{([^}]+)\}/g)) {
    if (out.some((each) => each.in === "path" && each.name === name)) continue;
    note(
      context,
      at,
      `path parameter ${JSON.stringify(name)} is not declared`,
      "added as a required string",
    );
    out.push({ name, in: "path", required: true, schema: { type: "string" } });
  }
  return out;
}

function parameterYaml(
  context: Context,
  scope: SchemaScope,
  parameter: JsonObject,
  at: string,
): SchemaYaml | undefined {
  const name = member(parameter, "name");
  const place = member(parameter, "in");
  if (typeof name !== "string" || typeof place !== "string") return undefined;
  const required = member(parameter, "required") === true || place === "path";
  const leftOut = (why: string): undefined => {
    note(
      context,
      at,
      `${place} parameter ${JSON.stringify(name)}${required ? " (required)" : ""}: ${why}`,
      required ? "left out: the operation cannot send it" : "left out",
    );
    return undefined;
  };
  if (place === "body") return undefined; // Swagger 2.0's request body: read as the request.
  if (place !== "path" && place !== "query" && place !== "header")
    return leftOut(`remitgen parameters are in the path, query or a header`);
  if (place === "header" && name.toLowerCase() === "authorization") {
    noteCounted(
      context,
      at,
      "header parameter Authorization",
      "left out: the client's auth scheme sends it",
    );
    return undefined;
  }
  if (place === "header" && clientHeaders.has(name.toLowerCase()))
    return leftOut("the client sets this header itself");
  // Swagger 2.0 types a parameter in place; OpenAPI 3 under `schema`.
  const given =
    context.document.version === "2.0"
      ? inPlaceSchema(parameter)
      : member(parameter, "schema");
  if (given === undefined)
    return leftOut("it has no schema (a `content` parameter)");
  // Parameters are plain values: references are written out in place.
  const schema = schemaYaml(
    context,
    { ...scope, named: new Map() },
    given,
    context.document.version === "2.0" ? at : pointer(at, "schema"),
  );
  const isScalar = (node: unknown): boolean =>
    isObject(node as Json) &&
    ["string", "number", "integer", "boolean"].includes(
      String(member(node as Json, "type")),
    );
  if (
    !isScalar(schema) &&
    !(place !== "path" && schema.type === "array" && isScalar(schema.items))
  )
    return leftOut(
      "its schema is not a string, number, boolean or enum (or, in the query or a header, a list of them)",
    );
  delete schema.nullable;
  const out: SchemaYaml = {
    name,
    in: place,
    ...(required ? { required } : {}),
  };
  const description = member(parameter, "description");
  if (typeof description === "string" && description.trim() !== "")
    out.description = description;
  // Checked written out, kept by name: the spec may name a scalar schema.
  const named = schemaYaml(
    { ...context, notes: [], counted: new Map() },
    scope,
    given,
    at,
  );
  delete named.nullable;
  const keys = Object.keys(named);
  out.schema = keys.length === 1 && keys[0] === "$ref" ? named.$ref : named;
  return out;
}

/** A Swagger 2.0 parameter's schema: the parameter without the members that place it. */
function inPlaceSchema(parameter: JsonObject): JsonObject {
  // No prototype: a key such as `__proto__` stays a key.
  const schema: JsonObject = Object.create(null) as JsonObject;
  for (const key of Object.keys(parameter))
    if (
      ![
        "name",
        "in",
        "required",
        "description",
        "collectionFormat",
        "allowEmptyValue",
      ].includes(key)
    )
      schema[key] = parameter[key]!;
  return schema;
}

/** The request body: a JSON schema, `false` for none, or left out (not shown) with the reason. */
function requestYaml(
  context: Context,
  scope: SchemaScope,
  method: HttpMethod,
  operation: JsonObject,
  at: string,
  id: string,
  notShown: SchemaYaml,
): SchemaYaml {
  const body = requestBody(context, operation, at);
  const bodyless = method === "GET" || method === "DELETE";
  if (body === undefined) return bodyless ? {} : { request: false };
  if (bodyless) {
    note(
      context,
      body.at,
      `a request body on ${method}`,
      "left out: remitgen sends no body with GET or DELETE",
    );
    return {};
  }
  if (body.schema === undefined) {
    notShown.request = `The request body is ${body.mediaTypes.join(" or ")}, which remitgen does not map: not shown.`;
    note(
      context,
      body.at,
      `request body as ${body.mediaTypes.join(", ")}`,
      "left out: the operation's request is marked not shown",
    );
    return {};
  }
  const payload = payloadYaml(
    context,
    scope,
    body.schema,
    body.schemaAt ?? body.at,
    id,
    "request",
  );
  if (payload.notShown !== undefined) notShown.request = payload.notShown;
  return payload.schema !== undefined ? { request: payload.schema } : {};
}

interface Body {
  readonly at: string;
  readonly mediaTypes: readonly string[];
  /** None when no media type is JSON. */
  readonly schema?: Json | undefined;
  readonly schemaAt?: string;
}

function requestBody(
  context: Context,
  operation: JsonObject,
  at: string,
): Body | undefined {
  if (context.document.version === "2.0") {
    const parameters = member(operation, "parameters");
    const list = Array.isArray(parameters) ? parameters : [];
    for (let index = 0; index < list.length; index++) {
      const { value, at: bodyAt } = resolve(
        context,
        list[index],
        pointer(at, "parameters", index),
      );
      if (member(value, "in") === "body")
        return {
          at: bodyAt,
          mediaTypes: ["application/json"],
          schema: member(value, "schema") ?? {},
          schemaAt: pointer(bodyAt, "schema"),
        };
      if (member(value, "in") === "formData")
        return { at: bodyAt, mediaTypes: ["form data"], schemaAt: bodyAt };
    }
    return undefined;
  }
  if (member(operation, "requestBody") === undefined) return undefined;
  const { value, at: bodyAt } = resolve(
    context,
    member(operation, "requestBody"),
    pointer(at, "requestBody"),
  );
  return mediaBody(context, value, bodyAt);
}

/** The JSON schema of a request body or response's `content`, noting the other media types. */
function mediaBody(
  context: Context,
  value: Json | undefined,
  at: string,
): Body | undefined {
  const content = member(value, "content");
  if (!isObject(content) || Object.keys(content).length === 0) return undefined;
  const types = Object.keys(content);
  const json = types.find((type) => jsonMediaType.test(type));
  if (json === undefined)
    return { at: pointer(at, "content"), mediaTypes: types };
  for (const other of types)
    if (!jsonMediaType.test(other))
      noteCounted(
        context,
        pointer(at, "content", other),
        `media type ${other} beside JSON`,
        `left out: ${json} is mapped`,
      );
  const schemaAt = pointer(at, "content", json, "schema");
  return {
    at,
    mediaTypes: [json],
    schema: member(content[json], "schema") ?? {},
    schemaAt,
  };
}

/**
 * A payload: a named schema's name or an inline schema; or, for an object
 * that states no member (`{type: object}`), not shown, with its
 * description as the reason: any JSON object, as remitgen types it.
 * `role` names the payload as remitgen's own openapi.json marks it
 * (`request`, `response`, `error 404`).
 */
function payloadYaml(
  context: Context,
  scope: SchemaScope,
  schema: Json,
  at: string,
  id: string,
  role: string,
): { schema?: unknown; notShown?: string } {
  const resolved = resolve(context, schema, at);
  const inline = inlined(schema, resolved.value, id, role);
  const node = schemaYaml(
    context,
    scope,
    inline ? resolved.value : schema,
    inline ? resolved.at : at,
  );
  if (
    node.type === "object" &&
    node.additionalProperties === true &&
    node.properties === undefined
  )
    return {
      notShown:
        typeof node.description === "string"
          ? node.description
          : `The ${role} body's members are not stated: not shown.`,
    };
  const keys = Object.keys(node);
  return { schema: keys.length === 1 && keys[0] === "$ref" ? node.$ref : node };
}

/**
 * Whether a payload's named schema is written inline: remitgen's own
 * openapi.json marks the components it made of inline payloads.
 */
function inlined(
  schema: Json,
  resolved: Json | undefined,
  id: string,
  role: string,
): boolean {
  return (
    member(schema, "$ref") !== undefined &&
    member(resolved, "x-remitgen-payload") === `${id} ${role}`
  );
}

function responsesYaml(
  context: Context,
  scope: SchemaScope,
  operation: JsonObject,
  at: string,
  id: string,
  notShown: SchemaYaml,
): SchemaYaml {
  const responses = member(operation, "responses");
  const responsesAt = pointer(at, "responses");
  const success: SchemaYaml[] = [];
  const errors: SchemaYaml[] = [];
  let fallback: { value: Json | undefined; at: string } | undefined;
  for (const status of isObject(responses) ? Object.keys(responses) : []) {
    const resolved = resolve(
      context,
      member(responses, status),
      pointer(responsesAt, status),
    );
    const answer = (role: string): SchemaYaml =>
      responseYaml(
        context,
        scope,
        Number(status),
        resolved.value,
        resolved.at,
        id,
        role,
      );
    if (/^2\d\d$/.test(status)) success.push(answer("response"));
    else if (/^[45]\d\d$/.test(status))
      errors.push(answer(`error${errors.length}`));
    else if (status === "default") fallback = resolved;
    else if (!status.startsWith("x-"))
      noteCounted(
        context,
        resolved.at,
        `response ${status}`,
        /^[45]XX$/i.test(status)
          ? "left out: the client's ApiError carries these statuses with an untyped body"
          : "left out: remitgen maps 2xx responses and 4xx/5xx errors",
      );
  }
  const out: SchemaYaml = {};
  if (fallback !== undefined && success.length > 0)
    noteCounted(
      context,
      fallback.at,
      "response default",
      "left out: an error status it does not list reaches the client as an ApiError with an untyped body",
    );
  if (fallback !== undefined && success.length === 0) {
    // No 2xx stated: the default is the answer (remitgen's own openapi.json writes the success body so).
    const answer = responseYaml(
      context,
      scope,
      200,
      fallback.value,
      fallback.at,
      id,
      "response",
    );
    success.push(answer);
  }
  if (success.length === 1 && success[0]!.status === 200) {
    const [only] = success;
    if (only!.notShown !== undefined) notShown.response = only!.notShown;
    else out.response = only!.schema ?? false;
  } else if (success.length > 0) {
    out.responses = success.map(({ notShown: _, ...rest }) => rest);
  } else {
    notShown.response = "No success response is stated: not shown.";
    note(
      context,
      responsesAt,
      "no 2xx or default response",
      "the response is marked not shown",
    );
  }
  if (errors.length > 0)
    out.errors = errors.map(({ notShown: _, ...rest }) => rest);
  return out;
}

/** `{status, description, schema?}`; `notShown` holds why a body could not be mapped. */
function responseYaml(
  context: Context,
  scope: SchemaScope,
  status: number,
  value: Json | undefined,
  at: string,
  id: string,
  role: string,
): SchemaYaml {
  const given = member(value, "description");
  const out: SchemaYaml = {
    status,
    description:
      typeof given === "string" && given.trim() !== ""
        ? given
        : `HTTP ${status}.`,
  };
  if (member(value, "headers") !== undefined)
    noteCounted(
      context,
      pointer(at, "headers"),
      "response headers",
      "left out",
    );
  if (member(value, "links") !== undefined)
    noteCounted(context, pointer(at, "links"), "response links", "left out");
  const body: Body | undefined =
    context.document.version === "2.0"
      ? member(value, "schema") !== undefined
        ? {
            at,
            mediaTypes: ["application/json"],
            schema: member(value, "schema"),
            schemaAt: pointer(at, "schema"),
          }
        : undefined
      : mediaBody(context, value, at);
  if (body === undefined) return out;
  if (body.schema === undefined) {
    const success = role === "response";
    note(
      context,
      body.at,
      `${success ? "response" : `error ${status}`} body as ${body.mediaTypes.join(", ")}`,
      success
        ? "left out: the response is marked not shown"
        : "left out: the error's body is untyped",
    );
    return success
      ? {
          ...out,
          notShown: `The response body is ${body.mediaTypes.join(" or ")}, which remitgen does not map: not shown.`,
        }
      : out;
  }
  const payload = payloadYaml(
    context,
    scope,
    body.schema,
    body.schemaAt ?? body.at,
    id,
    role,
  );
  if (payload.schema !== undefined) out.schema = payload.schema;
  // An error's unstated body is simply untyped; a success's is not shown.
  if (payload.notShown !== undefined && role === "response")
    out.notShown = payload.notShown;
  return out;
}
