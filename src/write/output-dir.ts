/**
 * Writing generated files: only what changed, atomically, never outside the
 * output folder, never a file remitgen did not write. A manifest in the
 * folder lists what remitgen wrote, so stale files can be removed safely.
 *
 * Writing is all or nothing: every changed file goes to a temporary name
 * first and is renamed into place (a file in a folder this run created
 * goes straight to its name: nothing is there to replace), the manifest
 * last, and if any step fails every step done so far is undone (files
 * restored, new files and folders removed), so a failed run leaves the
 * folder as it was.
 */
import { randomBytes } from "node:crypto";
import * as syncFs from "node:fs";
import * as nodeFs from "node:fs/promises";
import { homedir } from "node:os";
import {
  dirname,
  isAbsolute,
  join,
  posix,
  relative,
  resolve,
  sep,
} from "node:path";
import {
  outputProblems,
  usageProblems,
  type DiagnosticText,
} from "../diagnostics/codes.js";
import {
  systemReason,
  systemReasons,
  tooManyOpenHint,
} from "../diagnostics/system-errors.js";
import { OutputError, UsageError } from "../diagnostics/diagnostic.js";
import type { OutputFile } from "../render/output.js";
import { isRunning, realPathOf } from "./system.js";

export const manifestName = ".remitgen-manifest.json";

export interface Manifest {
  readonly generator: "remitgen";
  /** Posix paths relative to the output folder, sorted. */
  readonly files: readonly string[];
}

export interface OutputPlan {
  /** Absolute output folder. */
  readonly outDir: string;
  /**
   * Files whose content differs from disk (or that do not exist yet). From
   * a writing {@link OutputStage} their text is already staged on disk and
   * `contents` is empty: only the paths are kept.
   */
  readonly changed: readonly OutputFile[];
  /** Of {@link changed}, the files that do not exist yet. */
  readonly missing: readonly string[];
  readonly unchanged: number;
  /**
   * Files remitgen wrote before (listed in the previous manifest) that it no
   * longer produces: they exist, are regular files, and lie inside the
   * folder through real folders only, so they are safe to delete.
   */
  readonly stale: readonly string[];
  /**
   * Listed in the previous manifest, no longer produced, but not safe to
   * delete (a symbolic link or a folder now, or reached through one): left
   * alone and dropped from the manifest.
   */
  readonly skipped: readonly string[];
  /** The manifest to write. */
  readonly manifest: Manifest;
  readonly manifestChanged: boolean;
  /**
   * When new files go into folders a finished run wrote into: the manifest
   * put in place before the first of them is renamed in, listing what the
   * folder holds before and after. A run killed part way then leaves only
   * files the next run knows as remitgen's.
   */
  readonly intent?: Manifest;
}

/** System calls that only read: a folder refused to them is refused to be read. */
const readCalls = new Set(["scandir", "lstat", "stat", "read"]);

/**
 * `error` as the {@link OutputError} a user can act on when the file system
 * refused it (RG098): the file named as generated, never by its temporary
 * name, the reason in words, and how to fix it; any other error unchanged.
 * Lines added to the error's message (what could not be undone) are kept.
 * `checking`: a --check run, which only reads.
 */
