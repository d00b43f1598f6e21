/**
 * The checks the format's schema names (`x-remitgen-check`): each judges
 * one value of the right type in the spec's own terms (a path, a version,
 * a package name, a pattern, a schema node's bounds) and says how to fix
 * it, where a JSON Schema keyword could only say "must match pattern".
 */
import { isMap, isScalar, isSeq, type Node } from "yaml";
import { diagnostics, type DiagnosticText } from "../diagnostics/codes.js";
import { hasCredentials } from "../diagnostics/secrets.js";
import {
  closest,
  isPackageNamePart,
  maxPackageBase,
  maxPackageScope,
} from "../names/names.js";
import type { JsonValue } from "../runtime/json.js";
import { compilePattern } from "../runtime/mock/validate.js";
import { parseRateLimit, rateLimitUnits } from "../spec/raw.js";
import { entriesOf, field, type Check, type Read } from "./format-schema.js";
import type { Reader } from "./yaml-nodes.js";

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
  /** A status of the range its list takes: errors 4xx and 5xx, responses 2xx. */
  const statusIn =
    (low: number, high: number, problem: (status: string) => DiagnosticText) =>
    (read: Read): Read => {
      const status = read.value as number;
      return reportIf(
        read,
        status < low || status > high ? problem(String(status)) : undefined,
      );
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
      // Credentials are reported already when the text shows them to anyone (the walk).
      if (hasCredentials(url)) return read;
      return reportIf(
        read,
        holdsCredentials(url.trim())
          ? diagnostics.credentialsInUrl(read.where)
          : baseUrlProblem(read.where, url),
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
    operationPath: (read) =>
      reportIf(read, pathProblem(read.value as string, true)),
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
    status: statusIn(400, 599, diagnostics.badStatus),
    successStatus: statusIn(200, 299, diagnostics.badSuccessStatus),
    noBody: (read) =>
      reportIf(
        read,
        read.value === true ? diagnostics.trueBody(read.where) : undefined,
        false,
      ),
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
    // `oneOf`, `anyOf`, `allOf`: the list's where is its node's and its key.
    variants: (read) =>
      reportIf(
        read,
        (read.value as Read[]).length === 0
          ? diagnostics.emptyVariants(
              read.owner,
              read.where.slice(read.owner.length).trim(),
            )
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
  let entries = entriesOf(read);
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
    entries = new Map(entries).set(key, { ...entry, usable: false });
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
  return entries === read.value ? read : { ...read, value: entries };
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

/** A whole `{variable}` base URL, which the client is given. */
const urlVariable = /^\{[A-Za-z_][A-Za-z0-9_]*\}$/;

/**
 * What makes a base URL neither a `{variable}` nor an http(s) address (in
 * which `{name}`s may stand for parts, e.g. `https://{region}.example.com`),
 * or gives it a query or fragment the operation paths could not follow; with
 * a fix when the intent is plain (a host without its scheme).
 */
function baseUrlProblem(
  where: string,
  url: string,
): DiagnosticText | undefined {
  if (urlVariable.test(url)) return undefined;
  let parsed: URL | undefined;
  try {
    parsed = new URL(url.replace(/\{[A-Za-z_][A-Za-z0-9_]*\}/g, "x"));
  } catch {
    parsed = undefined;
  }
  const address = parsed !== undefined && /^https?:$/.test(parsed.protocol);
  if (address && !/[?#\s]/.test(url)) return undefined;
  const host =
    /^[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+(?::\d+)?(?:\/[A-Za-z0-9\-._~/]*)?$/;
  const fixed = url.trim().replace(/^(?:[a-z]+:\/*)?/i, "https://");
  return diagnostics.badBaseUrl(
    where,
    url,
    address && /[?#]/.test(url),
    !address && host.test(fixed.slice("https://".length)) ? fixed : undefined,
  );
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
 * names are not held to it: they are the API's wire names, written as they
 * are, quoted where need be.
 */
const blankName = /^[\p{White_Space}\p{Default_Ignorable_Code_Point}]*$/u;

/** Characters safe in a URL path without encoding (RFC 3986 unreserved, plus "/"). */
const pathPattern = /^\/[A-Za-z0-9\-._~/]*$/;
/** The same, with `{name}` templates that path parameters fill in. */
const templatePattern = /^\/(?:[A-Za-z0-9\-._~/]|\{[A-Za-z0-9\-._~]+\})*$/;
const versionPattern = /^\d+\.\d+\.\d+$/;

/**
 * A `.` or `..` segment, written plain or percent-encoded (`%2e`, `.%2E`):
 * the client appends the path to its base URL, and URL parsing then
 * climbs out of the base path (`/api/v3` + `/../../admin` is `/admin`).
 */
const dotSegment = /(?:^|\/)(?:\.|%2e){1,2}(?=\/|$)/i;

/**
 * What makes a path other than a plain absolute URL path (an operation's
 * may hold `{name}` templates), with a fix when one is plain.
 */
function pathProblem(
  path: string,
  templates = false,
): DiagnosticText | undefined {
  const dots = dotSegment.exec(path);
  if (dots !== null)
    return diagnostics.dotSegment(path, dots[0].replace(/^\//, ""));
  const pattern = templates ? templatePattern : pathPattern;
  if (pattern.test(path)) return undefined;
  const trimmed = path.trim();
  const fixed = trimmed.startsWith("/") ? trimmed : `/${trimmed}`;
  return diagnostics.badPath(
    path,
    pattern.test(fixed) && fixed !== "/" ? fixed : undefined,
    templates,
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
 * Messages are English. Not asked of `toLocaleString`: its first call
 * loads the ICU locale and time-zone data, about 20 ms of CPU and up to
 * 0.2 s of waiting on a busy disk, in every run of a spec with a set date.
 */
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
] as const;

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
