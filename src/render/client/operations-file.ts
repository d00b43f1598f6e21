/**
 * `src/operations.ts`: one exported function per operation, taking a
 * transport. Standalone functions let bundlers drop unused operations.
 */
import type CodeBlockWriter from "code-block-writer";
import type {
  Model,
  OperationModel,
  OperationSetModel,
} from "../../model/types.js";
import { stringLiteral } from "../../escape/typescript.js";
import {
  createFile,
  namespaceSymbol,
  typeSymbol,
  type GeneratedFile,
} from "../code/file.js";
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
  const docKey = operationDocKey(set);
  for (const operation of set.operations) {
    file.code({
      doc: operationDoc(model, set, operation),
      tags: operationThrows(model, set, operation),
      write: (writer) => writeOperationFunction(writer, operation),
      once: { memo, owner: operation, key: `operation:${docKey}` },
    });
  }
  return file;
}

function writeOperationFunction(
  writer: CodeBlockWriter,
  operation: OperationModel,
): void {
  const { method, requestType, responseType } = operation.names;
  writeList(
    writer,
    `export function ${method}`,
    [
      "transport: Transport",
      `body: types.${requestType}`,
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
        writer.writeLine(`path: ${stringLiteral(operation.path)},`);
        writer.writeLine(`effect: ${stringLiteral(operation.effect)},`);
        // Only a non-object response says so: the transport expects objects by default.
        if (operation.responseBody !== "object")
          writer.writeLine(
            `response: ${stringLiteral(operation.responseBody)},`,
          );
      });
      writer.writeLine("},");
      writer.writeLine("body,");
      writer.writeLine("options,");
    });
    writer.writeLine(");");
  });
  writer.writeLine("}");
}
