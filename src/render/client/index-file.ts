/** `src/index.ts`: the package's public surface, re-exported from its modules. */
import type { Model, OperationSetModel } from "../../model/types.js";
import {
  createWriter,
  generatedHeader,
  writeNamedImport,
  type Flavor,
} from "../code/writer.js";

/** Runtime names a consumer may need: errors are values, the rest are types. */
const errorClasses = [
  "ApiError",
  "AuthError",
  "ConfigError",
  "NetworkError",
  "OutcomeUnknownError",
  "RateLimitError",
  "RemitError",
  "StoreError",
  "TimeoutError",
];
const transportTypes = [
  "AccessTokenProvider",
  "ClientCredentials",
  "ClientStore",
  "ClientOptions",
  "ClientSettings",
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

export function renderIndex(
  model: Model,
  set: OperationSetModel,
  flavor: Flavor,
): string {
  const writer = createWriter();
  const typed = flavor !== "js";
  writer.writeLine(generatedHeader(model.source.specFile));
  writer.blankLine();
  writeNamedImport(
    writer,
    "export",
    ["createClient", "createTransport", "transportDefaults"],
    '"./client.js"',
  );
  // For clients of one process to share a plan and token.
  writer.writeLine('export { createMemoryStore } from "./runtime/store.js";');
  if (typed)
    writer.writeLine(
      `export type { ${set.names.clientType} } from "./client.js";`,
    );
  writer.writeLine('export * from "./operations.js";');
  if (typed) writer.writeLine('export type * from "./types.js";');
  writeNamedImport(writer, "export", errorClasses, '"./runtime/errors.js"');
  if (typed) {
    writer.writeLine(
      'export type { RemitErrorCode } from "./runtime/errors.js";',
    );
    writeNamedImport(
      writer,
      "export type",
      transportTypes,
      '"./runtime/transport.js"',
    );
    writer.writeLine(
      'export type { JsonObject, JsonValue } from "./runtime/json.js";',
    );
  }
  return writer.toString();
}
