/**
 * A set's package docs: `README.md` (what npm and GitHub show) and one
 * `docs/<operation>.md` per operation. Values are Markdown prepared here
 * through `escape/markdown.ts`; the templates hold the layout.
 */
import type {
  AuthModel,
  Model,
  NotShown,
  OperationModel,
  OAuth2AuthModel,
  OperationSetModel,
  PayloadModel,
  PlanModel,
} from "../../model/types.js";
import { formatMarkdownCode } from "../code/markdown.js";
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
import {
  errorHandlingExample,
  mockFetchExample,
  mocksExample,
  networkExample,
  operationExample,
  quickStartExample,
  schemaMap,
  showcaseOperation,
  treeShakingExample,
} from "./examples.js";
import {
  constraints,
  payloadMarkdown,
  schemaPage,
  type SchemaPage,
  typeText,
} from "./fields.js";
import { stringLiteral } from "../../escape/typescript.js";
import {
  DEFAULT_AUTH_URL,
  DEFAULT_CLIENT_ID,
  DEFAULT_API_KEY,
  DEFAULT_BEARER_TOKEN,
  DEFAULT_CLIENT_SECRET,
  DEFAULT_PASSWORD,
  DEFAULT_USERNAME,
} from "../../runtime/mock/engine.js";
import {
  DEFAULT_RATE_LIMIT_MODE,
  DEFAULT_RETRY_ATTEMPTS,
  DEFAULT_RETRY_BASE_DELAY_MS,
  DEFAULT_RETRY_MAX_DELAY_MS,
  DEFAULT_TIMEOUT_MS,
  MAX_RETRY_ATTEMPTS,
} from "../../runtime/defaults.js";
import { schemasPageFile } from "../../names/names.js";
import type { DocsTemplates } from "./templates.js";
import { authWords } from "./auth-words.js";
import { noMemo, type RenderMemo } from "../memo.js";
import {
  anyEffectStated,
  effectBasisNote,
  effectMarkdown,
  effectsBasisMarkdown,
  finishDocument,
  gapList,
  isSuccessBody,
  planSentence,
  rateText,
  reconcileText,
  renewal,
  retryableStatuses,
  serviceGap,
  serviceGapsLead,
} from "./text.js";

/**
 * `README.md` and `docs/<docFile>` for every operation of the set, paths
 * relative to the package folder, their examples laid out by the formatter.
 */
export function renderSetDocs(
  model: Model,
  set: OperationSetModel,
  templates: DocsTemplates,
  memo?: RenderMemo,
): Promise<OutputFile[]> {
  return formatMarkdownCode([...setDocsFiles(model, set, templates, memo)]);
}

/**
 * The same files one at a time, each rendered when asked for. An
 * operation's payload, error and schema sections are the same in every
 * set: made once per run through `memo`.
 */
export function* setDocsFiles(
  model: Model,
  set: OperationSetModel,
  templates: DocsTemplates,
  memo: RenderMemo = noMemo,
): Generator<OutputFile> {
  const schemas = schemaMap(model);
  yield {
    path: "README.md",
    contents: renderReadme(model, set, templates, schemas),
  };
  const parts = setParts(model, set);
  const sections = set.operations.map((operation) =>
    payloadSections(operation, schemas, parts, memo),
  );
  const page = schemaPage(
    sections.flatMap((each) => [...each.refs]),
    schemas,
  );
  for (const [index, operation] of set.operations.entries()) {
    yield {
      path: `docs/${operation.names.docFile}`,
      contents: renderOperationDoc(
        model,
        set,
        operation,
        templates,
        schemas,
        parts,
        sections[index]!,
        page,
        memo,
      ),
    };
  }
  if (page.entries.length > 0)
    yield {
      path: `docs/${schemasPageFile}`,
      contents: finishDocument(
        model,
        [
          parts.header,
          "# Schemas",
          "The named schemas the operations' fields refer to, each described once. An operation's page shows its own request and response and links here for the rest.",
          ...page.entries.map((entry) => entry.section),
          parts.back,
        ].join("\n\n"),
      ),
    };
}

type Schemas = ReturnType<typeof schemaMap>;

function setLabel(set: OperationSetModel): string {
  return `${codeSpan(set.id)} (${inlineText(set.title)}, version ${inlineText(set.version)})`;
}

