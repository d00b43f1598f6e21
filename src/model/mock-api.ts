/**
 * A set as the mock engine reads it, made from the model alone: what
 * `remitgen mock` serves, and what each package's mocks module prints.
 */
import type {
  MockApi,
  MockAuth,
  MockOperation,
} from "../runtime/mock/engine.js";
import type { NamedSchema, SchemaNode } from "../runtime/schema.js";
import type {
  AuthModel,
  Model,
  OperationModel,
  OperationSetModel,
  PayloadModel,
} from "./types.js";

/**
 * Makes an entry once per `owner` (an operation or a schema of the model),
 * for a caller that shares entries between sets; by default each is made
 * afresh.
 */
export type MakeOnce = <T>(owner: object, make: () => T) => T;

export function mockApi(
  model: Model,
  set: OperationSetModel,
  once: MakeOnce = (_owner, make) => make(),
): MockApi {
  return {
    setId: set.id,
    // A host of its own, not the spec's base URL: a test that forgot to
    // install the handlers then fails to resolve it, never reaching the
    // service itself.
    baseUrl: model.service.names.mockBaseUrl,
    ...(set.plan && {
      plan: {
        name: set.plan.name,
        limit: set.plan.rateLimit.limit,
        intervalMs: set.plan.rateLimit.intervalMs,
      },
    }),
    auth: mockAuth(model.auth),
    operations: set.operations.map((operation) =>
      once(operation, () => mockOperation(operation)),
    ),
    schemas: set.schemas.map((named) =>
      once(named, (): NamedSchema => ({
        name: named.name,
        schema: named.schema,
      })),
    ),
  };
}

function mockAuth(auth: AuthModel): MockAuth {
  switch (auth.scheme) {
    case "oauth2-client-credentials":
      return { scheme: auth.scheme, tokenPath: auth.token.path };
    case "api-key":
      return { scheme: auth.scheme, in: auth.in, name: auth.name };
    default:
      return { scheme: auth.scheme };
  }
}

/** An operation as the engine reads it; what it leaves out takes the engine's default. */
function mockOperation(operation: OperationModel): MockOperation {
  const request = body(operation.request);
  const response = body(operation.response);
  const status = operation.responses[0]?.status ?? 200;
  const errors = operation.errors.flatMap((error) => {
    const stated = body(error.payload);
    return stated === undefined ? [] : [{ status: error.status, body: stated }];
  });
  return {
    name: operation.id,
    method: operation.method,
    path: operation.path,
    effect: operation.effect,
    ...(operation.parameters.length > 0 && {
      parameters: operation.parameters.map((parameter) => ({
        name: parameter.name,
        in: parameter.in,
        required: parameter.required,
        schema: parameter.schema,
      })),
    }),
    ...(request !== undefined && { request }),
    ...(response !== undefined && { response }),
    ...(status !== 200 && { status }),
    ...(errors.length > 0 && { errors }),
    ...(!operation.authenticated && { authenticated: false }),
  };
}

/** A payload as the engine reads it: its schema, `false` for none, `undefined` while not shown. */
function body(payload: PayloadModel): SchemaNode | false | undefined {
  return payload.kind === "schema"
    ? payload.schema
    : payload.kind === "none"
      ? false
      : undefined;
}
