/**
 * `src/operations.ts`: one exported function per operation, taking a
 * transport. Standalone functions let bundlers drop unused operations.
 */
import type CodeBlockWriter from "code-block-writer";
import type {
  Model,
  OperationModel,
  OperationSetModel,
  ParameterModel,
} from "../../model/types.js";
import {
  isPlainKey,
  objectLiteralKey,
  stringLiteral,
} from "../../escape/typescript.js";
import {
  createFile,
  namespaceSymbol,
  typeSymbol,
  valueSymbol,
  type GeneratedFile,
} from "../code/file.js";
import { successPayloads } from "./types-file.js";
import { writeList } from "../code/writer.js";
import { noMemo, type RenderMemo } from "../memo.js";
import { operationDoc, operationDocKey, operationThrows } from "./docs.js";

export function callOptionsType(operation: OperationModel): string {
  return operation.effect === "read" ? "ReadCallOptions" : "WriteCallOptions";
}

/**
 * operations.ts. Each function is printed and derived once per run
 * through `memo` for all sets whose docs agree (see operationDocKey).
 */
export function renderOperations(
  model: Model,
  set: OperationSetModel,
  memo: RenderMemo = noMemo,
): GeneratedFile {
  const file = createFile(model.source.specFile);
  file.use(typeSymbol("./runtime/transport.js", "Transport"));
  for (const operation of set.operations)
    file.use(typeSymbol("./runtime/transport.js", callOptionsType(operation)));
  file.use(namespaceSymbol("./types.js", "types", true));
  if (set.operations.some((operation) => operation.parameters.length > 0))
    file.use(valueSymbol("./runtime/parameters.js", "withParameters"));
  const docKey = operationDocKey(set);
  for (const operation of set.operations) {
    file.code({
      doc: operationDoc(model, operation),
      tags: operationThrows(set, operation),
      write: (writer) => writeOperationFunction(writer, operation),
      once: { memo, owner: operation, key: `operation:${docKey}` },
    });
  }
  return file;
}

/** Whether the set's package has src/errors.ts: some operation states its error answers. */
export function hasErrorGuards(set: OperationSetModel): boolean {
  return set.operations.some((operation) => operation.errors.length > 0);
}

/**
 * errors.ts: a guard per operation that states its error answers, beside
 * the operations (the client's type maps every function of operations.ts
 * to a method).
 */
export function renderErrorGuards(
  model: Model,
  set: OperationSetModel,
  memo: RenderMemo = noMemo,
): GeneratedFile {
  const file = createFile(model.source.specFile);
  file.use(valueSymbol("./runtime/errors.js", "isApiError"));
  file.use(namespaceSymbol("./types.js", "types", true));
  for (const operation of set.operations) {
    if (operation.errors.length === 0) continue;
    file.code({
      doc: [
        `Whether \`error\`, what a call of ${operation.names.method} rejected with, is an error answer the spec states for it (${operation.errors.map((stated) => stated.status).join(", ")}), read whole: its body is then typed by status.`,
      ],
      write: (writer) => writeErrorGuard(writer, operation),
      once: { memo, owner: operation, key: "error-guard" },
    });
  }
  return file;
}

/**
 * The arguments an operation's function takes after the transport, in
 * order: its parameters (when it has any), its body (when it sends one),
 * the call's options. The client's methods take the same.
 */
export function operationArguments(operation: OperationModel): string[] {
  return [
    ...(operation.parameters.length > 0 ? ["params"] : []),
    ...(operation.request.kind === "none" ? [] : ["body"]),
  ];
}

/** How the descriptor says what a 2xx answer holds, beyond the default (an object). */
function responseMembers(operation: OperationModel): string[] {
  const bodies = successPayloads(operation);
  if (bodies.every((payload) => payload.kind === "none"))
    return [`response: "none",`];
  const members: string[] = [];
  // Only a non-object response says so: the transport expects objects by default.
  if (operation.responseBody !== "object")
    members.push(`response: ${stringLiteral(operation.responseBody)},`);
  const empty = operation.responses
    .filter((response) => response.payload.kind === "none")
    .map((response) => response.status);
  if (empty.length > 0) members.push(`empty: [${empty.join(", ")}],`);
  return members;
}

/** `{ name: params.name, ... }` for the parameters of one place, keyed by their names as sent. */
function parameterValues(
  operation: OperationModel,
  place: ParameterModel["in"],
): string | undefined {
  const of = operation.parameters.filter((parameter) => parameter.in === place);
  if (of.length === 0) return undefined;
  const entries = of.map(
    (parameter) =>
      `${objectLiteralKey(parameter.name)}: params${propertyAccess(parameter.names.property)}`,
  );
  return `{ ${entries.join(", ")} }`;
}

/** `.name`, or `["name"]` for a key that is not an identifier. */
function propertyAccess(name: string): string {
  return isPlainKey(name) ? `.${name}` : `[${stringLiteral(name)}]`;
}

function writeOperationFunction(
  writer: CodeBlockWriter,
  operation: OperationModel,
): void {
  const { method, requestType, responseType } = operation.names;
  const allOptional = operation.parameters.every(
    (parameter) => !parameter.required,
  );
  const hasBody = operation.request.kind !== "none";
  writeList(
    writer,
    `export function ${method}`,
    [
      "transport: Transport",
      ...(operation.parameters.length > 0
        ? [
            allOptional
              ? `params: types.${operation.names.paramsType} = {}`
              : `params: types.${operation.names.paramsType}`,
          ]
        : []),
      ...(hasBody ? [`body: types.${requestType}`] : []),
      `options?: ${callOptionsType(operation)}`,
    ],
    `: Promise<types.${responseType}> {`,
  );
  writer.indent(() => {
    writer.writeLine(`return transport.call<types.${responseType}>(`);
    writer.indent(() => {
      writer.writeLine("{");
      writer.indent(() => {
        writer.writeLine(`name: ${stringLiteral(operation.id)},`);
        // POST is the transport's default.
        if (operation.method !== "POST")
          writer.writeLine(`method: ${stringLiteral(operation.method)},`);
        writer.writeLine(`path: ${stringLiteral(operation.path)},`);
        writer.writeLine(`effect: ${stringLiteral(operation.effect)},`);
        if (!operation.authenticated) writer.writeLine("authenticated: false,");
        for (const member of responseMembers(operation))
          writer.writeLine(member);
      });
      writer.writeLine("},");
      writer.writeLine(hasBody ? "body," : "undefined,");
      writer.writeLine("options,");
      if (operation.parameters.length > 0) {
        writer.writeLine("withParameters({");
        writer.indent(() => {
          for (const [place, key] of [
            ["path", "path"],
            ["query", "query"],
            ["header", "headers"],
          ] as const) {
            const values = parameterValues(operation, place);
            if (values) writer.writeLine(`${key}: ${values},`);
          }
        });
        writer.writeLine("}),");
      }
    });
    writer.writeLine(");");
  });
  writer.writeLine("}");
}

/**
 * The guard of an operation's stated error answers: narrows what a call
 * rejected with to its error type, typed by status.
 */
function writeErrorGuard(
  writer: CodeBlockWriter,
  operation: OperationModel,
): void {
  const { errorType: error, errorGuard } = operation.names;
  const statuses = operation.errors.map((stated) => stated.status);
  writeList(
    writer,
    `export function ${errorGuard}`,
    ["error: unknown"],
    `: error is types.${error} {`,
  );
  writer.indent(() =>
    writeList(
      writer,
      "return isApiError",
      ["error", stringLiteral(operation.id), `[${statuses.join(", ")}]`],
      ";",
    ),
  );
  writer.writeLine("}");
}
