// Copied by remitgen from its runtime (src/runtime/mock/answers.ts). DO NOT EDIT.

/**
 * The mock's HTTP building blocks: reading a request body within a limit,
 * writing a JSON answer, and the error answers of the mock's conventions
 * (replaceable through `MockOptions.conventions`).
 *
 * @packageDocumentation
 */
import type { JsonValue } from "../json.js";
import type { MockConventions, MockError, MockErrorCode } from "./engine.js";

/** A refusal's code: every {@link MockErrorCode} but the injected fault's. */
export type RefusalCode = Exclude<MockErrorCode, "injected_fault">;

/** Default status for each refusal (a mock convention). */
export const DEFAULT_ERROR_STATUSES: Readonly<Record<RefusalCode, number>> =
  Object.freeze({
    unauthorized: 401,
    invalid_request: 400,
    invalid_parameter: 400,
    rate_limited: 429,
    unsupported_media_type: 415,
    invalid_json: 400,
    validation_failed: 400,
    payload_too_large: 413,
    not_found: 404,
    method_not_allowed: 405,
    mock_error: 500,
  });

/**
 * Default error body (a mock convention):
 * `{ "error": { "code", "message", "details"? } }`.
 */
export function defaultErrorBody(error: MockError): JsonValue {
  const body: { [key: string]: JsonValue } = {
    code: error.code,
    message: error.message,
  };
  if (error.details !== undefined) body["details"] = error.details;
  return { error: body };
}

const NULL_BODY_STATUSES = new Set([204, 205, 304]);

/** `body` as JSON; a null body for 204, 205 and 304. Throws when JSON cannot write `body`. */
export function jsonResponse(
  status: number,
  body: JsonValue | undefined,
  headers: Record<string, string> = {},
): Response {
  const h = new Headers(headers);
  if (NULL_BODY_STATUSES.has(status) || body === undefined) {
    return new Response(null, { status, headers: h });
  }
  h.set("content-type", "application/json");
  return new Response(JSON.stringify(body), { status, headers: h });
}

/** The media type of a Content-Type header, lower case, without parameters. */
export function mediaType(header: string | null): string | undefined {
  if (header === null) return undefined;
  return header.split(";")[0]?.trim().toLowerCase();
}

/**
 * Reads a body up to `max` bytes. Returns `undefined` as soon as it is
 * known to be larger (declared Content-Length or bytes read), without
 * reading the rest.
 */
export async function readLimited(
  request: Request,
  max: number,
): Promise<Uint8Array | undefined> {
  const declared = request.headers.get("content-length");
  if (
    declared !== null &&
    /^\s*\d+\s*$/.test(declared) &&
    Number(declared) > max
  ) {
    await request.body?.cancel().catch(() => undefined);
    return undefined;
  }
  if (request.body === null) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > max) {
      await reader.cancel().catch(() => undefined);
      return undefined;
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

export function decodeUtf8(bytes: Uint8Array): string | undefined {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

/** The message of a `mock_error` answer for `error`; never throws. */
export function failureMessage(error: unknown): string {
  let text: string;
  try {
    text = error instanceof Error ? error.message : String(error);
  } catch {
    text = "unknown error";
  }
  return `Mock failure: ${text}`;
}

/** What a refusal may carry besides its code and message. */
export interface RefusalExtra {
  readonly operation?: string | undefined;
  readonly details?: JsonValue | undefined;
  readonly headers?: Record<string, string> | undefined;
}

/** Builds a refusal's answer by the conventions in force. */
export type Refuse = (
  code: RefusalCode,
  message: string,
  extra?: RefusalExtra,
) => Response;

/**
 * The refusals of one engine, by its conventions. A convention that fails
 * (an `errorBody` that throws or builds what JSON cannot write) gives a
 * `mock_error` with the default body, which cannot fail.
 */
export function refusals(
  errorBody: MockConventions["errorBody"],
  statuses: Readonly<Record<RefusalCode, number>>,
): Refuse {
  return (code, message, extra = {}) => {
    const status = statuses[code];
    const error: MockError = {
      code,
      status,
      message,
      ...(extra.operation !== undefined ? { operation: extra.operation } : {}),
      ...(extra.details !== undefined ? { details: extra.details } : {}),
    };
    try {
      return jsonResponse(status, errorBody(error), extra.headers);
    } catch (failure) {
      const failed = statuses.mock_error;
      return jsonResponse(
        failed,
        defaultErrorBody({
          code: "mock_error",
          status: failed,
          message: failureMessage(failure),
        }),
      );
    }
  };
}
