/**
 * Reading a file a user named (the spec) without ever
 * opening anything but a regular file for reading. Opening a named pipe
 * that nobody writes waits forever: in the thread pool, deaf to Ctrl-C,
 * or, read synchronously, with the whole process stuck and every signal
 * but SIGKILL ignored. A device could be read without end. So the kind is
 * looked at before the open, and again on the open file, opened without
 * waiting (O_NONBLOCK), in case a pipe took the file's place between the
 * two.
 */
import { constants, type Stats } from "node:fs";
import { open, stat } from "node:fs/promises";

/** Open for reading, never waiting for a writer (no O_NONBLOCK on Windows, which has no FIFOs). */
const readFlags = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);

/**
 * The bytes of a regular file; its size when over `limit`; or, for
 * anything else (a named pipe, socket or device), what it is, in words.
 * A folder fails as opening one would (EISDIR), like a missing file.
 */
export async function readRegularFile(
  path: string,
  limit: number,
): Promise<Buffer | number | string> {
  const named = await stat(path);
  if (named.isDirectory())
    throw Object.assign(new Error("a directory"), { code: "EISDIR" });
  if (!named.isFile()) return kindOfFile(named);
  const handle = await open(path, readFlags);
  try {
    const info = await handle.stat();
    if (!info.isFile()) return kindOfFile(info);
    if (info.size > limit) return info.size;
    // Read to one byte past the limit at most: the file may grow while it
    // is read.
    let buffer = Buffer.alloc(Math.min(info.size, limit) + 1);
    let total = 0;
    for (;;) {
      const { bytesRead } = await handle.read(
        buffer,
        total,
        buffer.length - total,
        total,
      );
      if (bytesRead === 0) return buffer.subarray(0, total);
      total += bytesRead;
      if (total > limit) return total;
      if (total === buffer.length) {
        const grown = Buffer.alloc(Math.min(buffer.length * 2, limit + 1));
        buffer.copy(grown);
        buffer = grown;
      }
    }
  } finally {
    await handle.close();
  }
}

/** What a file that is no regular file or folder is, in words. */
export function kindOfFile(info: Stats): string {
  if (info.isFIFO()) return "a named pipe (FIFO)";
  if (info.isSocket()) return "a socket";
  if (info.isCharacterDevice()) return "a character device";
  if (info.isBlockDevice()) return "a block device";
  return "a special file";
}
