/**
 * Turns a checked raw spec into the resolved model: set membership followed
 * through `extends`, names decided, schemas reachable per set, all frozen.
 */
import { operationNames, setNames } from "../names/names.js";
import type { NamedSchema, SchemaNode } from "../runtime/schema.js";
import {
  parseRateLimit,
  rateLimitUnits,
  refsOf,
  resolveMembers,
  toSchemaNode,
  type RawSchema,
  type RawSpec,
} from "../spec/raw.js";
import type {
  Model,
  NotShown,
  OperationModel,
  OperationSetModel,
  PayloadModel,
  PlanModel,
} from "./types.js";

/**
 * The bank's status lookup: what a caller checks before resending a write
 * whose outcome is unknown. The seed names it; no other operation reports
 * a transaction's state.
 */
const statusOperationId = "get_transaction_status";

/** Whether a schema, followed through references, describes a JSON object. */
function isObjectSchema(
  node: SchemaNode,
  byName: ReadonlyMap<string, SchemaNode>,
): boolean {
  const seen = new Set<string>();
  let current: SchemaNode | undefined = node;
  while (current?.kind === "ref" && !seen.has(current.name)) {
    seen.add(current.name);
    current = byName.get(current.name);
  }
  return current?.kind === "object";
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

  const operations: OperationModel[] = raw.operations.map((operation) => {
    const payload = (
      schema: RawSchema | undefined,
      topic: string,
    ): PayloadModel =>
      schema === undefined
        ? {
            kind: "not-shown",
            text: notShownText(topic, `The ${topic} payload shape: not shown.`),
          }
        : { kind: "schema", schema: toSchemaNode(schema) };
    return {
      id: operation.id.value,
      method: "POST",
      path: operation.path.value,
      parameters: [],
      authenticated: true,
      summary: operation.summary,
      ...(operation.description !== undefined
        ? { description: operation.description }
        : {}),
      effect: operation.effect,
      effectBasis: operation.effectBasis,
      request: payload(operation.request, "request"),
      response: payload(operation.response, "response"),
      responses: [],
      responseBody:
        operation.response === undefined ||
        isObjectSchema(toSchemaNode(operation.response), schemaByName)
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
    const rateLimit = parseRateLimit(set.plan.rateLimit.value)!;
    const plan: PlanModel = {
      name: set.plan.name,
      rateLimit: {
        limit: rateLimit.limit,
        unit: rateLimit.unit,
        intervalMs: rateLimitUnits[rateLimit.unit],
        text: set.plan.rateLimit.value,
      },
      cost: set.plan.cost,
      ...(set.plan.note !== undefined ? { note: set.plan.note } : {}),
    };
    const reachable = reachableSchemas(
      raw.operations.filter((operation) => ids.has(operation.id.value)),
      rawSchemaByName,
    );
    const status = setOperations.find(
      (operation) => operation.id === statusOperationId,
    );
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
      plan,
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
      notShown: raw.service.notShown.map(copyGap),
      names: {
        packageScope: raw.service.packageScope.value,
        packageBase: raw.service.packageName.value,
        envPrefix: envPrefixOf(raw.service.packageName.value),
        mockBaseUrl: `https://${raw.service.packageName.value.replace(/_/g, "-")}.mock`,
        ...(raw.service.packageRegistry !== undefined
          ? { registry: raw.service.packageRegistry }
          : {}),
      },
    },
    auth: {
      title: raw.auth.title,
      version: raw.auth.version.value,
      baseUrl: raw.auth.baseUrl,
      baseUrlVariable: variableName(raw.auth.baseUrl, "auth_url"),
      token: { method: "POST", path: raw.auth.tokenPath.value },
      scheme: "oauth2-client-credentials",
      assumption: raw.auth.assumption,
      notShown: raw.auth.notShown.map(copyGap),
    },
    operations,
    sets,
    schemas,
    source: { specFile },
  };
  return deepFreeze(model);
}

/** `remittance` -> `REMITTANCE`, `open-bank.v2` -> `OPEN_BANK_V2`. */
function envPrefixOf(packageName: string): string {
  // A leading digit would not read as a name in `process.env.NAME`.
  return packageName
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, "_")
    .replace(/^(?=[0-9])/, "_");
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
    [
      operation.request,
      operation.response,
      ...operation.errors.map((error) => error.schema),
    ].flatMap(refsOf),
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
