/**
 * Generated modules (src/render/code) against prettier itself: random data
 * and types, printed plainly and laid out by the formatter, with their
 * JavaScript and declarations derived, must be exactly what prettier
 * prints (unions, arrays of unions, filled number arrays, keys that need
 * quotes, members broken after the colon, long names), and the data must
 * read back as itself.
 */
import fc from "fast-check";
import * as prettier from "prettier";
import { describe, expect, it } from "vitest";
import { createRenderMemo, noMemo } from "../../src/render/memo.js";
import { createFile, type GeneratedFile } from "../../src/render/code/file.js";
import type { ModuleTexts } from "../../src/render/code/module.js";
import { writeList, writeNamedImport } from "../../src/render/code/writer.js";
import type { PrintableValue } from "../../src/render/code/values.js";
import {
  bothWays,
  writeMembers,
  writeType,
} from "../../src/render/code/types.js";
import type { JsonValue } from "../../src/runtime/json.js";
import type { SchemaNode } from "../../src/runtime/schema.js";

/** Text: short or long, ASCII or not, with the characters that need escapes. */
const text = fc.oneof(
  { weight: 4, arbitrary: fc.string({ maxLength: 12 }) },
  { weight: 2, arbitrary: fc.string({ unit: "grapheme", maxLength: 30 }) },
  {
    weight: 1,
    arbitrary: fc.string({
      unit: fc.constantFrom(
        "a",
        " ",
        "名",
        "\\",
        '"',
        "'",
        "\n",
        "é",
        "😀",
        "\u2028",
      ),
      maxLength: 60,
    }),
  },
  {
    weight: 1,
    arbitrary: fc
      .integer({ min: 40, max: 120 })
      .map((length) => "w".repeat(length)),
  },
);

/**
 * Keys: identifiers, numbers, quoted ones, __proto__, long ones. Not U+2E2F:
 * prettier unquotes it and so breaks the code, while we keep it quoted
 * (see isPlainKey and its test).
 */
const key = fc
  .oneof(
    fc.stringMatching(/^[a-z][A-Za-z0-9_]{0,10}$/),
    fc.constantFrom(
      "__proto__",
      "constructor",
      "1",
      "1.5",
      "01",
      "a-b",
      "名前",
      "",
      "default",
      "x y",
      "ab",
      "abcd",
      "abcde",
    ),
    fc.integer({ min: 60, max: 90 }).map((length) => "k".repeat(length)),
    text,
  )
  .filter((name) => !name.includes("\u2e2f"));

const numberValue = fc.oneof(
  fc.integer({ min: -1000, max: 100_000 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(-0, 0, 1e21, 1e-7, 0.1, 123456789012),
);

const value: fc.Arbitrary<PrintableValue> = fc.letrec<{
  value: PrintableValue;
}>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    text,
    numberValue,
    fc.boolean(),
    fc.constant(null),
    fc.array(numberValue, { maxLength: 40 }),
    fc.array(tie("value"), { maxLength: 5 }),
    fc.array(fc.array(fc.oneof(text, numberValue), { maxLength: 3 }), {
      maxLength: 4,
    }),
    fc
      .dictionary(key, tie("value"), { maxKeys: 5 })
      .map((entries) => toObject(Object.entries(entries))),
    fc.array(fc.tuple(key, tie("value")), { maxLength: 4 }).map(toObject),
  ),
})).value;