function renderReadme(
  model: Model,
  set: OperationSetModel,
  templates: DocsTemplates,
  schemas: Schemas,
): string {
  const parent =
    set.extends !== undefined
      ? model.sets.find((candidate) => candidate.id === set.extends)
      : undefined;
  const writes = set.operations.filter(
    (operation) => operation.effect === "write",
  );
  const facts = [
    `**Operation set:** ${codeSpan(set.id)}, ${inlineText(set.title)}`,
    `**Version:** ${inlineText(set.version)}${set.labels.length > 0 ? ` (also labelled ${set.labels.map(inlineText).join(", ")})` : ""}`,
    ...(set.date !== undefined ? [`**Date:** ${inlineText(set.date)}`] : []),
    `**Extends:** ${parent !== undefined ? setLabel(parent) : "none, this is a first set"}`,
    `**Operations:** ${set.operations.length}, ${methodsText(set)}, at paths relative to ${codeSpan(model.service.baseUrl)}`,
    ...(set.plan
      ? [
          `**Plan:** ${inlineText(set.plan.name)}, ${rateText(set.plan.rateLimit)}`,
        ]
      : []),
  ];
  const showcase = showcaseOperation(set);
  const context = {
    header: generatedHeader(model.source.specFile),
    packageName: inlineText(set.names.packageName),
    ...installSection(model, set),
    jest: jestNote(set.names.packageName),
    intro: `Typed TypeScript client for the ${inlineText(model.service.title)}, operation set ${setLabel(set)}.`,
    description: paragraphs(model.service.description),
    facts: bulletList(facts),
    quickStartIntro: `${createClientLead(model)}, then call an operation. ${argumentsSentence(set)} The client checks that a 2xx body is JSON, and an object where the response type is one, but not its fields: the type states what the spec expects, not what was checked. ${codeSpan("createClient")} returns a ${codeSpan(set.names.clientType)}, the type to pass it around as.${openBodySentence(set)}`,
    quickStart: quickStartExample(model, set, schemas),
    treeShaking: treeShakingExample(model, set, schemas),
    clientOptions: clientOptionsTable(model, set),
    callOptions: callOptionsText(set),
    networkIntro: `The client sends every request${model.auth.scheme === "oauth2-client-credentials" ? ", the token request included," : ""} through its ${codeSpan("fetch")}. On Node.js 22.21 or later, ${codeSpan("NODE_USE_ENV_PROXY=1")} with ${codeSpan("HTTPS_PROXY")} (and ${codeSpan("NO_PROXY")}) in the environment sends the global ${codeSpan("fetch")}, and so the client, through that proxy, with no code. To present a client certificate (mutual TLS), or to choose a proxy in code, pass a ${codeSpan("fetch")} that sends through an agent of the ${codeSpan("undici")} package (its version 7 runs on Node.js 20.18.1 or later):`,
    networkExample: networkExample(model, set),
    networkRules: `In place of the ${codeSpan("Agent")}, ${codeSpan('new ProxyAgent({ uri: "http://proxy.example:3128", requestTls: { cert, key } })')} sends through a proxy, certificate and all. Whatever ${codeSpan("fetch")} you pass keeps the rules of the ${codeSpan("fetch")} option above: it honours the request's signal (a time-out then withdraws the request), follows no redirect, and sends each request once, so never through undici's ${codeSpan("RetryAgent")}.`,
    auth: authMarkdown(model, set),
    plan: set.plan !== undefined ? planMarkdown(model, set, set.plan) : "",
    errors: errorsMarkdown(model, set, writes),
    errorExample: errorHandlingExample(model, set, schemas),
    operations: operationsTable(set),
    changesHeading:
      parent !== undefined ? `Changes from ${codeSpan(parent.id)}` : "Changes",
    changes: changesMarkdown(model, set, parent),
    mocksIntro: mocksIntro(model, set, writes, showcase),
    mocks: mocksExample(model, set, schemas),
    mockFetchIntro: `Without msw, ${codeSpan(`${set.names.packageName}/mock-fetch`)} serves the same mocks as a ${codeSpan("fetch")}: ${codeSpan("createMockFetch(options)")} takes the options ${codeSpan("createHandlers")} takes, and its result goes in the client's ${codeSpan("fetch")} option, with the engine as ${codeSpan(".engine")}. Every request it is given goes to the mocks (404 for a URL they do not serve), never to the network. It drops a connection and leaves a call hanging as a real ${codeSpan("fetch")} would show them: a write whose connection is dropped throws ${codeSpan("OutcomeUnknownError")}. Each ${codeSpan("createMockFetch()")} has its own engine, so nothing carries over from one test to the next.`,
    mockFetch: mockFetchExample(model, set, schemas),
    gaps: serviceGapsMarkdown(model),
  };
  return finishDocument(model, templates.setReadme(context));
}

/** The methods a set's operations use: `all `GET``, or `` `GET` and `POST` ``. */
function methodsText(set: OperationSetModel): string {
  const methods = [
    ...new Set(set.operations.map((operation) => operation.method)),
  ].map((method) => codeSpan(method));
  return methods.length <= 1
    ? `all ${methods[0] ?? "none"}`
    : `${methods.slice(0, -1).join(", ")} and ${methods.at(-1)}`;
}

/** The test credentials the mocks take by default, for a scheme other than OAuth2. */
function mockCredentials(scheme: Model["auth"]["scheme"]): string {
  switch (scheme) {
    case "api-key":
      return `, and take the API key ${codeSpan(DEFAULT_API_KEY)}`;
    case "basic":
      return `, and take the user ${codeSpan(DEFAULT_USERNAME)} with the password ${codeSpan(DEFAULT_PASSWORD)}`;
    case "bearer":
      return `, and take the token ${codeSpan(DEFAULT_BEARER_TOKEN)}`;
    default:
      return "";
  }
}

/** What the mocks serve and check, and where, for the spec's scheme and plan. */
function mocksIntro(
  model: Model,
  set: OperationSetModel,
  writes: readonly OperationModel[],
  showcase: OperationModel,
): string {
  const oauth2 = model.auth.scheme === "oauth2-client-credentials";
  const checks = oauth2
    ? "check credentials and tokens"
    : model.auth.scheme === "none"
      ? "take no credentials"
      : "check credentials";
  const where = `Without options (the shared ${codeSpan("handlers")} too) the mocks serve the operations at ${codeSpan(model.service.names.mockBaseUrl)}`;
  const defaults = oauth2
    ? `${where} and the token endpoint at ${codeSpan(DEFAULT_AUTH_URL)}, and take the client id ${codeSpan(DEFAULT_CLIENT_ID)} with the secret ${codeSpan(DEFAULT_CLIENT_SECRET)}; ${codeSpan("handlers.engine.options")} holds the URLs and the id.`
    : `${where}${mockCredentials(model.auth.scheme)}; ${codeSpan("handlers.engine.options")} holds the URL.`;
  return `${codeSpan(`${set.names.packageName}/mocks`)} exports msw request handlers for ${oauth2 ? "the token endpoint and " : ""}every operation of this set (install ${codeSpan("msw")} as a development dependency). They ${checks}, validate bodies against the spec's schemas, ${set.plan !== undefined ? "keep to the plan's limit, " : ""}answer deterministically and record every call in ${codeSpan("handlers.engine.calls")}. Their status codes and error bodies are the mocks' own conventions, not the server's. One set of handlers keeps its state between tests (recorded calls, ${set.plan !== undefined ? "the plan's limit window, " : ""}overrides and fault counts), the shared ${codeSpan("handlers")} export too: call ${codeSpan("handlers.engine.reset()")} after each test, or create handlers per test. ${defaults} ${faultsSentence(writes)}The example below calls ${codeSpan(showcase.names.method)}.`;
}

