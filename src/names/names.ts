/**
 * The one module that decides every name in generated code and output
 * paths: casing, reserved words, file-system safety. Renderers never build
 * a name themselves; the checker uses the same functions to find clashes.
 */
import {
  isPortableIdentifierPart,
  isPortableIdentifierStart,
} from "../escape/typescript.js";
import { hashString } from "../runtime/mock/sample.js";

/**
 * Words of a spec name: split on anything but letters/digits, and at case
 * changes. Outside ASCII only characters every supported Node and
 * TypeScript agree on are letters ({@link isPortableIdentifierPart}); any
 * other splits words, so names do not depend on the running Node's Unicode.
 * Accents are composed (NFC): "é" typed as "e" and U+0301 names what "é"
 * does, so two spec names that look alike never make two names that do.
 */
export function splitWords(text: string): string[] {
  // Most names are ASCII: the same patterns without Unicode classes, several times faster.
  const ascii = /^[\x00-\x7f]*$/.test(text);
  if (!ascii) {
    // Composed once only portable characters are left: NFC of characters
    // Unicode 3 knew is the same on every Node.
    text = Array.from(text, (char) =>
      char <= "\x7f" || isPortableIdentifierPart(char) ? char : " ",
    )
      .join("")
      .normalize("NFC");
  }
  const chunks =
    text.match(ascii ? /[A-Za-z0-9]+/g : /[\p{L}\p{M}\p{Nd}]+/gu) ?? [];
  const words: string[] = [];
  for (const chunk of chunks) {
    // "fundsTransfer" -> funds, Transfer; "B2C" and "V1" stay whole.
    const parts = chunk.match(
      ascii
        ? /[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+[0-9]*|[A-Z]+[0-9A-Z]*|[0-9]+[A-Za-z0-9]*|[A-Za-z]+/g
        : /\p{Lu}+(?=\p{Lu}\p{Ll})|\p{Lu}?[\p{Ll}\p{M}]+[\p{Nd}]*|\p{Lu}+[\p{Nd}\p{Lu}]*|[\p{Nd}]+[\p{L}\p{M}\p{Nd}]*|[\p{L}\p{M}]+/gu,
    );
    // One at a time: a spread of a million words (an explicit key of 2 MB)
    // overflowed the call stack.
    for (const part of parts ?? [chunk]) words.push(part);
  }
  return words;
}

function upperFirst(word: string): string {
  const [first = ""] = word;
  return portableCase(first, "upper") + word.slice(first.length);
}

function lowerFirstWord(word: string): string {
  // An all-capitals first word ("B2C", "URL") becomes all lower case.
  if (word === portableCase(word, "upper")) return portableCase(word, "lower");
  const [first = ""] = word;
  return portableCase(first, "lower") + word.slice(first.length);
}

/**
 * Upper or lower case, character by character, keeping a character whose
 * case is not portable: Unicode 16 gave U+019B an upper case (U+A7DC) that
 * TypeScript 5.9 does not know, and an older Node's ICU none.
 */
function portableCase(text: string, to: "upper" | "lower"): string {
  if (/^[\x00-\x7f]*$/.test(text))
    return to === "upper" ? text.toUpperCase() : text.toLowerCase();
  return Array.from(text, (char) => {
    const cased = to === "upper" ? char.toUpperCase() : char.toLowerCase();
    return Array.from(cased).every(
      (part) => part <= "\x7f" || isPortableIdentifierPart(part),
    )
      ? cased
      : char;
  }).join("");
}

/** `get_acct_title` -> `getAcctTitle`. Empty when the text has no letters or digits. */
export function camelCase(text: string): string {
  const words = splitWords(text);
  if (words.length === 0) return "";
  const [first, ...rest] = words as [string, ...string[]];
  return lowerFirstWord(first) + rest.map(upperFirst).join("");
}

/** `get_acct_title` -> `GetAcctTitle`. */
export function pascalCase(text: string): string {
  return splitWords(text).map(upperFirst).join("");
}

/** `send_online_fundsTransfer` -> `send-online-funds-transfer`, ASCII only. */
export function kebabCase(text: string): string {
  return splitWords(text)
    .map((word) => asciiOnly(word.toLowerCase()))
    .join("-");
}

function asciiOnly(word: string): string {
  return [...word]
    .map((char) =>
      /[a-z0-9]/.test(char) ? char : `u${char.codePointAt(0)!.toString(16)}`,
    )
    .join("");
}

/** JavaScript and TypeScript words a declaration may not take. */
const reservedWords: ReadonlySet<string> = new Set(
  (
    "break case catch class const continue debugger default delete do else enum export extends false finally for " +
    "function if import in instanceof new null return super switch this throw true try typeof var void while with " +
    "yield let static implements interface package private protected public await arguments eval undefined NaN " +
    "Infinity any unknown never string number boolean object symbol bigint type as async of from"
  ).split(" "),
);

/** Members every object inherits: a client method may not shadow them. */
const objectMembers: ReadonlySet<string> = new Set(
  Object.getOwnPropertyNames(Object.prototype),
);

/**
 * Names the generated packages already use at the top level (runtime and
 * generated entry points, global types a declaration must not shadow).
 */
const generatedTopLevel: ReadonlySet<string> = new Set([
  "createClient",
  "createTransport",
  "createHandlers",
  "handlers",
  "transport",
  "body",
  "options",
  "operations",
  "types",
  "transportDefaults",
  "createBaseTransport",
  "createMockHandlers",
  "mockApi",
  "plan",
  "Transport",
  "TransportDefaults",
  "PlanLimit",
  "OperationDescriptor",
  "Clock",
  "RequestEvent",
  "ResponseEvent",
  "MockApi",
  "MockOptions",
  "MockHandlerSet",
  "ClientOptions",
  "ClientSettings",
  "ClientCredentials",
  "AccessTokenProvider",
  "ReadCallOptions",
  "WriteCallOptions",
  "RetryOptions",
  "JsonObject",
  "JsonValue",
  "ClientError",
  "ClientErrorCode",
  "ApiErrorOf",
  "ClientSettingsWithBaseUrl",
  "ApiKeyCredentials",
  "BasicCredentials",
  "BearerToken",
  "ApiError",
  "AuthError",
  "RateLimitError",
  "TimeoutError",
  "NetworkError",
  "OutcomeUnknownError",
  "ConfigError",
  "StoreError",
  "ClientStore",
  "SlotTake",
  "StoredToken",
  "createMemoryStore",
  "Promise",
  "Record",
  "Array",
  "Object",
  "String",
  "Number",
  "Boolean",
  "Date",
  "Error",
  "Map",
  "Set",
  "Symbol",
  "Function",
]);

/**
 * Names other code looks for on any object: `await` calls a `then` (a
 * client returned from an async function, or a module namespace exporting
 * one, would start that operation), and JSON.stringify calls a `toJSON`.
 */
const duckTypedMembers: ReadonlySet<string> = new Set(["then", "toJSON"]);

function isTaken(name: string): boolean {
  return (
    reservedWords.has(name) ||
    objectMembers.has(name) ||
    duckTypedMembers.has(name) ||
    generatedTopLevel.has(name)
  );
}

/**
 * A safe identifier from camel or pascal output: never empty, only
 * characters JavaScript allows in identifiers (a letter mark such as an
 * enclosing circle is dropped), never starting with a digit or a mark.
 */
function identifier(base: string, fallbackFrom: string): string {
  // Cased names are mostly letters and digits already: then nothing is dropped.
  const kept = /^[A-Za-z0-9_$]*$/.test(base)
    ? base
    : [...base]
        .filter(
          (char) =>
            /[A-Za-z0-9_$]/.test(char) || isPortableIdentifierPart(char),
        )
        .join("");
  const name = kept === "" ? `u${hashName(fallbackFrom)}` : kept;
  const [first = ""] = name;
  return /[A-Za-z_$]/.test(first) || isPortableIdentifierStart(first)
    ? name
    : `_${name}`;
}

/** Method and function name of an operation: `get_acct_title` -> `getAcctTitle`. */
export function operationMethodName(operationId: string): string {
  const name = identifier(camelCase(operationId), operationId);
  return isTaken(name) ? `${name}Operation` : name;
}

/** Type name of a named schema: `acct_title_request` -> `AcctTitleRequest`. */
export function schemaTypeName(schemaName: string): string {
  const name = identifier(pascalCase(schemaName), schemaName);
  return isTaken(name) ? `${name}Schema` : name;
}

/**
 * Type name of what a caller sends of a named schema whose values differ
 * by direction (readOnly or writeOnly members): `Payment` -> `PaymentInput`.
 */
export function inputTypeName(schemaName: string): string {
  return `${schemaTypeName(schemaName)}Input`;
}

export interface OperationNames {
  /** Method on the client and exported function, e.g. `getAcctTitle`. */
  readonly method: string;
  /** e.g. `GetAcctTitleRequest` */
  readonly requestType: string;
  /** e.g. `GetAcctTitleResponse` */
  readonly responseType: string;
  /** Its parameters' interface, e.g. `GetAccountParams` (when it has parameters). */
  readonly paramsType: string;
  /** The union of its stated error answers, e.g. `GetAccountError` (when it states errors). */
  readonly errorType: string;
  /** The exported guard narrowing to that union, e.g. `isGetAccountError`. */
  readonly errorGuard: string;
  /** Docs file name, e.g. `get-acct-title.md`. */
  readonly docFile: string;
}

export function operationNames(operationId: string): OperationNames {
  const typeBase = identifier(pascalCase(operationId), operationId);
  return {
    method: operationMethodName(operationId),
    requestType: `${typeBase}Request`,
    responseType: `${typeBase}Response`,
    paramsType: `${typeBase}Params`,
    errorType: `${typeBase}Error`,
    errorGuard: `is${typeBase}Error`,
    docFile: `${fileSafe(kebabCase(operationId), operationId, maxFileName - ".md".length)}.md`,
  };
}

/** Where parameters go, in the order they keep their names on a clash. */
const parameterPlaces = ["path", "query", "header"] as const;

/**
 * Each parameter's key in the generated parameters object, in the order
 * given: its exact name, as sent. Two parameters of one name in different
 * places (a path `id` and a query `id`) cannot share the key: the one first
 * in path, query, header order keeps it, the other is named by its place
 * too (`queryId`), numbered on while that is taken; no exact name is ever
 * displaced.
 */
export function parameterProperties(
  parameters: readonly {
    readonly name: string;
    readonly in: (typeof parameterPlaces)[number];
  }[],
): string[] {
  const order = parameterPlaces.flatMap((place) =>
    parameters.flatMap((parameter, index) =>
      parameter.in === place ? [index] : [],
    ),
  );
  const out: string[] = new Array<string>(parameters.length);
  const taken = new Set<string>();
  const clashing: number[] = [];
  for (const index of order) {
    const name = parameters[index]!.name;
    if (taken.has(name)) clashing.push(index);
    else {
      taken.add(name);
      out[index] = name;
    }
  }
  for (const index of clashing) {
    const { name, in: place } = parameters[index]!;
    const base = camelCase(`${place} ${name}`) || `${place}Parameter`;
    let property = base;
    for (let count = 2; taken.has(property); count++)
      property = `${base}${count}`;
    taken.add(property);
    out[index] = property;
  }
  return out;
}

/**
 * Prefix of the environment variables docs examples read:
 * `payments` -> `PAYMENTS`, `open-bank.v2` -> `OPEN_BANK_V2`.
 */
export function envPrefix(packageBase: string): string {
  // A leading digit would not read as a name in `process.env.NAME`.
  return packageBase
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, "_")
    .replace(/^(?=[0-9])/, "_");
}

