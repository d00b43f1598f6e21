/** `src/client.ts`: the set's plan, a bound transport, and `createClient`. */
import type CodeBlockWriter from "code-block-writer";
import type { Model, OperationSetModel } from "../../model/types.js";
import {
  createWriter,
  generatedHeader,
  writeDocComment,
  writeList,
  writeNamedImport,
  writeOnce,
  type DocTag,
  type Flavor,
} from "../code/writer.js";
import { writeValue } from "../code/values.js";
import { noMemo, type RenderMemo } from "../memo.js";
import {
  limitText,
  operationDoc,
  operationDocKey,
  operationThrows,
} from "./docs.js";
import { callOptionsType } from "./operations-file.js";

/**
 * Text of client.ts, client.js or client.d.ts. Each operation's member of
 * the client interface is printed once per run through `memo` for all
 * sets whose docs agree (see operationDocKey).
 */
export function renderClient(
  model: Model,
  set: OperationSetModel,
  flavor: Flavor,
  memo: RenderMemo = noMemo,
): string {
  const writer = createWriter();
  const typed = flavor !== "js";
  const clientType = set.names.clientType;
  writer.writeLine(generatedHeader(model.source.specFile));
  writer.blankLine();
  if (flavor !== "dts") {
    writer.writeLine(
      'import { createTransport as createBaseTransport } from "./runtime/transport.js";',
    );
  }
  if (typed) {
    const optionTypes = [...new Set(set.operations.map(callOptionsType))];
    writeNamedImport(
      writer,
      "import type",
      [
        "ClientOptions",
        "Transport",
        "TransportDefaults",
        ...optionTypes,
      ].sort(),
      '"./runtime/transport.js"',
    );
  }
  if (flavor !== "dts")
    writer.writeLine('import * as operations from "./operations.js";');
  if (typed) writer.writeLine('import type * as types from "./types.js";');

  writer.blankLine();
  writeDocComment(writer, [
    set.statusOperation
      ? `What the ${set.id} set's client needs to know: its plan, ${limitText(set)}, the authorization API's token path, and the operation that reconciles a write whose outcome is unknown.`
      : `What the ${set.id} set's client needs to know: its plan, ${limitText(set)}, and the authorization API's token path.`,
  ]);
  if (flavor === "dts")
    writer.writeLine(
      "export declare const transportDefaults: TransportDefaults;",
    );
  else {
    writeValue(
      writer,
      `export const transportDefaults${typed ? ": TransportDefaults" : ""} = `,
      {
        plan: {
          name: set.plan.name,
          limit: set.plan.rateLimit.limit,
          intervalMs: set.plan.rateLimit.intervalMs,
        },
        tokenPath: model.auth.token.path,
        ...(set.statusOperation
          ? { statusOperation: set.statusOperation.names.method }
          : {}),
      },
      ";",
    );
  }

  writer.blankLine();
  writeDocComment(
    writer,
    [
      "A transport bound to this set's plan and token endpoint, for the standalone operation functions (which let a bundler drop the operations a program does not call).",
    ],
    [configErrorTag],
  );
  writeFunctionHead(writer, flavor, "createTransport", "Transport");
  if (flavor !== "dts") {
    writer.indent(() =>
      writer.writeLine(
        "return createBaseTransport(options, transportDefaults);",
      ),
    );
    writer.writeLine("}");
  }

  if (typed) {
    writer.blankLine();
    writeDocComment(writer, [
      `The operations of the ${set.title} (${set.id}, version ${set.version}).`,
      `Each call is limited to ${limitText(set)} on the client side; a write is never sent again once the bank may have acted on it.`,
    ]);
    writer.writeLine(`export interface ${clientType} {`);
    const docKey = operationDocKey(set);
    writer.indent(() => {
      set.operations.forEach((operation, index) => {
        if (index > 0) writer.blankLine();
        writeOnce(writer, memo, operation, `client-member:${docKey}`, () => {
          writeDocComment(
            writer,
            operationDoc(model, set, operation),
            operationThrows(set, operation),
          );
          writeList(
            writer,
            operation.names.method,
            [
              `body: types.${operation.names.requestType}`,
              `options?: ${callOptionsType(operation)}`,
            ],
            `: Promise<types.${operation.names.responseType}>;`,
          );
        });
      });
    });
    writer.writeLine("}");
  }

  writer.blankLine();
  writeDocComment(
    writer,
    [
      `Creates a client for the ${set.id} set: one method per operation of this set only.`,
      "Authenticates with OAuth 2.0 client credentials at authUrl + the token path (or the getAccessToken option), and sends the token as a bearer token.",
    ],
    [configErrorTag],
  );
  writeFunctionHead(writer, flavor, "createClient", clientType);
  if (flavor !== "dts") {
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
                `return operations.${method}`,
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
  }
  return writer.toString();
}

/** Options are checked when the client is created, not at its first call. */
const configErrorTag: DocTag = [
  "@throws {ConfigError}",
  "An option is missing or invalid; the message names it, never its value.",
];

/** `export function name(options: ClientOptions): Returns {` in each flavor. */
function writeFunctionHead(
  writer: CodeBlockWriter,
  flavor: Flavor,
  name: string,
  returns: string,
): void {
  if (flavor === "js")
    writeList(writer, `export function ${name}`, ["options"], " {");
  else if (flavor === "dts")
    writeList(
      writer,
      `export declare function ${name}`,
      ["options: ClientOptions"],
      `: ${returns};`,
    );
  else
    writeList(
      writer,
      `export function ${name}`,
      ["options: ClientOptions"],
      `: ${returns} {`,
    );
}
