/**
 * Writing generated files: only what changed, atomically, never outside the
 * output folder, never a file remitgen did not write. A manifest in the
 * folder lists what remitgen wrote, so stale files can be removed safely.
 */
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readdir, readFile, rename, rm, rmdir, stat, writeFile } from "node:fs/promises";
import { homedir } from "node:os";
import { dirname, isAbsolute, join, relative, resolve, sep } from "node:path";
import { UsageError } from "../diagnostics/diagnostic.js";
import type { OutputFile } from "../render/output.js";

export const manifestName = ".remitgen-manifest.json";

interface Manifest {
  readonly generator: "remitgen";
  readonly files: readonly string[];
}

export interface OutputPlan {
  readonly outDir: string;
  /** Files whose content differs from disk (or that do not exist yet). */
  readonly changed: readonly OutputFile[];
  readonly missing: readonly string[];
  readonly unchanged: number;
  /** Files remitgen wrote before that it no longer produces. */
  readonly stale: readonly string[];
  readonly manifest: Manifest;
  readonly manifestChanged: boolean;
}

/**
 * Compares the files to produce with the folder. `scope` limits which
 * previously written files may be called stale (e.g. only the chosen sets).
 */
export async function planOutput(
  outDir: string,
  files: readonly OutputFile[],
  scope: (path: string) => boolean = () => true,
): Promise<OutputPlan> {
  for (const file of files) assertInside(outDir, file.path);
  const previous = await readManifest(outDir);
  const produced = new Set(files.map((file) => file.path));
  const changed: OutputFile[] = [];
  const missing: string[] = [];
  let unchanged = 0;
  await Promise.all(
    files.map(async (file) => {
      const current = await readFile(join(outDir, file.path), "utf8").catch(() => undefined);
      if (current === file.contents) unchanged++;
      else {
        changed.push(file);
        if (current === undefined) missing.push(file.path);
      }
    }),
  );
  changed.sort((a, b) => compare(a.path, b.path));
  missing.sort(compare);
  const stale = (previous?.files ?? []).filter((path) => !produced.has(path) && scope(path)).sort(compare);
  const kept = (previous?.files ?? []).filter((path) => !produced.has(path) && !scope(path));
  const manifest: Manifest = { generator: "remitgen", files: [...produced, ...kept].sort(compare) };
  const manifestChanged = JSON.stringify(previous?.files ?? null) !== JSON.stringify(manifest.files);
  return { outDir, changed, missing, unchanged, stale, manifest, manifestChanged };
}

/**
 * Refuses output folders where writing or deleting would hurt: the
 * filesystem root, the home folder, the project itself, or a folder that
 * already holds files remitgen did not write.
 */
export async function assertSafeOutDir(outDir: string, projectDir: string): Promise<void> {
  const target = resolve(outDir);
  const refuse = (why: string): never => {
    throw new UsageError("RG090", `refusing to write to ${outDir}: ${why}`, "pass --out a folder of its own, e.g. --out generated");
  };
  if (target === resolve("/") || /^[A-Za-z]:\\?$/.test(target)) refuse("it is the filesystem root");
  if (target === resolve(homedir())) refuse("it is your home folder");
  if (target === resolve(projectDir) || existsSync(join(target, "package.json")) && !existsSync(join(target, manifestName))) {
    refuse("it is a project folder");
  }
  if (!existsSync(target)) return;
  const info = await stat(target);
  if (!info.isDirectory()) refuse("it is a file");
  const entries = await readdir(target);
  if (entries.length > 0 && !entries.includes(manifestName)) {
    refuse("it already holds files that remitgen did not write");
  }
}

/**
 * Applies a plan: writes changed files to temporary names first, then
 * renames them into place, removes stale files, and writes the manifest
 * last. A failure before the renames leaves the folder as it was.
 */
export async function applyPlan(plan: OutputPlan): Promise<void> {
  const tag = `.remitgen-tmp-${process.pid}-${randomBytes(4).toString("hex")}`;
  const pending: [string, string][] = [];
  try {
    for (const file of plan.changed) {
      const target = join(plan.outDir, file.path);
      await mkdir(dirname(target), { recursive: true });
      const temporary = `${target}${tag}`;
      pending.push([temporary, target]);
      await writeFile(temporary, file.contents, "utf8");
    }
  } catch (error) {
    await Promise.all(pending.map(([temporary]) => rm(temporary, { force: true })));
    throw error;
  }
  for (const [temporary, target] of pending) await rename(temporary, target);
  for (const path of plan.stale) {
    const target = join(plan.outDir, path);
    await rm(target, { force: true });
    await removeEmptyParents(plan.outDir, dirname(target));
  }
  if (plan.manifestChanged || plan.changed.length > 0) {
    const target = join(plan.outDir, manifestName);
    await writeFile(`${target}${tag}`, `${JSON.stringify(plan.manifest, null, 2)}\n`, "utf8");
    await rename(`${target}${tag}`, target);
  }
}

async function readManifest(outDir: string): Promise<Manifest | undefined> {
  const text = await readFile(join(outDir, manifestName), "utf8").catch(() => undefined);
  if (text === undefined) return undefined;
  try {
    const parsed = JSON.parse(text) as Partial<Manifest>;
    if (parsed.generator !== "remitgen" || !Array.isArray(parsed.files)) return undefined;
    // Only paths that stay inside the folder are trusted for deletion.
    const files = parsed.files.filter((path): path is string => typeof path === "string" && isInside(outDir, path));
    return { generator: "remitgen", files };
  } catch {
    return undefined;
  }
}

async function removeEmptyParents(root: string, dir: string): Promise<void> {
  let current = dir;
  while (current !== root && current.startsWith(root + sep)) {
    const entries = await readdir(current).catch(() => ["?"]);
    if (entries.length > 0) return;
    await rmdir(current).catch(() => undefined);
    current = dirname(current);
  }
}

function isInside(root: string, path: string): boolean {
  if (path === "" || isAbsolute(path) || path.includes("\\") || path.split("/").some((part) => part === ".." || part === "." || part === "")) {
    return false;
  }
  const rel = relative(resolve(root), resolve(root, path));
  return rel !== "" && !rel.startsWith("..") && !isAbsolute(rel);
}

/** A renderer bug, never user input, could produce such a path: fail loudly. */
function assertInside(root: string, path: string): void {
  if (!isInside(root, path)) throw new Error(`internal error: output path ${JSON.stringify(path)} leaves the output folder`);
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
