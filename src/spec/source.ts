import {
  isAlias,
  isCollection,
  isMap,
  isPair,
  isScalar,
  isSeq,
  LineCounter,
  parseDocument,
  visit,
  type Document,
  type Node,
  type ScalarTag,
  type Tags,
  type YAMLError,
} from "yaml";
import { diagnostics, type DiagnosticText } from "../diagnostics/codes.js";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import {
  continuedSecretLines,
  isSecretAt,
  maskQuoted,
  quotedValues,
  secretsOf,
  type Secrets,
} from "../diagnostics/secrets.js";

/** Specs larger than this are refused before parsing, to bound memory. */
export const maxSpecBytes: number = 10 * 1024 * 1024;
/** Deeper nesting is refused: no hand-written spec needs it, and it bounds recursion. */
export const maxSpecDepth: number = 64;
/** Nodes the spec may hold once aliases are expanded: bounds "billion laughs" specs. */
export const maxSpecNodes: number = 100_000;

/**
 * `!!float` on a whole number (`!!float 1`): YAML 1.2's core schema reads
 * it as the number (its float pattern admits integers), but `yaml`'s float
 * tags do not match one, so it was refused as a value that does not fit
 * its tag. Only ever chosen by an explicit tag: a plain `1` meets the core
 * schema's int first.
 */
const wholeFloat: ScalarTag = {
  tag: "tag:yaml.org,2002:float",
  default: true,
  test: /^[-+]?[0-9]+$/,
  resolve: (text) => Number(text),
};

/** How `yaml` parses specs. */
const yamlOptions = {
  prettyErrors: false,
  // Duplicate keys are reported by the checker, with what they duplicate.
  uniqueKeys: false,
  // `!!binary`, `!!timestamp`, `!!set`... stay unresolved, and so are
  // reported (see unreadFeatures): resolved, they made Buffers and Dates,
  // and a Date example was printed in the machine's time zone.
  resolveKnownTags: false,
  customTags: (tags: Tags): Tags => [...tags, wholeFloat],
} as const;

/** A parsed spec file: its text, YAML document, and a way to turn offsets into positions. */
export interface SpecSource {
  readonly file: string;
  readonly text: string;
  readonly document: Document.Parsed;
  /** Builds a diagnostic at a character range of the text. */
  readonly at: (
    range: readonly [number, number] | undefined,
    text: DiagnosticText,
  ) => Diagnostic;
  /** 1-based line and column of a character offset. */
  readonly positionOf: (offset: number) => {
    readonly line: number;
    readonly column: number;
  };
}

export type ParseResult =
  | {
      readonly ok: true;
      readonly source: SpecSource;
      readonly diagnostics: readonly Diagnostic[];
    }
  | { readonly ok: false; readonly diagnostics: readonly Diagnostic[] };

