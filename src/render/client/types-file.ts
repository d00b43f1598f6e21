/** `src/types.ts`: a type per named schema and per operation payload. */
import type {
  Model,
  OperationModel,
  OperationSetModel,
  ParameterModel,
  PayloadModel,
} from "../../model/types.js";
import { propertyKey } from "../../escape/typescript.js";
import { inputTypeName, schemaTypeName } from "../../names/names.js";
import type CodeBlockWriter from "code-block-writer";
import { createFile, typeSymbol, type GeneratedFile } from "../code/file.js";
import { writeDocComment } from "../code/writer.js";
import {
  answerNames,
  bothWays,
  inputNames,
  schemaDoc,
  type TypeNames,
  writeType,
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
  if (set.operations.some(usesJsonObject))
    file.use(typeSymbol("./runtime/json.js", "JsonObject"));
  if (set.operations.some((operation) => operation.errors.length > 0))
    file.use(typeSymbol("./runtime/errors.js", "ApiErrorOf"));
  if (
    set.operations.some((operation) =>
      operation.errors.some((error) => error.payload.kind !== "schema"),
    )
  )
    file.use(typeSymbol("./runtime/json.js", "JsonValue"));
  const oneWay = new Set(model.oneWaySchemas);
  for (const named of set.schemas)
    file.declaration((writer) => writeSchemaType(writer, named, oneWay), {
      memo,
      owner: named,
      key: "type",
    });
  for (const operation of set.operations) {
    const payloads = payloadTypes(operation, oneWay);
    if (
      payloads.length > 0 ||
      operation.parameters.length > 0 ||
      operation.errors.length > 0
    )
      file.declaration(
        (writer) => writeOperationTypes(writer, operation, payloads),
        { memo, owner: operation, key: "payload-types" },
      );
  }
  return file;
}

/**
 * A named schema's type, as the server answers it; and, when its values
 * differ by direction, what a caller sends of it (`<Name>Input`).
 */
function writeSchemaType(
  writer: CodeBlockWriter,
  named: NamedSchema,
  oneWay: ReadonlySet<string>,
): void {
  writeDocComment(writer, schemaDoc(named.schema));
  writeTypeDeclaration(
    writer,
    schemaTypeName(named.name),
    named.schema,
    answerNames,
  );
  if (!oneWay.has(named.name)) return;
  writer.blankLine();
  writeDocComment(writer, [
    `\`${schemaTypeName(named.name)}\` as a caller sends it: without the members the server sets (readOnly).`,
  ]);
  writeTypeDeclaration(
    writer,
    inputTypeName(named.name),
    named.schema,
    inputNames(oneWay),
  );
}

/**
 * The success bodies an operation may answer with: one per distinct
 * payload its stated 2xx responses hold, else its one response.
 */
export function successPayloads(operation: OperationModel): PayloadModel[] {
  if (operation.responses.length === 0) return [operation.response];
  const seen = new Set<string>();
  return operation.responses
    .map((response) => response.payload)
    .filter((payload) => {
      const key = JSON.stringify(payload);
      return !seen.has(key) && seen.add(key) !== undefined;
    });
}

/** Whether types.ts refers to JsonObject for this operation. */
function usesJsonObject(operation: OperationModel): boolean {
  return [operation.request, ...successPayloads(operation)].some(
    (payload) => payload.kind === "not-shown",
  );
}

/** Bodies, the type's name, its role in words, how it prints (by direction). */
type PayloadType = readonly [
  readonly PayloadModel[],
  string,
  string,
  TypeNames,
];

/**
 * The request and response types an operation declares: none for a
 * same-named schema, declared already, nor for a request without a body.
 */
function payloadTypes(
  operation: OperationModel,
  oneWay: ReadonlySet<string>,
): PayloadType[] {
  const payloads: PayloadType[] = [
    ...(operation.request.kind === "none"
      ? []
      : [
          [
            [operation.request],
            operation.names.requestType,
            "Request body",
            inputNames(oneWay),
          ] as const,
        ]),
    [
      successPayloads(operation),
      operation.names.responseType,
      "Response body",
      answerNames,
    ],
  ];
  return payloads.filter(
    ([[payload, ...others], typeName]) =>
      !(
        others.length === 0 &&
        payload!.kind === "schema" &&
        payload!.schema.kind === "ref" &&
        schemaTypeName(payload!.schema.name) === typeName
      ),
  );
}

