/** Phrases shared by the docs pages, built from the model as Markdown. */
import type {
  Model,
  NotShown,
  OperationModel,
  OperationSetModel,
  PayloadModel,
  PlanModel,
  RateLimitModel,
} from "../../model/types.js";
import {
  bulletList,
  codeSpan,
  generatedHeader,
  inlineText,
  link,
} from "../../escape/markdown.js";
import { RETRYABLE_STATUSES } from "../../runtime/defaults.js";

/** Header comment, then the rendered template with blank lines normalised and one final newline. */
export function finishDocument(model: Model, rendered: string): string {
  // Values never end a line with spaces; an empty optional value leaves a blank line too many.
  const body = `${(rendered.includes("\n\n\n") ? rendered.replace(/\n\n\n+/g, "\n\n") : rendered).trim()}\n`;
  return body.startsWith("<!--")
    ? body
    : `${generatedHeader(model.source.specFile)}\n\n${body}`;
}

/** `100 requests per hour` */
export function rateText(rate: RateLimitModel): string {
  return `${rate.limit} requests per ${rate.unit}`;
}

/** The plan of a set in one sentence. */
export function planSentence(set: OperationSetModel, plan: PlanModel): string {
  const note = plan.note !== undefined ? ` (${inlineText(plan.note)})` : "";
  return `The ${codeSpan(set.id)} set's plan, ${inlineText(plan.name)}, allows ${rateText(plan.rateLimit)}${note}; cost: ${inlineText(plan.cost)}.`;
}

/** Gaps as a bullet list, each in the spec's words. */
export function gapList(gaps: readonly NotShown[]): string {
  return bulletList(gaps.map((gap) => inlineText(gap.text)));
}

/** Whether the spec states any operation's effect: then "it states no effects" is no longer true. */
export function anyEffectStated(model: Model): boolean {
  return model.operations.some(
    (operation) => operation.effectBasis === "stated",
  );
}

/** The rule an effect the spec does not state follows. */
const methodRule = "a GET reads, every other method writes";

/** Where the effects of a set's operations come from, naming those the spec states. */
export function effectsBasisMarkdown(
  operations: readonly OperationModel[],
  anyStated: boolean,
): string {
  const names = (basis: OperationModel["effectBasis"]): string[] =>
    operations
      .filter((operation) => operation.effectBasis === basis)
      .map((operation) => codeSpan(operation.names.method));
  const stated = names("stated");
  if (stated.length === operations.length)
    return "The spec states which of these operations are reads and which are writes.";
  const byDefault = names("default");
  const inferred = operations.length - stated.length - byDefault.length;
  if (inferred === 0)
    return stated.length > 0
      ? `The spec states the effect of ${stated.join(", ")}; the other operations' effects follow their methods: ${methodRule}.`
      : `Each operation's effect follows its method, ${methodRule}: the spec ${anyStated ? "does not state their effects" : "states no effects"}.`;
  const lead =
    stated.length > 0
      ? `The spec states the effect of ${stated.join(", ")}; the other operations' effects are inferred from their names.`
      : anyStated
        ? "Which of these operations are reads and which are writes is inferred from their names: the spec does not state their effects."
        : "Which operations are reads and which are writes is inferred from their names: the spec states no effects.";
  if (byDefault.length === 0) return lead;
  const one = byDefault.length === 1;
  return `${lead} Except ${byDefault.join(", ")}: ${one ? "its name suggests" : "their names suggest"} no effect, so ${one ? "it follows its method" : "they follow their methods"} (${methodRule}).`;
}

/** The service-wide gaps under their lead-in, or a sentence saying there are none. */
export function serviceGapsLead(model: Model): string {
  return model.service.notShown.length > 0
    ? `Service-wide, in the spec's words:\n\n${gapList(model.service.notShown)}`
    : "No service-wide gaps are marked.";
}

/**
 * How the client treats an operation given its effect: what differs per
 * operation (its effect, its resend after a 401). The set-wide rules (why,
 * aborts, every error class) are the README's "Errors and retries", once.
 */
export function effectMarkdown(
  model: Model,
  set: OperationSetModel,
  operation: OperationModel,
): string {
  return `${codeSpan(operation.names.method)} ${effectTail(set, operation, renewal(model, operation))}`;
}

/**
 * Whether a write is sent a second time after a 401: only credentials that
 * renew are asked for again (OAuth2 tokens; bearer tokens from
 * `getAccessToken`). A fixed key, password or token is refused for good.
 */
export type Renewal = "token" | "provider" | "never";

export function renewal(model: Model, operation?: OperationModel): Renewal {
  if (operation !== undefined && !operation.authenticated) return "never";
  const scheme = model.auth.scheme;
  return scheme === "oauth2-client-credentials"
    ? "token"
    : scheme === "bearer"
      ? "provider"
      : "never";
}

/** A write's one resend, as a sentence; empty where there is none. */
export function resendSentence(renews: Renewal): string {
  return renews === "token"
    ? "Its one resend follows a 401, which the server refused, with a fresh token."
    : renews === "provider"
      ? `Its one resend follows a 401, which the server refused, with a fresh token from your ${codeSpan("getAccessToken")} (a fixed ${codeSpan("token")} is not sent again).`
      : "";
}

/** The effect text after the method name, then where the README says the rest. */
function effectTail(
  set: OperationSetModel,
  operation: OperationModel,
  renews: Renewal,
): string {
  const more = `How, and every error it throws: "Errors and retries" in the package ${link("README", "../README.md")}.`;
  if (operation.effect === "read")
    return `is a **read** operation: the client retries it on network errors, time-outs and on ${retryableStatuses()}. ${more}`;
  return `is a **write** operation: the client **never repeats it once the server may have acted on it**.${renews === "never" ? "" : ` ${resendSentence(renews)}`} When it cannot know whether the server carried it out, it throws ${codeSpan("OutcomeUnknownError")}: do not send it again, ${reconcileText(set)} ${more}`;
}

/** Where an operation's effect comes from, as a parenthesis after it: the same words in TSDoc and docs. */
export function effectBasisNote(operation: OperationModel): string {
  return operation.effectBasis === "inferred"
    ? "(inferred from the name)"
    : operation.effectBasis === "default"
      ? `(the default for ${operation.method})`
      : "(stated by the spec)";
}

/** What to do after OutcomeUnknownError, naming the set's status operation when it has one. */
export function reconcileText(set: OperationSetModel): string {
  const status = set.statusOperation;
  return status === undefined
    ? "reconcile with the server first (this set has no status operation)."
    : `check its outcome with ${codeSpan(status.names.method)} (${codeSpan(status.path)}) and reconcile first.`;
}

/**
 * Whether a stated response's payload is the operation's success body (the
 * response type's): equal in content, as the model keeps them apart.
 */
export function isSuccessBody(
  operation: OperationModel,
  payload: PayloadModel,
): boolean {
  return (
    payload === operation.response ||
    JSON.stringify(payload) === JSON.stringify(operation.response)
  );
}

/** The service-wide gap with this topic, if the model has it. */
export function serviceGap(model: Model, topic: string): NotShown | undefined {
  return model.service.notShown.find((gap) => gap.topic === topic);
}

/** The statuses a read is retried on, as the runtime's constant lists them: `429, 502, 503 and 504`. */
export function retryableStatuses(): string {
  const all = RETRYABLE_STATUSES.map(String);
  return all.length > 1
    ? `${all.slice(0, -1).join(", ")} and ${all.at(-1)}`
    : all.join("");
}
