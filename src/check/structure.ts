/**
 * Reads the YAML document into a raw spec, checking its structure: known
 * keys, required keys, value types. Every problem is reported; reading goes
 * on past each one so that a single run lists them all.
 */
import { isMap, isScalar, isSeq, type Node } from "yaml";
import { diagnostics } from "../diagnostics/codes.js";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import { hasCredentials } from "../diagnostics/secrets.js";
import type { JsonValue } from "../runtime/json.js";
import type { SchemaNode } from "../runtime/schema.js";
import {
  closest,
  isPackageNamePart,
  maxPackageBase,
  maxPackageScope,
} from "../names/names.js";
import type {
  Located,
  Range,
  RawError,
  RawNamedSchema,
  RawNotShown,
  RawOperation,
  RawPlan,
  RawProperty,
  RawSchema,
  RawSet,
  RawSpec,
} from "../spec/raw.js";
import { findTooDeep, maxSpecDepth, type SpecSource } from "../spec/source.js";
import { describe, Reader, type Entry } from "./yaml-nodes.js";

/** Keys of each part of the spec format; the JSON Schema in spec/ mirrors these (a test checks). */
export const specKeys = {
  root: [
    "remitgen",
    "service",
    "auth",
    "operationDefaults",
    "operations",
    "sets",
    "schemas",
  ],
  service: ["title", "description", "baseUrl", "package", "notShown"],
  package: ["scope", "name", "registry"],
  auth: [
    "title",
    "version",
    "baseUrl",
    "token",
    "scheme",
    "assumption",
    "notShown",
  ],
  token: ["method", "path"],
  operationDefaults: ["method", "notShown"],
  operation: [
    "path",
    "method",
    "summary",
    "description",
    "effect",
    "effectBasis",
    "request",
    "response",
    "errors",
    "notShown",
  ],
  error: ["status", "description", "schema"],
  set: [
    "title",
    "version",
    "labels",
    "date",
    "extends",
    "operations",
    "adds",
    "removes",
    "plan",
  ],
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

const schemaTypes = [
  "object",
  "string",
  "number",
  "integer",
  "boolean",
  "array",
] as const;

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
  readonly version?: Located<string>;
  readonly date?: Located<string>;
  readonly extends?: Located<string>;
  readonly operations?: readonly Located<string>[];
  readonly adds: readonly Located<string>[];
  readonly removes: readonly Located<string>[];
  readonly plan?: { readonly rateLimit?: Located<string> };
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
  /** The whole spec, when every required part could be read. */
  readonly raw: RawSpec | undefined;
  /** What could be read, for the rules; undefined when not even the root could. */
  readonly parts: SpecParts | undefined;
  readonly diagnostics: readonly Diagnostic[];
}

/** Names declared while reading, filled in by the section readers. */
interface Collected {
  readonly operations: Map<string, Range>;
  readonly sets: Map<string, Range>;
  readonly schemas: Map<string, Range>;
  readonly listedByBrokenSets: Set<string>;
  readonly flawedSchemas: Set<string>;
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
  const { raw, parts } = readRoot(reader, root);
  return { raw, parts, diagnostics: reader.found };
}

/** YAML's float tag: `!!float 1` reads as 1, but says it is no whole number. */
const floatTag = "tag:yaml.org,2002:float";

