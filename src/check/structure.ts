/**
 * Reads the YAML document into a raw spec. Its structure (keys, required
 * keys, types, allowed values) is checked against the format's JSON Schema
 * (format-schema.ts); the checks named there by `x-remitgen-check` live
 * here, each judging one value in the spec's own terms with a fix. Every
 * problem is reported; reading goes on past each one so that a single run
 * lists them all.
 */
import { isScalar, type Node } from "yaml";
import { diagnostics } from "../diagnostics/codes.js";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import type { JsonValue } from "../runtime/json.js";
import {
  requestBody,
  type ExampleSite,
  type Located,
  type ParameterLocation,
  type Range,
  type RawAuth,
  type RawMethod,
  type RawNamedSchema,
  type RawNotShown,
  type RawOperation,
  type RawParameter,
  type RawPayload,
  type RawSchema,
  type RawSet,
  type RawSpec,
  type SetLists,
} from "../spec/raw.js";
import { findTooDeep, maxSpecDepth, type SpecSource } from "../spec/source.js";
import {
  entriesOf,
  field,
  readAgainstSchema,
  type Read,
} from "./format-schema.js";
import { formatChecks } from "./value-checks.js";
import { Reader } from "./yaml-nodes.js";

/**
 * Every name declared under `operations`, `sets` and `schemas`, with the
 * position of its key, including entries too broken to read: a reference to
 * them is not reported again as unknown.
 */
export interface Declared {
  readonly operations: ReadonlyMap<string, Range>;
  readonly sets: ReadonlyMap<string, Range>;
  readonly schemas: ReadonlyMap<string, Range>;
  /** Operations listed by sets, or in lists, too broken to read: they count as used. */
  readonly listedByBrokenSets: ReadonlySet<string>;
  /** Named schemas read with a problem: examples that rely on them are not checked. */
  readonly flawedSchemas: ReadonlySet<string>;
}

/**
 * What the rules read of an operation: whatever of it could be read, so an
 * operation with a problem of its own (a misspelt `summary`) still has its
 * path, payloads and error schemas checked.
 */
export interface OperationPart {
  readonly id: Located<string>;
  /** As stated, else `operationDefaults.method`, else POST. */
  readonly method: RawMethod;
  /** As stated, else by method: GET reads, the others write. */
  readonly effect: "read" | "write";
  readonly path?: Located<string>;
  readonly parameters: readonly ParameterPart[];
  readonly request?: RawSchema | false;
  /** Where `request` stands, when written. */
  readonly requestKey?: Range;
  readonly response?: RawSchema | false;
  readonly responseKey?: Range;
  readonly responses: readonly StatusPart[];
  readonly errors: readonly StatusPart[];
}

/** What the rules read of a stated response or error. */
export interface StatusPart {
  readonly status?: Located<number>;
  readonly schema?: RawSchema;
}

/** What the rules read of a parameter: whatever of it could be read. */
export interface ParameterPart {
  readonly name?: Located<string>;
  readonly in?: ParameterLocation;
  readonly required?: Located<boolean>;
  readonly description?: string;
  readonly schema?: RawSchema;
}

/** What the rules read of a set: whatever of it could be read (see {@link OperationPart}). */
export type SetPart = SetLists;

/**
 * Whatever parts of the spec could be read, for the rules. A part is
 * undefined when its section is absent or not a mapping; entries that are
 * not even a mapping are left out of a part but still `declared`; an entry
 * with problems of its own is in, with what of it could be read.
 */
export interface SpecParts {
  readonly operations?: readonly OperationPart[];
  readonly sets?: readonly SetPart[];
  readonly schemas?: readonly RawNamedSchema[];
  /** The package name, which names each client interface (`<Name>Client`). */
  readonly packageName?: Located<string>;
  /** `service.statusOperation`, when written. */
  readonly statusOperation?: Located<string>;
  /** An API key's header or query parameter, which operations may not declare too. */
  readonly apiKey?: {
    readonly in: "header" | "query";
    readonly name: Located<string>;
  };
  readonly declared: Declared;
}

export interface StructureResult {
  /** The whole spec, when its structure holds no problem. */
  readonly raw: RawSpec | undefined;
  /** What could be read, for the rules; undefined when not even the root could. */
  readonly parts: SpecParts | undefined;
  readonly diagnostics: readonly Diagnostic[];
}

