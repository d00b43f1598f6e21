/**
 * Reads the YAML document into a raw spec. Its structure (keys, required
 * keys, types, allowed values) is checked against the format's JSON Schema
 * (format-schema.ts); the checks named there by `x-remitgen-check` live
 * here, each judging one value in the spec's own terms with a fix. Every
 * problem is reported; reading goes on past each one so that a single run
 * lists them all.
 */
import { isMap, isScalar, isSeq, type Node } from "yaml";
import { diagnostics, type DiagnosticText } from "../diagnostics/codes.js";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import { hasCredentials } from "../diagnostics/secrets.js";
import type { JsonValue } from "../runtime/json.js";
import { compilePattern } from "../runtime/mock/validate.js";
import {
  closest,
  isPackageNamePart,
  maxPackageBase,
  maxPackageScope,
} from "../names/names.js";
import {
  parseRateLimit,
  rateLimitUnits,
  type Located,
  type Range,
  type RawNamedSchema,
  type RawNotShown,
  type RawOperation,
  type RawSchema,
  type RawSet,
  type RawSpec,
} from "../spec/raw.js";
import { findTooDeep, maxSpecDepth, type SpecSource } from "../spec/source.js";
import { readAgainstSchema, type Check, type Read } from "./format-schema.js";
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
  readonly path?: Located<string>;
  readonly request?: RawSchema;
  readonly response?: RawSchema;
  readonly errors: readonly { readonly schema?: RawSchema }[];
}

/** What the rules read of a set: whatever of it could be read (see {@link OperationPart}). */
export interface SetPart {
  readonly id: Located<string>;
  readonly extends?: Located<string>;
  readonly operations?: readonly Located<string>[];
  readonly adds: readonly Located<string>[];
  readonly removes: readonly Located<string>[];
  readonly operationsKey?: Range;
  readonly addsKey?: Range;
  readonly removesKey?: Range;
}

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
  // The fast reader refuses deeper nesting: only yaml's documents need the walk.
  const tooDeep = source.depthChecked
    ? undefined
    : findTooDeep(root, maxSpecDepth);
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

/** A mapping's entries, every one (usable or not), when the mapping is usable. */
function entriesOf(read: Read | undefined): ReadonlyMap<string, Read> {
  return read?.usable && read.value instanceof Map ? read.value : noEntries;
}

const noEntries: ReadonlyMap<string, Read> = new Map();

