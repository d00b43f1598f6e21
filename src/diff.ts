/**
 * `remitgen diff A B`: what set B adds, removes and changes relative to set
 * A, and which of those changes break a client. The sets may come from one
 * spec or from two (the API's next version): an operation of the same id
 * in both is compared whole, method, path, parameters, bodies, statuses
 * and credentials.
 *
 * Breaking means: code written against A's client, or a client generated
 * from A, may fail against B (no longer compiles, or is refused).
 */
import { kindOf, usageProblems } from "./diagnostics/codes.js";
import { UsageError } from "./diagnostics/diagnostic.js";
import type {
  AuthModel,
  Model,
  OperationModel,
  OperationSetModel,
  PayloadModel,
  PlanModel,
  SchemaNode,
} from "./model/types.js";
import { closest } from "./names/names.js";

export interface SetDiff {
  readonly from: string;
  readonly to: string;
  readonly added: readonly string[];
  readonly removed: readonly string[];
  readonly planChanges: readonly {
    readonly field: string;
    readonly from: string;
    readonly to: string;
    /** A plan where there was none, or a lower limit: the old client's limiter lets more through. */
    readonly breaking: boolean;
  }[];
  /** Every other change: removed operations, auth, then each operation's own. */
  readonly changes: readonly Change[];
  /** Whether any change, of the plan too, breaks a client (see `Change.breaking`). */
  readonly breaking: boolean;
}

export interface Change {
  /** The operation's id; none for the set's own facts (auth, plan). */
  readonly operation?: string;
  /** What changed, e.g. `method GET -> POST`, `query parameter limit added (required)`. */
  readonly text: string;
  /** Whether code or a client written for the earlier set may fail against the later one. */
  readonly breaking: boolean;
}

/**
 * What set `toId` (of `toModel`, by default the same spec) adds, removes
 * and changes relative to set `fromId` of `model`.
 * Throws UsageError: RG091 for an id that names no set, RG092 for an argument of the wrong type.
 */
export function diffSets(
  model: Model,
  fromId: string,
  toId: string,
  toModel: Model = model,
): SetDiff {
  for (const [name, value] of [
    ["model", model],
    ["toModel", toModel],
  ] as const) {
    // A JavaScript caller's spec path or undefined would end in a TypeError.
    const isModel =
      typeof value === "object" &&
      value !== null &&
      Array.isArray((value as { sets?: unknown }).sets);
    if (!isModel)
      refuse(
        name,
        "a model from loadSpec",
        value,
        'pass the model loadSpec returns: diffSets(await loadSpec("spec/remittance.yaml"), "V1", "v3")',
      );
  }
  if (typeof fromId !== "string")
    refuse("fromId", "a string", fromId, 'pass a set id, e.g. "V1"');
  if (typeof toId !== "string")
    refuse("toId", "a string", toId, 'pass a set id, e.g. "v3"');
  const from = findSet(model, fromId);
  const to = findSet(toModel, toId);
  const after = new Map(
    to.operations.map((operation) => [operation.id, operation]),
  );
  const fromIds = new Set(from.operations.map((operation) => operation.id));
  const removed = from.operations
    .filter((operation) => !after.has(operation.id))
    .map((operation) => operation.id);
  // Requests per millisecond a plan allows; none allows any number.
  const rate = (plan?: PlanModel): number =>
    plan ? plan.rateLimit.limit / plan.rateLimit.intervalMs : Infinity;
  const lower = rate(to.plan) < rate(from.plan);
  const planFields: [string, (set: OperationSetModel) => string, boolean][] = [
    [
      "plan",
      (set) => set.plan?.name ?? "none",
      from.plan === undefined && lower,
    ],
    [
      "rate limit",
      (set) =>
        set.plan
          ? `${set.plan.rateLimit.limit} per ${set.plan.rateLimit.unit}`
          : "none",
      from.plan !== undefined && lower,
    ],
    ["cost", (set) => set.plan?.cost ?? "none", false],
    ["version", (set) => set.version, false],
  ];
  const schemas = {
    before: new Map(model.schemas.map((named) => [named.name, named.schema])),
    after: new Map(toModel.schemas.map((named) => [named.name, named.schema])),
  };
  const changes: Change[] = [
    ...removed.map((id) => ({
      operation: id,
      text: "removed",
      breaking: true,
    })),
    ...authChanges(model.auth, toModel.auth),
    ...from.operations.flatMap((operation) => {
      const later = after.get(operation.id);
      return later === undefined
        ? []
        : operationChanges(operation, later, schemas).map((change) => ({
            operation: operation.id,
            ...change,
          }));
    }),
  ];
  const planChanges = planFields
    .map(([field, read, breaking]) => ({
      field,
      from: read(from),
      to: read(to),
      breaking,
    }))
    .filter((change) => change.from !== change.to);
  return {
    from: from.id,
    to: to.id,
    added: to.operations
      .filter((operation) => !fromIds.has(operation.id))
      .map((operation) => operation.id),
    removed,
    planChanges,
    changes,
    breaking: [...planChanges, ...changes].some((change) => change.breaking),
  };
}

