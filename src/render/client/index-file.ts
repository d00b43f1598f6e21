/** `src/index.ts`: the package's public surface, re-exported from its modules. */
import type CodeBlockWriter from "code-block-writer";
import type { Model, OperationSetModel } from "../../model/types.js";
import { createFile, type GeneratedFile } from "../code/file.js";
import { writeNamedImport } from "../code/writer.js";
import { schemeCode, settingsType } from "./client-file.js";
import { hasErrorGuards } from "./operations-file.js";

/** Runtime names a consumer may need: errors are values, the rest are types. */
const errorClasses = [
  "ApiError",
  "AuthError",
  "ClientError",
  "ConfigError",
  "NetworkError",
  "OutcomeUnknownError",
  "RateLimitError",
  "StoreError",
  "TimeoutError",
];
/** Besides the settings and the scheme's credentials (see transportTypes). */
const runtimeTypes = [
  "ClientStore",
  "Clock",
  "OperationDescriptor",
  "PlanLimit",
  "ReadCallOptions",
  "RequestEvent",
  "ResponseEvent",
  "RetryOptions",
  "SlotTake",
  "StoredToken",
  "Transport",
  "TransportDefaults",
  "WriteCallOptions",
];

/** Source of index.ts: re-exports only, so it imports nothing. */
export function renderIndex(
  model: Model,
  set: OperationSetModel,
): GeneratedFile {
  const file = createFile(model.source.specFile);
  // One statement of re-exports: they stay together, without blank lines.
  file.code({ write: (writer) => writeReExports(writer, model, set) });
  return file;
}

/** The runtime's types a package exports: its settings and credentials among them. */
function transportTypes(model: Model): string[] {
  return [
    ...runtimeTypes,
    settingsType(model),
    ...schemeCode(model.auth).options,
  ].sort();
}

function writeReExports(
  writer: CodeBlockWriter,
  model: Model,
  set: OperationSetModel,
): void {
  writeNamedImport(
    writer,
    "export",
    ["createClient", "createTransport", "transportDefaults"],
    '"./client.js"',
  );
  // For clients of one process to share a plan and token.
  writer.writeLine('export { createMemoryStore } from "./runtime/store.js";');
  writer.writeLine(
    `export type { ClientOptions, ${set.names.clientType} } from "./client.js";`,
  );
  writer.writeLine('export * from "./operations.js";');
  if (hasErrorGuards(set)) writer.writeLine('export * from "./errors.js";');
  writer.writeLine('export type * from "./types.js";');
  writeNamedImport(writer, "export", errorClasses, '"./runtime/errors.js"');
  writer.writeLine(
    hasErrorGuards(set)
      ? 'export type { ApiErrorOf, ClientErrorCode } from "./runtime/errors.js";'
      : 'export type { ClientErrorCode } from "./runtime/errors.js";',
  );
  writeNamedImport(
    writer,
    "export type",
    transportTypes(model),
    '"./runtime/transport.js"',
  );
  writer.writeLine(
    'export type { JsonObject, JsonValue } from "./runtime/json.js";',
  );
}
