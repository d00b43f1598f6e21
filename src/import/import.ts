/**
 * `remitgen import`: OpenAPI descriptions in, one remitgen spec out. Each
 * document becomes a set; operations are matched across them by method
 * and path, and one whose shape changed becomes a second operation, as a
 * named schema whose shape changed becomes a second schema.
 */
import { operationNames, schemaTypeName } from "../names/names.js";
import { patternSafety } from "../check/pattern-safety.js";
import {
  isObject,
  lookup,
  member,
  newContext,
  note,
  pointer,
  readDocument,
  type Context,
  type ImportNote,
  type OpenApiDocument,
} from "./document.js";
import { operationsOf, type ImportedOperation } from "./operations.js";
import type { SchemaScope, SchemaYaml } from "./schemas.js";
import { schemaYaml } from "./schemas.js";
import {
  authYaml,
  dateOf,
  semanticVersion,
  serviceYaml,
  type ServiceOptions,
} from "./service.js";
import { specText } from "./emit.js";

export interface ImportInput {
  /** The document's name as the user gave it. */
  readonly file: string;
  readonly text: string;
}

export interface ImportOptions extends ServiceOptions {
  /** One set id per document, instead of the documents' versions. */
  readonly setIds?: readonly string[];
  /** The spec's `$schema` link for editors, relative to where it is written. */
  readonly schemaLink?: string;
}

export interface ImportResult {
  /** The spec, as YAML. */
  readonly text: string;
  readonly notes: readonly ImportNote[];
  readonly sets: number;
  readonly operations: number;
  readonly schemas: number;
  /** Operations written twice because their shape differs between sets: `id -> its second id`. */
  readonly split: readonly string[];
}

/** One document mapped with a given naming of its schemas. */
interface Mapped {
  readonly context: Context;
  readonly service: SchemaYaml;
  readonly auth: SchemaYaml;
  readonly operations: readonly ImportedOperation[];
  /** Named schemas, by remitgen name, in the document's order. */
  readonly schemas: ReadonlyMap<string, SchemaYaml>;
}

