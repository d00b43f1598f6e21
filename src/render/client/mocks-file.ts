/**
 * The mock modules of a package: `dist/mock-api.js`, the set as data for the
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
  docCommentLines,
  generatedHeader,
  writeList,
  writeNamedImport,
} from "../code/writer.js";
import { noMemo, type RenderMemo } from "../memo.js";
import { compactJson } from "../code/json.js";
import type { JsonValue } from "../../runtime/json.js";
import type { OutputFile } from "../output.js";

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
 * The set as the mock engine's data, most of the package: for a large spec
 * megabytes. It is shipped once, as plain data in `dist/mock-api.js` (one
 * operation or schema a line) with its type declared in
 * `dist/mock-api.d.ts`, and `src/mock-api.ts` re-exports it: type-checking
 * the data as a TypeScript literal cost more than all the rest of the
 * package's source. Each operation's and schema's line is made once per run
 * through `memo`, whichever sets hold it.
 */
export function renderMockData(
  model: Model,
  set: OperationSetModel,
  memo: RenderMemo = noMemo,
): OutputFile[] {
  const api = mockApi(model, set, (owner, make) =>
    memo.once(owner, "mock-data", make),
  );
  const line = (entry: object): string =>
    memo.once(entry, "mock-data-line", () =>
      jsonInTemplate(compactJson(entry as unknown as JsonValue)),
    );
  const list = (entries: readonly object[]): string =>
    entries.length === 0
      ? "[]"
      : `[\n${entries.map((each) => `    ${line(each)}`).join(",\n")}\n  ]`;
  const header = generatedHeader(model.source.specFile);
  const doc = docCommentLines(
    [
      `The ${set.id} set as the mock engine sees it: mock host, plan, auth scheme, operations and schemas from the spec.`,
    ],
    0,
  ).join("\n");
  return [
    {
      path: "src/mock-api.ts",
      contents: `${header}

// The data is plain JavaScript, shipped once (dist/mock-api.js, its type in
// dist/mock-api.d.ts), so that no compiler checks it as a literal.
export { mockApi } from "../dist/mock-api.js";
`,
    },
    {
      path: "dist/mock-api.js",
      contents: [
        header,
        "",
        // JSON, not an object literal: there a `"__proto__"` key (a spec's
        // example may hold one) would set the prototype instead of a member.
        "// Data, as JSON: one operation or schema a line. Its type: mock-api.d.ts.",
        "// prettier-ignore",
        "export const mockApi = JSON.parse(String.raw`{",
        `  "setId": ${jsonInTemplate(compactJson(api.setId))},`,
        `  "baseUrl": ${jsonInTemplate(compactJson(api.baseUrl))},`,
        ...(api.plan !== undefined
          ? [`  "plan": ${jsonInTemplate(compactJson(api.plan))},`]
          : []),
        `  "auth": ${jsonInTemplate(compactJson(api.auth))},`,
        `  "operations": ${list(api.operations)},`,
        `  "schemas": ${list(api.schemas)}`,
        "}`);",
        "",
      ].join("\n"),
    },
    {
      path: "dist/mock-api.d.ts",
      contents: `${header}

import type { MockApi } from "./runtime/mock/engine.js";

${doc}
export declare const mockApi: MockApi;
`,
    },
  ];
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
      `msw request handlers for ${model.auth.scheme === "oauth2-client-credentials" ? "the token endpoint and " : ""}every operation of this set: they ${doings(model, set, "", "handlers.engine.calls")}.`,
      CONVENTIONS,
    ],
    "createHandlers",
    file.use(valueSymbol(module, "createMockHandlers")),
    module,
    "MockHandlerSet",
  );
  file.code({
    doc: [
      "Handlers with the documented defaults (mock URLs and credentials).",
      `They share one engine for as long as the module is loaded: its recorded calls, ${set.plan !== undefined ? "the plan's limit window, " : ""}overrides and fault counts carry over from one test to the next. Call handlers.engine.reset() after each test, or create handlers per test with createHandlers.`,
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
      `A fetch answered by a mock of the ${set.id} set, for tests without msw: pass it as the client's fetch option, with fetch.engine.options.baseUrl${model.auth.scheme === "oauth2-client-credentials" ? " and .authUrl as the client's URLs" : " as the client's base URL"}. The engine ${doings(model, set, "s", "fetch.engine.calls")}.`,
      "Every request goes to the engine, whatever its URL (404 where it serves none); none reaches the network. A dropped connection rejects as fetch does; a timeout fault answers only when the request's signal aborts. Each createMockFetch() makes its own engine: nothing is shared between tests.",
      CONVENTIONS,
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

/** What the mock's answers are, beyond what the spec states. */
const CONVENTIONS =
  "Status codes and error payloads the spec does not state are the mocks' own conventions.";

/** What a scheme's mock checks, for the doc comments. */
const checked: Record<Model["auth"]["scheme"], string | undefined> = {
  "oauth2-client-credentials": "credentials and bearer tokens",
  "api-key": "the API key",
  basic: "Basic credentials",
  bearer: "the bearer token",
  none: undefined,
};

/** What the mocks do, each verb ending in `s` (`"s"` for "it", `""` for "they"). */
function doings(
  model: Model,
  set: OperationSetModel,
  s: string,
  calls: string,
): string {
  const credentials = checked[model.auth.scheme];
  const parts = [
    ...(credentials !== undefined ? [`check${s} ${credentials}`] : []),
    `validate${s} parameters and bodies against the spec's schemas`,
    ...(set.plan !== undefined ? [`enforce${s} the plan's limit`] : []),
    `answer${s} deterministically`,
  ];
  return `${parts.join(", ")}, and record${s} every call in ${calls}`;
}

/**
 * JSON text as it may stand in a raw template literal: a backtick and the
 * `{` of `${`, which can stand only inside its strings, as JSON escapes.
 */
function jsonInTemplate(json: string): string {
  return json.replace(/`/g, "\\u0060").replace(/\$\{/g, "$\\u007b");
}
