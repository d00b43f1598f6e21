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

describe("an HTTP JSON API (test/fixtures/http-api.yaml)", () => {
  const httpText = readFileSync(
    join(repoRoot, "test/fixtures/http-api.yaml"),
    "utf8",
  );
  const model = resolve(httpText, "http-api.yaml");
  const operation = (id: string) =>
    model.operations.find((candidate) => candidate.id === id)!;
  const kind = (payload: { kind: string }): string => payload.kind;

  it("takes the literal base URL as the default and names things after the package", () => {
    expect(model.service.baseUrl).toBe("https://api.payments.example/v2");
    expect(model.service.defaultBaseUrl).toBe(
      "https://api.payments.example/v2",
    );
    expect(model.service.names).toEqual({
      packageScope: "example",
      packageBase: "payments",
      envPrefix: "PAYMENTS",
      mockBaseUrl: "https://payments.mock",
    });
  });

  it("reads the API key scheme", () => {
    expect(model.auth).toEqual({
      scheme: "api-key",
      in: "header",
      name: "X-API-Key",
      description: "A secret key from the dashboard's Developers page.",
    });
  });

  it("gives each operation its method, effect by method, credentials and bodies", () => {
    expect(
      model.operations.map((each) => [
        each.id,
        each.method,
        each.path,
        each.effect,
        each.effectBasis,
        each.authenticated,
        kind(each.request),
        kind(each.response),
        each.responses.map((response) => response.status),
        each.errors.map((error) => error.status),
      ]),
    ).toEqual([
      [
        "get_health",
        "GET",
        "/health",
        "read",
        "default",
        false,
        "none",
        "schema",
        [],
        [],
      ],
      [
        "list_payments",
        "GET",
        "/payments",
        "read",
        "default",
        true,
        "none",
        "schema",
        [],
        [401],
      ],
      [
        "get_payment",
        "GET",
        "/payments/{paymentId}",
        "read",
        "default",
        true,
        "none",
        "schema",
        [],
        [404],
      ],
      [
        "create_payment",
        "POST",
        "/payments",
        "write",
        "default",
        true,
        "schema",
        "schema",
        [201],
        [422],
      ],
      [
        "update_payment",
        "PATCH",
        "/payments/{paymentId}",
        "write",
        "default",
        true,
        "schema",
        "schema",
        [],
        [],
      ],
      [
        "replace_metadata",
        "PUT",
        "/payments/{paymentId}/metadata",
        "write",
        "default",
        true,
        "schema",
        "none",
        [],
        [],
      ],
      [
        "capture_payment",
        "POST",
        "/payments/{paymentId}/capture",
        "write",
        "default",
        true,
        "none",
        "schema",
        [],
        [409],
      ],
      [
        "cancel_payment",
        "DELETE",
        "/payments/{paymentId}",
        "write",
        "default",
        true,
        "none",
        "none",
        [204],
        [409],
      ],
    ]);
  });

  it("states success responses per status, the first body standing for the success body", () => {
    expect(operation("create_payment").responses).toEqual([
      {
        status: 201,
        description: "The payment was taken.",
        payload: { kind: "schema", schema: { kind: "ref", name: "Payment" } },
      },
    ]);
    expect(operation("create_payment").response).toEqual({
      kind: "schema",
      schema: { kind: "ref", name: "Payment" },
    });
    expect(operation("cancel_payment").responses).toEqual([
      {
        status: 204,
        description: "The payment was cancelled.",
        payload: { kind: "none" },
      },
    ]);
    expect(operation("cancel_payment").response).toEqual({ kind: "none" });
  });

  it("resolves parameters in OpenAPI's words, a path parameter always required", () => {
    expect(operation("list_payments").parameters).toEqual([
      {
        name: "limit",
        in: "query",
        required: false,
        description: "How many payments to return.",
        schema: { kind: "integer", minimum: 1, maximum: 100 },
        names: { property: "limit" },
      },
      {
        name: "status",
        in: "query",
        required: false,
        description: "Only payments in these states.",
        schema: {
          kind: "array",
          items: { kind: "ref", name: "PaymentStatus" },
        },
        names: { property: "status" },
      },
      {
        name: "X-Request-Id",
        in: "header",
        required: false,
        description: "Echoed back in the answer, for tracing.",
        schema: { kind: "string", format: "uuid" },
        names: { property: "X-Request-Id" },
      },
    ]);
    // Written without `required`, as in update_payment: still required.
    expect(
      operation("update_payment").parameters.map((each) => [
        each.name,
        each.in,
        each.required,
      ]),
    ).toEqual([["paymentId", "path", true]]);
    expect(
      operation("create_payment").parameters.map((each) => each.required),
    ).toEqual([true]);
  });

  it("leaves the limiter out of a set without a plan, and names the status operation in both", () => {
    const [v1, v2] = model.sets;
    expect(v1!.plan).toBeUndefined();
    expect("plan" in v1!).toBe(false);
    expect(v2!.plan).toEqual({
      name: "standard",
      rateLimit: {
        limit: 100,
        unit: "second",
        intervalMs: 1000,
        text: "100/second",
      },
      cost: "Included",
    });
    expect(v1!.statusOperation?.id).toBe("get_payment");
    expect(v2!.statusOperation).toBe(operation("get_payment"));
    expect(v2!.added).toEqual([
      "update_payment",
      "replace_metadata",
      "capture_payment",
    ]);
    expect(v2!.removed).toEqual(["cancel_payment"]);
  });

  it("counts schemas reached only through parameters as the set's", () => {
    expect(names(model.sets[0]!.schemas)).toEqual([
      "Metadata",
      "Money",
      "NewPayment",
      "Payment",
      "PaymentId",
      "PaymentList",
      "PaymentStatus",
      "Problem",
    ]);
    expect(names(model.sets[1]!.schemas)).toContain("PaymentUpdate");
    expect(names(model.sets[0]!.schemas)).not.toContain("PaymentUpdate");
  });
});