type Found = Omit<Change, "operation">;

function authText(auth: AuthModel): string {
  switch (auth.scheme) {
    case "api-key":
      return `api-key (${auth.in} ${auth.name})`;
    case "oauth2-client-credentials":
      return `oauth2-client-credentials (token ${auth.token.path})`;
    default:
      return auth.scheme;
  }
}

/** Another scheme, or the same one sent elsewhere, is refused by the old client's credentials. */
function authChanges(before: AuthModel, after: AuthModel): Found[] {
  const [was, is] = [authText(before), authText(after)];
  if (was === is) return [];
  return [{ text: `auth ${was} -> ${is}`, breaking: after.scheme !== "none" }];
}

interface Schemas {
  readonly before: ReadonlyMap<string, SchemaNode>;
  readonly after: ReadonlyMap<string, SchemaNode>;
}

function operationChanges(
  before: OperationModel,
  after: OperationModel,
  schemas: Schemas,
): Found[] {
  const out: Found[] = [];
  if (before.method !== after.method)
    out.push({
      text: `method ${before.method} -> ${after.method}`,
      breaking: true,
    });
  if (before.path !== after.path)
    out.push({ text: `path ${before.path} -> ${after.path}`, breaking: true });
  out.push(...parameterChanges(before, after, schemas));
  out.push(
    ...payloadChange(
      "request body",
      before.request,
      after.request,
      "sent",
      schemas,
    ),
    ...payloadChange(
      "response body",
      before.response,
      after.response,
      "read",
      schemas,
    ),
    ...statusChanges("success", before.responses, after.responses),
    ...statusChanges("error", before.errors, after.errors),
  );
  if (before.authenticated !== after.authenticated)
    out.push(
      after.authenticated
        ? { text: "now sends credentials", breaking: true }
        : { text: "sends no credentials any more", breaking: false },
    );
  if (before.effect !== after.effect)
    // A write the client took for a read would be retried: say so loudly.
    out.push({
      text: `effect ${before.effect} -> ${after.effect}`,
      breaking: after.effect === "write",
    });
  return out;
}

