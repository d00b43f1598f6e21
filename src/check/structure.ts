/**
 * Reads the YAML document into a raw spec, checking its structure: known
 * keys, required keys, value types. Every problem is reported; reading goes
 * on past each one so that a single run lists them all.
 */
import { isMap, isScalar, isSeq, type Node } from "yaml";
import { diagnostics } from "../diagnostics/codes.js";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import type { JsonValue } from "../runtime/json.js";
import { closest } from "../names/names.js";
import { maxSpecDepth, type SpecSource } from "../spec/source.js";
import { describe, Reader, type Entry, type Located, type Range } from "./yaml-nodes.js";

export interface RawNotShown {
  readonly topic: string;
  readonly text: string;
}

/** A schema node as written, references still carrying their position. */
export type RawSchema =
  | { readonly kind: "ref"; readonly name: Located<string>; readonly description?: string; readonly example?: JsonValue }
  | {
      readonly kind: "object";
      readonly properties: readonly RawProperty[];
      readonly description?: string;
      readonly example?: JsonValue;
    }
  | {
      readonly kind: "array";
      readonly items: RawSchema;
      readonly minItems?: number;
      readonly maxItems?: number;
      readonly description?: string;
      readonly example?: JsonValue;
    }
  | {
      readonly kind: "string" | "number" | "integer" | "boolean" | "enum";
      readonly facets: Readonly<Record<string, number | string>>;
      readonly values?: readonly string[];
      readonly description?: string;
      readonly example?: JsonValue;
    };

export interface RawProperty {
  readonly name: string;
  readonly required: boolean;
  readonly schema: RawSchema;
}

export interface RawError {
  readonly status: Located<number>;
  readonly description: string;
  readonly schema?: RawSchema;
}

export interface RawOperation {
  readonly id: Located<string>;
  readonly path: Located<string>;
  readonly summary: string;
  readonly description?: string;
  readonly effect: "read" | "write";
  readonly effectStated: boolean;
  readonly request?: RawSchema;
  readonly response?: RawSchema;
  readonly errors: readonly RawError[];
  readonly notShown: readonly RawNotShown[];
}

export interface RawPlan {
  readonly name: string;
  readonly rateLimit: Located<string>;
  readonly cost: string;
  readonly note?: string;
}

export interface RawSet {
  readonly id: Located<string>;
  readonly title: string;
  readonly version: Located<string>;
  readonly labels: readonly string[];
  readonly date?: Located<string>;
  readonly extends?: Located<string>;
  readonly operations?: readonly Located<string>[];
  readonly adds: readonly Located<string>[];
  readonly removes: readonly Located<string>[];
  readonly plan: RawPlan;
}

export interface RawSpec {
  readonly service: {
    readonly title: string;
    readonly description: string;
    readonly baseUrl: string;
    readonly packageScope: Located<string>;
    readonly packageName: Located<string>;
    readonly notShown: readonly RawNotShown[];
  };
  readonly auth: {
    readonly title: string;
    readonly version: Located<string>;
    readonly baseUrl: string;
    readonly tokenPath: Located<string>;
    readonly scheme: "oauth2-client-credentials";
    readonly assumption: string;
    readonly notShown: readonly RawNotShown[];
  };
  readonly operationDefaults: { readonly notShown: readonly RawNotShown[] };
  readonly operations: readonly RawOperation[];
  readonly sets: readonly RawSet[];
  readonly schemas: readonly { readonly name: Located<string>; readonly schema: RawSchema }[];
}

