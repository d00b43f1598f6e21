/**
 * Helpers for the generate, writer and CLI tests: temporary projects (never
 * the repository's generated/), folder snapshots by content hash, spec
 * edits that must match.
 */
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import {
  copyFile,
  lstat,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  readlink,
  rm,
  writeFile,
} from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll } from "vitest";
import type { CliIO } from "../../src/cli/main.js";

export const repoRoot: string = join(
  dirname(fileURLToPath(import.meta.url)),
  "../..",
);
export const repoSpec: string = join(repoRoot, "spec/remittance.yaml");
/** The CLI as it ships: the bundled bin (scripts/build.mjs). */
export const binPath: string = join(repoRoot, "dist/remitgen.mjs");
export const manifestName = ".remitgen-manifest.json";

const made: string[] = [];
afterAll(async () => {
  await Promise.all(
    made.map((dir) => rm(dir, { recursive: true, force: true })),
  );
});

/** A fresh folder under the OS temp folder, removed after the test file. */
export async function tempDir(prefix = "remitgen-test-"): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}

export interface Project {
  /** The project folder (has a package.json, like a real project). */
  readonly root: string;
  /** `root/spec/remittance.yaml`, a copy of the repository's spec. */
  readonly spec: string;
  /** `root/generated` (not created). */
  readonly out: string;
}

/** A temporary project with a copy of the spec. */
export async function makeProject(): Promise<Project> {
  const root = await tempDir("remitgen-project-");
  await mkdir(join(root, "spec"));
  await copyFile(repoSpec, join(root, "spec/remittance.yaml"));
  await writeFile(
    join(root, "package.json"),
    '{ "name": "consumer", "private": true }\n',
  );
  return {
    root,
    spec: join(root, "spec/remittance.yaml"),
    out: join(root, "generated"),
  };
}

/**
 * Every entry below `dir`: files by sha256, folders, symbolic links by
 * target. `undefined` when `dir` does not exist.
 */
export async function snapshot(
  dir: string,
): Promise<Map<string, string> | undefined> {
  if (!existsSync(dir)) return undefined;
  const entries = new Map<string, string>();
  const walk = async (folder: string, prefix: string): Promise<void> => {
    for (const name of (await readdir(folder)).sort()) {
      const path = join(folder, name);
      const key = prefix + name;
      const info = await lstat(path);
      if (info.isSymbolicLink())
        entries.set(key, `link:${await readlink(path)}`);
      else if (info.isDirectory()) {
        entries.set(`${key}/`, "dir");
        await walk(path, `${key}/`);
      } else entries.set(key, `sha256:${sha256(await readFile(path))}`);
    }
  };
  await walk(dir, "");
  return entries;
}

/** Only the files of a snapshot (no folders), as a plain object for readable diffs. */
export function filesOf(
  snap: Map<string, string> | undefined,
): Record<string, string> {
  return Object.fromEntries(
    [...(snap ?? new Map<string, string>())].filter(
      ([, value]) => value !== "dir",
    ),
  );
}

export function sha256(data: Uint8Array | string): string {
  return createHash("sha256").update(data).digest("hex");
}

/** Replaces `from` with `to` in a file; fails the test if `from` is not there exactly once. */
export async function editFile(
  path: string,
  from: string | RegExp,
  to: string,
): Promise<void> {
  const text = await readFile(path, "utf8");
  const count =
    typeof from === "string"
      ? text.split(from).length - 1
      : (text.match(new RegExp(from, "g")) ?? []).length;
  if (count !== 1)
    throw new Error(
      `expected exactly one ${String(from)} in ${path}, found ${count}`,
    );
  await writeFile(path, text.replace(from, to));
}

/** The 1-based line and column where `needle` starts in `text`. */
export function positionOf(
  text: string,
  needle: string,
): { line: number; column: number } {
  const index = text.indexOf(needle);
  if (index < 0) throw new Error(`${needle} not in text`);
  const before = text.slice(0, index).split("\n");
  return { line: before.length, column: (before.at(-1) ?? "").length + 1 };
}

/** A CliIO that records what was printed. */
export function recordingIO(
  cwd: string,
  signal?: AbortSignal,
): CliIO & { stdout: string[]; stderr: string[]; text(): string } {
  const stdout: string[] = [];
  const stderr: string[] = [];
  return {
    out: (text) => stdout.push(text),
    err: (text) => stderr.push(text),
    cwd,
    ...(signal !== undefined ? { signal } : {}),
    stdout,
    stderr,
    text: () => [...stdout, ...stderr].join("\n"),
  };
}

/** Polls `check` until it returns a value other than `undefined`, `null` or `false`, or fails after `timeoutMs`. */
export async function waitFor<T>(
  what: string,
  check: () => T | Promise<T>,
  timeoutMs = 10_000,
): Promise<Exclude<T, false | undefined | null>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== null && value !== false)
      return value as Exclude<T, false | undefined | null>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Waits until a run has written more than 20 entries under `out`: a run stopped then is mid-write. */
export async function someFilesWritten(out: string): Promise<void> {
  await waitFor(
    "some files",
    async () =>
      existsSync(out) && (await readdir(out, { recursive: true })).length > 20,
    20_000,
  );
}