/** What a client is created with: the addresses the spec leaves open, and the credentials. */
function createClientLead(model: Model): string {
  const auth = model.auth;
  const given = [
    ...(model.service.defaultBaseUrl === undefined
      ? [
          `the service's address (${codeSpan(model.service.baseUrl)} in the spec)`,
        ]
      : []),
    ...(auth.scheme === "oauth2-client-credentials"
      ? [
          `the authorization API's address (${codeSpan(auth.baseUrl)})`,
          "your client credentials",
        ]
      : auth.scheme !== "none"
        ? ["your credentials"]
        : []),
  ];
  const lead =
    given.length === 0
      ? "Create a client"
      : `Create a client with ${given.length > 1 ? `${given.slice(0, -1).join(", ")} and ${given.at(-1)}` : given[0]}`;
  return model.service.defaultBaseUrl === undefined
    ? lead
    : `${lead} (its address defaults to ${codeSpan(model.service.defaultBaseUrl)}, the spec's; ${codeSpan("baseUrl")} changes it)`;
}

/** The README's "Plan and rate limit": only for a set with a plan. */
function planMarkdown(
  model: Model,
  set: OperationSetModel,
  plan: PlanModel,
): string {
  const token =
    model.auth.scheme === "oauth2-client-credentials"
      ? " It takes its slot once it has its token, so a slow token request never brings the next window's calls in early."
      : "";
  return [
    table(
      ["Plan", "Rate limit", "Cost", "Note"],
      [
        [
          cellText(plan.name),
          cellText(`${plan.rateLimit.limit} per ${plan.rateLimit.unit}`),
          cellText(plan.cost),
          cellText(plan.note ?? ""),
        ],
      ],
    ),
    planSentence(set, plan),
    `The client keeps to this limit on its side: the ${codeSpan("rateLimit")} client option chooses to wait for a free slot (${codeSpan('"wait"')}), to throw ${codeSpan("RateLimitError")} (${codeSpan('"reject"')}), to not limit (${codeSpan("false")}), or another limit (${codeSpan("{ limit, intervalMs, mode? }")}). It counts the plan as the server does, on arrival: a request arrives at some moment between its sending and its answer, so a call holds its slot from when it is sent until one window after its answer (or its failure), and gives it back at once only when it provably never left (a connection refused).${token} It counts the calls of all the set's operations together against this one limit${serviceGap(model, "limitScope") !== undefined ? ", the strictest reading: what the server counts a limit against is not shown" : ""}. Each client (each ${codeSpan("createClient")} or ${codeSpan("createTransport")}) counts only its own calls unless clients share a ${codeSpan("store")}: clients in several processes or machines, or several in one, can otherwise together exceed the plan; give them one store (${codeSpan("createRedisStore")} from ${codeSpan("./redis")} across processes), share one client, or give each its part of the limit with ${codeSpan("{ limit, intervalMs }")}.`,
  ].join("\n\n");
}

/**
 * How Jest loads the package. Tried with Jest 30 on Node 20: Jest's
 * CommonJS loader refuses an ES module however it is asked for; a transform
 * of the package, or Jest's ESM mode, loads it.
 */
/**
 * How this set's package is installed, true for this spec: from the
 * registry it names, or, when it names none, as a workspace package or a
 * tarball, since the package is published nowhere. Inside the code fence
 * Markdown escapes would be printed: the name and the registry as they are,
 * which the checker holds to npm's characters and a plain URL.
 */
function installSection(
  model: Model,
  set: OperationSetModel,
): { installIntro: string; installCommand: string } {
  const name = set.names.packageName;
  const scope = `@${model.service.names.packageScope}`;
  const registry = model.service.names.registry;
  if (registry !== undefined)
    return {
      installIntro: `The package is published to ${codeSpan(registry)}, the registry the spec names. Point npm at it for the ${codeSpan(scope)} scope once (this writes the project's ${codeSpan(".npmrc")}), then install the package:`,
      installCommand: [
        `npm config set ${scope}:registry ${registry} --location project`,
        `npm install ${name}`,
      ].join("\n"),
    };
  const tarball = `${name.slice(1).replace("/", "-")}-${set.version}.tgz`;
  return {
    installIntro: `The package is not published: the spec names no registry (${codeSpan("service.package.registry")}), and the package is private. In the repository that generates it, list the output folder's packages among the workspaces (${codeSpan("remitgen init")} adds ${codeSpan("generated/*")}), then add ${codeSpan(`"${name}": "*"`)} to your app's ${codeSpan("dependencies")} (${codeSpan(`"workspace:*"`)} with pnpm) and run ${codeSpan("npm install")}. Anywhere else, install it as a tarball:`,
    installCommand: [
      `npm pack                  # in this package's folder: makes ${tarball}`,
      `npm install <folder>/${tarball}   # in your project`,
    ].join("\n"),
  };
}

