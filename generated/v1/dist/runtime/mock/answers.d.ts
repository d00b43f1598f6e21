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
export declare const DEFAULT_ERROR_STATUSES: Readonly<
  Record<RefusalCode, number>
>;
/**
 * Default error body (a mock convention):
 * `{ "error": { "code", "message", "details"? } }`.
 */
export declare function defaultErrorBody(error: MockError): JsonValue;
/** `body` as JSON; a null body for 204, 205 and 304. Throws when JSON cannot write `body`. */
export declare function jsonResponse(
  status: number,
  body: JsonValue | undefined,
  headers?: Record<string, string>,
): Response;
/** The media type of a Content-Type header, lower case, without parameters. */
export declare function mediaType(header: string | null): string | undefined;
/**
 * Reads a body up to `max` bytes. Returns `undefined` as soon as it is
 * known to be larger (declared Content-Length or bytes read), without
 * reading the rest.
 */
export declare function readLimited(
  request: Request,
  max: number,
): Promise<Uint8Array | undefined>;
export declare function decodeUtf8(bytes: Uint8Array): string | undefined;
/** The message of a `mock_error` answer for `error`; never throws. */
export declare function failureMessage(error: unknown): string;
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
export declare function refusals(
  errorBody: MockConventions["errorBody"],
  statuses: Readonly<Record<RefusalCode, number>>,
): Refuse;
