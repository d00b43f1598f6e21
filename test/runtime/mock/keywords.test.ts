/**
 * The schema keywords beyond types (nullable, const, maps, unions with a
 * discriminator, allOf, readOnly/writeOnly, number enums, untyped nodes):
 * the mocks' validation refuses what each keyword refuses, and samples
 * (the mocks' answers, the docs' examples) honour each one. The named
 * schemas come from test/fixtures/schema-keywords.yaml, through the checker.
 */
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { checkSpecText } from "../../../src/check-spec.js";
import type { Model } from "../../../src/model/types.js";
import type { JsonValue } from "../../../src/runtime/json.js";
import { mockApi } from "../../../src/model/mock-api.js";
import { createMockEngine } from "../../../src/runtime/mock/engine.js";
import { sampleValue } from "../../../src/runtime/mock/sample.js";
import {
  validateValue,
  type ValidateOptions,
} from "../../../src/runtime/mock/validate.js";
import type { SchemaNode } from "../../../src/runtime/schema.js";
import { issueToken, opRequest } from "./fixture.js";

let model: Model;
beforeAll(() => {
  const path = new URL("../../fixtures/schema-keywords.yaml", import.meta.url);
  const result = checkSpecText(readFileSync(path, "utf8"), "spec.yaml");
  if (!result.ok) throw new Error(result.formatted);
  model = result.model;
});

const ref = (name: string): SchemaNode => ({ kind: "ref", name });
/** `path keyword` of each violation of `value` against `schema`. */
const problems = (
  value: JsonValue,
  schema: SchemaNode,
  options?: ValidateOptions,
): string[] =>
  validateValue(value, schema, model.schemas, options).map(
    (v) => `${v.path} ${v.keyword}`,
  );
const card = { kind: "card", last4: "1234" };
const payment = { amount: 10, currency: "PKR", id: "p-1", method: card };

