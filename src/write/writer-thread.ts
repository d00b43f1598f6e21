/**
 * The body of the writer thread (see background-writes.ts): writes each file
 * it is sent, in the order sent, and answers each with its outcome.
 */
import { writeFileSync } from "node:fs";
import { parentPort } from "node:worker_threads";

/** A file to write, sent to the thread. */
export interface WriteRequest {
  readonly path: string;
  readonly data: Uint8Array;
}

/** The outcome of one {@link WriteRequest}. Requests come in batches, and so do replies. */
export interface WriteReply {
  readonly error?: { readonly message: string; readonly code?: string };
}

const port = parentPort;
port?.on("message", (batch: readonly WriteRequest[]) => {
  port.postMessage(batch.map(write));
});

function write(request: WriteRequest): WriteReply {
  try {
    writeFileSync(request.path, request.data);
    return {};
  } catch (error) {
    const { message, code } = error as NodeJS.ErrnoException;
    return { error: code === undefined ? { message } : { message, code } };
  }
}
