/** `src/client.ts`: the set's plan, a bound transport, and `createClient`. */
import type { AuthModel, Model, OperationSetModel } from "../../model/types.js";
import {
  createFile,
  namespaceSymbol,
  typeSymbol,
  valueSymbol,
  type GeneratedFile,
} from "../code/file.js";
import {
  writeDocComment,
  writeList,
  writeOnce,
  type DocTag,
} from "../code/writer.js";
import { noMemo, type RenderMemo } from "../memo.js";
import { valueText, type PrintableValue } from "../code/values.js";
import { limitText } from "./docs.js";
import { operationArguments } from "./operations-file.js";

const transportModule = "./runtime/transport.js";

/** How a package's client authenticates: the runtime's scheme function, its options, its words. */
export interface SchemeCode {
  /** The scheme's function in runtime/auth.ts; none: no credentials. */
  readonly piece?: string;
  /** What the piece is given: the API's own data for it (a token path, the key's place). */
  readonly data?: PrintableValue;
  /**
   * The piece a browser gets instead, through the package's `browser`
   * entry (renderBrowserEntry): one without what must not run there.
   */
  readonly browserPiece?: string;
  /** The option types a client takes for it (runtime/auth.ts), as alternatives. */
  readonly options: readonly string[];
  /** One sentence for createClient's docs. */
  readonly doc: string;
}

export function schemeCode(auth: AuthModel): SchemeCode {
  switch (auth.scheme) {
    case "oauth2-client-credentials":
      return {
        piece: "oauth2ClientCredentials",
        data: auth.token.path,
        // A client secret has no place in a browser: there, the flow that
        // needs one is left out and a secret is refused.
        browserPiece: "oauth2InBrowser",
        options: ["AccessTokenProvider", "ClientCredentials"],
        doc: "Authenticates with OAuth 2.0 client credentials at authUrl + the token path (or the getAccessToken option), and sends the token as a bearer token.",
      };
    case "api-key":
      return {
        piece: "apiKey",
        data: { in: auth.in, name: auth.name },
        options: ["ApiKeyCredentials"],
        doc: `Sends the apiKey option as the ${auth.name} ${auth.in === "query" ? "query parameter" : "header"}.`,
      };
    case "basic":
      return {
        piece: "httpBasic",
        options: ["BasicCredentials"],
        doc: "Authenticates with HTTP basic: the username and password options.",
      };
    case "bearer":
      return {
        piece: "bearerToken",
        options: ["AccessTokenProvider", "BearerToken"],
        doc: "Sends the token option (or tokens from the getAccessToken option) as a bearer token.",
      };
    case "none":
      return { options: [], doc: "Sends no credentials." };
  }
}

/** The runtime's settings type: `baseUrl` optional when the API states one. */
export function settingsType(model: Model): string {
  return model.service.defaultBaseUrl === undefined
    ? "ClientSettings"
    : "ClientSettingsWithBaseUrl";
}

/** What transportDefaults holds, in words, for its doc comment. */
function defaultsDoc(model: Model, set: OperationSetModel): string {
  const parts = [
    ...(set.plan ? [`its plan, ${limitText(set)}`] : ["no plan"]),
    ...(model.service.defaultBaseUrl !== undefined
      ? ["the API's base URL"]
      : []),
    ...(set.statusOperation
      ? ["the operation that reconciles a write whose outcome is unknown"]
      : []),
  ];
  const listed =
    parts.length > 1
      ? `${parts.slice(0, -1).join(", ")}, and ${parts.at(-1)!}`
      : parts[0]!;
  return `What the ${set.id} set's client needs to know: ${listed}.`;
}

