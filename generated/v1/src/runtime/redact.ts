// Copied by remitgen from its runtime (src/runtime/redact.ts). DO NOT EDIT.

/**
 * Header redaction for everything the client hands to hooks or logs.
 *
 * @packageDocumentation
 */

/** What a redacted header value is replaced with. */
export const REDACTED: string = "[REDACTED]";

// Credentials by name; "cookie" also matches "set-cookie", "auth" also
// "authorization" and "x-auth-token", "key" "x-api-key". Not a challenge,
// which names the scheme and realm a server wants (for debugging a 401),
// nor an idempotency key, which is what reconciles a transfer.
const SENSITIVE =
  /^(?!(?:www|proxy)-authenticate|(?:x-)?idempotency-key).*(?:auth|cookie|token|secret|key|passw|sign|cred|session|srf)/i;

/**
 * Whether a header carries credentials, or may: any name containing auth
 * (`authorization`, `proxy-authorization`, `x-auth-token`), cookie
 * (`set-cookie`), token, secret, key (`x-api-key`), passw, sign
 * (`x-signature`), cred, session or srf (`x-csrf-token`); but not the challenges
 * `www-authenticate` and `proxy-authenticate`, nor `idempotency-key`.
 *
 * @param name - Header name, any case.
 */
export function isSensitiveHeader(name: string): boolean {
  return SENSITIVE.test(name);
}

/**
 * Replaces every occurrence of each secret in `text` with {@link REDACTED},
 * for text a server may have echoed credentials into: as written, or with
 * its punctuation escaped as a server may have written it: after a
 * backslash (JSON's `\/`, an HTTP quoted-pair), as a JSON `\u002B`, or
 * percent-encoded in either hex case (`%2B`, `%2b`: a token in a URL or a
 * form). Encoders leave letters and digits as they are. The rest of the
 * text is left as it is.
 *
 * @param text - Text from outside, e.g. a response body.
 * @param secrets - Values to remove; empty strings are ignored.
 */
export function redactText(text: string, secrets: readonly string[]): string {
  for (const secret of secrets) {
    // Every form of a secret is at least as long: a shorter text (most
    // header values) is passed without building the pattern.
    if (secret && text.length >= secret.length) {
      text = text.replace(
        RegExp(
          // In a pattern, "\\" before a character that is not a letter or
          // a digit stands for the character. "i": hex in either case (and
          // the secret's letters: harmless). REDACTED holds no `$` pattern.
          secret.replace(
            /\W/g,
            (char) =>
              `(?:\\\\?\\${char}|(?:\\\\u00|%)${char.charCodeAt(0).toString(16)})`,
          ),
          "gi",
        ),
        REDACTED,
      );
    }
  }
  return text;
}

/**
 * Copies headers into a plain object (lower-case names) with every
 * sensitive value replaced by {@link REDACTED}, and every secret removed
 * from the other values: a server may echo the bearer token in any header
 * (a `www-authenticate` challenge's description, a debugging header).
 *
 * @param headers - A `Headers` object, a record or name/value pairs.
 * @param secrets - Values to remove from the values kept, e.g. the token.
 */
export function redactHeaders(
  headers: HeadersInit,
  secrets: readonly string[],
): Record<string, string> {
  const out: Record<string, string> = {};
  new Headers(headers).forEach((value, name) => {
    out[name] = SENSITIVE.test(name) ? REDACTED : redactText(value, secrets);
  });
  return out;
}
