/**
 * Checks the parsed YAML against spec/remitgen-spec.schema.json, the one
 * declaration of the spec format's structure: an editor completes and
 * explains the spec from it, and the checker's structural messages come
 * from it here. A small walker reads the part of JSON Schema the file uses
 * (type, properties, required, additionalProperties, propertyNames, items,
 * $ref, oneOf, const, enum, minLength, dependentRequired) and says what is
 * wrong with the node's position, a did-you-mean where one fits, and every
 * problem in one run. The spec's own words live in the file as annotations:
 *
 * - `x-remitgen-where`: how messages name a value, from `{where}` (what
 *   holds it), `{owner}` (what holds that), `{name}` (its quoted key) and
 *   `{n}` (its place in a list);
 * - `x-remitgen-kind`: what a mapping's entries are called (`duplicate operation`);
 * - `x-remitgen-expected`: what a value of several forms should have been;
 * - `x-remitgen-check`: the check (in structure.ts) that judges the value's
 *   form (`pattern`, bounds, `const`) in the spec's own terms, with a fix;
 * - `title` and `examples`: a value's name and the value a hint shows.
 *
 * `pattern`, `minimum`, `maximum`, `maxLength`, `minItems`, `uniqueItems`
 * and `if` are left to the named checks and the rules: a test holds every
 * such keyword to a check.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { isMap, isScalar, isSeq, stringify, type Node } from "yaml";
import { diagnostics } from "../diagnostics/codes.js";
import { hasCredentials } from "../diagnostics/secrets.js";
import { closest } from "../names/names.js";
import { packageRoot } from "../paths.js";
import type { Range } from "../spec/raw.js";
import { describe, type Reader } from "./yaml-nodes.js";

/** The part of JSON Schema the spec format's schema uses. */
export interface FormatSchema {
  readonly $ref?: string;
  /** `["string", "number"]`: a name, which a number-like one (`1.10`) is, read as written. */
  readonly type?: keyof typeof typeWords | readonly ["string", "number"];
  readonly title?: string;
  readonly examples?: readonly unknown[];
  readonly const?: unknown;
  readonly enum?: readonly unknown[];
  readonly minLength?: number;
  readonly properties?: { readonly [key: string]: FormatSchema };
  readonly required?: readonly string[];
  readonly additionalProperties?: boolean | FormatSchema;
  readonly propertyNames?: FormatSchema;
  readonly dependentRequired?: { readonly [key: string]: readonly string[] };
  readonly items?: FormatSchema;
  readonly oneOf?: readonly FormatSchema[];
  readonly $defs?: { readonly [name: string]: FormatSchema };
  readonly "x-remitgen-where"?: string;
  readonly "x-remitgen-kind"?: string;
  readonly "x-remitgen-expected"?: string;
  readonly "x-remitgen-check"?: string;
}

/** spec/remitgen-spec.schema.json, as shipped beside dist/. */
export const formatSchema: FormatSchema = JSON.parse(
  readFileSync(join(packageRoot(), "spec/remitgen-spec.schema.json"), "utf8"),
) as FormatSchema;

const typeWords = {
  object: "a mapping",
  array: "a list",
  string: "a string",
  integer: "a whole number",
  number: "a number",
  boolean: "true or false",
} as const;

/** Where a value stands, and how messages name it. */
interface Place {
  readonly range: Range;
  /** The key that holds it (an item's own range; the root's first character). */
  readonly keyRange: Range;
  /** How messages name it, e.g. `operation "get_acct_title" path`. */
  readonly where: string;
  /** How messages name what holds it, e.g. `operation "get_acct_title"`. */
  readonly owner: string;
}

/** One value of the spec as read, with where it stands. */
export interface Read extends Place {
  /** The YAML node, aliases followed. */
  readonly node: Node | null;
  /**
   * A mapping's entries by key (duplicates and unknown keys left out), a
   * list's items, a scalar's value, or what the value's check made of it.
   */
  readonly value: unknown;
  /** False when the value is not of the form allowed: its problem is reported and `value` is not to be used. */
  readonly usable: boolean;
  /** Whether a problem was reported in it or anything in it. */
  readonly flawed: boolean;
}