/** Parses spec text into a YAML document, keeping source positions. Pure. */
export function parseSpecText(text: string, file: string): ParseResult {
  const bytes = Buffer.byteLength(text, "utf8");
  if (bytes > maxSpecBytes) {
    return {
      ok: false,
      diagnostics: [
        diagnosticAt(file, 1, 1, 1, diagnostics.tooLarge(bytes, maxSpecBytes)),
      ],
    };
  }
  const lineCounter = new LineCounter();
  // A message or hint may quote the line's secrets (a password in an
  // address, a secret key's value): masked here, where every spec
  // diagnostic is made, as the report's excerpt masks them, so that a
  // caller logging the diagnostics prints no secret. Each line is looked
  // at once: a long line can hold many diagnostics.
  const lineSecrets = new Map<number, Secrets>();
  // Lines going on with a secret key's value, found at the first diagnostic.
  let continued: ReadonlySet<number> | undefined;
  const secretsAt = (line: number): Secrets => {
    let secrets = lineSecrets.get(line);
    if (secrets === undefined) {
      const from = lineCounter.lineStarts[line - 1] ?? 0;
      const end = text.indexOf("\n", from);
      const shown = text.slice(from, end === -1 ? text.length : end);
      continued ??= continuedSecretLines(text.split(/\r?\n/));
      secrets = secretsOf(
        shown.endsWith("\r") ? shown.slice(0, -1) : shown,
        continued.has(line - 1),
      );
      lineSecrets.set(line, secrets);
    }
    return secrets;
  };
  // An alias's message may quote its anchor's value, which stands on
  // another line: masked too when the alias or the anchored value stands
  // where a secret does (`password: *a`, `clientSecret: &a 1234`).
  let anchors: Map<string, Node[]> | undefined;
  const aliasedSecrets = (start: number): string[] => {
    const name = /^\*([^\s,[\]{}]+)/.exec(text.slice(start, start + 1025));
    if (name === null) return [];
    if (anchors === undefined) {
      const found = new Map<string, Node[]>();
      visit(document, (_key, node) => {
        // A document with errors holds null nodes.
        const anchor = (node as { anchor?: string } | null)?.anchor;
        if (!anchor) return;
        const list = found.get(anchor);
        if (list) list.push(node as Node);
        else found.set(anchor, [node as Node]);
      });
      anchors = found;
    }
    // An alias names the last anchor of its name before it. A binary
    // search (anchors are in the text's order): a name can be anchored
    // thousands of times, each with an alias in error after it.
    const list = anchors.get(name[1]!) ?? [];
    let low = 0;
    let high = list.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((list[middle]!.range?.[0] ?? start) < start) low = middle + 1;
      else high = middle;
    }
    const node = list[low - 1];
    const range = isScalar(node) ? node.range : undefined;
    if (!range) return [];
    const secret = [start, range[0]].some((offset) => {
      const { line, col } = lineCounter.linePos(offset);
      return isSecretAt(secretsAt(line), col - 1);
    });
    return secret ? quotedValues(text.slice(range[0], range[1])) : [];
  };
  const masks = (start: number, message: DiagnosticText): DiagnosticText => {
    const { line, col } = lineCounter.linePos(start);
    const secrets = secretsAt(line);
    const aliased = aliasedSecrets(start);
    return {
      code: message.code,
      message: maskQuoted(message.message, secrets, col - 1, aliased),
      hint: maskQuoted(message.hint, secrets, col - 1, aliased),
    };
  };
  const at = (
    range: readonly [number, number] | undefined,
    message: DiagnosticText,
  ): Diagnostic => {
    const start = range?.[0] ?? 0;
    const end = range?.[1] ?? start + 1;
    const { line, col } = lineCounter.linePos(start);
    // Up to the range's end or the line's, looked for no further than the
    // range: a search to the line's end cost a whole long line for each of
    // its many diagnostics (quadratic).
    const stop = Math.min(end, text.length);
    let lineEnd = start;
    while (lineEnd < stop && text.charCodeAt(lineEnd) !== 0x0a) lineEnd++;
    const length = Math.max(1, lineEnd - start);
    return diagnosticAt(file, line, col, length, masks(start, message));
  };
  let document: Document.Parsed;
  try {
    document = parsedYaml(text, { lineCounter, ...yamlOptions });
  } catch (error) {
    // The YAML composer recurses; absurd nesting ends in a RangeError.
    if (error instanceof RangeError) {
      return {
        ok: false,
        diagnostics: [
          diagnosticAt(file, 1, 1, 1, diagnostics.tooDeep(maxSpecDepth)),
        ],
      };
    }
    throw error;
  }
  const positionOf = (offset: number): { line: number; column: number } => {
    const { line, col } = lineCounter.linePos(offset);
    return { line, column: col };
  };
  const source: SpecSource = {
    file,
    text,
    document,
    at,
    positionOf,
  };
  if (document.errors.length > 0)
    return { ok: false, diagnostics: yamlErrors(document, text, at) };
  const problems = [
    ...unreadFeatures(document, text, at),
    ...checkAliases(document, at),
  ];
  if (problems.length > 0) return { ok: false, diagnostics: problems };
  return { ok: true, source, diagnostics: [] };
}