function jestNote(packageName: string): string {
  return `Jest's CommonJS mode, its default, is the exception: Jest loads modules itself, and there neither ${codeSpan("require()")} nor ${codeSpan("import()")} of this package works. Either have Jest compile the package to CommonJS, with ${codeSpan(`transformIgnorePatterns: ["/node_modules/(?!${packageName}/)"]`)} and a transform that also takes ${codeSpan(".js")} files (${codeSpan("babel-jest")} with ${codeSpan("@babel/preset-env")}, or ${codeSpan("ts-jest")}), or run Jest's ESM mode (${codeSpan("NODE_OPTIONS=--experimental-vm-modules npx jest")}), where an ES module test imports the package and a CommonJS one uses ${codeSpan("await import()")}.`;
}

function clientOptionsTable(model: Model, set: OperationSetModel): string {
  const oauth2 = model.auth.scheme === "oauth2-client-credentials";
  const rows: [string, string][] = [
    [
      "baseUrl",
      model.service.defaultBaseUrl !== undefined
        ? `Address of the service. Default: ${codeSpan(model.service.defaultBaseUrl, { table: true })}, the spec's.`
        : `Address of the service, ${codeSpan(model.service.baseUrl, { table: true })} in the spec. Required.`,
    ],
    // Every secret among them is kept out of logs, errors and hooks.
    ...authWords(model.auth).options,
    [
      "timeoutMs",
      `Time-out of one HTTP exchange (sending the request and reading the answer)${oauth2 ? ", and of each token request," : ""} in ms. Default ${DEFAULT_TIMEOUT_MS}. Waiting for a rate-limit slot or between retries does not count: a ${codeSpan("signal", { table: true })} bounds a whole call.`,
    ],
    [
      "retry",
      `How reads are retried: ${codeSpan("{ attempts, baseDelayMs, maxDelayMs }", { table: true })}, default ${DEFAULT_RETRY_ATTEMPTS}, ${DEFAULT_RETRY_BASE_DELAY_MS} and ${DEFAULT_RETRY_MAX_DELAY_MS}. Writes are never retried.`,
    ],
    [
      "rateLimit",
      `${codeSpan(stringLiteral(DEFAULT_RATE_LIMIT_MODE), { table: true })} (the default), ${codeSpan('"reject"', { table: true })}, ${codeSpan("false", { table: true })} or ${codeSpan("{ limit, intervalMs, mode? }", { table: true })}${set.plan ? ": how the client keeps to the plan's limit" : `: the spec states no plan, so the client keeps to no limit unless given ${codeSpan("{ limit, intervalMs, mode? }", { table: true })}`}. Waiting, a call over the limit is held until its turn comes, whatever its ${codeSpan("timeoutMs", { table: true })}: up to a whole window after the calls filling the window are answered, longer behind other waiting calls.`,
    ],
    [
      "store",
      `Where the rate-limit window, the token and the lock of its request are kept. Default: in the client's memory. Clients given one store keep one plan and make one token request together: ${codeSpan("createMemoryStore()", { table: true })} for clients of one process, ${codeSpan("createRedisStore(redisClient, { prefix })", { table: true })} from the package's ${codeSpan("./redis", { table: true })} entry for every instance of a service (it takes a connected client of the ${codeSpan("redis", { table: true })} package, version 5). If the store fails or is slow, a waiting call waits for it and a rejecting one throws ${codeSpan("StoreError", { table: true })}: no call is sent uncounted.`,
    ],
    [
      "fetch",
      `The ${codeSpan("fetch", { table: true })} implementation to use. It must honour the request's abort signal: time-outs and aborts rely on it to stop a request, so that none is sent after its call has settled. It must also follow no redirect (${codeSpan('redirect: "manual"', { table: true })}) and send each request once, with no retries of its own: a connection refused, a DNS failure or a server certificate refused by its TLS check that it reports is taken to mean a write never left.`,
    ],
    [
      "onRequest",
      "Called before each operation request is sent (token requests are not shown), with credential headers redacted, e.g. for logging; aborting the call's signal in it (before it returns: the client does not wait for a promise it returns) stops the request unsent. What it throws or rejects with is ignored.",
    ],
    [
      "onResponse",
      "Called when an operation's response headers arrive, with credential headers redacted, e.g. for metrics. What it throws or rejects with is ignored.",
    ],
    [
      "allowInsecureHttp",
      `Allows plain ${codeSpan("http:", { table: true })} to any host, e.g. a mock server on another machine. Without it ${codeSpan("http:", { table: true })} is accepted only for ${codeSpan("localhost", { table: true })}, ${codeSpan("127.0.0.1", { table: true })} and ${codeSpan("[::1]", { table: true })}.`,
    ],
  ];
  return table(
    ["Option", "Meaning"],
    rows.map(([name, meaning]) => [codeSpan(name, { table: true }), meaning]),
  );
}

/** How a method takes its arguments: the remittance shape (a body, then options) in its words. */
function argumentsSentence(set: OperationSetModel): string {
  return bodyThenOptions(set)
    ? "Every method takes the request body and optional call options and returns the response body."
    : "Every method takes its parameters as one object keyed by their names (when it has any), then the request body (when it takes one), then optional call options, and returns the response body.";
}

/** Whether every operation of the set takes a body and no parameters. */
function bodyThenOptions(set: OperationSetModel): boolean {
  return set.operations.every(
    (operation) =>
      operation.parameters.length === 0 && operation.request.kind !== "none",
  );
}

function callOptionsText(set: OperationSetModel): string {
  return [
    `Every method takes call options as its ${bodyThenOptions(set) ? "second" : "last"} argument: ${codeSpan("signal")} (an ${codeSpan("AbortSignal")}), ${codeSpan("timeoutMs")} (for the call's requests; a token request keeps the client's), ${codeSpan("headers")} (extra headers: ${codeSpan("authorization")}, ${codeSpan("content-type")} and ${codeSpan("accept")} are the client's own, whatever a call passes), and for read operations only ${codeSpan("retry")} (${codeSpan("{ attempts, baseDelayMs, maxDelayMs }")} or ${codeSpan("false")}).`,
    `Read operations take ${codeSpan("ReadCallOptions")}; write operations take ${codeSpan("WriteCallOptions")}, which have no ${codeSpan("retry")}: a write is never sent again once the server may have acted on it.`,
    `One ${codeSpan("signal")} may stop many calls. In Node, more than 10 calls in progress on one signal print a harmless ${codeSpan("MaxListenersExceededWarning")} (each call listens to it until it settles); raise the signal's limit with ${codeSpan("setMaxListeners(n, signal)")} from ${codeSpan("node:events")}.`,
  ].join("\n\n");
}