/** An object whose keys are own members, `__proto__` included. */
function toObject(
  entries: readonly (readonly [string, PrintableValue])[],
): PrintableValue {
  const out: Record<string, PrintableValue> = {};
  for (const [name, member] of entries) {
    Object.defineProperty(out, name, {
      value: member,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}

const typeName = fc.oneof(
  fc.stringMatching(/^[A-Z][a-zA-Z0-9]{0,12}$/),
  fc.integer({ min: 50, max: 85 }).map((length) => `T${"n".repeat(length)}`),
);

const schema: fc.Arbitrary<SchemaNode> = fc.letrec<{ node: SchemaNode }>(
  (tie) => ({
    node: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      fc.constantFrom<SchemaNode>(
        { kind: "string" },
        { kind: "number" },
        { kind: "integer" },
        { kind: "boolean" },
      ),
      typeName.map((name): SchemaNode => ({ kind: "ref", name })),
      fc
        .array(
          text.filter((each) => each !== ""),
          { minLength: 1, maxLength: 6 },
        )
        .map((values): SchemaNode => ({
          kind: "enum",
          values: [...new Set(values)],
        })),
      tie("node").map((items): SchemaNode => ({ kind: "array", items })),
      // The keywords beyond types: null beside, constants, any value, number
      // enums, unions, intersections, maps.
      tie("node").map((node): SchemaNode => ({ ...node, nullable: true })),
      fc
        .oneof(
          text,
          numberValue,
          fc.constant(null),
          fc.dictionary(key, text, { maxKeys: 2 }),
        )
        .map((given): SchemaNode => ({
          kind: "const",
          value: given as JsonValue,
        })),
      fc.constant<SchemaNode>({ kind: "any" }),
      fc
        .array(numberValue, { minLength: 1, maxLength: 6 })
        .map((values): SchemaNode => ({
          kind: "enum",
          values: [...new Set(values as number[])],
        })),
      fc
        .tuple(
          fc.constantFrom("oneOf" as const, "anyOf" as const),
          fc.array(tie("node"), { minLength: 1, maxLength: 2 }),
        )
        .map(([mode, variants]): SchemaNode => ({
          kind: "union",
          mode,
          variants,
        })),
      fc
        .array(tie("node"), { minLength: 1, maxLength: 2 })
        .map((parts): SchemaNode => ({ kind: "allOf", parts })),
      tie("node").map((values): SchemaNode => ({
        kind: "object",
        properties: [],
        additionalProperties: values,
      })),
      fc
        .array(
          fc.record({
            name: key,
            required: fc.boolean(),
            readOnly: fc.boolean(),
            schema: tie("node"),
            description: fc.option(text, { nil: undefined }),
          }),
          { maxLength: 4 },
        )
        .map((members): SchemaNode => ({
          kind: "object",
          properties: uniqueBy(members, (member) => member.name).map(
            ({ name, required, readOnly, schema, description }) => ({
              name,
              required,
              ...(readOnly ? { readOnly } : {}),
              schema:
                description === undefined ? schema : { ...schema, description },
            }),
          ),
        })),
    ),
  }),
).node;

/** Structural equality over own members (a `constructor` or `__proto__` member is plain data here), -0 included. */
function sameData(a: unknown, b: unknown): boolean {
  if (
    a === null ||
    b === null ||
    typeof a !== "object" ||
    typeof b !== "object"
  )
    return Object.is(a, b);
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  const keys = Object.getOwnPropertyNames(a).filter(
    (name) => !(Array.isArray(a) && name === "length"),
  );
  const other = Object.getOwnPropertyNames(b).filter(
    (name) => !(Array.isArray(b) && name === "length"),
  );
  if (keys.length !== other.length) return false;
  if (Array.isArray(a) && a.length !== (b as unknown[]).length) return false;
  return keys.every(
    (name) =>
      Object.hasOwn(b, name) &&
      sameData(
        (a as Record<string, unknown>)[name],
        (b as Record<string, unknown>)[name],
      ),
  );
}

function uniqueBy<T>(items: readonly T[], keyOf: (item: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter(
    (item) => !seen.has(keyOf(item)) && (seen.add(keyOf(item)), true),
  );
}

/** The texts of a module that `fill` describes. */
function moduleOf(fill: (file: GeneratedFile) => void): Promise<ModuleTexts> {
  const file = createFile("spec.yaml");
  fill(file);
  return file.texts();
}

/** Each text of the module is what prettier prints. */
async function expectPrettierStable(texts: ModuleTexts): Promise<void> {
  expect(texts.ts).toBe(
    await prettier.format(texts.ts, { parser: "typescript" }),
  );
  expect(texts.js).toBe(await prettier.format(texts.js, { parser: "babel" }));
  expect(texts.dts).toBe(
    await prettier.format(texts.dts, { parser: "typescript" }),
  );
}

/** The value of `export const value = ...;` in the JavaScript. */
function evaluated(js: string): unknown {
  const start = js.indexOf("export const value =");
  return new Function(
    `return (${js.slice(start + "export const value =".length, js.lastIndexOf(";"))});`,
  )();
}

describe("data constants", () => {
  it("are laid out as prettier lays them out, and the JavaScript holds the same data", async () => {
    await fc.assert(
      fc.asyncProperty(value, async (data) => {
        const texts = await moduleOf((file) =>
          file.data(["A value."], "value", "unknown", data, noMemo),
        );
        await expectPrettierStable(texts);
        expect(sameData(evaluated(texts.js), data)).toBe(true);
        expect(texts.dts).toContain("export declare const value: unknown;");
      }),
      { numRuns: 150 },
    );
  });

  it("keep a __proto__ key an own member", async () => {
    const data = toObject([["__proto__", toObject([["polluted", true]])]]);
    const texts = await moduleOf((file) =>
      file.data([], "value", "unknown", data, noMemo),
    );
    const value = evaluated(texts.js) as object;
    expect(Object.getOwnPropertyNames(value)).toEqual(["__proto__"]);
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
  });

  it("fill number arrays, break members after the colon, and keep numbers as written", async () => {
    const data = toObject([
      ["numbers", Array.from({ length: 60 }, (_, index) => index * 37 - 500)],
      ["k".repeat(76), null],
      ["short", "s".repeat(90)],
      ["long key here", "s".repeat(90)],
      ["abcd", "s".repeat(90)],
      ["negative".repeat(9), -5],
      ["positive".repeat(9), 5],
      ["interval", 3600000],
      [
        "matrix",
        [
          [1, 2],
          [3, 4],
        ],
      ],
    ]);
    const texts = await moduleOf((file) =>
      file.data([], "value", "unknown", data, noMemo),
    );
    await expectPrettierStable(texts);
    // Not 36e5, as the transpiler would print it.
    expect(texts.js).toContain("interval: 3600000,");
  });
});

describe("items of data laid out once per run", () => {
  it("stand where the whole value's layout puts them, at any depth, in .ts and .js, in every set that holds them", async () => {
    const items = fc.array(
      fc
        .array(fc.tuple(key, value), { minLength: 2, maxLength: 4 })
        .map(toObject),
      { minLength: 1, maxLength: 4 },
    );
    await fc.assert(
      fc.asyncProperty(
        items,
        fc.integer({ min: 0, max: 4 }),
        async (objects, depth) => {
          const memo = createRenderMemo();
          // Made by the memo: the same objects in every set, as the mock data's entries are.
          const made = objects.map((object, index) =>
            memo.once(objects, `item ${index}`, () => object),
          );
          const nest = (list: PrintableValue[]): PrintableValue => {
            let data: PrintableValue = toObject([
              ["list", list],
              ["other", list.slice(0, 1)],
            ]);
            for (let level = 0; level < depth; level++)
              data = toObject([["level", data]]);
            return data;
          };
          // Two sets: the second holds the first's items and more.
          for (const list of [made.slice(0, 2), made]) {
            const data = nest(list);
            const texts = await moduleOf((file) =>
              file.data([], "value", "unknown", data, memo),
            );
            await expectPrettierStable(texts);
            expect(sameData(evaluated(texts.js), data)).toBe(true);
            const whole = await moduleOf((file) =>
              file.data([], "value", "unknown", data, noMemo),
            );
            expect(texts).toEqual(whole);
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe("types", () => {
  it("are laid out as prettier lays them out: aliases, interface members, declarations", async () => {
    await fc.assert(
      fc.asyncProperty(schema, typeName, async (node, name) => {
        const texts = await moduleOf((file) =>
          file.declaration((writer) => {
            writeType(writer, `export type ${name} = `, node, ";", bothWays);
            writer.blankLine();
            writer.writeLine(`export interface ${name}Holder {`);
            writer.indent(() =>
              writeMembers(
                writer,
                [
                  { name: "value", required: true, schema: node },
                  { name: "n".repeat(70), required: false, schema: node },
                ],
                bothWays,
              ),
            );
            writer.writeLine("}");
          }),
        );
        await expectPrettierStable(texts);
      }),
      {
        numRuns: 150,
        // Found by this property: a union inside a nullable list's
        // parentheses, 80 columns wide, which prettier keeps on one line.
        examples: [
          [
            {
              kind: "array",
              items: {
                kind: "enum",
                values: [
                  7.204994564526e-312, 1.0574194922876094e-308,
                  -1.0273812270064211e131,
                ],
              },
              nullable: true,
            },
            "A",
          ],
          // Found by this property: a union whose one variant is a union
          // printed `= | | {`, which does not parse.
          [
            {
              kind: "union",
              mode: "oneOf",
              variants: [
                {
                  kind: "union",
                  mode: "oneOf",
                  variants: [
                    {
                      kind: "object",
                      properties: [
                        {
                          name: "a",
                          required: false,
                          schema: { kind: "string" },
                        },
                      ],
                    },
                    { kind: "string" },
                  ],
                },
              ],
            },
            "T".padEnd(51, "n"),
          ],
          // The same union allowing null, beside another variant: grouped.
          [
            {
              kind: "union",
              mode: "anyOf",
              variants: [
                {
                  kind: "union",
                  mode: "oneOf",
                  nullable: true,
                  variants: [
                    {
                      kind: "object",
                      properties: [
                        {
                          name: "a",
                          required: false,
                          schema: { kind: "string" },
                        },
                      ],
                    },
                    { kind: "string" },
                  ],
                },
                { kind: "number" },
              ],
            },
            "B",
          ],
        ],
      },
    );
  });

  it("break unions, arrays of unions and Record<string, never> as prettier does", async () => {
    const union = (count: number, width: number): SchemaNode => ({
      kind: "enum",
      values: Array.from({ length: count }, (_, index) =>
        `${index}`.padEnd(width, "v"),
      ),
    });
    const nodes: SchemaNode[] = [
      union(2, 40),
      union(5, 3),
      // Fits on the line after `=` or `:` whole, not after it: prettier
      // keeps it on one line there, oxfmt 0.79 breaks each member.
      union(6, 9),
      union(7, 8),
      { kind: "array", items: union(2, 30) },
      { kind: "array", items: union(6, 9) },
      { kind: "array", items: { kind: "array", items: union(3, 25) } },
      { kind: "array", items: { kind: "object", properties: [] } },
      { kind: "object", properties: [] },
      {
        kind: "object",
        properties: [
          {
            name: "inner",
            required: false,
            schema: { kind: "array", items: union(4, 20) },
          },
        ],
      },
    ];
    for (const name of ["T", "T".padEnd(30, "z"), "T".padEnd(60, "x")]) {
      const texts = await moduleOf((file) =>
        file.declaration((writer) => {
          nodes.forEach((node, index) =>
            writeType(
              writer,
              `export type ${name}${index} = `,
              node,
              ";",
              bothWays,
            ),
          );
          writer.writeLine("export interface Holder {");
          writer.indent(() =>
            writeMembers(
              writer,
              nodes.map((node, index) => ({
                name: `${name}${index}`,
                required: index % 2 === 0,
                schema: node,
              })),
              bothWays,
            ),
          );
          writer.writeLine("}");
        }),
      );
      await expectPrettierStable(texts);
    }
  });
});

describe("lists", () => {
  it("print parameter and import lists as prettier does", async () => {
    await fc.assert(
      fc.asyncProperty(
        // Identifiers that are no reserved word: no reserved word starts with "px" or "fn"
        // ("p" alone allowed `public`, "f" allowed `for`, which CI once drew).
        fc.array(fc.stringMatching(/^px[a-zA-Z0-9]{0,29}$/), {
          minLength: 1,
          maxLength: 6,
        }),
        fc.stringMatching(/^fn[a-zA-Z0-9]{0,69}$/),
        async (names, method) => {
          const unique = [...new Set(names)];
          const texts = await moduleOf((file) =>
            file.code({
              write: (writer) => {
                writeNamedImport(writer, "export", unique, '"./module.js"');
                writeList(
                  writer,
                  `export function ${method}`,
                  unique.map((each) => `${each}: number`),
                  ": number {",
                );
                writer.indent(() =>
                  writeList(writer, `return ${method}`, unique, ";"),
                );
                writer.writeLine("}");
              },
            }),
          );
          await expectPrettierStable(texts);
        },
      ),
      { numRuns: 100 },
    );
  });
});
