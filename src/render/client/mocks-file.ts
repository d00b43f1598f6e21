/**
 * The mock modules of a package: `src/mock-api.ts`, the set as data for the
 * mock engine (schemas embedded as plain data, never as code), and the two
 * front doors over it, `src/mocks.ts` (msw handlers) and
 * `src/mock-fetch.ts` (a fetch, no msw). The data has a module of its own
 * so that importing it never loads msw.
 */
import { mockApi } from "../../model/mock-api.js";
import type { Model, OperationSetModel } from "../../model/types.js";
import {
  createFile,
  typeSymbol,
  valueSymbol,
  type GeneratedFile,
} from "../code/file.js";
import type CodeBlockWriter from "code-block-writer";
import {
  writeDocComment,
  writeList,
  writeNamedImport,
} from "../code/writer.js";
import { noMemo, type RenderMemo } from "../memo.js";
import type { PrintableValue } from "../code/values.js";

const engineModule = "./runtime/mock/engine.js";

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
 * mock-api.ts: most of the package, and for a large spec megabytes of
 * text. Each operation's and schema's entry is printed once per run
 * through `memo`, whichever sets hold it.
 */
export function renderMockApi(
  model: Model,
  set: OperationSetModel,
  memo: RenderMemo = noMemo,
): GeneratedFile {
  const file = createFile(model.source.specFile);
  file.data(
    [
      `The ${set.id} set as the mock engine sees it: operations, plan, token path and schemas from the spec.`,
    ],
    "mockApi",
    file.use(typeSymbol(engineModule, "MockApi")),
    mockApiData(model, set, memo),
    memo,
  );
  return file;
}

/**
 * A front door over the data: the data re-exported, then `factory`
 * (documented by `doc`) made with the runtime's `make` from `module`.
 */
function addFrontDoor(
  file: GeneratedFile,
  doc: readonly string[],
  factory: string,
  make: string,
  module: string,
  returns: string,
): void {
  const mockApi = file.use(valueSymbol("./mock-api.js", "mockApi"));
  const options = file.use(typeSymbol(engineModule, "MockOptions"));
  const returned = file.use(typeSymbol(module, returns));
  file.code({
    write: (writer) =>
      writer.writeLine('export { mockApi } from "./mock-api.js";'),
  });
  file.code({
    doc,
    write: (writer) => {
      writeList(
        writer,
        `export function ${factory}`,
        [`options?: ${options}`],
        `: ${returned} {`,
      );
      writer.indent(() =>
        writer.writeLine(`return ${make}(${mockApi}, options);`),
      );
      writer.writeLine("}");
    },
  });
}

/** The engine's types, and `returns` of `module`, for a consumer to name. */
function writeTypeExports(
  writer: CodeBlockWriter,
  module: string,
  returns: string,
): void {
  writeNamedImport(writer, "export type", engineTypes, `"${engineModule}"`);
  writer.writeLine(`export type { ${returns} } from "${module}";`);
}

/** mocks.ts: msw handlers over the set's data. */
export function renderMocks(
  model: Model,
  set: OperationSetModel,
): GeneratedFile {
  const file = createFile(model.source.specFile);
  const module = "./runtime/mock/msw.js";
  addFrontDoor(
    file,
    [
      "msw request handlers for the token endpoint and every operation of this set: they check credentials and bearer tokens, validate bodies against the spec's schemas, enforce the plan's limit, answer deterministically, and record every call in handlers.engine.calls.",
      "Status codes and error payloads are the mocks' own conventions: the bank's are not shown.",
    ],
    "createHandlers",
    file.use(valueSymbol(module, "createMockHandlers")),
    module,
    "MockHandlerSet",
  );
  file.code({
    doc: [
      "Handlers with the documented defaults (mock URLs and credentials).",
      "They share one engine for as long as the module is loaded: its recorded calls, the plan's limit window, overrides and fault counts carry over from one test to the next. Call handlers.engine.reset() after each test, or create handlers per test with createHandlers.",
    ],
    write: (writer) =>
      writer.writeLine(
        "export const handlers: MockHandlerSet = /* @__PURE__ */ createHandlers();",
      ),
  });
  file.code({
    write: (writer) => writeTypeExports(writer, module, "MockHandlerSet"),
  });
  return file;
}

/**
 * mock-fetch.ts: a fetch over the set's data, for tests without msw. No
 * shared instance, unlike `handlers`: each test makes its own, so no state
 * carries over.
 */
export function renderMockFetch(
  model: Model,
  set: OperationSetModel,
): GeneratedFile {
  const file = createFile(model.source.specFile);
  const module = "./runtime/mock/fetch.js";
  addFrontDoor(
    file,
    [
      `A fetch answered by a mock of the ${set.id} set, for tests without msw: pass it as the client's fetch option, with fetch.engine.options.baseUrl and .authUrl as the client's URLs. The engine checks credentials and bearer tokens, validates bodies against the spec's schemas, enforces the plan's limit, answers deterministically, and records every call in fetch.engine.calls.`,
      "Every request goes to the engine, whatever its URL (404 where it serves none); none reaches the network. A dropped connection rejects as fetch does; a timeout fault answers only when the request's signal aborts. Each createMockFetch() makes its own engine: nothing is shared between tests.",
      "Status codes and error payloads are the mocks' own conventions: the bank's are not shown.",
    ],
    "createMockFetch",
    // Renamed on import: the package's own createMockFetch takes no api.
    file.use(valueSymbol(module, "createMockFetch", "createFetchFor")),
    module,
    "MockFetch",
  );
  file.code({
    write: (writer) => writeTypeExports(writer, module, "MockFetch"),
  });
  return file;
}

/**
 * The set as the mock engine's data (the model's own reading of it, as
 * `remitgen mock` serves it). Each operation's and schema's entry is made
 * once per run through `memo`: the same object in every set, so its
 * printed text can be reused.
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