function authMarkdown(model: Model, set: OperationSetModel): string {
  const open = set.operations
    .filter((operation) => !operation.authenticated)
    .map((operation) => codeSpan(operation.names.method));
  const auth = model.auth;
  const scheme =
    auth.scheme !== "oauth2-client-credentials"
      ? [authWords(auth).summary!]
      : oauth2Markdown(auth);
  return [
    ...scheme,
    ...(open.length > 0 && auth.scheme !== "none"
      ? [
          `${open.join(", ")} ${open.length === 1 ? "sends" : "send"} no credentials: the spec says so (${codeSpan("auth: none")}).`,
        ]
      : []),
  ].join("\n\n");
}

function oauth2Markdown(auth: OAuth2AuthModel): string[] {
  return [
    `The ${inlineText(auth.title)} (version ${inlineText(auth.version)}) exposes ${codeSpan(`${auth.token.method} ${auth.token.path}`)} at ${codeSpan(auth.baseUrl)}, separate from the service.`,
    ...(auth.assumption !== "" ? [paragraphs(auth.assumption)] : []),
    `The client requests a token with ${codeSpan("clientId")} and ${codeSpan("clientSecret")} at ${codeSpan("authUrl")} + ${codeSpan(auth.token.path)}, and sends it as a bearer token. The id and secret go as HTTP Basic credentials (RFC 6749 section 2.3.1), with the form body ${codeSpan("grant_type=client_credentials")} (and ${codeSpan("scope")}, when given); the client reads ${codeSpan("access_token")}, ${codeSpan("token_type")} (bearer, or none) and ${codeSpan("expires_in")} from the JSON answer. To obtain tokens another way, pass ${codeSpan("getAccessToken")}. The client secret belongs on a server: code that runs in a browser can be read by anyone who loads the page, so a browser gets its tokens from your own server through ${codeSpan("getAccessToken")} and never holds ${codeSpan("clientSecret")}. A bundler building for a browser loads the package's browser entry (the ${codeSpan("browser")} condition of its ${codeSpan("exports")}), which leaves the client-credentials flow out and refuses ${codeSpan("clientSecret")} with a ${codeSpan("ConfigError")}; Node, Cloudflare Workers and Vercel's edge runtime load the whole package.`,
    // A lead-in only where a list follows: once the spec shows it all, none.
    ...(auth.notShown.length > 0
      ? ["What the spec does not show:", gapList(auth.notShown)]
      : []),
  ];
}

