/**
 * Writing one spec-side file (a starter spec, an imported spec,
 * package.json) whole or not at all, and the link from a spec to
 * remitgen's schema that editors follow.
 */
import { existsSync } from "node:fs";
import { rename, rm, writeFile } from "node:fs/promises";
import { dirname, join, relative } from "node:path";
import { packageRoot } from "../paths.js";

const schemaFile = "spec/remitgen-spec.schema.json";

/**
 * Writes `text` to a temporary file beside `path`, then renames it over, so
 * an interrupted run never leaves half a file, and a failed one leaves
 * what was there.
 */
export async function writeAtomically(
  path: string,
  text: string,
): Promise<void> {
  const temporary = `${path}.remitgen-${process.pid}`;
  try {
    await writeFile(temporary, text, { flag: "wx" });
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/**
 * The `$schema` path for a spec at `specPath`: the schema as installed in
 * the project under `cwd`, else where this remitgen is; relative, posix.
 */
export function schemaLink(cwd: string, specPath: string): string {
  const installed = join(cwd, "node_modules", "remitgen", schemaFile);
  const schema = existsSync(installed)
    ? installed
    : join(packageRoot(), schemaFile);
  return posix(relative(dirname(specPath), schema));
}

export function posix(path: string): string {
  return path.split("\\").join("/");
}
