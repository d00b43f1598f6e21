/**
 * Deterministic sample data from a {@link SchemaNode}. Part of the mock
 * runtime: copied verbatim into every generated package, so it has no
 * dependencies and touches only ECMAScript globals.
 *
 * Determinism is the point: the same seed always gives the same value, on
 * every run and every machine. Nothing here reads the clock or
 * `Math.random`.
 *
 * @packageDocumentation
 */
import type { JsonValue } from "../json.js";
import {
  discriminatorValues,
  type NamedSchema,
  type PropertySchema,
  type SchemaNode,
  type StringSchema,
  type UnionSchema,
} from "../schema.js";
import {
  CHECKED_FORMATS,
  codePointLength,
  compilePattern,
  matchesFormat,
  mergeAllOf,
  resolveSchema,
  schemaLookup,
  validateValue,
  type SchemaLookup,
} from "./validate.js";
import {
  generate,
  OPEN_REPEAT,
  parsePattern,
  TooLong,
  type GenBudget,
} from "./pattern.js";

/**
 * Fixed epoch for generated `date` and `date-time` values
 * (2024-01-01T00:00:00Z). Generated instants fall within the year after it.
 */
export const SAMPLE_EPOCH_MS: number = Date.UTC(2024, 0, 1);

/** Below this many nested `ref`s, optional members are left out. */
const REF_DEPTH_FULL = 3;
/**
 * Most arrays and objects a sample nests. Deeper values are refused with an
 * Error (the engine's `mock_error` answer): the engine answers with
 * `JSON.stringify`, which itself overflows the stack a few thousand levels
 * down, and no hand-written spec needs more.
 */
export const MAX_SAMPLE_DEPTH = 2000;
/**
 * Most work one sample may do, counted as values built plus string
 * characters (so roughly a few MB of JSON at most). A schema whose smallest
 * valid value is bigger (`minItems: 100000000`, `minLength: 100000000`,
 * required members doubling at each of 40 levels) is refused with an Error
 * rather than built: a 100 MB string would stall or kill the mock server
 * for every caller. Bounds below the cap are honoured in full.
 */
export const MAX_SAMPLE_SIZE = 1_000_000;
const ALNUM = "abcdefghijklmnopqrstuvwxyz0123456789";

/** FNV-1a over UTF-16 code units: a stable 32-bit hash of `text`. */
export function hashString(text: string): number {
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
 * Walks with a stack of its own: a request body nested a few thousand
 * levels deep (valid where the request is not shown) must not overflow.
 */
export function canonicalJson(value: JsonValue | undefined): string {
  if (value === undefined) return "";
  const parts: string[] = [];
  // Popped last first: literal text, or a value still to write.
  const todo: ({ text: string } | { value: JsonValue })[] = [{ value }];
  for (let item = todo.pop(); item !== undefined; item = todo.pop()) {
    if ("text" in item) {
      parts.push(item.text);
      continue;
    }
    const v = item.value;
    if (v === null || typeof v !== "object") {
      parts.push(JSON.stringify(v));
    } else if (Array.isArray(v)) {
      parts.push("[");
      todo.push({ text: "]" });
      for (let i = v.length - 1; i >= 0; i--) {
        todo.push({ value: v[i] as JsonValue });
        if (i > 0) todo.push({ text: "," });
      }
    } else {
      const keys = Object.keys(v).sort();
      parts.push("{");
      todo.push({ text: "}" });
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i] as string;
        todo.push({ value: v[key] as JsonValue });
        todo.push({ text: `${i > 0 ? "," : ""}${JSON.stringify(key)}:` });
      }
    }
  }
  return parts.join("");
}

/** The sample seed for one call: operation name plus canonical body. */
export function seedFor(
  operation: string,
  body: JsonValue | undefined,
): number {
  return hashString(`${operation}\n${canonicalJson(body)}`);
}

/** A seeded pseudo-random source (mulberry32). */
export interface Rng {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [lo, hi] (inclusive). */
  int(lo: number, hi: number): number;
  pick<T>(items: readonly T[]): T;
}

