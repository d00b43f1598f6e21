/**
 * The request bodies in docs examples are laid out as prettier lays them
 * out, whatever example values the spec holds: long strings move after the
 * key, arrays fill or break, objects stay expanded. (Found: a 90-character
 * example string was kept on its key's line, which prettier breaks.)
 */
import fc from "fast-check";
import * as prettier from "prettier";
import { describe, expect, it } from "vitest";
import type {
  Model,
  OperationModel,
  OperationSetModel,
  PayloadModel,
  SchemaNode,
} from "../../../src/model/types.js";
import {
  exampleBody,
  operationExample,
  schemaMap,
} from "../../../src/render/docs/examples.js";
import { formatBlocks } from "../../../src/render/code/markdown.js";
import type { JsonValue } from "../../../src/runtime/json.js";
import { validateValue } from "../../../src/runtime/mock/validate.js";
import { loadSpec } from "../../../src/check-spec.js";

const fixture = (name: string): string =>
  new URL(`../../fixtures/${name}`, import.meta.url).pathname;

const text = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.string({ unit: "grapheme", maxLength: 20 }),
  fc.integer({ min: 40, max: 110 }).map((length) => "x".repeat(length)),
);

/** An example value and a schema it conforms to (the docs use an example only when it does). */
interface Typed {
  readonly schema: SchemaNode;
  readonly value: JsonValue;
}

const key = fc.oneof(
  fc.stringMatching(/^[a-z][A-Za-z0-9]{0,12}$/),
  fc.constantFrom("a-b", "名前", "x y", "1", "__proto__", "default"),
);

const typed: fc.Arbitrary<Typed> = fc.letrec<{ node: Typed }>((tie) => ({
  node: fc.oneof(
    { depthSize: "small" },
    text.map((value): Typed => ({
      schema: { kind: "string" } as SchemaNode,
      value,
    })),
    fc.integer({ min: -1_000_000, max: 1_000_000 }).map((value): Typed => ({
      schema: { kind: "integer" } as SchemaNode,
      value,
    })),
    fc.double({ noNaN: true, noDefaultInfinity: true }).map((value): Typed => ({
      schema: { kind: "number" } as SchemaNode,
      value,
    })),
    fc.boolean().map((value): Typed => ({
      schema: { kind: "boolean" } as SchemaNode,
      value,
    })),
    fc.array(text, { maxLength: 6 }).map((value): Typed => ({
      schema: { kind: "array", items: { kind: "string" } } as SchemaNode,
      value,
    })),
    fc
      .array(fc.integer({ min: 0, max: 99_999 }), {
        minLength: 2,
        maxLength: 30,
      })
      .map((value): Typed => ({
        schema: { kind: "array", items: { kind: "integer" } } as SchemaNode,
        value,
      })),
    fc
      .tuple(tie("node"), fc.integer({ min: 1, max: 3 }))
      .map(([item, count]): Typed => ({
        schema: { kind: "array", items: item.schema } as SchemaNode,
        value: Array(count).fill(item.value),
      })),
    fc.dictionary(key, tie("node"), { maxKeys: 4 }).map((members): Typed => {
      const entries = Object.entries(members);
      return {
        schema: {
          kind: "object",
          properties: entries.map(([name, member]) => ({
            name,
            required: true,
            schema: member.schema,
          })),
        } as SchemaNode,
        value: Object.fromEntries(
          entries.map(([name, member]) => [name, member.value]),
        ),
      };
    }),
  ),
})).node;

/** What the examples read of the model: the env prefix and the auth scheme. */
const model = {
  service: { names: { envPrefix: "REMITTANCE" } },
  auth: { scheme: "oauth2-client-credentials" },
} as unknown as Model;

/** An operation whose request has one required field per example, each with a schema it fits. */
function operationWith(examples: readonly Typed[]): {
  set: OperationSetModel;
  operation: OperationModel;
} {
  const schema = {
    kind: "object",
    properties: examples.map((example, index) => ({
      name: index % 2 === 0 ? `field${index}` : `aMuchLongerFieldName${index}`,
      required: true,
      schema: { ...example.schema, example: example.value },
    })),
  } as unknown as SchemaNode;
  const operation = {
    id: "get_acct_title",
    effect: "read",
    method: "POST",
    path: "/get_acct_title",
    names: {
      method: "getAcctTitle",
      requestType: "GetAcctTitleRequest",
      responseType: "GetAcctTitleResponse",
      paramsType: "GetAcctTitleParams",
      errorType: "GetAcctTitleError",
      errorGuard: "isGetAcctTitleError",
      docFile: "x",
    },
    parameters: [],
    request: { kind: "schema", schema },
    response: { kind: "not-shown", text: "not shown" },
  } as unknown as OperationModel;
  const set = {
    id: "v1",
    names: { packageName: "@remitgen/remittance-v1" },
    operations: [operation],
  } as unknown as OperationSetModel;
  return { set, operation };
}