export function outputFailure(
  error: unknown,
  outDir: string,
  checking = false,
): unknown {
  const { code, path, syscall } = (error ?? {}) as NodeJS.ErrnoException;
  if (!(error instanceof Error) || !/^E[A-Z0-9]+$/.test(code ?? ""))
    return error;
  // A file elsewhere (remitgen's own templates) is no fault of the folder.
  if (
    typeof path === "string" &&
    path !== outDir &&
    !isAncestor(outDir, path) &&
    !isAncestor(path, outDir)
  )
    return error;
  const [first = "", ...rest] = error.message.split("\n");
  const target =
    typeof path === "string" ? path.replace(temporaryName, "") : outDir;
  const text = refusedText(
    checking || readCalls.has(syscall ?? "") ? "read" : "write",
    target,
    code!,
    // Node's `EIO: i/o error, open '<path>'` without the path named already.
    first.replace(/, \w+ '.*$/, ""),
    typeof path === "string" ? refusedBy(path, syscall) : outDir,
  );
  return new OutputError({
    ...text,
    message: [text.message, ...rest].join("\n"),
  });
}

/**
 * RG098 for what the file system refused: `errno`, the system's code
 * (`EACCES`); `detail`, its message when no words are known for it;
 * `deniedBy`, the folder (or file) that refused a permission, which is
 * not always the output folder: the folder above it when that is made.
 */
export function refusedText(
  verb: "read" | "write",
  target: string,
  errno: string,
  detail: string,
  deniedBy: string,
): DiagnosticText {
  const [reason, hint] = refusals[errno] ?? [
    systemReason(errno, detail),
    "check that {denied} exists and can be read and written, or pass --out another folder, then run again",
  ];
  // A function, so a `$&` in the path is not read as a pattern.
  return outputProblems.refused(
    verb,
    target,
    reason,
    hint.replace("{denied}", () => deniedBy),
  );
}

/** Words for the file system's refusals a user can fix: the reason, and how ({denied}: what refused the permission). */
const permission = [
  systemReasons.EACCES!,
  "make {denied} readable and writable by this user, or pass --out another folder, then run again",
] as const;
const noSpace = "free some space on its disk, then run again";
const tooManyOpen = [systemReasons.EMFILE!, tooManyOpenHint] as const;
const refusals: Readonly<Record<string, readonly [string, string]>> = {
  EIO: [
    systemReasons.EIO!,
    "check the disk or network share holding {denied}, then run again",
  ],
  // Where recursive mkdir made every folder: one removed during the run,
  // or a system folder (/proc, /sys) that takes no new entries.
  ENOENT: [
    "the file system says there is no such file or folder",
    "check that {denied} still exists and takes new files (system folders such as /proc do not), or pass --out another folder, then run again",
  ],
  EBUSY: [
    systemReasons.EBUSY!,
    "close what holds {denied} open (an editor, a file indexer), then run again",
  ],
  EACCES: permission,
  EPERM: permission,
  EROFS: [
    systemReasons.EROFS!,
    "pass --out a folder on a writable file system, then run again",
  ],
  ENOSPC: [systemReasons.ENOSPC!, noSpace],
  EDQUOT: [systemReasons.EDQUOT!, noSpace],
  ENAMETOOLONG: [
    systemReasons.ENAMETOOLONG!,
    "choose a shorter --out path, then run again",
  ],
  ELOOP: [
    systemReasons.ELOOP!,
    "point the symbolic link on the --out path at a folder, or pass --out another folder, then run again",
  ],
  EMFILE: tooManyOpen,
  ENFILE: tooManyOpen,
};

/**
 * What the file system refused when a call on `path` was denied, for the
 * hint to name: a folder it could not list, or a file there is that it
 * could not open, is refused itself; anything else (a file or folder
 * being made, renamed or removed, a path looked up) is its folder's
 * refusal: --out's own for a file in it, the folder above for --out.
 */
function refusedBy(path: string, syscall: string | undefined): string {
  if (syscall === "scandir" || syscall === "opendir") return path;
  if (syscall === "open" && syncFs.existsSync(path)) return path;
  return dirname(path);
}

/**
 * Output compared, and staged, as it is rendered: `add` each batch of files
 * (a set's package), then `finish`. Writing, each changed file goes to a
 * temporary name as soon as it is added, so only one batch of text is held
 * in memory at a time; `finish` renames them all into place, removes stale
 * files and writes the manifest, all or nothing. Checking, nothing is
 * written and the plan keeps the changed files.
 */
export interface OutputStage {
  add(files: readonly OutputFile[]): Promise<void>;
  /** The plan; when writing, also applied (or, on a failure, fully undone). */
  finish(): Promise<OutputPlan>;
  /** Removes what was staged: for a run that stops before finish. */
  discard(): Promise<void>;
  /**
   * Removes what was staged because `error` stops the run; what could not
   * be removed is added to its message, so that a failed clean-up never
   * hides why the run stopped (a Ctrl-C stays a stop). Never throws.
   */
  discardAfter(error: unknown): Promise<void>;
}

export interface StageOptions {
  /** Which previously written files may be called stale. Default all. */
  readonly scope?: (path: string) => boolean;
  /** Stage and apply (true) or only compare (false). */
  readonly write: boolean;
  readonly fs?: WriterFs;
}

export async function openOutputStage(
  outDir: string,
  options: StageOptions,
): Promise<OutputStage> {
  const root = resolve(outDir);
  const scope = options.scope ?? (() => true);
  const fs = options.fs ?? nodeWriterFs;
  const previous = await readManifest(root);
  if (options.write && previous !== undefined) await sweepTemporaries(fs, root);
  const walker = new PathChecker(root);
  // What remitgen wrote before, and the folders it wrote into: there, a
  // file it did not write is someone's. Elsewhere (a folder new since the
  // last finished run) it may be what a killed run wrote straight to its
  // name, half written, and is replaced: the next run completes a killed one.
  const written = new Set(previous?.files);
  const writtenFolders = new Set(
    previous?.files.map((path) => posix.dirname(path)),
  );
  const writing = newWriting(root);
  const produced = new Set<string>();
  const changed: OutputFile[] = [];
  const missing: string[] = [];
  let unchanged = 0;

  // A folder without a manifest gets one, listing nothing yet, before its
  // first file: a run killed part way (SIGKILL, a power cut) then leaves a
  // folder the next run knows as remitgen's and completes, instead of one
  // it must refuse as holding files remitgen did not write.
  let claimed = previous !== undefined || !options.write;
  const claimFolder = async (): Promise<void> => {
    claimed = true;
    if (walker.fileState(manifestName).kind !== "absent") return;
    await ensureFolder(fs, root, writing.journal);
    const target = join(root, manifestName);
    writing.journal.temporaries.add(target);
    await fs.writeFile(
      target,
      manifestText({ generator: "remitgen", files: [] }),
    );
  };

  const add = async (file: OutputFile): Promise<void> => {
    assertInside(root, file.path);
    if (produced.has(file.path))
      throw new Error(
        `internal error: output path ${JSON.stringify(file.path)} is produced twice`,
      );
    produced.add(file.path);
    const state = walker.fileState(file.path);
    if (state.kind === "blocked") {
      throw new OutputError(
        outputProblems.inTheWay(join(root, file.path), state.why),
      );
    }
    // A new file needs no comparison: its text is written as it is.
    let data: Uint8Array | string = file.contents;
    if (state.kind === "absent") missing.push(file.path);
    else {
      data = Buffer.from(file.contents, "utf8");
      if (syncFs.readFileSync(join(root, file.path)).equals(data)) {
        unchanged++;
        return;
      }
      // Someone's own file where a new set or operation now puts one.
      if (
        !written.has(file.path) &&
        writtenFolders.has(posix.dirname(file.path))
      ) {
        throw new OutputError(
          outputProblems.inTheWay(
            join(root, file.path),
            `remitgen did not write it (it is not in ${manifestName})`,
          ),
        );
      }
    }
    if (options.write) {
      if (!claimed) await claimFolder();
      await stageFile(fs, writing, file.path, data);
      // Staged: only the path is kept, not the text.
      changed.push({ path: file.path, contents: "" });
    } else changed.push(file);
  };

  const plan = async (): Promise<OutputPlan> => {
    changed.sort((a, b) => compare(a.path, b.path));
    missing.sort(compare);
    const stale: string[] = [];
    const skipped: string[] = [];
    const kept: string[] = [];
    for (const path of previous?.files ?? []) {
      if (produced.has(path)) continue;
      if (!scope(path)) {
        kept.push(path);
        continue;
      }
      const state = walker.fileState(path);
      if (state.kind === "file") stale.push(path);
      else if (state.kind === "blocked") skipped.push(path);
      // Already gone: nothing to remove, and no longer ours to list.
    }
    stale.sort(compare);
    skipped.sort(compare);
    const manifest: Manifest = {
      generator: "remitgen",
      files: [...produced, ...kept].sort(compare),
    };
    // Byte for byte, so a manifest holding entries that were ignored is rewritten.
    const manifestChanged = previous?.text !== manifestText(manifest);
    const intent = missing.some((path) => !written.has(path))
      ? {
          generator: "remitgen" as const,
          files: [...new Set([...written, ...manifest.files])].sort(compare),
        }
      : undefined;
    return {
      outDir: root,
      changed,
      missing,
      unchanged,
      stale,
      skipped,
      manifest,
      manifestChanged,
      ...(intent !== undefined && previous !== undefined ? { intent } : {}),
    };
  };

  let discarded = false;
  const discard = async (): Promise<void> => {
    if (discarded) return;
    discarded = true;
    const failures = await rollback(fs, writing.journal);
    if (failures.length > 0)
      throw new Error(`could not remove: ${failures.join("; ")}`);
  };

  return {
    add: async (files) => {
      try {
        for (const file of files) await add(file);
      } catch (error) {
        await discardAfter(error, discard);
        throw error;
      }
    },
    discardAfter: (error) => discardAfter(error, discard),
    finish: async () => {
      let result: OutputPlan;
      try {
        result = await plan();
      } catch (error) {
        await discardAfter(error, discard);
        throw error;
      }
      if (options.write) await commitStaged(fs, writing, result);
      return result;
    },
    discard,
  };
}

/** Undoes what was staged when a step failed; what could not be undone is added to the error. */
async function discardAfter(
  error: unknown,
  discard: () => Promise<void>,
): Promise<void> {
  try {
    await discard();
  } catch (failure) {
    if (error instanceof Error)
      error.message += `\n  and could not clean up: ${(failure as Error).message}`;
  }
}

/**
 * Refuses output folders where writing or deleting would hurt: the
 * filesystem root, the home folder, the project itself, or a folder that
 * already holds files remitgen did not write.
 */
export async function assertSafeOutDir(
  outDir: string,
  projectDir: string,
): Promise<void> {
  const target = resolve(outDir);
  await assertSafeOutPath(target, projectDir);
  const refuse = (why: string): never => refuseOutDir(target, why);
  let info;
  try {
    info = await nodeFs.stat(target);
  } catch (error) {
    if (isNotFound(error)) return;
    if ((error as NodeJS.ErrnoException).code === "ENOTDIR")
      refuse("a folder on its path is a file");
    throw error;
  }
  if (!info.isDirectory()) refuse("it is not a folder");
  const entries = await nodeFs.readdir(target);
  if (entries.length === 0) return;
  if (!entries.includes(manifestName)) {
    if (entries.includes("package.json"))
      refuse("it is a project folder (it has a package.json)");
    const shown = entries.sort(compare).slice(0, 3).join(", ");
    refuse(
      `it already holds files that remitgen did not write (${shown}${entries.length > 3 ? ", ..." : ""})`,
    );
  }
  if ((await readManifest(target)) === undefined) {
    refuse(`its ${manifestName} was not written by remitgen`);
  }
}

/**
 * The refusals that depend on the path alone (the filesystem root, the
 * home folder, the project or a folder holding either): checked before a
 * run waits for the folder's lock, as no other run can change them.
 */
export async function assertSafeOutPath(
  outDir: string,
  projectDir: string,
): Promise<void> {
  const target = resolve(outDir);
  const refuse = (why: string): never => refuseOutDir(target, why);
  const real = await realPathOf(target);
  const same = async (other: string): Promise<boolean> =>
    target === resolve(other) || real === (await realPathOf(resolve(other)));
  if (dirname(target) === target || dirname(real) === real)
    refuse("it is the filesystem root");
  if (await same(homedir())) refuse("it is your home folder");
  if (await same(projectDir)) refuse("it is the project folder");
  // An ancestor of the project or of the home folder holds them.
  for (const [inner, name] of [
    [resolve(projectDir), "the project folder"],
    [resolve(homedir()), "your home folder"],
  ] as const) {
    if (isAncestor(target, inner) || isAncestor(real, await realPathOf(inner)))
      refuse(`it contains ${name}`);
  }
}

/** RG090: `target` is no folder to write output into, and `why`. */
function refuseOutDir(target: string, why: string): never {
  throw new UsageError(usageProblems.unsafeOutDir(target, why));
}

/** The file operations a writing stage uses; replaceable to test failures. */
export interface WriterFs {
  /** Creates one folder (its parent exists). */
  mkdir(path: string): Promise<void>;
  /** Writes bytes, or a string as UTF-8. */
  writeFile(path: string, data: Uint8Array | string): Promise<void>;
  /** Rejects with code `ENOENT` when the file does not exist. */
  readFile(path: string): Promise<Uint8Array>;
  rename(from: string, to: string): Promise<void>;
  /** Removes a file; no error when it does not exist. */
  rm(path: string): Promise<void>;
  /** Removes an empty folder. */
  rmdir(path: string): Promise<void>;
}

/**
 * The real file system, through synchronous calls: thousands of small
 * files are written several times faster that way than through the
 * thread pool (146 ms against 423 ms for a 1000-operation spec's 2168
 * files, measured here), and a write has nothing to overlap with.
 */
export const nodeWriterFs: WriterFs = {
  mkdir: async (path) => {
    syncFs.mkdirSync(path);
  },
  writeFile: async (path, data) => {
    syncFs.writeFileSync(path, data);
  },
  readFile: async (path) => syncFs.readFileSync(path),
  rename: async (from, to) => {
    syncFs.renameSync(from, to);
  },
  rm: async (path) => {
    syncFs.rmSync(path, { force: true });
  },
  rmdir: async (path) => {
    syncFs.rmdirSync(path);
  },
};

/** Files staged under temporary names in one output folder, and how to undo it all. */
interface Writing {
  readonly root: string;
  /** Suffix of this run's temporary names. */
  readonly tag: string;
  readonly journal: Journal;
  /** Staged files, in the order staged. */
  readonly staged: { readonly target: string; readonly temporary: string }[];
}

function newWriting(root: string): Writing {
  return {
    root,
    tag: temporaryTag(process.pid, randomBytes(4).toString("hex")),
    journal: {
      createdDirs: [],
      knownDirs: new Set(),
      temporaries: new Set(),
      replaced: [],
      removed: [],
    },
    staged: [],
  };
}

/**
 * Writes one file's new text next to it, under this run's temporary name.
 * In a folder this run created, nothing can be replaced and no one has
 * read anything yet, so the file is written under its own name: a fresh
 * output's thousands of files need no rename. It is undone like a
 * temporary file (removed, and its folder with it), and counts as staged
 * only in that it needs no step at commit.
 */
async function stageFile(
  fs: WriterFs,
  writing: Writing,
  path: string,
  data: Uint8Array | string,
): Promise<void> {
  const target = join(writing.root, path);
  const folder = dirname(target);
  await ensureFolder(fs, folder, writing.journal);
  if (writing.journal.createdDirs.includes(folder)) {
    writing.journal.temporaries.add(target);
    await fs.writeFile(target, data);
    return;
  }
  const temporary = `${target}${writing.tag}`;
  writing.journal.temporaries.add(temporary);
  await fs.writeFile(temporary, data);
  writing.staged.push({ target, temporary });
}

/**
 * Puts staged files in place, removes stale files, and writes the manifest
 * last; if any step fails, every step (staging included) is undone.
 */
async function commitStaged(
  fs: WriterFs,
  writing: Writing,
  plan: OutputPlan,
): Promise<void> {
  const { root, journal } = writing;
  const target = join(root, manifestName);
  const temporary = `${target}${writing.tag}`;
  const putManifest = async (manifest: Manifest): Promise<void> => {
    await ensureFolder(fs, root, journal);
    journal.temporaries.add(temporary);
    await fs.writeFile(temporary, Buffer.from(manifestText(manifest), "utf8"));
    await replace(fs, { target, temporary }, journal);
  };
  try {
    // New files are about to land beside earlier ones: list them first.
    if (plan.intent !== undefined && writing.staged.length > 0)
      await putManifest(plan.intent);
    for (const write of writing.staged) await replace(fs, write, journal);
    for (const path of plan.stale) {
      const target = join(root, path);
      const original = await fs.readFile(target);
      await fs.rm(target);
      journal.removed.push({ target, original });
    }
    // The manifest goes into place after the removals.
    if (plan.manifestChanged) await putManifest(plan.manifest);
  } catch (error) {
    await undo(fs, journal, error);
    throw error;
  }
  // Committed. Tidy the folders that stale files leave empty.
  for (const path of plan.stale)
    await removeEmptyParents(fs, root, dirname(join(root, path)));
}

/** Rolls a journal back after `error`, naming in it what could not be restored. */
async function undo(
  fs: WriterFs,
  journal: Journal,
  error: unknown,
): Promise<void> {
  const failures = await rollback(fs, journal);
  if (failures.length > 0 && error instanceof Error) {
    error.message += `\n  and could not restore: ${failures.join("; ")}`;
  }
}

interface Journal {
  /** Folders this run created, parents first. */
  readonly createdDirs: string[];
  /** Folders known to exist (created or found). */
  readonly knownDirs: Set<string>;
  readonly temporaries: Set<string>;
  /** Targets renamed over, with what they held (`undefined`: did not exist). */
  readonly replaced: {
    readonly target: string;
    readonly original: Uint8Array | undefined;
  }[];
  readonly removed: {
    readonly target: string;
    readonly original: Uint8Array;
  }[];
}

async function replace(
  fs: WriterFs,
  write: { readonly target: string; readonly temporary: string },
  journal: Journal,
): Promise<void> {
  let original: Uint8Array | undefined;
  try {
    original = await fs.readFile(write.target);
  } catch (error) {
    if (!isNotFound(error)) throw error;
  }
  await fs.rename(write.temporary, write.target);
  journal.temporaries.delete(write.temporary);
  journal.replaced.push({ target: write.target, original });
}

/** Creates `dir` and its missing parents, recording each folder created. */
async function ensureFolder(
  fs: WriterFs,
  dir: string,
  journal: Journal,
): Promise<void> {
  const chain: string[] = [];
  for (
    let current = dir;
    !journal.knownDirs.has(current);
    current = dirname(current)
  ) {
    // Synchronous, like the path checker: no thread-pool round trip per folder.
    let exists: boolean;
    try {
      syncFs.lstatSync(current);
      exists = true;
    } catch {
      exists = false;
    }
    if (exists) {
      journal.knownDirs.add(current);
      break;
    }
    chain.push(current);
    if (dirname(current) === current) break;
  }
  for (const folder of chain.reverse()) {
    try {
      await fs.mkdir(folder);
      journal.createdDirs.push(folder);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    journal.knownDirs.add(folder);
  }
}

/** Undoes a journal, newest step first. Returns what could not be undone. */
async function rollback(fs: WriterFs, journal: Journal): Promise<string[]> {
  const failures: string[] = [];
  const attempt = async (
    what: string,
    step: () => Promise<void>,
  ): Promise<void> => {
    try {
      await step();
    } catch (error) {
      // In words: Node's text would name the path a second time.
      failures.push(
        `${what} (${error instanceof Error ? systemReason((error as NodeJS.ErrnoException).code, error.message) : String(error)})`,
      );
    }
  };
  for (const { target, original } of [...journal.removed].reverse()) {
    await attempt(target, () => fs.writeFile(target, original));
  }
  for (const { target, original } of [...journal.replaced].reverse()) {
    await attempt(target, () =>
      original === undefined ? fs.rm(target) : fs.writeFile(target, original),
    );
  }
  for (const temporary of journal.temporaries)
    await attempt(temporary, () => fs.rm(temporary));
  for (const folder of [...journal.createdDirs].reverse())
    await attempt(folder, () => fs.rmdir(folder));
  return failures;
}

/** The suffix of a run's temporary names: `<target>.remitgen-tmp-<pid>-<8 hex>`. */
function temporaryTag(pid: number, hex: string): string {
  return `.remitgen-tmp-${pid}-${hex}`;
}

/** A name {@link temporaryTag} made; the first group is the process id. */
const temporaryName = /\.remitgen-tmp-(\d+)-[0-9a-f]{8}$/;

/**
 * Removes the temporaries a killed run left in the folder (a run that
 * ends, even by failing, removes its own): files with a temporary name
 * whose process is gone, found through real folders only.
 */
async function sweepTemporaries(fs: WriterFs, root: string): Promise<void> {
  const folders = [root];
  for (
    let folder = folders.pop();
    folder !== undefined;
    folder = folders.pop()
  ) {
    const entries = await nodeFs
      .readdir(folder, { withFileTypes: true })
      .catch(() => []);
    for (const entry of entries) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) folders.push(path);
      const pid = temporaryName.exec(entry.name)?.[1];
      if (entry.isFile() && pid !== undefined && !isRunning(Number(pid)))
        await fs.rm(path);
    }
  }
}

