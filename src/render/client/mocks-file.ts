/**
 * The mock modules of a package: `src/mock-api.ts`, the set as data for the
 * mock engine (schemas embedded as plain data, never as code), and the two
 * front doors over it, `src/mocks.ts` (msw handlers) and
 * `src/mock-fetch.ts` (a fetch, no msw). The data has a module of its own
 * so that importing it never loads msw.
 */
import { mockApi } from "../../model/mock-api.js";
import type { Model, OperationSetModel } from "../../model/types.js";
import type CodeBlockWriter from "code-block-writer";
import {
  captureLines,
  createWriter,
  generatedHeader,
  writeDocComment,
  writeLines,
  writeList,
  writeNamedImport,
  type Flavor,
} from "../code/writer.js";
import { noMemo, type RenderMemo } from "../memo.js";
import { isSimpleNumberKey } from "../../escape/typescript.js";
import { writeValue, type PrintableValue } from "../code/values.js";

/** Engine types a consumer names: options, overrides, and a custom errorBody's argument. */
const engineTypes = [
  "MockApi",
  "MockConventions",
  "MockEngine",
  "MockError",
  "MockErrorCode",
  "MockFault",
  "MockOptions",
  "MockOutcome",
  "MockOverride",
  "RecordedCall",
];

/**
 * `src/mock-api.ts` and `dist/mock-api.js` (and `.d.ts`), the data printed
 * once for both where it can be: it is most of the package, and for a large
 * spec megabytes of text. Each operation's and schema's entry is printed
 * once per run through `memo`, whichever sets hold it.
 */
export function renderMockApiFlavors(
  model: Model,
  set: OperationSetModel,
  memo: RenderMemo = noMemo,
): Record<Flavor, string> {
  const data = mockApiData(model, set, memo);
  let tsLines: readonly string[] = [];
  const ts = renderMockApiModule(model, set, "ts", (writer) => {
    tsLines = captureLines(writer, () =>
      writeValue(writer, mockApiDeclaration("ts"), data, ";", "ts", memo),
    );
  });
  // The object is too large for one line whatever its name's annotation,
  // so only its first line differs, unless a numeric key is written
  // differently in JavaScript.
  const tsHead = `${mockApiDeclaration("ts")}{`;
  const js = renderMockApiModule(model, set, "js", (writer) => {
    if (tsLines[0] === tsHead && !hasNumericKey(data, memo)) {
      writer.writeLine(`${mockApiDeclaration("js")}{`);
      writeLines(writer, tsLines.slice(1));
    } else {
      writeValue(writer, mockApiDeclaration("js"), data, ";", "js", memo);
    }
  });
  return {
    ts,
    js,
    dts: renderMockApiModule(model, set, "dts", () => undefined),
  };
}

function mockApiDeclaration(flavor: Flavor): string {
  return `export const mockApi${flavor === "js" ? "" : ": MockApi"} = `;
}

/** Whether any key is written differently in JavaScript (see objectLiteralKey). */
function hasNumericKey(
  value: PrintableValue | undefined,
  memo: RenderMemo,
): boolean {
  if (value === null || typeof value !== "object") return false;
  const search = (): boolean => {
    if (Array.isArray(value))
      return value.some((item) => hasNumericKey(item, memo));
    const object = value as {
      readonly [key: string]: PrintableValue | undefined;
    };
    // for...in: no array of keys per object (the data holds every schema).
    for (const key in object)
      if (isSimpleNumberKey(key) || hasNumericKey(object[key], memo))
        return true;
    return false;
  };
  return memo.made(value)
    ? memo.once(value, "has-numeric-key", search)
    : search();
}

/** The module around the data, which `writeData` writes (nothing for `.d.ts`). */
function renderMockApiModule(
  model: Model,
  set: OperationSetModel,
  flavor: Flavor,
  writeData: (writer: CodeBlockWriter) => void,
): string {
  const writer = createWriter();
  writer.writeLine(generatedHeader(model.source.specFile));
  writer.blankLine();
  if (flavor !== "js") {
    writer.writeLine(
      'import type { MockApi } from "./runtime/mock/engine.js";',
    );
    writer.blankLine();
  }
  writeDocComment(writer, [
    `The ${set.id} set as the mock engine sees it: operations, plan, token path and schemas from the spec.`,
  ]);
  if (flavor === "dts")
    writer.writeLine("export declare const mockApi: MockApi;");
  else writeData(writer);
  return writer.toString();
}

/** The data's own module, imported by both front doors and re-exported by each. */
function writeMockApiImport(writer: CodeBlockWriter, flavor: Flavor): void {
  if (flavor !== "dts")
    writer.writeLine('import { mockApi } from "./mock-api.js";');
}

