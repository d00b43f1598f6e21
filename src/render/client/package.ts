/** Every file of one set's client package, relative to the package folder. */
import type { Model, OperationSetModel } from "../../model/types.js";
import type { OutputFile } from "../output.js";
import type { Flavor } from "../code/writer.js";
import { renderClient } from "./client-file.js";
import { renderIndex } from "./index-file.js";
import { renderMocks } from "./mocks-file.js";
import { renderOperations } from "./operations-file.js";
import { renderPackageJson, renderTsconfig } from "./package-files.js";
import type { RuntimeAsset } from "./runtime-assets.js";
import { renderTypes } from "./types-file.js";

type ModuleRenderer = (model: Model, set: OperationSetModel, flavor: Flavor) => string;

const modules: readonly [string, ModuleRenderer][] = [
  ["index", renderIndex],
  ["client", renderClient],
  ["operations", renderOperations],
  ["types", renderTypes],
  ["mocks", renderMocks],
];

/** Modules that declare types and nothing else, the same in `.ts` and `.d.ts`. */
const typesOnly: ReadonlySet<string> = new Set(["types"]);

export function renderClientPackage(
  model: Model,
  set: OperationSetModel,
  runtime: readonly RuntimeAsset[],
): OutputFile[] {
  const files: OutputFile[] = [
    { path: "package.json", contents: renderPackageJson(model, set) },
    { path: "tsconfig.json", contents: renderTsconfig() },
  ];
  for (const [name, render] of modules) {
    const source = render(model, set, "ts");
    files.push({ path: `src/${name}.ts`, contents: source });
    files.push({ path: `dist/${name}.js`, contents: render(model, set, "js") });
    // A module of types only is its own declaration file: rendered once.
    files.push({ path: `dist/${name}.d.ts`, contents: typesOnly.has(name) ? source : render(model, set, "dts") });
  }
  for (const asset of runtime) {
    files.push({ path: `src/runtime/${asset.path}.ts`, contents: asset.ts });
    files.push({ path: `dist/runtime/${asset.path}.js`, contents: asset.js });
    files.push({ path: `dist/runtime/${asset.path}.d.ts`, contents: asset.dts });
  }
  return files;
}