/** Where mock handlers answer by default: `https://payments.mock`. */
export function mockBaseUrl(packageBase: string): string {
  return `https://${packageBase.replace(/_/g, "-")}.mock`;
}

export interface SetNames {
  /** Folder under the output directory, e.g. `v1-0-1`. */
  readonly directory: string;
  /** npm package name, e.g. `@remitgen/remittance-v1-0-1`. */
  readonly packageName: string;
  /** Name of the client interface, e.g. `RemittanceV3Client`. */
  readonly clientType: string;
}

export function setNames(
  setId: string,
  scope: string,
  packageBase: string,
): SetNames {
  const directory = fileSafe(kebabCase(setId), setId);
  return {
    directory,
    packageName: `@${scope}/${packageBase}-${directory}`,
    clientType: `${identifier(pascalCase(packageBase), packageBase)}Client`,
  };
}

/** Longest file or directory name remitgen writes, extension included. */
const maxFileName = 80;

/** The docs page of a package's named schemas, beside the operations' pages. */
export const schemasPageFile = "schemas.md";

/**
 * Windows device names and over-long names are not safe file names
 * anywhere: a long name keeps its start and gains a hash of the whole.
 * `schemas` is the schemas page's name, so an operation does not take it.
 */
function fileSafe(
  name: string,
  original: string,
  max: number = maxFileName,
): string {
  let safe = name === "" ? `u${hashName(original)}` : name;
  if (safe.length > max)
    safe = `${safe.slice(0, max - 9)}-${hashName(original)}`;
  if (/^(con|prn|aux|nul|com\d|lpt\d|schemas)$/.test(safe)) safe = `${safe}-op`;
  return safe;
}

