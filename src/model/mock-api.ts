/**
 * A set as the mock engine reads it, made from the model alone: what
 * `remitgen mock` serves, and what each package's mocks module prints.
 */
import type { MockApi, MockOperation } from "../runtime/mock/engine.js";
import type { NamedSchema, SchemaNode } from "../runtime/schema.js";
import type { Model, OperationSetModel, PayloadModel } from "./types.js";

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
    ...(set.plan && {
      plan: {
        name: set.plan.name,
        limit: set.plan.rateLimit.limit,
        intervalMs: set.plan.rateLimit.intervalMs,
      },
    }),
    // Until the mocks serve other schemes, a token route is always there.
    tokenPath:
      model.auth.scheme === "oauth2-client-credentials"
        ? model.auth.token.path
        : "/oauth2/token",
    operations: set.operations.map((operation) =>
      once(operation, (): MockOperation => ({
        name: operation.id,
        path: operation.path,
        effect: operation.effect,
        ...shown("request", operation.request),
        ...shown("response", operation.response),
      })),
    ),
    schemas: set.schemas.map((named) =>
      once(named, (): NamedSchema => ({
        name: named.name,
        schema: named.schema,
      })),
    ),
  };
}

/** `{ [key]: schema }`, or nothing while the bank does not show the payload. */
function shown<K extends "request" | "response">(
  key: K,
  payload: PayloadModel,
): { [key in K]?: SchemaNode } {
  return payload.kind === "schema"
    ? ({ [key]: payload.schema } as { [key in K]: SchemaNode })
    : {};
}