describe("validation of each keyword", () => {
  it("nullable: null only where allowed, through references too", () => {
    expect(problems({ kind: "transfer", iban: null }, ref("Transfer"))).toEqual(
      [],
    );
    expect(problems({ name: "a", parent: null }, ref("Tree"))).toEqual([]);
    expect(problems({ name: null }, ref("Tree"))).toEqual(["/name type"]);
    expect(
      problems(null, { kind: "ref", name: "Card", nullable: true }),
    ).toEqual([]);
    expect(problems(null, ref("Card"))).toEqual([" type"]);
  });

  it("const, typed or not, and enums of numbers", () => {
    expect(problems({ kind: "cash", last4: "1234" }, ref("Card"))).toEqual([
      "/kind const",
    ]);
    expect(
      validateValue("x", { kind: "const", value: { a: [1] } }, [])[0]?.message,
    ).toBe('must be {"a":[1]}');
    expect(problems({ a: [1] }, { kind: "const", value: { a: [1] } })).toEqual(
      [],
    );
    const priority = { kind: "enum", values: [1, 2, 3] } as const;
    expect(problems(2, priority)).toEqual([]);
    expect(problems("2", priority)).toEqual([" enum"]);
    expect(problems(4, priority)).toEqual([" enum"]);
  });

  it("an untyped node takes any JSON value", () => {
    for (const value of [null, 1, "x", [true], { a: {} }])
      expect(problems(value, { kind: "any" })).toEqual([]);
  });

  it("maps: values against additionalProperties, beside properties or alone; true takes anything", () => {
    expect(problems({ total: 3, paid: 2 }, ref("Counts"))).toEqual([]);
    expect(problems({ total: 3, paid: "2" }, ref("Counts"))).toEqual([
      "/paid type",
    ]);
    expect(problems({ paid: 2 }, ref("Counts"))).toEqual(["/total required"]);
    expect(problems({ any: [1], thing: null }, ref("Labels"))).toEqual([]);
    expect(problems({ extra: 1 }, ref("Card"))).toEqual([
      "/kind required",
      "/last4 required",
      "/extra unknown",
    ]);
  });

  it("oneOf with a discriminator: the named variant decides", () => {
    expect(problems(card, ref("PaymentMethod"))).toEqual([]);
    expect(
      problems({ kind: "card", last4: "12" }, ref("PaymentMethod")),
    ).toEqual(["/last4 pattern"]);
    expect(problems({ kind: "cash" }, ref("PaymentMethod"))).toEqual([
      "/kind discriminator",
    ]);
    expect(
      validateValue({ kind: "cash" }, ref("PaymentMethod"), model.schemas)[0]
        ?.message,
    ).toBe("must be one of: card, transfer");
    expect(problems({ last4: "1234" }, ref("PaymentMethod"))).toEqual([
      "/kind required",
    ]);
    expect(problems("card", ref("PaymentMethod"))).toEqual([" type"]);
  });

  it("oneOf without one: exactly one variant; anyOf: at least one", () => {
    const oneOf: SchemaNode = {
      kind: "union",
      mode: "oneOf",
      variants: [
        { kind: "string", maxLength: 3 },
        { kind: "string", minLength: 2 },
      ],
    };
    expect(problems("a", oneOf)).toEqual([]);
    expect(problems("abcd", oneOf)).toEqual([]);
    expect(problems("ab", oneOf)).toEqual([" oneOf"]);
    expect(problems(1, oneOf)).toEqual([" oneOf"]);
    expect(validateValue("ab", oneOf, [])[0]?.message).toBe(
      "must match exactly one of 2 variants, matches 2",
    );
    const anyOf: SchemaNode = { ...oneOf, mode: "anyOf" };
    expect(problems("ab", anyOf)).toEqual([]);
    expect(problems(1, anyOf)).toEqual([" anyOf"]);
  });

  it("allOf: the parts' members add up, one unknown member is still refused", () => {
    expect(problems(payment, ref("Payment"))).toEqual([]);
    expect(problems({ ...payment, amount: -1 }, ref("Payment"))).toEqual([
      "/amount minimum",
    ]);
    expect(problems({ ...payment, other: 1 }, ref("Payment"))).toEqual([
      "/other unknown",
    ]);
    const { amount: _amount, ...noAmount } = payment;
    expect(problems(noAmount, ref("Payment"))).toEqual(["/amount required"]);
  });

  it("readOnly and writeOnly by direction: neither required nor allowed the other way", () => {
    const { id: _id, ...sent } = payment;
    expect(problems(sent, ref("Payment"), { direction: "request" })).toEqual(
      [],
    );
    expect(problems(payment, ref("Payment"), { direction: "request" })).toEqual(
      ["/id readOnly"],
    );
    expect(problems(sent, ref("Payment"), { direction: "response" })).toEqual([
      "/id required",
    ]);
    expect(
      problems({ ...payment, pin: "1234" }, ref("Payment"), {
        direction: "response",
      }),
    ).toEqual(["/pin writeOnly"]);
    // An example, no direction: both allowed, neither required.
    expect(problems({ ...sent, pin: "1234" }, ref("Payment"))).toEqual([]);
  });

  it("a body nested past the call stack through unions is refused, not thrown", () => {
    const tree: SchemaNode = {
      kind: "union",
      mode: "anyOf",
      variants: [{ kind: "array", items: ref("T") }, { kind: "string" }],
    };
    let value: JsonValue = "leaf";
    for (let i = 0; i < 20_000; i++) value = [value];
    const found = validateValue(value, ref("T"), [{ name: "T", schema: tree }]);
    expect(found.map((v) => v.message)).toContain(
      "the value nests too deeply to validate",
    );
  });
});

