/**
 * What a spec line may hold of a secret, and its masking: the credentials
 * of an address and the value of a key named like a secret. One module,
 * so the report's excerpt and every diagnostic a check makes mask alike.
 */

/** A source line, the credentials of its addresses, and where its secret keys' values stand. */
export interface Secrets {
  readonly line: string;
  readonly credentials: ReadonlySet<string>;
  readonly values: readonly (readonly [number, number])[];
}

/**
 * Masks what a shown source line may hold of a secret, character for
 * character so the caret stays in its column: the credentials of an
 * address (RG046 points at them, and reports go to CI logs) and the value
 * of a key named like a secret (an unknown key, but still a secret); all
 * of a line that is `continued` (see {@link continuedSecretLines}).
 * Linear in the line's length: a spec line can be megabytes long, and
 * regular expressions that did this took 22 s for a 200 KB line.
 */
export function masked(text: string, continued = false): string {
  const credentialsMasked = maskSpans(text, credentialSpans(text));
  return maskSpans(credentialsMasked, valueSpans(credentialsMasked, continued));
}

/**
 * The lines (0-based) that go on with the value of a secret key standing
 * on an earlier line. YAML puts every line after a key that is indented
 * deeper, or blank, in the key's value: a secret on the next line, a block
 * scalar (`>-`), a quoted value or flow mapping broken over lines, a
 * property named `password` with its `example`. Masking only the key's own
 * line showed them whenever a diagnostic stood there. A line indented with
 * a tab counts as deeper: only a continuation or a mistake has one. Linear
 * in the text's length.
 */
export function continuedSecretLines(
  lines: readonly string[],
): ReadonlySet<number> {
  const continued = new Set<number>();
  // The indentation of the line whose secret key is open, or -1.
  let owner = -1;
  lines.forEach((line, index) => {
    let indent = 0;
    while (line.charAt(indent) === " ") indent++;
    if (
      owner >= 0 &&
      (indent === line.length || line.charAt(indent) === "\t" || indent > owner)
    ) {
      continued.add(index);
    } else {
      // A list item's key stands after its "- ": its value is indented
      // deeper than the key, its next key as deep.
      let key = indent;
      while (/^-[ \t]/.test(line.slice(key, key + 2))) {
        key += 2;
        while (line.charAt(key) === " ") key++;
      }
      owner = opensSecret(line) ? key : -1;
    }
  });
  return continued;
}

/** Whether a line holds a key that names a secret, its value there or below. */
function opensSecret(line: string): boolean {
  if (secretValueSpans(line).length > 0) return true;
  // `clientSecret:`, `- password:` or `{clientSecret:` with nothing after it.
  const text = line.trimEnd();
  if (!text.endsWith(":")) return false;
  let keyStart = text.length - 1;
  while (keyStart > 0 && !flowDelimiter.test(text.charAt(keyStart - 1))) {
    if (text.length - keyStart > maxSecretKeyLength) return false;
    keyStart--;
  }
  return secretKey.test(text.slice(keyStart, -1));
}

/** Where a line's secret values stand: all of it past its indentation when it continues one. */
function valueSpans(text: string, continued: boolean): [number, number][] {
  if (!continued) return secretValueSpans(text);
  const start = text.length - text.trimStart().length;
  return start < text.length ? [[start, text.length]] : [];
}

