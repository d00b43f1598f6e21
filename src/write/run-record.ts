/**
 * Lets generate skip rendering when the output folder already holds what a
 * run would write. remitgen runs in every build of its users; most builds
 * change neither the spec nor remitgen, and rendering and comparing a
 * large spec's output only to find it unchanged takes seconds.
 *
 * After each full run a record is kept: a fingerprint of everything the
 * output depends on (remitgen's build, its templates, the spec's text and
 * the names it is written under), and each written file's size,
 * modification time and change time. The next run that finds the same
 * fingerprint and every file as recorded has nothing to do. A file edited,
 * removed or touched since, a new spec, or a rebuilt remitgen, and the run
 * is a full one again. The change time is the kernel's: a tool that
 * rewrites a file and puts its modification time back still changes it.
 *
 * The record is kept where tools keep caches, in the node_modules/.cache
 * folder of the project that holds the output folder, never in the output:
 * generated/ is committed and must be byte for byte the same on every
 * machine. Without such a project there is no record and no skipping.
 * Reading or writing the record never fails a run.
 */
import { createHash } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  renameSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { dirname, join } from "node:path";
import { readRegularFileSync } from "../regular-file.js";

export interface RunRecord {
  readonly version: 2;
  readonly fingerprint: string;
  readonly sets: readonly string[];
  readonly operations: number;
  /** Every file the run produced, and the manifest: [path, size, mtimeMs, ctimeMs]. */
  readonly files: readonly (readonly [string, number, number, number])[];
}

/** The facts a fingerprint is made of, each as text. */
export function fingerprint(parts: readonly string[]): string {
  const hash = createHash("sha256");
  // Length-prefixed, so no two lists of parts hash alike.
  for (const part of parts) hash.update(`${part.length}:`).update(part);
  return hash.digest("hex");
}

/**
 * Where the record for `outDir` is kept: the `node_modules/.cache/remitgen`
 * folder of the nearest folder above it holding a package.json, or
 * undefined when there is none.
 */
export function recordFileFor(outDir: string): string | undefined {
  let dir = dirname(outDir);
  for (;;) {
    if (existsSync(join(dir, "package.json"))) {
      const key = createHash("sha256")
        .update(outDir)
        .digest("hex")
        .slice(0, 16);
      return join(dir, "node_modules", ".cache", "remitgen", `${key}.json`);
    }
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

/** The record in `file`, or undefined when there is none or it is not one. */
export function readRecord(file: string): RunRecord | undefined {
  try {
    // A named pipe in its place would hang the run for good, deaf to signals.
    const bytes = readRegularFileSync(file);
    if (bytes === undefined) return undefined;
    const record = JSON.parse(bytes.toString("utf8")) as Partial<RunRecord>;
    const valid =
      record.version === 2 &&
      typeof record.fingerprint === "string" &&
      Array.isArray(record.sets) &&
      typeof record.operations === "number" &&
      Array.isArray(record.files) &&
      record.files.every(
        (entry) =>
          Array.isArray(entry) &&
          typeof entry[0] === "string" &&
          typeof entry[1] === "number" &&
          typeof entry[2] === "number" &&
          typeof entry[3] === "number",
      );
    return valid ? (record as RunRecord) : undefined;
  } catch {
    return undefined;
  }
}

/** Whether every file of the record is in `outDir` as it was written: same size, modification and change times. */
export function filesAsRecorded(record: RunRecord, outDir: string): boolean {
  for (const [path, size, mtimeMs, ctimeMs] of record.files) {
    let info;
    try {
      info = statSync(join(outDir, path));
    } catch {
      return false;
    }
    if (
      !info.isFile() ||
      info.size !== size ||
      info.mtimeMs !== mtimeMs ||
      info.ctimeMs !== ctimeMs
    )
      return false;
  }
  return true;
}

/**
 * Records a run that wrote (or found unchanged) `paths` in `outDir`:
 * their sizes, modification and change times as they are now. Best effort: a
 * record that cannot be written only means the next run is a full one.
 */
export function writeRecord(
  file: string,
  outDir: string,
  run: Pick<RunRecord, "fingerprint" | "sets" | "operations">,
  paths: readonly string[],
): void {
  try {
    const files = paths.map((path): [string, number, number, number] => {
      const info = statSync(join(outDir, path));
      return [path, info.size, info.mtimeMs, info.ctimeMs];
    });
    const record: RunRecord = { version: 2, ...run, files };
    mkdirSync(dirname(file), { recursive: true });
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, JSON.stringify(record));
    renameSync(temporary, file);
  } catch {
    // No record: the next run renders and compares everything, as without one.
  }
}
