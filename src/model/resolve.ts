/**
 * Turns a checked raw spec into the resolved model: set membership followed
 * through `extends`, names decided, schemas reachable per set, all frozen.
 */
import {
  envPrefix,
  mockBaseUrl,
  operationNames,
  parameterProperties,
  setNames,
} from "../names/names.js";
import type { NamedSchema, SchemaNode } from "../runtime/schema.js";
import {
  oneWaySchemas,
  parseRateLimit,
  rateLimitUnits,
  operationSchemas,
  refsOf,
  resolveMembers,
  toSchemaNode,
  type RawAuth,
  type RawOperation,
  type RawPayload,
  type RawPlan,
  type RawSchema,
  type RawSpec,
} from "../spec/raw.js";
import type {
  AuthModel,
  Model,
  NotShown,
  OperationModel,
  OperationSetModel,
  ParameterModel,
  PayloadModel,
  PlanModel,
} from "./types.js";

/**
 * Whether every value a schema admits is a JSON object (not null, not an
 * array), followed through references: the transport then refuses any other
 * answer, and reads an empty one as `{}`. A union is when each variant is, an
 * allOf when any part is (its value satisfies every part); `nullable` admits
 * null, so a nullable node is not.
 */
function isObjectSchema(
  node: SchemaNode,
  byName: ReadonlyMap<string, SchemaNode>,
  // Answers by schema name. A name met again while it is worked out is a
  // cycle, which no value ends: not an object.
  known = new Map<string, boolean>(),
): boolean {
  // References followed in a loop: a chain may be thousands long.
  const chain: string[] = [];
  let current: SchemaNode | undefined = node;
  let answer: boolean | undefined;
  while (answer === undefined && current?.kind === "ref" && !current.nullable) {
    answer = known.get(current.name);
    known.set(current.name, false);
    chain.push(current.name);
    current = byName.get(current.name);
  }
  answer ??=
    current !== undefined &&
    !current.nullable &&
    (current.kind === "object" ||
      (current.kind === "const" &&
        typeof current.value === "object" &&
        current.value !== null &&
        !Array.isArray(current.value)) ||
      (current.kind === "union" &&
        current.variants.every((variant) =>
          isObjectSchema(variant, byName, known),
        )) ||
      (current.kind === "allOf" &&
        current.parts.some((part) => isObjectSchema(part, byName, known))));
  for (const name of chain) known.set(name, answer);
  return answer;
}

