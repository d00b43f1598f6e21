/**
 * `src/mocks.ts`: the set as data for the mock engine, and msw handlers
 * built from it. Schemas are embedded as plain data, never as code.
 */
import type { Model, OperationSetModel, PayloadModel } from "../../model/types.js";
import { createWriter, generatedHeader, writeDocComment, writeList, writeNamedImport, type Flavor } from "../code/writer.js";
import { writeValue, type PrintableValue } from "../code/values.js";

const engineTypes = ["MockApi", "MockEngine", "MockFault", "MockOptions", "MockOutcome", "MockOverride", "RecordedCall"];

export function renderMocks(model: Model, set: OperationSetModel, flavor: Flavor): string {
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
  else writeValue(writer, `export const mockApi${typed ? ": MockApi" : ""} = `, mockApiData(model, set), ";", flavor);

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
