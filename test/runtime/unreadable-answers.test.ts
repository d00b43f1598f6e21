// An answer the client cannot read (nested too deep for a parse with a
// reviver, a string too long for a backtracking regular expression) must
// still be classified: for a write that reached the bank, an unknown outcome,
// never a RangeError a caller might take for "not sent" and resend on.
import { afterEach, describe, expect, it } from "vitest";
import { ApiError, OutcomeUnknownError } from "../../src/runtime/errors.js";
import {
  READ,
  WRITE,
  client,
  closeAll,
  exposure,
  rejection,
  startServer,
} from "./helpers/server.js";

afterEach(closeAll);
const TOKEN = "tok-unreadable/+review";

/** A server answering every operation `status` with `text`, echoing nothing else. */
async function answering(status: number, text: string) {
  return startServer((_req, res) => res.writeHead(status).end(text));
}

// 20000 levels: JSON.parse reads it, but a reviver walks it recursively
// and overflows the stack. The exponent makes the client look for inexact numbers.
const DEEP = `{"id":${"[".repeat(20_000)}1e5${"]".repeat(20_000)}}`;
// A 12-million-character string: a regular expression finding JSON strings
// (to redact an escaped token) would overflow its backtracking stack.
const LONG = `{"trace":"${"a".repeat(12_000_000)}","echo":"TOKEN"}`;

describe.each([
  ["a 2xx nested too deep", 200, DEEP],
  ["a 5xx nested too deep", 500, DEEP],
  ["a 5xx holding a very long string", 502, LONG],
])("a write answered with %s", (_name, status, text) => {
  it("has an unknown outcome, sent once", async () => {
    const server = await answering(status, text);
    const transport = client(server, { getAccessToken: async () => TOKEN });
    const error = await rejection(transport.call(WRITE, { amount: 1 }));
    expect(error).toBeInstanceOf(OutcomeUnknownError);
    expect((error as Error).cause).toBeInstanceOf(ApiError);
    expect((error as Error).cause).toMatchObject({ status });
    expect(server.count(WRITE.path)).toBe(1);
  }, 20_000);
});

describe.each([
  ["a 2xx nested too deep", 200, DEEP],
  ["a 4xx holding a very long string", 400, LONG],
])("a read answered with %s", (_name, status, text) => {
  it("fails with ApiError, nothing of the body unredacted", async () => {
    const server = await answering(status, text.replace("TOKEN", TOKEN));
    const transport = client(server, { getAccessToken: async () => TOKEN });
    const error = await rejection(transport.call(READ, {}, { retry: false }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status });
    expect(exposure((error as ApiError).body)).not.toContain(TOKEN);
  }, 20_000);
});
