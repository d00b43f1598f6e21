/** `remitgen diff A B`: what set B adds and removes relative to set A, and plan changes. */
import { kindOf, usageProblems } from "./diagnostics/codes.js";
import { UsageError } from "./diagnostics/diagnostic.js";
import type { Model, OperationSetModel } from "./model/types.js";
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
  }[];
}

/**
 * What set `toId` adds and removes relative to set `fromId`, and how its plan differs.
 * Throws UsageError: RG091 for an id that names no set, RG092 for an argument of the wrong type.
 */
export function diffSets(model: Model, fromId: string, toId: string): SetDiff {
  // A JavaScript caller's spec path or undefined would end in a TypeError.
  const isModel =
    typeof model === "object" &&
    model !== null &&
    Array.isArray((model as { sets?: unknown }).sets);
  if (!isModel)
    refuse(
      "model",
      "a model from loadSpec",
      model,
      'pass the model loadSpec returns: diffSets(await loadSpec("spec/remittance.yaml"), "V1", "v3")',
    );
  if (typeof fromId !== "string")
    refuse("fromId", "a string", fromId, 'pass a set id, e.g. "V1"');
  if (typeof toId !== "string")
    refuse("toId", "a string", toId, 'pass a set id, e.g. "v3"');
  const from = findSet(model, fromId);
  const to = findSet(model, toId);
  const fromIds = new Set(from.operations.map((operation) => operation.id));
  const toIds = new Set(to.operations.map((operation) => operation.id));
  const planFields: [string, (set: OperationSetModel) => string][] = [
    ["plan", (set) => set.plan?.name ?? "none"],
    [
      "rate limit",
      (set) =>
        set.plan
          ? `${set.plan.rateLimit.limit} per ${set.plan.rateLimit.unit}`
          : "none",
    ],
    ["cost", (set) => set.plan?.cost ?? "none"],
    ["version", (set) => set.version],
  ];
  return {
    from: from.id,
    to: to.id,
    added: to.operations
      .filter((operation) => !fromIds.has(operation.id))
      .map((operation) => operation.id),
    removed: from.operations
      .filter((operation) => !toIds.has(operation.id))
      .map((operation) => operation.id),
    planChanges: planFields
      .map(([field, read]) => ({ field, from: read(from), to: read(to) }))
      .filter((change) => change.from !== change.to),
  };
}

function refuse(
  name: string,
  expected: string,
  value: unknown,
  hint: string,
): never {
  const { code, message } = usageProblems.badArgument(
    "diffSets",
    name,
    expected,
    kindOf(value),
    hint,
  );
  throw new UsageError(code, message, hint);
}

function findSet(model: Model, id: string): OperationSetModel {
  const set = model.sets.find((candidate) => candidate.id === id);
  if (set === undefined) {
    const ids = model.sets.map((each) => each.id);
    const { code, message, hint } = usageProblems.unknownSet(
      id,
      ids,
      closest(id, ids),
    );
    throw new UsageError(code, message, hint);
  }
  return set;
}

export function formatDiff(diff: SetDiff): string {
  const lines = [`${diff.from} -> ${diff.to}`];
  for (const id of diff.added) lines.push(`+ ${id}`);
  for (const id of diff.removed) lines.push(`- ${id}`);
  if (diff.added.length === 0 && diff.removed.length === 0)
    lines.push("  (same operations)");
  for (const change of diff.planChanges)
    lines.push(`~ ${change.field}: ${change.from} -> ${change.to}`);
  return lines.join("\n");
}