/** The mocks' FNV-1a hash as 8 hex digits: a short stable tag for long or odd names. */
export function hashName(text: string): string {
  return hashString(text).toString(16).padStart(8, "0");
}

/**
 * Longest package scope and base name: with a set's folder (at most 80)
 * `@scope/name-set` stays within npm's 214 characters.
 */
export const maxPackageScope = 50;
export const maxPackageBase = 80;

/** A valid npm package-name part: lowercase, digits, `-`, `.`, `_`; at most `maxLength` characters. */
export function isPackageNamePart(text: string, maxLength = 100): boolean {
  return /^[a-z0-9][a-z0-9._-]*$/.test(text) && text.length <= maxLength;
}

/** Closest candidate by edit distance, for "did you mean" hints. */
export function closest(
  word: string,
  candidates: Iterable<string>,
): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    // Composed: a name whose accents are encoded differently is nearest of all.
    const distance = editDistance(
      word.normalize("NFC").toLowerCase(),
      candidate.normalize("NFC").toLowerCase(),
    );
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  const allowed = Math.max(1, Math.floor(word.length / 3));
  return bestDistance <= allowed ? best : undefined;
}

/** Edit distance where swapping two neighbouring letters counts as one edit ("sumary", "cots"). */
function editDistance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 3 || a.length > 64 || b.length > 64)
    return Infinity;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(
        previous[j]! + 1,
        current[j - 1]! + 1,
        previous[j - 1]! + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, before[j - 2]! + 1);
      current.push(best);
    }
    before = previous;
    previous = current;
  }
  return previous[b.length]!;
}