/** Keys of each part of the spec format; the JSON Schema in spec/ mirrors these (a test checks). */
export const specKeys = {
  root: ["remitgen", "service", "auth", "operationDefaults", "operations", "sets", "schemas"],
  service: ["title", "description", "baseUrl", "package", "notShown"],
  package: ["scope", "name"],
  auth: ["title", "version", "baseUrl", "token", "scheme", "assumption", "notShown"],
  token: ["method", "path"],
  operationDefaults: ["method", "notShown"],
  operation: ["path", "method", "summary", "description", "effect", "request", "response", "errors", "notShown"],
  error: ["status", "description", "schema"],
  set: ["title", "version", "labels", "date", "extends", "operations", "adds", "removes", "plan"],
  plan: ["name", "rateLimit", "cost", "note"],
  schemaCommon: ["type", "description", "example"],
  schemaByType: {
    object: ["properties"],
    string: ["minLength", "maxLength", "pattern", "format", "enum"],
    number: ["minimum", "maximum"],
    integer: ["minimum", "maximum"],
    boolean: [],
    array: ["items", "minItems", "maxItems"],
  },
} as const;

const schemaTypes = ["object", "string", "number", "integer", "boolean", "array"] as const;

export interface StructureResult {
  readonly raw: RawSpec | undefined;
  readonly diagnostics: readonly Diagnostic[];
}

/** Reads and structurally checks a parsed spec. */
export function readStructure(source: SpecSource): StructureResult {
  const reader = new Reader(source);
  const root = source.document.contents as Node | null;
  const start: Range = [0, 1];
  const tooDeep = findTooDeep(root, maxSpecDepth);
  if (tooDeep !== undefined) {
    reader.report(tooDeep, diagnostics.tooDeep(maxSpecDepth));
    return { raw: undefined, diagnostics: reader.found };
  }
  const raw = readRoot(reader, root, start);
  return { raw, diagnostics: reader.found };
}