/** Creates a {@link Rng}; the same seed gives the same sequence. */
export function createRng(seed: number): Rng {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (lo: number, hi: number): number =>
    hi <= lo ? lo : lo + Math.floor(next() * (hi - lo + 1));
  return {
    next,
    int,
    // A method, not a generic arrow: prettier prints `<T,>` for those in
    // some parsers, and the copied runtime must format the same everywhere.
    pick<T>(items: readonly T[]): T {
      return items[int(0, items.length - 1)] as T;
    },
  };
}

/**
 * Produces a value that satisfies `schema`, deterministically from `seed`.
 *
 * - A node's `example`, else its `default`, wins wherever it appears (also
 *   behind a `ref`), when its schema accepts it (a checked spec's all do:
 *   RG044); a `const` is its value; `null` only where nothing else ends.
 * - A union takes its first variant; a discriminated one the variant of
 *   its first value, with the discriminating member set to that value.
 *   An `allOf` of objects is one object of all their members.
 * - With a `direction`, `readOnly` members are left out of a request and
 *   `writeOnly` ones out of a response. A map (`additionalProperties`
 *   without `properties`) holds one entry.
 * - Objects carry all members; past a few nested `ref`s only required ones,
 *   so recursive schemas terminate. Optional members and array items whose
 *   schema has no finite value are left out; with `optionalMembers: false`
 *   (the docs' examples: what a caller must send) every optional member is.
 * - Strings honour `format` (`date`, `date-time` from {@link SAMPLE_EPOCH_MS},
 *   `email`, `uri`/`url`, `uuid`: always a valid value of the format, shaped
 *   to fit `minLength`/`maxLength`), `minLength`/`maxLength`, and `pattern`
 *   when the pattern uses common syntax (classes, groups, alternation,
 *   quantifiers); for exotic patterns the value may not match.
 * - Enums pick one of their values; numbers stay within
 *   `minimum`/`maximum`; arrays within `minItems`/`maxItems`.
 * - Work is bounded: at most {@link MAX_SAMPLE_DEPTH} nested arrays and
 *   objects and {@link MAX_SAMPLE_SIZE} values plus characters. The walk
 *   over schemas and refs is a loop, not recursion, so no chain of named
 *   schemas can overflow the stack.
 *
 * @throws Error for a dangling `ref`, a schema that recurses through
 * required members only (no finite value exists), a format whose values
 * cannot meet the length bounds, or a value past the caps above.
 */
export function sampleValue(
  schema: SchemaNode,
  schemas: readonly NamedSchema[] | SchemaLookup,
  seed: number,
  options: SampleOptions = {},
): JsonValue {
  const ctx: Ctx = {
    lookup: schemaLookup(schemas),
    rng: createRng(seed),
    optionalMembers: options.optionalMembers ?? true,
    direction: options.direction,
    left: MAX_SAMPLE_SIZE,
    verdicts: new Map(),
    finite: new WeakMap(),
    exampleFits: new WeakMap(),
  };
  return sample(schema, ctx);
}

/** Choices of {@link sampleValue}. */
export interface SampleOptions {
  /** `false`: objects carry their required members only. Default `true`. */
  readonly optionalMembers?: boolean;
  /** `request` leaves `readOnly` members out, `response` `writeOnly` ones. */
  readonly direction?: "request" | "response";
}

interface Ctx {
  readonly lookup: SchemaLookup;
  readonly rng: Rng;
  readonly optionalMembers: boolean;
  readonly direction: "request" | "response" | undefined;
  /** What is left of {@link MAX_SAMPLE_SIZE}. */
  left: number;
  /** Per named schema: `null` if a ref to it has a finite value, else why not. */
  readonly verdicts: Map<string, string | null>;
  /** Per node: whether it has a finite value. */
  readonly finite: WeakMap<SchemaNode, boolean>;
  /** Per node: its example or default that its schema accepts, or null. */
  readonly exampleFits: WeakMap<SchemaNode, JsonValue | null>;
}

/**
 * `node`'s example, else its default, else its constant, when its schema
 * accepts it, else `undefined`: a sample never carries a value the mocks'
 * validation would refuse.
 */
