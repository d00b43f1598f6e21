import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { NamedSchema, SchemaNode } from "../../../src/runtime/schema.js";
import {
  canonicalJson,
  hashString,
  SAMPLE_EPOCH_MS,
  sampleValue,
  seedFor,
} from "../../../src/runtime/mock/sample.js";
import { validateValue } from "../../../src/runtime/mock/validate.js";
import { api } from "./fixture.js";

describe("seeding", () => {
  it("canonicalises member order at every level", () => {
    expect(canonicalJson({ b: 1, a: [{ d: 1, c: null }] })).toBe(
      '{"a":[{"c":null,"d":1}],"b":1}',
    );
    expect(canonicalJson(undefined)).toBe("");
    expect(seedFor("op", { a: 1, b: 2 })).toBe(seedFor("op", { b: 2, a: 1 }));
    expect(seedFor("op", { a: 1 })).not.toBe(seedFor("op2", { a: 1 }));
  });

  it("hashes stably (FNV-1a reference values)", () => {
    // Pinned: a change here changes every generated mock response.
    expect(hashString("")).toBe(0x811c9dc5);
    expect(hashString("a")).toBe(0xe40c292c);
    expect(hashString("foobar")).toBe(0xbf9cf968);
  });

  it("produces pinned output for a pinned seed", () => {
    const schema: SchemaNode = {
      kind: "object",
      properties: [
        {
          name: "id",
          required: true,
          schema: { kind: "integer", minimum: 1, maximum: 100 },
        },
        {
          name: "when",
          required: true,
          schema: { kind: "string", format: "date" },
        },
        {
          name: "kind",
          required: true,
          schema: { kind: "enum", values: ["A", "B", "C"] },
        },
      ],
    };
    const value = sampleValue(schema, [], 42);
    expect(value).toEqual(sampleValue(schema, [], 42));
    expect(value).not.toEqual(sampleValue(schema, [], 43));
    // Golden value: same on every run and machine. Update deliberately only.
    expect(value).toMatchInlineSnapshot(`
      {
        "id": 61,
        "kind": "C",
        "when": "2024-06-12",
      }
    `);
  });
});

