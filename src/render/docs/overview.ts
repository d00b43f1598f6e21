/**
 * `README.md` at the output root: every set side by side, the spec's
 * endpoint table rebuilt from the model, how the sets extend each other,
 * a changelog from set to set, and the service-wide gaps.
 */
import type { Model, OperationSetModel } from "../../model/types.js";
import type { OutputFile } from "../output.js";
import {
  bulletList,
  cellText,
  codeSpan,
  generatedHeader,
  inlineText,
  link,
  paragraphs,
  table,
} from "../../escape/markdown.js";
import type { DocsTemplates } from "./templates.js";
import { authWords } from "./auth-words.js";
import { finishDocument, gapList, rateText, serviceGapsLead } from "./text.js";
import { planChanges } from "./set-docs.js";

export function renderOverviewDocs(
  model: Model,
  templates: DocsTemplates,
): OutputFile[] {
  const context = {
    header: generatedHeader(model.source.specFile),
    title: `${inlineText(model.service.title)}: generated clients`,
    intro: `One typed TypeScript client package per operation set of the ${inlineText(model.service.title)}, generated from ${codeSpan(model.source.specFile)}. ${
      extendsInTurn(model) ? "Each set extends the one before it; pick" : "Pick"
    } the package of the set you need.`,
    description: paragraphs(model.service.description),
    sets: setsTable(model),
    endpoints: endpointsTable(model),
    graph: mermaidGraph(model),
    changelog: changelog(model),
    auth: authOverview(model),
    gaps: gapsMarkdown(model),
  };
  return [
    {
      path: "README.md",
      contents: finishDocument(model, templates.overview(context)),
    },
  ];
}

function authOverview(model: Model): string {
  const open = model.operations
    .filter((operation) => !operation.authenticated)
    .map((operation) => codeSpan(operation.id));
  const others =
    open.length > 0 && model.auth.scheme !== "none"
      ? `${open.join(", ")} ${open.length === 1 ? "sends" : "send"} no credentials.`
      : "";
  if (model.auth.scheme !== "oauth2-client-credentials")
    return [authWords(model.auth).summary, others].filter(Boolean).join("\n\n");
  return [
    `${inlineText(model.auth.title)} (version ${inlineText(model.auth.version)}): ${codeSpan(`${model.auth.token.method} ${model.auth.token.path}`)} at ${codeSpan(model.auth.baseUrl)}.`,
    paragraphs(model.auth.assumption),
    gapList(model.auth.notShown),
    others,
  ]
    .filter((part) => part !== "")
    .join("\n\n");
}

/** Whether the sets form one line, each extending the set listed before it. */
function extendsInTurn(model: Model): boolean {
  return (
    model.sets.length > 1 &&
    model.sets.every((set, index) => set.extends === model.sets[index - 1]?.id)
  );
}

function setsTable(model: Model): string {
  // Plan columns only where some set has a plan.
  const plans = model.sets.some((set) => set.plan !== undefined);
  return table(
    [
      "Set",
      "Title",
      "Version",
      "Other labels",
      "Date",
      "Extends",
      "Operations",
      ...(plans ? ["Plan", "Rate limit", "Cost"] : []),
      "Package",
    ],
    model.sets.map((set) => [
      codeSpan(set.id, { table: true }),
      cellText(set.title),
      cellText(set.version),
      cellText(set.labels.join(", ")),
      cellText(set.date ?? ""),
      set.extends !== undefined ? codeSpan(set.extends, { table: true }) : "",
      String(set.operations.length),
      ...(!plans
        ? []
        : set.plan
          ? [
              cellText(set.plan.name),
              cellText(
                `${set.plan.rateLimit.limit} per ${set.plan.rateLimit.unit}`,
              ),
              cellText(set.plan.cost),
            ]
          : ["none", "", ""]),
      link(cellText(set.names.packageName), `${set.names.directory}/README.md`),
    ]),
  );
}

/** The heading for a set column: `In v1.0.1 set`, `In V1 1.0.0 set`. */
function columnTitle(set: OperationSetModel): string {
  const versionInId =
    set.id === set.version || set.id.toLowerCase() === `v${set.version}`;
  return versionInId ? `In ${set.id} set` : `In ${set.id} ${set.version} set`;
}

