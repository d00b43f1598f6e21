/**
 * `src/mocks.ts`: the set as data for the mock engine, and msw handlers
 * built from it. Schemas are embedded as plain data, never as code.
 */
import type { Model, OperationSetModel, PayloadModel } from "../../model/types.js";
import { createWriter, generatedHeader, writeDocComment, writeList, writeNamedImport, type Flavor } from "../code/writer.js";
import { isSimpleNumberKey } from "../../escape/typescript.js";
import { writeValue, type PrintableValue } from "../code/values.js";

const engineTypes = ["MockApi", "MockEngine", "MockFault", "MockOptions", "MockOutcome", "MockOverride", "RecordedCall"];

/**
 * `src/mocks.ts` and `dist/mocks.js` (and `.d.ts`), the data printed once
 * for both where it can be: it is most of the file, and for a large spec
 * megabytes of text.
 */
export function renderMocksFlavors(model: Model, set: OperationSetModel): Record<Flavor, string> {
  const ts = mockApiText(model, set, "ts");
  const data = mockApiData(model, set);
  // The object is too large for one line whatever its name's annotation,
  // so only its first line differs, unless a numeric key is written
  // differently in JavaScript.
  const tsHead = `${mockApiDeclaration("ts")}{\n`;
  const js =
    ts.startsWith(tsHead) && !hasNumericKey(data)
      ? `${mockApiDeclaration("js")}{\n${ts.slice(tsHead.length)}`
      : mockApiText(model, set, "js");
  return {
    ts: renderMocksModule(model, set, "ts", ts),
    js: renderMocksModule(model, set, "js", js),
    dts: renderMocksModule(model, set, "dts", ""),
  };
}

function mockApiDeclaration(flavor: Flavor): string {
  return `export const mockApi${flavor === "js" ? "" : ": MockApi"} = `;
}

/** `export const mockApi = {...};` as printed at the top level. */
function mockApiText(model: Model, set: OperationSetModel, flavor: Flavor): string {
  const writer = createWriter();
  writeValue(writer, mockApiDeclaration(flavor), mockApiData(model, set), ";", flavor);
  return writer.toString();
}

/** Whether any key is written differently in JavaScript (see objectLiteralKey). */
function hasNumericKey(value: PrintableValue | undefined): boolean {
  if (value === null || typeof value !== "object") return false;
  if (Array.isArray(value)) return value.some(hasNumericKey);
  return Object.entries(value).some(([key, member]) => isSimpleNumberKey(key) || hasNumericKey(member));
}

function renderMocksModule(model: Model, set: OperationSetModel, flavor: Flavor, dataText: string): string {
  const writer = createWriter();
  const typed = flavor !== "js";
  writer.writeLine(generatedHeader(model.source.specFile));
  writer.blankLine();
  if (flavor !== "dts") writer.writeLine('import { createMockHandlers } from "./runtime/mock/msw.js";');
  if (typed) {
    writer.writeLine('import type { MockHandlerSet } from "./runtime/mock/msw.js";');
    writer.writeLine('import type { MockApi, MockOptions } from "./runtime/mock/engine.js";');
  }
  writer.blankLine();
  writeDocComment(writer, [
    `The ${set.id} set as the mock engine sees it: operations, plan, token path and schemas from the spec.`,
  ]);
  if (flavor === "dts") writer.writeLine("export declare const mockApi: MockApi;");
  else writer.writeLine(dataText.replace(/\n$/, ""));

  writer.blankLine();
  writeDocComment(writer, [
    "msw request handlers for the token endpoint and every operation of this set: they check credentials and bearer tokens, validate bodies against the spec's schemas, enforce the plan's limit, answer deterministically, and record every call in handlers.engine.calls.",
    "Status codes and error payloads are the mocks' own conventions: the bank's are not shown.",
  ]);
  if (flavor === "js") writeList(writer, "export function createHandlers", ["options"], " {");
  else if (flavor === "dts") writeList(writer, "export declare function createHandlers", ["options?: MockOptions"], ": MockHandlerSet;");
  else writeList(writer, "export function createHandlers", ["options?: MockOptions"], ": MockHandlerSet {");
  if (flavor !== "dts") {
    writer.indent(() => writer.writeLine("return createMockHandlers(mockApi, options);"));
    writer.writeLine("}");
  }
  writer.blankLine();
  writeDocComment(writer, ["Handlers with the documented defaults (mock URLs and credentials)."]);
  if (flavor === "dts") writer.writeLine("export declare const handlers: MockHandlerSet;");
  else writer.writeLine(`export const handlers${typed ? ": MockHandlerSet" : ""} = /* @__PURE__ */ createHandlers();`);
  if (typed) {
    writer.blankLine();
    writeNamedImport(writer, "export type", engineTypes, '"./runtime/mock/engine.js"');
    writer.writeLine('export type { MockHandlerSet } from "./runtime/mock/msw.js";');
  }
  return writer.toString();
}

function payloadData(payload: PayloadModel): PrintableValue | undefined {
  return payload.kind === "schema" ? (payload.schema as unknown as PrintableValue) : undefined;
}

export function mockApiData(model: Model, set: OperationSetModel): PrintableValue {
  return {
    setId: set.id,
    plan: {
      name: set.plan.name,
      limit: set.plan.rateLimit.limit,
      intervalMs: set.plan.rateLimit.intervalMs,
    },
    tokenPath: model.auth.token.path,
    operations: set.operations.map((operation) => ({
      name: operation.id,
      path: operation.path,
      effect: operation.effect,
      request: payloadData(operation.request),
      response: payloadData(operation.response),
    })),
    schemas: set.schemas.map((named) => ({
      name: named.name,
      schema: named.schema as unknown as PrintableValue,
    })),
  };
}
