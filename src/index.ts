/** remitgen's programmatic API, for build scripts. */
export {
  generate,
  type GenerateOptions,
  type GenerateResult,
} from "./generate.js";
export {
  loadSpec,
  checkSpecFile,
  checkSpecText,
  type CheckResult,
} from "./check-spec.js";
export { diffSets, type SetDiff } from "./diff.js";
export { importOpenApi, type ImportOpenApiOptions } from "./import/run.js";
export type { ImportResult } from "./import/import.js";
export type { ImportNote } from "./import/document.js";
export {
  OutputError,
  SpecError,
  StoppedError,
  UsageError,
  type Diagnostic,
} from "./diagnostics/diagnostic.js";
export type { DiagnosticCode } from "./diagnostics/codes.js";
export { formatDiagnostics } from "./diagnostics/format.js";
export type * from "./model/types.js";