/** Finds a node nested deeper than the limit, without recursion. */
function findTooDeep(root: Node | null, limit: number): Range | undefined {
  const stack: [unknown, number][] = [[root, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (isMap(node) || isSeq(node)) {
      if (depth > limit) return node.range ? [node.range[0], node.range[1]] : [0, 1];
      for (const item of node.items) {
        if (isMap(node)) {
          const pair = item as { value: unknown };
          stack.push([pair.value, depth + 1]);
        } else stack.push([item, depth + 1]);
      }
    }
  }
  return undefined;
}

function readRoot(reader: Reader, root: Node | null, start: Range): RawSpec | undefined {
  const fields = reader.record(root, "the spec", start, specKeys.root, ["remitgen", "service", "auth", "operations", "sets"]);
  if (fields === undefined) return undefined;
  const version = fields.get("remitgen");
  if (version !== undefined) {
    const node = reader.deref(version.value);
    if (!isScalar(node) || node.value !== 1) {
      reader.report(version.valueRange, diagnostics.specVersion(isScalar(node) ? String(node.value) : describe(node)));
    }
  }
  const service = readService(reader, fields.get("service"));
  const auth = readAuth(reader, fields.get("auth"));
  const operationDefaults = readOperationDefaults(reader, fields.get("operationDefaults"));
  const schemas = readNamedSchemas(reader, fields.get("schemas"));
  const operations = readOperations(reader, fields.get("operations"), operationDefaults?.notShown ?? []);
  const sets = readSets(reader, fields.get("sets"));
  if (!service || !auth || !operations || !sets) return undefined;
  return { service, auth, operationDefaults: operationDefaults ?? { notShown: [] }, operations, sets, schemas: schemas ?? [] };
}

function readNotShown(reader: Reader, entry: Entry | undefined, where: string): RawNotShown[] {
  if (entry === undefined) return [];
  const list = reader.entries(entry.value, `${where} notShown`, entry.valueRange, "notShown topic");
  if (list === undefined) return [];
  const out: RawNotShown[] = [];
  for (const item of list) {
    const text = reader.string(item, `notShown "${item.key}"`);
    if (text) out.push({ topic: item.key, text: text.value.trim() });
  }
  return out;
}

function readService(reader: Reader, entry: Entry | undefined): RawSpec["service"] | undefined {
  if (entry === undefined) return undefined;
  const where = "service";
  const fields = reader.record(entry.value, where, entry.valueRange, specKeys.service, ["title", "description", "baseUrl", "package"]);
  if (fields === undefined) return undefined;
  const title = reader.string(fields.get("title"), "service title");
  const description = reader.string(fields.get("description"), "service description");
  const baseUrl = reader.string(fields.get("baseUrl"), "service baseUrl");
  const packageEntry = fields.get("package");
  const pkg = packageEntry
    ? reader.record(packageEntry.value, "service package", packageEntry.valueRange, specKeys.package, ["scope", "name"])
    : undefined;
  const packageScope = reader.string(pkg?.get("scope"), "package scope");
  const packageName = reader.string(pkg?.get("name"), "package name");
  const notShown = readNotShown(reader, fields.get("notShown"), where);
  if (!title || !description || !baseUrl || !packageScope || !packageName) return undefined;
  return {
    title: title.value.trim(),
    description: description.value.trim(),
    baseUrl: baseUrl.value,
    packageScope,
    packageName,
    notShown,
  };
}

function readAuth(reader: Reader, entry: Entry | undefined): RawSpec["auth"] | undefined {
  if (entry === undefined) return undefined;
  const fields = reader.record(entry.value, "auth", entry.valueRange, specKeys.auth, ["title", "version", "baseUrl", "token", "scheme"]);
  if (fields === undefined) return undefined;
  const title = reader.string(fields.get("title"), "auth title");
  const version = reader.string(fields.get("version"), "auth version");
  const baseUrl = reader.string(fields.get("baseUrl"), "auth baseUrl");
  const tokenEntry = fields.get("token");
  const token = tokenEntry
    ? reader.record(tokenEntry.value, "auth token", tokenEntry.valueRange, specKeys.token, ["path"])
    : undefined;
  reader.oneOf(token?.get("method"), "token method", ["POST"]);
  const tokenPath = reader.string(token?.get("path"), "token path");
  const scheme = reader.oneOf(fields.get("scheme"), "auth scheme", ["oauth2-client-credentials"]);
  const assumption = reader.string(fields.get("assumption"), "auth assumption");
  const notShown = readNotShown(reader, fields.get("notShown"), "auth");
  if (!title || !version || !baseUrl || !tokenPath || !scheme) return undefined;
  return {
    title: title.value.trim(),
    version,
    baseUrl: baseUrl.value,
    tokenPath,
    scheme: scheme.value,
    assumption: assumption?.value.trim() ?? "",
    notShown,
  };
}

function readOperationDefaults(reader: Reader, entry: Entry | undefined): RawSpec["operationDefaults"] | undefined {
  if (entry === undefined) return undefined;
  const fields = reader.record(entry.value, "operationDefaults", entry.valueRange, specKeys.operationDefaults, []);
  if (fields === undefined) return undefined;
  reader.oneOf(fields.get("method"), "default method", ["POST"]);
  return { notShown: readNotShown(reader, fields.get("notShown"), "operationDefaults") };
}

function readOperations(
  reader: Reader,
  entry: Entry | undefined,
  defaultNotShown: readonly RawNotShown[],
): RawOperation[] | undefined {
  if (entry === undefined) return undefined;
  const list = reader.entries(entry.value, "operations", entry.valueRange, "operation");
  if (list === undefined) return undefined;
  const out: RawOperation[] = [];
  for (const item of list) {
    const where = `operation "${item.key}"`;
    const fields = reader.record(item.value, where, item.valueRange, specKeys.operation, ["path", "summary"]);
    if (fields === undefined) continue;
    const path = reader.string(fields.get("path"), `${where} path`);
    const summary = reader.string(fields.get("summary"), `${where} summary`);
    const description = reader.string(fields.get("description"), `${where} description`);
    reader.oneOf(fields.get("method"), `${where} method`, ["POST"]);
    const effect = reader.oneOf(fields.get("effect"), `${where} effect`, ["read", "write"]);
    const request = readPayload(reader, fields.get("request"), `${where} request`);
    const response = readPayload(reader, fields.get("response"), `${where} response`);
    const errors = readErrors(reader, fields.get("errors"), where);
    const own = readNotShown(reader, fields.get("notShown"), where);
    if (!path || !summary) continue;
    // An operation that states a payload no longer inherits "not shown" for it.
    const inherited = defaultNotShown.filter(
      (gap) =>
        !own.some((mine) => mine.topic === gap.topic) &&
        !(gap.topic === "request" && request) &&
        !(gap.topic === "response" && response) &&
        !(gap.topic === "statusCodes" && errors.length > 0),
    );
    out.push({
      id: { value: item.key, range: item.keyRange },
      path,
      summary: summary.value.trim(),
      ...(description ? { description: description.value.trim() } : {}),
      effect: effect?.value ?? "write",
      effectStated: effect !== undefined,
      ...(request ? { request } : {}),
      ...(response ? { response } : {}),
      errors,
      notShown: [...inherited, ...own],
    });
  }
  return out;
}

/** A payload is a schema name or an inline schema. */
function readPayload(reader: Reader, entry: Entry | undefined, where: string): RawSchema | undefined {
  if (entry === undefined) return undefined;
  const node = reader.deref(entry.value);
  if (isScalar(node) && typeof node.value === "string") {
    return { kind: "ref", name: { value: node.value, range: entry.valueRange } };
  }
  return readSchema(reader, entry.value, where, entry.valueRange, false);
}

function readErrors(reader: Reader, entry: Entry | undefined, where: string): RawError[] {
  if (entry === undefined) return [];
  const node = reader.deref(entry.value);
  if (!isSeq(node)) {
    reader.report(entry.valueRange, diagnostics.wrongType(`${where} errors`, "a list", describe(node)));
    return [];
  }
  const out: RawError[] = [];
  node.items.forEach((item, index) => {
    const itemWhere = `${where} error ${index + 1}`;
    const range = reader.rangeOf(item as Node, entry.valueRange);
    const fields = reader.record(item as Node, itemWhere, range, specKeys.error, ["status", "description"]);
    if (fields === undefined) return;
    const status = reader.number(fields.get("status"), `${itemWhere} status`, true);
    const description = reader.string(fields.get("description"), `${itemWhere} description`);
    const schema = readPayload(reader, fields.get("schema"), `${itemWhere} schema`);
    if (status && (status.value < 400 || status.value > 599)) {
      reader.report(status.range, diagnostics.badStatus(String(status.value)));
    }
    if (status && description) {
      out.push({ status, description: description.value.trim(), ...(schema ? { schema } : {}) });
    }
  });
  return out;
}

function readSets(reader: Reader, entry: Entry | undefined): RawSet[] | undefined {
  if (entry === undefined) return undefined;
  const list = reader.entries(entry.value, "sets", entry.valueRange, "set");
  if (list === undefined) return undefined;
  const out: RawSet[] = [];
  for (const item of list) {
    const where = `set "${item.key}"`;
    const fields = reader.record(item.value, where, item.valueRange, specKeys.set, ["title", "version", "plan"]);
    if (fields === undefined) continue;
    const title = reader.string(fields.get("title"), `${where} title`);
    const version = reader.string(fields.get("version"), `${where} version`);
    const labels = reader.stringList(fields.get("labels"), `${where} labels`) ?? [];
    const date = reader.string(fields.get("date"), `${where} date`);
    const extendsSet = reader.string(fields.get("extends"), `${where} extends`);
    const operations = reader.stringList(fields.get("operations"), `${where} operations`);
    const adds = reader.stringList(fields.get("adds"), `${where} adds`) ?? [];
    const removes = reader.stringList(fields.get("removes"), `${where} removes`) ?? [];
    const plan = readPlan(reader, fields.get("plan"), where);
    if (!title || !version || !plan) continue;
    out.push({
      id: { value: item.key, range: item.keyRange },
      title: title.value.trim(),
      version,
      labels: labels.map((label) => label.value),
      ...(date ? { date } : {}),
      ...(extendsSet ? { extends: extendsSet } : {}),
      ...(operations ? { operations } : {}),
      adds,
      removes,
      plan,
    });
  }
  return out;
}

function readPlan(reader: Reader, entry: Entry | undefined, where: string): RawPlan | undefined {
  if (entry === undefined) return undefined;
  const fields = reader.record(entry.value, `${where} plan`, entry.valueRange, specKeys.plan, ["name", "rateLimit", "cost"]);
  if (fields === undefined) return undefined;
  const name = reader.string(fields.get("name"), `${where} plan name`);
  const rateLimit = reader.string(fields.get("rateLimit"), `${where} rateLimit`);
  const cost = reader.string(fields.get("cost"), `${where} plan cost`);
  const note = reader.string(fields.get("note"), `${where} plan note`);
  if (!name || !rateLimit || !cost) return undefined;
  return { name: name.value.trim(), rateLimit, cost: cost.value.trim(), ...(note ? { note: note.value.trim() } : {}) };
}

function readNamedSchemas(
  reader: Reader,
  entry: Entry | undefined,
): { name: Located<string>; schema: RawSchema }[] | undefined {
  if (entry === undefined) return undefined;
  const list = reader.entries(entry.value, "schemas", entry.valueRange, "schema");
  if (list === undefined) return undefined;
  const out: { name: Located<string>; schema: RawSchema }[] = [];
  for (const item of list) {
    const schema = readSchema(reader, item.value, `schema "${item.key}"`, item.valueRange, false);
    if (schema) out.push({ name: { value: item.key, range: item.keyRange }, schema });
  }
  return out;
}

/** One schema node; `asProperty` allows the `required` flag. */
function readSchema(
  reader: Reader,
  given: Node | null,
  where: string,
  fallback: Range,
  asProperty: boolean,
): RawSchema | undefined {
  const node = reader.deref(given);
  const range = reader.rangeOf(node, fallback);
  const list = reader.entries(node, where, range);
  if (list === undefined) return undefined;
  const byKey = new Map(list.map((entry) => [entry.key, entry]));
  const extra = asProperty ? ["required"] : [];
  const common = [...specKeys.schemaCommon, ...extra];
  const description = reader.string(byKey.get("description"), `${where} description`)?.value.trim();
  const exampleEntry = byKey.get("example");
  const example = exampleEntry ? toJson(reader, exampleEntry.value) : undefined;
  const shared = {
    ...(description !== undefined ? { description } : {}),
    ...(example !== undefined ? { example } : {}),
  };
  const refEntry = byKey.get("$ref");
  if (refEntry !== undefined) {
    checkKeys(reader, list, where, ["$ref", "description", "example", ...extra]);
    const name = reader.string(refEntry, `${where} $ref`);
    return name ? { kind: "ref", name, ...shared } : undefined;
  }
  const type = reader.oneOf(byKey.get("type"), `${where} type`, schemaTypes);
  if (byKey.get("type") === undefined) {
    reader.report(range, diagnostics.missingKey("type", where));
    return undefined;
  }
  if (type === undefined) return undefined;
  checkKeys(reader, list, where, [...common, ...specKeys.schemaByType[type.value]]);
  const count = (key: string, integer = true): number | undefined =>
    reader.number(byKey.get(key), `${where} ${key}`, integer)?.value;
  switch (type.value) {
    case "object": {
      const propertiesEntry = byKey.get("properties");
      const properties: RawProperty[] = [];
      const members = propertiesEntry
        ? reader.entries(propertiesEntry.value, `${where} properties`, propertiesEntry.valueRange, "property")
        : [];
      for (const member of members ?? []) {
        const memberWhere = `property "${member.key}" of ${where}`;
        const schema = readSchema(reader, member.value, memberWhere, member.valueRange, true);
        const memberNode = reader.deref(member.value);
        const requiredEntry = isMap(memberNode)
          ? reader.entries(memberNode, memberWhere, member.valueRange)?.find((e) => e.key === "required")
          : undefined;
        const required = reader.boolean(requiredEntry, `${memberWhere} required`)?.value ?? false;
        if (schema) properties.push({ name: member.key, required, schema });
      }
      return { kind: "object", properties, ...shared };
    }
    case "array": {
      const itemsEntry = byKey.get("items");
      if (itemsEntry === undefined) {
        reader.report(range, diagnostics.missingKey("items", where));
        return undefined;
      }
      const items = readSchema(reader, itemsEntry.value, `items of ${where}`, itemsEntry.valueRange, false);
      const minItems = count("minItems");
      const maxItems = count("maxItems");
      checkRange(reader, byKey, where, "minItems", "maxItems", minItems, maxItems);
      if (!items) return undefined;
      return {
        kind: "array",
        items,
        ...(minItems !== undefined ? { minItems } : {}),
        ...(maxItems !== undefined ? { maxItems } : {}),
        ...shared,
      };
    }
    case "string": {
      const facets: Record<string, number | string> = {};
      const minLength = count("minLength");
      const maxLength = count("maxLength");
      if (minLength !== undefined) facets.minLength = minLength;
      if (maxLength !== undefined) facets.maxLength = maxLength;
      checkRange(reader, byKey, where, "minLength", "maxLength", minLength, maxLength);
      const pattern = reader.string(byKey.get("pattern"), `${where} pattern`);
      if (pattern) {
        try {
          new RegExp(pattern.value, "u");
          facets.pattern = pattern.value;
        } catch (error) {
          reader.report(pattern.range, diagnostics.badPattern(pattern.value, (error as Error).message.replace(/^Invalid regular expression: /, "")));
        }
      }
      const format = reader.string(byKey.get("format"), `${where} format`);
      if (format) facets.format = format.value;
      const enumEntry = byKey.get("enum");
      if (enumEntry !== undefined) {
        const values = reader.stringList(enumEntry, `${where} enum`) ?? [];
        if (values.length === 0) reader.report(enumEntry.valueRange, diagnostics.emptyEnum(where));
        const unique = [...new Set(values.map((value) => value.value))];
        return { kind: "enum", facets: {}, values: unique, ...shared };
      }
      return { kind: "string", facets, ...shared };
    }
    case "number":
    case "integer": {
      const facets: Record<string, number> = {};
      const minimum = count("minimum", false);
      const maximum = count("maximum", false);
      if (minimum !== undefined) facets.minimum = minimum;
      if (maximum !== undefined) facets.maximum = maximum;
      checkRange(reader, byKey, where, "minimum", "maximum", minimum, maximum);
      return { kind: type.value, facets, ...shared };
    }
    case "boolean":
      return { kind: "boolean", facets: {}, ...shared };
  }
}

function checkKeys(reader: Reader, list: readonly Entry[], where: string, allowed: readonly string[]): void {
  for (const entry of list) {
    if (!allowed.includes(entry.key)) {
      reader.report(entry.keyRange, diagnostics.unknownKey(entry.key, where, closest(entry.key, allowed), allowed));
    }
  }
}


function checkRange(
  reader: Reader,
  byKey: Map<string, Entry>,
  where: string,
  lowKey: string,
  highKey: string,
  low: number | undefined,
  high: number | undefined,
): void {
  if (low !== undefined && high !== undefined && low > high) {
    reader.report(byKey.get(lowKey)?.valueRange, diagnostics.badRange(where, lowKey, highKey));
  }
}

/** An example value as JSON; YAML-only values (dates, binary) become strings. */
function toJson(reader: Reader, given: Node | null): JsonValue {
  const node = reader.deref(given);
  if (isMap(node)) {
    const out: { [key: string]: JsonValue } = {};
    for (const pair of node.items) {
      const key = isScalar(pair.key) ? String(pair.key.value) : String(pair.key);
      // defineProperty: a key such as "__proto__" stays an ordinary member.
      Object.defineProperty(out, key, {
        value: toJson(reader, pair.value as Node | null),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return out;
  }
  if (isSeq(node)) return node.items.map((item) => toJson(reader, item as Node | null));
  if (isScalar(node)) {
    const value = node.value;
    if (value === null || typeof value === "string" || typeof value === "boolean") return value;
    if (typeof value === "number") return Number.isFinite(value) ? value : String(value);
    return String(value);
  }
  return null;
}