function errorsMarkdown(
  model: Model,
  set: OperationSetModel,
  writes: readonly OperationModel[],
): string {
  const errorGap = serviceGap(model, "errors");
  const renews = renewal(model);
  const authError = authWords(model.auth).authError;
  const errorClasses: [string, string][] = [
    [
      "ClientError",
      `Base class of every error below; ${codeSpan(".code", { table: true })} names the kind.`,
    ],
    [
      "ApiError",
      `The server answered with an error status (for a write only a 4xx), or a read got an answer it cannot use (a redirect, an unreadable 2xx): ${codeSpan(".status", { table: true })}, ${codeSpan(".body", { table: true })} (of an error status's body at most 64 KiB is read), ${codeSpan(".bodyTruncated", { table: true })} (the server sent more than ${codeSpan(".body", { table: true })} holds).`,
    ],
    ...(authError !== undefined
      ? ([["AuthError", authError]] as [string, string][])
      : []),
    [
      "RateLimitError",
      `${set.plan !== undefined ? "The plan's limit" : `The limit of the ${codeSpan("rateLimit", { table: true })} option`} was reached: ${codeSpan(".operation", { table: true })}, ${codeSpan(".retryAfterMs", { table: true })}; after the server's 429, ${codeSpan(".cause", { table: true })} is its ${codeSpan("ApiError", { table: true })}.`,
    ],
    [
      "StoreError",
      `The ${codeSpan("store", { table: true })} (e.g. Redis) did not answer in time, so a call in ${codeSpan('"reject"', { table: true })} mode could not be counted and was not sent: ${codeSpan(".operation", { table: true })}, ${codeSpan(".store", { table: true })}.`,
    ],
    [
      "TimeoutError",
      `A read took longer than ${codeSpan("timeoutMs", { table: true })}.`,
    ],
    [
      "NetworkError",
      "The request failed at the network level. For a write only when it certainly never left (connection refused, DNS failure, a server certificate the client's own TLS check refused), so it may be sent again.",
    ],
    [
      "OutcomeUnknownError",
      `A write may or may not have been carried out: ${codeSpan(".operation", { table: true })}, ${codeSpan(".requestBody", { table: true })}${set.statusOperation ? `, ${codeSpan(".statusOperation", { table: true })} (the method that reconciles it)` : ""}.`,
    ],
    [
      "ConfigError",
      "Missing or invalid client options, or call options (a `timeoutMs` or `retry` out of range, a `headers` value fetch would refuse, which the message does not quote); nothing is sent.",
    ],
  ];
  const writeList =
    writes.length > 0
      ? `Write operations of this set: ${writes.map((operation) => codeSpan(operation.names.method)).join(", ")}.`
      : "This set has no write operations.";
  return [
    ...(errorGap !== undefined ? [inlineText(errorGap.text)] : []),
    [
      renews === "never"
        ? "The client reports its failures as subclasses of `ClientError`, except two that pass through as they are: an abort rejects with the signal's reason, and a body `JSON.stringify` cannot write throws a `TypeError`, sending nothing. An abort that stops a write in flight (sent, its answer not yet read) throws `OutcomeUnknownError` instead."
        : "The client reports its failures as subclasses of `ClientError`, except three that pass through as they are: an abort rejects with the signal's reason; an error from your `getAccessToken` is rethrown unchanged; and a body `JSON.stringify` cannot write throws a `TypeError`. The last two send nothing. An abort that stops a write in flight (sent, its answer not yet read) throws `OutcomeUnknownError` instead.",
      ...(renews === "never"
        ? []
        : [
            "A write aborted before its resend after a 401, while the client gets a new token or waits its turn under the rate limit, rejects with the signal's reason: the server refused the first send, and the resend never left.",
          ]),
    ].join(" "),
    table(
      ["Error", "When"],
      errorClasses.map(([name, when]) => [
        codeSpan(name, { table: true }),
        when,
      ]),
    ),
    "Each set's package has its own copy of these classes, and `instanceof` holds only for errors of the package's own client. Where one program uses several sets (or two versions of one package), tell errors apart by `.code` (`error.code === \"OUTCOME_UNKNOWN\"`): an `OutcomeUnknownError` from another package is not an instance of this one's, and must never be taken for a plain failure.",
    `**Read operations** are safe to repeat: the client retries them on network errors, time-outs and on ${retryableStatuses()} (${DEFAULT_RETRY_ATTEMPTS} attempts by default, at most ${MAX_RETRY_ATTEMPTS}, each with its own ${codeSpan("timeoutMs")}, exponential backoff with jitter; a ${codeSpan("Retry-After")} header is waited for, but one longer than ${codeSpan("maxDelayMs")}, ${DEFAULT_RETRY_MAX_DELAY_MS / 1000} s by default, ends the retries). The ${codeSpan("retry")} call option changes this; ${codeSpan("retry: false")} turns it off.`,
    `**A write is never sent again once the server may have acted on it.** A write changes something on the server (a record, a balance): sending it twice may carry it out twice, and a duplicated transfer is lost money. When a write times out, is aborted or loses its connection in flight, meets a 5xx answer (the server's own error or a gateway's) or a redirect (the client follows none), or gets a 2xx answer it cannot read (not JSON, not an object where its type is one, or holding an integer too large to keep exactly), the client cannot know whether the server carried it out: it throws ${codeSpan("OutcomeUnknownError")} and does not resend. Do not send it again: ${reconcileText(set)} The client takes only a 4xx answer, a client error in HTTP, to say the server did not act${errorGap !== undefined ? " (what each status means at the server is not shown)" : ""}${renews === "never" ? "" : `; after a 401 (the token was refused) it sends the request once more with a new token${renews === "provider" ? ` from ${codeSpan("getAccessToken")}` : ""}`}. Any other failure of a write (an abort's reason included) therefore means it was not carried out: it came before the request left${renews === "never" ? "" : ", before its resend after a 401,"} or with a 4xx answer.`,
    writeList,
    `${effectsBasisMarkdown(set.operations, anyEffectStated(model))} An operation nothing marks as a read is treated as a write, unless it is a GET.`,
  ].join("\n\n");
}

function operationsTable(set: OperationSetModel): string {
  return table(
    ["Method", "Path", "Effect", "Summary", "Docs"],
    set.operations.map((operation) => [
      codeSpan(operation.names.method, { table: true }),
      codeSpan(operation.path, { table: true }),
      operation.effect,
      cellText(operation.summary),
      link(
        cellText(operation.names.docFile),
        `docs/${operation.names.docFile}`,
      ),
    ]),
  );
}

function operationNamesList(model: Model, ids: readonly string[]): string {
  if (ids.length === 0) return "none";
  const byId = new Map(
    model.operations.map((operation) => [operation.id, operation]),
  );
  return ids
    .map((id) => {
      const operation = byId.get(id);
      return operation !== undefined
        ? `${codeSpan(id)} (${codeSpan(operation.names.method)})`
        : codeSpan(id);
    })
    .join(", ");
}

/** Plan differences between a set and the set it extends; empty when equal. */
export function planChanges(
  set: OperationSetModel,
  parent: OperationSetModel,
): string[] {
  const out: string[] = [];
  const before = parent.plan;
  const after = set.plan;
  if (before === undefined || after === undefined) {
    if (before !== after)
      out.push(
        after === undefined
          ? "no plan any more"
          : "a plan where there was none",
      );
    return out;
  }
  if (before.name !== after.name)
    out.push(
      `name from ${inlineText(before.name)} to ${inlineText(after.name)}`,
    );
  if (
    before.rateLimit.limit !== after.rateLimit.limit ||
    before.rateLimit.unit !== after.rateLimit.unit
  ) {
    out.push(
      `rate limit from ${rateText(before.rateLimit)} to ${rateText(after.rateLimit)}`,
    );
  }
  if (before.cost !== after.cost)
    out.push(
      `cost from ${inlineText(before.cost)} to ${inlineText(after.cost)}`,
    );
  return out;
}

function changesMarkdown(
  model: Model,
  set: OperationSetModel,
  parent: OperationSetModel | undefined,
): string {
  if (parent === undefined) {
    return `This set extends no other set. Its operations: ${operationNamesList(model, set.added)}.`;
  }
  const plan = planChanges(set, parent);
  return [
    `This set extends ${setLabel(parent)}.`,
    bulletList([
      `**Adds:** ${operationNamesList(model, set.added)}`,
      `**Removes:** ${operationNamesList(model, set.removed)}`,
      `**Plan:** ${plan.length > 0 ? plan.join("; ") : "unchanged"}`,
    ]),
  ].join("\n\n");
}

