/**
 * Renders every artifact of the chosen sets: client package, docs and
 * OpenAPI per set, and the overview of all sets, in a stable order.
 */
import type { Model, OperationSetModel } from "../model/types.js";
import { renderClientPackage } from "./client/package.js";
import { loadRuntimeAssets } from "./client/runtime-assets.js";
import { createDocsRenderer } from "./docs/index.js";
import { renderOpenApi } from "./openapi/openapi.js";
import type { OutputFile } from "./output.js";

/** Every file of the chosen sets and the overview, paths relative to the output folder. */
export async function renderAll(model: Model, sets: readonly OperationSetModel[]): Promise<OutputFile[]> {
  const [runtime, docs] = await Promise.all([loadRuntimeAssets(), createDocsRenderer()]);
  const files: OutputFile[] = [...docs.renderOverviewDocs(model)];
  for (const set of sets) {
    const prefix = `${set.names.directory}/`;
    const setFiles = [...renderClientPackage(model, set, runtime), ...docs.renderSetDocs(model, set), renderOpenApi(model, set)];
    for (const file of setFiles) files.push({ path: prefix + file.path, contents: file.contents });
  }
  return files;
}
