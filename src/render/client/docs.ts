/** TSDoc paragraphs for generated operations and clients, from the model. */
import type {
  Model,
  OperationModel,
  OperationSetModel,
} from "../../model/types.js";
import type { DocTag } from "../code/writer.js";
import { effectBasisNote, renewal, retryableStatuses } from "../docs/text.js";

/** The set's plan in words; only for a set that has one. */
export function limitText(set: OperationSetModel): string {
  if (set.plan === undefined) return "no rate limit (the spec states no plan)";
  const { limit, unit } = set.plan.rateLimit;
  return `${limit} requests per ${unit} (${set.plan.name})`;
}

/**
 * Every fact of a set that operationDoc and operationThrows read (its
 * status operation), as a memo key: operations of sets with equal keys get
 * equal docs.
 */
export function operationDocKey(set: OperationSetModel): string {
  return JSON.stringify([set.statusOperation?.names.method ?? null]);
}

/** How to reconcile a write whose outcome is unknown, in this set. */
function reconcileText(set: OperationSetModel): string {
  const statusOperation = set.statusOperation;
  return statusOperation
    ? `reconcile with ${statusOperation.names.method} before sending again`
    : "reconcile with the server before sending again";
}

/**
 * Summary, path, effect, sets and gaps of one operation (see
 * operationDocKey). The plan's limit, the same for every operation of a
 * set, is on the client's type and `createClient`, once.
 */
export function operationDoc(
  model: Model,
  operation: OperationModel,
): string[] {
  const basis = ` ${effectBasisNote(operation)}`;
  const effect =
    operation.effect === "read"
      ? `Effect: read${basis}. Safe to repeat: retried on network errors, time-outs, ${retryableStatuses()}.`
      : `Effect: write${basis}. Never sent again once the server may have acted on it${renewsToken(model, operation) ? " (only a 401 is answered by one resend, with a new token)" : ""}.`;
  const gaps = [operation.request, operation.response]
    .filter((payload) => payload.kind === "not-shown")
    .map((payload) => (payload.kind === "not-shown" ? payload.text : ""));
  const otherGaps = operation.notShown
    .filter((gap) => gap.topic !== "request" && gap.topic !== "response")
    .map((gap) => gap.text);
  return [
    operation.summary,
    ...(operation.description ? [operation.description] : []),
    `${operation.method} ${operation.path}, relative to ${model.service.baseUrl}.`,
    effect,
    `In sets: ${operation.sets.join(", ")}.`,
    // One line per gap, in the spec's words.
    ...(gaps.length + otherGaps.length > 0
      ? [
          [
            "Not shown by the spec:",
            ...[...gaps, ...otherGaps].map((gap) => `- ${gap}`),
          ].join("\n"),
        ]
      : []),
  ];
}

/**
 * What one operation's call rejects with, as `@throws` tags, so that
 * hovering a method shows it (see operationDocKey). The list of error
 * classes is the same for every read and for every write of a set, so it
 * is written once, in the README's "Errors and retries", and each
 * operation refers to it. A write's OutcomeUnknownError stays: what it says
 * about the server having acted is the point. `{ApiError}`, not
 * `{@link ApiError}`: TypeScript's quick info splits a `@throws` tag that
 * starts with `{@link`.
 */
export function operationThrows(
  set: OperationSetModel,
  operation: OperationModel,
): DocTag[] {
  const readme = '"Errors and retries" in the package README';
  if (operation.effect === "read")
    return [["@throws", `Its errors: see ${readme}.`]];
  return [
    [
      "@throws {OutcomeUnknownError}",
      `The server may have acted (it was sent, and no answer says it was not): do not resend; ${reconcileText(set)}.`,
    ],
    ["@throws", `Its other errors: see ${readme}.`],
  ];
}

/**
 * Whether a 401 is answered by one resend: a bearer token from
 * getAccessToken is asked for again too, but the TSDoc describes the usual
 * case, a fixed token, whose 401 is final.
 */
function renewsToken(model: Model, operation: OperationModel): boolean {
  return renewal(model, operation) === "token";
}