export function importDescriptions(
  inputs: readonly ImportInput[],
  options: ImportOptions = {},
): ImportResult {
  const documents = inputs.map((input) => readDocument(input.file, input.text));
  const setIds = setIdsOf(documents, options.setIds);
  const patternProblem = patternChecker();
  const claims = new Set<string>();
  const schemas = new Map<string, SchemaYaml>();
  /** The name each component key had in the latest document that holds it. */
  const latestName = new Map<string, string>();
  const operations = new Map<string, SchemaYaml>();
  const order: string[] = [];
  const schemaPointers = new Map<string, string>();
  const latestOperation = new Map<string, string>();
  const members: string[][] = [];
  const notes: ImportNote[] = [];
  const split: string[] = [];
  let first: Mapped | undefined;
  documents.forEach((document, index) => {
    const suffix = setIds[index]!;
    const keys = componentKeys(document);
    const names = new Map<string, string>();
    for (const [key, at] of keys)
      names.set(
        at,
        latestName.get(key) ??
          // A payload remitgen's own openapi.json made a component is written inline: it takes no name.
          (member(lookup(document.root, at), "x-remitgen-payload") !== undefined
            ? key
            : claim(claims, key, schemaClaims)),
      );
    // A schema whose shape differs from the one of its name already written
    // gets a name of its own; schemas that refer to it then differ too.
    let mapped = mapDocument(document, names, patternProblem, options);
    const renames: ImportNote[] = [];
    for (;;) {
      const changed = keys.filter(([, at]) => {
        const name = names.get(at)!;
        const earlier = schemas.get(name);
        return (
          earlier !== undefined &&
          shapeOf(earlier) !== shapeOf(mapped.schemas.get(name))
        );
      });
      if (changed.length === 0) break;
      for (const [key, at] of changed) {
        const renamed = claim(claims, `${key}_${suffix}`, schemaClaims);
        renames.push({
          pointer: `${document.file}#${at}`,
          what: `schema ${key} differs from the one of set ${setIds[index - 1]}`,
          handled: `written again as ${renamed}`,
        });
        names.set(at, renamed);
      }
      mapped = mapDocument(document, names, patternProblem, options);
    }
    for (const [key, at] of keys) latestName.set(key, names.get(at)!);
    for (const [, at] of keys) {
      const name = names.get(at)!;
      const yaml = mapped.schemas.get(name);
      if (yaml === undefined || schemas.has(name)) continue;
      schemas.set(name, yaml);
      schemaPointers.set(name, `${document.file}#${at}`);
    }
    first ??= mapped;
    if (index > 0) noteDifferences(first, mapped, setIds[0]!);
    const setMembers: string[] = [];
    for (const operation of mapped.operations) {
      const earlierId = latestOperation.get(operation.key);
      const earlier =
        earlierId !== undefined ? operations.get(earlierId) : undefined;
      if (
        earlier !== undefined &&
        shapeOf(earlier) === shapeOf(operation.yaml)
      ) {
        setMembers.push(earlierId!);
        continue;
      }
      const id = claim(
        claims,
        earlier !== undefined ? `${operation.id}_${suffix}` : operation.id,
        (name) => operationClaims(name, operation.yaml),
      );
      if (earlier !== undefined) {
        split.push(`${earlierId} -> ${id}`);
        note(
          mapped.context,
          operation.at,
          `${operation.key} differs from operation ${earlierId} of set ${setIds[index - 1]}`,
          `written again as operation ${id}`,
        );
      }
      operations.set(id, operation.yaml);
      // Placed after the operation it replaces, else the one it follows in
      // this document: a document lists them in its spec's order.
      const after = earlier !== undefined ? earlierId! : setMembers.at(-1);
      order.splice(order.indexOf(after ?? "") + 1, 0, id);
      latestOperation.set(operation.key, id);
      setMembers.push(id);
    }
    members.push(setMembers);
    notes.push(...renames, ...mapped.context.notes);
  });
  notes.push(...breakCycles(schemas, schemaPointers));
  const discriminated = (yaml: SchemaYaml, where: string): SchemaYaml =>
    soundDiscriminators(yaml, schemas, (problem) =>
      notes.push({
        pointer: where,
        what: problem,
        handled:
          "the discriminator is left out: the union stays, told apart by shape",
      }),
    );
  for (const [name, yaml] of schemas)
    schemas.set(name, discriminated(yaml, schemaPointers.get(name) ?? name));
  for (const [id, yaml] of operations)
    operations.set(id, discriminated(yaml, `operation ${id}`));
  const spec = {
    remitgen: 1,
    service: first!.service,
    ...(first!.auth.scheme !== "none" ? { auth: first!.auth } : {}),
    operations: Object.assign(
      Object.create(null) as SchemaYaml,
      Object.fromEntries(order.map((id) => [id, operations.get(id)])),
    ),
    sets: setsYaml(documents, setIds, members),
    ...(schemas.size > 0
      ? {
          schemas: Object.assign(
            Object.create(null) as SchemaYaml,
            Object.fromEntries(schemas),
          ),
        }
      : {}),
  };
  return {
    text: specText(spec, notes, {
      sources: documents.map((document) => document.file),
      schemaLink: options.schemaLink,
    }),
    notes,
    sets: documents.length,
    operations: operations.size,
    schemas: schemas.size,
    split,
  };
}

function mapDocument(
  document: OpenApiDocument,
  names: ReadonlyMap<string, string>,
  patternProblem: SchemaScope["patternProblem"],
  options: ImportOptions,
): Mapped {
  const context = newContext(document);
  const scope: SchemaScope = {
    named: names,
    patternProblem,
    checkedExamples: isRemitgens(document),
  };
  const schemas = new Map<string, SchemaYaml>();
  for (const [at, name] of names) {
    // A payload remitgen's own openapi.json wrote as a component is written inline again.
    if (member(lookup(document.root, at), "x-remitgen-payload") !== undefined)
      continue;
    schemas.set(
      name,
      schemaYaml(context, scope, lookup(document.root, at), at),
    );
  }
  const imported = operationsOf(context, scope);
  const required = [
    ...new Set([
      ...(requirementsOf(member(document.root, "security")) ?? []),
      ...imported.flatMap((each) => each.security?.flat() ?? []),
    ]),
  ];
  const auth = authYaml(context, required);
  const operations = imported.map((operation) =>
    withAuth(context, operation, auth.scheme),
  );
  return {
    context,
    service: serviceYaml(context, options),
    auth: auth.yaml,
    operations,
    schemas,
  };
}