/**
 * `parseDocument`, with `process.env` a plain copy while it runs. yaml 2's
 * parser reads `process.env.LOG_TOKENS` once per token, and each read of
 * the real `process.env` asks the system's environment: 815,000 reads,
 * about 0.25 s, for the bench's 1000-operation spec (yaml 3 reads it once).
 * The parse is synchronous, so no other code sees the copy, and the real
 * object is put back however the parse ends.
 */
function parsedYaml(
  text: string,
  options: Parameters<typeof parseDocument>[1],
): Document.Parsed {
  const environment = process.env;
  process.env = { ...environment };
  try {
    return parseDocument(text, options);
  } finally {
    process.env = environment;
  }
}

/** The core schema's tags, which mean what a plain value means. */
const coreTag =
  /^Unresolved tag: tag:yaml\.org,2002:(?:str|int|float|bool|null|seq|map)$/;

/**
 * YAML a spec may not use, though it parses: a `%YAML 1.1` directive (it
 * makes `yes` a boolean and 2023-04-10 a date), and tags other than the
 * core schema's, which `yaml` only warns of and reads as plain values.
 */
function unreadFeatures(
  document: Document.Parsed,
  text: string,
  at: SpecSource["at"],
): Diagnostic[] {
  const found: Diagnostic[] = [];
  const { version, explicit } = document.directives.yaml;
  if (explicit && version !== "1.2") {
    // Directives stand before the document, each at the start of its line.
    const start = Math.max(0, text.search(/^%YAML[ \t]/m));
    const end = text.indexOf("\n", start);
    found.push(
      at(
        [start, end === -1 ? text.length : end],
        diagnostics.yamlVersion(version),
      ),
    );
  }
  for (const warning of document.warnings) {
    if (warning.code !== "TAG_RESOLVE_FAILED") continue;
    const written = text.slice(warning.pos[0], warning.pos[1]);
    found.push(
      at(
        warning.pos,
        diagnostics.unsupportedTag(written, coreTag.test(warning.message)),
      ),
    );
  }
  return found;
}

/**
 * The parser's errors, trimmed to the ones that are not consequences of an
 * earlier one: every tab used as indentation (each is its own fault), else
 * the first error only, since later ones usually follow from it.
 */
function yamlErrors(
  document: Document.Parsed,
  text: string,
  at: SpecSource["at"],
): Diagnostic[] {
  const errors = [...document.errors].sort((a, b) => a.pos[0] - b.pos[0]);
  // The parser recurses; absurd nesting ends in a stack overflow it reports as an error.
  const overflow = errors.find((error) => /call stack/i.test(error.message));
  if (overflow !== undefined)
    return [
      at(
        firstTooDeepBracket(text) ?? firstTooDeepBlock(text) ?? overflow.pos,
        diagnostics.tooDeep(maxSpecDepth),
      ),
    ];
  const tabs = errors.filter((error) => error.code === "TAB_AS_INDENT");
  const chosen = tabs.length > 0 ? tabs : errors.slice(0, 1);
  return chosen.map((error) =>
    at(
      errorRange(document, text, error),
      diagnostics.yamlSyntax(detailOf(error), hintKey(error)),
    ),
  );
}

/** Which hint of `yamlSyntax` fits: the parser's code, or a finer one of ours. */
function hintKey(error: YAMLError): string {
  const closing = unclosedFlow(error);
  if (closing !== undefined)
    return closing === "]" ? "UNCLOSED_LIST" : "UNCLOSED_MAP";
  if (error.code === "MISSING_CHAR" && /quote/i.test(error.message))
    return "UNCLOSED_QUOTE";
  // A directive (`%YAML 1.2`) not followed by `---`: no character is missing.
  if (error.code === "MISSING_CHAR" && /directives-end/.test(error.message))
    return "MISSING_DOCUMENT_START";
  return error.code;
}

