/**
 * Review fixes for the mock runtime: samples that break their own schema
 * (`maxItems: 0`, formats under length bounds), finite schemas refused as
 * "too deep", huge bounds that exhausted memory, and unchecked `format`.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { NamedSchema, SchemaNode } from "../../../src/runtime/schema.js";
import type { JsonValue } from "../../../src/runtime/json.js";
import {
  MAX_SAMPLE_DEPTH,
  MAX_SAMPLE_SIZE,
  sampleValue,
} from "../../../src/runtime/mock/sample.js";
import {
  CHECKED_FORMATS,
  findUnresolvedRefs,
  schemaLookup,
  validateValue,
} from "../../../src/runtime/mock/validate.js";
import {
  createMockEngine,
  type MockApi,
} from "../../../src/runtime/mock/engine.js";
import { issueToken, opRequest } from "./fixture.js";

const paths = (v: { path: string; keyword: string }[]): string[] =>
  v.map((x) => `${x.path} ${x.keyword}`);

/** L0 -> L1 -> ... -> L(n-1) through required `next` refs, ending in a string. */
function chain(n: number): NamedSchema[] {
  const schemas: NamedSchema[] = [];
  for (let i = 0; i < n; i++) {
    schemas.push({
      name: `L${i}`,
      schema: {
        kind: "object",
        properties: [
          {
            name: "next",
            required: true,
            schema: { kind: "ref", name: `L${i + 1}` },
          },
        ],
      },
    });
  }
  schemas.push({ name: `L${n}`, schema: { kind: "string", maxLength: 4 } });
  return schemas;
}

/** Depth of a chain value without recursion. */
function chainDepth(value: JsonValue): number {
  let depth = 0;
  let v: JsonValue = value;
  while (v !== null && typeof v === "object" && !Array.isArray(v)) {
    v = (v as { next: JsonValue }).next;
    depth++;
  }
  return depth;
}

describe("maxItems without minItems", () => {
  it("samples maxItems: 0 as an empty list, at the top and inside objects", () => {
    const list: SchemaNode = {
      kind: "array",
      items: { kind: "string" },
      maxItems: 0,
    };
    const obj: SchemaNode = {
      kind: "object",
      properties: [{ name: "list", required: true, schema: list }],
    };
    for (let seed = 0; seed < 50; seed++) {
      expect(sampleValue(list, [], seed)).toEqual([]);
      expect(sampleValue(obj, [], seed)).toEqual({ list: [] });
    }
  });

  it("keeps maxItems: 1 lists at one item", () => {
    for (let seed = 0; seed < 50; seed++) {
      const v = sampleValue(
        { kind: "array", items: { kind: "boolean" }, maxItems: 1 },
        [],
        seed,
      ) as JsonValue[];
      expect(v).toHaveLength(1);
    }
  });
});

