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
 * status operation, whether it has a plan), as a memo key: operations of
 * sets with equal keys get equal docs.
 */
export function operationDocKey(set: OperationSetModel): string {
  return JSON.stringify([
    set.statusOperation?.names.method ?? null,
    set.plan !== undefined,
  ]);
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
  set: OperationSetModel,
  operation: OperationModel,
): string[] {
  const reconcile = reconcileText(set);
  const basis = ` ${effectBasisNote(operation)}`;
  const effect =
    operation.effect === "read"
      ? `Effect: read${basis}. Safe to repeat: retried on network errors, time-outs, ${retryableStatuses()}.`
      : `Effect: write${basis}. Never sent again once the server may have acted on it${renewsToken(model, operation) ? " (only a 401 is answered by one resend, with a new token)" : ""}: when the outcome is unknown it throws OutcomeUnknownError; ${reconcile}.`;
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
 * The errors one operation's call rejects with, as `@throws` tags, so that
 * hovering a method shows them (see operationDocKey). What a write's error
 * says about the server having acted is the point: only OutcomeUnknownError
 * leaves it open. `{ApiError}`, not `{@link ApiError}`: TypeScript's quick
 * info splits a `@throws` tag that starts with `{@link`.
 */
export function operationThrows(
  model: Model,
  set: OperationSetModel,
  operation: OperationModel,
): DocTag[] {
  const link = (name: string): string => `@throws {${name}}`;
  const scheme = model.auth.scheme;
  // Short: they stand on every operation (a large spec's output grew 13 %
  // with longer ones); the README's error table has the rest.
  const common: DocTag[] = [
    ...(!operation.authenticated || scheme === "none"
      ? []
      : renewsToken(model, operation)
        ? [
            [
              link("AuthError"),
              "No usable access token, or a 401 to a fresh one.",
            ] as DocTag,
          ]
        : [
            [
              link("AuthError"),
              "The server refused the credentials (a 401).",
            ] as DocTag,
          ]),
    [
      link("ConfigError"),
      operation.parameters.length > 0
        ? "A call option or parameter is out of range."
        : "A call option is out of range.",
    ],
  ];
  if (operation.effect === "read") {
    return [
      [
        link("ApiError"),
        "An error answer, or an answer the client cannot use.",
      ],
      [
        link("RateLimitError"),
        set.plan
          ? "The plan's limit was reached, or a 429 on the last try."
          : "A 429 on the last try.",
      ],
      [link("TimeoutError"), "The last try outlasted `timeoutMs`."],
      [link("NetworkError"), "The last try failed at the network level."],
      ...common,
      ["@throws", "The signal's reason, when the call is aborted."],
    ];
  }
  return [
    [
      link("OutcomeUnknownError"),
      `The server may have acted (it was sent, and no answer says it was not): do not resend; ${reconcileText(set)}.`,
    ],
    [link("ApiError"), "A 4xx answer: not carried out."],
    [
      link("RateLimitError"),
      set.plan
        ? "The plan's limit was reached, or a 429: not carried out."
        : "A 429: not carried out.",
    ],
    [
      link("NetworkError"),
      "Certainly never sent (connection refused, DNS failure, server certificate refused).",
    ],
    ...common,
    [
      "@throws",
      renewsToken(model, operation)
        ? "The signal's reason, when aborted before it is sent, or before its resend after a 401."
        : "The signal's reason, when aborted before it is sent.",
    ],
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