function parameterChanges(
  before: OperationModel,
  after: OperationModel,
  schemas: Schemas,
): Found[] {
  const key = (parameter: { in: string; name: string }): string =>
    // Header names are case-insensitive.
    `${parameter.in}\u0000${parameter.in === "header" ? parameter.name.toLowerCase() : parameter.name}`;
  const later = new Map(after.parameters.map((each) => [key(each), each]));
  const earlier = new Set(before.parameters.map(key));
  const out: Found[] = [];
  for (const parameter of before.parameters) {
    const label = `${parameter.in} parameter ${parameter.name}`;
    const next = later.get(key(parameter));
    if (next === undefined) {
      out.push({ text: `${label} removed`, breaking: true });
      continue;
    }
    if (parameter.required !== next.required)
      out.push({
        text: `${label} ${next.required ? "now required" : "now optional"}`,
        breaking: next.required,
      });
    if (!sameSchema(parameter.schema, next.schema, schemas))
      out.push({ text: `${label} type changed`, breaking: true });
  }
  for (const parameter of after.parameters) {
    if (earlier.has(key(parameter))) continue;
    out.push({
      text: `${parameter.in} parameter ${parameter.name} added${parameter.required ? " (required)" : ""}`,
      breaking: parameter.required,
    });
  }
  return out;
}

function payloadText(payload: PayloadModel): string {
  return payload.kind === "none"
    ? "none"
    : payload.kind === "not-shown"
      ? "not shown"
      : "a schema";
}

/**
 * A body that appears, goes or changes type. A body that was not shown is
 * any JSON object: showing its schema narrows what is sent (breaking) but
 * types what is read (not breaking).
 */
function payloadChange(
  label: string,
  before: PayloadModel,
  after: PayloadModel,
  direction: "sent" | "read",
  schemas: Schemas,
): Found[] {
  if (before.kind === "schema" && after.kind === "schema") {
    const breaks = schemaBreaks(
      before.schema,
      after.schema,
      direction,
      schemas,
    );
    return breaks === undefined
      ? []
      : [
          {
            text: `${label} changed${breaks.length > 0 ? `: ${breaks.join("; ")}` : ""}`,
            breaking: breaks.length > 0,
          },
        ];
  }
  if (before.kind === after.kind) return [];
  return [
    {
      text: `${label} ${payloadText(before)} -> ${payloadText(after)}`,
      breaking: !(
        direction === "read" &&
        before.kind === "not-shown" &&
        after.kind === "schema"
      ),
    },
  ];
}

function statusChanges(
  kind: "success" | "error",
  before: readonly { status: number }[],
  after: readonly { status: number }[],
): Found[] {
  const was = new Set(before.map((each) => each.status));
  const is = new Set(after.map((each) => each.status));
  // A client takes any 2xx, and any error status as ApiError: informative only.
  const change = (from: Set<number>, to: Set<number>, what: string): Found[] =>
    [...to]
      .filter((status) => !from.has(status))
      .map((status) => ({
        text: `${kind} status ${status} ${what}`,
        breaking: false,
      }));
  return [...change(was, is, "added"), ...change(is, was, "removed")];
}

/** A schema with its reference resolved in its own spec, and the name it had. */
function resolve(
  schema: SchemaNode,
  named: ReadonlyMap<string, SchemaNode>,
): SchemaNode {
  let node = schema;
  for (let hops = 0; node.kind === "ref" && hops < 32; hops++) {
    const target = named.get(node.name);
    if (target === undefined) break;
    node = target;
  }
  return node;
}

function sameSchema(
  before: SchemaNode,
  after: SchemaNode,
  schemas: Schemas,
): boolean {
  return schemaBreaks(before, after, "sent", schemas) === undefined;
}

/**
 * How a body's schema changed: undefined when it did not, else the changes
 * that break a client (empty when none does). What a client sends breaks
 * on a new required member; what it reads, on a member that goes or may now
 * be missing; either, on a member whose type changes.
 */
