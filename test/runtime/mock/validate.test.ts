import { describe, expect, it } from "vitest";
import type { SchemaNode } from "../../../src/runtime/schema.js";
import {
  compilePattern,
  findUnresolvedRefs,
  pointer,
  resolveSchema,
  schemaLookup,
  validateValue,
} from "../../../src/runtime/mock/validate.js";

const paths = (v: { path: string; keyword: string }[]): string[] =>
  v.map((x) => `${x.path} ${x.keyword}`);

describe("validateValue", () => {
  it("checks JSON types, with integer needing a whole number", () => {
    expect(paths(validateValue("1", { kind: "number" }, []))).toEqual([
      " type",
    ]);
    expect(paths(validateValue(1.5, { kind: "integer" }, []))).toEqual([
      " type",
    ]);
    expect(validateValue(2, { kind: "integer" }, [])).toEqual([]);
    expect(paths(validateValue(null, { kind: "string" }, []))).toEqual([
      " type",
    ]);
    expect(
      paths(validateValue([], { kind: "object", properties: [] }, [])),
    ).toEqual([" type"]);
    expect(
      paths(
        validateValue({}, { kind: "array", items: { kind: "string" } }, []),
      ),
    ).toEqual([" type"]);
    expect(paths(validateValue("true", { kind: "boolean" }, []))).toEqual([
      " type",
    ]);
    expect(validateValue(1.5, { kind: "integer" }, [])[0]?.message).toBe(
      "expected integer, got number",
    );
  });

  it("checks bounds inclusively and counts string length in code points", () => {
    const n: SchemaNode = { kind: "number", minimum: 1, maximum: 2 };
    expect(validateValue(1, n, [])).toEqual([]);
    expect(validateValue(2, n, [])).toEqual([]);
    expect(paths(validateValue(0.99, n, []))).toEqual([" minimum"]);
    expect(paths(validateValue(2.01, n, []))).toEqual([" maximum"]);
    const s: SchemaNode = { kind: "string", minLength: 2, maxLength: 2 };
    expect(validateValue("😀é", s, [])).toEqual([]); // 2 code points, 3 UTF-16 units
    expect(paths(validateValue("a", s, []))).toEqual([" minLength"]);
    expect(paths(validateValue("abc", s, []))).toEqual([" maxLength"]);
  });

  it("checks enum values and patterns, unanchored as in JSON Schema", () => {
    const e: SchemaNode = { kind: "enum", values: ["A", "B"] };
    expect(validateValue("A", e, [])).toEqual([]);
    expect(paths(validateValue("a", e, []))).toEqual([" enum"]);
    expect(paths(validateValue(1, e, []))).toEqual([" enum"]);
    expect(
      validateValue("xx12", { kind: "string", pattern: "[0-9]+" }, []),
    ).toEqual([]);
    expect(
      paths(validateValue("xx12", { kind: "string", pattern: "^[0-9]+$" }, [])),
    ).toEqual([" pattern"]);
  });

  it("compiles patterns in Unicode mode only, as the checker accepts them, and ignores uncompilable ones", () => {
    expect(compilePattern("^\\p{L}+$")?.flags).toBe("u");
    // Legacy mode would read `\u{1F600}` as 128512 u's.
    expect(compilePattern("^\\u{1F600}$")?.test("\u{1F600}")).toBe(true);
    expect(compilePattern("^a\\-b$")).toBeUndefined();
    expect(compilePattern("(")).toBeUndefined();
    expect(
      validateValue("a-b", { kind: "string", pattern: "^[\\w-]+$" }, []),
    ).toEqual([]);
    expect(
      validateValue("anything", { kind: "string", pattern: "(" }, []),
    ).toEqual([]);
  });

  it("checks array sizes and every item", () => {
    const a: SchemaNode = {
      kind: "array",
      items: { kind: "integer" },
      minItems: 1,
      maxItems: 2,
    };
    expect(paths(validateValue([], a, []))).toEqual([" minItems"]);
    expect(paths(validateValue([1, "x", 2.5], a, []))).toEqual([
      " maxItems",
      "/1 type",
      "/2 type",
    ]);
  });

  it("reports missing required and unknown members, but not missing optional ones", () => {
    const o: SchemaNode = {
      kind: "object",
      properties: [
        { name: "a", required: true, schema: { kind: "string" } },
        { name: "b", required: false, schema: { kind: "string" } },
      ],
    };
    expect(validateValue({ a: "x" }, o, [])).toEqual([]);
    expect(paths(validateValue({ b: 1, c: 2, constructor: 3 }, o, []))).toEqual(
      ["/a required", "/b type", "/c unknown", "/constructor unknown"],
    );
    // Inherited members are not own members.
    expect(
      paths(
        validateValue(
          {},
          {
            kind: "object",
            properties: [
              { name: "toString", required: true, schema: { kind: "string" } },
            ],
          },
          [],
        ),
      ),
    ).toEqual(["/toString required"]);
  });

  it("escapes JSON pointer tokens", () => {
    expect(pointer("", "a/b~c")).toBe("/a~1b~0c");
    const o: SchemaNode = { kind: "object", properties: [] };
    expect(validateValue({ "x/y": 1 }, o, [])[0]?.path).toBe("/x~1y");
  });

  it("resolves refs, including recursive schemas, and reports dangling ones", () => {
    const schemas = [
      {
        name: "Node",
        schema: {
          kind: "object",
          properties: [
            { name: "v", required: true, schema: { kind: "integer" } },
            {
              name: "kids",
              required: false,
              schema: { kind: "array", items: { kind: "ref", name: "Node" } },
            },
          ],
        } as SchemaNode,
      },
      { name: "Alias", schema: { kind: "ref", name: "Node" } as SchemaNode },
      { name: "LoopA", schema: { kind: "ref", name: "LoopB" } as SchemaNode },
      { name: "LoopB", schema: { kind: "ref", name: "LoopA" } as SchemaNode },
    ];
    const tree = { v: 1, kids: [{ v: 2 }, { v: 3, kids: [{ v: "4" }] }] };
    expect(
      paths(validateValue(tree, { kind: "ref", name: "Alias" }, schemas)),
    ).toEqual(["/kids/1/kids/0/v type"]);
    expect(
      paths(validateValue(1, { kind: "ref", name: "Nope" }, schemas)),
    ).toEqual([" ref"]);
    expect(
      paths(validateValue(1, { kind: "ref", name: "LoopA" }, schemas)),
    ).toEqual([" ref"]);
    const lookup = schemaLookup(schemas);
    expect(
      resolveSchema({ kind: "ref", name: "LoopA" }, lookup),
    ).toBeUndefined();
    expect(resolveSchema({ kind: "ref", name: "Alias" }, lookup)?.kind).toBe(
      "object",
    );
    expect(
      findUnresolvedRefs(
        { kind: "array", items: { kind: "ref", name: "Gone" } },
        lookup,
      ),
    ).toEqual(["Gone"]);
    expect(findUnresolvedRefs({ kind: "ref", name: "Node" }, lookup)).toEqual(
      [],
    );
  });
});
