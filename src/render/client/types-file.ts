/** `src/types.ts`: a type per named schema and per operation payload. */
import type {
  Model,
  OperationModel,
  OperationSetModel,
  PayloadModel,
} from "../../model/types.js";
import { schemaTypeName } from "../../names/names.js";
import type CodeBlockWriter from "code-block-writer";
import {
  createWriter,
  generatedHeader,
  writeDocComment,
  writeOnce,
  type Flavor,
} from "../code/writer.js";
import {
  schemaDoc,
  writeMembers,
  writeType,
  writeTypeAlias,
} from "../code/types.js";
import { noMemo, type RenderMemo } from "../memo.js";
import type { NamedSchema } from "../../runtime/schema.js";

/**
 * Text of types.ts / types.d.ts (the same) or types.js (no values). Each
 * declaration depends only on its schema or operation: printed once per
 * run through `memo`, whichever sets hold it.
 */
export function renderTypes(
  model: Model,
  set: OperationSetModel,
  flavor: Flavor,
  memo: RenderMemo = noMemo,
): string {
  const writer = createWriter();
  writer.writeLine(generatedHeader(model.source.specFile));
  if (flavor === "js") {
    writer.blankLine();
    writer.writeLine("export {};");
    return writer.toString();
  }
  const usesJsonObject = set.operations.some(
    (operation) =>
      operation.request.kind === "not-shown" ||
      operation.response.kind === "not-shown",
  );
  if (usesJsonObject) {
    writer.blankLine();
    writer.writeLine('import type { JsonObject } from "./runtime/json.js";');
  }
  for (const named of set.schemas) {
    writer.blankLine();
    writeOnce(writer, memo, named, "type", () =>
      writeSchemaType(writer, named),
    );
  }
  for (const operation of set.operations) {
    writeOnce(writer, memo, operation, "payload-types", () =>
      writePayloadTypes(writer, operation),
    );
  }
  return writer.toString();
}

function writeSchemaType(writer: CodeBlockWriter, named: NamedSchema): void {
  const name = schemaTypeName(named.name);
  writeDocComment(writer, schemaDoc(named.schema));
  if (named.schema.kind === "object" && named.schema.properties.length > 0) {
    writer.writeLine(`export interface ${name} {`);
    writer.indent(() =>
      writeMembers(
        writer,
        named.schema.kind === "object" ? named.schema.properties : [],
        "",
      ),
    );
    writer.writeLine("}");
  } else {
    writeType(writer, `export type ${name} = `, named.schema, ";", "");
  }
}

/** The request and response types of an operation, each after a blank line; none for a same-named schema. */
function writePayloadTypes(
  writer: CodeBlockWriter,
  operation: OperationModel,
): void {
  const payloads: [PayloadModel, string, string][] = [
    [operation.request, operation.names.requestType, "Request body"],
    [operation.response, operation.names.responseType, "Response body"],
  ];
  for (const [payload, typeName, role] of payloads) {
    // A payload that is a same-named schema is already declared above.
    if (
      payload.kind === "schema" &&
      payload.schema.kind === "ref" &&
      schemaTypeName(payload.schema.name) === typeName
    ) {
      continue;
    }
    writer.blankLine();
    if (payload.kind === "not-shown") {
      writeDocComment(writer, [
        `${role} of \`${operation.id}\`.`,
        `${payload.text} Any JSON object is accepted until the bank publishes its fields in the spec.`,
      ]);
      writeTypeAlias(writer, typeName, "JsonObject");
      continue;
    }
    const schema = payload.schema;
    writeDocComment(writer, [
      `${role} of \`${operation.id}\`.`,
      ...schemaDoc(schema),
    ]);
    if (schema.kind === "object" && schema.properties.length > 0) {
      writer.writeLine(`export interface ${typeName} {`);
      writer.indent(() => writeMembers(writer, schema.properties, ""));
      writer.writeLine("}");
    } else {
      writeType(writer, `export type ${typeName} = `, schema, ";", "");
    }
  }
}
