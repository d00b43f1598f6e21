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

/**
 * What a package is made of besides package.json: `dist/` (JavaScript and
 * declarations), shipped, and `src/` (the TypeScript they were derived
 * from) with a tsconfig.json that type-checks it, not shipped: a package
 * needs its TypeScript neither to run nor to type-check, and shipping it
 * carried every declaration and doc comment twice. The tests type-check
 * the source (renderClientSource).
 */
interface PackageParts {
  readonly dist: OutputFile[];
  readonly src: OutputFile[];
}

async function renderParts(
  model: Model,
  set: OperationSetModel,
  runtime: readonly RuntimeAsset[],
  memo: RenderMemo,
): Promise<PackageParts> {
  const dist: OutputFile[] = [];
  const src: OutputFile[] = [
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
    src.push({ path: `src/${name}.ts`, contents: module.ts });
    dist.push({ path: `dist/${name}.js`, contents: module.js });
    dist.push({ path: `dist/${name}.d.ts`, contents: module.dts });
  }
  // The mock data, most of the package, in a module of its own so that
  // the msw-free front door never loads msw; plain data, not described as
  // TypeScript (see renderMockData).
  for (const file of renderMockData(model, set, memo))
    (file.path.startsWith("src/") ? src : dist).push(file);
  for (const asset of runtime) {
    src.push({ path: `src/runtime/${asset.path}.ts`, contents: asset.ts });
    dist.push({ path: `dist/runtime/${asset.path}.js`, contents: asset.js });
    dist.push({
      path: `dist/runtime/${asset.path}.d.ts`,
      contents: asset.dts,
    });
  }
  return { dist, src };
}

/** The package as shipped: package.json and dist/. */
export async function renderClientPackage(
  model: Model,
  set: OperationSetModel,
  runtime: readonly RuntimeAsset[],
  memo: RenderMemo = noMemo,
): Promise<OutputFile[]> {
  const { dist } = await renderParts(model, set, runtime, memo);
  return [
    { path: "package.json", contents: renderPackageJson(model, set) },
    ...dist,
  ];
}

/**
 * The TypeScript the package's dist/ was derived from, and a tsconfig.json
 * that type-checks it in strict mode: written next to a package (src/), it
 * compiles against the package's own dist/mock-api.js. For tests.
 */
export async function renderClientSource(
  model: Model,
  set: OperationSetModel,
  runtime: readonly RuntimeAsset[],
): Promise<OutputFile[]> {
  return (await renderParts(model, set, runtime, noMemo)).src;
}