describe("sampleValue", () => {
  const nodes: NamedSchema[] = [...api.schemas];

  it("satisfies the fixture's schemas for any seed", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffffffff }), (seed) => {
        for (const { schema } of nodes) {
          expect(
            validateValue(
              sampleValue(schema, api.schemas, seed),
              schema,
              api.schemas,
            ),
          ).toEqual([]);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("honours formats, with dates based on a fixed epoch", () => {
    for (let seed = 0; seed < 50; seed++) {
      const dt = sampleValue(
        { kind: "string", format: "date-time" },
        [],
        seed,
      ) as string;
      expect(dt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
      const t = Date.parse(dt);
      expect(t).toBeGreaterThanOrEqual(SAMPLE_EPOCH_MS);
      expect(t).toBeLessThan(SAMPLE_EPOCH_MS + 366 * 86_400_000);
      expect(sampleValue({ kind: "string", format: "date" }, [], seed)).toMatch(
        /^2024-\d\d-\d\d$|^2025-01-01$/,
      );
      expect(sampleValue({ kind: "string", format: "uuid" }, [], seed)).toMatch(
        /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      );
      expect(
        sampleValue({ kind: "string", format: "email" }, [], seed),
      ).toMatch(/^[a-z0-9.]+@example\.com$/);
      expect(
        () =>
          new URL(
            sampleValue({ kind: "string", format: "uri" }, [], seed) as string,
          ),
      ).not.toThrow();
    }
  });

  it("honours maxLength/minLength even with a format", () => {
    for (let seed = 0; seed < 50; seed++) {
      const s = sampleValue(
        { kind: "string", format: "email", maxLength: 5 },
        [],
        seed,
      ) as string;
      expect(s.length).toBeLessThanOrEqual(5);
      const t = sampleValue(
        { kind: "string", minLength: 40 },
        [],
        seed,
      ) as string;
      expect(t.length).toBeGreaterThanOrEqual(40);
    }
  });

  it.each([
    "^[0-9]{10,16}$",
    "^[A-Z]{3}$",
    "^PK\\d{2}[A-Z]{4}\\d{16}$",
    "^(ACTIVE|DORMANT)-[a-f0-9]{4,}$",
    "^[^\\s@]+@[^\\s@]+\\.[a-z]{2,3}$",
    "^\\+?[0-9]{1,3}(?:-[0-9]{3})*$",
    "^[\\w.-]+$",
    "abc",
    "^\\u00e9\\x41.$",
  ])("generates strings matching %s", (pattern) => {
    const re = new RegExp(pattern);
    for (let seed = 0; seed < 30; seed++) {
      const s = sampleValue({ kind: "string", pattern }, [], seed) as string;
      expect(s).toMatch(re);
    }
  });

  it.each(["^\\u{1F600}+[\\v\\f]\\0$", "^😀{2}[😀-😂]$", "^[^]{3}$"])(
    "generates strings matching %s as the u flag reads it",
    (pattern) => {
      const re = new RegExp(pattern, "u");
      for (let seed = 0; seed < 30; seed++) {
        const s = sampleValue({ kind: "string", pattern }, [], seed) as string;
        expect(s).toMatch(re);
      }
    },
  );

  it("combines pattern and length bounds", () => {
    for (let seed = 0; seed < 30; seed++) {
      const s = sampleValue(
        { kind: "string", pattern: "^[A-Z0-9-]+$", minLength: 4, maxLength: 6 },
        [],
        seed,
      );
      expect(
        validateValue(
          s,
          {
            kind: "string",
            pattern: "^[A-Z0-9-]+$",
            minLength: 4,
            maxLength: 6,
          },
          [],
        ),
      ).toEqual([]);
    }
  });

  it("falls back to a plain string for patterns it cannot generate", () => {
    const s = sampleValue({ kind: "string", pattern: "^(?=a)a\\1$" }, [], 1);
    expect(typeof s).toBe("string");
  });

  it("keeps numbers within bounds and integers whole", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 0xffffffff }),
        fc.double({ min: -1e6, max: 1e6, noNaN: true }),
        fc.double({ min: 0, max: 1e6, noNaN: true }),
        (seed, lo, span) => {
          const n = sampleValue(
            { kind: "number", minimum: lo, maximum: lo + span },
            [],
            seed,
          ) as number;
          expect(n).toBeGreaterThanOrEqual(lo);
          expect(n).toBeLessThanOrEqual(lo + span);
          if (span >= 1) {
            const i = sampleValue(
              { kind: "integer", minimum: lo, maximum: lo + span },
              [],
              seed,
            ) as number;
            expect(Number.isInteger(i)).toBe(true);
            expect(i).toBeGreaterThanOrEqual(lo);
            expect(i).toBeLessThanOrEqual(lo + span);
          }
        },
      ),
    );
    expect(
      sampleValue({ kind: "integer", maximum: -5 }, [], 3),
    ).toBeLessThanOrEqual(-5);
  });

  it("keeps integers whole and within bounds that are wider than any double", () => {
    // maximum - minimum overflows to Infinity: no Infinity (JSON null) comes out.
    const wide = { kind: "integer", minimum: -1e308, maximum: 1e308 } as const;
    for (const seed of [1, 2, 3, 0xffffffff]) {
      const i = sampleValue(wide, [], seed);
      expect(Number.isInteger(i)).toBe(true);
      expect(validateValue(JSON.parse(JSON.stringify(i)), wide, [])).toEqual(
        [],
      );
    }
  });

  it("keeps samples to numbers the client reads exactly (below 2^53) where the bounds allow", () => {
    // The client refuses an answer holding a number from 2^53 on: a
    // sample there would fail a write against its own mock.
    const near = 9007199254740000;
    for (const schema of [
      { kind: "integer", minimum: near },
      { kind: "number", minimum: near },
      { kind: "integer", maximum: -near },
      { kind: "integer", minimum: -1e20, maximum: 1e20 },
    ] as const) {
      for (let seed = 0; seed < 200; seed++) {
        const n = sampleValue(schema, [], seed) as number;
        expect(Number.isSafeInteger(Math.round(n))).toBe(true);
        expect(validateValue(n, schema, [])).toEqual([]);
      }
    }
    // Bounds beyond it leave no choice.
    expect(sampleValue({ kind: "integer", minimum: 1e20 }, [], 1)).toBe(1e20);
  });

  it("prefers examples, including a named schema's own example", () => {
    const schemas: NamedSchema[] = [
      { name: "Money", schema: { kind: "number", example: 12.5 } },
      { name: "Alias", schema: { kind: "ref", name: "Money", example: 99 } },
    ];
    expect(sampleValue({ kind: "ref", name: "Money" }, schemas, 1)).toBe(12.5);
    expect(sampleValue({ kind: "ref", name: "Alias" }, schemas, 1)).toBe(99);
    const ex = { a: [1] };
    const out = sampleValue(
      {
        kind: "object",
        properties: [
          {
            name: "a",
            required: true,
            schema: { kind: "array", items: { kind: "integer" } },
          },
        ],
        example: ex,
      },
      [],
      1,
    ) as { a: number[] };
    out.a.push(2);
    expect(ex.a).toEqual([1]); // callers get a copy
  });

  // Found: the sampler served any example, and the docs checked examples
  // with their own copy of this walk. A checked spec's examples all fit
  // (RG044); an unchecked schema's broken one is passed over.
  it("passes over an example its schema refuses, also behind a ref", () => {
    const schemas: NamedSchema[] = [
      {
        name: "Code",
        schema: { kind: "string", maxLength: 3, example: "TOO LONG" },
      },
      {
        name: "Node",
        schema: {
          kind: "object",
          properties: [
            {
              name: "next",
              required: true,
              schema: { kind: "ref", name: "Node" },
            },
          ],
          // Does not fit, so it cannot end the recursion either.
          example: { next: 1 },
        },
      },
    ];
    for (let seed = 0; seed < 20; seed++) {
      const code = sampleValue({ kind: "ref", name: "Code" }, schemas, seed);
      expect(code).not.toBe("TOO LONG");
      expect(
        validateValue(code, { kind: "ref", name: "Code" }, schemas),
      ).toEqual([]);
      expect(
        sampleValue({ kind: "integer", maximum: 5, example: 9 }, [], seed),
      ).toBeLessThanOrEqual(5);
    }
    expect(() =>
      sampleValue({ kind: "ref", name: "Node" }, schemas, 1),
    ).toThrow(/requires itself/);
  });

  it("leaves out every optional member with optionalMembers: false", () => {
    const schema: SchemaNode = {
      kind: "object",
      properties: [
        { name: "id", required: true, schema: { kind: "string" } },
        { name: "note", required: false, schema: { kind: "string" } },
        {
          name: "inner",
          required: true,
          schema: {
            kind: "object",
            properties: [
              { name: "flag", required: false, schema: { kind: "boolean" } },
              { name: "n", required: true, schema: { kind: "integer" } },
            ],
          },
        },
      ],
    };
    for (let seed = 0; seed < 20; seed++) {
      const value = sampleValue(schema, [], seed, {
        optionalMembers: false,
      }) as { inner: object };
      expect(Object.keys(value)).toEqual(["id", "inner"]);
      expect(Object.keys(value.inner)).toEqual(["n"]);
      expect(validateValue(value, schema, [])).toEqual([]);
      // Left to its default, the sampler shows them.
      expect(Object.keys(sampleValue(schema, [], seed) as object)).toEqual([
        "id",
        "note",
        "inner",
      ]);
    }
  });

  it("terminates on recursive schemas and treats __proto__ as data", () => {
    const schemas: NamedSchema[] = [
      {
        name: "Tree",
        schema: {
          kind: "object",
          properties: [
            {
              name: "label",
              required: true,
              schema: { kind: "string", maxLength: 8 },
            },
            {
              name: "children",
              required: true,
              schema: { kind: "array", items: { kind: "ref", name: "Tree" } },
            },
            {
              name: "parent",
              required: false,
              schema: { kind: "ref", name: "Tree" },
            },
          ],
        },
      },
    ];
    for (let seed = 0; seed < 20; seed++) {
      const tree = sampleValue({ kind: "ref", name: "Tree" }, schemas, seed);
      expect(
        validateValue(tree, { kind: "ref", name: "Tree" }, schemas),
      ).toEqual([]);
    }
    const obj = sampleValue(
      {
        kind: "object",
        properties: [
          { name: "__proto__", required: true, schema: { kind: "boolean" } },
        ],
      },
      [],
      1,
    ) as Record<string, unknown>;
    expect(Object.getPrototypeOf(obj)).toBe(Object.prototype);
    expect(Object.keys(obj)).toEqual(["__proto__"]);
  });

  it("throws for a schema with no finite value", () => {
    const schemas: NamedSchema[] = [
      {
        name: "Forever",
        schema: {
          kind: "object",
          properties: [
            {
              name: "next",
              required: true,
              schema: { kind: "ref", name: "Forever" },
            },
          ],
        },
      },
    ];
    expect(() =>
      sampleValue({ kind: "ref", name: "Forever" }, schemas, 1),
    ).toThrow(/recursion/);
  });
});