/** `src/mocks.ts`: msw handlers over the set's data. */
export function renderMocks(
  model: Model,
  set: OperationSetModel,
  flavor: Flavor,
): string {
  const writer = createWriter();
  const typed = flavor !== "js";
  writer.writeLine(generatedHeader(model.source.specFile));
  writer.blankLine();
  if (flavor !== "dts")
    writer.writeLine(
      'import { createMockHandlers } from "./runtime/mock/msw.js";',
    );
  writeMockApiImport(writer, flavor);
  if (typed) {
    writer.writeLine(
      'import type { MockHandlerSet } from "./runtime/mock/msw.js";',
    );
    writer.writeLine(
      'import type { MockOptions } from "./runtime/mock/engine.js";',
    );
  }
  writer.blankLine();
  writer.writeLine('export { mockApi } from "./mock-api.js";');
  writer.blankLine();
  writeDocComment(writer, [
    "msw request handlers for the token endpoint and every operation of this set: they check credentials and bearer tokens, validate bodies against the spec's schemas, enforce the plan's limit, answer deterministically, and record every call in handlers.engine.calls.",
    "Status codes and error payloads are the mocks' own conventions: the bank's are not shown.",
  ]);
  if (flavor === "js")
    writeList(writer, "export function createHandlers", ["options"], " {");
  else if (flavor === "dts")
    writeList(
      writer,
      "export declare function createHandlers",
      ["options?: MockOptions"],
      ": MockHandlerSet;",
    );
  else
    writeList(
      writer,
      "export function createHandlers",
      ["options?: MockOptions"],
      ": MockHandlerSet {",
    );
  if (flavor !== "dts") {
    writer.indent(() =>
      writer.writeLine("return createMockHandlers(mockApi, options);"),
    );
    writer.writeLine("}");
  }
  writer.blankLine();
  writeDocComment(writer, [
    "Handlers with the documented defaults (mock URLs and credentials).",
    "They share one engine for as long as the module is loaded: its recorded calls, the plan's limit window, overrides and fault counts carry over from one test to the next. Call handlers.engine.reset() after each test, or create handlers per test with createHandlers.",
  ]);
  if (flavor === "dts")
    writer.writeLine("export declare const handlers: MockHandlerSet;");
  else
    writer.writeLine(
      `export const handlers${typed ? ": MockHandlerSet" : ""} = /* @__PURE__ */ createHandlers();`,
    );
  if (typed) {
    writer.blankLine();
    writeNamedImport(
      writer,
      "export type",
      engineTypes,
      '"./runtime/mock/engine.js"',
    );
    writer.writeLine(
      'export type { MockHandlerSet } from "./runtime/mock/msw.js";',
    );
  }
  return writer.toString();
}

/**
 * `src/mock-fetch.ts`: a fetch over the set's data, for tests without msw.
 * No shared instance, unlike `handlers`: each test makes its own, so no
 * state carries over.
 */
export function renderMockFetch(
  model: Model,
  set: OperationSetModel,
  flavor: Flavor,
): string {
  const writer = createWriter();
  const typed = flavor !== "js";
  writer.writeLine(generatedHeader(model.source.specFile));
  writer.blankLine();
  // Renamed on import: the package's own createMockFetch takes no api.
  if (flavor !== "dts")
    writer.writeLine(
      'import { createMockFetch as createFetchFor } from "./runtime/mock/fetch.js";',
    );
  writeMockApiImport(writer, flavor);
  if (typed) {
    writer.writeLine(
      'import type { MockFetch } from "./runtime/mock/fetch.js";',
    );
    writer.writeLine(
      'import type { MockOptions } from "./runtime/mock/engine.js";',
    );
  }
  writer.blankLine();
  writer.writeLine('export { mockApi } from "./mock-api.js";');
  writer.blankLine();
  writeDocComment(writer, [
    `A fetch answered by a mock of the ${set.id} set, for tests without msw: pass it as the client's fetch option, with fetch.engine.options.baseUrl and .authUrl as the client's URLs. The engine checks credentials and bearer tokens, validates bodies against the spec's schemas, enforces the plan's limit, answers deterministically, and records every call in fetch.engine.calls.`,
    "Every request goes to the engine, whatever its URL (404 where it serves none); none reaches the network. A dropped connection rejects as fetch does; a timeout fault answers only when the request's signal aborts. Each createMockFetch() makes its own engine: nothing is shared between tests.",
    "Status codes and error payloads are the mocks' own conventions: the bank's are not shown.",
  ]);
  if (flavor === "js")
    writeList(writer, "export function createMockFetch", ["options"], " {");
  else if (flavor === "dts")
    writeList(
      writer,
      "export declare function createMockFetch",
      ["options?: MockOptions"],
      ": MockFetch;",
    );
  else
    writeList(
      writer,
      "export function createMockFetch",
      ["options?: MockOptions"],
      ": MockFetch {",
    );
  if (flavor !== "dts") {
    writer.indent(() =>
      writer.writeLine("return createFetchFor(mockApi, options);"),
    );
    writer.writeLine("}");
  }
  if (typed) {
    writer.blankLine();
    writeNamedImport(
      writer,
      "export type",
      engineTypes,
      '"./runtime/mock/engine.js"',
    );
    writer.writeLine(
      'export type { MockFetch } from "./runtime/mock/fetch.js";',
    );
  }
  return writer.toString();
}

/**
 * The set as the mock engine's data (see model/mock-api.ts). Each
 * operation's and schema's entry is made once per run through `memo`: the
 * same object in every set, so its printed text can be reused.
 */
export function mockApiData(
  model: Model,
  set: OperationSetModel,
  memo: RenderMemo = noMemo,
): PrintableValue {
  return mockApi(model, set, (owner, make) =>
    memo.once(owner, "mock-data", make),
  ) as unknown as PrintableValue;
}
