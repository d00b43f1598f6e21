/**
 * Random valid specs: random operation ids, paths, unicode summaries, sets
 * with `extends` chains, plans and named schemas of bounded depth. Each one
 * checks, generates into a temporary folder, type-checks in strict mode,
 * and prettier leaves its generated package files unchanged.
 */
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import fc from "fast-check";
import { stringify } from "yaml";
import { describe, expect, it } from "vitest";
import { generate } from "../../src/index.js";
import {
  operationNames,
  schemaTypeName,
  setNames,
} from "../../src/names/names.js";
import { checkSpecText } from "../../src/check-spec.js";
import {
  danglingRefs,
  listFiles,
  prettierMismatches,
  readAll,
  sandbox,
  TypeChecker,
} from "./support.js";
import { writeSources } from "../client/support.js";

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Spec text: any characters a person might type, or paste, on one or several lines. */
const prose = fc
  .oneof(
    {
      weight: 3,
      arbitrary: fc.string({ unit: "grapheme", minLength: 1, maxLength: 40 }),
    },
    {
      weight: 2,
      arbitrary: fc.string({ unit: "binary", minLength: 1, maxLength: 20 }),
    },
    {
      weight: 2,
      arbitrary: fc.string({
        unit: fc.constantFrom(
          "*/",
          "`",
          "${x}",
          '"',
          "'",
          "\\",
          "\n",
          "\u2028",
          " ",
          "a",
          "名",
          "@",
          "<b>",
          "|",
          "😀",
        ),
        minLength: 1,
        maxLength: 20,
      }),
    },
    {
      weight: 1,
      arbitrary: fc
        .integer({ min: 81, max: 300 })
        .map((length) => "long text ".repeat(length / 10)),
    },
  )
  .filter((text) => text.trim() !== "");

/** Names for operations, sets, schemas and properties: words in several scripts, separators, digits. */
const name = fc
  .array(
    fc.oneof(
      fc.stringMatching(/^[A-Za-z][a-z0-9]{0,6}$/),
      fc.constantFrom(
        "V1",
        "B2C",
        "URL",
        "名前",
        "ñandú",
        "Δelta",
        "имя",
        "x2",
        "__proto__",
        "constructor",
        "default",
        "toString",
      ),
    ),
    { minLength: 1, maxLength: 4 },
  )
  .chain((words) =>
    fc
      .constantFrom("_", "-", ".", " ", "")
      .map((separator) => words.join(separator)),
  );

const propertyName = fc.oneof(
  name,
  fc.constantFrom(
    "__proto__",
    "1",
    "a-b",
    "",
    "名前",
    "*/",
    "x y",
    "constructor",
  ),
);

