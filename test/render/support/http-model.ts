/**
 * A small non-bank HTTP API as a model, for the docs, OpenAPI and diff
 * tests: the golden fixture's operations turned into a GET with path,
 * query and header parameters and stated statuses, a POST answering 201,
 * and a DELETE that sends no credentials.
 */
import { fileURLToPath } from "node:url";
import { loadSpec } from "../../../src/check-spec.js";
import type { Model } from "../../../src/model/types.js";

const repoRoot = fileURLToPath(new URL("../../../", import.meta.url));

type Mutable<T> = { -readonly [K in keyof T]: Mutable<T[K]> };

/** The golden fixture's model, unfrozen, for a test to reshape. */
export async function goldenModel(): Promise<Mutable<Model>> {
  const model = await loadSpec(
    `${repoRoot}test/fixtures/client/golden-spec.yaml`,
    "golden-spec.yaml",
  );
  // One clone keeps the sharing: a set's operations are the model's.
  return structuredClone(model) as Mutable<Model>;
}

export async function httpModel(): Promise<Model> {
  const model = await goldenModel();
  const [quote, send, cancel] = model.operations;
  Object.assign(quote!, {
    method: "GET",
    path: "/quotes/{quoteId}",
    effectBasis: "default",
    parameters: [
      {
        name: "quoteId",
        in: "path",
        required: true,
        description: "The quote's id.",
        schema: { kind: "string", maxLength: 34 },
        names: { property: "quoteId" },
      },
      {
        name: "currency",
        in: "query",
        required: false,
        schema: { kind: "array", items: { kind: "enum", values: ["USD", "EUR"] } },
        names: { property: "currency" },
      },
      {
        name: "X-Request-Id",
        in: "header",
        required: false,
        description: "Echoed in the answer.",
        schema: { kind: "string", format: "uuid" },
        names: { property: "xRequestId" },
      },
    ],
    request: { kind: "none" },
    notShown: [],
  });
  quote!.responses = [
    { status: 200, description: "The quote.", payload: quote!.response },
  ];
  quote!.errors = [
    {
      status: 404,
      description: "No such quote.",
      payload: { kind: "schema", schema: { kind: "object", properties: [{ name: "message", required: true, schema: { kind: "string" } }] } },
    },
  ];
  send!.responses = [
    { status: 201, description: "Created.", payload: send!.response },
  ];
  Object.assign(cancel!, {
    method: "DELETE",
    path: "/payments/{paymentId}",
    authenticated: false,
    request: { kind: "none" },
    response: { kind: "none" },
    parameters: [
      {
        name: "paymentId",
        in: "path",
        required: true,
        schema: { kind: "integer", minimum: 1 },
        names: { property: "paymentId" },
      },
    ],
  });
  model.service.baseUrl = "https://api.example.com/v2";
  model.service.defaultBaseUrl = "https://api.example.com/v2";
  model.auth = {
    scheme: "api-key",
    in: "header",
    name: "X-API-Key",
    description: "Issued in the dashboard.",
  };
  model.service.notShown = [];
  // The second set states no plan: no limiter, nothing said of limits.
  delete model.sets[1]!.plan;
  cancel!.responses = [
    { status: 204, description: "Cancelled.", payload: cancel!.response },
  ];
  return model as Model;
}
