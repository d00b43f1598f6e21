/**
 * The resolved model: built once, deep-frozen, in a stable order, with set
 * membership followed through `extends`, `adds` and `removes`, and the named
 * schemas each set reaches.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { Model } from "../../src/model/types.js";
import { checkSpecText } from "../../src/check-spec.js";

const repoRoot = fileURLToPath(new URL("../../", import.meta.url));
const realText = readFileSync(join(repoRoot, "spec/remittance.yaml"), "utf8");
const schemasText = readFileSync(
  join(repoRoot, "test/fixtures/schemas-spec.yaml"),
  "utf8",
);

function resolve(text: string, file = "spec/remittance.yaml"): Model {
  const result = checkSpecText(text, file);
  if (!result.ok) throw new Error(result.formatted);
  return result.model;
}

const ids = (items: readonly { id: string }[]): string[] =>
  items.map((item) => item.id);
const names = (items: readonly { name: string }[]): string[] =>
  items.map((item) => item.name);
const set = (model: Model, id: string) =>
  model.sets.find((candidate) => candidate.id === id)!;

describe("deep freezing", () => {
  it("freezes every object and array of the model", () => {
    const model = resolve(schemasText, "schemas-spec.yaml");
    const unfrozen: string[] = [];
    const seen = new Set<unknown>();
    const walk = (value: unknown, path: string): void => {
      if (value === null || typeof value !== "object" || seen.has(value))
        return;
      seen.add(value);
      if (!Object.isFrozen(value)) unfrozen.push(path);
      for (const [key, child] of Object.entries(value))
        walk(child, `${path}.${key}`);
    };
    walk(model, "model");
    expect(unfrozen).toEqual([]);
    expect(seen.size).toBeGreaterThan(100);
  });

  it("refuses changes (test modules run in strict mode)", () => {
    const model = resolve(realText);
    expect(() => {
      (model.sets[0] as { id: string }).id = "changed";
    }).toThrow(TypeError);
    expect(() => {
      (model.operations as unknown[]).push({});
    }).toThrow(TypeError);
    expect(() => {
      (model.sets[2]!.plan.rateLimit as { limit: number }).limit = 1;
    }).toThrow(TypeError);
    expect(model.sets[0]!.id).toBe("v1.0.1");
  });

  it("shares operation objects between the model and its sets", () => {
    const model = resolve(realText);
    for (const each of model.sets) {
      for (const operation of each.operations)
        expect(model.operations).toContain(operation);
    }
  });
});

describe("set membership", () => {
  it("records what each set of the real spec adds, and that none removes", () => {
    const model = resolve(realText);
    expect(
      model.sets.map((each) => [
        each.id,
        each.extends,
        each.added,
        each.removed,
      ]),
    ).toEqual([
      [
        "v1.0.1",
        undefined,
        [
          "get_acct_title",
          "send_online_fundsTransfer",
          "get_agent_accnt_balance",
          "get_transaction_status",
          "send_txns",
          "send_online_fundsTransfer_B2C",
          "send_txns_B2C",
        ],
        [],
      ],
      ["V1", "v1.0.1", ["send_txns_V1", "TestingMethod"], []],
      [
        "v3",
        "V1",
        [
          "send_online_fundsTransfer_V1",
          "Transaction_Status_cancelled",
          "Update_Name_Amendment",
        ],
        [],
      ],
    ]);
    expect(set(model, "v3").operations).toHaveLength(12);
  });

  it("follows `removes`", () => {
    const model = resolve(schemasText, "schemas-spec.yaml");
    const v3 = set(model, "v3");
    expect(ids(v3.operations)).toEqual([
      "get_acct_title",
      "get_transaction_status",
    ]);
    expect(v3.added).toEqual(["get_transaction_status"]);
    expect(v3.removed).toEqual(["send_txns"]);
    const sendTxns = model.operations.find(
      (operation) => operation.id === "send_txns",
    )!;
    expect(sendTxns.sets).toEqual(["v1.0.1"]);
  });

  it("removes through a chain: a set removing what its grandparent added", () => {
    const text = realText.replace(
      "    adds:\n      - send_online_fundsTransfer_V1\n",
      "    removes: [send_txns, get_acct_title]\n    adds:\n      - send_online_fundsTransfer_V1\n",
    );
    const model = resolve(text);
    const v3 = set(model, "v3");
    // In spec operation order, whatever order `removes` lists them in.
    expect(v3.removed).toEqual(["get_acct_title", "send_txns"]);
    expect(ids(v3.operations)).not.toContain("send_txns");
    expect(v3.operations).toHaveLength(10);
    expect(set(model, "V1").operations).toHaveLength(9);
  });
});

describe("schemas", () => {
  it("lists every named schema sorted by name, and each set's reachable ones", () => {
    const model = resolve(schemasText, "schemas-spec.yaml");
    expect(names(model.schemas)).toEqual([
      "Account",
      "GetAcctTitleRequest",
      "Problem",
      "Transaction",
    ]);
    // v1.0.1: a named request, an inline response with $ref, an error schema, array items with $ref (and its $ref).
    expect(names(set(model, "v1.0.1").schemas)).toEqual([
      "Account",
      "GetAcctTitleRequest",
      "Problem",
      "Transaction",
    ]);
    // v3 removes send_txns, the only way to Transaction.
    expect(names(set(model, "v3").schemas)).toEqual([
      "Account",
      "GetAcctTitleRequest",
      "Problem",
    ]);
  });

  it("keeps payloads, facets, required flags and examples", () => {
    const model = resolve(schemasText, "schemas-spec.yaml");
    const getAcctTitle = model.operations.find(
      (operation) => operation.id === "get_acct_title",
    )!;
    expect(getAcctTitle.request).toEqual({
      kind: "schema",
      schema: { kind: "ref", name: "GetAcctTitleRequest" },
    });
    expect(getAcctTitle.response).toEqual({
      kind: "schema",
      schema: {
        kind: "object",
        properties: [
          {
            name: "title",
            required: true,
            schema: {
              kind: "string",
              description: "The account holder's name.",
            },
          },
          {
            name: "account",
            required: true,
            schema: { kind: "ref", name: "Account" },
          },
        ],
      },
    });
    expect(getAcctTitle.errors).toEqual([
      {
        status: 404,
        description: "No such account.",
        payload: { kind: "schema", schema: { kind: "ref", name: "Problem" } },
      },
      {
        status: 429,
        description: "Too many requests.",
        payload: {
          kind: "not-shown",
          text: "The error payload shape: not shown.",
        },
      },
    ]);
    // Stating a request and a response drops the inherited gaps for them.
    expect(getAcctTitle.notShown).toEqual([]);
    const request = model.schemas.find(
      (schema) => schema.name === "GetAcctTitleRequest",
    )!.schema;
    expect(request).toEqual({
      kind: "object",
      description: "Asks for an account's title.",
      properties: [
        {
          name: "accountNumber",
          required: true,
          schema: {
            kind: "string",
            minLength: 10,
            maxLength: 24,
            pattern: "^[0-9]+$",
          },
        },
        {
          name: "bankCode",
          required: false,
          schema: { kind: "string", format: "bank-code" },
        },
      ],
    });
    const transaction = model.schemas.find(
      (schema) => schema.name === "Transaction",
    )!.schema;
    expect(transaction.example).toEqual({ amount: 100, currency: "PKR" });
    const status = model.operations.find(
      (operation) => operation.id === "get_transaction_status",
    )!;
    expect(status.response).toEqual({
      kind: "schema",
      schema: {
        kind: "enum",
        values: ["PENDING", "PAID", "CANCELLED"],
        example: "PAID",
      },
    });
    const sendTxns = model.operations.find(
      (operation) => operation.id === "send_txns",
    )!;
    expect(sendTxns.request).toEqual({
      kind: "schema",
      schema: {
        kind: "array",
        items: { kind: "ref", name: "Transaction" },
        minItems: 1,
        maxItems: 100,
      },
    });
    expect(sendTxns.notShown.map((gap) => gap.topic)).toEqual([
      "response",
      "parameters",
    ]);
  });

  it("keeps an example key `__proto__` as an ordinary member", () => {
    // The example fits its schema: a member named __proto__ is declared.
    const text = schemasText
      .replace(
        "example: { amount: 100, currency: PKR }",
        'example: { amount: 100, currency: PKR, "__proto__": { polluted: true } }',
      )
      .replace(
        "      to: { $ref: Account, description: The receiving account. }\n",
        '      to: { $ref: Account, description: The receiving account. }\n      "__proto__": { type: object, properties: { polluted: { type: boolean } } }\n',
      );
    const model = resolve(text, "schemas-spec.yaml");
    const example = model.schemas.find(
      (schema) => schema.name === "Transaction",
    )!.schema.example as object;
    expect(Object.keys(example)).toEqual(["amount", "currency", "__proto__"]);
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(example)).toBe(Object.prototype);
  });

  it("shows a schema added to get_acct_title's request everywhere it belongs", () => {
    const before = resolve(realText);
    const edited = realText
      .replace(
        "    summary: Account title lookup.\n    effect: read\n",
        "    summary: Account title lookup.\n    effect: read\n    request: GetAcctTitleRequest\n",
      )
      .replace(
        "schemas: {}",
        "schemas:\n  GetAcctTitleRequest:\n    type: object\n    properties:\n      accountNumber: { type: string, maxLength: 24, required: true }",
      );
    expect(edited).not.toBe(realText);
    const after = resolve(edited);
    const operation = after.operations.find(
      (candidate) => candidate.id === "get_acct_title",
    )!;
    expect(operation.request).toEqual({
      kind: "schema",
      schema: { kind: "ref", name: "GetAcctTitleRequest" },
    });
    expect(operation.response.kind).toBe("not-shown");
    expect(operation.notShown.map((gap) => gap.topic)).toEqual([
      "response",
      "parameters",
      "statusCodes",
    ]);
    expect(after.schemas).toEqual([
      {
        name: "GetAcctTitleRequest",
        schema: {
          kind: "object",
          properties: [
            {
              name: "accountNumber",
              required: true,
              schema: { kind: "string", maxLength: 24 },
            },
          ],
        },
      },
    ]);
    for (const each of after.sets)
      expect(names(each.schemas), each.id).toEqual(["GetAcctTitleRequest"]);
    // Nothing else moved.
    const others = (model: Model) =>
      model.operations.filter((candidate) => candidate.id !== "get_acct_title");
    expect(others(after)).toEqual(others(before));
    expect(after.sets.map((each) => ids(each.operations))).toEqual(
      before.sets.map((each) => ids(each.operations)),
    );
  });
});

describe("stable order", () => {
  it("keeps spec order for operations and sets, and spec operation order inside each set", () => {
    const shuffled = realText
      .replace(
        "adds: [send_txns_V1, TestingMethod]",
        "adds: [TestingMethod, send_txns_V1]",
      )
      .replace(
        "      - send_online_fundsTransfer_V1\n      - Transaction_Status_cancelled\n      - Update_Name_Amendment\n",
        "      - Update_Name_Amendment\n      - Transaction_Status_cancelled\n      - send_online_fundsTransfer_V1\n",
      );
    expect(shuffled).not.toBe(realText);
    const model = resolve(realText);
    const reordered = resolve(shuffled);
    expect(ids(model.sets)).toEqual(["v1.0.1", "V1", "v3"]);
    expect(
      reordered.sets.map((each) => [ids(each.operations), each.added]),
    ).toEqual(model.sets.map((each) => [ids(each.operations), each.added]));
    const specOrder = ids(model.operations);
    for (const each of model.sets) {
      const positions = each.operations.map((operation) =>
        specOrder.indexOf(operation.id),
      );
      expect(positions).toEqual([...positions].sort((a, b) => a - b));
    }
  });

  it("gives the same model for the same text, every time", () => {
    expect(JSON.stringify(resolve(schemasText, "s.yaml"))).toBe(
      JSON.stringify(resolve(schemasText, "s.yaml")),
    );
  });

  it("names the source file and the base URL variables", () => {
    const model = resolve(realText);
    expect(model.source).toEqual({ specFile: "spec/remittance.yaml" });
    expect(model.service.baseUrlVariable).toBe("base_url");
    expect(model.auth.baseUrlVariable).toBe("auth_url");
    expect(model.service.names).toEqual({
      packageScope: "remitgen",
      packageBase: "remittance",
      envPrefix: "REMITTANCE",
      mockBaseUrl: "https://remittance.mock",
    });
    expect(model.sets.map((each) => each.names.directory)).toEqual([
      "v1-0-1",
      "v1",
      "v3",
    ]);
  });
});