function manifestText(manifest: Manifest): string {
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

/** The previous manifest, only its entries that are safe to act on, and its text. */
async function readManifest(
  outDir: string,
): Promise<(Manifest & { readonly text: string }) | undefined> {
  // Through a symbolic link, the "manifest" could be any file: not ours.
  const info = await nodeFs
    .lstat(join(outDir, manifestName))
    .catch(() => undefined);
  if (info === undefined || !info.isFile()) return undefined;
  const text = await nodeFs
    .readFile(join(outDir, manifestName), "utf8")
    .catch(() => undefined);
  if (text === undefined) return undefined;
  try {
    const parsed = JSON.parse(text) as Partial<Manifest>;
    if (
      parsed === null ||
      parsed.generator !== "remitgen" ||
      !Array.isArray(parsed.files)
    )
      return undefined;
    // Only paths that stay inside the folder are trusted for deletion.
    const files = parsed.files.filter(
      (path): path is string =>
        typeof path === "string" &&
        path !== manifestName &&
        isInside(outDir, path),
    );
    return { generator: "remitgen", files: [...new Set(files)], text };
  } catch {
    return undefined;
  }
}

type FileState =
  { readonly kind: "file" } | { readonly kind: "absent" } | Blocked;
type FolderState =
  { readonly kind: "folder" } | { readonly kind: "absent" } | Blocked;
type Blocked = { readonly kind: "blocked"; readonly why: string };

/**
 * Looks at a path below the output folder without following symbolic
 * links: every folder on the way must be a real folder (or not exist yet),
 * and the path itself a regular file (or not exist yet). Synchronous: a
 * run looks at every file it produces, one after the other, and an
 * asynchronous lstat per file left the main thread idle for a round trip
 * through the thread pool each time (0.3-0.4 s of a 1000-operation check).
 */
class PathChecker {
  readonly #folders = new Map<string, FolderState>();
  constructor(readonly root: string) {}

  fileState(path: string): FileState {
    const parts = path.split("/");
    for (let i = 1; i < parts.length; i++) {
      const state = this.#folder(parts.slice(0, i).join("/"));
      if (state.kind !== "folder") return state;
    }
    const full = join(this.root, path);
    const info = syncFs.lstatSync(full, { throwIfNoEntry: false });
    if (info === undefined) return { kind: "absent" };
    if (info.isSymbolicLink())
      return { kind: "blocked", why: `${full} is a symbolic link` };
    if (!info.isFile())
      return { kind: "blocked", why: `${full} is not a regular file` };
    return { kind: "file" };
  }

  #folder(folder: string): FolderState {
    let state = this.#folders.get(folder);
    if (state === undefined) {
      state = folderState(join(this.root, folder));
      this.#folders.set(folder, state);
    }
    return state;
  }
}

