// Copied by remitgen from its runtime (src/runtime/mock/sample.ts). DO NOT EDIT.

import {
  codePointLength,
  compilePattern,
  resolveSchema,
  schemaLookup,
} from "./validate.js";
/**
 * Fixed epoch for generated `date` and `date-time` values
 * (2024-01-01T00:00:00Z). Generated instants fall within the year after it.
 */
export const SAMPLE_EPOCH_MS = Date.UTC(2024, 0, 1);
/** Below this many nested `ref`s, optional members are left out. */
const REF_DEPTH_FULL = 3;
/** Hard stop for schemas that recurse through required members. */
const MAX_DEPTH = 64;
const ALNUM = "abcdefghijklmnopqrstuvwxyz0123456789";
/** FNV-1a over UTF-16 code units: a stable 32-bit hash of `text`. */
export function hashString(text) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
/**
 * JSON with object members sorted by name at every level, so bodies that
 * differ only in member order hash alike. `undefined` (no body) gives `""`.
 */
export function canonicalJson(value) {
  if (value === undefined) return "";
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  const keys = Object.keys(value).sort();
  return `{${keys
    .map((k) => `${JSON.stringify(k)}:${canonicalJson(value[k])}`)
    .join(",")}}`;
}
/** The sample seed for one call: operation name plus canonical body. */
export function seedFor(operation, body) {
  return hashString(`${operation}\n${canonicalJson(body)}`);
}
/** Creates a {@link Rng}; the same seed gives the same sequence. */
export function createRng(seed) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (lo, hi) =>
    hi <= lo ? lo : lo + Math.floor(next() * (hi - lo + 1));
  return {
    next,
    int,
    // A method, not a generic arrow: prettier prints `<T,>` for those in
    // some parsers, and the copied runtime must format the same everywhere.
    pick(items) {
      return items[int(0, items.length - 1)];
    },
  };
}
/**
 * Produces a value that satisfies `schema`, deterministically from `seed`.
 *
 * - A node's `example` wins wherever it appears (also behind a `ref`).
 * - Objects carry all members; past a few nested `ref`s only required ones,
 *   so recursive schemas terminate.
 * - Strings honour `format` (`date`, `date-time` from {@link SAMPLE_EPOCH_MS},
 *   `email`, `uri`, `uuid`), `minLength`/`maxLength`, and `pattern` when the
 *   pattern uses common syntax (classes, groups, alternation, quantifiers);
 *   for exotic patterns the value may not match.
 * - Enums pick one of their values; numbers stay within
 *   `minimum`/`maximum`; arrays within `minItems`/`maxItems`.
 *
 * @throws Error for a dangling `ref` or a schema that recurses through
 * required members only (no finite value exists).
 */