/**
 * remitgen's named schemas may contain themselves only inside an object's
 * member or a list's items (a tree); a cycle of bare references (`A` is
 * `B`, `B` is one of `A` or ...) has no value. Each reference that closes
 * one (found depth first, in spec order) becomes any JSON value, noted.
 */
function breakCycles(
  schemas: Map<string, SchemaYaml>,
  pointers: ReadonlyMap<string, string>,
): ImportNote[] {
  const notes: ImportNote[] = [];
  const state = new Map<string, "open" | "done">();
  const visit = (name: string): void => {
    state.set(name, "open");
    // Only the schema's bare references: itself, union variants, allOf parts.
    const walk = (node: unknown): unknown => {
      if (typeof node !== "object" || node === null) return node;
      const { $ref: target, ...rest } = node as SchemaYaml;
      if (typeof target === "string" && schemas.has(target)) {
        if (state.get(target) === "open") {
          notes.push({
            pointer: pointers.get(name) ?? name,
            what: `schema ${name} is ${target}, which is made of ${name} again, with no member or item between`,
            handled:
              "that reference is read as any JSON value: such a cycle has no value",
          });
          return rest;
        }
        if (!state.has(target)) visit(target);
        return node;
      }
      const out = { ...(node as SchemaYaml) };
      for (const key of ["allOf", "oneOf", "anyOf"])
        if (Array.isArray(out[key]))
          out[key] = (out[key] as unknown[]).map(walk);
      return out;
    };
    schemas.set(name, walk(schemas.get(name)) as SchemaYaml);
    state.set(name, "done");
  };
  for (const name of schemas.keys()) if (!state.has(name)) visit(name);
  return notes;
}

/**
 * A discriminator remitgen can use: each variant has the property, and
 * requires it. Descriptions often leave it optional, or out of a variant.
 */
function soundDiscriminators(
  node: SchemaYaml,
  schemas: ReadonlyMap<string, SchemaYaml>,
  problem: (what: string) => void,
): SchemaYaml {
  const walk = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(walk);
    if (typeof value !== "object" || value === null) return value;
    const out: SchemaYaml = Object.create(
      Object.getPrototypeOf(value) as object,
    ) as SchemaYaml;
    for (const key of Object.keys(value))
      out[key] = walk((value as SchemaYaml)[key]);
    const discriminator = out.discriminator as
      { propertyName?: string } | undefined;
    const variants = (out.oneOf ?? out.anyOf) as SchemaYaml[] | undefined;
    if (discriminator?.propertyName === undefined || variants === undefined)
      return out;
    const lacking = variants.find(
      (variant) => !requires(variant, discriminator.propertyName!, schemas, 0),
    );
    if (lacking === undefined) return out;
    problem(
      `a discriminator on ${JSON.stringify(discriminator.propertyName)}, which variant ${JSON.stringify(lacking.$ref ?? lacking.type ?? "{}")} does not require`,
    );
    const { discriminator: _, ...rest } = out;
    return Object.assign(
      Object.create(Object.getPrototypeOf(value) as object) as SchemaYaml,
      rest,
    );
  };
  return walk(node) as SchemaYaml;
}

function requires(
  node: SchemaYaml,
  property: string,
  schemas: ReadonlyMap<string, SchemaYaml>,
  depth: number,
): boolean {
  if (depth > 20) return false;
  if (typeof node.$ref === "string") {
    const named = schemas.get(node.$ref);
    return named !== undefined && requires(named, property, schemas, depth + 1);
  }
  const own = (node.properties as SchemaYaml | undefined)?.[property] as
    SchemaYaml | undefined;
  if (own?.required === true) return true;
  return (
    Array.isArray(node.allOf) &&
    (node.allOf as SchemaYaml[]).some((part) =>
      requires(part, property, schemas, depth + 1),
    )
  );
}