/** An operation's declarations: parameters, bodies, error answers, a blank line between them. */
function writeOperationTypes(
  writer: CodeBlockWriter,
  operation: OperationModel,
  payloads: readonly PayloadType[],
): void {
  const names = operation.names;
  const blocks: ((writer: CodeBlockWriter) => void)[] = [];
  if (operation.parameters.length > 0)
    blocks.push((writer) =>
      writeParamsType(writer, operation, names.paramsType),
    );
  for (const [bodies, typeName, role, typeNames] of payloads)
    blocks.push((writer) =>
      writeBodyType(writer, operation, bodies, typeName, role, typeNames),
    );
  if (operation.errors.length > 0)
    blocks.push((writer) => writeErrorType(writer, operation, names.errorType));
  blocks.forEach((write, index) => {
    if (index > 0) writer.blankLine();
    write(writer);
  });
}

/** Where a parameter goes, in words, for its doc. */
function placeText(parameter: ParameterModel): string {
  switch (parameter.in) {
    case "path":
      return `Path parameter \`${parameter.name}\`.`;
    case "query":
      return `Query parameter \`${parameter.name}\`.`;
    case "header":
      return `Sent as the \`${parameter.name}\` header.`;
  }
}

function writeParamsType(
  writer: CodeBlockWriter,
  operation: OperationModel,
  typeName: string,
): void {
  writeDocComment(writer, [`Parameters of \`${operation.id}\`.`]);
  writer.writeLine(`export interface ${typeName} {`);
  writer.indent(() => {
    for (const parameter of operation.parameters) {
      writeDocComment(writer, [
        ...(parameter.description ? [parameter.description] : []),
        placeText(parameter),
        ...schemaDoc(parameter.schema).filter(
          (paragraph) => paragraph !== parameter.description,
        ),
      ]);
      writeType(
        writer,
        `${propertyKey(parameter.names.property)}${parameter.required ? "" : "?"}: `,
        parameter.schema,
        ";",
        bothWays,
      );
    }
  });
  writer.writeLine("}");
}

/** A request or response type: one payload, or the union of a response's. */
function writeBodyType(
  writer: CodeBlockWriter,
  operation: OperationModel,
  bodies: readonly PayloadModel[],
  typeName: string,
  role: string,
  names: TypeNames,
): void {
  const [payload] = bodies;
  if (bodies.length > 1) {
    writeDocComment(writer, [
      `${role} of \`${operation.id}\`, by status: ${operation.responses
        .map((response) => `${response.status} ${bodyText(response.payload)}`)
        .join("; ")}.`,
    ]);
    writer.writeLine(`export type ${typeName} =`);
    bodies.forEach((body, index) => {
      const suffix = index === bodies.length - 1 ? ";" : "";
      if (body.kind === "schema")
        writeType(writer, "| ", body.schema, suffix, names);
      else
        writer.writeLine(
          `| ${body.kind === "none" ? "undefined" : "JsonObject"}${suffix}`,
        );
    });
    return;
  }
  if (payload!.kind === "not-shown") {
    writeDocComment(writer, [
      `${role} of \`${operation.id}\`.`,
      `${payload!.text} Any JSON object is accepted until the spec shows its fields.`,
    ]);
    writeTypeAlias(writer, typeName, "JsonObject");
    return;
  }
  if (payload!.kind === "none") {
    writeDocComment(writer, [`${role} of \`${operation.id}\`: none.`]);
    writeTypeAlias(writer, typeName, "undefined");
    return;
  }
  const schema = payload!.schema;
  writeDocComment(writer, [
    `${role} of \`${operation.id}\`.`,
    ...schemaDoc(schema),
  ]);
  writeTypeDeclaration(writer, typeName, schema, names);
}

/** A payload in words, for a union's doc. */
function bodyText(payload: PayloadModel): string {
  if (payload.kind === "none") return "no body";
  if (payload.kind === "not-shown") return "a JSON object";
  return payload.schema.kind === "ref"
    ? schemaTypeName(payload.schema.name)
    : "the body described";
}

/**
 * The error answers an operation states, as ApiErrors typed by status; a
 * body not stated (or stated as none) is any JSON value (or its text), as
 * it is read.
 */
function writeErrorType(
  writer: CodeBlockWriter,
  operation: OperationModel,
  typeName: string,
): void {
  writeDocComment(writer, [
    `An error answer of \`${operation.id}\` that the spec states, its body typed by status (see \`${operation.names.errorGuard}\`).`,
    ...operation.errors.map(
      (error) => `- ${error.status}: ${error.description}`,
    ),
  ]);
  writer.writeLine(`export type ${typeName} =`);
  operation.errors.forEach((error, index) => {
    const suffix = `>${index === operation.errors.length - 1 ? ";" : ""}`;
    if (error.payload.kind === "schema")
      writeType(
        writer,
        `| ApiErrorOf<${error.status}, `,
        error.payload.schema,
        suffix,
        answerNames,
      );
    else writer.writeLine(`| ApiErrorOf<${error.status}, JsonValue${suffix}`);
  });
}