function usableExample(node: SchemaNode, ctx: Ctx): JsonValue | undefined {
  let fits = ctx.exampleFits.get(node);
  if (fits === undefined) {
    const given = [
      node.example,
      node.default,
      node.kind === "const" ? node.value : undefined,
    ];
    fits =
      given.find(
        (value) =>
          value !== undefined &&
          validateValue(value, node, ctx.lookup, {
            ...(ctx.direction !== undefined
              ? { direction: ctx.direction }
              : {}),
          }).length === 0,
      ) ?? null;
    ctx.exampleFits.set(node, fits);
  }
  return fits ?? undefined;
}

function tooLarge(what: string): Error {
  return new Error(
    `${what} is too large to sample (the mock builds at most ${MAX_SAMPLE_SIZE} values and characters per answer)`,
  );
}

/** Counts `units` of work against {@link MAX_SAMPLE_SIZE}. */
function charge(ctx: Ctx, units: number): void {
  ctx.left -= units;
  if (ctx.left < 0) throw tooLarge("the value");
}

function copyJson(value: JsonValue): JsonValue {
  // Examples are shared schema data; callers get their own copy.
  return JSON.parse(JSON.stringify(value)) as JsonValue;
}

// ---------------------------------------------------------------------------
// Which schemas have a finite value. A minimal value of a node is forced:
// its required members, `minItems` items, `ref` targets, the variant a
// union's sample takes and every part of an `allOf` (`null` ends it where
// allowed). A node has a finite value unless following those forced
// parts reaches a dangling ref or comes back to a named schema already being
// followed. Computed with loops, not recursion.

/** Names of the refs (without their own example) a minimal value of `node` must contain. */
function forcedRefs(node: SchemaNode, ctx: Ctx): string[] {
  const names: string[] = [];
  const stack: SchemaNode[] = [node];
  while (stack.length > 0) {
    const n = stack.pop() as SchemaNode;
    if (usableExample(n, ctx) !== undefined || n.nullable === true) continue;
    switch (n.kind) {
      case "ref":
        names.push(n.name);
        break;
      case "union":
        stack.push(sampledVariant(n));
        break;
      case "allOf":
        for (let i = n.parts.length - 1; i >= 0; i--)
          stack.push(n.parts[i] as SchemaNode);
        break;
      case "object":
        for (let i = n.properties.length - 1; i >= 0; i--) {
          const p = n.properties[i] as PropertySchema;
          if (p.required) stack.push(p.schema);
        }
        break;
      case "array":
        if ((n.minItems ?? 0) > 0) stack.push(n.items);
        break;
      default:
        break;
    }
  }
  return names;
}

/**
 * `null` when a ref to `name` has a finite value, else the reason it has
 * none (an Error message). Memoised in `ctx.verdicts`.
 */
function verdict(name: string, ctx: Ctx): string | null {
  const known = ctx.verdicts.get(name);
  if (known !== undefined) return known;
  interface Frame {
    readonly name: string;
    readonly deps: readonly string[];
    next: number;
    failed: string | null;
  }
  const stack: Frame[] = [];
  const onPath = new Set<string>();
  /** A verdict now, or `undefined` after pushing a frame for `n`. */
  const enter = (n: string): string | null | undefined => {
    const named = ctx.lookup.get(n);
    if (named !== undefined && usableExample(named, ctx) !== undefined)
      return null;
    const target = resolveSchema({ kind: "ref", name: n }, ctx.lookup);
    if (target === undefined) return `schema "${n}" cannot be resolved`;
    if (usableExample(target, ctx) !== undefined) return null;
    stack.push({
      name: n,
      deps: forcedRefs(target, ctx),
      next: 0,
      failed: null,
    });
    onPath.add(n);
    return undefined;
  };
  const first = enter(name);
  if (first !== undefined) {
    ctx.verdicts.set(name, first);
    return first;
  }
  while (stack.length > 0) {
    const top = stack[stack.length - 1] as Frame;
    if (top.failed !== null || top.next >= top.deps.length) {
      stack.pop();
      onPath.delete(top.name);
      ctx.verdicts.set(top.name, top.failed);
      const parent = stack[stack.length - 1];
      if (parent !== undefined && top.failed !== null) {
        parent.failed = top.failed;
      }
      continue;
    }
    const dep = top.deps[top.next++] as string;
    if (ctx.verdicts.has(dep)) {
      top.failed = ctx.verdicts.get(dep) ?? null;
    } else if (onPath.has(dep)) {
      top.failed = `schema recursion through "${dep}" has no finite value: it requires itself`;
    } else {
      const v = enter(dep);
      if (v !== undefined) {
        ctx.verdicts.set(dep, v);
        top.failed = v;
      }
    }
  }
  return ctx.verdicts.get(name) ?? null;
}