function folderState(full: string): FolderState {
  let info: syncFs.Stats | undefined;
  try {
    info = syncFs.lstatSync(full, { throwIfNoEntry: false });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOTDIR") throw error;
  }
  if (info === undefined) return { kind: "absent" };
  if (info.isSymbolicLink())
    return { kind: "blocked", why: `${full} is a symbolic link` };
  return info.isDirectory()
    ? { kind: "folder" }
    : { kind: "blocked", why: `${full} is a file, not a folder` };
}

async function removeEmptyParents(
  fs: WriterFs,
  root: string,
  dir: string,
): Promise<void> {
  let current = dir;
  while (current !== root && current.startsWith(root + sep)) {
    const entries = await nodeFs.readdir(current).catch(() => ["?"]);
    if (entries.length > 0) return;
    await fs.rmdir(current).catch(() => undefined);
    current = dirname(current);
  }
}

function isInside(root: string, path: string): boolean {
  if (
    path === "" ||
    isAbsolute(path) ||
    /^[A-Za-z]:/.test(path) ||
    path.includes("\\") ||
    path.includes("\0") ||
    path.split("/").some((part) => part === ".." || part === "." || part === "")
  ) {
    return false;
  }
  const rel = relative(resolve(root), resolve(root, path));
  return rel !== "" && !rel.startsWith("..") && !isAbsolute(rel);
}

/** A renderer bug, never user input, could produce such a path: fail loudly. */
function assertInside(root: string, path: string): void {
  if (!isInside(root, path))
    throw new Error(
      `internal error: output path ${JSON.stringify(path)} leaves the output folder`,
    );
}

/** Whether `outer` is a strict ancestor of `inner`. */
function isAncestor(outer: string, inner: string): boolean {
  const rel = relative(outer, inner);
  return rel !== "" && !rel.startsWith("..") && !isAbsolute(rel);
}

/** The real path of `path`, or of its nearest existing ancestor joined with the rest. */
function isNotFound(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === "ENOENT";
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