/** `[` or `{` never closed: the parser words it as an indentation problem. */
function unclosedFlow(error: YAMLError): "]" | "}" | undefined {
  const match = /end with an? ([\]}])/.exec(error.message);
  return match ? (match[1] as "]" | "}") : undefined;
}

/**
 * An unclosed quote or bracket is reported where it opens, not where the
 * parser gave up; a badly indented line at its first character, not its indentation.
 */
function errorRange(
  document: Document.Parsed,
  text: string,
  error: YAMLError,
): readonly [number, number] {
  const closing = unclosedFlow(error);
  if (closing !== undefined) {
    const opening = closing === "]" ? "[" : "{";
    let best: readonly [number, number, number] | undefined;
    visit(document, {
      Collection(_key, node) {
        const range = node.range;
        if (!node.flow || !range || range[1] > error.pos[0]) return;
        if (text[range[0]] !== opening) return;
        if (
          best === undefined ||
          range[1] > best[2] ||
          (range[1] === best[2] && range[0] < best[0])
        ) {
          best = [range[0], range[0] + 1, range[1]];
        }
      },
    });
    if (best !== undefined) return [best[0], best[1]];
  }
  if (error.code === "BAD_INDENT") {
    let start = error.pos[0];
    while (text[start] === " ") start++;
    if (start < text.length && text[start] !== "\n") return [start, start + 1];
  }
  if (error.code === "MISSING_CHAR" && /quote/i.test(error.message)) {
    let opening: readonly [number, number] | undefined;
    visit(document, {
      Scalar(_key, node) {
        const range = node.range;
        if (
          range &&
          (node.type === "QUOTE_DOUBLE" || node.type === "QUOTE_SINGLE") &&
          range[1] >= error.pos[0]
        ) {
          opening = [range[0], range[0] + 1];
          return visit.BREAK;
        }
        return undefined;
      },
    });
    if (opening !== undefined) return opening;
  }
  return error.pos;
}

function detailOf(error: YAMLError): string {
  if (error.code === "TAB_AS_INDENT") return "a tab is used for indentation";
  if (error.code === "MULTIPLE_DOCS")
    return "the file holds more than one YAML document";
  const detail = firstLine(error.message);
  if (error.code === "MISSING_CHAR" && /quote/i.test(error.message))
    return "this quoted value is never closed";
  const closing = unclosedFlow(error);
  if (closing !== undefined)
    return `this ${closing === "]" ? "list" : "mapping"} is never closed with ${closing}`;
  return detail;
}

/**
 * Aliases that name no anchor, that contain themselves, or that expand the
 * spec past the node limit: the readers follow aliases, so these are refused.
 */
function checkAliases(
  document: Document.Parsed,
  at: SpecSource["at"],
): Diagnostic[] {
  const found: Diagnostic[] = [];
  let hasAlias = false;
  visit(document, {
    Alias(_key, node) {
      hasAlias = true;
      if (node.resolve(document) === undefined) {
        found.push(at(rangeOf(node), diagnostics.unknownAlias(node.source)));
      }
    },
  });
  if (found.length > 0 || !hasAlias) return found;
  // Count nodes with aliases expanded, without recursion; a self-containing
  // alias nests without end and is caught by the depth limit. Each entry
  // keeps the first alias on its path, where a problem is reported.
  const resolved = new Map<unknown, unknown>();
  const resolve = (node: unknown): unknown => {
    if (!isAlias(node)) return node;
    if (!resolved.has(node)) resolved.set(node, node.resolve(document));
    return resolved.get(node);
  };
  const stack: [unknown, number, unknown][] = [
    [document.contents, 0, undefined],
  ];
  let count = 0;
  while (stack.length > 0) {
    const [given, depth, via] = stack.pop()!;
    const through = via ?? (isAlias(given) ? given : undefined);
    const node = resolve(given);
    if (++count > maxSpecNodes)
      return [
        at(rangeOf(through ?? given), diagnostics.aliasExpansion(maxSpecNodes)),
      ];
    if (depth > maxSpecDepth)
      return [at(rangeOf(through ?? given), diagnostics.tooDeep(maxSpecDepth))];
    if (isCollection(node)) {
      for (const item of node.items)
        stack.push([isPair(item) ? item.value : item, depth + 1, through]);
    }
  }
  return found;
}