/** Whether `node` has a finite value (may be left out if not required). */
function hasFiniteValue(node: SchemaNode, ctx: Ctx): boolean {
  let ok = ctx.finite.get(node);
  if (ok === undefined) {
    ok = forcedRefs(node, ctx).every((name) => verdict(name, ctx) === null);
    ctx.finite.set(node, ok);
  }
  return ok;
}

// ---------------------------------------------------------------------------
// The walk: depth first, in member order, with an explicit stack. Random
// draws happen in the same order as a recursive walk would make them (an
// array's length before its items), so values stay stable across versions.

interface Task {
  readonly schema: SchemaNode;
  readonly hint: string;
  readonly refDepth: number;
}

type Frame =
  | {
      readonly t: "object";
      readonly props: readonly PropertySchema[];
      readonly entries: [string, JsonValue][];
      readonly refDepth: number;
    }
  | {
      readonly t: "array";
      readonly task: Task;
      readonly count: number;
      readonly items: JsonValue[];
    };

function sample(root: SchemaNode, ctx: Ctx): JsonValue {
  const stack: Frame[] = [];
  let step = open({ schema: root, hint: "value", refDepth: 0 }, ctx);
  for (;;) {
    if (step.frame !== undefined) {
      if (stack.length >= MAX_SAMPLE_DEPTH) {
        throw new Error(
          `the value nests deeper than ${MAX_SAMPLE_DEPTH} levels; too deep to sample`,
        );
      }
      stack.push(step.frame);
    } else {
      const parent = stack[stack.length - 1];
      if (parent === undefined) return step.value;
      deliver(parent, step.value);
    }
    // Next: the top frame's next child, or finish frames that are complete.
    for (;;) {
      const top = stack[stack.length - 1] as Frame;
      const child = nextChild(top);
      if (child !== undefined) {
        step = open(child, ctx);
        break;
      }
      stack.pop();
      const built: JsonValue =
        top.t === "object"
          ? // fromEntries defines members, so a member named "__proto__" is data.
            (Object.fromEntries(top.entries) as JsonValue)
          : top.items;
      const parent = stack[stack.length - 1];
      if (parent === undefined) return built;
      deliver(parent, built);
    }
  }
}

function deliver(frame: Frame, value: JsonValue): void {
  if (frame.t === "object") {
    const p = frame.props[frame.entries.length] as PropertySchema;
    frame.entries.push([p.name, value]);
  } else {
    frame.items.push(value);
  }
}

function nextChild(frame: Frame): Task | undefined {
  if (frame.t === "object") {
    const p = frame.props[frame.entries.length];
    return p === undefined
      ? undefined
      : { schema: p.schema, hint: p.name, refDepth: frame.refDepth };
  }
  return frame.items.length < frame.count ? frame.task : undefined;
}