function readRoot(
  reader: Reader,
  root: Node,
): { raw: RawSpec | undefined; parts: SpecParts | undefined } {
  const rootRange = reader.rangeOf(root, [0, 1]);
  const start: Range = [rootRange[0], rootRange[0] + 1];
  const fields = reader.record(root, "the spec", start, specKeys.root, [
    "remitgen",
    "service",
    "auth",
    "operations",
    "sets",
  ]);
  if (fields === undefined) return { raw: undefined, parts: undefined };
  const version = fields.get("remitgen");
  if (version !== undefined) {
    const node = reader.deref(version.value);
    const written = reader.written(node)?.trim() ?? "";
    if (!isScalar(node) || node.value !== 1)
      reader.report(version.valueRange, diagnostics.specVersion(written));
    else if (written !== "1" || node.tag === floatTag)
      reader.report(
        version.valueRange,
        diagnostics.specVersionNotWhole(
          node.tag === floatTag ? `!!float ${written}` : written,
        ),
      );
  }
  const collected: Collected = {
    operations: new Map(),
    sets: new Map(),
    schemas: new Map(),
    listedByBrokenSets: new Set(),
    flawedSchemas: new Set(),
  };
  const { complete: service, packageName } = readService(
    reader,
    fields.get("service"),
  );
  const auth = readAuth(reader, fields.get("auth"));
  const operationDefaults = readOperationDefaults(
    reader,
    fields.get("operationDefaults"),
  );
  const schemasEntry = fields.get("schemas");
  const schemas =
    schemasEntry === undefined
      ? []
      : readNamedSchemas(reader, schemasEntry, collected);
  const operationsRead = readOperations(
    reader,
    fields.get("operations"),
    operationDefaults?.notShown ?? [],
    collected,
  );
  const setsRead = readSets(reader, fields.get("sets"), collected);
  const operations = operationsRead?.complete;
  const sets = setsRead?.complete;
  const parts: SpecParts = {
    ...(operationsRead ? { operations: operationsRead.parts } : {}),
    ...(setsRead ? { sets: setsRead.parts } : {}),
    ...(schemas ? { schemas } : {}),
    ...(packageName ? { packageName } : {}),
    declared: collected,
  };
  const complete =
    service && auth && operations && sets && schemas
      ? {
          service,
          auth,
          operationDefaults: operationDefaults ?? { notShown: [] },
          operations,
          sets,
          schemas,
        }
      : undefined;
  return { raw: complete, parts };
}

function readNotShown(
  reader: Reader,
  entry: Entry | undefined,
  where: string,
): RawNotShown[] {
  if (entry === undefined) return [];
  const list = reader.entries(
    entry.value,
    `${where} notShown`,
    entry.valueRange,
    "notShown topic",
  );
  if (list === undefined) return [];
  const out: RawNotShown[] = [];
  for (const item of list) {
    const text = reader.string(item, `notShown "${item.key}"`);
    if (text) out.push({ topic: item.key, text: text.value.trim() });
  }
  return out;
}

/** The service, when whole; its package name, when that could be read (the rules check it either way). */
function readService(
  reader: Reader,
  entry: Entry | undefined,
): {
  complete?: RawSpec["service"];
  packageName?: Located<string>;
} {
  if (entry === undefined) return {};
  const where = "service";
  const fields = reader.record(
    entry.value,
    where,
    entry.keyRange,
    specKeys.service,
    ["title", "description", "baseUrl", "package"],
  );
  if (fields === undefined) return {};
  const title = reader.string(fields.get("title"), "service title");
  const description = reader.string(
    fields.get("description"),
    "service description",
  );
  const baseUrl = checkNoCredentials(
    reader,
    reader.string(fields.get("baseUrl"), "service baseUrl"),
    "service baseUrl",
  );
  const packageEntry = fields.get("package");
  const pkg = packageEntry
    ? reader.record(
        packageEntry.value,
        "service package",
        packageEntry.keyRange,
        specKeys.package,
        ["scope", "name"],
      )
    : undefined;
  const packageScope = checkPackagePart(
    reader,
    reader.string(pkg?.get("scope"), "package scope"),
    "package scope",
  );
  const packageName = checkPackagePart(
    reader,
    reader.string(pkg?.get("name"), "package name"),
    "package name",
  );
  const registryEntry = pkg?.get("registry");
  const registry =
    registryEntry !== undefined
      ? checkRegistry(
          reader,
          checkNoCredentials(
            reader,
            reader.string(registryEntry, "package registry"),
            "package registry",
          ),
        )
      : undefined;
  const notShown = readNotShown(reader, fields.get("notShown"), where);
  if (!title || !description || !baseUrl || !packageScope || !packageName)
    return packageName ? { packageName } : {};
  return {
    complete: {
      title: title.value.trim(),
      description: description.value.trim(),
      baseUrl: baseUrl.value,
      packageScope,
      packageName,
      ...(registry !== undefined ? { packageRegistry: registry } : {}),
      notShown,
    },
    packageName,
  };
}

