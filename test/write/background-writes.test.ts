/**
 * The writer thread on its own: it writes what it is sent, reports each
 * failure with its path, and never leaves settle waiting when it dies.
 */
import { existsSync } from "node:fs";
import { mkdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  startBackgroundWrites,
  utf8Bytes,
} from "../../src/write/background-writes.js";
import { repoRoot, tempDir } from "../generate/support.js";

/** The built thread body: the thread runs JavaScript, so tests use dist/ (npm test builds first). */
const threadScript = join(repoRoot, "dist/write/writer-thread.js");

describe("startBackgroundWrites", () => {
  it("writes text and bytes exactly, and settles with no failures", async () => {
    const dir = await tempDir();
    const writes = await startBackgroundWrites(threadScript);
    const texts = Array.from(
      { length: 50 },
      (_, i) => `file ${i}: é ☝ \u2028 ${"x".repeat(i * 100)}\n`,
    );
    texts.forEach((text, i) => writes.write(join(dir, `f${i}.txt`), text));
    const bytes = Buffer.from([0xef, 0xbb, 0xbf, 0x41, 0x0d, 0x0a]);
    writes.write(join(dir, "bytes.bin"), bytes);
    expect(await writes.settle()).toEqual([]);
    await writes.close();
    for (const [i, text] of texts.entries())
      expect(await readFile(join(dir, `f${i}.txt`), "utf8")).toBe(text);
    expect(await readFile(join(dir, "bytes.bin"))).toEqual(bytes);
    // The caller's buffer is copied, not handed over: it is still usable.
    expect(bytes.length).toBe(6);
  });

  it("reports a failed write with its path and code, and goes on with the next", async () => {
    const dir = await tempDir();
    await mkdir(join(dir, "there"));
    const writes = await startBackgroundWrites(threadScript);
    writes.write(join(dir, "there/a.txt"), "a");
    writes.write(join(dir, "missing/b.txt"), "b");
    writes.write(join(dir, "there/c.txt"), "c");
    const failures = await writes.settle();
    await writes.close();
    expect(failures.map((failure) => failure.path)).toEqual([
      join(dir, "missing/b.txt"),
    ]);
    expect((failures[0]?.error as NodeJS.ErrnoException).code).toBe("ENOENT");
    expect(failures[0]?.error.message).toContain("missing/b.txt");
    expect(await readFile(join(dir, "there/c.txt"), "utf8")).toBe("c");
  });

  it("settles (every write failed) when the thread cannot start", async () => {
    const dir = await tempDir();
    const writes = await startBackgroundWrites(join(dir, "no-such-thread.js"));
    writes.write(join(dir, "a.txt"), "a");
    writes.write(join(dir, "b.txt"), "b");
    const failures = await writes.settle();
    await writes.close();
    expect(failures.map((failure) => failure.path)).toEqual([
      join(dir, "a.txt"),
      join(dir, "b.txt"),
    ]);
    expect(existsSync(join(dir, "a.txt"))).toBe(false);
  });

  it("settles at once with nothing queued, and again after more writes", async () => {
    const dir = await tempDir();
    const writes = await startBackgroundWrites(threadScript);
    expect(await writes.settle()).toEqual([]);
    writes.write(join(dir, "later.txt"), "later");
    expect(await writes.settle()).toEqual([]);
    await writes.close();
    expect(await readFile(join(dir, "later.txt"), "utf8")).toBe("later");
  });

  it("encodes text as writeFileSync would: UTF-8, a lone surrogate as U+FFFD", () => {
    const encoder = new TextEncoder();
    for (const text of [
      "",
      "plain ascii\n",
      "名前 é 😀",
      "x\ud800y\udc00",
      "\u2028".repeat(1000),
    ]) {
      expect(Buffer.from(utf8Bytes(text, encoder))).toEqual(
        Buffer.from(text, "utf8"),
      );
      expect(utf8Bytes(text, encoder)).toEqual(encoder.encode(text));
    }
  });
});
