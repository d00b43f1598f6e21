/** Every file of one set's client package, relative to the package folder. */
import type { Model, OperationSetModel } from "../../model/types.js";
import type { OutputFile } from "../output.js";
import type { GeneratedFile } from "../code/file.js";
import { noMemo, type RenderMemo } from "../memo.js";
import {
  hasBrowserEntry,
  renderBrowserEntry,
  renderClient,
} from "./client-file.js";
import { renderIndex } from "./index-file.js";
import { renderMockData, renderMockFetch, renderMocks } from "./mocks-file.js";
import {
  hasErrorGuards,
  renderErrorGuards,
  renderOperations,
} from "./operations-file.js";
import { renderPackageJson, renderTsconfig } from "./package-files.js";
import type { RuntimeAsset } from "./runtime-assets.js";
import { renderTypes } from "./types-file.js";

/** A module, described as TypeScript: its JavaScript and declarations are derived from it. */
type ModuleRenderer = (
  model: Model,
  set: OperationSetModel,
  memo: RenderMemo,
) => GeneratedFile;

const modules: readonly [string, ModuleRenderer][] = [
  ["index", renderIndex],
  ["client", renderClient],
  ["operations", renderOperations],
  ["types", renderTypes],
  ["mocks", renderMocks],
  ["mock-fetch", renderMockFetch],
];

export async function renderClientPackage(
  model: Model,
  set: OperationSetModel,
  runtime: readonly RuntimeAsset[],
  memo: RenderMemo = noMemo,
): Promise<OutputFile[]> {
  const files: OutputFile[] = [
    { path: "package.json", contents: renderPackageJson(model, set) },
    { path: "tsconfig.json", contents: renderTsconfig() },
  ];
  for (const [name, render] of [
    ...modules,
    ...(hasErrorGuards(set) ? [["errors", renderErrorGuards] as const] : []),
    ...(hasBrowserEntry(model)
      ? [["browser", renderBrowserEntry] as const]
      : []),
  ]) {
    const module = await render(model, set, memo).texts();
    files.push({ path: `src/${name}.ts`, contents: module.ts });
    files.push({ path: `dist/${name}.js`, contents: module.js });
    files.push({ path: `dist/${name}.d.ts`, contents: module.dts });
  }
  // The mock data, most of the package, in a module of its own so that
  // the msw-free front door never loads msw; plain data, not described as
  // TypeScript (see renderMockData).
  files.push(...renderMockData(model, set, memo));
  for (const asset of runtime) {
    files.push({ path: `src/runtime/${asset.path}.ts`, contents: asset.ts });
    files.push({ path: `dist/runtime/${asset.path}.js`, contents: asset.js });
    files.push({
      path: `dist/runtime/${asset.path}.d.ts`,
      contents: asset.dts,
    });
  }
  return files;
}
