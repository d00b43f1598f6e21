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
  createWriter,
  generatedHeader,
  writeDocComment,
  writeList,
  writeNamedImport,
  writeOnce,
  type Flavor,
} from "../code/writer.js";
import { noMemo, type RenderMemo } from "../memo.js";
import { operationDoc, operationDocKey, operationThrows } from "./docs.js";

export function callOptionsType(operation: OperationModel): string {
  return operation.effect === "read" ? "ReadCallOptions" : "WriteCallOptions";
}

/**
 * Text of operations.ts, operations.js or operations.d.ts. Each function
 * is printed once per run and flavor through `memo`, and its doc comment
 * once for all flavors and all sets whose docs agree (see
 * operationDocKey).
 */
export function renderOperations(
  model: Model,
  set: OperationSetModel,
  flavor: Flavor,
  memo: RenderMemo = noMemo,
): string {
  const writer = createWriter();
  writer.writeLine(generatedHeader(model.source.specFile));
  if (flavor !== "js") {
    writer.blankLine();
    const optionTypes = [...new Set(set.operations.map(callOptionsType))];
    writeNamedImport(
      writer,
      "import type",
      ["Transport", ...optionTypes].sort(),
      '"./runtime/transport.js"',
    );
    writer.writeLine('import type * as types from "./types.js";');
  }
  const docKey = operationDocKey(set);
  for (const operation of set.operations) {
    writer.blankLine();
    // The doc comment is the same in every flavor; the function is not.
    writeOnce(writer, memo, operation, `operation-doc:${docKey}`, () =>
      writeDocComment(
        writer,
        operationDoc(model, set, operation),
        operationThrows(set, operation),
      ),
    );
    writeOnce(writer, memo, operation, `operation-function:${flavor}`, () =>
      writeOperationFunction(writer, operation, flavor),
    );
  }
  return writer.toString();
}

function writeOperationFunction(
  writer: CodeBlockWriter,
  operation: OperationModel,
  flavor: Flavor,
): void {
  const { method, requestType, responseType } = operation.names;
  if (flavor === "js") {
    writeList(
      writer,
      `export function ${method}`,
      ["transport", "body", "options"],
      " {",
    );
  } else {
    const keyword =
      flavor === "dts" ? "export declare function" : "export function";
    writeList(
      writer,
      `${keyword} ${method}`,
      [
        "transport: Transport",
        `body: types.${requestType}`,
        `options?: ${callOptionsType(operation)}`,
      ],
      `: Promise<types.${responseType}>${flavor === "dts" ? ";" : " {"}`,
    );
    if (flavor === "dts") return;
  }
  writer.indent(() => {
    const call =
      flavor === "ts"
        ? `transport.call<types.${responseType}>`
        : "transport.call";
    writer.writeLine(`return ${call}(`);
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
