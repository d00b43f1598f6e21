import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** remitgen's own folder (holding package.json), from src/ or dist/ alike. */
export function packageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, "package.json"))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error("cannot find remitgen's package.json");
    dir = parent;
  }
  return dir;
}

/**
 * The identity of remitgen's build (dist/build-id.txt, a hash of every
 * built file), or undefined when it runs unbuilt.
 */
export function buildIdentity(): string | undefined {
  try {
    return (
      readFileSync(join(packageRoot(), "dist/build-id.txt"), "utf8").trim() ||
      undefined
    );
  } catch {
    return undefined;
  }
}