/** Reads and structurally checks a parsed spec. */
export function readStructure(source: SpecSource): StructureResult {
  const reader = new Reader(source);
  const root = source.document.contents as Node | null;
  const tooDeep = findTooDeep(root, maxSpecDepth);
  if (tooDeep !== undefined) {
    reader.report(tooDeep, diagnostics.tooDeep(maxSpecDepth));
    return { raw: undefined, parts: undefined, diagnostics: reader.found };
  }
  const empty =
    root === null ||
    (isScalar(root) && (root.value === null || root.value === ""));
  if (empty) {
    reader.report([0, 1], diagnostics.emptySpec());
    return { raw: undefined, parts: undefined, diagnostics: reader.found };
  }
  const read = readAgainstSchema(reader, root, formatChecks(reader));
  if (!read.usable)
    return { raw: undefined, parts: undefined, diagnostics: reader.found };
  const parts = specParts(read);
  return {
    // Only a spec without a structural problem is whole.
    raw: reader.found.length === 0 ? rawSpec(read, parts) : undefined,
    parts,
    diagnostics: reader.found,
  };
}

// Reading what the walk left: only values of the allowed form.

function located<T>(read: Read | undefined): Located<T> | undefined {
  return read === undefined
    ? undefined
    : { value: read.value as T, range: read.range };
}

/** A text's value, trimmed as docs print it. */
function text(read: Read | undefined, key: string): string | undefined {
  return (field(read, key)?.value as string | undefined)?.trim();
}

/** A list's items of the allowed form, located. */
function strings(read: Read | undefined): Located<string>[] | undefined {
  if (!read?.usable) return undefined;
  return (read.value as Read[])
    .filter((item) => item.usable)
    .map((item) => located<string>(item)!);
}

/** The members under `keys` that are of the allowed form, as they are. */
function pick(
  read: Read | undefined,
  keys: readonly string[],
): { [key: string]: number | string } {
  const out: { [key: string]: number | string } = {};
  for (const key of keys) {
    const value = field(read, key)?.value;
    if (typeof value === "number" || typeof value === "string")
      out[key] = value;
  }
  return out;
}

/** The object with its undefined members left out, as optional properties are. */
function defined<T extends object>(
  object: T,
): { [K in keyof T]?: Exclude<T[K], undefined> } {
  const out: { [key: string]: unknown } = {};
  for (const key in object)
    if (object[key] !== undefined) out[key] = object[key];
  return out as { [K in keyof T]?: Exclude<T[K], undefined> };
}

/** A payload as read: a schema, `false` for none, or undefined (left out or unusable). */
function rawPayload(read: Read | undefined): RawPayload {
  return read?.value === false ? false : rawSchema(read);
}

function notShown(read: Read | undefined): RawNotShown[] {
  return [...entriesOf(field(read, "notShown"))]
    .filter(([, item]) => item.usable)
    .map(([topic, item]) => ({ topic, text: (item.value as string).trim() }));
}