export function sampleValue(schema, schemas, seed) {
  const ctx = { lookup: schemaLookup(schemas), rng: createRng(seed) };
  return sample(schema, ctx, "value", 0, 0);
}
function copyJson(value) {
  // Examples are shared schema data; callers get their own copy.
  return JSON.parse(JSON.stringify(value));
}
function sample(schema, ctx, hint, depth, refDepth) {
  if (depth > MAX_DEPTH) {
    throw new Error("schema recursion too deep to sample");
  }
  if (schema.example !== undefined) return copyJson(schema.example);
  switch (schema.kind) {
    case "ref": {
      const target = resolveSchema(schema, ctx.lookup);
      if (target === undefined) {
        throw new Error(`schema "${schema.name}" cannot be resolved`);
      }
      const named = ctx.lookup.get(schema.name);
      // The named schema's own example, even if it is itself a ref.
      if (named?.example !== undefined) return copyJson(named.example);
      return sample(target, ctx, hint, depth + 1, refDepth + 1);
    }
    case "object": {
      const full = refDepth < REF_DEPTH_FULL;
      // fromEntries defines members, so a member named "__proto__" is data.
      return Object.fromEntries(
        schema.properties
          .filter((p) => full || p.required)
          .map((p) => [
            p.name,
            sample(p.schema, ctx, p.name, depth + 1, refDepth),
          ]),
      );
    }
    case "array": {
      const full = refDepth < REF_DEPTH_FULL;
      const min = schema.minItems ?? (full ? 1 : 0);
      // Deep inside recursive schemas: as few items as allowed.
      const max = full
        ? Math.max(min, Math.min(schema.maxItems ?? min + 2, min + 3))
        : min;
      const count = ctx.rng.int(min, max);
      const items = [];
      for (let i = 0; i < count; i++) {
        items.push(sample(schema.items, ctx, hint, depth + 1, refDepth));
      }
      return items;
    }
    case "enum":
      return schema.values.length === 0 ? "" : ctx.rng.pick(schema.values);
    case "boolean":
      return ctx.rng.next() < 0.5;
    case "integer":
    case "number": {
      let lo =
        schema.minimum ??
        (schema.maximum !== undefined ? schema.maximum - 1000 : 1);
      let hi = schema.maximum ?? lo + 1000;
      if (schema.kind === "integer") {
        lo = Math.ceil(lo);
        hi = Math.floor(hi);
        return ctx.rng.int(lo, Math.max(lo, hi));
      }
      if (hi <= lo) return lo;
      const raw = Math.round((lo + ctx.rng.next() * (hi - lo)) * 100) / 100;
      return Math.min(hi, Math.max(lo, raw));
    }
    case "string":
      return sampleString(schema, ctx.rng, hint);
  }
}
function pad2(n) {
  return String(n).padStart(2, "0");
}
function slug(hint) {
  const s = hint.toLowerCase().replace(/[^a-z0-9]+/g, "");
  return s === "" ? "value" : s;
}
function randomAlnum(rng, length) {
  let s = "";
  for (let i = 0; i < length; i++) s += rng.pick([...ALNUM]);
  return s;
}
function fromFormat(schema, rng, hint) {
  switch (schema.format) {
    case "date-time":
    case "date": {
      const d = new Date(SAMPLE_EPOCH_MS + rng.int(0, 365 * 86400 - 1) * 1000);
      const date = `${d.getUTCFullYear()}-${pad2(d.getUTCMonth() + 1)}-${pad2(d.getUTCDate())}`;
      if (schema.format === "date") return date;
      return `${date}T${pad2(d.getUTCHours())}:${pad2(d.getUTCMinutes())}:${pad2(d.getUTCSeconds())}Z`;
    }
    case "email":
      return `${slug(hint)}.${randomAlnum(rng, 4)}@example.com`;
    case "uri":
    case "url":
      return `https://example.com/${slug(hint)}/${randomAlnum(rng, 6)}`;
    case "uuid": {
      const hex = (n) => {
        let s = "";
        for (let i = 0; i < n; i++) s += rng.int(0, 15).toString(16);
        return s;
      };
      const variant = "89ab"[rng.int(0, 3)] ?? "8";
      return `${hex(8)}-${hex(4)}-4${hex(3)}-${variant}${hex(3)}-${hex(12)}`;
    }
    default:
      return `${hint}-${randomAlnum(rng, 6)}`;
  }
}
function fitsLength(schema, text) {
  const n = codePointLength(text);
  return (
    (schema.minLength === undefined || n >= schema.minLength) &&
    (schema.maxLength === undefined || n <= schema.maxLength)
  );
}
function sampleString(schema, rng, hint) {
  if (schema.pattern !== undefined) {
    const re = compilePattern(schema.pattern);
    const ast = re === undefined ? undefined : parsePattern(schema.pattern);
    if (re !== undefined && ast !== undefined) {
      // Unbounded quantifiers may need to reach minLength.
      const open = Math.max(OPEN_REPEAT, schema.minLength ?? 0);
      // A few draws: quantifier choices may miss the length bounds.
      for (let attempt = 0; attempt < 32; attempt++) {
        const candidate = generate(ast, rng, open);
        if (re.test(candidate) && fitsLength(schema, candidate)) {
          return candidate;
        }
      }
    }
  }
  let text = fromFormat(schema, rng, hint);
  const chars = [...text];
  if (schema.maxLength !== undefined && chars.length > schema.maxLength) {
    text = chars.slice(0, schema.maxLength).join("");
  }
  if (schema.minLength !== undefined) {
    const short = schema.minLength - codePointLength(text);
    if (short > 0) text += randomAlnum(rng, short);
  }
  return text;
}
const PRINTABLE = Array.from({ length: 95 }, (_, i) =>
  String.fromCharCode(32 + i),
);
const DIGITS = [..."0123456789"];
const WORD = [
  ..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_",
];
const SPACE = [" "];
/** Default extra repetitions for unbounded quantifiers (`*`, `+`, `{n,}`). */
const OPEN_REPEAT = 3;
class Unsupported extends Error {}
function complement(chars) {
  const excluded = new Set(chars);
  return PRINTABLE.filter((c) => !excluded.has(c));
}
function parsePattern(pattern) {
  let i = 0;
  const peek = () => pattern[i];
  const parseEscape = (inClass) => {
    const c = pattern[i++];
    switch (c) {
      case undefined:
        throw new Unsupported();
      case "d":
        return DIGITS;
      case "D":
        return complement(DIGITS);
      case "w":
        return WORD;
      case "W":
        return complement(WORD);
      case "s":
        return SPACE;
      case "S":
        return complement(SPACE);
      case "t":
        return ["\t"];
      case "n":
        return ["\n"];
      case "r":
        return ["\r"];
      case "x":
      case "u": {
        const len = c === "x" ? 2 : 4;
        const hex = pattern.slice(i, i + len);
        if (!/^[0-9a-fA-F]+$/.test(hex) || hex.length !== len) {
          throw new Unsupported();
        }
        i += len;
        return [String.fromCharCode(parseInt(hex, 16))];
      }
      default:
        // \b, \B, back-references and the like change matching, not chars.
        if (/[0-9a-zA-Z]/.test(c) && !(inClass && c === "b")) {
          throw new Unsupported();
        }
        return inClass && c === "b" ? ["\b"] : [c];
    }
  };
  const parseClass = () => {
    // Called after "[".
    let negate = false;
    if (peek() === "^") {
      negate = true;
      i++;
    }
    const chars = [];
    let first = true;
    for (;;) {
      const c = pattern[i];
      if (c === undefined) throw new Unsupported();
      if (c === "]" && !first) {
        i++;
        break;
      }
      first = false;
      i++;
      let single;
      if (c === "\\") {
        const set = parseEscape(true);
        if (set.length !== 1) {
          chars.push(...set);
          continue;
        }
        single = set[0];
      } else {
        single = c;
      }
      if (single === undefined) throw new Unsupported();
      if (
        peek() === "-" &&
        pattern[i + 1] !== undefined &&
        pattern[i + 1] !== "]"
      ) {
        i++;
        let end = pattern[i++];
        if (end === "\\") {
          const set = parseEscape(true);
          if (set.length !== 1) throw new Unsupported();
          end = set[0];
        }
        if (end === undefined) throw new Unsupported();
        const from = single.charCodeAt(0);
        const to = end.charCodeAt(0);
        if (to < from || to - from > 0xffff) throw new Unsupported();
        for (let code = from; code <= to; code++) {
          chars.push(String.fromCharCode(code));
        }
      } else {
        chars.push(single);
      }
    }
    const result = negate ? complement(chars) : chars;
    if (result.length === 0) throw new Unsupported();
    return result;
  };
  const parseQuantifier = (item) => {
    const c = peek();
    let min;
    let max;
    if (c === "?") {
      min = 0;
      max = 1;
      i++;
    } else if (c === "*") {
      min = 0;
      max = Infinity;
      i++;
    } else if (c === "+") {
      min = 1;
      max = Infinity;
      i++;
    } else if (c === "{") {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(pattern.slice(i));
      if (m === null) return item; // a literal "{" in legacy mode
      min = Number(m[1]);
      max =
        m[2] === undefined
          ? min
          : m[3] === undefined || m[3] === ""
            ? Infinity
            : Number(m[3]);
      i += m[0].length;
    } else {
      return item;
    }
    if (peek() === "?") i++; // lazy: same language
    return { t: "rep", item, min, max };
  };
  const parseAlt = () => {
    const options = [parseSeq()];
    while (peek() === "|") {
      i++;
      options.push(parseSeq());
    }
    return options.length === 1 ? options[0] : { t: "alt", options };
  };
  const parseSeq = () => {
    const items = [];
    for (;;) {
      const c = peek();
      if (c === undefined || c === "|" || c === ")") break;
      i++;
      let atom;
      if (c === "^" || c === "$") {
        continue; // anchors: generated text is the whole match anyway
      } else if (c === "(") {
        if (peek() === "?") {
          if (pattern[i + 1] !== ":") throw new Unsupported();
          i += 2;
        }
        atom = parseAlt();
        if (peek() !== ")") throw new Unsupported();
        i++;
      } else if (c === "[") {
        atom = { t: "set", chars: parseClass() };
      } else if (c === "\\") {
        atom = { t: "set", chars: parseEscape(false) };
      } else if (c === ".") {
        atom = { t: "set", chars: PRINTABLE };
      } else {
        atom = { t: "set", chars: [c] };
      }
      items.push(parseQuantifier(atom));
    }
    return { t: "seq", items };
  };
  try {
    const ast = parseAlt();
    return i === pattern.length ? ast : undefined;
  } catch (error) {
    if (error instanceof Unsupported) return undefined;
    throw error;
  }
}
/** `open`: extra repetitions allowed where the pattern sets no maximum. */
function generate(re, rng, open) {
  switch (re.t) {
    case "alt":
      return generate(rng.pick(re.options), rng, open);
    case "seq":
      return re.items.map((item) => generate(item, rng, open)).join("");
    case "set":
      return rng.pick(re.chars);
    case "rep": {
      const max = Number.isFinite(re.max) ? re.max : re.min + open;
      const count = rng.int(re.min, Math.max(re.min, max));
      let s = "";
      for (let k = 0; k < count; k++) s += generate(re.item, rng, open);
      return s;
    }
  }
}