function endpointsTable(model: Model): string {
  const table1 = table(
    ["Method", "Path", ...model.sets.map((set) => cellText(columnTitle(set)))],
    model.operations.map((operation) => [
      operation.method,
      cellText(operation.path),
      ...model.sets.map((set) =>
        operation.sets.includes(set.id) ? "yes" : "no",
      ),
    ]),
  );
  const auth = model.auth;
  const token =
    auth.scheme !== "oauth2-client-credentials"
      ? ""
      : `The token endpoint of the authorization API, ${codeSpan(`${auth.token.method} ${auth.token.path}`)} at ${codeSpan(auth.baseUrl)}, is described under Authentication.`;
  const docs = bulletList(
    model.sets.map(
      (set) =>
        `${codeSpan(set.id)}: ${set.operations
          .map((operation) =>
            link(
              inlineText(operation.names.method),
              `${set.names.directory}/docs/${operation.names.docFile}`,
            ),
          )
          .join(", ")}`,
    ),
  );
  return [table1, token, "Each operation's page, per set:", docs]
    .filter((part) => part !== "")
    .join("\n\n");
}

/** Text safe inside a quoted Mermaid label: anything but letters, digits and plain punctuation as `#code;`. */
function mermaidText(text: string): string {
  let out = "";
  for (const char of text.replace(/[\s\u2028\u2029]+/g, " ").trim()) {
    const code = char.codePointAt(0)!;
    const plain =
      /[A-Za-z0-9 .,:_/()+-]/.test(char) ||
      (code > 0x7f && /[\p{L}\p{N}]/u.test(char));
    out +=
      plain && !(code >= 0xd800 && code <= 0xdfff)
        ? char
        : `#${code >= 0xd800 && code <= 0xdfff ? 0xfffd : code};`;
  }
  return out;
}

function mermaidGraph(model: Model): string {
  const node = new Map(model.sets.map((set, index) => [set.id, `set${index}`]));
  const lines = ["graph LR"];
  for (const set of model.sets) {
    lines.push(
      `  ${node.get(set.id)}["${mermaidText(`${set.id} (${set.version})`)}"]`,
    );
  }
  for (const set of model.sets) {
    const from = set.extends !== undefined ? node.get(set.extends) : undefined;
    if (from === undefined) continue;
    const label = mermaidText(
      `adds ${set.added.length}, removes ${set.removed.length}`,
    );
    lines.push(`  ${from} -->|"${label}"| ${node.get(set.id)}`);
  }
  return lines.join("\n");
}

function operationList(ids: readonly string[]): string {
  return ids.length === 0 ? "none" : ids.map((id) => codeSpan(id)).join(", ");
}

function changelog(model: Model): string {
  const byId = new Map(model.sets.map((set) => [set.id, set]));
  return model.sets
    .map((set) => {
      const heading = `### ${codeSpan(set.id)} ${inlineText(set.version)}${set.date !== undefined ? `, ${inlineText(set.date)}` : ""}`;
      const parent =
        set.extends !== undefined ? byId.get(set.extends) : undefined;
      if (parent === undefined) {
        return `${heading}\n\nFirst set, ${set.operations.length} operations: ${operationList(set.added)}. ${set.plan ? `Plan: ${inlineText(set.plan.name)}, ${rateText(set.plan.rateLimit)}, cost ${inlineText(set.plan.cost)}.` : "No plan."}`;
      }
      const plan = planChanges(set, parent);
      return `${heading}\n\nExtends ${codeSpan(parent.id)}.\n\n${bulletList([
        `**Added:** ${operationList(set.added)}`,
        `**Removed:** ${operationList(set.removed)}`,
        `**Plan:** ${plan.length > 0 ? plan.join("; ") : "unchanged"}`,
      ])}`;
    })
    .join("\n\n");
}

function gapsMarkdown(model: Model): string {
  const perOperation = new Map<string, number>();
  for (const operation of model.operations) {
    for (const gap of operation.notShown)
      perOperation.set(gap.text, (perOperation.get(gap.text) ?? 0) + 1);
  }
  const total = model.operations.length;
  const operationGaps = [...perOperation].map(([text, count]) =>
    count === total
      ? inlineText(text)
      : `${inlineText(text)} (${count} of ${total} operations)`,
  );
  return [
    serviceGapsLead(model),
    operationGaps.length > 0
      ? `For the operations (each operation's page lists its own):\n\n${bulletList(operationGaps)}`
      : "No gaps are marked for any operation.",
  ].join("\n\n");
}