describe("deep but finite schemas", () => {
  it.each([33, 1000])("samples %i levels of required refs", (n) => {
    const schemas = chain(n);
    const value = sampleValue({ kind: "ref", name: "L0" }, schemas, 7);
    expect(chainDepth(value)).toBe(n);
    expect(validateValue(value, { kind: "ref", name: "L0" }, schemas)).toEqual(
      [],
    );
    // The engine answers with JSON: the value must serialise.
    expect(() => JSON.stringify(value)).not.toThrow();
  });

  it("samples up to MAX_SAMPLE_DEPTH levels, and refuses deeper ones with an Error, not a stack overflow", () => {
    const ok = chain(MAX_SAMPLE_DEPTH - 1);
    expect(chainDepth(sampleValue({ kind: "ref", name: "L0" }, ok, 1))).toBe(
      MAX_SAMPLE_DEPTH - 1,
    );
    const schemas = chain(20_000);
    let caught: unknown;
    try {
      sampleValue({ kind: "ref", name: "L0" }, schemas, 1);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(Error);
    expect(caught).not.toBeInstanceOf(RangeError);
    expect((caught as Error).message).toMatch(/deeper than \d+ levels/);
  });

  it("walks a 20000-level spec for unresolved refs without recursion", () => {
    const schemas = chain(20_000);
    const lookup = schemaLookup(schemas);
    expect(findUnresolvedRefs({ kind: "ref", name: "L0" }, lookup)).toEqual([]);
    expect(
      findUnresolvedRefs(
        { kind: "ref", name: "L0" },
        schemaLookup(schemas.slice(0, -1)),
      ),
    ).toEqual(["L20000"]);
  });

  it("still refuses schemas that recurse through required members only", () => {
    const schemas: NamedSchema[] = [
      {
        name: "A",
        schema: {
          kind: "object",
          properties: [
            { name: "b", required: true, schema: { kind: "ref", name: "B" } },
          ],
        },
      },
      {
        name: "B",
        schema: {
          kind: "array",
          minItems: 1,
          items: { kind: "ref", name: "A" },
        },
      },
    ];
    expect(() => sampleValue({ kind: "ref", name: "A" }, schemas, 1)).toThrow(
      /recursion/,
    );
  });

  it("samples recursion that can stop (optional members, arrays without minItems)", () => {
    const schemas: NamedSchema[] = [
      {
        name: "Node",
        schema: {
          kind: "object",
          properties: [
            { name: "v", required: true, schema: { kind: "integer" } },
            {
              name: "kids",
              required: true,
              schema: { kind: "array", items: { kind: "ref", name: "Node" } },
            },
            {
              name: "next",
              required: false,
              schema: { kind: "ref", name: "Node" },
            },
          ],
        },
      },
    ];
    for (let seed = 0; seed < 20; seed++) {
      const v = sampleValue({ kind: "ref", name: "Node" }, schemas, seed);
      expect(validateValue(v, { kind: "ref", name: "Node" }, schemas)).toEqual(
        [],
      );
    }
  });

  it("refuses a finite schema whose every value is too large, quickly", () => {
    // 40 levels, each with two required members of the next level: the
    // smallest value has 2^40 leaves.
    const schemas: NamedSchema[] = [];
    for (let i = 0; i < 40; i++) {
      const next: SchemaNode = { kind: "ref", name: `D${i + 1}` };
      schemas.push({
        name: `D${i}`,
        schema: {
          kind: "object",
          properties: [
            { name: "a", required: true, schema: next },
            { name: "b", required: true, schema: next },
          ],
        },
      });
    }
    schemas.push({ name: "D40", schema: { kind: "boolean" } });
    expect(() => sampleValue({ kind: "ref", name: "D0" }, schemas, 1)).toThrow(
      /too large to sample/,
    );
  });
});

describe("huge bounds", () => {
  it("refuses minItems and minLength past the caps with an Error instead of allocating", () => {
    expect(() =>
      sampleValue(
        { kind: "array", items: { kind: "string" }, minItems: 100_000_000 },
        [],
        1,
      ),
    ).toThrow(/too large to sample/);
    expect(() =>
      sampleValue({ kind: "string", minLength: 100_000_000 }, [], 1),
    ).toThrow(/too large to sample/);
    expect(() =>
      sampleValue(
        { kind: "string", minLength: 100_000_000, pattern: "^a+$" },
        [],
        1,
      ),
    ).toThrow(/too large to sample/);
    expect(() =>
      sampleValue({ kind: "string", pattern: "^a{100000000}$" }, [], 1),
    ).toThrow(/too large to sample/);
    expect(() =>
      sampleValue(
        {
          kind: "array",
          minItems: 1000,
          items: {
            kind: "array",
            minItems: 1000,
            items: { kind: "integer" },
          },
        },
        [],
        1,
      ),
    ).toThrow(/too large to sample/);
  });

  it("samples large but reasonable bounds in full", () => {
    const list: SchemaNode = {
      kind: "array",
      items: { kind: "integer", minimum: 0, maximum: 9 },
      minItems: 100_000,
    };
    const items = sampleValue(list, [], 1) as number[];
    expect(items.length).toBeGreaterThanOrEqual(100_000);
    expect(validateValue(items, list, [])).toEqual([]);
    const text: SchemaNode = { kind: "string", minLength: 100_000 };
    const s = sampleValue(text, [], 1) as string;
    expect(validateValue(s, text, [])).toEqual([]);
    // Huge maxima are fine: nothing forces the sample to be large.
    const wide: SchemaNode = {
      kind: "string",
      pattern: "^[a-z]{1,100000000}$",
      maxLength: 100_000_000,
    };
    expect(validateValue(sampleValue(wide, [], 1), wide, [])).toEqual([]);
    const many: SchemaNode = {
      kind: "array",
      items: { kind: "boolean" },
      maxItems: 100_000_000,
    };
    expect(validateValue(sampleValue(many, [], 1), many, [])).toEqual([]);
    expect(MAX_SAMPLE_SIZE).toBeGreaterThanOrEqual(100_000);
  });

  it("end to end: refuses a request whose date-time is not one, answers with a valid one", async () => {
    const when: SchemaNode = {
      kind: "object",
      properties: [
        {
          name: "at",
          required: true,
          schema: { kind: "string", format: "date-time" },
        },
      ],
    };
    const api: MockApi = {
      setId: "when",
      plan: { name: "Silver", limit: 100, intervalMs: 3_600_000 },
      baseUrl: "https://remittance.mock",
      auth: { scheme: "oauth2-client-credentials", tokenPath: "/oauth2/token" },
      schemas: [{ name: "When", schema: when }],
      operations: [
        {
          name: "when",
          method: "POST",
          path: "/when",
          effect: "read",
          request: { kind: "ref", name: "When" },
          response: { kind: "ref", name: "When" },
        },
      ],
    };
    const engine = createMockEngine(api);
    const token = await issueToken(engine);
    const ok = await engine.handle(
      opRequest(engine, "when", { at: "2024-03-01T10:00:00Z" }, token),
    );
    if (ok.kind !== "response") throw new Error(ok.kind);
    expect(ok.response.status).toBe(200);
    expect(validateValue(await ok.response.json(), when, [])).toEqual([]);
    const bad = await engine.handle(
      opRequest(engine, "when", { at: "next tuesday" }, token),
    );
    if (bad.kind !== "response") throw new Error(bad.kind);
    expect(bad.response.status).not.toBe(200);
    const body = (await bad.response.json()) as {
      error: { code: string; details: { path: string; keyword: string }[] };
    };
    expect(body.error.code).toBe("validation_failed");
    expect(paths(body.error.details)).toEqual(["/at format"]);
  });

  it("answers the call with the engine's mock_error, and the next call still works", async () => {
    const api: MockApi = {
      setId: "huge",
      plan: { name: "Silver", limit: 100, intervalMs: 3_600_000 },
      baseUrl: "https://remittance.mock",
      auth: { scheme: "oauth2-client-credentials", tokenPath: "/oauth2/token" },
      schemas: [],
      operations: [
        {
          name: "huge",
          method: "POST",
          path: "/huge",
          effect: "read",
          response: { kind: "string", minLength: 100_000_000 },
        },
        {
          name: "empty",
          method: "POST",
          path: "/empty",
          effect: "read",
          response: {
            kind: "array",
            items: { kind: "string" },
            maxItems: 0,
          },
        },
      ],
    };
    const engine = createMockEngine(api);
    const token = await issueToken(engine);
    const huge = await engine.handle(opRequest(engine, "huge", {}, token));
    if (huge.kind !== "response") throw new Error(huge.kind);
    expect(huge.response.status).toBe(500);
    const body = (await huge.response.json()) as {
      error: { code: string; message: string };
    };
    expect(body.error.code).toBe("mock_error");
    expect(body.error.message).toMatch(/too large to sample/);
    const empty = await engine.handle(opRequest(engine, "empty", {}, token));
    if (empty.kind !== "response") throw new Error(empty.kind);
    expect(empty.response.status).toBe(200);
    expect(await empty.response.json()).toEqual([]);
  });
});

describe("format validation", () => {
  const fmt = (format: string, value: JsonValue): string[] =>
    paths(validateValue(value, { kind: "string", format }, []));

  it("checks date-time per RFC 3339", () => {
    for (const ok of [
      "2024-03-01T10:00:00Z",
      "2024-03-01t10:00:00z",
      "2024-02-29T23:59:59.123456+05:00",
      "2000-02-29T00:00:00-00:00",
      "1999-12-31T23:59:60Z",
    ]) {
      expect(fmt("date-time", ok)).toEqual([]);
    }
    for (const bad of [
      "next tuesday",
      "2024-03-01",
      "2024-03-01T10:00:00",
      "2024-03-01 10:00:00Z",
      "2024-02-30T10:00:00Z",
      "2023-02-29T10:00:00Z",
      "2024-13-01T10:00:00Z",
      "2024-04-31T10:00:00Z",
      "2024-03-01T24:00:00Z",
      "2024-03-01T10:60:00Z",
      "2024-03-01T10:00:61Z",
      "2024-03-01T10:00:00.Z",
      "2024-03-01T10:00:00+24:00",
      "2024-03-01T10:00:00+0500",
      " 2024-03-01T10:00:00Z",
      "2024-03-01T10:00:00Z\n",
    ]) {
      expect(fmt("date-time", bad), bad).toEqual([" format"]);
    }
  });

  it("checks date per RFC 3339 full-date, leap years included", () => {
    for (const ok of ["2024-02-29", "2000-02-29", "2023-12-31", "0001-01-01"]) {
      expect(fmt("date", ok)).toEqual([]);
    }
    for (const bad of [
      "2024-02-30",
      "2023-02-29",
      "1900-02-29",
      "2024-00-10",
      "2024-06-31",
      "2024-06-00",
      "2024-6-1",
      "24-06-01",
      "2024-06-01T00:00:00Z",
    ]) {
      expect(fmt("date", bad), bad).toEqual([" format"]);
    }
  });

  it("checks email, uuid and uri/url", () => {
    expect(fmt("email", "ops.1a2b@example.com")).toEqual([]);
    expect(fmt("email", "a@b")).toEqual([]);
    for (const bad of [
      "nobody",
      "a@",
      "@b.com",
      "a b@c.com",
      "a@b@c",
      "a@-b.com",
    ]) {
      expect(fmt("email", bad), bad).toEqual([" format"]);
    }
    expect(fmt("uuid", "123e4567-e89b-42d3-a456-426614174000")).toEqual([]);
    expect(fmt("uuid", "123E4567-E89B-42D3-A456-426614174000")).toEqual([]);
    for (const bad of [
      "123e4567e89b42d3a456426614174000",
      "not-a-uuid",
      "123e4567-e89b-42d3-a456-42661417400g",
    ]) {
      expect(fmt("uuid", bad), bad).toEqual([" format"]);
    }
    for (const f of ["uri", "url"]) {
      expect(fmt(f, "https://example.com/a?b=c#d")).toEqual([]);
      expect(fmt(f, "urn:isbn:0451450523")).toEqual([]);
      for (const bad of [
        "example.com/a",
        "/relative",
        "http://a b",
        "1http://x",
      ]) {
        expect(fmt(f, bad), bad).toEqual([" format"]);
      }
    }
  });

  it("checks email and uri values of megabytes, as the spec check does for examples", () => {
    // Groups under a star kept a regexp backtrack entry per repetition:
    // these overflowed V8's regexp stack, and a spec example stopped validate.
    const labels = "a.".repeat(4_500_000);
    expect(fmt("email", `${labels}a@${labels}b`)).toEqual([]);
    expect(fmt("email", `${labels}@b`)).toEqual([" format"]);
    expect(fmt("email", `a@${labels}-b`)).toEqual([" format"]);
    expect(fmt("uri", `a:${"%20/".repeat(2_500_000)}`)).toEqual([]);
    expect(fmt("uri", `a:${"%20/".repeat(2_500_000)}%2`)).toEqual([" format"]);
    for (const ok of ["a.b@c-d.e", "a@b.c.d", "!#$%&'*+/=?^_`{|}~-@x"]) {
      expect(fmt("email", ok), ok).toEqual([]);
    }
    for (const bad of [
      ".a@b",
      "a.@b",
      "a..b@c",
      "a@b.",
      "a@.b",
      "a@b..c",
      "a@b-",
      "a@b.-c",
      "a@b_c",
    ]) {
      expect(fmt("email", bad), bad).toEqual([" format"]);
    }
    expect(fmt("uri", "a:%41%7e")).toEqual([]);
    for (const bad of ["a:%", "a:%4", "a:%zz", "a%20:b", ":b"]) {
      expect(fmt("uri", bad), bad).toEqual([" format"]);
    }
  });

  it("says which format failed, without quoting the value, and leaves unknown formats alone", () => {
    const v = validateValue(
      { at: "next tuesday" },
      {
        kind: "object",
        properties: [
          {
            name: "at",
            required: true,
            schema: { kind: "string", format: "date-time" },
          },
        ],
      },
      [],
    );
    expect(v).toEqual([
      { path: "/at", keyword: "format", message: "must be a valid date-time" },
    ]);
    expect(fmt("bank-code", "anything at all")).toEqual([]);
    expect(fmt("time", "not a time")).toEqual([]);
    // Length and format are separate violations.
    expect(
      paths(
        validateValue(
          "nope",
          { kind: "string", format: "date", minLength: 10 },
          [],
        ),
      ),
    ).toEqual([" minLength", " format"]);
  });
});

describe("samples satisfy their own schema", () => {
  /**
   * Lengths a value of each checked format can have (for the sampler's
   * refusal to be right, not just clean).
   */
  const possibleLength: Record<string, (n: number) => boolean> = {
    date: (n) => n === 10,
    uuid: (n) => n === 36,
    "date-time": (n) => n === 20 || n >= 22,
    email: (n) => n >= 3,
    uri: (n) => n >= 2,
    url: (n) => n >= 2,
  };
  const satisfiable = (format: string, lo: number, hi: number): boolean => {
    for (let n = lo; n <= Math.min(hi, 200); n++) {
      if (possibleLength[format]?.(n)) return true;
    }
    return false;
  };

  it("gives every checked format a valid value, under any satisfiable length bounds", () => {
    expect([...CHECKED_FORMATS].sort()).toEqual(
      Object.keys(possibleLength).sort(),
    );
    fc.assert(
      fc.property(
        fc.constantFrom(...CHECKED_FORMATS),
        fc.option(fc.integer({ min: 0, max: 60 }), { nil: undefined }),
        fc.option(fc.integer({ min: 0, max: 60 }), { nil: undefined }),
        fc.string({ maxLength: 12 }),
        fc.integer({ min: 0, max: 0xffffffff }),
        (format, minLength, maxLength, hint, seed) => {
          const schema: SchemaNode = {
            kind: "object",
            properties: [
              {
                name: hint,
                required: true,
                schema: {
                  kind: "string",
                  format,
                  ...(minLength !== undefined ? { minLength } : {}),
                  ...(maxLength !== undefined ? { maxLength } : {}),
                },
              },
            ],
          };
          const lo = minLength ?? 0;
          const hi = maxLength ?? Infinity;
          if (satisfiable(format, lo, hi)) {
            const value = sampleValue(schema, [], seed);
            expect(validateValue(value, schema, [])).toEqual([]);
          } else {
            expect(() => sampleValue(schema, [], seed)).toThrow(
              /no "[a-z-]+" string/,
            );
          }
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("honours a pattern and a format together when the format's value matches", () => {
    const schema: SchemaNode = {
      kind: "string",
      format: "date",
      pattern: "^\\d{4}-\\d{2}-\\d{2}$",
    };
    const uri: SchemaNode = {
      kind: "string",
      format: "uri",
      pattern: "^https://api\\.bank\\.pk/",
    };
    for (let seed = 0; seed < 50; seed++) {
      expect(validateValue(sampleValue(schema, [], seed), schema, [])).toEqual(
        [],
      );
      expect(validateValue(sampleValue(uri, [], seed), uri, [])).toEqual([]);
    }
  });

  // Random schemas over the whole model: objects, arrays, refs (named,
  // possibly recursive through optional members), enums, numbers, strings
  // with formats, patterns and lengths, examples. Only satisfiable ones.
  const NAMES = ["A", "B", "C"] as const;
  const PATTERNS = [
    "^[A-Z]{3}$",
    "^[0-9]{10,16}$",
    "^(ACTIVE|DORMANT)-[a-f0-9]{4,}$",
    "^PK\\d{2}[A-Z]{4}\\d{16}$",
  ];
  const leaf: fc.Arbitrary<SchemaNode> = fc.oneof(
    fc.constant<SchemaNode>({ kind: "boolean" }),
    fc
      .uniqueArray(fc.string({ minLength: 1, maxLength: 5 }), {
        minLength: 1,
        maxLength: 4,
      })
      .map((values): SchemaNode => ({ kind: "enum", values })),
    fc
      .tuple(
        fc.constantFrom<"integer" | "number">("integer", "number"),
        fc.option(fc.integer({ min: -1000, max: 1000 }), { nil: undefined }),
        fc.option(fc.integer({ min: 0, max: 1000 }), { nil: undefined }),
      )
      .map(([kind, minimum, span]): SchemaNode => ({
        kind,
        ...(minimum !== undefined ? { minimum } : {}),
        ...(span !== undefined ? { maximum: (minimum ?? 0) + span } : {}),
      })),
    // Strings: length bounds, a format (checked or free), or a pattern.
    fc
      .tuple(
        fc.option(fc.integer({ min: 0, max: 30 }), { nil: undefined }),
        fc.option(fc.integer({ min: 0, max: 30 }), { nil: undefined }),
      )
      .map(([a, b]): SchemaNode => {
        const lo = a !== undefined && b !== undefined ? Math.min(a, b) : a;
        const hi = a !== undefined && b !== undefined ? Math.max(a, b) : b;
        return {
          kind: "string",
          ...(lo !== undefined ? { minLength: lo } : {}),
          ...(hi !== undefined ? { maxLength: hi } : {}),
        };
      }),
    fc
      .constantFrom(...CHECKED_FORMATS, "bank-code")
      .map((format): SchemaNode => ({ kind: "string", format })),
    fc
      .tuple(
        fc.constantFrom(...CHECKED_FORMATS, "bank-code"),
        fc.integer({ min: 40, max: 80 }),
      )
      .map(([format, maxLength]): SchemaNode => ({
        kind: "string",
        format,
        maxLength,
      })),
    fc
      .constantFrom(...PATTERNS)
      .map((pattern): SchemaNode => ({ kind: "string", pattern })),
    fc.constantFrom<SchemaNode>(
      { kind: "string", format: "date", minLength: 10, maxLength: 10 },
      { kind: "string", format: "date-time", minLength: 24, maxLength: 30 },
      { kind: "string", format: "email", minLength: 3, maxLength: 8 },
      { kind: "string", format: "uri", maxLength: 5 },
      { kind: "string", pattern: "^[A-Z0-9-]+$", minLength: 4, maxLength: 6 },
      { kind: "integer", minimum: 3, example: 5 },
    ),
  );
  const schemaArb: fc.Arbitrary<SchemaNode> = fc.letrec<{
    node: SchemaNode;
  }>((tie) => ({
    node: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      leaf,
      fc
        .constantFrom(...NAMES)
        .map((name): SchemaNode => ({ kind: "ref", name })),
      fc
        .tuple(
          tie("node"),
          fc.option(fc.integer({ min: 0, max: 3 }), { nil: undefined }),
          fc.option(fc.integer({ min: 0, max: 3 }), { nil: undefined }),
        )
        .map(([items, a, b]): SchemaNode => {
          const lo = a !== undefined && b !== undefined ? Math.min(a, b) : a;
          const hi = a !== undefined && b !== undefined ? Math.max(a, b) : b;
          return {
            kind: "array",
            items,
            ...(lo !== undefined ? { minItems: lo } : {}),
            ...(hi !== undefined ? { maxItems: hi } : {}),
          };
        }),
      fc
        .uniqueArray(
          fc.record({
            name: fc.string({ maxLength: 6 }),
            required: fc.boolean(),
            schema: tie("node"),
          }),
          { maxLength: 4, selector: (p) => p.name },
        )
        .map((properties): SchemaNode => ({ kind: "object", properties })),
    ),
  })).node;

  /** Independent oracle: does any finite value satisfy `node`? (Small schemas: recursion is fine.) */
  function hasValue(
    node: SchemaNode,
    schemas: readonly NamedSchema[],
    onPath: Set<string> = new Set(),
  ): boolean {
    if (node.example !== undefined) return true;
    switch (node.kind) {
      case "ref": {
        const named = schemas.find((s) => s.name === node.name)?.schema;
        if (named === undefined || onPath.has(node.name)) return false;
        if (named.example !== undefined) return true;
        onPath.add(node.name);
        const ok = hasValue(named, schemas, onPath);
        onPath.delete(node.name);
        return ok;
      }
      case "object":
        return node.properties.every(
          (p) => !p.required || hasValue(p.schema, schemas, onPath),
        );
      case "array":
        return (
          (node.minItems ?? 0) === 0 || hasValue(node.items, schemas, onPath)
        );
      default:
        return true;
    }
  }

  it("for random schemas, every sample validates, and only schemas with no finite value are refused", () => {
    let refused = 0;
    fc.assert(
      fc.property(
        fc.tuple(schemaArb, schemaArb, schemaArb),
        schemaArb,
        fc.integer({ min: 0, max: 0xffffffff }),
        (named, root, seed) => {
          const schemas: NamedSchema[] = NAMES.map((name, i) => ({
            name,
            schema: named[i] as SchemaNode,
          }));
          if (!hasValue(root, schemas)) {
            refused++;
            // A cycle of refs through required members, or of refs only.
            expect(() => sampleValue(root, schemas, seed)).toThrow(
              /recursion|cannot be resolved/,
            );
            return;
          }
          const value = sampleValue(root, schemas, seed);
          expect(validateValue(value, root, schemas)).toEqual([]);
          expect(sampleValue(root, schemas, seed)).toEqual(value);
        },
      ),
      { numRuns: 1500 },
    );
    // The arbitrary does reach both sides.
    expect(refused).toBeGreaterThan(0);
  });
});

describe("a pattern with a long minLength", () => {
  it.each([
    ["^[a-z]+$", 3000, undefined],
    ["^[A-Z]{2}[0-9]+$", 40, 40],
    ["^(ab)+$", 100, undefined],
  ] as const)(
    "%s, minLength %i: the sample matches the pattern and the length",
    (pattern, minLength, maxLength) => {
      const schema = {
        kind: "string",
        pattern,
        minLength,
        ...(maxLength === undefined ? {} : { maxLength }),
      } as const;
      for (const seed of [1, 2, 3]) {
        const value = sampleValue(schema, [], seed);
        expect(validateValue(value, schema, [])).toEqual([]);
      }
    },
  );
});