function serviceGapsMarkdown(model: Model): string {
  return [
    serviceGapsLead(model),
    `Each operation's page lists its own gaps (payloads, parameters, status codes).`,
  ].join("\n\n");
}

/** Parts of an operation page that are the same for every operation of a set: computed once per set. */
interface SetParts {
  readonly header: string;
  readonly baseUrl: string;
  readonly packageFact: string;
  /** None when the set has no plan. */
  readonly limitFact: readonly string[];
  /** What every authenticated operation sends; none for OAuth2, which the README explains. */
  readonly credentialsFact: readonly string[];
  /** By effect: what the client raises for an error answer differs for reads and writes. */
  readonly noErrors: Readonly<Record<OperationModel["effect"], string>>;
  readonly clientErrors: Readonly<Record<OperationModel["effect"], string>>;
  readonly back: string;
  readonly setIds: ReadonlyMap<string, string>;
}

function setParts(model: Model, set: OperationSetModel): SetParts {
  const readme = `See "Errors and retries" in the package ${link("README", "../README.md")} for every error class.`;
  const clientErrors = {
    read: `The client raises ${codeSpan("ApiError")} (with ${codeSpan(".status")} and ${codeSpan(".body")}) for an error answer it does not retry, or that is still there after its retries. ${readme}`,
    write: `The client raises ${codeSpan("ApiError")} (with ${codeSpan(".status")} and ${codeSpan(".body")}) only for a 4xx answer: any other answer it cannot use, a 5xx included, is ${codeSpan("OutcomeUnknownError")}. ${readme}`,
  };
  const gap = serviceGap(model, "errors");
  return {
    header: generatedHeader(model.source.specFile),
    baseUrl: codeSpan(model.service.baseUrl),
    packageFact: `**Package:** ${link(inlineText(set.names.packageName), "../README.md")}, set ${codeSpan(set.id)}`,
    limitFact: set.plan
      ? [
          `**Rate limit:** the plan allows ${rateText(set.plan.rateLimit)}, counted with the set's other operations (see "Plan and rate limit" in the ${link("README", "../README.md")})`,
        ]
      : [],
    credentialsFact: credentialsFact(model.auth),
    noErrors: {
      read: noErrors(gap, clientErrors.read),
      write: noErrors(gap, clientErrors.write),
    },
    clientErrors,
    back: `Back to ${link(inlineText(set.names.packageName), "../README.md")}.`,
    setIds: new Map(
      model.sets.map((candidate) => [candidate.id, codeSpan(candidate.id)]),
    ),
  };
}

function noErrors(gap: NotShown | undefined, clientErrors: string): string {
  return [
    "The spec states no errors for this operation.",
    ...(gap !== undefined ? [inlineText(gap.text)] : []),
    clientErrors,
  ].join("\n\n");
}

/** An operation page's sections that depend on the operation and the model only. */
interface PayloadSections {
  readonly parameters: string;
  readonly request: string;
  readonly response: string;
  readonly errors: string;
  /** Named schemas its fields refer to, for the schemas page. */
  readonly refs: ReadonlySet<string>;
}

function payloadSections(
  operation: OperationModel,
  schemas: Schemas,
  parts: SetParts,
  memo: RenderMemo,
): PayloadSections {
  // parts.noErrors and parts.clientErrors read the model only, not the set.
  return memo.once(operation, "docs-payload-sections", () => {
    const refs = new Set<string>();
    const parameters = parametersMarkdown(operation, refs);
    const request = payloadMarkdown(
      operation.request,
      operation.names.requestType,
      schemas,
      refs,
    );
    const response =
      operation.responses.length === 0
        ? payloadMarkdown(
            operation.response,
            operation.names.responseType,
            schemas,
            refs,
          )
        : statusSections(
            operation.responses,
            (payload) =>
              payloadMarkdown(
                payload,
                isSuccessBody(operation, payload)
                  ? operation.names.responseType
                  : undefined,
                schemas,
                refs,
              ),
            [],
          );
    const errors =
      operation.errors.length === 0
        ? parts.noErrors[operation.effect]
        : statusSections(
            operation.errors,
            (payload) => payloadMarkdown(payload, undefined, schemas, refs),
            [parts.clientErrors[operation.effect]],
          );
    return {
      parameters,
      request,
      response,
      errors,
      refs,
    };
  });
}

/**
 * The path, query and header parameters as a table; empty when there are
 * none. A name the params object spells differently shows its key too.
 */
function parametersMarkdown(
  operation: OperationModel,
  refs: Set<string>,
): string {
  if (operation.parameters.length === 0) return "";
  const cell = (text: string): string => codeSpan(text, { table: true });
  const rows = operation.parameters.map((parameter) => {
    const schema = parameter.schema;
    const named = schema.kind === "array" ? schema.items : schema;
    if (named.kind === "ref") refs.add(named.name);
    const key = parameter.names.property;
    return [
      key === parameter.name
        ? cell(parameter.name)
        : `${cell(parameter.name)} (${cell(key)})`,
      parameter.in,
      parameter.required ? "yes" : "no",
      cell(typeText(schema)),
      parameter.description !== undefined
        ? cellText(parameter.description)
        : "",
      constraints(schema).join("; "),
    ];
  });
  return [
    "Each is a member of the call's parameters object, under its name or the key in parentheses; the client puts it in the path, the query or a header, as the table says.",
    table(
      ["Name", "In", "Required", "Type", "Description", "Constraints"],
      rows,
    ),
  ].join("\n\n");
}