/** client.ts: the set's plan, a bound transport, the client's type and `createClient`. */
export function renderClient(
  model: Model,
  set: OperationSetModel,
  memo: RenderMemo = noMemo,
): GeneratedFile {
  const file = createFile(model.source.specFile);
  const clientType = set.names.clientType;
  const transportType = (name: string): string =>
    file.use(typeSymbol(transportModule, name));
  const operations = file.use(
    namespaceSymbol("./operations.js", "operations", false),
  );
  const operationsType = file.use(
    namespaceSymbol("./operations.js", "operations", true),
  );
  const auth = model.auth;
  const scheme = schemeCode(auth);
  const settings = transportType(settingsType(model));
  const credentialTypes = scheme.options.map(transportType);
  const transport = transportType("Transport");
  const piece =
    scheme.piece &&
    file.use(valueSymbol("./runtime/auth.js", scheme.piece)) +
      (scheme.data === undefined ? "" : `(${valueText(scheme.data)})`);
  const plan = set.plan;

  file.data(
    [defaultsDoc(model, set)],
    "transportDefaults",
    transportType("TransportDefaults"),
    {
      ...(plan
        ? {
            plan: {
              name: plan.name,
              limit: plan.rateLimit.limit,
              intervalMs: plan.rateLimit.intervalMs,
            },
          }
        : {}),
      ...(model.service.defaultBaseUrl !== undefined
        ? { baseUrl: model.service.defaultBaseUrl }
        : {}),
      ...(set.statusOperation
        ? { statusOperation: set.statusOperation.names.method }
        : {}),
    },
    memo,
  );

  file.declaration((writer) => {
    writeDocComment(writer, [
      `Options of a client: where the API is${model.service.defaultBaseUrl !== undefined ? " (by default the base URL it states)" : ""}, ${credentialsDoc(auth)}, and how the client behaves.`,
    ]);
    const credentials =
      credentialTypes.length > 1
        ? `(${credentialTypes.join(" | ")})`
        : credentialTypes[0];
    writer.writeLine(
      `export type ClientOptions = ${settings}${credentials ? ` & ${credentials}` : ""};`,
    );
  });

  writeFactories(file, set, {
    piece,
    binding: transportBinding(model, set),
    doc: scheme.doc,
  });

  file.declaration((writer) => {
    writeDocComment(writer, [
      `The operations of the ${set.title} (${set.id}, version ${set.version}).`,
      set.plan
        ? `Each call is limited to ${limitText(set)} on the client side; a write is never sent again once the server may have acted on it.`
        : "A write is never sent again once the server may have acted on it.",
    ]);
    // Each method is its operation's function bound to the transport:
    // mapped from the functions, it shows their docs (written once, on
    // them) wherever a method is hovered.
    for (const line of [
      `export type ${clientType} = {`,
      `  [Name in keyof typeof ${operationsType}]: (typeof ${operationsType})[Name] extends (`,
      `    transport: ${transport},`,
      "    ...call: infer Call",
      "  ) => infer Result",
      "    ? (...call: Call) => Result",
      "    : never;",
      "};",
    ])
      writer.writeLine(line);
  });

  file.code({
    doc: [
      `The ${set.id} set's operations as the methods of one client, each bound to \`transport\` (createClient's, or the browser entry's).`,
    ],
    write: (writer) => {
      writeList(
        writer,
        "export function bindOperations",
        [`transport: ${transport}`],
        `: ${clientType} {`,
      );
      writer.indent(() => {
        writer.writeLine("return {");
        writer.indent(() => {
          for (const operation of set.operations) {
            writeOnce(writer, memo, operation, "client-method", () => {
              const method = operation.names.method;
              const args = [...operationArguments(operation), "callOptions"];
              writeList(writer, method, args, " {");
              writer.indent(() =>
                writeList(
                  writer,
                  `return ${operations}.${method}`,
                  ["transport", ...args],
                  ";",
                ),
              );
              writer.writeLine("},");
            });
          }
        });
        writer.writeLine("};");
      });
      writer.writeLine("}");
    },
  });
  return file;
}

/** Whether the package has an entry of its own for browsers (see renderBrowserEntry). */
export function hasBrowserEntry(model: Model): boolean {
  return schemeCode(model.auth).browserPiece !== undefined;
}

/**
 * `src/browser.ts`, the entry bundlers load for a browser (package.json's
 * `browser` condition), for a scheme with a browser piece: the package's
 * exports, with `createTransport` and `createClient` given that piece.
 */
