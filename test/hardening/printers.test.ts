/**
 * The code printers (src/render/code) against prettier itself: random
 * values and types, at random indentation, printed without prettier, must
 * be exactly what prettier prints. This is where line-breaking rules live
 * (unions, arrays of unions, filled number arrays, keys that need quotes,
 * members broken after the colon, long names).
 */
import fc from "fast-check";
import * as prettier from "prettier";
import { describe, expect, it } from "vitest";
import * as ours from "../../src/render/code/doc.js";
import {
  createWriter,
  writeList,
  writeNamedImport,
} from "../../src/render/code/writer.js";
import {
  writeValue,
  type PrintableValue,
} from "../../src/render/code/values.js";
import { writeMembers, writeType } from "../../src/render/code/types.js";
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
      fc
        .array(
          fc.record({
            name: key,
            required: fc.boolean(),
            schema: tie("node"),
            description: fc.option(text, { nil: undefined }),
          }),
          { maxLength: 4 },
        )
        .map((members): SchemaNode => ({
          kind: "object",
          properties: uniqueBy(members, (member) => member.name).map(
            ({ name, required, schema, description }) => ({
              name,
              required,
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

/** Runs `write` at `depth` nested blocks (`{ ... }`), as statements at that indentation. */
function inBlocks(
  depth: number,
  write: (writer: ReturnType<typeof createWriter>) => void,
): string {
  const writer = createWriter();
  for (let level = 0; level < depth; level++) {
    writer.writeLine("{");
    writer.setIndentationLevel(level + 1);
  }
  write(writer);
  for (let level = depth; level > 0; level--) {
    writer.setIndentationLevel(level - 1);
    writer.writeLine("}");
  }
  return writer.toString();
}

async function expectPrettierStable(
  source: string,
  parser: "typescript" | "babel",
): Promise<void> {
  const formatted = await prettier.format(source, { parser });
  expect(source).toBe(formatted);
}

describe("the value printer", () => {
  it("prints values exactly as prettier does", async () => {
    await fc.assert(
      fc.asyncProperty(
        value,
        fc.integer({ min: 0, max: 6 }),
        async (data, depth) => {
          const source = inBlocks(depth, (writer) =>
            writeValue(writer, "const value: unknown = ", data, ";"),
          );
          await expectPrettierStable(source, "typescript");
          // And it is the same data.
          const body = source.slice(
            source.indexOf("=") + 1,
            source.lastIndexOf(";"),
          );
          expect(sameData(new Function(`return (${body});`)(), data)).toBe(
            true,
          );
        },
      ),
      { numRuns: 250 },
    );
  });

  it("keeps a __proto__ key an own member", () => {
    const data = toObject([["__proto__", toObject([["polluted", true]])]]);
    const source = inBlocks(0, (writer) =>
      writeValue(writer, "const value = ", data, ";"),
    );
    const evaluated = new Function(`${source}\nreturn value;`)() as object;
    expect(Object.getOwnPropertyNames(evaluated)).toEqual(["__proto__"]);
    expect(Object.getPrototypeOf(evaluated)).toBe(Object.prototype);
  });

  it("fills number arrays and breaks members after the colon as prettier does", async () => {
    const data = toObject([
      ["numbers", Array.from({ length: 60 }, (_, index) => index * 37 - 500)],
      ["k".repeat(76), null],
      ["short", "s".repeat(90)],
      ["long key here", "s".repeat(90)],
      ["abcd", "s".repeat(90)],
      ["negative".repeat(9), -5],
      ["positive".repeat(9), 5],
      [
        "matrix",
        [
          [1, 2],
          [3, 4],
        ],
      ],
    ]);
    await expectPrettierStable(
      inBlocks(2, (writer) => writeValue(writer, "const value = ", data, ";")),
      "typescript",
    );
  });
});

describe("the type printer", () => {
  it("prints type aliases and interface members exactly as prettier does", async () => {
    await fc.assert(
      fc.asyncProperty(schema, typeName, async (node, name) => {
        const writer = createWriter();
        writeType(writer, `export type ${name} = `, node, ";", "");
        writer.blankLine();
        writer.writeLine(`export interface ${name}Holder {`);
        writer.indent(() =>
          writeMembers(
            writer,
            [
              { name: "value", required: true, schema: node },
              { name: "n".repeat(70), required: false, schema: node },
            ],
            "types.",
          ),
        );
        writer.writeLine("}");
        await expectPrettierStable(writer.toString(), "typescript");
      }),
      { numRuns: 250 },
    );
  });

  it("breaks unions, arrays of unions and Record<string, never> as prettier does", async () => {
    const union = (count: number, width: number): SchemaNode => ({
      kind: "enum",
      values: Array.from({ length: count }, (_, index) =>
        `${index}`.padEnd(width, "v"),
      ),
    });
    const nodes: SchemaNode[] = [
      union(2, 40),
      union(5, 3),
      { kind: "array", items: union(2, 30) },
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
    for (const name of ["T", "T".padEnd(60, "x"), "T".padEnd(75, "y")]) {
      const writer = createWriter();
      for (const node of nodes)
        writeType(writer, `export type ${name} = `, node, ";", "");
      writer.writeLine("interface Holder {");
      writer.indent(() =>
        writeMembers(
          writer,
          nodes.map((node, index) => ({
            name: `${name}${index}`,
            required: index % 2 === 0,
            schema: node,
          })),
          "",
        ),
      );
      writer.writeLine("}");
      await expectPrettierStable(writer.toString(), "typescript");
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
          const writer = createWriter();
          writeNamedImport(writer, "import", unique, '"./module.js"');
          writeList(writer, `export function ${method}`, unique, " {");
          writer.indent(() =>
            writeList(writer, `return ${method}`, unique, ";"),
          );
          writer.writeLine("}");
          await expectPrettierStable(writer.toString(), "babel");
        },
      ),
      { numRuns: 100 },
    );
  });
});

/** A doc shape, built twice: with our doc.ts and with prettier's own builders. */
type Shape =
  | { kind: "text"; text: string }
  | { kind: "line" | "softline" | "hardline" }
  | { kind: "concat"; parts: Shape[] }
  | { kind: "group"; contents: Shape; shouldBreak: boolean; id?: number }
  | { kind: "indent"; contents: Shape }
  | {
      kind: "ifBreak";
      breakContents: Shape;
      flatContents: Shape;
      groupId?: number;
    }
  | { kind: "indentIfBreak"; contents: Shape; groupId: number }
  | { kind: "fill"; parts: Shape[] };

const shape: fc.Arbitrary<Shape> = fc.letrec<{ shape: Shape }>((tie) => ({
  shape: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc
      .oneof(
        fc.string({ maxLength: 6 }),
        fc.string({ unit: "grapheme", maxLength: 4 }),
        fc.integer({ min: 10, max: 70 }).map((n) => "x".repeat(n)),
      )
      .map((text): Shape => ({ kind: "text", text })),
    fc.constantFrom<Shape>(
      { kind: "line" },
      { kind: "softline" },
      { kind: "hardline" },
    ),
    fc
      .array(tie("shape"), { maxLength: 5 })
      .map((parts): Shape => ({ kind: "concat", parts })),
    fc
      .record({
        contents: tie("shape"),
        shouldBreak: fc.boolean(),
        id: fc.option(fc.nat(3), { nil: undefined }),
      })
      .map((g): Shape => ({ kind: "group", ...g })),
    tie("shape").map((contents): Shape => ({ kind: "indent", contents })),
    fc
      .record({
        breakContents: tie("shape"),
        flatContents: tie("shape"),
        groupId: fc.option(fc.nat(3), { nil: undefined }),
      })
      .map((b): Shape => ({ kind: "ifBreak", ...b })),
    fc
      .record({ contents: tie("shape"), groupId: fc.nat(3) })
      .map((b): Shape => ({ kind: "indentIfBreak", ...b })),
    // A fill alternates content and separators (lines), as prettier expects.
    fc
      .array(
        fc.tuple(
          tie("shape"),
          fc.constantFrom<Shape>({ kind: "line" }, { kind: "softline" }),
        ),
        { minLength: 1, maxLength: 6 },
      )
      .map((pairs): Shape => ({
        kind: "fill",
        parts: pairs.flatMap(([content, separator], index) =>
          index === pairs.length - 1 ? [content] : [content, separator],
        ),
      })),
  ),
})).shape;

function build<D>(
  node: Shape,
  b: {
    text: (text: string) => D;
    line: D;
    softline: D;
    hardline: D;
    concat: (parts: D[]) => D;
    group: (contents: D, shouldBreak: boolean, id: symbol | undefined) => D;
    indent: (contents: D) => D;
    ifBreak: (
      breakContents: D,
      flatContents: D,
      groupId: symbol | undefined,
    ) => D;
    indentIfBreak: (contents: D, groupId: symbol) => D;
    fill: (parts: D[]) => D;
  },
  ids: symbol[],
): D {
  const id = (index: number | undefined): symbol | undefined =>
    index === undefined ? undefined : ids[index];
  switch (node.kind) {
    case "text":
      return b.text(node.text);
    case "line":
    case "softline":
    case "hardline":
      return b[node.kind];
    case "concat":
      return b.concat(node.parts.map((part) => build(part, b, ids)));
    case "group":
      return b.group(
        build(node.contents, b, ids),
        node.shouldBreak,
        id(node.id),
      );
    case "indent":
      return b.indent(build(node.contents, b, ids));
    case "ifBreak":
      return b.ifBreak(
        build(node.breakContents, b, ids),
        build(node.flatContents, b, ids),
        id(node.groupId),
      );
    case "indentIfBreak":
      return b.indentIfBreak(build(node.contents, b, ids), id(node.groupId)!);
    case "fill":
      return b.fill(node.parts.map((part) => build(part, b, ids)));
  }
}

/** Group ids used once only: prettier (and we) require a group id to belong to one group. */
function uniqueIds(node: Shape, seen = new Set<number>()): Shape {
  switch (node.kind) {
    case "group": {
      const id =
        node.id !== undefined && !seen.has(node.id) ? node.id : undefined;
      if (id !== undefined) seen.add(id);
      return { ...node, id, contents: uniqueIds(node.contents, seen) };
    }
    case "concat":
    case "fill":
      return {
        ...node,
        parts: node.parts.map((part) => uniqueIds(part, seen)),
      };
    case "indent":
    case "indentIfBreak":
      return { ...node, contents: uniqueIds(node.contents, seen) };
    case "ifBreak":
      return {
        ...node,
        breakContents: uniqueIds(node.breakContents, seen),
        flatContents: uniqueIds(node.flatContents, seen),
      };
    default:
      return node;
  }
}

describe("the doc printer", () => {
  it("lays out any doc exactly as prettier's own printer does", () => {
    const p = prettier.doc.builders;
    fc.assert(
      fc.property(
        shape.map((each) => uniqueIds(each)),
        fc.integer({ min: 10, max: 80 }),
        (node, width) => {
          const ids = [Symbol("a"), Symbol("b"), Symbol("c"), Symbol("d")];
          const mine = build<ours.Doc>(
            node,
            {
              text: (text) => text,
              line: ours.line,
              softline: ours.softline,
              hardline: ours.hardline,
              concat: (parts) => parts,
              group: (contents, shouldBreak, id) =>
                ours.group(contents, { shouldBreak, ...(id ? { id } : {}) }),
              indent: ours.indent,
              ifBreak: (breakContents, flatContents, groupId) =>
                ours.ifBreak(
                  breakContents,
                  flatContents,
                  groupId ? { groupId } : {},
                ),
              indentIfBreak: ours.indentIfBreak,
              fill: ours.fill,
            },
            ids,
          );
          const theirs = build<prettier.Doc>(
            node,
            {
              text: (text) => text,
              line: p.line,
              softline: p.softline,
              hardline: p.hardline,
              concat: (parts) => parts,
              group: (contents, shouldBreak, id) =>
                p.group(contents, { shouldBreak, ...(id ? { id } : {}) }),
              indent: p.indent,
              ifBreak: (breakContents, flatContents, groupId) =>
                p.ifBreak(
                  breakContents,
                  flatContents,
                  groupId ? { groupId } : {},
                ),
              indentIfBreak: (contents, groupId) =>
                p.indentIfBreak(contents, { groupId }),
              fill: p.fill,
            },
            ids,
          );
          const expected = prettier.doc.printer.printDocToString(theirs, {
            printWidth: width,
            tabWidth: 2,
            useTabs: false,
          } as never).formatted;
          expect(ours.printDoc(mine, width)).toBe(expected);
        },
      ),
      { numRuns: 1500 },
    );
  });
});