function ownObject(entries: readonly (readonly [string, unknown])[]): {
  [key: string]: Json;
} {
  const out: { [key: string]: Json } = {};
  for (const [key, value] of entries) {
    Object.defineProperty(out, key, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}

/** A schema as the spec writes it; `refs` are the named schemas it may refer to. */
function schema(
  refs: readonly string[],
  depth: number,
): fc.Arbitrary<Record<string, unknown>> {
  const common = fc.record({ description: prose }, { requiredKeys: [] });
  const leaves: fc.Arbitrary<Record<string, unknown>>[] = [
    fc
      .record(
        {
          type: fc.constant("string"),
          minLength: fc.nat(5),
          maxLength: fc.integer({ min: 5, max: 40 }),
          pattern: fc.constantFrom("^[A-Z]+$", "\\d{4}", "*/|`"),
        },
        { requiredKeys: ["type"] },
      )
      .map((node) =>
        node.pattern === "*/|`" ? { ...node, pattern: "\\*/|`" } : node,
      ),
    fc.record(
      {
        type: fc.constantFrom("number", "integer"),
        minimum: fc.integer({ min: -100, max: 0 }),
        maximum: fc.integer({ min: 0, max: 100 }),
      },
      { requiredKeys: ["type"] },
    ),
    fc.constant({ type: "boolean" }),
    fc
      .uniqueArray(
        fc.oneof(
          fc.string({ minLength: 1, maxLength: 12 }),
          fc.constantFrom("*/", "`", "${x}", "名前", "\\", '"', "a".repeat(45)),
        ),
        { minLength: 1, maxLength: 6 },
      )
      .filter((values) =>
        values.every(
          (value) => value.trim() !== "" && !/^[\d.eE+-]+$/.test(value),
        ),
      )
      .map((values) => ({ type: "string", enum: values })),
  ];
  if (refs.length > 0)
    leaves.push(fc.constantFrom(...refs).map((ref) => ({ $ref: ref })));
  const branches: fc.Arbitrary<Record<string, unknown>>[] =
    depth <= 0
      ? []
      : [
          schema(refs, depth - 1).chain((items) =>
            fc
              .record(
                {
                  minItems: fc.nat(2),
                  maxItems: fc.integer({ min: 2, max: 9 }),
                },
                { requiredKeys: [] },
              )
              .map((bounds) => ({
                type: "array",
                items,
                ...bounds,
              })),
          ),
          fc
            .uniqueArray(
              fc.tuple(propertyName, schema(refs, depth - 1), fc.boolean()),
              {
                maxLength: 4,
                selector: ([key]) => key,
              },
            )
            .map((members) => ({
              type: "object",
              properties: ownObject(
                members.map(([key, node, required]) => [
                  key,
                  required && !("$ref" in node)
                    ? { ...node, required: true }
                    : node,
                ]),
              ),
            })),
        ];
  return fc
    .tuple(fc.oneof(...leaves, ...branches), common)
    .map(([node, extra]) => ({ ...node, ...extra }))
    .chain((node) => {
      // An example must fit its schema (RG044): drawn from the node itself, sometimes.
      const fitting = exampleFor(node);
      return fitting === undefined
        ? fc.constant(node)
        : fc
            .option(fitting, { nil: undefined })
            .map((value) =>
              value === undefined ? node : { ...node, example: value },
            );
    });
}

/** Hostile text a string example may hold: comment ends, template syntax, quotes, backslashes. */
const exampleText = (
  minLength: number,
  maxLength: number,
): fc.Arbitrary<string> =>
  fc.string({
    unit: fc.constantFrom(
      "a",
      "Z",
      "*",
      "/",
      "`",
      "$",
      "{",
      "}",
      "\\",
      '"',
      "'",
      " ",
      "<",
      ">",
    ),
    minLength,
    maxLength,
  });

/**
 * Examples that fit `node` (as the spec writes it), or undefined when none
 * is drawn here: a pattern, a `$ref`, or an object whose required member
 * has none.
 */
function exampleFor(
  node: Record<string, unknown>,
): fc.Arbitrary<Json> | undefined {
  if ("$ref" in node) return undefined;
  switch (node.type) {
    case "boolean":
      return fc.boolean();
    case "number":
    case "integer": {
      const min = (node.minimum as number | undefined) ?? -1000;
      const max = (node.maximum as number | undefined) ?? 1000;
      return node.type === "integer"
        ? fc.integer({ min, max })
        : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
    }
    case "string":
      if (Array.isArray(node.enum))
        return fc.constantFrom(...(node.enum as string[]));
      if (node.pattern !== undefined) return undefined;
      return exampleText(
        (node.minLength as number | undefined) ?? 0,
        Math.min((node.maxLength as number | undefined) ?? 20, 20),
      );
    case "array": {
      const items = exampleFor(node.items as Record<string, unknown>);
      if (items === undefined) return undefined;
      const minLength = (node.minItems as number | undefined) ?? 0;
      return fc.array(items, {
        minLength,
        maxLength: Math.max(
          minLength,
          Math.min((node.maxItems as number | undefined) ?? 3, 3),
        ),
      });
    }
    case "object": {
      const members = Object.entries(
        node.properties as Record<string, Record<string, unknown>>,
      ).map(
        ([key, member]) =>
          [key, member.required === true, exampleFor(member)] as const,
      );
      if (
        members.some(
          ([, required, fitting]) => required && fitting === undefined,
        )
      )
        return undefined;
      const drawn = members
        .filter(
          (member): member is readonly [string, boolean, fc.Arbitrary<Json>] =>
            member[2] !== undefined,
        )
        .map(([key, required, fitting]) =>
          (required ? fitting : fc.option(fitting, { nil: undefined })).map(
            (value) => [key, value] as const,
          ),
        );
      return fc
        .tuple(...drawn)
        .map((entries) =>
          ownObject(entries.filter(([, value]) => value !== undefined)),
        );
    }
    default:
      return undefined;
  }
}

interface Plan {
  name: string;
  rateLimit: string;
  cost: string;
  note?: string;
}

const plan: fc.Arbitrary<Plan> = fc.record(
  {
    name: prose,
    rateLimit: fc
      .tuple(
        fc.integer({ min: 1, max: 100_000 }),
        fc.constantFrom("second", "minute", "hour", "day"),
        fc.constantFrom("/", " per "),
      )
      .map(([count, unit, separator]) => `${count}${separator}${unit}`),
    cost: prose,
    note: prose,
  },
  { requiredKeys: ["name", "rateLimit", "cost"] },
);

const version = fc
  .tuple(fc.nat(20), fc.nat(20), fc.nat(20))
  .map((parts) => parts.join("."));

/** A whole valid spec, as a plain object to be written as YAML. */
const spec = fc
  .record({
    title: prose,
    description: prose,
    scope: fc.stringMatching(/^[a-z][a-z0-9-]{0,10}$/),
    packageName: fc.stringMatching(/^[a-z][a-z0-9._-]{0,10}$/),
    operationIds: fc.uniqueArray(name, { minLength: 1, maxLength: 5 }),
    setIds: fc.uniqueArray(name, { minLength: 1, maxLength: 3 }),
    schemaNames: fc.uniqueArray(name, { maxLength: 4 }),
    seed: fc.nat(),
  })
  .chain((base) => {
    // Names that generate the same identifier, type or file are a spec error (RG022): keep the first.
    const taken = new Set<string>();
    const claim = (...generated: string[]): boolean => {
      const keys = generated.map((each) => each.toLowerCase());
      if (keys.some((key) => taken.has(key))) return false;
      for (const key of keys) taken.add(key);
      return true;
    };
    // The client interface is exported beside the types (RG022 otherwise).
    claim(`export:${setNames("set", base.scope, base.packageName).clientType}`);
    // Operations first: the first operation and the first set are always kept.
    const operationIds = base.operationIds.filter((id) => {
      const names = operationNames(id);
      return claim(
        `method:${names.method}`,
        `type:${names.requestType}`,
        `type:${names.responseType}`,
        `file:${names.docFile}`,
        // The index exports functions and types side by side (checked without case here: stricter than RG022).
        `export:${names.method}`,
        `export:${names.requestType}`,
        `export:${names.responseType}`,
      );
    });
    const schemaNames = base.schemaNames.filter((each) =>
      claim(`type:${schemaTypeName(each)}`, `export:${schemaTypeName(each)}`),
    );
    const setIds = base.setIds.filter((id) =>
      claim(`set:${setNames(id, base.scope, base.packageName).directory}`),
    );
    const namedSchemas = fc.tuple(
      ...schemaNames.map((_, index) => schema(schemaNames.slice(0, index), 2)),
    );
    const payload = fc.option(
      fc.oneof(
        schemaNames.length > 0
          ? fc.constantFrom(...schemaNames)
          : fc.constant(undefined),
        schema(schemaNames, 1),
      ),
      { nil: undefined },
    );
    const operations = fc.tuple(
      ...operationIds.map((_, index) =>
        fc.record(
          {
            path: fc
              .stringMatching(/^[A-Za-z0-9\-._~/]{0,12}$/)
              .map((tail) => `/p${index}/${tail}`)
              // A `.` or `..` segment would leave the base URL's path (RG021).
              .filter((path) => !/\/\.{1,2}(?=\/|$)/.test(path)),
            summary: prose,
            description: prose,
            effect: fc.constantFrom("read", "write"),
            request: payload,
            response: payload,
          },
          { requiredKeys: ["path", "summary"] },
        ),
      ),
    );
    const sets = fc.tuple(
      ...setIds.map(() =>
        fc.record(
          {
            title: prose,
            version,
            plan,
            date: fc.date({
              min: new Date("2000-01-01"),
              max: new Date("2099-12-31"),
              noInvalidDate: true,
            }),
          },
          { requiredKeys: ["title", "version", "plan"] },
        ),
      ),
    );
    // Each set after the first extends an earlier one; membership is split so that every operation is in a set.
    const chains = fc.tuple(
      ...setIds.map((_, index) => fc.nat(Math.max(0, index - 1))),
    );
    const shares = fc.array(fc.nat(setIds.length - 1), {
      minLength: operationIds.length,
      maxLength: operationIds.length,
    });
    const removing = fc.array(fc.boolean(), {
      minLength: setIds.length,
      maxLength: setIds.length,
    });
    return fc
      .tuple(namedSchemas, operations, sets, chains, shares, removing)
      .map(([schemas, ops, setData, parents, owner, remove]) => {
        const spec: Record<string, unknown> = {
          remitgen: 1,
          service: {
            title: base.title,
            description: base.description,
            baseUrl: "{base_url}",
            package: { scope: base.scope, name: base.packageName },
          },
          auth: {
            title: "Auth",
            version: "1.0.0",
            baseUrl: "{auth_url}",
            token: { method: "POST", path: "/oauth2/token" },
            scheme: "oauth2-client-credentials",
          },
          operations: ownObject(
            operationIds.map((id, index) => [
              id,
              withoutUndefined(ops[index]!),
            ]),
          ),
          sets: {},
          schemas: ownObject(
            schemaNames.map((each, index) => [each, schemas[index]!]),
          ),
        };
        const members: string[][] = [];
        const setEntries: [string, unknown][] = [];
        setIds.forEach((id, index) => {
          const mine = operationIds.filter(
            (_, op) => owner[op]! % setIds.length === index,
          );
          const data = setData[index]!;
          const common = {
            title: data.title,
            version: data.version,
            ...(data.date
              ? { date: data.date.toISOString().slice(0, 10) }
              : {}),
            plan: withoutUndefined(data.plan),
          };
          if (index === 0) {
            // The root set holds its share, or everything when its share is empty.
            const list = mine.length > 0 ? mine : [operationIds[0]!];
            members.push(list);
            setEntries.push([id, { ...common, operations: list }]);
            return;
          }
          const parentIndex = parents[index]!;
          const parent = members[parentIndex]!;
          const adds = mine.filter((op) => !parent.includes(op));
          // Some sets remove every other operation of their parent, always keeping its first.
          const removes = remove[index]
            ? parent.filter((_, i) => i % 2 === 1)
            : [];
          const list = [
            ...parent.filter((op) => !removes.includes(op)),
            ...adds,
          ];
          members.push(list);
          setEntries.push([
            id,
            {
              ...common,
              extends: setIds[parentIndex],
              adds,
              ...(removes.length > 0 ? { removes } : {}),
            },
          ]);
        });
        // Every operation is in its owner's set, or in that set's parent; this is a safety net.
        const covered = new Set(members.flat());
        const missing = operationIds.filter((op) => !covered.has(op));
        if (missing.length > 0) {
          const root = setEntries[0]![1] as { operations: string[] };
          root.operations = [...root.operations, ...missing];
        }
        spec.sets = ownObject(setEntries);
        return spec;
      });
  });

function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(
    Object.entries(value).filter(([, member]) => member !== undefined),
  ) as T;
}

describe("random valid specs", () => {
  const checker = new TypeChecker();

  it("always generate; the TypeScript type-checks and prettier leaves the output unchanged", async () => {
    const parent = await sandbox(true);
    let run = 0;
    await fc.assert(
      fc.asyncProperty(spec, async (data) => {
        const text = stringify(data, { lineWidth: 0 });
        const checked = checkSpecText(text, "random.yaml");
        if (!checked.ok)
          expect.fail(
            `a valid spec was refused:\n${checked.formatted}\n\n${text}`,
          );
        const dir = join(parent, `run-${run++}`);
        const specPath = join(parent, `spec-${run}.yaml`);
        await writeFile(specPath, text);
        const result = await generate({
          spec: specPath,
          out: dir,
          cwd: parent,
        });
        expect(result.sets.length).toBe(checked.model.sets.length);
        // The TypeScript the packages were derived from (not shipped) too.
        await writeSources(dir, result.model);
        const files = (await listFiles(dir)).filter(
          (path) => !path.includes("/runtime/") && path.includes("/"),
        );
        const contents = await readAll(dir, files);
        expect(await prettierMismatches(contents)).toEqual([]);
        for (const file of contents.filter(({ path }) =>
          path.endsWith("/openapi.json"),
        ))
          expect(danglingRefs(file.contents)).toEqual([]);
        const problems = checker.check(
          files
            .filter((path) => path.endsWith(".ts"))
            .map((path) => join(dir, path)),
          files
            .filter((path) => path.endsWith(".js"))
            .map((path) => join(dir, path)),
        );
        expect(problems).toEqual([]);
      }),
      { numRuns: 15 },
    );
  }, 300_000);
});