/** The parts the rules check, from whatever could be read. */
function specParts(root: Read): SpecParts {
  const declared = {
    operations: new Map<string, Range>(),
    sets: new Map<string, Range>(),
    schemas: new Map<string, Range>(),
    listedByBrokenSets: new Set<string>(),
    flawedSchemas: new Set<string>(),
  };
  const section = (key: string): Read | undefined => field(root, key);
  const operations = section("operations");
  const sets = section("sets");
  const schemas = section("schemas");
  const defaultMethod = field(section("operationDefaults"), "method")?.value as
    RawMethod | undefined;
  const statuses = (read: Read | undefined): StatusPart[] =>
    listOf(read)
      .filter((entry) => entry.usable)
      .map((entry) =>
        defined({
          status: located<number>(field(entry, "status")),
          schema: rawSchema(field(entry, "schema")),
        }),
      );
  const operationParts: OperationPart[] = [];
  for (const [key, operation] of entriesOf(operations)) {
    declared.operations.set(key, operation.keyRange);
    if (!operation.usable) continue;
    const given = entriesOf(operation);
    const method =
      (field(operation, "method")?.value as RawMethod | undefined) ??
      defaultMethod ??
      "POST";
    operationParts.push({
      id: { value: key, range: operation.keyRange },
      method,
      effect:
        (field(operation, "effect")?.value as "read" | "write" | undefined) ??
        (method === "GET" ? "read" : "write"),
      parameters: listOf(field(operation, "parameters"))
        .filter((parameter) => parameter.usable)
        .map((parameter) =>
          defined({
            name: located<string>(field(parameter, "name")),
            in: field(parameter, "in")?.value as ParameterLocation | undefined,
            required: located<boolean>(field(parameter, "required")),
            description: text(parameter, "description"),
            schema: rawSchema(field(parameter, "schema")),
          }),
        ),
      ...defined({
        path: located<string>(field(operation, "path")),
        request: rawPayload(field(operation, "request")),
        requestKey: given.get("request")?.keyRange,
        response: rawPayload(field(operation, "response")),
        responseKey: given.get("response")?.keyRange,
      }),
      responses: statuses(field(operation, "responses")),
      errors: statuses(field(operation, "errors")),
    });
  }
  const setParts: SetPart[] = [];
  for (const [key, set] of entriesOf(sets)) {
    declared.sets.set(key, set.keyRange);
    if (!set.usable) continue;
    const given = entriesOf(set);
    // A list written as a bare name is reported; the name still counts as used.
    for (const list of ["operations", "adds"]) {
      const node = given.get(list)?.node;
      if (isScalar(node) && typeof node.value === "string")
        declared.listedByBrokenSets.add(node.value);
    }
    setParts.push({
      id: { value: key, range: set.keyRange },
      adds: strings(field(set, "adds")) ?? [],
      removes: strings(field(set, "removes")) ?? [],
      ...defined({
        extends: located<string>(field(set, "extends")),
        operations: strings(field(set, "operations")),
        operationsKey: given.get("operations")?.keyRange,
        addsKey: given.get("adds")?.keyRange,
        removesKey: given.get("removes")?.keyRange,
      }),
    });
  }
  const named: RawNamedSchema[] = [];
  for (const [key, schema] of entriesOf(schemas)) {
    declared.schemas.set(key, schema.keyRange);
    if (schema.flawed) declared.flawedSchemas.add(key);
    const read = rawSchema(schema);
    if (read)
      named.push({
        name: { value: key, range: schema.keyRange },
        schema: read,
      });
  }
  const auth = section("auth");
  const apiKeyName = located<string>(field(auth, "name"));
  const apiKeyIn = field(auth, "in")?.value as "header" | "query" | undefined;
  return {
    ...defined({
      operations: operations && operationParts,
      sets: sets && setParts,
      schemas: schemas || !entriesOf(root).has("schemas") ? named : undefined,
      packageName: located<string>(
        field(field(section("service"), "package"), "name"),
      ),
      statusOperation: located<string>(
        field(section("service"), "statusOperation"),
      ),
      apiKey:
        field(auth, "scheme")?.value === "api-key" &&
        apiKeyName !== undefined &&
        apiKeyIn !== undefined
          ? { in: apiKeyIn, name: apiKeyName }
          : undefined,
    }),
    declared,
  };
}

function listOf(read: Read | undefined): readonly Read[] {
  return read?.usable ? (read.value as Read[]) : [];
}

