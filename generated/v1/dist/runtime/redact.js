// Copied by remitgen from its runtime (src/runtime/redact.ts). DO NOT EDIT.

/**
 * Header redaction for everything the client hands to hooks or logs.
 *
 * @packageDocumentation
 */
/** What a redacted header value is replaced with. */
export const REDACTED = "[REDACTED]";
// Credentials by name; "cookie" also matches "set-cookie", "auth" also
// "authorization" and "x-auth-token", "key" "x-api-key". Not a challenge,
// which names the scheme and realm a server wants (for debugging a 401),
// nor an idempotency key, which is what reconciles a write.
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
export function isSensitiveHeader(name) {
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
 * Takes time in proportion to the text's length, times the secret's at
 * worst, whatever the two hold (see {@link matchAt}).
 *
 * @param text - Text from outside, e.g. a response body.
 * @param secrets - Values to remove; empty strings are ignored.
 * @param cutShort - `text` is the start of a longer text (a body read in
 * part), so a secret may begin in its last characters and go on past
 * them: the characters that could be such a beginning are dropped.
 */
export function redactText(text, secrets, cutShort = false) {
  for (const secret of secrets) {
    // Every form of a secret is at least as long: a shorter text (most
    // header values) is passed without a search.
    if (secret && (cutShort || text.length >= secret.length)) {
      text = redactSecret(text, secret, cutShort);
    }
  }
  return text;
}
function redactSecret(text, secret, cutShort) {
  const spellings = spellingsOf(secret);
  const folded = foldCase(text);
  // Where a spelling may start: at a character its first form starts with.
  const firstCharacters = new Set(
    spellings.map((spelling) => spelling[0].map((form) => form[0])).flat(),
  );
  const starts = new RegExp(
    `[${[...firstCharacters].join("").replace(/\W/g, "\\$&")}]`,
    "g",
  );
  // A secret that starts before `kept` ends inside the text: one that
  // starts later may go on past the end of a text cut short.
  let kept = text.length;
  if (cutShort) kept = Math.max(0, kept - longestLength(spellings));
  let redacted = "";
  let copied = 0;
  starts.lastIndex = 0;
  for (let found = starts.exec(folded); found && found.index < kept;) {
    const end = matchAny(folded, found.index, spellings);
    if (end !== undefined) {
      redacted += text.slice(copied, found.index) + REDACTED;
      copied = end;
      kept = Math.max(kept, end);
      starts.lastIndex = end;
    }
    found = starts.exec(folded);
  }
  return redacted + text.slice(copied, kept);
}
/**
 * Characters whose plain form begins their escaped forms: `\` begins `\\`
 * and `\u005c`, `%` begins `%25`. Letting each of them take any form would
 * mean trying every combination over a run of them (a regular expression
 * that did took seconds over 24 backslashes). Encoders write each of them
 * one way throughout a text, so a secret holding them has one spelling per
 * choice of their forms (at most 4 × 4) instead.
 */
const SELF_PREFIXED = ["\\", "%"];
function spellingsOf(secret) {
  // By UTF-16 code unit, as JSON's \u escapes write a character.
  const forms = Array.from({ length: secret.length }, (_, index) =>
    writtenForms(secret.charAt(index)),
  );
  let spellings = [forms];
  for (const char of SELF_PREFIXED) {
    if (!secret.includes(char)) continue;
    spellings = spellings.flatMap((spelling) =>
      writtenForms(char).map((chosen) =>
        spelling.map((charForms) =>
          charForms[0] === char ? [chosen] : charForms,
        ),
      ),
    );
  }
  return spellings;
}
/** The length of the secret's longest spelling. */
function longestLength(spellings) {
  let longest = 0;
  for (const spelling of spellings) {
    let length = 0;
    for (const forms of spelling) {
      length += Math.max(...forms.map((form) => form.length));
    }
    longest = Math.max(longest, length);
  }
  return longest;
}
/**
 * Where the longest spelling found at `position` ends, if one is: a
 * JSON-escaped run of backslashes is one secret, not two written plain.
 */
function matchAny(text, position, spellings) {
  let longest;
  for (const spelling of spellings) {
    const end = matchAt(text, position, spelling);
    if (end !== undefined && (longest === undefined || end > longest)) {
      longest = end;
    }
  }
  return longest;
}
/**
 * Where `spelling` ends if `text` holds it at `position`. A character's
 * forms other than a SELF_PREFIXED one's begin differently (the character
 * itself, `\` and the character, `\u`, `%`), so at most one of them is
 * found at any place: the first found is the one, and a mismatch ends the
 * try without going back over the characters before it. So a try takes
 * time in proportion to the secret's length at most.
 */
function matchAt(text, position, spelling) {
  next: for (const forms of spelling) {
    for (const form of forms) {
      if (text.startsWith(form, position)) {
        position += form.length;
        continue next;
      }
    }
    return undefined;
  }
  return position;
}
/**
 * The ways a server may write one character of a secret, in lower case,
 * the character as it is first: a letter, a digit or `_` only as it is;
 * any other character also after a backslash, as a JSON `\u` escape, and
 * percent-encoded (its UTF-8 bytes; not half a surrogate pair, which has
 * no encoding of its own).
 *
 * @param char - One UTF-16 code unit of the secret.
 */
function writtenForms(char) {
  if (/\w/.test(char)) return [foldCase(char)];
  const code = char.charCodeAt(0);
  const forms = [char, "\\" + char, "\\u" + hex(code, 4)];
  if (code < 0x80) forms.push("%" + hex(code, 2));
  else if (code < 0xd800 || code > 0xdfff) {
    forms.push(foldCase(encodeURIComponent(char)));
  }
  return forms;
}
function hex(code, digits) {
  return code.toString(16).padStart(digits, "0");
}
/**
 * ASCII letters in lower case, so that a secret's letters and the hex
 * digits of its escapes match in either case; other characters stay as
 * they are, so positions in the result are positions in the text.
 */
function foldCase(text) {
  return text.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
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
export function redactHeaders(headers, secrets) {
  const out = {};
  new Headers(headers).forEach((value, name) => {
    out[name] = SENSITIVE.test(name) ? REDACTED : redactText(value, secrets);
  });
  return out;
}