/** Reports an address holding a user name or password (they would be printed into docs); returns it either way. */
function checkNoCredentials(
  reader: Reader,
  url: Located<string> | undefined,
  where: string,
): Located<string> | undefined {
  // Reported already when the text shows them to anyone (Reader.string).
  if (
    url !== undefined &&
    !hasCredentials(url.value) &&
    holdsCredentials(url.value.trim())
  ) {
    reader.report(url.range, diagnostics.credentialsInUrl(where));
  }
  return url;
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
 * print it (WHATWG-normalised), or undefined after reporting one that is
 * not a plain http(s) address: it goes into a shell command and Markdown
 * as it is, so it holds no query, fragment, space or quote.
 */
function checkRegistry(
  reader: Reader,
  url: Located<string> | undefined,
): string | undefined {
  if (url === undefined) return undefined;
  const text = url.value.trim();
  let href: string | undefined;
  try {
    const parsed = new URL(text);
    if (
      (parsed.protocol === "https:" || parsed.protocol === "http:") &&
      parsed.username === "" &&
      parsed.password === "" &&
      !text.includes("?") &&
      !text.includes("#")
    )
      href = parsed.href;
  } catch {
    href = undefined;
  }
  if (href !== undefined && /^https?:\/\/[A-Za-z0-9.:[\]_~%/-]+$/.test(href))
    return href;
  // Credentials were reported already (RG046).
  if (!holdsCredentials(text))
    reader.report(url.range, diagnostics.badRegistry(url.value));
  return undefined;
}

/** Reports a scope or package name npm would refuse; returns the part either way. */
function checkPackagePart(
  reader: Reader,
  part: Located<string> | undefined,
  what: string,
): Located<string> | undefined {
  const longest = what === "package scope" ? maxPackageScope : maxPackageBase;
  if (part !== undefined && !isPackageNamePart(part.value, longest)) {
    // `(?<!-)`: the trailing run is tried from its first dash only; `-+$`
    // alone retried from every dash of a long inner run (quadratic).
    const fixed = part.value
      .toLowerCase()
      .replace(/[^a-z0-9._-]+/g, "-")
      .replace(/^[-._]+|(?<!-)-+$/g, "");
    reader.report(
      part.range,
      // Only too long: say so, not that its characters are wrong.
      isPackageNamePart(part.value, Infinity)
        ? diagnostics.packageNameTooLong(part.value, what, longest)
        : diagnostics.badPackageName(
            part.value,
            what,
            isPackageNamePart(fixed, longest) ? fixed : undefined,
          ),
    );
  }
  return part;
}

function readAuth(
  reader: Reader,
  entry: Entry | undefined,
): RawSpec["auth"] | undefined {
  if (entry === undefined) return undefined;
  const fields = reader.record(
    entry.value,
    "auth",
    entry.keyRange,
    specKeys.auth,
    ["title", "version", "baseUrl", "token", "scheme"],
  );
  if (fields === undefined) return undefined;
  const title = reader.string(fields.get("title"), "auth title");
  const version = reader.string(fields.get("version"), "auth version");
  if (version !== undefined) checkVersion(reader, version);
  const baseUrl = checkNoCredentials(
    reader,
    reader.string(fields.get("baseUrl"), "auth baseUrl"),
    "auth baseUrl",
  );
  const tokenEntry = fields.get("token");
  const token = tokenEntry
    ? reader.record(
        tokenEntry.value,
        "auth token",
        tokenEntry.keyRange,
        specKeys.token,
        ["path"],
      )
    : undefined;
  reader.oneOf(token?.get("method"), "token method", ["POST"]);
  const tokenPath = reader.string(token?.get("path"), "token path");
  if (tokenPath !== undefined) checkPath(reader, tokenPath);
  const scheme = reader.oneOf(fields.get("scheme"), "auth scheme", [
    "oauth2-client-credentials",
  ]);
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

function readOperationDefaults(
  reader: Reader,
  entry: Entry | undefined,
): RawSpec["operationDefaults"] | undefined {
  if (entry === undefined) return undefined;
  const fields = reader.record(
    entry.value,
    "operationDefaults",
    entry.keyRange,
    specKeys.operationDefaults,
    [],
  );
  if (fields === undefined) return undefined;
  reader.oneOf(fields.get("method"), "default method", ["POST"]);
  return {
    notShown: readNotShown(reader, fields.get("notShown"), "operationDefaults"),
  };
}

function readOperations(
  reader: Reader,
  entry: Entry | undefined,
  defaultNotShown: readonly RawNotShown[],
  collected: Collected,
): { complete: RawOperation[]; parts: OperationPart[] } | undefined {
  if (entry === undefined) return undefined;
  const list = reader.entries(
    entry.value,
    "operations",
    entry.keyRange,
    "operation",
  );
  if (list === undefined) return undefined;
  const out: RawOperation[] = [];
  const parts: OperationPart[] = [];
  for (const item of list) {
    collected.operations.set(item.key, item.keyRange);
    checkName(reader, item, "operation");
    const where = `operation "${item.key}"`;
    const fields = reader.record(
      item.value,
      where,
      item.keyRange,
      specKeys.operation,
      ["path", "summary"],
    );
    if (fields === undefined) continue;
    const path = reader.string(fields.get("path"), `${where} path`);
    if (path !== undefined) checkPath(reader, path);
    const summary = reader.string(fields.get("summary"), `${where} summary`);
    const description = reader.string(
      fields.get("description"),
      `${where} description`,
    );
    reader.oneOf(fields.get("method"), `${where} method`, ["POST"]);
    const effect = reader.oneOf(fields.get("effect"), `${where} effect`, [
      "read",
      "write",
    ]);
    const basis = reader.oneOf(
      fields.get("effectBasis"),
      `${where} effectBasis`,
      ["inferred", "stated"],
    );
    // A basis is said of a written effect: a default is nobody's word.
    if (basis !== undefined && effect === undefined)
      reader.report(basis.range, diagnostics.effectBasisWithoutEffect(where));
    const request = readPayload(
      reader,
      fields.get("request"),
      `${where} request`,
    );
    const response = readPayload(
      reader,
      fields.get("response"),
      `${where} response`,
    );
    const { complete: errors, parts: errorParts } = readErrors(
      reader,
      fields.get("errors"),
      where,
    );
    const own = readNotShown(reader, fields.get("notShown"), where);
    const id = { value: item.key, range: item.keyRange };
    parts.push({
      id,
      ...(path ? { path } : {}),
      ...(request ? { request } : {}),
      ...(response ? { response } : {}),
      errors: errorParts,
    });
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
      id,
      path,
      summary: summary.value.trim(),
      ...(description ? { description: description.value.trim() } : {}),
      effect: effect?.value ?? "write",
      effectStated: effect !== undefined,
      effectBasis: basis?.value ?? (effect ? "inferred" : "default"),
      ...(request ? { request } : {}),
      ...(response ? { response } : {}),
      errors,
      notShown: [...inherited, ...own],
    });
  }
  return { complete: out, parts };
}

