/**
 * The run record: where it is kept, what it accepts, and that it sees any
 * change to a recorded file.
 */
import { execFileSync } from "node:child_process";
import { mkdir, readFile, rm, stat, utimes, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  filesAsRecorded,
  fingerprint,
  readRecord,
  recordFileFor,
  writeRecord,
} from "../../src/write/run-record.js";
import { tempDir } from "../generate/support.js";

async function outputWithFiles(): Promise<{
  root: string;
  out: string;
  file: string;
}> {
  const root = await tempDir("remitgen-record-");
  await writeFile(join(root, "package.json"), "{}\n");
  const out = join(root, "generated");
  await mkdir(join(out, "a"), { recursive: true });
  await writeFile(join(out, "a/one.ts"), "export const one = 1;\n");
  await writeFile(join(out, "two.md"), "# Two\n");
  return { root, out, file: recordFileFor(out)! };
}

describe("fingerprint", () => {
  it("tells apart lists that join to the same text", () => {
    expect(fingerprint(["ab", "c"])).not.toBe(fingerprint(["a", "bc"]));
    expect(fingerprint(["a", ""])).not.toBe(fingerprint(["a"]));
    expect(fingerprint(["x", "y"])).toBe(fingerprint(["x", "y"]));
  });
});

describe("recordFileFor", () => {
  it("keeps the record in the cache folder of the nearest project, keyed by the output folder", async () => {
    const { root, out, file } = await outputWithFiles();
    expect(file.startsWith(join(root, "node_modules/.cache/remitgen/"))).toBe(
      true,
    );
    expect(recordFileFor(join(root, "other"))).not.toBe(file);
    expect(
      recordFileFor(join(root, "deep/er/generated"))!.startsWith(
        join(root, "node_modules/.cache/remitgen/"),
      ),
    ).toBe(true);
    expect(file.startsWith(out)).toBe(false);
  });

  it("gives none without a project above the output folder", () => {
    expect(
      recordFileFor("/remitgen-no-project-here/generated"),
    ).toBeUndefined();
  });
});

describe("writeRecord, readRecord and filesAsRecorded", () => {
  const run = { fingerprint: "f", sets: ["v1"], operations: 3 };

  it("records the files as they are, and finds them so until one changes", async () => {
    const { out, file } = await outputWithFiles();
    writeRecord(file, out, run, ["a/one.ts", "two.md"]);
    const record = readRecord(file)!;
    expect(record).toMatchObject({ version: 2, ...run });
    expect(record.files.map(([path]) => path)).toEqual(["a/one.ts", "two.md"]);
    expect(filesAsRecorded(record, out)).toBe(true);

    // Same size, new text: the modification time tells.
    await writeFile(join(out, "two.md"), "# Tw0\n");
    expect(filesAsRecorded(record, out)).toBe(false);
  });

  it("sees a file whose size changed though its time was put back", async () => {
    const { out, file } = await outputWithFiles();
    writeRecord(file, out, run, ["a/one.ts", "two.md"]);
    const record = readRecord(file)!;
    const [, , mtimeMs] = record.files[1]!;
    await writeFile(join(out, "two.md"), "# Two, longer\n");
    await utimes(join(out, "two.md"), mtimeMs / 1000, mtimeMs / 1000);
    expect(filesAsRecorded(record, out)).toBe(false);
  });

  it("sees a file rewritten with the same size and its time put back", async () => {
    const { out, file } = await outputWithFiles();
    writeRecord(file, out, run, ["a/one.ts", "two.md"]);
    const record = readRecord(file)!;
    const target = join(out, "two.md");
    const reference = join(out, "reference");
    // touch -r copies the time to the nanosecond (utimes from here rounds it).
    execFileSync("touch", ["-r", target, reference]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    await writeFile(target, "# Tw0\n");
    execFileSync("touch", ["-r", reference, target]);
    const [, size, mtimeMs] = record.files[1]!;
    const now = await stat(target);
    expect([now.size, now.mtimeMs]).toEqual([size, mtimeMs]);
    // The change time moved with the write, and no tool can set it back.
    expect(filesAsRecorded(record, out)).toBe(false);
  });

  it("sees a file removed, or replaced by a folder", async () => {
    const { out, file } = await outputWithFiles();
    writeRecord(file, out, run, ["a/one.ts", "two.md"]);
    const record = readRecord(file)!;
    await rm(join(out, "a/one.ts"));
    expect(filesAsRecorded(record, out)).toBe(false);
    await mkdir(join(out, "a/one.ts"));
    expect(filesAsRecorded(record, out)).toBe(false);
  });

  it("reads nothing from a missing, broken or foreign record", async () => {
    const { out, file } = await outputWithFiles();
    expect(readRecord(file)).toBeUndefined();
    writeRecord(file, out, run, ["two.md"]);
    const text = await readFile(file, "utf8");
    await writeFile(file, text.slice(0, 10));
    expect(readRecord(file)).toBeUndefined();
    // A record of another version (version 1 had no change times) is not one.
    await writeFile(file, JSON.stringify({ ...JSON.parse(text), version: 1 }));
    expect(readRecord(file)).toBeUndefined();
    await writeFile(
      file,
      JSON.stringify({ ...JSON.parse(text), files: [["two.md", "6", 1, 1]] }),
    );
    expect(readRecord(file)).toBeUndefined();
  });

  it("never throws: a file that cannot be recorded leaves no record", async () => {
    const { out, file } = await outputWithFiles();
    expect(() => writeRecord(file, out, run, ["missing.ts"])).not.toThrow();
    expect(readRecord(file)).toBeUndefined();
    const blocked = join(out, "two.md", "record.json");
    expect(() => writeRecord(blocked, out, run, ["two.md"])).not.toThrow();
  });
});