/** A named check: reports what is wrong with a value of the right type, and returns it (changed, or made unusable). */
export type Check = (read: Read, reader: Reader, schema: FormatSchema) => Read;

/** Walks the spec's YAML against the format's schema, reporting each problem to `reader`. */
export function readAgainstSchema(
  reader: Reader,
  root: Node,
  checks: Readonly<Record<string, Check>>,
): Read {
  const resolved = new Map<FormatSchema, FormatSchema>();
  /** A schema with its `$ref` followed: the target, with the referrer's own keywords over it. */
  const resolve = (given: FormatSchema): FormatSchema => {
    let done = resolved.get(given);
    if (done !== undefined) return done;
    done = given;
    if (given.$ref !== undefined) {
      const name = given.$ref.replace(/^#\/\$defs\//, "");
      const target = formatSchema.$defs?.[name];
      if (target === undefined)
        throw new Error(`the format schema has no $defs/${name}`);
      const { $ref: _followed, ...own } = given;
      done = { ...resolve(target), ...own };
    }
    resolved.set(given, done);
    return done;
  };

  const runCheck = (name: string, where: string): Check => {
    const run = checks[name];
    if (run === undefined) throw new Error(`no check ${name} for ${where}`);
    return run;
  };

  /** A Read being made: one object per value, filled in by the walk (allocation is most of a large spec's time). */
  type Draft = { -readonly [K in keyof Read]: Read[K] };

  const walk = (given: Node | null, raw: FormatSchema, place: Place): Read => {
    const before = reader.found.length;
    const own = resolve(raw);
    const draft: Draft = {
      range: place.range,
      keyRange: place.keyRange,
      where: place.where,
      owner: place.owner,
      node: reader.deref(given),
      value: undefined,
      usable: true,
      flawed: false,
    };
    let read = shape(draft.node, own, draft) as Draft;
    const check = own["x-remitgen-check"];
    if (read.usable && check !== undefined)
      read = runCheck(check, place.where)(read, reader, own) as Draft;
    read.flawed = reader.found.length > before;
    return read;
  };

  const made = (place: Draft, value: unknown, usable = true): Read => {
    place.value = value;
    place.usable = usable;
    return place;
  };

  const wrongType = (place: Draft, expected: string): Read => {
    reader.report(
      place.range,
      diagnostics.wrongType(
        place.where,
        expected,
        describe(place.node),
        reader.written(place.node),
      ),
    );
    return made(place, undefined, false);
  };

  const shape = (
    node: Node | null,
    schema: FormatSchema,
    place: Draft,
  ): Read => {
    if (schema.oneOf !== undefined) return choose(node, schema, place);
    // A value with a named check is judged by it whole (`remitgen: "1"`);
    // any other `const` or string `enum` says the value is a string.
    const allowed =
      schema["x-remitgen-check"] === undefined
        ? (schema.enum ??
          (schema.const !== undefined ? [schema.const] : undefined))
        : undefined;
    const type = Array.isArray(schema.type)
      ? "name"
      : ((schema.type as keyof typeof typeWords | undefined) ??
        (allowed?.every((value) => typeof value === "string")
          ? "string"
          : undefined));
    switch (type) {
      case undefined:
        // Any value (an example): its check reads it.
        return made(place, node);
      case "object":
        return mapping(node, schema, place);
      case "array": {
        if (!isSeq(node))
          return wrongType(place, schema["x-remitgen-expected"] ?? "a list");
        const items = node.items.map((item, index) =>
          walk(item as Node | null, schema.items ?? {}, {
            where: named(
              resolve(schema.items ?? {}),
              `entry ${index + 1} of ${place.where}`,
              {
                where: place.where,
                owner: place.owner,
                name: "",
                n: index + 1,
              },
            ),
            owner: place.where,
            keyRange: reader.rangeOf(item as Node | null, place.range),
            range: reader.rangeOf(item as Node | null, place.range),
          }),
        );
        return made(place, items);
      }
      case "name":
      case "string": {
        const scalar = isScalar(node) ? node.value : undefined;
        const value =
          type === "name" && typeof scalar === "number" && isScalar(node)
            ? (node.source ?? String(scalar))
            : scalar;
        if (typeof value !== "string")
          return wrongType(place, schema["x-remitgen-expected"] ?? "a string");
        // Every text of the spec is printed into docs, TSDoc and OpenAPI.
        if (hasCredentials(value))
          reader.report(place.range, diagnostics.credentialsInUrl(place.where));
        if ((schema.minLength ?? 0) > 0 && value.trim() === "") {
          reader.report(place.range, diagnostics.emptyText(place.where));
          return made(place, value, false);
        }
        if (allowed !== undefined && !allowed.includes(value)) {
          reader.report(
            place.range,
            diagnostics.badValue(
              place.where,
              value,
              allowed as readonly string[],
              closest(value, allowed as readonly string[]),
            ),
          );
          return made(place, value, false);
        }
        return made(place, value);
      }
      case "integer":
      case "number": {
        const value = isScalar(node) ? node.value : undefined;
        if (
          typeof value !== "number" ||
          !Number.isFinite(value) ||
          (type === "integer" && !Number.isInteger(value))
        )
          return wrongType(place, typeWords[type]);
        return made(place, value, !reader.inexact(node, place.range));
      }
      case "boolean": {
        const value = isScalar(node) ? node.value : undefined;
        if (typeof value !== "boolean")
          return wrongType(place, typeWords.boolean);
        return made(place, value);
      }
    }
  };

  const mapping = (
    node: Node | null,
    schema: FormatSchema,
    place: Draft,
  ): Read => {
    if (!isMap(node))
      return wrongType(place, schema["x-remitgen-expected"] ?? "a mapping");
    const where = place.where === "" ? "the spec" : place.where;
    const list =
      reader.entries(node, where, place.keyRange, schema["x-remitgen-kind"]) ??
      [];
    const declared = schema.properties ?? {};
    // Own keys only: a key such as `__proto__` or `constructor` is no property.
    const propertyOf = (key: string): FormatSchema | undefined =>
      Object.hasOwn(declared, key) ? declared[key] : undefined;
    const allowed = Object.keys(declared);
    const extra = schema.additionalProperties;
    const out = new Map<string, Read>();
    // A spec's mappings hold a handful of keys: a scan beats a Set for each.
    const known = {
      has: (key: string) => list.some((entry) => entry.key === key),
    };
    let misspelt: Set<string> | undefined;
    for (const entry of list) {
      const child =
        propertyOf(entry.key) ??
        (typeof extra === "object" ? extra : undefined);
      if (child === undefined) {
        const suggestion = closest(entry.key, allowed);
        if (suggestion !== undefined) (misspelt ??= new Set()).add(suggestion);
        reader.report(
          entry.keyRange,
          diagnostics.unknownKey(
            entry.key,
            where,
            suggestion,
            allowed,
            suggestion !== undefined && known.has(suggestion),
          ),
        );
        continue;
      }
      const names = schema.propertyNames && resolve(schema.propertyNames);
      const check = names?.["x-remitgen-check"];
      if (check !== undefined && names !== undefined) {
        const key = made(
          {
            ...place,
            node: null,
            range: entry.keyRange,
            where: entry.key,
            flawed: false,
          },
          entry.key,
        );
        runCheck(check, where)(key, reader, names);
      }
      const name = JSON.stringify(entry.key);
      out.set(
        entry.key,
        walk(entry.value, child, {
          where: named(
            resolve(child),
            propertyOf(entry.key) === undefined
              ? `${place.where} ${name}`
              : place.where === ""
                ? entry.key
                : `${place.where} ${entry.key}`,
            { where: place.where, owner: place.owner, name, n: 0 },
          ),
          owner: place.where,
          keyRange: entry.keyRange,
          range: entry.valueRange,
        }),
      );
    }
    for (const key of schema.required ?? []) {
      if (known.has(key) || misspelt?.has(key)) continue;
      reader.report(
        place.keyRange,
        diagnostics.missingKey(key, where, exampleOf(propertyOf(key))),
      );
    }
    for (const [key, needs] of Object.entries(schema.dependentRequired ?? {})) {
      const given = out.get(key);
      if (given === undefined) continue;
      for (const need of needs.filter((other) => !known.has(other))) {
        const values = resolve(propertyOf(need) ?? {}).enum ?? [];
        reader.report(
          given.range,
          diagnostics.missingDependentKey(
            need,
            where,
            key,
            values.map((value) => `${need}: ${yamlText(value)}`),
          ),
        );
      }
    }
    return made(place, out);
  };

  /** The value a hint shows for a missing key: its first example, its constant, its only allowed value. */
  const exampleOf = (given: FormatSchema | undefined): string | undefined => {
    if (given === undefined) return undefined;
    const schema = resolve(given);
    const options = schema.oneOf?.map(resolve) ?? [];
    const value =
      schema.examples?.[0] ??
      options.find((option) => option.examples)?.examples?.[0] ??
      schema.const ??
      (schema.enum?.length === 1 ? schema.enum[0] : undefined);
    return value === undefined ? undefined : yamlText(value);
  };

  const leaves = new Map<FormatSchema, readonly FormatSchema[]>();
  /** A oneOf's options, nested oneOfs flattened, `$ref`s followed. */
  const leavesOf = (schema: FormatSchema): readonly FormatSchema[] => {
    let found = leaves.get(schema);
    if (found === undefined) {
      found = (schema.oneOf ?? []).flatMap((option) => {
        const resolvedOption = resolve(option);
        return resolvedOption.oneOf !== undefined
          ? leavesOf(resolvedOption)
          : [resolvedOption];
      });
      leaves.set(schema, found);
    }
    return found;
  };

  /** Whether a schema takes a node of this kind (a oneOf: any of its options). */
  const takes = (given: FormatSchema, node: Node | null): boolean => {
    const schema = resolve(given);
    if (schema.oneOf !== undefined)
      return schema.oneOf.some((option) => takes(option, node));
    switch (schema.type) {
      case "object":
        return isMap(node);
      case "array":
        return isSeq(node);
      case undefined:
        return true;
      default: {
        const kinds = [schema.type]
          .flat()
          .map((kind) => (kind === "integer" ? "number" : kind));
        return (
          isScalar(node) && (kinds as string[]).includes(typeof node.value)
        );
      }
    }
  };

  /** What a schema takes, in words. */
  const expected = (given: FormatSchema): string => {
    const schema = resolve(given);
    if (schema["x-remitgen-expected"] !== undefined)
      return schema["x-remitgen-expected"];
    if (schema.oneOf !== undefined)
      return [...new Set(schema.oneOf.map(expected))].join(" or ");
    if (schema.type === undefined) return "a value";
    return Array.isArray(schema.type)
      ? typeWords.string
      : typeWords[schema.type as keyof typeof typeWords];
  };

  /**
   * A oneOf: the option the node's kind fits, and among mappings the one
   * whose first required key (`$ref`, or `type` with its constant) the node
   * gives. A mapping no option takes is read against them all: unknown
   * keys, the discriminating key missing or of no option.
   */
  const choose = (
    node: Node | null,
    schema: FormatSchema,
    place: Draft,
  ): Read => {
    const options = leavesOf(schema).filter((option) => takes(option, node));
    if (options.length === 0) return wrongType(place, expected(schema));
    if (!isMap(node)) return walk(node, options[0]!, place);
    // The first of duplicate keys counts, as in the walk.
    const pairOf = (key: string) =>
      node.items.find(
        (pair) => isScalar(pair.key) && String(pair.key.value) === key,
      );
    const admits = (option: FormatSchema): boolean => {
      const key = option.required?.[0];
      // An option that requires no key (a schema node without `type`)
      // takes a mapping all of whose keys it declares.
      if (option.required === undefined)
        return node.items.every(
          (pair) =>
            isScalar(pair.key) &&
            Object.hasOwn(option.properties ?? {}, String(pair.key.value)),
        );
      const pair = key === undefined ? undefined : pairOf(key);
      if (key === undefined || pair === undefined) return false;
      const rule = resolve(option.properties?.[key] ?? {});
      const value = reader.deref(pair.value as Node | null);
      const text = isScalar(value) ? value.value : undefined;
      if (rule.const !== undefined) return text === rule.const;
      if (rule.enum !== undefined) return rule.enum.includes(text);
      return true;
    };
    const chosen = options.find(admits);
    if (chosen !== undefined) return walk(node, chosen, place);
    // Keys that tell the options apart, most used first: `type`, then `$ref`.
    const counts = new Map<string, number>();
    for (const option of options) {
      const key = option.required?.[0];
      if (key !== undefined) counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    const tags = [...counts].sort((a, b) => b[1] - a[1]).map(([key]) => key);
    const tag = tags.find((key) => pairOf(key) !== undefined);
    if (tag !== undefined) {
      // Of the right type, its value is of no option: say which are.
      const values = [
        ...new Set(
          options.flatMap((option) => {
            const rule = resolve(option.properties?.[tag] ?? {});
            return rule.const !== undefined ? [rule.const] : (rule.enum ?? []);
          }),
        ),
      ];
      const entry = pairOf(tag);
      const valueNode = (entry?.value ?? null) as Node | null;
      walk(
        valueNode,
        { type: "string", enum: values },
        {
          where: `${place.where} ${tag}`,
          owner: place.where,
          keyRange: reader.rangeOf(entry?.key as Node | null, place.keyRange),
          range: reader.rangeOf(valueNode, place.keyRange),
        },
      );
      return made(place, undefined, false);
    }
    const union = [
      ...new Set(
        options.flatMap((option) => Object.keys(option.properties ?? {})),
      ),
    ];
    mapping(
      node,
      {
        properties: Object.fromEntries(union.map((key) => [key, {}])),
        additionalProperties: false,
      },
      place,
    );
    const misspelt = node.items.some(
      (pair) =>
        isScalar(pair.key) &&
        tags.includes(closest(String(pair.key.value), union) ?? ""),
    );
    const missing = tags[0];
    if (!misspelt && missing !== undefined)
      reader.report(
        place.keyRange,
        diagnostics.missingKey(
          missing,
          place.where,
          exampleOf({
            oneOf: options.map((option) => option.properties?.[missing] ?? {}),
          }),
        ),
      );
    return made(place, undefined, false);
  };

  return walk(root, formatSchema, {
    where: "",
    owner: "",
    keyRange: firstCharacter(reader.rangeOf(root, [0, 1])),
    range: reader.rangeOf(root, [0, 1]),
  });
}

function firstCharacter(range: Range): Range {
  return [range[0], range[0] + 1];
}

/** A value as YAML writes it on one line: `1`, `"{base_url}"`, `{ type: string }`. */
function yamlText(value: unknown): string {
  return stringify(value, { collectionStyle: "flow", lineWidth: 0 }).trim();
}

/** How messages name a value: its schema's `x-remitgen-where`, or `fallback` as it is. */
function named(
  schema: FormatSchema | undefined,
  fallback: string,
  words: { where: string; owner: string; name: string; n: number },
): string {
  const template = schema?.["x-remitgen-where"];
  if (template === undefined) return fallback;
  return template.replace(/\{(where|owner|name|n)\}/g, (_all, word: string) =>
    String(words[word as keyof typeof words]),
  );
}

/** A mapping's entries, every one (usable or not), when the mapping is usable. */
export function entriesOf(read: Read | undefined): ReadonlyMap<string, Read> {
  return read?.usable && read.value instanceof Map ? read.value : noEntries;
}

const noEntries: ReadonlyMap<string, Read> = new Map();

/** The entry under `key`, when of the allowed form. */
export function field(read: Read | undefined, key: string): Read | undefined {
  const entry = entriesOf(read).get(key);
  return entry?.usable ? entry : undefined;
}
