/** `src/client.ts`: the set's plan, a bound transport, and `createClient`. */
import type { Model, OperationSetModel } from "../../model/types.js";
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
import { limitText } from "./docs.js";
import { callOptionsType } from "./operations-file.js";

const transportModule = "./runtime/transport.js";

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
  const clientOptions = transportType("ClientOptions");
  const transport = transportType("Transport");
  const createBaseTransport = file.use(
    valueSymbol(transportModule, "createTransport", "createBaseTransport"),
  );

  file.data(
    [
      set.statusOperation
        ? `What the ${set.id} set's client needs to know: its plan, ${limitText(set)}, the authorization API's token path, and the operation that reconciles a write whose outcome is unknown.`
        : `What the ${set.id} set's client needs to know: its plan, ${limitText(set)}, and the authorization API's token path.`,
    ],
    "transportDefaults",
    transportType("TransportDefaults"),
    {
      ...(set.plan && {
        plan: {
          name: set.plan.name,
          limit: set.plan.rateLimit.limit,
          intervalMs: set.plan.rateLimit.intervalMs,
        },
      }),
      ...(model.auth.scheme === "oauth2-client-credentials" && {
        tokenPath: model.auth.token.path,
      }),
      ...(set.statusOperation
        ? { statusOperation: set.statusOperation.names.method }
        : {}),
    },
    memo,
  );

  file.code({
    doc: [
      "A transport bound to this set's plan and token endpoint, for the standalone operation functions (which let a bundler drop the operations a program does not call).",
    ],
    tags: [configErrorTag],
    write: (writer) => {
      writeList(
        writer,
        "export function createTransport",
        [`options: ${clientOptions}`],
        `: ${transport} {`,
      );
      writer.indent(() =>
        writer.writeLine(
          `return ${createBaseTransport}(options, transportDefaults);`,
        ),
      );
      writer.writeLine("}");
    },
  });

  file.declaration((writer) => {
    writeDocComment(writer, [
      `The operations of the ${set.title} (${set.id}, version ${set.version}).`,
      `Each call is limited to ${limitText(set)} on the client side; a write is never sent again once the bank may have acted on it.`,
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
      `Creates a client for the ${set.id} set: one method per operation of this set only.`,
      "Authenticates with OAuth 2.0 client credentials at authUrl + the token path (or the getAccessToken option), and sends the token as a bearer token.",
    ],
    tags: [configErrorTag],
    write: (writer) => {
      writeList(
        writer,
        "export function createClient",
        [`options: ${clientOptions}`],
        `: ${clientType} {`,
      );
      writer.indent(() => {
        writer.writeLine("const transport = createTransport(options);");
        writer.writeLine("return {");
        writer.indent(() => {
          for (const operation of set.operations) {
            writeOnce(writer, memo, operation, "client-method", () => {
              const method = operation.names.method;
              writeList(writer, method, ["body", "callOptions"], " {");
              writer.indent(() =>
                writeList(
                  writer,
                  `return ${operations}.${method}`,
                  ["transport", "body", "callOptions"],
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

/** Options are checked when the client is created, not at its first call. */
const configErrorTag: DocTag = [
  "@throws {ConfigError}",
  "An option is missing or invalid; the message names it, never its value.",
];
