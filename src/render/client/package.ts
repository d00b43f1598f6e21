/** Every file of one set's client package, relative to the package folder. */
import type { Model, OperationSetModel } from "../../model/types.js";
import type { OutputFile } from "../output.js";
import type { Flavor } from "../code/writer.js";
import { noMemo, type RenderMemo } from "../memo.js";
import { renderClient } from "./client-file.js";
import { renderIndex } from "./index-file.js";
import {
  renderMockApiFlavors,
  renderMockFetch,
  renderMocks,
} from "./mocks-file.js";
import { renderOperations } from "./operations-file.js";
import { renderPackageJson, renderTsconfig } from "./package-files.js";
import type { RuntimeAsset } from "./runtime-assets.js";
import { renderTypes } from "./types-file.js";

type ModuleRenderer = (
  model: Model,
  set: OperationSetModel,
  flavor: Flavor,
  memo: RenderMemo,
) => string;
/** A module's `.ts` source, `.js` and `.d.ts`. */
type ModuleFlavors = (
  model: Model,
  set: OperationSetModel,
  memo: RenderMemo,
) => Record<Flavor, string>;

/** Each flavor rendered on its own. */
const eachFlavor =
  (render: ModuleRenderer): ModuleFlavors =>
  (model, set, memo) => ({
    ts: render(model, set, "ts", memo),
    js: render(model, set, "js", memo),
    dts: render(model, set, "dts", memo),
  });

/** A module of types only is its own declaration file: rendered once. */
const typesOnly =
  (render: ModuleRenderer): ModuleFlavors =>
  (model, set, memo) => {
    const source = render(model, set, "ts", memo);
    return { ts: source, js: render(model, set, "js", memo), dts: source };
  };

const modules: readonly [string, ModuleFlavors][] = [
  ["index", eachFlavor(renderIndex)],
  ["client", eachFlavor(renderClient)],
  ["operations", eachFlavor(renderOperations)],
  ["types", typesOnly(renderTypes)],
  // The mock data, most of the package: printed once for .ts and .js, in a
  // module of its own so that the msw-free front door never loads msw.
  ["mock-api", renderMockApiFlavors],
  ["mocks", eachFlavor(renderMocks)],
  ["mock-fetch", eachFlavor(renderMockFetch)],
];

export function renderClientPackage(
  model: Model,
  set: OperationSetModel,
  runtime: readonly RuntimeAsset[],
  memo: RenderMemo = noMemo,
): OutputFile[] {
  const files: OutputFile[] = [
    { path: "package.json", contents: renderPackageJson(model, set) },
    { path: "tsconfig.json", contents: renderTsconfig() },
  ];
  for (const [name, render] of modules) {
    const module = render(model, set, memo);
    files.push({ path: `src/${name}.ts`, contents: module.ts });
    files.push({ path: `dist/${name}.js`, contents: module.js });
    files.push({ path: `dist/${name}.d.ts`, contents: module.dts });
  }
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