/** The whole spec, from a walk that found no problem: every required part is there. */
function rawSpec(root: Read, parts: SpecParts): RawSpec {
  const must = (read: Read | undefined, key: string): Read => field(read, key)!;
  const service = must(root, "service");
  const pkg = must(service, "package");
  const defaultNotShown = notShown(field(root, "operationDefaults"));
  const operations: RawOperation[] = (parts.operations ?? []).map((part) => {
    const operation = must(must(root, "operations"), part.id.value);
    const described = (key: string, given: readonly StatusPart[]) =>
      listOf(field(operation, key)).map((entry, index) => ({
        status: located<number>(must(entry, "status"))!,
        description: text(entry, "description")!,
        ...defined({ schema: given[index]!.schema }),
      }));
    const errors = described("errors", part.errors);
    const responses = described("responses", part.responses);
    const own = notShown(operation);
    // An operation that states a payload, or that it has none, no longer
    // inherits "not shown" for it; nor one that states parameters or statuses.
    const request = requestBody(part.request, part.method);
    const stated: Record<string, boolean> = {
      request: request !== undefined,
      response: part.response !== undefined || responses.length > 0,
      parameters: part.parameters.length > 0,
      statusCodes: errors.length > 0 || responses.length > 0,
    };
    const inherited = defaultNotShown.filter(
      (gap) =>
        !own.some((mine) => mine.topic === gap.topic) && !stated[gap.topic],
    );
    const effect = field(operation, "effect")?.value as
      "read" | "write" | undefined;
    const basis = field(operation, "effectBasis")?.value as
      "inferred" | "stated" | undefined;
    return {
      id: part.id,
      method: part.method,
      path: part.path!,
      parameters: part.parameters.map((parameter): RawParameter => ({
        name: parameter.name!,
        in: parameter.in!,
        ...defined({
          required: parameter.required,
          description: parameter.description,
        }),
        schema: parameter.schema!,
      })),
      authenticated: field(operation, "auth")?.value !== "none",
      summary: text(operation, "summary")!,
      ...defined({ description: text(operation, "description") }),
      effect: part.effect,
      effectBasis: basis ?? (effect ? "inferred" : "default"),
      request,
      response: part.response,
      responses,
      errors,
      notShown: [...inherited, ...own],
    };
  });
  const sets: RawSet[] = (parts.sets ?? []).map((part) => {
    const set = must(must(root, "sets"), part.id.value);
    const plan = field(set, "plan");
    return {
      ...part,
      title: text(set, "title")!,
      version: located<string>(must(set, "version"))!,
      labels: (strings(field(set, "labels")) ?? []).map((label) => label.value),
      ...defined({
        date: located<string>(field(set, "date")),
        plan: plan && {
          name: text(plan, "name")!,
          rateLimit: located<string>(must(plan, "rateLimit"))!,
          cost: text(plan, "cost")!,
          ...defined({ note: text(plan, "note") }),
        },
      }),
    };
  });
  return {
    service: {
      title: text(service, "title")!,
      description: text(service, "description")!,
      baseUrl: must(service, "baseUrl").value as string,
      packageScope: located<string>(must(pkg, "scope"))!,
      packageName: located<string>(must(pkg, "name"))!,
      ...defined({
        packageRegistry: field(pkg, "registry")?.value as string | undefined,
        statusOperation: parts.statusOperation,
      }),
      notShown: notShown(service),
    },
    auth: rawAuth(field(root, "auth")),
    operationDefaults: { notShown: defaultNotShown },
    operations,
    sets,
    schemas: parts.schemas ?? [],
  };
}

/** The auth scheme, from a walk that found no problem; none written is `none`. */
function rawAuth(auth: Read | undefined): RawAuth {
  const scheme = (field(auth, "scheme")?.value ?? "none") as RawAuth["scheme"];
  const description = defined({ description: text(auth, "description") });
  switch (scheme) {
    case "oauth2-client-credentials":
      return {
        scheme,
        title: text(auth, "title")!,
        version: located<string>(field(auth, "version"))!,
        baseUrl: field(auth, "baseUrl")!.value as string,
        tokenPath: located<string>(field(field(auth, "token"), "path"))!,
        assumption: text(auth, "assumption") ?? "",
        notShown: notShown(auth),
      };
    case "api-key":
      return {
        scheme,
        in: field(auth, "in")!.value as "header" | "query",
        name: located<string>(field(auth, "name"))!,
        ...description,
      };
    case "basic":
    case "bearer":
      return { scheme, ...description };
    case "none":
      return { scheme };
  }
}

/**
 * A schema node as read: a payload's bare schema name, a `$ref`, a `const`,
 * a union, an `allOf`, a node of its `type`, or (no `type`) any value. Its
 * example and default are checked against it later only when the node and
 * everything in it read without a problem: with a part left out, a value
 * that fits the schema as written could look wrong.
 */