/** Characters that end an address's `user:password` part. */
const notUserinfo = /[\s/?#\\@"'`]/;
const schemeChar = /[a-z0-9+.-]/i;

/** `text` with each of `spans` (in order, apart) masked character for character. */
function maskSpans(text: string, spans: readonly [number, number][]): string {
  let out = "";
  let copied = 0;
  for (const [from, to] of spans) {
    out += text.slice(copied, from) + "*".repeat(to - from);
    copied = to;
  }
  return out + text.slice(copied);
}

/**
 * Where the user and password of each address stand:
 * `scheme://user:pw@` and `scheme:user:pw@`. Each `@` is looked back from
 * once, and no look back passes an earlier `@`.
 */
function credentialSpans(text: string): [number, number][] {
  const spans: [number, number][] = [];
  for (let at = text.indexOf("@"); at >= 0; at = text.indexOf("@", at + 1)) {
    let start = at;
    while (start > 0 && !notUserinfo.test(text.charAt(start - 1))) start--;
    let from = -1;
    let slashes = start;
    while (slashes > 0 && /[\\/]/.test(text.charAt(slashes - 1))) slashes--;
    if (slashes < start && schemeEndsAt(text, slashes - 1)) from = start;
    else {
      // No slashes: the scheme is the run's own beginning.
      const colon = text.slice(start, at).indexOf(":");
      if (colon > 0 && schemeEndsAt(text, start + colon))
        from = start + colon + 1;
    }
    if (from >= 0 && from < at) spans.push([from, at]);
  }
  return spans;
}

/**
 * Whether `text` holds an address with credentials: a user after the
 * slashes (`https://user@`, `https://user:pw@`), or a user and password
 * after a scheme without them (`scp:user:pw@`). `mailto:ops@bank.example`
 * names an address, not a credential.
 */
export function hasCredentials(text: string): boolean {
  return credentialSpans(text).some(
    ([from, to]) =>
      /[\\/]/.test(text.charAt(from - 1)) || text.slice(from, to).includes(":"),
  );
}

/** Whether `text[colon]` is a ":" ending a URL scheme that starts a word. */
function schemeEndsAt(text: string, colon: number): boolean {
  if (text.charAt(colon) !== ":") return false;
  let first = colon;
  while (first > 0 && schemeChar.test(text.charAt(first - 1))) first--;
  return (
    first < colon &&
    /[a-z]/i.test(text.charAt(first)) &&
    !/\w/.test(text.charAt(first - 1))
  );
}

/** The key of a `key: value` line that names a secret (`clientSecret`, `api_key`, `password`). */
const secretKey =
  /^\s*(?:-\s+)?["']?[\w.-]*(?:secret|passw(?:or)?d|api[-_]?key|private[-_]?key|access[-_]?token|refresh[-_]?token)[\w.-]*["']?[ \t]*$/i;
/** Keys longer than this are no secret's: the key test stays cheap. */
const maxSecretKeyLength = 200;

/**
 * Where the value of each key that names a secret stands: to the line's
 * end after a key that starts the line, to the next `,`, `}` or `]` (a
 * quoted value to its closing quote) after a key in a flow mapping
 * (`auth: {clientSecret: x}`). One pass: a key starts at the line's start
 * or after the last `{`, `,` or `[` before its colon.
 */
function secretValueSpans(text: string): [number, number][] {
  const spans: [number, number][] = [];
  const separator = /:[ \t]+(?=\S)/g;
  let keyStart = 0;
  let scanned = 0;
  for (let found = separator.exec(text); found !== null;) {
    for (; scanned < found.index; scanned++)
      if (flowDelimiter.test(text.charAt(scanned))) keyStart = scanned + 1;
    const from = found.index + found[0].length;
    if (
      found.index - keyStart > maxSecretKeyLength ||
      !secretKey.test(text.slice(keyStart, found.index))
    ) {
      found = separator.exec(text);
      continue;
    }
    const quote = text.charAt(from);
    const end =
      keyStart === 0
        ? text.length
        : quote === '"' || quote === "'"
          ? closingQuote(text, from, quote)
          : flowValueEnd(text, from);
    spans.push([from, end]);
    scanned = separator.lastIndex = end;
    found = separator.exec(text);
  }
  return spans;
}

const flowDelimiter = /[{,[]/;

/** Just after the quote closing the value that opens at `from`, or the line's end. */
function closingQuote(text: string, from: number, quote: string): number {
  const close = text.indexOf(quote, from + 1);
  return close < 0 ? text.length : close + 1;
}

/** Where a plain value in a flow collection ends: its `,`, `}` or `]`, or the line's end. */
function flowValueEnd(text: string, from: number): number {
  let end = from;
  while (end < text.length && !",}]".includes(text.charAt(end))) end++;
  return end;
}

/**
 * What `masked` hides of a line, as a message would quote it: the
 * credentials of its addresses, and where its secret keys' values stand
 * (all of a `continued` line).
 */
export function secretsOf(line: string, continued = false): Secrets {
  return {
    line,
    credentials: new Set(
      credentialSpans(line).map(([from, to]) => line.slice(from, to)),
    ),
    values: valueSpans(line, continued),
  };
}

/**
 * The secret values a diagnostic at `index` of its line may quote: the
 * value its key stands before or that it points into, and the value of a
 * secret key starting the line. Two at most, however many the line holds
 * (a flow mapping can hold a million), so each message costs the same.
 */
function valuesNear(secrets: Secrets, index: number): string[] {
  const { values, line } = secrets;
  const picked = new Set<readonly [number, number]>();
  const near = values[firstEndingAfter(values, index)];
  if (near !== undefined) picked.add(near);
  // A key starting the line: its value runs to the line's end, the last span.
  const last = values[values.length - 1];
  if (last !== undefined && last[1] === line.length) picked.add(last);
  return [...picked].flatMap(([from, to]) =>
    quotedValues(line.slice(from, to)),
  );
}

/**
 * Whether `index` of the line stands in a secret value (a binary search:
 * a line can hold a million values).
 */
export function isSecretAt(secrets: Secrets, index: number): boolean {
  const near = secrets.values[firstEndingAfter(secrets.values, index)];
  return near !== undefined && near[0] <= index;
}

/**
 * The position of the first span ending after `index` (spans are in
 * order; `spans.length` when none does), by binary search: a line can
 * hold a million values.
 */
function firstEndingAfter(
  spans: readonly (readonly [number, number])[],
  index: number,
): number {
  let low = 0;
  let high = spans.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (spans[middle]![1] <= index) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** A value's YAML properties, an anchor (`&s`) and a tag (`!!int`), before it. */
const properties = /^(?:[&!]\S*[ \t]+){1,2}/;

/**
 * A secret value as a message would quote it, and without its properties
 * (`&s 1234` is quoted as `1234`); empty ones left out.
 */
export function quotedValues(raw: string): string[] {
  const value = quotedValue(raw);
  const bare = quotedValue(raw.trim().replace(properties, ""));
  return [value, bare].filter(
    (each, at) => each !== "" && (at === 0 || each !== value),
  );
}

/** A secret value as a message would quote it: without its trailing comment and quotes. */
function quotedValue(raw: string): string {
  let value = raw;
  const comment = value.indexOf(" #");
  if (comment >= 0) value = value.slice(0, comment);
  value = value.trim();
  const first = value.charAt(0);
  if (
    value.length >= 2 &&
    (first === '"' || first === "'") &&
    value.endsWith(first)
  )
    value = value.slice(1, -1);
  return value;
}

/**
 * `text` (a message or hint) with what `masked` hides of its line masked
 * too: the credentials the line's addresses hold, and the secret values
 * near `index`, the diagnostic's column. Linear in the text's length,
 * however many addresses the line holds. Only what the line masks: remitgen's own words
 * ("user:password@") stay. `aliased`: secret values an alias at `index`
 * stands for, written elsewhere (see {@link quotedValues}).
 */
export function maskQuoted(
  text: string,
  secrets: Secrets,
  index: number,
  aliased: readonly string[] = [],
): string {
  let out = "";
  let copied = 0;
  for (const [from, to] of credentialSpans(text)) {
    if (!secrets.credentials.has(text.slice(from, to))) continue;
    out += text.slice(copied, from) + "*".repeat(to - from);
    copied = to;
  }
  out += text.slice(copied);
  for (const value of [...valuesNear(secrets, index), ...aliased]) {
    const stars = "*".repeat(value.length);
    out = out.replaceAll(value, stars);
    // As quote() writes it in a message.
    const quoted = JSON.stringify(value).slice(1, -1);
    if (quoted !== value) out = out.replaceAll(quoted, stars);
  }
  return out;
}