describe("the format's defaults and choices", () => {
  const good = readFileSync(
    join(repoRoot, "test/fixtures/good-spec.yaml"),
    "utf8",
  );
  const authBlock = good.slice(
    good.indexOf("auth:\n"),
    good.indexOf("operations:\n"),
  );
  const withAuth = (auth: string): Model =>
    resolve(good.replace(authBlock, auth), "spec.yaml");

  it("reads a spec without `auth` as sending no credentials", () => {
    const model = withAuth("");
    expect(model.auth).toEqual({ scheme: "none" });
    expect(model.operations.map((each) => each.authenticated)).toEqual([
      false,
      false,
    ]);
  });

  it("reads basic and bearer schemes, with or without a description", () => {
    expect(withAuth("auth:\n  scheme: basic\n").auth).toEqual({
      scheme: "basic",
    });
    expect(
      withAuth(
        "auth:\n  scheme: bearer\n  description: A token from the console.\n",
      ).auth,
    ).toEqual({ scheme: "bearer", description: "A token from the console." });
    expect(
      withAuth("auth:\n  scheme: api-key\n  in: query\n  name: key\n").auth,
    ).toEqual({ scheme: "api-key", in: "query", name: "key" });
  });

  it("keeps a {variable} base URL required: no default", () => {
    const model = resolve(good, "spec.yaml");
    expect(model.service.baseUrl).toBe("{base_url}");
    expect(model.service.defaultBaseUrl).toBeUndefined();
  });

  it("defaults the method to operationDefaults.method, else POST; an effect written overrides the method's", () => {
    const post = resolve(good, "spec.yaml");
    expect(post.operations.map((each) => each.method)).toEqual([
      "POST",
      "POST",
    ]);
    const text = good
      .replace(
        "operations:\n",
        "operationDefaults:\n  method: DELETE\noperations:\n",
      )
      .replace("    effect: read\n", "    effect: read\n    method: GET\n")
      .replace("    effect: write\n", "");
    const model = resolve(text, "spec.yaml");
    expect(
      model.operations.map((each) => [
        each.method,
        each.effect,
        each.effectBasis,
        each.request.kind,
      ]),
    ).toEqual([
      ["GET", "read", "inferred", "none"],
      ["DELETE", "write", "default", "none"],
    ]);
  });

  it("drops the inherited gaps an operation states: its request, parameters and statuses", () => {
    const text = good
      .replace(
        "operations:\n",
        'operationDefaults:\n  notShown:\n    request: "The request: not shown."\n    parameters: "The parameters: not shown."\n    statusCodes: "The statuses: not shown."\n    response: "The response: not shown."\noperations:\n',
      )
      .replace(
        "    effect: read\n",
        "    effect: read\n    method: GET\n    parameters:\n      - { name: q, in: query, schema: { type: string } }\n",
      )
      .replace(
        "    effect: write\n",
        "    effect: write\n    request: false\n    responses:\n      - { status: 202, description: Accepted. }\n",
      );
    const model = resolve(text, "spec.yaml");
    expect(
      model.operations.map((each) => each.notShown.map((gap) => gap.topic)),
    ).toEqual([["statusCodes", "response"], ["parameters"]]);
    expect(model.operations[1]!.request).toEqual({ kind: "none" });
    expect(model.operations[0]!.response).toEqual({
      kind: "not-shown",
      text: "The response: not shown.",
    });
  });

  it("gives a parameter its exact name as its key; on a clash across places, path first, then query, then header", () => {
    const text = good
      .replace("    path: /get_acct_title\n", "    path: /accounts/{id}\n")
      .replace(
        "    effect: read\n",
        [
          "    effect: read",
          "    method: GET",
          "    parameters:",
          "      - { name: id, in: header, schema: { type: string } }",
          "      - { name: id, in: query, schema: { type: string } }",
          "      - { name: queryId, in: query, schema: { type: string } }",
          "      - { name: id, in: path, schema: { type: string } }",
          "",
        ].join("\n"),
      );
    const model = resolve(text, "spec.yaml");
    expect(
      model.operations[0]!.parameters.map((each) => [
        each.in,
        each.name,
        each.names.property,
      ]),
    ).toEqual([
      ["header", "id", "headerId"],
      ["query", "id", "queryId2"],
      ["query", "queryId", "queryId"],
      ["path", "id", "id"],
    ]);
  });

  it("finds the status operation the spec names, and none when it names none", () => {
    const real = resolve(realText);
    expect(real.sets.map((each) => each.statusOperation?.id)).toEqual([
      "get_transaction_status",
      "get_transaction_status",
      "get_transaction_status",
    ]);
    const unnamed = resolve(
      realText.replace(/\n *statusOperation: get_transaction_status/, ""),
    );
    expect(unnamed.sets.map((each) => each.statusOperation)).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
  });
});