/** Starts one node: a finished value, or a frame whose children follow. */
function open(
  task: Task,
  ctx: Ctx,
):
  | { value: JsonValue; frame?: undefined }
  | { value?: undefined; frame: Frame } {
  let { schema, refDepth } = task;
  const { hint } = task;
  charge(ctx, 1);
  // References, unions and allOfs lead to the node a value is built of; a
  // checked spec has no cycle of them that passes no object or list.
  const passed = new Set<string>();
  for (;;) {
    const own = usableExample(schema, ctx);
    if (own !== undefined) return { value: copyJson(own) };
    // Deep in a recursion, null ends it where allowed.
    if (schema.nullable === true && refDepth >= REF_DEPTH_FULL)
      return { value: null };
    if (schema.kind === "ref") {
      if (passed.has(schema.name))
        throw new Error(
          `schema "${schema.name}" refers to itself through no object or list: no value`,
        );
      passed.add(schema.name);
      const why = verdict(schema.name, ctx);
      // Nothing else ends here: null does, where allowed.
      if (why !== null && schema.nullable === true) return { value: null };
      if (why !== null) throw new Error(why);
      schema = ctx.lookup.get(schema.name) as SchemaNode;
      refDepth++;
    } else if (schema.kind === "union") {
      const variant = sampledVariant(schema);
      const chosen = discriminatorValues(schema)[0];
      const target =
        chosen === undefined || variant.kind !== "ref"
          ? undefined
          : mergeAllOf(
              resolveSchema(variant, ctx.lookup) ?? variant,
              ctx.lookup,
            );
      if (schema.discriminator === undefined || target === undefined) {
        schema = variant;
        continue;
      }
      // The variant's members, the discriminating one set to its value.
      const name = schema.discriminator.propertyName;
      schema = {
        ...target,
        properties: target.properties.map((property) =>
          property.name === name
            ? {
                ...property,
                required: true,
                schema: {
                  kind: "const",
                  value: (chosen as { value: string }).value,
                },
              }
            : property,
        ),
      };
      refDepth++;
    } else if (schema.kind === "allOf")
      schema =
        mergeAllOf(schema, ctx.lookup) ?? (schema.parts[0] as SchemaNode);
    else break;
  }
  const full = refDepth < REF_DEPTH_FULL;
  switch (schema.kind) {
    case "any":
      return { value: {} };
    case "const":
      return { value: copyJson(schema.value) };
    case "object": {
      const props = schema.properties.filter(
        (p) =>
          !(ctx.direction === "request" && p.readOnly === true) &&
          !(ctx.direction === "response" && p.writeOnly === true) &&
          (p.required ||
            (full && ctx.optionalMembers && hasFiniteValue(p.schema, ctx))),
      );
      const values = schema.additionalProperties;
      // A map: one entry, when its values have one.
      if (
        schema.properties.length === 0 &&
        typeof values === "object" &&
        full &&
        hasFiniteValue(values, ctx)
      )
        props.push({ name: `${slug(hint)}1`, required: true, schema: values });
      return { frame: { t: "object", props, entries: [], refDepth } };
    }
    case "array": {
      // Items are only made when some item value exists; with none, the
      // list stays empty (minItems > 0 then means no value: caught above).
      const possible =
        (schema.minItems ?? 0) > 0 || hasFiniteValue(schema.items, ctx);
      // At least one item when the schema allows it, never more than
      // maxItems (`maxItems: 0` is an empty list).
      const min =
        schema.minItems ??
        (full && possible ? Math.min(1, schema.maxItems ?? 1) : 0);
      if (min > ctx.left) throw tooLarge(`a list of ${min} items`);
      // Deep inside recursive schemas: as few items as allowed.
      const max = !possible
        ? 0
        : full
          ? Math.max(min, Math.min(schema.maxItems ?? min + 2, min + 3))
          : min;
      const count = ctx.rng.int(min, max);
      return {
        frame: {
          t: "array",
          task: { schema: schema.items, hint, refDepth },
          count,
          items: [],
        },
      };
    }
    case "enum":
      return {
        value: schema.values.length === 0 ? "" : ctx.rng.pick(schema.values),
      };
    case "boolean":
      return { value: ctx.rng.next() < 0.5 };
    case "integer":
    case "number": {
      let lo =
        schema.minimum ??
        (schema.maximum !== undefined ? schema.maximum - 1000 : 1);
      let hi = schema.maximum ?? lo + 1000;
      if (schema.kind === "integer") {
        lo = Math.ceil(lo);
        hi = Math.floor(hi);
      }
      // The client refuses an answer holding a number from 2^53 on (it may
      // not be the one sent): stay below that where the bounds allow.
      const max = Number.MAX_SAFE_INTEGER;
      if (Math.max(lo, -max) <= Math.min(hi, max)) {
        lo = Math.max(lo, -max);
        hi = Math.min(hi, max);
      }
      if (hi <= lo) return { value: lo };
      if (!Number.isFinite(hi - lo)) {
        // Bounds near ±1.8e308: hi - lo overflows, and Infinity (JSON
        // null) or NaN would come out. Doubles this large are whole.
        const r = ctx.rng.next();
        return { value: Math.min(hi, Math.max(lo, lo * (1 - r) + hi * r)) };
      }
      if (schema.kind === "integer") return { value: ctx.rng.int(lo, hi) };
      const raw = Math.round((lo + ctx.rng.next() * (hi - lo)) * 100) / 100;
      return { value: Math.min(hi, Math.max(lo, raw)) };
    }
    case "string": {
      const text = sampleString(schema, ctx, hint);
      charge(ctx, text.length);
      return { value: text };
    }
  }
}