function rawSchema(read: Read | undefined): RawSchema | undefined {
  if (!read?.usable) return undefined;
  if (typeof read.value === "string")
    return { kind: "ref", name: located<string>(read)! };
  const entries = entriesOf(read);
  const site = (key: string): ExampleSite | undefined => {
    const entry = entries.get(key);
    return entry === undefined || read.flawed
      ? undefined
      : { range: entry.range, where: read.where };
  };
  const shared = defined({
    description: text(read, "description"),
    example: field(read, "example")?.value as JsonValue | undefined,
    exampleSite: site("example"),
    nullable: field(read, "nullable")?.value === true ? true : undefined,
    default: field(read, "default")?.value as JsonValue | undefined,
    defaultSite: site("default"),
  });
  const ref = entries.get("$ref");
  if (ref !== undefined)
    return ref.usable
      ? { kind: "ref", name: located<string>(ref)!, ...shared }
      : undefined;
  const type = field(read, "type")?.value;
  if (entries.has("const")) {
    const value = field(read, "const");
    if (value === undefined) return undefined;
    const typed: RawSchema | undefined =
      type === undefined
        ? undefined
        : type === "object"
          ? { kind: "object", properties: [], additionalProperties: true }
          : type === "array"
            ? { kind: "array", items: { kind: "any" } }
            : { kind: type as "string", facets: {} };
    return {
      kind: "const",
      value: value.value as JsonValue,
      site: { range: value.range, where: read.where },
      ...defined({ typed }),
      ...shared,
    };
  }
  for (const keyword of ["oneOf", "anyOf", "allOf"] as const) {
    const list = entries.get(keyword);
    if (list === undefined) continue;
    const nodes = listOf(field(read, keyword)).map(rawSchema);
    if (!list.usable || !nodes.every((node) => node !== undefined))
      return undefined;
    const where = { range: list.keyRange, where: read.where };
    if (keyword === "allOf")
      return { kind: "allOf", parts: nodes, site: where, ...shared };
    const discriminator = field(read, "discriminator");
    const propertyName = located<string>(field(discriminator, "propertyName"));
    return {
      kind: "union",
      mode: keyword,
      variants: nodes,
      site: where,
      ...defined({
        discriminator: propertyName && {
          propertyName,
          mapping: [...entriesOf(field(discriminator, "mapping"))]
            .filter(([, entry]) => entry.usable)
            .map(([value, entry]) => ({
              value,
              schema: located<string>(entry)!,
            })),
        },
      }),
      ...shared,
    };
  }
  switch (type) {
    case undefined:
      return { kind: "any", ...shared };
    case "object": {
      const properties = [...entriesOf(field(read, "properties"))].flatMap(
        ([name, property]) => {
          const schema = rawSchema(property);
          const flag = (key: string) =>
            field(property, key)?.value === true ? true : undefined;
          const access = defined({
            readOnly: flag("readOnly"),
            writeOnly: flag("writeOnly"),
          });
          const required = field(property, "required")?.value === true;
          return schema
            ? [
                {
                  name,
                  required,
                  schema,
                  ...access,
                  ...defined({
                    bothAccess:
                      access.readOnly && access.writeOnly
                        ? {
                            range:
                              entriesOf(property).get("writeOnly")!.keyRange,
                            where: property.where,
                          }
                        : undefined,
                  }),
                },
              ]
            : [];
        },
      );
      const extra = field(read, "additionalProperties");
      return {
        kind: "object",
        properties,
        ...defined({
          additionalProperties:
            typeof extra?.value === "boolean" ? extra.value : rawSchema(extra),
        }),
        ...shared,
      };
    }
    case "array": {
      const items = rawSchema(field(read, "items"));
      if (!items) return undefined;
      return {
        kind: "array",
        items,
        ...(pick(read, ["minItems", "maxItems"]) as object),
        ...shared,
      };
    }
    case "string":
    case "number":
    case "integer": {
      if (entries.has("enum")) {
        const values = listOf(entries.get("enum"))
          .filter((item) => item.usable)
          .map((item) => item.value as string | number);
        return {
          kind: "enum",
          facets: {},
          values: [...new Set(values)],
          ...shared,
        };
      }
      return {
        kind: type,
        facets: pick(
          read,
          type === "string"
            ? ["minLength", "maxLength", "pattern", "format"]
            : ["minimum", "maximum"],
        ),
        ...shared,
      };
    }
    case "boolean":
      return { kind: "boolean", facets: {}, ...shared };
    default:
      return undefined;
  }
}