/** Whether remitgen wrote the document: its own openapi.json names the set. */
export function isRemitgens(document: OpenApiDocument): boolean {
  return member(member(document.root, "info"), "x-remitgen-set") !== undefined;
}

/** `auth: none` on an operation that needs no credentials while others do. */
function withAuth(
  context: Context,
  operation: ImportedOperation,
  scheme: string | undefined,
): ImportedOperation {
  if (scheme === undefined) return operation;
  const security = operation.security ?? [];
  if (
    security.length === 0 ||
    security.some((requirement) => requirement.length === 0)
  )
    return { ...operation, yaml: { ...operation.yaml, auth: "none" } };
  if (!security.some((requirement) => requirement.includes(scheme)))
    note(
      context,
      operation.at,
      `${operation.key} needs ${security.map((each) => each.join(" + ")).join(" or ")}`,
      `the client sends ${scheme}`,
    );
  return operation;
}

function requirementsOf(security: unknown): string[] | undefined {
  return Array.isArray(security)
    ? security.filter(isObject).flatMap((each) => Object.keys(each))
    : undefined;
}

/** The named schemas: `[component key, pointer]`, in document order. */
function componentKeys(document: OpenApiDocument): [string, string][] {
  const [holder, base] =
    document.version === "2.0"
      ? [member(document.root, "definitions"), "/definitions"]
      : [
          member(member(document.root, "components"), "schemas"),
          "/components/schemas",
        ];
  return isObject(holder)
    ? Object.keys(holder).map((key) => [key, pointer(base, key)])
    : [];
}

/** What is compared across sets: the value without its words (descriptions, summaries, examples). */
function shapeOf(yaml: unknown): string {
  return JSON.stringify(yaml, (key, value: unknown) =>
    key === "description" || key === "summary" || key === "example"
      ? undefined
      : value,
  );
}

/** Claims `wanted`, or `wanted_2`, `wanted_3`...: the first whose generated names are all free. */
function claim(
  claims: Set<string>,
  wanted: string,
  claimsOf: (name: string) => string[],
): string {
  for (let index = 1; ; index++) {
    const name = index === 1 ? wanted : `${wanted}_${index}`;
    const keys = claimsOf(name);
    if (keys.some((key) => claims.has(key))) continue;
    for (const key of keys) claims.add(key);
    return name;
  }
}

/** The generated names a schema takes, as the spec checker compares them (files and types without case). */
function schemaClaims(name: string): string[] {
  const type = schemaTypeName(name);
  return [`type ${type.toLowerCase()}`, `export ${type}`];
}

function operationClaims(id: string, yaml: SchemaYaml): string[] {
  const names = operationNames(id);
  // A payload that is a schema of the type's own name is that type.
  const own = (payload: unknown, type: string): string[] =>
    typeof payload === "string" && schemaTypeName(payload) === type
      ? []
      : [`type ${type.toLowerCase()}`, `export ${type}`];
  // Declared only for an operation with parameters, or with errors (as the checker has them).
  const declared = (present: unknown, type: string, guard?: string) =>
    Array.isArray(present) && present.length > 0
      ? [
          `type ${type.toLowerCase()}`,
          `export ${type}`,
          ...(guard !== undefined ? [`export ${guard}`] : []),
        ]
      : [];
  return [
    `method ${names.method.toLowerCase()}`,
    `export ${names.method}`,
    `docs ${names.docFile.toLowerCase()}`,
    ...own(yaml.request, names.requestType),
    ...own(yaml.response, names.responseType),
    ...declared(yaml.parameters, names.paramsType),
    ...declared(yaml.errors, names.errorType, names.errorGuard),
  ];
}