/** The entry under `key`, when of the allowed form. */
function field(read: Read | undefined, key: string): Read | undefined {
  const entry = entriesOf(read).get(key);
  return entry?.usable ? entry : undefined;
}

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
  const operationParts: OperationPart[] = [];
  for (const [key, operation] of entriesOf(operations)) {
    declared.operations.set(key, operation.keyRange);
    if (!operation.usable) continue;
    const path = located<string>(field(operation, "path"));
    const request = rawSchema(field(operation, "request"));
    const response = rawSchema(field(operation, "response"));
    operationParts.push({
      id: { value: key, range: operation.keyRange },
      ...(path ? { path } : {}),
      ...(request ? { request } : {}),
      ...(response ? { response } : {}),
      errors: listOf(field(operation, "errors"))
        .filter((error) => error.usable)
        .map((error) => {
          const schema = rawSchema(field(error, "schema"));
          return schema ? { schema } : {};
        }),
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
    const extendsSet = located<string>(field(set, "extends"));
    const operationList = strings(field(set, "operations"));
    const operationsKey = given.get("operations")?.keyRange;
    const addsKey = given.get("adds")?.keyRange;
    const removesKey = given.get("removes")?.keyRange;
    setParts.push({
      id: { value: key, range: set.keyRange },
      ...(extendsSet ? { extends: extendsSet } : {}),
      ...(operationList ? { operations: operationList } : {}),
      adds: strings(field(set, "adds")) ?? [],
      removes: strings(field(set, "removes")) ?? [],
      ...(operationsKey ? { operationsKey } : {}),
      ...(addsKey ? { addsKey } : {}),
      ...(removesKey ? { removesKey } : {}),
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
  const packageName = located<string>(
    field(field(section("service"), "package"), "name"),
  );
  return {
    ...(operations ? { operations: operationParts } : {}),
    ...(sets ? { sets: setParts } : {}),
    ...(schemas || !entriesOf(root).has("schemas") ? { schemas: named } : {}),
    ...(packageName ? { packageName } : {}),
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
  const registry = field(pkg, "registry")?.value as string | undefined;
  const auth = must(root, "auth");
  const defaultNotShown = notShown(field(root, "operationDefaults"));
  const operations: RawOperation[] = [];
  for (const [key, operation] of entriesOf(must(root, "operations"))) {
    const request = rawSchema(field(operation, "request"));
    const response = rawSchema(field(operation, "response"));
    const errors = listOf(field(operation, "errors")).map((error) => {
      const schema = rawSchema(field(error, "schema"));
      return {
        status: located<number>(must(error, "status"))!,
        description: text(error, "description")!,
        ...(schema ? { schema } : {}),
      };
    });
    const own = notShown(operation);
    // An operation that states a payload no longer inherits "not shown" for it.
    const inherited = defaultNotShown.filter(
      (gap) =>
        !own.some((mine) => mine.topic === gap.topic) &&
        !(gap.topic === "request" && request) &&
        !(gap.topic === "response" && response) &&
        !(gap.topic === "statusCodes" && errors.length > 0),
    );
    const effect = field(operation, "effect")?.value as
      "read" | "write" | undefined;
    const basis = field(operation, "effectBasis")?.value as
      "inferred" | "stated" | undefined;
    const description = text(operation, "description");
    operations.push({
      id: { value: key, range: operation.keyRange },
      path: located<string>(must(operation, "path"))!,
      summary: text(operation, "summary")!,
      ...(description !== undefined ? { description } : {}),
      effect: effect ?? "write",
      effectStated: effect !== undefined,
      effectBasis: basis ?? (effect ? "inferred" : "default"),
      ...(request ? { request } : {}),
      ...(response ? { response } : {}),
      errors,
      notShown: [...inherited, ...own],
    });
  }
  const sets: RawSet[] = (parts.sets ?? []).map((part) => {
    const set = must(must(root, "sets"), part.id.value);
    const plan = must(set, "plan");
    const date = located<string>(field(set, "date"));
    const note = text(plan, "note");
    return {
      ...part,
      title: text(set, "title")!,
      version: located<string>(must(set, "version"))!,
      labels: (strings(field(set, "labels")) ?? []).map((label) => label.value),
      ...(date ? { date } : {}),
      plan: {
        name: text(plan, "name")!,
        rateLimit: located<string>(must(plan, "rateLimit"))!,
        cost: text(plan, "cost")!,
        ...(note !== undefined ? { note } : {}),
      },
    };
  });
  return {
    service: {
      title: text(service, "title")!,
      description: text(service, "description")!,
      baseUrl: must(service, "baseUrl").value as string,
      packageScope: located<string>(must(pkg, "scope"))!,
      packageName: located<string>(must(pkg, "name"))!,
      ...(registry !== undefined ? { packageRegistry: registry } : {}),
      notShown: notShown(service),
    },
    auth: {
      title: text(auth, "title")!,
      version: located<string>(must(auth, "version"))!,
      baseUrl: must(auth, "baseUrl").value as string,
      tokenPath: located<string>(must(must(auth, "token"), "path"))!,
      scheme: "oauth2-client-credentials",
      assumption: text(auth, "assumption") ?? "",
      notShown: notShown(auth),
    },
    operationDefaults: { notShown: defaultNotShown },
    operations,
    sets,
    schemas: parts.schemas ?? [],
  };
}

/**
 * A schema node as read: a payload's bare schema name, a `$ref`, or a node
 * of its `type`. Its example is checked against it later only when the node
 * and everything in it read without a problem: with a part left out, an
 * example that fits the schema as written could look wrong.
 */
function rawSchema(read: Read | undefined): RawSchema | undefined {
  if (!read?.usable) return undefined;
  if (typeof read.value === "string")
    return { kind: "ref", name: located<string>(read)! };
  const description = text(read, "description");
  const example = field(read, "example");
  const shared = {
    ...(description !== undefined ? { description } : {}),
    ...(example !== undefined
      ? {
          example: example.value as JsonValue,
          ...(read.flawed
            ? {}
            : { exampleSite: { range: example.range, where: read.where } }),
        }
      : {}),
  };
  const number = (key: string): { [key: string]: number } => {
    const value = field(read, key)?.value;
    return typeof value === "number" ? { [key]: value } : {};
  };
  const ref = entriesOf(read).get("$ref");
  if (ref !== undefined)
    return ref.usable
      ? { kind: "ref", name: located<string>(ref)!, ...shared }
      : undefined;
  const type = field(read, "type")?.value;
  switch (type) {
    case "object": {
      const properties = [...entriesOf(field(read, "properties"))].flatMap(
        ([name, property]) => {
          const schema = rawSchema(property);
          const required = field(property, "required")?.value === true;
          return schema ? [{ name, required, schema }] : [];
        },
      );
      return { kind: "object", properties, ...shared };
    }
    case "array": {
      const items = rawSchema(field(read, "items"));
      if (!items) return undefined;
      return {
        kind: "array",
        items,
        ...number("minItems"),
        ...number("maxItems"),
        ...shared,
      };
    }
    case "string": {
      const values = strings(entriesOf(read).get("enum"));
      if (entriesOf(read).has("enum"))
        return {
          kind: "enum",
          facets: {},
          values: [...new Set((values ?? []).map((value) => value.value))],
          ...shared,
        };
      const pattern = field(read, "pattern")?.value as string | undefined;
      const format = field(read, "format")?.value as string | undefined;
      return {
        kind: "string",
        facets: {
          ...number("minLength"),
          ...number("maxLength"),
          ...(pattern !== undefined ? { pattern } : {}),
          ...(format !== undefined ? { format } : {}),
        },
        ...shared,
      };
    }
    case "number":
    case "integer":
      return {
        kind: type,
        facets: { ...number("minimum"), ...number("maximum") },
        ...shared,
      };
    case "boolean":
      return { kind: "boolean", facets: {}, ...shared };
    default:
      return undefined;
  }
}

// The checks the format's schema names (`x-remitgen-check`).

/** YAML's float tag: `!!float 1` reads as 1, but says it is no whole number. */
const floatTag = "tag:yaml.org,2002:float";

/** The checks of one run: the pattern check proves each distinct pattern safe once. */
export function formatChecks(reader: Reader): Record<string, Check> {
  const reportIf = (
    read: Read,
    problem: DiagnosticText | undefined,
    usable = true,
  ): Read => {
    if (problem === undefined) return read;
    reader.report(read.range, problem);
    return usable ? read : { ...read, usable: false };
  };
  return {
    specVersion: (read) => {
      const node = read.node;
      const written = reader.written(node)?.trim() ?? "";
      if (!isScalar(node) || node.value !== 1)
        return reportIf(read, diagnostics.specVersion(written), false);
      if (written !== "1" || node.tag === floatTag)
        return reportIf(
          read,
          diagnostics.specVersionNotWhole(
            node.tag === floatTag ? `!!float ${written}` : written,
          ),
          false,
        );
      return read;
    },
    url: (read) => {
      const url = read.value as string;
      // Reported already when the text shows them to anyone (the walk).
      return reportIf(
        read,
        !hasCredentials(url) && holdsCredentials(url.trim())
          ? diagnostics.credentialsInUrl(read.where)
          : undefined,
      );
    },
    registry: (read) => {
      const url = read.value as string;
      if (holdsCredentials(url.trim()))
        // Reported already when the text shows them to anyone (the walk).
        return reportIf(
          read,
          hasCredentials(url)
            ? undefined
            : diagnostics.credentialsInUrl(read.where),
          false,
        );
      const href = registryHref(url);
      return href === undefined
        ? reportIf(read, diagnostics.badRegistry(url), false)
        : { ...read, value: href };
    },
    packageScope: (read) =>
      reportIf(read, packageProblem(read.value as string, "package scope")),
    packageName: (read) =>
      reportIf(read, packageProblem(read.value as string, "package name")),
    path: (read) => reportIf(read, pathProblem(read.value as string)),
    version: (read) => reportIf(read, versionProblem(read.value as string)),
    date: (read) => {
      const reason = dateProblem(read.value as string);
      return reportIf(
        read,
        reason === undefined
          ? undefined
          : diagnostics.badDate(read.value as string, reason || undefined),
      );
    },
    rateLimit: (read) => reportIf(read, rateLimitProblem(read.value as string)),
    name: (read, _reader, schema) =>
      reportIf(
        read,
        blankName.test(read.value as string)
          ? diagnostics.blankName(
              schema.title ?? "name",
              read.value as string,
              String(schema.examples?.[0] ?? ""),
            )
          : undefined,
      ),
    status: (read) => {
      const status = read.value as number;
      return reportIf(
        read,
        status < 400 || status > 599
          ? diagnostics.badStatus(String(status))
          : undefined,
      );
    },
    pattern: (read) => {
      const pattern = read.value as string;
      // Compiled as the mocks and the example check compile it.
      let invalid: string | undefined;
      if (compilePattern(pattern, (reason) => (invalid = reason)) === undefined)
        return reportIf(
          read,
          diagnostics.badPattern(
            pattern,
            (invalid ?? "").replace(/^Invalid regular expression: /, ""),
          ),
          false,
        );
      // Kept only when proved safe: nothing after the check (the example
      // check, the mocks, the samples) ever runs a pattern that backtracks.
      return reportIf(read, reader.patternProblem(pattern), false);
    },
    enum: (read) =>
      reportIf(
        read,
        (read.value as Read[]).length === 0
          ? diagnostics.emptyEnum(read.owner)
          : undefined,
      ),
    example: (read) => ({
      ...read,
      value: toJson(reader, read.node, read.where),
    }),
    bounds: (read) => boundsChecked(reader, read),
  };
}

/**
 * A schema node's bounds: counts (lengths, items) 0 or more, each low
 * bound at most its high one, and an integer's range holding a whole number.
 */
function boundsChecked(reader: Reader, read: Read): Read {
  const entries = new Map(entriesOf(read));
  const value = (key: string): number | undefined => {
    const entry = entries.get(key);
    return entry?.usable ? (entry.value as number) : undefined;
  };
  for (const key of ["minLength", "maxLength", "minItems", "maxItems"]) {
    const count = value(key);
    if (count === undefined || count >= 0) continue;
    const entry = entries.get(key)!;
    reader.report(
      entry.range,
      diagnostics.impossibleBound(read.where, "negative", key, count),
    );
    entries.set(key, { ...entry, usable: false });
  }
  for (const [low, high] of [
    ["minLength", "maxLength"],
    ["minItems", "maxItems"],
    ["minimum", "maximum"],
  ] as const) {
    const lowValue = value(low);
    const highValue = value(high);
    if (
      lowValue !== undefined &&
      highValue !== undefined &&
      lowValue > highValue
    )
      reader.report(
        entries.get(low)!.range,
        diagnostics.badRange(read.where, low, lowValue, high, highValue),
      );
  }
  const minimum = value("minimum");
  const maximum = value("maximum");
  if (
    field(read, "type")?.value === "integer" &&
    minimum !== undefined &&
    maximum !== undefined &&
    minimum <= maximum &&
    Math.ceil(minimum) > maximum
  )
    reader.report(
      entries.get("minimum")!.range,
      diagnostics.impossibleBound(
        read.where,
        "no-integer",
        "minimum",
        minimum,
        maximum,
      ),
    );
  return { ...read, value: entries };
}

/**
 * Whether a URL names a user or password, as the WHATWG parser reads it
 * (which also takes `https:user:pw@host` and backslashes), or, for a
 * templated address it cannot parse, a `user@` before the host.
 */
function holdsCredentials(text: string): boolean {
  try {
    const url = new URL(text);
    return url.username !== "" || url.password !== "";
  } catch {
    // not a URL as it stands ({base_url}): the pattern decides
    return /^[a-z][a-z0-9+.-]*:[\\/]*[^/?#\\]*@/i.test(text);
  }
}

/**
 * The registry's address as npm's `publishConfig` and the generated README
 * print it (WHATWG-normalised), or undefined for one that is not a plain
 * http(s) address: it goes into a shell command and Markdown as it is, so
 * it holds no query, fragment, space or quote.
 */
function registryHref(given: string): string | undefined {
  const text = given.trim();
  let href: string | undefined;
  try {
    const parsed = new URL(text);
    if (
      (parsed.protocol === "https:" || parsed.protocol === "http:") &&
      !text.includes("?") &&
      !text.includes("#")
    )
      href = parsed.href;
  } catch {
    href = undefined;
  }
  return href !== undefined && /^https?:\/\/[A-Za-z0-9.:[\]_~%/-]+$/.test(href)
    ? href
    : undefined;
}

/** What npm would refuse in a scope or package name, with a fix when one is plain. */
function packageProblem(
  part: string,
  what: "package scope" | "package name",
): DiagnosticText | undefined {
  const longest = what === "package scope" ? maxPackageScope : maxPackageBase;
  if (isPackageNamePart(part, longest)) return undefined;
  // Only too long: say so, not that its characters are wrong.
  if (isPackageNamePart(part, Infinity))
    return diagnostics.packageNameTooLong(part, what, longest);
  // `(?<!-)`: the trailing run is tried from its first dash only; `-+$`
  // alone retried from every dash of a long inner run (quadratic).
  const fixed = part
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, "-")
    .replace(/^[-._]+|(?<!-)-+$/g, "");
  return diagnostics.badPackageName(
    part,
    what,
    isPackageNamePart(fixed, longest) ? fixed : undefined,
  );
}

/**
 * White space and characters that show as nothing (zero-width, Hangul
 * fillers, bidi marks): a name of only these would name its folder, files
 * and types by a hash, and messages by nothing anyone can see. Property
 * names are not held to it: they are the bank's wire names, written as they
 * are, quoted where need be.
 */
const blankName = /^[\p{White_Space}\p{Default_Ignorable_Code_Point}]*$/u;

/** Characters safe in a URL path without encoding (RFC 3986 unreserved, plus "/"). */
const pathPattern = /^\/[A-Za-z0-9\-._~/]*$/;
const versionPattern = /^\d+\.\d+\.\d+$/;

/**
 * A `.` or `..` segment, written plain or percent-encoded (`%2e`, `.%2E`):
 * the client appends the path to its base URL, and URL parsing then
 * climbs out of the base path (`/api/v3` + `/../../admin` is `/admin`).
 */
const dotSegment = /(?:^|\/)(?:\.|%2e){1,2}(?=\/|$)/i;

/** What makes a path other than a plain absolute URL path, with a fix when one is plain. */
function pathProblem(path: string): DiagnosticText | undefined {
  const dots = dotSegment.exec(path);
  if (dots !== null)
    return diagnostics.dotSegment(path, dots[0].replace(/^\//, ""));
  if (pathPattern.test(path)) return undefined;
  const trimmed = path.trim();
  const fixed = trimmed.startsWith("/") ? trimmed : `/${trimmed}`;
  return diagnostics.badPath(
    path,
    pathPattern.test(fixed) && fixed !== "/" ? fixed : undefined,
  );
}

/** What makes a version other than MAJOR.MINOR.PATCH, with a fix when the intent is plain. */
function versionProblem(version: string): DiagnosticText | undefined {
  if (versionPattern.test(version)) return undefined;
  const bare = version.trim().replace(/^[vV]/, "");
  const suggestion = versionPattern.test(bare)
    ? bare
    : /^\d+\.\d+$/.test(bare)
      ? `${bare}.0`
      : /^\d+$/.test(bare)
        ? `${bare}.0.0`
        : undefined;
  return diagnostics.badVersion(version, suggestion);
}

type RateLimitUnit = keyof typeof rateLimitUnits;
const unitNames = Object.keys(rateLimitUnits) as RateLimitUnit[];

/** The largest count a rate limit may have: nine digits. */
const maxRateLimitCount = 999_999_999;

/** Why a rate limit does not parse, worded for the user; undefined when it does. */
function rateLimitProblem(text: string): DiagnosticText | undefined {
  if (parseRateLimit(text) !== undefined) return undefined;
  // Any count here: one of ten digits or more is of the form, only too large.
  const match = /^\s*(\d+)\s*(?:\/|per\b)\s*(\S+)\s*$/.exec(text);
  if (match === null) return diagnostics.badRateLimit(text, "form");
  if (match[1]!.length > 9)
    return Number(match[1]) > maxRateLimitCount
      ? diagnostics.badRateLimit(text, "large", String(maxRateLimitCount))
      : diagnostics.badRateLimit(text, "form");
  const unit = match[2]!;
  if (!(unitNames as string[]).includes(unit)) {
    const singular = unit.toLowerCase().replace(/s$/, "");
    const suggestion = (unitNames as string[]).includes(singular)
      ? singular
      : closest(unit, unitNames);
    return diagnostics.badRateLimit(text, "unit", unit, suggestion);
  }
  return diagnostics.badRateLimit(text, "zero");
}

const monthNames = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/**
 * Undefined for a real YYYY-MM-DD date; otherwise why not: "" when it is not
 * written as YYYY-MM-DD at all, else a reason such as "February 2023 has 28 days".
 */
function dateProblem(text: string): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (match === null) return "";
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (month < 1 || month > 12) return `there is no month ${month}`;
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day < 1) return "there is no day 0";
  if (day > days) return `${monthNames[month - 1]} ${year} has ${days} days`;
  return undefined;
}

/**
 * An example value as JSON; YAML-only values (dates, binary) become
 * strings. Examples are printed into docs, mocks and OpenAPI, so a string
 * (or key) holding an address with credentials is refused, as in the
 * spec's other text.
 */
function toJson(reader: Reader, given: Node | null, where: string): JsonValue {
  const node = reader.deref(given);
  const credentials = (text: string, at: Node | null | undefined): void => {
    if (hasCredentials(text))
      reader.report(
        reader.rangeOf(at, reader.rangeOf(given, [0, 1])),
        diagnostics.credentialsInUrl(where),
      );
  };
  if (isMap(node)) {
    const out: { [key: string]: JsonValue } = {};
    for (const pair of node.items) {
      // A number-like key reads as written (`1.10:` is "1.10"), as property names do.
      const key = isScalar(pair.key)
        ? String(
            typeof pair.key.value === "number"
              ? (pair.key.source ?? pair.key.value)
              : pair.key.value,
          )
        : String(pair.key);
      credentials(key, pair.key as Node | null);
      // defineProperty: a key such as "__proto__" stays an ordinary member.
      Object.defineProperty(out, key, {
        value: toJson(reader, pair.value as Node | null, where),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return out;
  }
  if (isSeq(node))
    return node.items.map((item) => toJson(reader, item as Node | null, where));
  if (isScalar(node)) {
    const value = node.value;
    if (typeof value === "string") credentials(value, node);
    if (
      value === null ||
      typeof value === "string" ||
      typeof value === "boolean"
    )
      return value;
    if (typeof value === "number") {
      reader.inexact(node, reader.rangeOf(node, [0, 1]));
      return Number.isFinite(value) ? value : String(value);
    }
    return String(value);
  }
  return null;
}