describe("what a success answer holds (responseBody)", () => {
  const keywordsText = readFileSync(
    join(repoRoot, "test/fixtures/schema-keywords.yaml"),
    "utf8",
  );
  const answering = (id: string, response: string): string =>
    `    path: /${id}\n    summary: S.\n    effect: read\n    response: ${response}\n`;
  const extra: Record<string, string> = {
    union_of_objects: "{ $ref: PaymentMethod }",
    inline_union: "{ anyOf: [{ $ref: Card }, { type: object }] }",
    union_with_string: "{ oneOf: [{ $ref: Card }, { type: string }] }",
    list: "{ type: array, items: { $ref: Card } }",
    nullable_ref: "{ $ref: Card, nullable: true }",
    object_const: "{ const: { kind: card } }",
    untyped: "{ description: Anything. }",
    ref_chain: "Chain",
  };
  const text = keywordsText
    .replace(
      "\nsets:\n",
      () =>
        Object.entries(extra)
          .map(([id, response]) => `  ${id}:\n${answering(id, response)}`)
          .join("") + "\nsets:\n",
    )
    .replace(
      "\nschemas:\n",
      "\nschemas:\n  Chain: { $ref: Chain2 }\n  Chain2: { $ref: PaymentMethod }\n",
    )
    .replace(
      "operations: [create_payment, get_tree, get_counts, get_method]",
      () =>
        `operations: [create_payment, get_tree, get_counts, get_method, ${Object.keys(extra).join(", ")}]`,
    );

  it("is an object for objects, unions of objects and an allOf with an object part, else any JSON", () => {
    const model = resolve(text, "schema-keywords.yaml");
    const bodies = Object.fromEntries(
      model.operations.map((operation) => [
        operation.id,
        operation.responseBody,
      ]),
    );
    expect(bodies).toEqual({
      create_payment: "object", // allOf of Money and an object
      get_tree: "object",
      get_counts: "object", // a map is an object
      get_method: "json", // a nullable union: null is an answer too
      union_of_objects: "object",
      inline_union: "object",
      union_with_string: "json",
      list: "json",
      nullable_ref: "json",
      object_const: "object",
      untyped: "json",
      ref_chain: "object",
    });
  });
});
