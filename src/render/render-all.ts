/**
 * Renders every artifact of the chosen sets: client package, docs and
 * OpenAPI per set, and the overview of all sets, in a stable order. A set
 * is rendered as one batch, so a caller can write it before rendering the
 * next (generate does, to hold one set's text in memory at a time).
 */
// A turn of the event loop: what waits on this thread runs.
import { setImmediate as nextTurn } from "node:timers/promises";
import type { Model, OperationSetModel } from "../model/types.js";
import { renderClientPackage } from "./client/package.js";
import {
  loadRuntimeAssets,
  type RuntimeAsset,
} from "./client/runtime-assets.js";
import { formatMarkdownCode } from "./code/markdown.js";
import { createDocsRenderer, type DocsRenderer } from "./docs/index.js";
import { createRenderMemo, type RenderMemo } from "./memo.js";
import { renderOpenApi } from "./openapi/openapi.js";
import type { OutputFile } from "./output.js";

/**
 * What rendering reads besides the model: the runtime to copy, the docs
 * templates, and the run's memo of pieces every set shares.
 */
export interface Renderers {
  readonly runtime: readonly RuntimeAsset[];
  readonly docs: DocsRenderer;
  readonly memo: RenderMemo;
}

/** Loads the runtime assets and templates, and starts an empty memo: once per run. */
export async function loadRenderers(): Promise<Renderers> {
  const [runtime, docs] = await Promise.all([
    loadRuntimeAssets(),
    createDocsRenderer(),
  ]);
  return { runtime, docs, memo: createRenderMemo() };
}

/** The overview of all sets, at the output root. */
export function renderOverview(
  model: Model,
  renderers: Renderers,
): OutputFile[] {
  return renderers.docs.renderOverviewDocs(model);
}

/**
 * One set's files (package, docs, OpenAPI), paths prefixed with its folder.
 */
export async function* renderSet(
  model: Model,
  set: OperationSetModel,
  renderers: Renderers,
): AsyncGenerator<OutputFile> {
  const prefix = `${set.names.directory}/`;
  const inFolder = (file: OutputFile): OutputFile => ({
    path: prefix + file.path,
    contents: file.contents,
  });
  // The package is formatted off this thread, one file at a time, while
  // this thread renders the docs in turns (so that the package's next file
  // starts between them) and the OpenAPI document; then the docs' examples
  // are formatted (one formatter call at a time: oxfmt given several at
  // once took four times as long).
  const pkg = renderClientPackage(
    model,
    set,
    renderers.runtime,
    renderers.memo,
  );
  const docs: OutputFile[] = [];
  for (const file of renderers.docs.setDocsFiles(model, set, renderers.memo)) {
    docs.push(file);
    if (docs.length % 32 === 0) await nextTurn();
  }
  const openApi = renderOpenApi(model, set, renderers.memo);
  for (const file of await pkg) yield inFolder(file);
  for (const file of await formatMarkdownCode(docs)) yield inFolder(file);
  yield inFolder(openApi);
}