/** Statuses the spec states: a table, what the client does, then each status's payload. */
function statusSections(
  statuses: readonly {
    status: number;
    description: string;
    payload: PayloadModel;
  }[],
  payloadText: (payload: PayloadModel) => string,
  after: readonly string[],
): string {
  return [
    table(
      ["Status", "Description"],
      statuses.map((each) => [String(each.status), cellText(each.description)]),
    ),
    ...after,
    ...statuses.map((each) =>
      [
        `### ${each.status}`,
        paragraphs(each.description),
        payloadText(each.payload),
      ]
        .filter((part) => part !== "")
        .join("\n\n"),
    ),
  ].join("\n\n");
}

/** The types a call takes and gives, as the client declares them (render/client/types-file.ts). */
function typesFact(operation: OperationModel): string {
  const names = operation.names;
  return [
    ...(operation.parameters.length > 0
      ? [`${codeSpan(names.paramsType)} parameters`]
      : []),
    ...(operation.request.kind !== "none"
      ? [`${codeSpan(operation.names.requestType)} in`]
      : []),
    `${codeSpan(operation.names.responseType)} out`,
    ...(operation.errors.length > 0
      ? [
          `${codeSpan(names.errorType)} for its stated errors (${codeSpan(names.errorGuard)} narrows to it)`,
        ]
      : []),
  ].join(", ");
}

/**
 * The named schemas an operation's fields refer to, linked to their
 * section on the schemas page; empty when there are none.
 */
function schemaLinks(refs: ReadonlySet<string>, page: SchemaPage): string {
  const links = page.entries
    .filter((entry) => refs.has(entry.name))
    .map((entry) =>
      link(codeSpan(entry.typeName), `${schemasPageFile}#${entry.anchor}`),
    );
  return links.length === 0
    ? ""
    : `Its fields refer to these named schemas, each described on the package's ${link("schemas page", schemasPageFile)}: ${links.join(", ")}.`;
}

function renderOperationDoc(
  model: Model,
  set: OperationSetModel,
  operation: OperationModel,
  templates: DocsTemplates,
  schemas: Schemas,
  parts: SetParts,
  sections: PayloadSections,
  page: SchemaPage,
  memo: RenderMemo,
): string {
  const { parameters, request, response, errors } = sections;
  const displayed = [operation.request, operation.response].flatMap(
    (payload) => (payload.kind === "not-shown" ? [payload.text] : []),
  );
  const gaps = operation.notShown.filter(
    (gap) => !displayed.includes(gap.text),
  );
  const inSets: string[] = [];
  const notIn: string[] = [];
  for (const [id, code] of parts.setIds)
    (operation.sets.includes(id) ? inSets : notIn).push(code);
  const methodPath = codeSpan(`${operation.method} ${operation.path}`);
  const facts = [
    `**Operation:** ${codeSpan(operation.id)}`,
    `**Method and path:** ${methodPath}, relative to ${parts.baseUrl}`,
    `**Effect:** ${operation.effect} ${effectBasisNote(operation)}`,
    ...(operation.authenticated
      ? parts.credentialsFact
      : ["**Credentials:** none, this operation sends no credentials"]),
    `**In sets:** ${inSets.join(", ")}${notIn.length > 0 ? `; not in ${notIn.join(", ")}` : ""}`,
    ...parts.limitFact,
    parts.packageFact,
    `**Types:** ${typesFact(operation)}`,
  ];
  const context = {
    header: parts.header,
    title: inlineText(operation.names.method),
    lead: `${methodPath}: ${inlineText(operation.summary)}`,
    facts: bulletList(facts),
    description:
      operation.description !== undefined
        ? paragraphs(operation.description)
        : "",
    effect: effectMarkdown(model, set, operation),
    parameters,
    request,
    response,
    errors,
    gaps: gaps.length > 0 ? gapList(gaps) : "",
    schemas: schemaLinks(sections.refs, page),
    example: operationExample(model, set, operation, schemas, memo),
    back: parts.back,
  };
  return finishDocument(model, templates.operation(context));
}

/**
 * For a set with a body the spec does not show (`JsonObject`): TypeScript
 * gives an interface no implicit index signature, so a caller's own
 * `interface Transfer` is refused there with a message that does not say
 * what to do.
 */
function openBodySentence(set: OperationSetModel): string {
  if (
    !set.operations.some((operation) => operation.request.kind === "not-shown")
  )
    return "";
  return ` A request body the spec does not show is a ${codeSpan("JsonObject")}: an object literal or a ${codeSpan("type")} alias fits it, but an ${codeSpan("interface")} is not assignable to ${codeSpan("JsonObject")} (TypeScript gives interfaces no index signature): pass a copy, ${codeSpan("{ ...transfer }")}.`;
}

/** How to test a write whose outcome is unknown with the mocks' faults, naming one of the set's writes. */
function faultsSentence(writes: readonly OperationModel[]): string {
  const write = writes[0];
  if (write === undefined) return "";
  const override = `handlers.engine.setOverride(${stringLiteral(write.id)}, { fault: { kind: "status", status: 500, applied: true } })`;
  return `Faults test what a write must survive: ${codeSpan(override)} answers 500 after carrying the write out (recorded with ${codeSpan("applied: true")}), and the fault kinds ${codeSpan('"timeout"')}, ${codeSpan('"drop"')} and ${codeSpan('"applied-then-drop"')} lose the answer. With ${codeSpan('"timeout"')} the client gives up only after its ${codeSpan("timeoutMs")} (${DEFAULT_TIMEOUT_MS} by default, on real timers): give a test's client a short one. `;
}

/** An operation page's credentials fact, if its scheme has one. */
function credentialsFact(auth: AuthModel): string[] {
  const fact = authWords(auth).fact;
  return fact !== undefined ? [`**Credentials:** ${fact}`] : [];
}
