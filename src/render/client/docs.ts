/** TSDoc paragraphs for generated operations and clients, from the model. */
import type { Model, OperationModel, OperationSetModel } from "../../model/types.js";
import { effectBasisNote } from "../docs/text.js";

export function limitText(set: OperationSetModel): string {
  const { limit, unit } = set.plan.rateLimit;
  return `${limit} requests per ${unit} (${set.plan.name})`;
}

/**
 * Every fact of a set that operationDoc reads (its plan and its status
 * operation), as a memo key: operations of sets with equal keys get equal
 * docs.
 */
export function operationDocKey(set: OperationSetModel): string {
  return JSON.stringify([limitText(set), set.statusOperation?.names.method ?? null]);
}

/** Summary, path, effect, limit, sets and gaps of one operation (see operationDocKey). */
export function operationDoc(model: Model, set: OperationSetModel, operation: OperationModel): string[] {
  const statusOperation = set.statusOperation;
  const reconcile = statusOperation
    ? `reconcile with ${statusOperation.names.method} before sending again`
    : "reconcile with the bank before sending again";
  const basis = ` ${effectBasisNote(operation)}`;
  const effect =
    operation.effect === "read"
      ? `Effect: read${basis}. Safe to repeat: retried on network errors, time-outs, 429, 502, 503 and 504.`
      : `Effect: write${basis}. Never sent again once the bank may have acted on it (only a 401 is answered by one resend, with a new token): when the outcome is unknown it throws OutcomeUnknownError; ${reconcile}.`;
  const gaps = [operation.request, operation.response]
    .filter((payload) => payload.kind === "not-shown")
    .map((payload) => (payload.kind === "not-shown" ? payload.text : ""));
  const otherGaps = operation.notShown
    .filter((gap) => gap.topic !== "request" && gap.topic !== "response")
    .map((gap) => gap.text);
  return [
    operation.summary,
    ...(operation.description ? [operation.description] : []),
    `POST ${operation.path}, relative to ${model.service.baseUrl}.`,
    effect,
    `Limit: ${limitText(set)}. In sets: ${operation.sets.join(", ")}.`,
    // One line per gap, in the seed's words.
    ...(gaps.length + otherGaps.length > 0
      ? [["Not shown by the bank:", ...[...gaps, ...otherGaps].map((gap) => `- ${gap}`)].join("\n")]
      : []),
  ];
}