/**
 * Where flow brackets first nest deeper than the limit, found by a rough
 * scan (quotes and comments skipped): the parser's own stack overflow
 * happens much deeper, at a place that means nothing to the user.
 */
function firstTooDeepBracket(
  text: string,
): readonly [number, number] | undefined {
  let depth = 0;
  let quote: string | undefined;
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (quote !== undefined) {
      if (char === "\\" && quote === '"') index++;
      else if (char === quote) quote = undefined;
    } else if (char === '"' || char === "'") quote = char;
    else if (
      char === "#" &&
      (index === 0 || /\s/.test(text[index - 1] ?? ""))
    ) {
      const end = text.indexOf("\n", index);
      index = end === -1 ? text.length : end;
    } else if (char === "[" || char === "{") {
      if (++depth > maxSpecDepth) return [index, index + 1];
    } else if ((char === "]" || char === "}") && depth > 0) depth--;
  }
  return undefined;
}

/**
 * Where block nesting first goes too deep, when it goes so deep that the
 * parser overflowed: found in a prefix of the text cut well past the limit
 * by indentation, which parses, so the position is the one a shallower
 * spec of the same shape gets, not wherever the parser's stack ran out.
 */
function firstTooDeepBlock(
  text: string,
): readonly [number, number] | undefined {
  const indents: number[] = [];
  let start = 0;
  while (start < text.length) {
    const end = text.indexOf("\n", start);
    const next = end === -1 ? text.length : end + 1;
    const line = text.slice(start, next);
    const indent = line.length - line.trimStart().length;
    const rest = line.slice(indent);
    if (rest.trim() !== "" && !rest.startsWith("#")) {
      while (indents.length > 0 && indents[indents.length - 1]! >= indent)
        indents.pop();
      indents.push(indent);
      // Each "- " opens a sequence (and what follows it) on the same line.
      for (let at = indent; line.startsWith("- ", at); at += 2)
        indents.push(at + 2);
      if (indents.length > 2 * maxSpecDepth + 8) {
        const prefix = parsedYaml(text.slice(0, start), yamlOptions);
        return findTooDeep(prefix.contents as Node | null, maxSpecDepth);
      }
    }
    start = next;
  }
  return undefined;
}

/** Finds a collection nested deeper than `limit`, without recursion. */
export function findTooDeep(
  root: Node | null,
  limit: number,
): readonly [number, number] | undefined {
  const stack: [unknown, number][] = [[root, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (isMap(node) || isSeq(node)) {
      if (depth > limit)
        return node.range ? [node.range[0], node.range[1]] : [0, 1];
      for (const item of node.items) {
        if (isMap(node)) {
          const pair = item as { value: unknown };
          stack.push([pair.value, depth + 1]);
        } else stack.push([item, depth + 1]);
      }
    }
  }
  return undefined;
}

function rangeOf(node: unknown): readonly [number, number] | undefined {
  const range =
    isScalar(node) || isCollection(node) || isAlias(node)
      ? (node as Node).range
      : undefined;
  return range ? [range[0], range[1]] : undefined;
}

function firstLine(message: string): string {
  const line = message.split("\n")[0] ?? message;
  return line.replace(/ at line \d+, column \d+:?$/, "");
}

export function diagnosticAt(
  file: string,
  line: number,
  column: number,
  length: number,
  text: DiagnosticText,
): Diagnostic {
  return { ...text, file, line, column, length };
}