describe("samples of each keyword", () => {
  const sample = (
    schema: SchemaNode,
    options?: Parameters<typeof sampleValue>[3],
  ): JsonValue => sampleValue(schema, model.schemas, 7, options);

  it("every named schema's sample passes validation, both ways", () => {
    for (const named of model.schemas)
      for (const direction of ["request", "response"] as const) {
        const value = sample(ref(named.name), { direction });
        expect(
          validateValue(value, ref(named.name), model.schemas, { direction }),
          `${named.name} ${direction}: ${JSON.stringify(value)}`,
        ).toEqual([]);
      }
  });

  it("default, example and const come first", () => {
    expect(sample({ kind: "string", default: "PKR" })).toBe("PKR");
    expect(sample({ kind: "string", example: "e", default: "d" })).toBe("e");
    expect(sample({ kind: "const", value: [1, { a: null }] })).toEqual([
      1,
      { a: null },
    ]);
    expect(sample({ kind: "enum", values: [5], default: 5 })).toBe(5);
  });

  it("a discriminated union: its first value's variant, the member set to that value", () => {
    expect(sample(ref("PaymentMethod"))).toMatchObject({ kind: "card" });
    const renamed: SchemaNode = {
      kind: "union",
      mode: "oneOf",
      variants: [ref("Transfer"), ref("Card")],
      discriminator: {
        propertyName: "kind",
        mapping: [{ value: "transfer", schema: "Transfer" }],
      },
    };
    expect(sample(renamed)).toMatchObject({ kind: "transfer" });
  });

  it("allOf: one object of every part's members", () => {
    const value = sample(ref("Payment"), { direction: "response" }) as {
      [key: string]: JsonValue;
    };
    expect(Object.keys(value)).toEqual(
      expect.arrayContaining(["amount", "currency", "id", "method"]),
    );
  });

  it("readOnly members are left out of a request, writeOnly ones out of a response", () => {
    const request = sample(ref("Payment"), { direction: "request" }) as object;
    const response = sample(ref("Payment"), {
      direction: "response",
    }) as object;
    // The schema's example holds `id`: a request is built, not copied.
    expect(Object.keys(request)).not.toContain("id");
    expect(Object.keys(response)).not.toContain("pin");
  });

  it("a map holds one entry of its values; a recursive schema ends", () => {
    const map = sample({
      kind: "object",
      properties: [],
      additionalProperties: { kind: "integer", minimum: 1, maximum: 1 },
    });
    expect(Object.values(map as object)).toEqual([1]);
    const tree = sample(ref("Tree")) as { name: string };
    expect(typeof tree.name).toBe("string");
    expect(validateValue(tree, ref("Tree"), model.schemas)).toEqual([]);
  });

  it("null ends a recursion that nothing else ends", () => {
    const schemas = [
      {
        name: "Link",
        schema: {
          kind: "object",
          properties: [
            {
              name: "next",
              required: true,
              schema: { kind: "ref", name: "Link", nullable: true },
            },
          ],
        } as SchemaNode,
      },
    ];
    expect(sampleValue(ref("Link"), schemas, 1)).toEqual({
      next: { next: { next: null } },
    });
  });
});

describe("the mock engine, by direction", () => {
  it("refuses a request that sends a readOnly member, and answers without writeOnly ones", async () => {
    const set = model.sets[0]!;
    const engine = createMockEngine(mockApi(model, set));
    const token = await issueToken(engine);
    const { id: _id, ...sent } = payment;
    const refused = await engine.handle(
      opRequest(engine, "create_payment", payment, token),
    );
    if (refused.kind !== "response") throw new Error(refused.kind);
    expect(refused.response.status).toBe(400);
    expect(JSON.stringify(await refused.response.json())).toContain("/id");
    const answered = await engine.handle(
      opRequest(engine, "create_payment", { ...sent, pin: "1234" }, token),
    );
    if (answered.kind !== "response") throw new Error(answered.kind);
    expect(answered.response.status).toBe(200);
    const body = (await answered.response.json()) as JsonValue;
    expect(Object.keys(body as object)).not.toContain("pin");
    expect(
      validateValue(body, ref("Payment"), model.schemas, {
        direction: "response",
      }),
    ).toEqual([]);
  });
});
