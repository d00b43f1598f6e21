/**
 * An error answer's body goes into the ApiError, so the client reads only
 * its start (MAX_ERROR_BODY_BYTES) and cancels the rest: a server once sent
 * 52 MB, all of which an ApiError kept. The error says when it holds less
 * than the server sent, and the token stays out of what it holds, even
 * where the cut falls inside it.
 */
import { afterEach, describe, expect, it } from "vitest";
import {
  MAX_ERROR_BODY_BYTES,
  MAX_ERROR_BODY_TEXT_LENGTH,
} from "../../src/runtime/defaults.js";
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

const TOKEN = "eyJhbGciOi/Jh+bGc9-bounded-body/xyz";
const provider = { getAccessToken: async () => TOKEN };

it("reads an endless error body only up to the limit, cancels the rest, and says it was cut", async () => {
  let written = 0;
  let closed!: () => void;
  const connectionClosed = new Promise<void>((resolve) => (closed = resolve));
  const server = await startServer((_request, response) => {
    response.writeHead(500, { "content-type": "text/plain" });
    response.on("close", closed);
    const chunk = "x".repeat(16_384);
    // Writes for as long as the client reads, and stops when it hangs up.
    const more = (): void => {
      while (!response.destroyed) {
        written += chunk.length;
        if (!response.write(chunk)) {
          response.once("drain", more);
          return;
        }
      }
    };
    more();
  });
  const error = await rejection(
    client(server, { ...provider, timeoutMs: 20_000 }).call(
      READ,
      {},
      {
        retry: false,
      },
    ),
  );
  expect(error).toBeInstanceOf(ApiError);
  expect(error).toMatchObject({
    status: 500,
    body: "x".repeat(MAX_ERROR_BODY_TEXT_LENGTH),
    bodyTruncated: true,
  });
  // The client hung up: the server was not left writing into the void.
  await connectionClosed;
  expect(written).toBeGreaterThan(MAX_ERROR_BODY_BYTES);
}, 30_000);

describe("an error body", () => {
  const answer = async (
    status: number,
    body: string,
    operation = READ,
  ): Promise<ApiError> => {
    const server = await startServer((_request, response) =>
      response.writeHead(status).end(body),
    );
    const error = await rejection(
      client(server, provider).call(operation, {}, { retry: false }),
    );
    if (error instanceof OutcomeUnknownError) return error.cause as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  };

  it("within the limit is parsed whole and not marked as cut", async () => {
    const detail = "d".repeat(MAX_ERROR_BODY_BYTES - 100);
    const error = await answer(422, JSON.stringify({ detail }));
    expect(error.body).toEqual({ detail });
    expect(error.bodyTruncated).toBe(false);
  });

  it("of exactly the limit is read whole", async () => {
    const text = "t".repeat(MAX_ERROR_BODY_BYTES - 2);
    const error = await answer(400, JSON.stringify(text));
    expect(error.body).toBe(text);
    expect(error.bodyTruncated).toBe(false);
  });

  it("of JSON beyond the limit is kept as the start of its text, marked as cut", async () => {
    const detail = "d".repeat(MAX_ERROR_BODY_BYTES);
    const error = await answer(422, JSON.stringify({ detail }));
    expect(error.body).toBe(
      JSON.stringify({ detail }).slice(0, MAX_ERROR_BODY_TEXT_LENGTH),
    );
    expect(error.bodyTruncated).toBe(true);
  });

  it("of text longer than the text kept is marked as cut, a write's too", async () => {
    const error = await answer(503, "y".repeat(10_000), WRITE);
    expect(error.body).toBe("y".repeat(MAX_ERROR_BODY_TEXT_LENGTH));
    expect(error.bodyTruncated).toBe(true);
  });

  it("of a 2xx the operation cannot use is held to the same limit", async () => {
    // An array where an object is expected: read whole, unusable.
    const items = Array.from({ length: 20_000 }, (_, index) => index);
    const error = await answer(200, JSON.stringify(items));
    expect(error.status).toBe(200);
    expect(error.body).toBe(
      JSON.stringify(items).slice(0, MAX_ERROR_BODY_TEXT_LENGTH),
    );
    expect(error.bodyTruncated).toBe(true);
  });
});

it("keeps no part of a token that the text kept ends inside, in any form", async () => {
  // The kept text is cut after redaction: a token across the cut is gone
  // whole, not cut to a start that leaks.
  for (const escape of [
    (token: string) => token,
    (token: string) => token.replaceAll("/", "\\/"),
    (token: string) => encodeURIComponent(token),
  ]) {
    for (const before of [1, 5, 9]) {
      const server = await startServer((request, response) => {
        const bearer = String(request.headers.authorization).slice(7);
        const padding = "a".repeat(MAX_ERROR_BODY_TEXT_LENGTH - before);
        response.writeHead(400).end(`${padding}${escape(bearer)} and more`);
      });
      const error = await rejection(
        client(server, provider).call(READ, {}, { retry: false }),
      );
      expect(error).toBeInstanceOf(ApiError);
      const body = (error as ApiError).body as string;
      expect(body).toHaveLength(MAX_ERROR_BODY_TEXT_LENGTH);
      expect(body.slice(MAX_ERROR_BODY_TEXT_LENGTH - before)).toBe(
        "[REDACTED]".slice(0, before),
      );
      expect((error as ApiError).bodyTruncated).toBe(true);
    }
  }
});