/** The variant a union's sample is built of: the first, or the one its discriminator's first value names. */
function sampledVariant(union: UnionSchema): SchemaNode {
  const chosen = discriminatorValues(union)[0];
  return union.discriminator !== undefined && chosen !== undefined
    ? { kind: "ref", name: chosen.schema }
    : (union.variants[0] as SchemaNode);
}

function pad2(n: number): string {
  return String(n).padStart(2, "0");
}

function slug(hint: string): string {
  const s = hint.toLowerCase().replace(/[^a-z0-9]+/g, "");
  return s === "" ? "value" : s;
}

function randomAlnum(rng: Rng, length: number): string {
  // Same draws as rng.pick([...ALNUM]) per character, without the copies.
  const chars: string[] = [];
  for (let i = 0; i < length; i++) chars.push(ALNUM[rng.int(0, 35)] as string);
  return chars.join("");
}

function fromFormat(schema: StringSchema, rng: Rng, hint: string): string {
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
      const hex = (n: number): string => {
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

/**
 * A value of a checked `format` with between `min` and `max` characters,
 * starting from the format's usual value `text` (kept when it fits). All
 * the characters are ASCII, so length is `.length`.
 *
 * @throws Error when no value of the format has such a length (`date` is
 * always 10 characters, `uuid` 36, `date-time` 20 or 22+).
 */
function fitFormat(
  format: string,
  text: string,
  min: number,
  max: number,
  rng: Rng,
): string {
  if (text.length >= min && text.length <= max) return text;
  const none = (): Error =>
    new Error(
      `no "${format}" string has ${min}..${max === Infinity ? "" : max} characters`,
    );
  if (min > max) throw none();
  // The length closest to the usual one that the bounds allow.
  const want = Math.min(max, Math.max(min, text.length));
  switch (format) {
    case "date-time": {
      // "2024-01-01T00:00:00Z" is 20; a fraction ".d…" adds 2 or more.
      const n = want === 21 ? 22 : want;
      if (n < 20 || n > max) throw none();
      if (n === 20) return text;
      return `${text.slice(0, 19)}.${"0".repeat(n - 21)}Z`;
    }
    case "email": {
      if (want < 3) throw none();
      const at = text.indexOf("@");
      const domain = text.slice(at); // "@example.com"
      if (want >= domain.length + 1) {
        let local = text.slice(0, at);
        local =
          local.length >= want - domain.length
            ? local.slice(0, want - domain.length)
            : local + randomAlnum(rng, want - domain.length - local.length);
        // A dot-atom neither ends with "." nor has "..".
        if (local.endsWith(".")) local = `${local.slice(0, -1)}x`;
        return local + domain;
      }
      const first = text[0] ?? "x";
      return want >= 6
        ? `${first}@${randomAlnum(rng, want - 5)}.io`
        : `${first}@${randomAlnum(rng, want - 2)}`;
    }
    case "uri":
    case "url": {
      if (want < 2) throw none();
      if (want > text.length) {
        return text + randomAlnum(rng, want - text.length);
      }
      // "https://example.com/" is 20 characters; shorter: an URN-like URI.
      if (want >= 20) return text.slice(0, want);
      return want >= 4
        ? `urn:${randomAlnum(rng, want - 4)}`
        : `x:${randomAlnum(rng, want - 2)}`;
    }
    default:
      // date and uuid have one length only.
      throw none();
  }
}

function fitsLength(schema: StringSchema, text: string): boolean {
  const n = codePointLength(text);
  return (
    (schema.minLength === undefined || n >= schema.minLength) &&
    (schema.maxLength === undefined || n <= schema.maxLength)
  );
}

/** `rng` with every repeat count at its longest (characters still drawn). */
function stretched(rng: Rng): Rng {
  return {
    next: rng.next,
    int: (_lo, hi) => hi,
    pick: (items) => rng.pick(items),
  };
}

/**
 * A string matching `schema.pattern` within the length bounds (and
 * `accept`), or `undefined` when the pattern is exotic or a few draws miss.
 *
 * @throws Error when matching strings are all past the size cap.
 */
function fromPattern(
  schema: StringSchema & { readonly pattern: string },
  ctx: Ctx,
  accept: (text: string) => boolean,
): string | undefined {
  const re = compilePattern(schema.pattern);
  const ast = re === undefined ? undefined : parsePattern(schema.pattern);
  if (re === undefined || ast === undefined) return undefined;
  // Unbounded quantifiers may need to reach minLength.
  const open = Math.max(OPEN_REPEAT, schema.minLength ?? 0);
  // Candidates longer than maxLength are dropped early; candidates past
  // what is left of the budget mean the pattern asks for too much.
  const limit = Math.min(ctx.left, schema.maxLength ?? Infinity);
  let overBudget = false;
  // Random repeat counts rarely reach a long minLength: the last tries
  // take every repeat at its longest (characters still drawn), with the
  // longest open repeat one shorter each time, for what the rest adds.
  // A few draws: quantifier choices may miss the length bounds.
  const tries = schema.minLength === undefined ? 32 : 48;
  for (let attempt = 0; attempt < tries; attempt++) {
    const budget: GenBudget = { chars: limit, work: 2 * MAX_SAMPLE_SIZE };
    let candidate: string;
    try {
      candidate =
        attempt < 32
          ? generate(ast, ctx.rng, open, budget)
          : generate(
              ast,
              stretched(ctx.rng),
              Math.max(1, open - (attempt - 32)),
              budget,
            );
    } catch (error) {
      if (!(error instanceof TooLong)) throw error;
      if (budget.work < 0 || limit === ctx.left) overBudget = true;
      continue;
    }
    if (
      re.test(candidate) &&
      fitsLength(schema, candidate) &&
      accept(candidate)
    ) {
      return candidate;
    }
  }
  if (overBudget) throw tooLarge(`a string matching ${schema.pattern}`);
  return undefined;
}

function sampleString(schema: StringSchema, ctx: Ctx, hint: string): string {
  const { rng } = ctx;
  const min = schema.minLength ?? 0;
  // Refused, not built: the smallest valid value past the cap (minLength
  // 100000000 is 100 MB or more) would stall the server for every caller.
  if (min > ctx.left) throw tooLarge(`a string of ${min} characters`);
  const format = schema.format;
  if (format !== undefined && CHECKED_FORMATS.includes(format)) {
    // A checked format: always a valid value of it, sized to the bounds,
    // and matching the pattern if a few tries find one that does too.
    const text = fitFormat(
      format,
      fromFormat(schema, rng, hint),
      min,
      schema.maxLength ?? Infinity,
      rng,
    );
    if (
      schema.pattern === undefined ||
      compilePattern(schema.pattern)?.test(text) !== false
    ) {
      return text;
    }
    const matching = fromPattern(
      { ...schema, pattern: schema.pattern },
      ctx,
      (c) => matchesFormat(format, c),
    );
    return matching ?? text;
  }
  if (schema.pattern !== undefined) {
    const matching = fromPattern(
      { ...schema, pattern: schema.pattern },
      ctx,
      () => true,
    );
    if (matching !== undefined) return matching;
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