/** Builds the model. Call only on a spec the checker passed. */
export function resolveModel(raw: RawSpec, specFile: string): Model {
  const setsById = new Map(raw.sets.map((set) => [set.id.value, set]));
  const members = resolveMembers(raw.sets, setsById);
  const defaults = new Map(
    raw.operationDefaults.notShown.map((gap) => [gap.topic, gap.text]),
  );
  const notShownText = (topic: string, fallback: string): string =>
    defaults.get(topic) ?? fallback;

  // Sets as lookups: a spec may hold thousands of operations.
  const memberSets = raw.sets.map(
    (set) => [set.id.value, new Set(members.get(set.id.value) ?? [])] as const,
  );
  const setsOf = (operationId: string): string[] =>
    memberSets.filter(([, ids]) => ids.has(operationId)).map(([id]) => id);

  const schemaByName = new Map(
    raw.schemas.map((schema) => [
      schema.name.value,
      toSchemaNode(schema.schema),
    ]),
  );

  const payload = (schema: RawPayload, topic: string): PayloadModel =>
    schema === false
      ? { kind: "none" }
      : schema === undefined
        ? {
            kind: "not-shown",
            text: notShownText(topic, `The ${topic} payload shape: not shown.`),
          }
        : { kind: "schema", schema: toSchemaNode(schema) };
  // Without auth no operation sends credentials.
  const anyCredentials = raw.auth.scheme !== "none";

  const operations: OperationModel[] = raw.operations.map((operation) => {
    const response = payload(successBody(operation), "response");
    return {
      id: operation.id.value,
      method: operation.method,
      path: operation.path.value,
      parameters: parametersOf(operation),
      authenticated: anyCredentials && operation.authenticated,
      summary: operation.summary,
      ...(operation.description !== undefined
        ? { description: operation.description }
        : {}),
      effect: operation.effect,
      effectBasis: operation.effectBasis,
      request: payload(operation.request, "request"),
      response,
      responses: operation.responses.map((each) => ({
        status: each.status.value,
        description: each.description,
        payload: payload(each.schema ?? false, "response"),
      })),
      responseBody:
        response.kind !== "schema" ||
        isObjectSchema(response.schema, schemaByName)
          ? "object"
          : "json",
      errors: operation.errors.map((error) => ({
        status: error.status.value,
        description: error.description,
        payload: payload(error.schema, "error"),
      })),
      notShown: operation.notShown.map(copyGap),
      sets: setsOf(operation.id.value),
      names: operationNames(operation.id.value),
    };
  });
  const operationById = new Map(
    operations.map((operation) => [operation.id, operation]),
  );
  const schemas: NamedSchema[] = raw.schemas
    .map((schema) => ({
      name: schema.name.value,
      schema: schemaByName.get(schema.name.value)!,
    }))
    .sort((a, b) => compareText(a.name, b.name));
  const rawSchemaByName = new Map(
    raw.schemas.map((schema) => [schema.name.value, schema.schema]),
  );

  const sets: OperationSetModel[] = raw.sets.map((set) => {
    const ids = new Set(members.get(set.id.value) ?? []);
    // Membership in spec operation order, so every set lists operations alike.
    const setOperations = operations.filter((operation) =>
      ids.has(operation.id),
    );
    const parentIds = set.extends
      ? new Set(members.get(set.extends.value) ?? [])
      : new Set<string>();
    const added = setOperations
      .filter((operation) => !parentIds.has(operation.id))
      .map((operation) => operation.id);
    const removed = operations
      .filter(
        (operation) => parentIds.has(operation.id) && !ids.has(operation.id),
      )
      .map((operation) => operation.id);
    const reachable = reachableSchemas(
      raw.operations.filter((operation) => ids.has(operation.id.value)),
      rawSchemaByName,
    );
    const statusId = raw.service.statusOperation?.value;
    const status = setOperations.find((operation) => operation.id === statusId);
    return {
      id: set.id.value,
      title: set.title,
      version: set.version.value,
      labels: [...set.labels],
      ...(set.date ? { date: set.date.value } : {}),
      ...(set.extends ? { extends: set.extends.value } : {}),
      added,
      removed,
      operations: setOperations.map((operation) =>
        operationById.get(operation.id)!,
      ),
      ...(set.plan !== undefined ? { plan: planOf(set.plan) } : {}),
      ...(status !== undefined ? { statusOperation: status } : {}),
      schemas: schemas.filter((schema) => reachable.has(schema.name)),
      names: setNames(
        set.id.value,
        raw.service.packageScope.value,
        raw.service.packageName.value,
      ),
    };
  });

  const model: Model = {
    service: {
      title: raw.service.title,
      description: raw.service.description,
      baseUrl: raw.service.baseUrl,
      baseUrlVariable: variableName(raw.service.baseUrl, "base_url"),
      ...(literalUrl(raw.service.baseUrl)
        ? { defaultBaseUrl: raw.service.baseUrl }
        : {}),
      notShown: raw.service.notShown.map(copyGap),
      names: {
        packageScope: raw.service.packageScope.value,
        packageBase: raw.service.packageName.value,
        envPrefix: envPrefix(raw.service.packageName.value),
        mockBaseUrl: mockBaseUrl(raw.service.packageName.value),
        ...(raw.service.packageRegistry !== undefined
          ? { registry: raw.service.packageRegistry }
          : {}),
      },
    },
    auth: authOf(raw.auth),
    operations,
    sets,
    schemas,
    oneWaySchemas: [...oneWaySchemas(schemas)].sort(compareText),
    source: { specFile },
  };
  return deepFreeze(model);
}