/**
 * White space and characters that show as nothing (zero-width, Hangul
 * fillers, bidi marks). Property names are not held to it: they are the
 * bank's wire names, written as they are, quoted where need be.
 */
const blankName = /^[\p{White_Space}\p{Default_Ignorable_Code_Point}]*$/u;

/** What each kind of name is called in messages, and a name of its kind. */
const nameKinds = {
  operation: ["operation name", "get_acct_title"],
  set: ["set id", "v3"],
  schema: ["schema name", "Account"],
} as const;

/**
 * Reports a name that is empty once its white space and invisible
 * characters are set aside: its folder, files and types would be named by a
 * hash, and messages would name it by nothing anyone can see.
 */
function checkName(
  reader: Reader,
  item: Entry,
  kind: keyof typeof nameKinds,
): void {
  if (!blankName.test(item.key)) return;
  const [what, example] = nameKinds[kind];
  reader.report(item.keyRange, diagnostics.blankName(what, item.key, example));
}

/** Characters safe in a URL path without encoding (RFC 3986 unreserved, plus "/"). */
const pathPattern = /^\/[A-Za-z0-9\-._~/]*$/;
const versionPattern = /^\d+\.\d+\.\d+$/;

/**
 * A `.` or `..` segment, written plain or percent-encoded (`%2e`, `.%2E`):
 * the client appends the path to its base URL, and URL parsing then
 * climbs out of the base path (`/api/v3` + `/../../admin` is `/admin`).
 */
const dotSegment = /(?:^|\/)(?:\.|%2e){1,2}(?=\/|$)/i;