function schemaBreaks(
  before: SchemaNode,
  after: SchemaNode,
  direction: "sent" | "read",
  schemas: Schemas,
  path = "",
  seen: Set<string> = new Set(),
): string[] | undefined {
  const left = resolve(before, schemas.before);
  const right = resolve(after, schemas.after);
  // A named schema met again (a recursive one) is compared once.
  if (before.kind === "ref" || after.kind === "ref") {
    const pair = `${before.kind === "ref" ? before.name : ""}\u0000${after.kind === "ref" ? after.name : ""}`;
    if (seen.has(pair)) return undefined;
    seen.add(pair);
  }
  const at = path === "" ? "" : ` ${path}`;
  if (left.kind === "array" && right.kind === "array") {
    const items = schemaBreaks(
      left.items,
      right.items,
      direction,
      schemas,
      `${path}[]`,
      seen,
    );
    const bounds =
      left.minItems !== right.minItems || left.maxItems !== right.maxItems;
    return bounds
      ? [...(items ?? []), `item bounds of${at || " the body"} changed`]
      : items;
  }
  if (left.kind !== "object" || right.kind !== "object") {
    const same =
      left.kind === right.kind &&
      JSON.stringify(strip(left)) === JSON.stringify(strip(right));
    return same ? undefined : [`type of${at || " the body"} changed`];
  }
  const breaks: string[] = [];
  let changed = false;
  const later = new Map(right.properties.map((each) => [each.name, each]));
  const earlier = new Set(left.properties.map((each) => each.name));
  for (const property of left.properties) {
    const name = path === "" ? property.name : `${path}.${property.name}`;
    const next = later.get(property.name);
    if (next === undefined) {
      changed = true;
      if (direction === "read" || property.required)
        breaks.push(`member ${name} removed`);
      continue;
    }
    if (property.required !== next.required) {
      changed = true;
      if (direction === "read" ? !next.required : next.required)
        breaks.push(
          `member ${name} now ${next.required ? "required" : "optional"}`,
        );
    }
    const inner = schemaBreaks(
      property.schema,
      next.schema,
      direction,
      schemas,
      name,
      seen,
    );
    if (inner !== undefined) {
      changed = true;
      breaks.push(...inner);
    }
  }
  for (const property of right.properties) {
    if (earlier.has(property.name)) continue;
    changed = true;
    if (direction === "sent" && property.required)
      breaks.push(
        `member ${path === "" ? property.name : `${path}.${property.name}`} added (required)`,
      );
  }
  return changed ? breaks : undefined;
}

/** A schema's type and constraints, without the words that do not change what is valid. */
function strip(schema: SchemaNode): object {
  const { description: _description, example: _example, ...rest } = schema;
  return rest;
}

function refuse(
  name: string,
  expected: string,
  value: unknown,
  hint: string,
): never {
  throw new UsageError(
    usageProblems.badArgument("diffSets", name, expected, kindOf(value), hint),
  );
}

function findSet(model: Model, id: string): OperationSetModel {
  const set = model.sets.find((candidate) => candidate.id === id);
  if (set === undefined) {
    const ids = model.sets.map((each) => each.id);
    throw new UsageError(usageProblems.unknownSet(id, ids, closest(id, ids)));
  }
  return set;
}

export function formatDiff(diff: SetDiff): string {
  const lines = [`${diff.from} -> ${diff.to}`];
  for (const id of diff.added) lines.push(`+ ${id}`);
  for (const id of diff.removed) lines.push(`- ${id} (breaking)`);
  if (diff.added.length === 0 && diff.removed.length === 0)
    lines.push("  (same operations)");
  const line = (text: string, breaking: boolean): string =>
    breaking ? `! ${text} (breaking)` : `~ ${text}`;
  for (const change of diff.planChanges)
    lines.push(
      line(`${change.field}: ${change.from} -> ${change.to}`, change.breaking),
    );
  // Removed operations are listed above, with a `-`.
  for (const change of diff.changes)
    if (change.text !== "removed")
      lines.push(
        line(
          `${change.operation !== undefined ? `${change.operation}: ` : ""}${change.text}`,
          change.breaking,
        ),
      );
  const count = [...diff.planChanges, ...diff.changes].filter(
    (change) => change.breaking,
  ).length;
  lines.push(
    count === 0
      ? "No breaking changes."
      : `${count} breaking change${count === 1 ? "" : "s"}.`,
  );
  return lines.join("\n");
}