/** The names the model declares (the checker also claims the params and error types'). */
/**
 * The success body: `response` as written, or of stated `responses` the
 * first that has a body (none when none has).
 */
function successBody(operation: RawOperation): RawPayload {
  if (operation.responses.length === 0) return operation.response;
  return (
    operation.responses.find((each) => each.schema !== undefined)?.schema ??
    false
  );
}

function parametersOf(operation: RawOperation): ParameterModel[] {
  const properties = parameterProperties(
    operation.parameters.map((parameter) => ({
      name: parameter.name.value,
      in: parameter.in,
    })),
  );
  return operation.parameters.map((parameter, index) => ({
    name: parameter.name.value,
    in: parameter.in,
    // A path is incomplete without its parameters (the checker refuses `false`).
    required: parameter.in === "path" || parameter.required?.value === true,
    ...(parameter.description !== undefined
      ? { description: parameter.description }
      : {}),
    schema: toSchemaNode(parameter.schema),
    names: { property: properties[index]! },
  }));
}

function planOf(plan: RawPlan): PlanModel {
  const rateLimit = parseRateLimit(plan.rateLimit.value)!;
  return {
    name: plan.name,
    rateLimit: {
      limit: rateLimit.limit,
      unit: rateLimit.unit,
      intervalMs: rateLimitUnits[rateLimit.unit],
      text: plan.rateLimit.value,
    },
    cost: plan.cost,
    ...(plan.note !== undefined ? { note: plan.note } : {}),
  };
}

function authOf(auth: RawAuth): AuthModel {
  switch (auth.scheme) {
    case "oauth2-client-credentials":
      return {
        scheme: auth.scheme,
        title: auth.title,
        version: auth.version.value,
        baseUrl: auth.baseUrl,
        baseUrlVariable: variableName(auth.baseUrl, "auth_url"),
        token: { method: "POST", path: auth.tokenPath.value },
        assumption: auth.assumption,
        notShown: auth.notShown.map(copyGap),
      };
    case "api-key":
      return {
        scheme: auth.scheme,
        in: auth.in,
        name: auth.name.value,
        ...(auth.description !== undefined
          ? { description: auth.description }
          : {}),
      };
    case "basic":
    case "bearer":
      return {
        scheme: auth.scheme,
        ...(auth.description !== undefined
          ? { description: auth.description }
          : {}),
      };
    case "none":
      return { scheme: "none" };
  }
}

/** A base URL written out (`https://api.example.com/v2`), not a `{variable}` to fill in. */
function literalUrl(url: string): boolean {
  if (url.includes("{")) return false;
  try {
    return /^https?:$/.test(new URL(url).protocol);
  } catch {
    return false;
  }
}

function copyGap(gap: { topic: string; text: string }): NotShown {
  return { topic: gap.topic, text: gap.text };
}

/** `{base_url}` -> `base_url`; a literal URL keeps the fallback name. */
function variableName(url: string, fallback: string): string {
  return /^\{([A-Za-z_][A-Za-z0-9_]*)\}$/.exec(url)?.[1] ?? fallback;
}

function reachableSchemas(
  operations: RawSpec["operations"],
  byName: ReadonlyMap<string, RawSchema>,
): Set<string> {
  const seen = new Set<string>();
  const pending = operations.flatMap((operation) =>
    operationSchemas(operation).flatMap(refsOf),
  );
  while (pending.length > 0) {
    const name = pending.pop()!.value;
    if (seen.has(name)) continue;
    seen.add(name);
    // One at a time: a schema may hold more references than a call takes arguments.
    for (const ref of refsOf(byName.get(name))) pending.push(ref);
  }
  return seen;
}

/** Code-unit order: the same on every machine and locale. */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function deepFreeze<T>(value: T): T {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (item !== null && typeof item === "object" && !Object.isFrozen(item)) {
      Object.freeze(item);
      for (const key of Object.keys(item))
        stack.push((item as Record<string, unknown>)[key]);
    }
  }
  return value;
}