/** Reports a path that is not a plain absolute URL path, suggesting a fix when one is plain. */
function checkPath(reader: Reader, path: Located<string>): void {
  const dots = dotSegment.exec(path.value);
  if (dots !== null) {
    reader.report(
      path.range,
      diagnostics.dotSegment(path.value, dots[0].replace(/^\//, "")),
    );
    return;
  }
  if (pathPattern.test(path.value)) return;
  const trimmed = path.value.trim();
  const fixed = trimmed.startsWith("/") ? trimmed : `/${trimmed}`;
  reader.report(
    path.range,
    diagnostics.badPath(
      path.value,
      pathPattern.test(fixed) && fixed !== "/" ? fixed : undefined,
    ),
  );
}

/** Reports a version that is not MAJOR.MINOR.PATCH, suggesting a fix when the intent is plain. */
export function checkVersion(
  reader: { report: Reader["report"] },
  version: Located<string>,
): void {
  if (versionPattern.test(version.value)) return;
  const bare = version.value.trim().replace(/^[vV]/, "");
  const suggestion = versionPattern.test(bare)
    ? bare
    : /^\d+\.\d+$/.test(bare)
      ? `${bare}.0`
      : /^\d+$/.test(bare)
        ? `${bare}.0.0`
        : undefined;
  reader.report(
    version.range,
    diagnostics.badVersion(version.value, suggestion),
  );
}

/** A payload is a schema name or an inline schema. */
function readPayload(
  reader: Reader,
  entry: Entry | undefined,
  where: string,
): RawSchema | undefined {
  if (entry === undefined) return undefined;
  const node = reader.deref(entry.value);
  if (isScalar(node) && typeof node.value === "string") {
    return {
      kind: "ref",
      name: { value: node.value, range: entry.valueRange },
    };
  }
  return readSchema(reader, entry.value, where, entry.keyRange, {
    expected: "a schema name or a mapping",
  });
}

function readErrors(
  reader: Reader,
  entry: Entry | undefined,
  where: string,
): { complete: RawError[]; parts: { schema?: RawSchema }[] } {
  const none = { complete: [], parts: [] };
  if (entry === undefined) return none;
  const node = reader.deref(entry.value);
  if (!isSeq(node)) {
    reader.report(
      entry.valueRange,
      diagnostics.wrongType(
        `${where} errors`,
        "a list",
        describe(node),
        reader.written(node),
      ),
    );
    return none;
  }
  const out: RawError[] = [];
  const parts: { schema?: RawSchema }[] = [];
  node.items.forEach((item, index) => {
    const itemWhere = `${where} error ${index + 1}`;
    const range = reader.rangeOf(item as Node, entry.valueRange);
    const fields = reader.record(
      item as Node,
      itemWhere,
      range,
      specKeys.error,
      ["status", "description"],
    );
    if (fields === undefined) return;
    const status = reader.number(
      fields.get("status"),
      `${itemWhere} status`,
      true,
    );
    const description = reader.string(
      fields.get("description"),
      `${itemWhere} description`,
    );
    const schema = readPayload(
      reader,
      fields.get("schema"),
      `${itemWhere} schema`,
    );
    parts.push(schema ? { schema } : {});
    if (status && (status.value < 400 || status.value > 599)) {
      reader.report(status.range, diagnostics.badStatus(String(status.value)));
    }
    if (status && description) {
      out.push({
        status,
        description: description.value.trim(),
        ...(schema ? { schema } : {}),
      });
    }
  });
  return { complete: out, parts };
}

function readSets(
  reader: Reader,
  entry: Entry | undefined,
  collected: Collected,
): { complete: RawSet[]; parts: SetPart[] } | undefined {
  if (entry === undefined) return undefined;
  const list = reader.entries(entry.value, "sets", entry.keyRange, "set");
  if (list === undefined) return undefined;
  const out: RawSet[] = [];
  const parts: SetPart[] = [];
  for (const item of list) {
    collected.sets.set(item.key, item.keyRange);
    checkName(reader, item, "set");
    const where = `set "${item.key}"`;
    const fields = reader.record(
      item.value,
      where,
      item.keyRange,
      specKeys.set,
      ["title", "version", "plan"],
    );
    if (fields === undefined) continue;
    const title = reader.string(fields.get("title"), `${where} title`);
    const version = reader.string(fields.get("version"), `${where} version`);
    const labels =
      reader.stringList(fields.get("labels"), `${where} labels`) ?? [];
    const date = reader.string(fields.get("date"), `${where} date`);
    const extendsSet = reader.string(fields.get("extends"), `${where} extends`);
    const operations = reader.stringList(
      fields.get("operations"),
      `${where} operations`,
    );
    const adds = reader.stringList(fields.get("adds"), `${where} adds`) ?? [];
    const removes =
      reader.stringList(fields.get("removes"), `${where} removes`) ?? [];
    const plan = readPlan(reader, fields.get("plan"), where);
    // A list written as a bare name is reported; the name still counts as used.
    for (const key of ["operations", "adds"]) {
      const node = reader.deref(fields.get(key)?.value ?? null);
      if (isScalar(node) && typeof node.value === "string")
        collected.listedByBrokenSets.add(node.value);
    }
    const operationsKey = fields.get("operations")?.keyRange;
    const addsKey = fields.get("adds")?.keyRange;
    const removesKey = fields.get("removes")?.keyRange;
    const part: SetPart = {
      id: { value: item.key, range: item.keyRange },
      ...(version ? { version } : {}),
      ...(date ? { date } : {}),
      ...(extendsSet ? { extends: extendsSet } : {}),
      ...(operations ? { operations } : {}),
      adds,
      removes,
      ...(plan.rateLimit ? { plan: { rateLimit: plan.rateLimit } } : {}),
      ...(operationsKey ? { operationsKey } : {}),
      ...(addsKey ? { addsKey } : {}),
      ...(removesKey ? { removesKey } : {}),
    };
    parts.push(part);
    if (!title || !version || !plan.complete) continue;
    out.push({
      ...part,
      title: title.value.trim(),
      version,
      labels: labels.map((label) => label.value),
      plan: plan.complete,
    });
  }
  return { complete: out, parts };
}

/** The plan, when whole; its rate limit, when that could be read (the rules check it either way). */
function readPlan(
  reader: Reader,
  entry: Entry | undefined,
  where: string,
): { complete?: RawPlan; rateLimit?: Located<string> } {
  if (entry === undefined) return {};
  const fields = reader.record(
    entry.value,
    `${where} plan`,
    entry.keyRange,
    specKeys.plan,
    ["name", "rateLimit", "cost"],
  );
  if (fields === undefined) return {};
  const name = reader.string(fields.get("name"), `${where} plan name`);
  const rateLimit = reader.string(
    fields.get("rateLimit"),
    `${where} rateLimit`,
  );
  const cost = reader.string(fields.get("cost"), `${where} plan cost`);
  const note = reader.string(fields.get("note"), `${where} plan note`);
  if (!name || !rateLimit || !cost) return rateLimit ? { rateLimit } : {};
  return {
    complete: {
      name: name.value.trim(),
      rateLimit,
      cost: cost.value.trim(),
      ...(note ? { note: note.value.trim() } : {}),
    },
    rateLimit,
  };
}

function readNamedSchemas(
  reader: Reader,
  entry: Entry,
  collected: Collected,
): RawNamedSchema[] | undefined {
  const list = reader.entries(entry.value, "schemas", entry.keyRange, "schema");
  if (list === undefined) return undefined;
  const out: RawNamedSchema[] = [];
  for (const item of list) {
    collected.schemas.set(item.key, item.keyRange);
    checkName(reader, item, "schema");
    const before = reader.found.length;
    const schema = readSchema(
      reader,
      item.value,
      `schema "${item.key}"`,
      item.keyRange,
    );
    if (reader.found.length > before) collected.flawedSchemas.add(item.key);
    if (schema)
      out.push({ name: { value: item.key, range: item.keyRange }, schema });
  }
  return out;
}

/** The keys a schema node of each type may have: as a named or nested schema, and as a property's (with `required`). */
const schemaKeys = {
  object: keysOfSchema("object"),
  string: keysOfSchema("string"),
  number: keysOfSchema("number"),
  integer: keysOfSchema("integer"),
  boolean: keysOfSchema("boolean"),
  array: keysOfSchema("array"),
} as const;

function keysOfSchema(
  type: (typeof schemaTypes)[number],
): readonly [readonly string[], readonly string[]] {
  const own = specKeys.schemaByType[type];
  return [
    [...specKeys.schemaCommon, ...own],
    [...specKeys.schemaCommon, "required", ...own],
  ];
}

/**
 * A mapping's entries by key. A spec's mappings hold a handful of keys
 * (and `entries` dropped duplicates), so a scan beats building a Map for
 * each of the thousands of schema nodes.
 */
class EntriesByKey {
  constructor(private readonly list: readonly Entry[]) {}

  get(key: string): Entry | undefined {
    for (const entry of this.list) if (entry.key === key) return entry;
    return undefined;
  }
}

/** Every key any schema node may have, for did-you-mean when `type` is missing. */
const anySchemaKey: readonly string[] = [
  ...new Set([
    ...specKeys.schemaCommon,
    "$ref",
    ...Object.values(specKeys.schemaByType).flat(),
  ]),
];

interface SchemaOptions {
  /** A property's schema, which may carry the `required` flag (reported through `onRequired`). */
  readonly onRequired?: (required: boolean) => void;
  /** What a value that is not a mapping should have been. */
  readonly expected?: string;
}

/**
 * One schema node. `owner` is the key that holds it, where a missing key is
 * reported. Its example is checked against it later only when the node and
 * everything in it read without a problem: with a part left out, an example
 * that fits the schema as written could look wrong.
 */
function readSchema(
  reader: Reader,
  given: Node | null,
  where: string,
  owner: Range,
  options: SchemaOptions = {},
): RawSchema | undefined {
  const before = reader.found.length;
  const schema = readSchemaNode(reader, given, where, owner, options);
  if (schema?.exampleSite === undefined || reader.found.length === before)
    return schema;
  const { exampleSite: _unchecked, ...rest } = schema;
  return rest as RawSchema;
}

/** One schema node, for {@link readSchema}. */
function readSchemaNode(
  reader: Reader,
  given: Node | null,
  where: string,
  owner: Range,
  options: SchemaOptions,
): RawSchema | undefined {
  const node = reader.deref(given);
  const list = reader.entries(
    node,
    where,
    owner,
    "key",
    options.expected ?? "a mapping",
  );
  if (list === undefined) return undefined;
  const byKey = new EntriesByKey(list);
  const asProperty = options.onRequired !== undefined;
  const extra = asProperty ? ["required"] : [];
  if (options.onRequired !== undefined) {
    const required = reader.boolean(byKey.get("required"), `${where} required`);
    if (required !== undefined) options.onRequired(required.value);
  }
  const description = reader
    .string(byKey.get("description"), `${where} description`)
    ?.value.trim();
  const exampleEntry = byKey.get("example");
  const example = exampleEntry
    ? toJson(reader, exampleEntry.value, `${where} example`)
    : undefined;
  const shared = {
    ...(description !== undefined ? { description } : {}),
    ...(example !== undefined && exampleEntry !== undefined
      ? { example, exampleSite: { range: exampleEntry.valueRange, where } }
      : {}),
  };
  const refEntry = byKey.get("$ref");
  if (refEntry !== undefined) {
    checkKeys(reader, list, where, [
      "$ref",
      "description",
      "example",
      ...extra,
    ]);
    const name = reader.string(refEntry, `${where} $ref`);
    return name ? { kind: "ref", name, ...shared } : undefined;
  }
  const typeEntry = byKey.get("type");
  if (typeEntry === undefined) {
    const misspelt = checkKeys(reader, list, where, [
      ...anySchemaKey,
      ...extra,
    ]);
    if (!misspelt.has("type") && !misspelt.has("$ref")) {
      reader.report(owner, diagnostics.missingKey("type", where, "string"));
    }
    return undefined;
  }
  const type = reader.oneOf(typeEntry, `${where} type`, schemaTypes);
  if (type === undefined) return undefined;
  checkKeys(reader, list, where, schemaKeys[type.value][asProperty ? 1 : 0]);
  // A count (length, items) is a whole number, 0 or more; a bound any number.
  const count = (key: string, integer = true): number | undefined => {
    const found = reader.number(byKey.get(key), `${where} ${key}`, integer);
    if (found !== undefined && integer && found.value < 0) {
      reader.report(
        found.range,
        diagnostics.impossibleBound(where, "negative", key, found.value),
      );
      return undefined;
    }
    return found?.value;
  };
  switch (type.value) {
    case "object": {
      const propertiesEntry = byKey.get("properties");
      const properties: RawProperty[] = [];
      const members = propertiesEntry
        ? reader.entries(
            propertiesEntry.value,
            `${where} properties`,
            propertiesEntry.keyRange,
            "property",
          )
        : [];
      for (const member of members ?? []) {
        const memberWhere = `property "${member.key}" of ${where}`;
        let required = false;
        const schema = readSchema(
          reader,
          member.value,
          memberWhere,
          member.keyRange,
          {
            onRequired: (value) => (required = value),
          },
        );
        if (schema) properties.push({ name: member.key, required, schema });
      }
      return { kind: "object", properties, ...shared };
    }
    case "array": {
      const itemsEntry = byKey.get("items");
      if (itemsEntry === undefined) {
        reader.report(
          owner,
          diagnostics.missingKey("items", where, "{ type: string }"),
        );
        return undefined;
      }
      const items = readSchema(
        reader,
        itemsEntry.value,
        `items of ${where}`,
        itemsEntry.keyRange,
      );
      const minItems = count("minItems");
      const maxItems = count("maxItems");
      checkRange(
        reader,
        byKey,
        where,
        "minItems",
        "maxItems",
        minItems,
        maxItems,
      );
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
      checkRange(
        reader,
        byKey,
        where,
        "minLength",
        "maxLength",
        minLength,
        maxLength,
      );
      const pattern = reader.string(byKey.get("pattern"), `${where} pattern`);
      if (pattern) {
        let valid = true;
        try {
          new RegExp(pattern.value, "u");
        } catch (error) {
          valid = false;
          reader.report(
            pattern.range,
            diagnostics.badPattern(
              pattern.value,
              (error as Error).message.replace(
                /^Invalid regular expression: /,
                "",
              ),
            ),
          );
        }
        // Kept only when proved safe: nothing after the check (the example
        // check, the mocks, the samples) ever runs a pattern that backtracks.
        const slow = valid ? reader.patternProblem(pattern.value) : undefined;
        if (slow !== undefined) reader.report(pattern.range, slow);
        else if (valid) facets.pattern = pattern.value;
      }
      const format = reader.string(byKey.get("format"), `${where} format`);
      if (format) facets.format = format.value;
      const enumEntry = byKey.get("enum");
      if (enumEntry !== undefined) {
        const values = reader.stringList(enumEntry, `${where} enum`) ?? [];
        if (values.length === 0)
          reader.report(enumEntry.valueRange, diagnostics.emptyEnum(where));
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
      if (
        type.value === "integer" &&
        minimum !== undefined &&
        maximum !== undefined &&
        minimum <= maximum &&
        Math.ceil(minimum) > maximum
      )
        reader.report(
          byKey.get("minimum")?.valueRange,
          diagnostics.impossibleBound(
            where,
            "no-integer",
            "minimum",
            minimum,
            maximum,
          ),
        );
      return { kind: type.value, facets, ...shared };
    }
    case "boolean":
      return { kind: "boolean", facets: {}, ...shared };
  }
}

/** Reports keys not allowed here; returns the allowed keys they look like misspellings of. */
function checkKeys(
  reader: Reader,
  list: readonly Entry[],
  where: string,
  allowed: readonly string[],
): ReadonlySet<string> {
  let misspelt: Set<string> | undefined;
  for (const entry of list) {
    if (!allowed.includes(entry.key)) {
      const suggestion = closest(entry.key, allowed);
      if (suggestion !== undefined) (misspelt ??= new Set()).add(suggestion);
      const given =
        suggestion !== undefined &&
        list.some((other) => other.key === suggestion);
      reader.report(
        entry.keyRange,
        diagnostics.unknownKey(entry.key, where, suggestion, allowed, given),
      );
    }
  }
  return misspelt ?? noKeys;
}

const noKeys: ReadonlySet<string> = new Set();

function checkRange(
  reader: Reader,
  byKey: EntriesByKey,
  where: string,
  lowKey: string,
  highKey: string,
  low: number | undefined,
  high: number | undefined,
): void {
  if (low !== undefined && high !== undefined && low > high) {
    reader.report(
      byKey.get(lowKey)?.valueRange,
      diagnostics.badRange(where, lowKey, low, highKey, high),
    );
  }
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
