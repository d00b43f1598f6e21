/**
 * The client and mock runtime (src/runtime) as copied into every package:
 * TypeScript source, and JavaScript plus declarations that the build made
 * once with the compiler and prettier (scripts/build.mjs), so generation
 * needs neither.
 */
import { readFile } from "node:fs/promises";
import { packageRoot } from "../../paths.js";

export interface RuntimeAsset {
  /** Path under `runtime/`, without extension, e.g. `mock/engine`. */
  readonly path: string;
  readonly ts: string;
  readonly js: string;
  readonly dts: string;
}

export const runtimeAssetsFile = "dist/runtime-assets.json";

export async function loadRuntimeAssets(): Promise<readonly RuntimeAsset[]> {
  const file = `${packageRoot()}/${runtimeAssetsFile}`;
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch {
    throw new Error(
      `remitgen's runtime is not built (${runtimeAssetsFile} is missing); run \`npm run build\``,
    );
  }
  return (JSON.parse(text) as { files: RuntimeAsset[] }).files;
}
