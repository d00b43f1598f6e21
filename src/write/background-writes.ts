/**
 * Files written on a worker thread, so that the disk's time overlaps the
 * rendering of the next files instead of adding to it. On this machine's
 * virtual disk, creating a 1000-operation output's 2168 files costs the
 * writing thread 0.5–2 s of kernel time when the disk is busy; on the main
 * thread that time added to every run, on a second thread it mostly
 * disappears behind rendering (1000 operations after a large deletion:
 * 3.19–3.66 s written inline, 2.68–2.93 s by the thread, measured here).
 */
import type { WriteReply, WriteRequest } from "./writer-thread.js";

export interface BackgroundWrites {
  /** Queues a write; whether it worked is known once {@link settle}d. */
  write(path: string, data: string | Uint8Array): void;
  /**
   * Waits until every queued write is done (or the thread has died) and
   * returns the writes that failed, in the order queued.
   */
  settle(): Promise<readonly WriteFailure[]>;
  /** Stops the thread (after {@link settle}: queued writes are not waited for). */
  close(): Promise<void>;
}

/** A batch is sent when it holds this many files or bytes. */
const batchFiles = 32;
const batchSize = 1 << 20;

export interface WriteFailure {
  readonly path: string;
  readonly error: Error;
}

/**
 * Starts the writer thread from `threadScript` (the built writer-thread.js).
 * worker_threads is loaded here, not when remitgen starts: most runs
 * (the default spec, an unchanged output) never start a thread.
 */
export async function startBackgroundWrites(
  threadScript: string | URL,
): Promise<BackgroundWrites> {
  const { Worker } = await import("node:worker_threads");
  const worker = new Worker(threadScript);
  const encoder = new TextEncoder();
  // An idle writer must not keep the process alive; settle holds it.
  worker.unref();
  const queued: string[] = [];
  const failures: WriteFailure[] = [];
  let answered = 0;
  let died: Error | undefined;
  let wake: (() => void) | undefined;
  const done = (): boolean => died !== undefined || answered === queued.length;

  // Sent in batches: one message per file cost the main thread about 40 ms
  // at 1000 operations.
  let batch: WriteRequest[] = [];
  let handedOver: ArrayBuffer[] = [];
  let batchBytes = 0;
  const send = (): void => {
    if (batch.length === 0) return;
    if (died === undefined) worker.postMessage(batch, handedOver);
    batch = [];
    handedOver = [];
    batchBytes = 0;
  };

  worker.on("message", (replies: readonly WriteReply[]) => {
    for (const reply of replies) {
      const path = queued[answered++] as string;
      if (reply.error !== undefined) {
        const error: NodeJS.ErrnoException = new Error(reply.error.message);
        if (reply.error.code !== undefined) error.code = reply.error.code;
        // As the main thread's own error would: the file it was writing.
        error.path = path;
        failures.push({ path, error });
      }
    }
    if (done()) wake?.();
  });
  const die = (error: Error): void => {
    died ??= error;
    wake?.();
  };
  worker.on("error", die);
  worker.on("exit", (code) =>
    die(new Error(`the writer thread stopped (exit code ${code})`)),
  );

  return {
    write(path, data) {
      queued.push(path);
      if (died !== undefined) return;
      // Encoded here and handed over, not copied: cloning the text for
      // the thread cost more than the thread saved on a fast disk.
      const bytes =
        typeof data === "string"
          ? utf8Bytes(data, encoder)
          : new Uint8Array(data);
      batch.push({ path, data: bytes });
      handedOver.push(bytes.buffer);
      batchBytes += bytes.length;
      if (batch.length >= batchFiles || batchBytes >= batchSize) send();
    },
    async settle() {
      send();
      if (!done()) {
        worker.ref();
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
        wake = undefined;
        worker.unref();
      }
      if (died === undefined) return [...failures];
      // Whatever the thread did not answer may or may not have been written.
      const unanswered = queued
        .slice(answered)
        .map((path) => ({ path, error: died as Error }));
      return [...failures, ...unanswered];
    },
    async close() {
      if (died === undefined) await worker.terminate();
    },
  };
}

/**
 * The text's UTF-8 bytes in a buffer of their own (it is handed over):
 * sized first, then encoded in place. For a flat string that is 0.36 ms per
 * MB here against 1.24 ms for TextEncoder.encode; in a whole run less is
 * saved (encoding a 1000-operation output took 93 ms instead of 105 ms),
 * since sizing first joins text built of pieces. A lone surrogate becomes
 * U+FFFD either way, as in writeFileSync.
 */
export function utf8Bytes(
  text: string,
  encoder: TextEncoder,
): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(Buffer.byteLength(text, "utf8"));
  encoder.encodeInto(text, bytes);
  return bytes;
}