/** Set ids: as given, else remitgen's own (`x-remitgen-set`), else each document's version; never twice the same. */
function setIdsOf(
  documents: readonly OpenApiDocument[],
  given: readonly string[] | undefined,
): string[] {
  const taken = new Set<string>();
  return documents.map((document, index) => {
    const info = member(document.root, "info");
    const own = member(info, "x-remitgen-set");
    const version = member(info, "version");
    const wanted =
      given?.[index] ??
      (typeof own === "string"
        ? own
        : dateOf(version) !== undefined
          ? dateOf(version)!
          : typeof version === "string" &&
              /^[A-Za-z0-9][A-Za-z0-9._-]{0,39}$/.test(version)
            ? version
            : `v${semanticVersion(version)}`);
    let id = wanted;
    for (let count = 2; taken.has(id.toLowerCase()); count++)
      id = `${wanted}-${count}`;
    taken.add(id.toLowerCase());
    return id;
  });
}

function setsYaml(
  documents: readonly OpenApiDocument[],
  ids: readonly string[],
  members: readonly string[][],
): SchemaYaml {
  const sets: SchemaYaml = Object.create(null) as SchemaYaml;
  documents.forEach((document, index) => {
    const info = member(document.root, "info");
    const given = member(info, "version");
    const version = semanticVersion(given);
    const set: SchemaYaml = {
      title: setTitle(document, String(given ?? version)),
      version,
    };
    if (given !== undefined && String(given) !== version)
      set.labels = [String(given)];
    if (index === 0) set.operations = members[0];
    else {
      const before = new Set(members[index - 1]);
      const now = new Set(members[index]);
      set.extends = ids[index - 1];
      const adds = members[index]!.filter((id) => !before.has(id));
      const removes = members[index - 1]!.filter((id) => !now.has(id));
      if (adds.length > 0) set.adds = adds;
      if (removes.length > 0) set.removes = removes;
    }
    const plan = planYaml(member(info, "x-rate-limit"));
    if (plan !== undefined) set.plan = plan;
    sets[ids[index]!] = set;
  });
  return sets;
}

/** A set's plan, from the `x-rate-limit` remitgen's own openapi.json writes. */
function planYaml(limit: unknown): SchemaYaml | undefined {
  const [count, per, name, cost, note] = [
    "limit",
    "per",
    "plan",
    "cost",
    "note",
  ].map((key) => member(limit, key));
  if (
    typeof count !== "number" ||
    typeof per !== "string" ||
    typeof name !== "string" ||
    typeof cost !== "string"
  )
    return undefined;
  return {
    name,
    rateLimit: `${count}/${per}`,
    cost,
    ...(typeof note === "string" ? { note } : {}),
  };
}

/** `<title>, <version>`; for remitgen's own openapi.json, the set's own title. */
function setTitle(document: OpenApiDocument, version: string): string {
  const title = String(member(member(document.root, "info"), "title") ?? "API");
  const own = isRemitgens(document)
    ? /^.*?: (.*) \([^()]*\)$/s.exec(title)?.[1]
    : undefined;
  return own ?? `${title}, ${version}`;
}

/** What a later document says otherwise than the first, where the spec has one place for it. */
function noteDifferences(first: Mapped, later: Mapped, firstId: string): void {
  // What a client sends: the words around it (title, assumption) may differ.
  const sent = (auth: SchemaYaml): string =>
    JSON.stringify({
      ...auth,
      title: 0,
      version: 0,
      assumption: 0,
      description: 0,
    });
  if (later.service.baseUrl !== first.service.baseUrl)
    note(
      later.context,
      "/servers",
      `the base URL ${String(later.service.baseUrl)} differs from set ${firstId}'s`,
      `set ${firstId}'s is written: a spec has one`,
    );
  if (sent(later.auth) !== sent(first.auth))
    note(
      later.context,
      "/components/securitySchemes",
      `the auth scheme differs from set ${firstId}'s`,
      `set ${firstId}'s is written: a spec has one`,
    );
}

/** Whether a pattern can be kept: it compiles as remitgen compiles patterns, and is proved linear soon enough. */
function patternChecker(): SchemaScope["patternProblem"] {
  const safety = patternSafety(2_000);
  return (pattern) => {
    try {
      new RegExp(pattern, "u");
    } catch {
      return "not an ECMAScript regular expression with the u flag";
    }
    return safety(pattern)?.message;
  };
}
