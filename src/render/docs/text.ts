/** Phrases shared by the docs pages, built from the model as Markdown. */
import type {
  AuthModel,
  Model,
  NotShown,
  OperationModel,
  OperationSetModel,
  RateLimitModel,
} from "../../model/types.js";
import {
  bulletList,
  codeSpan,
  generatedHeader,
  inlineText,
  link,
} from "../../escape/markdown.js";
import {
  DEFAULT_RETRY_ATTEMPTS,
  RETRYABLE_STATUSES,
} from "../../runtime/defaults.js";
import { statusOperation } from "./examples.js";

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

/** How a scheme other than OAuth2 authenticates, in one paragraph. */
export function authSummary(
  auth: Exclude<AuthModel, { scheme: "oauth2-client-credentials" }>,
): string {
  switch (auth.scheme) {
    case "api-key":
      return `The client sends the ${codeSpan("apiKey")} option as the ${auth.in === "header" ? "header" : "query parameter"} ${codeSpan(auth.name)}.${auth.description !== undefined ? ` ${inlineText(auth.description)}` : ""}`;
    case "basic":
      return `The client sends ${codeSpan("username")} and ${codeSpan("password")} as HTTP Basic credentials (RFC 7617).${auth.description !== undefined ? ` ${inlineText(auth.description)}` : ""}`;
    case "bearer":
      return `The client sends the ${codeSpan("token")} option as a bearer token (RFC 6750).${auth.description !== undefined ? ` ${inlineText(auth.description)}` : ""}`;
    case "none":
      return "The operations take no credentials.";
  }
}

/** The plan of a set in one sentence. */
export function planSentence(set: OperationSetModel): string {
  const plan = set.plan;
  if (plan === undefined)
    return `The ${codeSpan(set.id)} set states no plan: calls are not rate limited on the client side.`;
  const note = plan.note !== undefined ? ` (${inlineText(plan.note)})` : "";
  return `The ${codeSpan(set.id)} set's plan, ${inlineText(plan.name)}, allows ${rateText(plan.rateLimit)}${note}; cost: ${inlineText(plan.cost)}.`;
}

/** Gaps as a bullet list, each in the seed's words. */
export function gapList(gaps: readonly NotShown[]): string {
  return bulletList(gaps.map((gap) => inlineText(gap.text)));
}

/** Whether the bank states any operation's effect: then "it states no effects" is no longer true. */
export function anyEffectStated(model: Model): boolean {
  return model.operations.some(
    (operation) => operation.effectBasis === "stated",
  );
}

/** Where one operation's effect comes from, true of the whole interface (see anyEffectStated). */
export function effectBasisSentence(
  operation: OperationModel,
  anyStated: boolean,
): string {
  if (operation.effectBasis === "stated")
    return "The bank's interface states this effect.";
  if (operation.effectBasis === "default")
    return anyStated
      ? "The effect is the safe default: the bank's interface does not state it, and the operation's name suggests none."
      : "The effect is the safe default: the bank's interface states no effects, and the operation's name suggests none.";
  return anyStated
    ? "The effect is inferred from the operation's name: the bank's interface does not state it."
    : "The effect is inferred from the operation's name: the bank's interface states no effects.";
}

/** Where the effects of a set's operations come from, naming those the bank states. */
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
    return "The bank's interface states which of these operations are reads and which are writes.";
  const byDefault = names("default");
  const lead =
    stated.length > 0
      ? `The bank's interface states the effect of ${stated.join(", ")}; the other operations' effects are inferred from their names.`
      : anyStated
        ? "Which of these operations are reads and which are writes is inferred from their names: the bank's interface does not state their effects."
        : "Which operations are reads and which are writes is inferred from their names: the bank's interface states no effects.";
  if (byDefault.length === 0) return lead;
  const one = byDefault.length === 1;
  return `${lead} Except ${byDefault.join(", ")}: ${one ? "its name suggests" : "their names suggest"} no effect, so ${one ? "it is" : "they are"} treated as ${one ? "a write" : "writes"}, the safe default.`;
}

/** The service-wide gaps under their lead-in, or a sentence saying there are none. */
export function serviceGapsLead(model: Model): string {
  return model.service.notShown.length > 0
    ? `Service-wide, in the words of the bank's interface:\n\n${gapList(model.service.notShown)}`
    : "No service-wide gaps are marked.";
}

/** How the client treats an operation given its effect, and why. */
export function effectMarkdown(
  set: OperationSetModel,
  operation: OperationModel,
  anyStated: boolean,
): string {
  return `${codeSpan(operation.names.method)} ${effectTail(set, operation)} ${effectBasisSentence(operation, anyStated)}`;
}

/**
 * The effect text after the method name: the same for every operation of a
 * set with one effect, so it says what the caller must know and leaves the
 * rest to the README's "Errors and retries".
 */
function effectTail(set: OperationSetModel, operation: OperationModel): string {
  const more = `See "Errors and retries" in the package ${link("README", "../README.md")}.`;
  if (operation.effect === "read")
    return `is a **read** operation: repeating it changes nothing, so the client retries it on network errors, time-outs and on ${retryableStatuses()} (${DEFAULT_RETRY_ATTEMPTS} attempts by default, with exponential backoff and jitter; the ${codeSpan("retry")} call option changes this). ${more}`;
  return `is a **write** operation: it moves money or changes a record, so the client **never repeats it once the bank may have acted on it**: a duplicated transfer is lost money. Its one resend follows a 401, which the bank refused, with a fresh token. When the client cannot know whether the bank carried it out, it throws ${codeSpan("OutcomeUnknownError")}. Do not send it again: ${reconcileText(set)} An abort before it is sent, or before its resend after a 401, rejects with the signal's reason: the bank did not act. ${more}`;
}

/** Where an operation's effect comes from, as a parenthesis after it: the same words in TSDoc and docs. */
export function effectBasisNote(operation: OperationModel): string {
  return operation.effectBasis === "inferred"
    ? "(inferred from the name)"
    : operation.effectBasis === "default"
      ? "(the safe default: its name suggests none)"
      : "(stated by the bank)";
}

/** What to do after OutcomeUnknownError, naming the set's status operation when it has one. */
export function reconcileText(set: OperationSetModel): string {
  const status = statusOperation(set);
  return status === undefined
    ? "reconcile with the bank first (this set has no transaction-status operation)."
    : `check the transaction with ${codeSpan(status.names.method)} (${codeSpan(status.path)}) and reconcile first.`;
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