export function renderBrowserEntry(
  model: Model,
  set: OperationSetModel,
): GeneratedFile {
  const file = createFile(model.source.specFile);
  const scheme = schemeCode(model.auth);
  if (scheme.browserPiece === undefined)
    throw new Error(`the ${model.auth.scheme} scheme has no browser entry`);
  file.use(valueSymbol("./client.js", "bindOperations"));
  file.use(valueSymbol("./client.js", "transportDefaults"));
  file.use(typeSymbol("./client.js", "ClientOptions"));
  file.use(typeSymbol("./client.js", set.names.clientType));
  const piece = file.use(valueSymbol("./runtime/auth.js", scheme.browserPiece));
  file.code({
    doc: [
      "The package as a bundler loads it for a browser: the same exports, but a client takes its tokens from your `getAccessToken` only. The client-credentials flow is left out of the bundle, and a `clientSecret` is refused with a ConfigError: in a browser anyone who loads the page can read it.",
    ],
    // Local exports take the place of index.js's of the same names.
    write: (writer) => writer.writeLine('export * from "./index.js";'),
  });
  writeFactories(file, set, {
    piece,
    binding: set.plan ? "plan" : "API",
    doc: "Sends the tokens of the getAccessToken option as bearer tokens; a clientSecret is refused.",
  });
  return file;
}

/**
 * `createTransport` and `createClient`, with the API's auth scheme `piece`
 * (an expression): the package's own (client.ts), or the browser entry's.
 * `binding` says what the transport is bound to; `doc`, how the client
 * authenticates.
 */
function writeFactories(
  file: GeneratedFile,
  set: OperationSetModel,
  words: {
    readonly piece: string | undefined;
    readonly binding: string;
    readonly doc: string;
  },
): void {
  const { piece } = words;
  const transport = file.use(typeSymbol(transportModule, "Transport"));
  const createBaseTransport = file.use(
    valueSymbol(transportModule, "createTransport", "createBaseTransport"),
  );
  file.code({
    doc: [
      `A transport bound to this set's ${words.binding}, for the standalone operation functions (which let a bundler drop the operations a program does not call).`,
    ],
    tags: [configErrorTag],
    write: (writer) =>
      writer
        .writeLine(
          `export function createTransport(options: ClientOptions): ${transport} {`,
        )
        .writeLine(
          `  return ${createBaseTransport}(options, transportDefaults${piece ? `, ${piece}` : ""});`,
        )
        .writeLine("}"),
  });
  file.code({
    doc: [
      `Creates a client for the ${set.id} set: one method per operation of this set only.`,
      words.doc,
    ],
    tags: [configErrorTag],
    write: (writer) =>
      writer
        .writeLine(
          `export function createClient(options: ClientOptions): ${set.names.clientType} {`,
        )
        .writeLine("  return bindOperations(createTransport(options));")
        .writeLine("}"),
  });
}

/** What the transport is bound to, in words. */
function transportBinding(model: Model, set: OperationSetModel): string {
  const auth = model.auth;
  const bound = [
    ...(set.plan ? ["plan"] : []),
    ...(auth.scheme === "oauth2-client-credentials"
      ? ["token endpoint"]
      : auth.scheme === "none"
        ? []
        : ["auth scheme"]),
  ];
  return bound.length > 0 ? bound.join(" and ") : "API";
}

/** The credentials a client's options carry, in words. */
function credentialsDoc(auth: AuthModel): string {
  switch (auth.scheme) {
    case "oauth2-client-credentials":
      return "how it gets its access tokens (client credentials, or your own `getAccessToken`)";
    case "api-key":
      return "its API key";
    case "basic":
      return "its user name and password";
    case "bearer":
      return "its bearer token (or your own `getAccessToken`)";
    case "none":
      return "no credentials";
  }
}

/** Options are checked when the client is created, not at its first call. */
const configErrorTag: DocTag = [
  "@throws {ConfigError}",
  "An option is missing or invalid; the message names it, never its value.",
];
