/** `src/types.ts`: a type per named schema and per operation payload. */
import type {
  Model,
  OperationModel,
  OperationSetModel,
  PayloadModel,
} from "../../model/types.js";
import { schemaTypeName } from "../../names/names.js";
import type CodeBlockWriter from "code-block-writer";
import { createFile, typeSymbol, type GeneratedFile } from "../code/file.js";
import { writeDocComment } from "../code/writer.js";
import {
  schemaDoc,
  writeTypeAlias,
  writeTypeDeclaration,
} from "../code/types.js";
import { noMemo, type RenderMemo } from "../memo.js";
import type { NamedSchema } from "../../runtime/schema.js";

/**
 * types.ts, a module of declarations only. Each declaration depends only
 * on its schema or operation: printed once per run through `memo`,
 * whichever sets hold it.
 */
export function renderTypes(
  model: Model,
  set: OperationSetModel,
  memo: RenderMemo = noMemo,
): GeneratedFile {
  const file = createFile(model.source.specFile);
  const usesJsonObject = set.operations.some(
    (operation) =>
      operation.request.kind === "not-shown" ||
      operation.response.kind === "not-shown",
  );
  if (usesJsonObject) file.use(typeSymbol("./runtime/json.js", "JsonObject"));
  for (const named of set.schemas)
    file.declaration((writer) => writeSchemaType(writer, named), {
      memo,
      owner: named,
      key: "type",
    });
  for (const operation of set.operations) {
    const payloads = payloadTypes(operation);
    if (payloads.length > 0)
      file.declaration(
        (writer) => writePayloadTypes(writer, operation, payloads),
        { memo, owner: operation, key: "payload-types" },
      );
  }
  return file;
}

function writeSchemaType(writer: CodeBlockWriter, named: NamedSchema): void {
  writeDocComment(writer, schemaDoc(named.schema));
  writeTypeDeclaration(writer, schemaTypeName(named.name), named.schema);
}

type PayloadType = readonly [PayloadModel, string, string];

/** The request and response types an operation declares: none for a same-named schema, declared already. */
function payloadTypes(operation: OperationModel): PayloadType[] {
  const payloads: PayloadType[] = [
    [operation.request, operation.names.requestType, "Request body"],
    [operation.response, operation.names.responseType, "Response body"],
  ];
  return payloads.filter(
    ([payload, typeName]) =>
      !(
        payload.kind === "schema" &&
        payload.schema.kind === "ref" &&
        schemaTypeName(payload.schema.name) === typeName
      ),
  );
}

/** The request and response types of an operation, a blank line between them. */
function writePayloadTypes(
  writer: CodeBlockWriter,
  operation: OperationModel,
  payloads: readonly PayloadType[],
): void {
  payloads.forEach(([payload, typeName, role], index) => {
    if (index > 0) writer.blankLine();
    if (payload.kind === "not-shown") {
      writeDocComment(writer, [
        `${role} of \`${operation.id}\`.`,
        `${payload.text} Any JSON object is accepted until the bank publishes its fields in the spec.`,
      ]);
      writeTypeAlias(writer, typeName, "JsonObject");
      return;
    }
    if (payload.kind === "none") {
      writeDocComment(writer, [`${role} of \`${operation.id}\`: none.`]);
      writeTypeAlias(writer, typeName, "undefined");
      return;
    }
    const schema = payload.schema;
    writeDocComment(writer, [
      `${role} of \`${operation.id}\`.`,
      ...schemaDoc(schema),
    ]);
    writeTypeDeclaration(writer, typeName, schema);
  });
}
