// Copied by remitgen from its runtime (src/runtime/redact.ts). DO NOT EDIT.

/**
 * Header redaction for everything the client hands to hooks or logs.
 *
 * @packageDocumentation
 */
/** What a redacted header value is replaced with. */
export declare const REDACTED: string;
/**
 * Whether a header carries credentials, or may: any name containing auth
 * (`authorization`, `proxy-authorization`, `x-auth-token`), cookie
 * (`set-cookie`), token, secret, key (`x-api-key`), passw, sign
 * (`x-signature`), cred, session or srf (`x-csrf-token`); but not the challenges
 * `www-authenticate` and `proxy-authenticate`, nor `idempotency-key`.
 *
 * @param name - Header name, any case.
 */
export declare function isSensitiveHeader(name: string): boolean;
/**
 * Replaces every occurrence of each secret in `text` with {@link REDACTED},
 * for text a server may have echoed credentials into: as written, or with
 * its punctuation escaped as a server may have written it: after a
 * backslash (JSON's `\/`, an HTTP quoted-pair), as a JSON `\u002B`, or
 * percent-encoded in either hex case (`%2B`, `%2b`: a token in a URL or a
 * form). Encoders leave letters and digits as they are. The rest of the
 * text is left as it is.
 *
 * Takes time in proportion to the text's length, times the secret's at
 * worst, whatever the two hold (see {@link matchAt}).
 *
 * @param text - Text from outside, e.g. a response body.
 * @param secrets - Values to remove; empty strings are ignored.
 * @param cutShort - `text` is the start of a longer text (a body read in
 * part), so a secret may begin in its last characters and go on past
 * them: the characters that could be such a beginning are dropped.
 */
export declare function redactText(
  text: string,
  secrets: readonly string[],
  cutShort?: boolean,
): string;
/**
 * Copies headers into a plain object (lower-case names) with every
 * sensitive value replaced by {@link REDACTED}, and every secret removed
 * from the other values: a server may echo the bearer token in any header
 * (a `www-authenticate` challenge's description, a debugging header).
 *
 * @param headers - A `Headers` object, a record or name/value pairs.
 * @param secrets - Values to remove from the values kept, e.g. the token.
 */
export declare function redactHeaders(
  headers: HeadersInit,
  secrets: readonly string[],
): Record<string, string>;