describe("docs example bodies", () => {
  it("are what prettier prints, for any example values", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(typed, { minLength: 1, maxLength: 4 }),
        async (examples) => {
          const { set, operation } = operationWith(examples);
          const [code] = await formatBlocks([
            operationExample(model, set, operation, new Map()),
          ]);
          // An example is a code block body: no final newline.
          expect(`${code}\n`).toBe(
            await prettier.format(code, { parser: "typescript" }),
          );
        },
      ),
      { numRuns: 200 },
    );
  });

  it("move a long string after its key and keep objects expanded", async () => {
    const { set, operation } = operationWith([
      { schema: { kind: "string" } as SchemaNode, value: "x".repeat(90) },
      {
        schema: {
          kind: "object",
          properties: [
            { name: "nested", required: true, schema: { kind: "integer" } },
          ],
        } as SchemaNode,
        value: { nested: 1 },
      },
    ]);
    const [code] = await formatBlocks([
      operationExample(model, set, operation, new Map()),
    ]);
    expect(code).toContain(`  field0:\n    "${"x".repeat(90)}",\n`);
    expect(code).toContain(
      "  aMuchLongerFieldName1: {\n    nested: 1,\n  },\n",
    );
    // An example is a code block body: no final newline.
    expect(`${code}\n`).toBe(
      await prettier.format(code, { parser: "typescript" }),
    );
  });
});

describe("docs example strings", () => {
  // Found: example strings were looked up by format in an object literal,
  // so `format: constructor` (or `toString`) found Object.prototype's
  // function and printed `{}` for a string field.
  it("are plain text for a format named like an Object.prototype member", async () => {
    for (const format of ["constructor", "toString", "__proto__"]) {
      const schema = {
        kind: "object",
        properties: [
          {
            name: "code",
            required: true,
            schema: { kind: "string", format },
          },
        ],
      } as unknown as SchemaNode;
      const { set, operation } = operationWith([]);
      const withFormat = {
        ...operation,
        request: { kind: "schema", schema },
      } as unknown as OperationModel;
      const [code] = await formatBlocks([
        operationExample(model, set, withFormat, new Map()),
      ]);
      // The sampler's plain text for a label format: the member's name and a tail.
      expect(code).toMatch(/\n {2}code: "code-[a-z0-9]{6}",\n/);
    }
  });
});

describe("request bodies in docs examples and the mocks", () => {
  it("build a string that matches its pattern, one the mock accepts, the same on every run", () => {
    const schema: SchemaNode = {
      kind: "object",
      properties: [
        {
          name: "iban",
          required: true,
          schema: { kind: "string", pattern: "^PK[0-9]{2}[A-Z]{4}[0-9]{16}$" },
        },
        {
          name: "name",
          required: true,
          schema: { kind: "string", pattern: "^[A-Z][a-z]+( [A-Z][a-z]+)*$" },
        },
        // A spec example that breaks its schema is not printed.
        {
          name: "code",
          required: true,
          schema: { kind: "string", maxLength: 3, example: "TOO LONG" },
        },
      ],
    };
    const payload: PayloadModel = { kind: "schema", schema };
    const body = exampleBody(payload, new Map(), "get_acct_title");
    expect(validateValue(body as JsonValue, schema, [])).toEqual([]);
    expect(exampleBody(payload, new Map(), "get_acct_title")).toEqual(body);
  });
});

describe("a request body with no value", () => {
  it("is shown as {} rather than failing the docs", () => {
    // Every Node holds a Node: no finite value exists (the mocks answer mock_error).
    const node: SchemaNode = {
      kind: "object",
      properties: [
        { name: "next", required: true, schema: { kind: "ref", name: "Node" } },
      ],
    };
    const schemas = new Map([["Node", node]]);
    expect(
      exampleBody({ kind: "schema", schema: node }, schemas, "op"),
    ).toEqual({});
  });
});

describe("every request body the docs show", () => {
  it.each([
    "docs/schema.yaml",
    "docs/hostile.yaml",
    "client/golden-spec.yaml",
    "client/schema-spec.yaml",
  ])("is one the mocks accept, for %s", async (spec) => {
    const model = await loadSpec(fixture(spec));
    const schemas = schemaMap(model);
    let shown = 0;
    for (const operation of model.sets.flatMap((set) => set.operations)) {
      if (operation.request.kind === "not-shown") continue;
      shown++;
      const body = exampleBody(operation.request, schemas, operation.id);
      expect(
        validateValue(body, operation.request.schema, schemas),
        operation.id,
      ).toEqual([]);
    }
    expect(shown).toBeGreaterThan(0);
  });
});
