/**
 * A fast reader for the plain subset of YAML that remitgen specs are written
 * in. The `yaml` package stays the parser of record, but its lexer, parser
 * and composer together take seconds on a spec of a few megabytes; this
 * reader builds the very same document (the `yaml` package's own node
 * classes, with the same values, scalar types, `flow` flags, `source`s and
 * ranges) in one pass over the text.
 *
 * It reads only what it is certain of. Anything else (tabs, anchors,
 * aliases, tags, directives, document markers, multi-line plain, quoted or
 * flow scalars, explicit keys, comments where `yaml` would fold them into a
 * node's range in ways not modelled here, and so on) makes it give up, and
 * the caller parses with `yaml` as before. Every spec it gives up on is thus
 * read, and reported, exactly as it always was.
 *
 * Not reproduced: comments and blank-line markers (`comment`,
 * `commentBefore`, `spaceBefore`), which nothing in remitgen reads.
 */
import {
  Document,
  LineCounter,
  Pair,
  Scalar,
  YAMLMap,
  YAMLSeq,
  isScalar,
  type DocumentOptions,
  type ParseOptions,
  type ParsedNode,
  type ScalarTag,
  type SchemaOptions,
} from "yaml";

export interface FastYaml {
  readonly document: Document.Parsed;
  readonly lineCounter: LineCounter;
}

export interface FastYamlOptions {
  /** Collections nested deeper than this are left to `yaml` (and its reporting). */
  readonly maxDepth: number;
  /** The options `parseDocument` would be given (without `lineCounter`). */
  readonly document: DocumentOptions & SchemaOptions & ParseOptions;
}

/**
 * Parses `text` into the document `parseDocument(text, options.document)`
 * would give, or returns undefined when the text is not in the subset.
 */
export function parseFastYaml(
  text: string,
  options: FastYamlOptions,
): FastYaml | undefined {
  const outcome = readSubset(text, options);
  return outcome instanceof NotInSubset ? undefined : outcome;
}

/** Why `parseFastYaml` gives up on `text`, or undefined when it does not (for tests). */
export function fastYamlRefusal(
  text: string,
  options: FastYamlOptions,
): string | undefined {
  const outcome = readSubset(text, options);
  return outcome instanceof NotInSubset ? outcome.reason : undefined;
}

/** Thrown, and caught in `readSubset`, the moment the text leaves the subset. */
class NotInSubset {
  constructor(readonly reason: string) {}
}

function readSubset(
  text: string,
  options: FastYamlOptions,
): FastYaml | NotInSubset {
  const foreign = foreignCharacter.exec(text);
  if (foreign !== null)
    return new NotInSubset(
      `character U+${foreign[0].codePointAt(0)!.toString(16)} at ${foreign.index}`,
    );
  try {
    return new SubsetReader(text, options).read();
  } catch (error) {
    if (error instanceof NotInSubset) return error;
    throw error;
  }
}

function refuse(reason: string): never {
  throw new NotInSubset(reason);
}

/**
 * Characters the subset does without: tabs, carriage returns, the byte
 * order mark, control and C1 characters, line and paragraph separators,
 * non-characters and unpaired surrogates. `yaml` treats several of these
 * specially (as white space, line breaks or errors).
 */
const foreignCharacter =
  /[^\n\x20-\x7E\xA0-\u2027\u202A-\uD7FF\uE000-\uFEFE\uFF00-\uFFFD\uD800-\uDFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** A line is blank (empty, or spaces only), a comment (after optional indentation), or content. */
type LineKind = "blank" | "comment" | "content";

const space = 0x20;
const hash = 0x23;
const colon = 0x3a;
const dash = 0x2d;

/** `,[]{}`: they end plain scalars in flow collections. */
function isFlowIndicator(code: number): boolean {
  return (
    code === 0x2c ||
    code === 0x5b ||
    code === 0x5d ||
    code === 0x7b ||
    code === 0x7d
  );
}

/**
 * Characters a plain scalar may not start with in the subset: YAML
 * indicators, which start something else (or an error). `-` is checked
 * apart: `-x` is plain, `- x` a list item.
 */
const indicatorStarts = new Set(",[]{}#&*!|>'\"%@`?:");

/** Escapes of double-quoted scalars, as `yaml` resolves them. */
const escapes: Readonly<Record<string, string>> = {
  "0": "\0",
  a: "\x07",
  b: "\b",
  e: "\x1b",
  f: "\f",
  n: "\n",
  r: "\r",
  t: "\t",
  v: "\v",
  N: "\u0085",
  _: "\u00a0",
  L: "\u2028",
  P: "\u2029",
  " ": " ",
  '"': '"',
  "/": "/",
  "\\": "\\",
};

/** A leaf value just read, and whether trailing comments can join its range. */
interface Leaf {
  readonly node: ParsedNode;
  /** Flow scalars and flow collections take in deeper-indented comments after them; block scalars do not. */
  readonly absorbsComments: boolean;
}

/** The tag `yaml` keeps each node's kind under, and the kinds' values (`yaml`'s nodes/identity). */
const nodeType = Symbol.for("yaml.node.type");
const scalarKind = Symbol.for("yaml.scalar");
const mapKind = Symbol.for("yaml.map");
const seqKind = Symbol.for("yaml.seq");
const pairKind = Symbol.for("yaml.pair");

/**
 * Makes `yaml`'s nodes without running their constructors. Each
 * constructor defines the node's kind tag (and a collection's schema) on
 * the node with Object.defineProperty, the costliest part of reading a
 * large spec. Here both are defined once, on a prototype per document that
 * inherits from the node's class, so the nodes are instances of the same
 * classes with the same own properties, and `yaml`'s isScalar, isMap, ...
 * (which read the tag) see no difference. Should `yaml` tag its nodes
 * otherwise, the constructors are used as they are.
 */
class NodeFactory {
  private readonly prototypes:
    { scalar: object; map: object; seq: object; pair: object } | undefined;

  constructor(private readonly schema: Document["schema"]) {
    const tagged = (node: object, kind: symbol): boolean =>
      (node as Record<symbol, unknown>)[nodeType] === kind;
    const sameTags =
      tagged(new Scalar(null), scalarKind) &&
      tagged(new YAMLMap(schema), mapKind) &&
      tagged(new YAMLSeq(schema), seqKind) &&
      tagged(new Pair(null), pairKind);
    const kind = (value: symbol): PropertyDescriptorMap => ({
      [nodeType]: { value },
    });
    const withSchema: PropertyDescriptorMap = {
      schema: {
        value: schema,
        configurable: true,
        enumerable: false,
        writable: true,
      },
    };
    this.prototypes = sameTags
      ? {
          scalar: Object.create(Scalar.prototype, kind(scalarKind)) as object,
          map: Object.create(YAMLMap.prototype, {
            ...kind(mapKind),
            ...withSchema,
          }) as object,
          seq: Object.create(YAMLSeq.prototype, {
            ...kind(seqKind),
            ...withSchema,
          }) as object,
          pair: Object.create(Pair.prototype, kind(pairKind)) as object,
        }
      : undefined;
  }

  scalar(value: unknown): Scalar {
    if (this.prototypes === undefined) return new Scalar(value);
    const node = Object.create(this.prototypes.scalar) as Scalar;
    node.value = value;
    return node;
  }

  map(): YAMLMap<ParsedNode, ParsedNode> {
    if (this.prototypes === undefined)
      return new YAMLMap<ParsedNode, ParsedNode>(this.schema);
    const node = Object.create(this.prototypes.map) as YAMLMap<
      ParsedNode,
      ParsedNode
    >;
    node.items = [];
    return node;
  }

  seq(): YAMLSeq<ParsedNode> {
    if (this.prototypes === undefined)
      return new YAMLSeq<ParsedNode>(this.schema);
    const node = Object.create(this.prototypes.seq) as YAMLSeq<ParsedNode>;
    node.items = [];
    return node;
  }

  pair(key: ParsedNode, value: ParsedNode): Pair<ParsedNode, ParsedNode> {
    if (this.prototypes === undefined) return new Pair(key, value);
    const node = Object.create(this.prototypes.pair) as Pair<
      ParsedNode,
      ParsedNode
    >;
    node.key = key;
    node.value = value;
    return node;
  }
}

/**
 * Reads the text line by line. Block structure follows indentation; each
 * value on a line is read with small scanners that mirror `yaml`'s lexer for
 * the cases they accept.
 */
class SubsetReader {
  private readonly starts: number[] = [];
  private readonly ends: number[] = [];
  private readonly indents: number[] = [];
  private readonly kinds: LineKind[] = [];
  /** The line being read. */
  private line = 0;
  /** The deepest column of a comment after the last value that did not join its range; -1 if none. */
  private gapComment = -1;
  /** Whether the last value read was empty (see `documentEnd`). */
  private lastValueEmpty = false;
  private readonly document: Document;
  /** The schema's default tags that resolve plain scalars by their text (null, booleans, numbers). */
  private readonly plainTags: readonly ScalarTag[];
  /** `plainTags`' pick for each plain text met so far (null: none, a string). */
  private readonly tagBySource = new Map<string, ScalarTag | null>();
  /** Whether the schema is yaml's core schema, whose tags mayMatchCoreTag knows. */
  private readonly coreSchema: boolean;
  private readonly nodes: NodeFactory;

  constructor(
    private readonly text: string,
    private readonly options: FastYamlOptions,
  ) {
    this.document = new Document(undefined, options.document);
    const { schema } = this.document;
    this.nodes = new NodeFactory(schema);
    this.plainTags = schema.tags.filter(
      (tag): tag is ScalarTag => tag.default === true && tag.test !== undefined,
    );
    this.coreSchema = schema.name === "core";
    // These change how keys or plain scalars resolve, beyond what is mirrored here.
    if (
      schema.tags.some((tag) => tag.default === "key") ||
      schema.compat ||
      this.document.options.stringKeys
    )
      refuse("schema options this reader does not mirror");
  }

  read(): FastYaml {
    const lineCounter = this.splitLines();
    this.skipPrelude();
    if (this.line >= this.lineCount) refuse("no content");
    if (this.indentOf(this.line) !== 0) refuse("indented root");
    const rootStart = this.startOf(this.line);
    const root = this.blockMap(0, rootStart, 0);
    const contentEnd = root.range[2];
    if (this.line < this.lineCount) refuse("content after the root mapping");
    const document = this.document as Document.Parsed;
    document.contents = root;
    document.range = [rootStart, contentEnd, this.documentEnd(contentEnd)];
    return { document, lineCounter };
  }

  private get lineCount(): number {
    return this.starts.length;
  }

  private startOf(line: number): number {
    return this.starts[line] ?? this.text.length;
  }

  private endOf(line: number): number {
    return this.ends[line] ?? this.text.length;
  }

  private indentOf(line: number): number {
    return this.indents[line] ?? 0;
  }

  /** Where a node ending on `line` stops, its newline included (as `yaml` counts it). */
  private afterLine(line: number): number {
    return Math.min(this.endOf(line) + 1, this.text.length);
  }

  private code(offset: number): number {
    return this.text.charCodeAt(offset);
  }

  /** Indexes the lines and fills a line counter as `yaml`'s parser would. */
  private splitLines(): LineCounter {
    const { text } = this;
    const lineCounter = new LineCounter();
    lineCounter.addNewLine(0);
    let start = 0;
    for (;;) {
      const newline = text.indexOf("\n", start);
      this.addLine(start, newline === -1 ? text.length : newline);
      if (newline === -1) return lineCounter;
      lineCounter.addNewLine(newline + 1);
      start = newline + 1;
    }
  }

  private addLine(start: number, end: number): void {
    const { text } = this;
    if (
      (text.startsWith("---", start) || text.startsWith("...", start)) &&
      end - start >= 3
    )
      refuse("a document marker");
    let indent = 0;
    while (start + indent < end && this.code(start + indent) === space)
      indent++;
    const kind =
      start + indent === end
        ? "blank"
        : this.code(start + indent) === hash
          ? "comment"
          : "content";
    this.starts.push(start);
    this.ends.push(end);
    this.indents.push(indent);
    this.kinds.push(kind);
  }

  /** Blank and comment lines before the root, which `yaml` keeps outside the document's range. */
  private skipPrelude(): void {
    while (this.line < this.lineCount && this.kinds[this.line] !== "content")
      this.line++;
  }

  /**
   * The document's range ends after whatever follows its contents, except
   * after an empty last value: `yaml` keeps the blank lines after it with
   * the value's indicator, outside every range.
   */
  private documentEnd(contentEnd: number): number {
    return this.lastValueEmpty ? contentEnd : this.text.length;
  }

  private checkDepth(depth: number): void {
    if (depth > this.options.maxDepth) refuse("nesting past the depth limit");
  }

  // Block collections ------------------------------------------------------

  /** A block mapping whose keys stand at column `column`; the first one at `first`. */
  private blockMap(
    column: number,
    first: number,
    depth: number,
  ): YAMLMap.Parsed {
    this.checkDepth(depth);
    const map = this.nodes.map();
    let keyStart = first;
    let end = first;
    for (;;) {
      const { key, afterColon } = this.blockKey(keyStart);
      const valueStart = this.skipSpaces(afterColon, this.endOf(this.line));
      const value = this.isEmptyRest(valueStart)
        ? this.pendingValue(column, valueStart, depth, true)
        : this.inlineValue(valueStart, column, depth);
      map.items.push(this.nodes.pair(key, value));
      end = value.range[2];
      if (this.line >= this.lineCount) break;
      const indent = this.indentOf(this.line);
      if (indent < column) break;
      if (indent > column) refuse("a line indented past its mapping");
      keyStart = this.startOf(this.line) + indent;
      if (this.isSeqItem(keyStart)) refuse("a list item among mapping keys");
    }
    this.checkCommentsAtEnd(column);
    map.range = [first, end, end];
    return map as YAMLMap.Parsed;
  }

  /** A block sequence whose `-` stand at column `column`. */
  private blockSeq(column: number, depth: number): YAMLSeq.Parsed {
    this.checkDepth(depth);
    const seq = this.nodes.seq();
    const first = this.startOf(this.line) + column;
    let end = first;
    for (;;) {
      const itemDash = this.startOf(this.line) + column;
      const lineEnd = this.endOf(this.line);
      const valueStart = this.skipSpaces(itemDash + 1, lineEnd);
      let item: ParsedNode;
      if (this.isEmptyRest(valueStart)) {
        // `yaml` stretches an empty item's range over comments before its `-` too.
        if (this.commentAbove(this.line))
          refuse("a comment before an empty list item");
        item = this.pendingValue(column, valueStart, depth, false);
      } else if (this.isSeqItem(valueStart))
        refuse("a list item on a list item's line");
      else if (this.startsKey(valueStart))
        item = this.blockMap(
          valueStart - this.startOf(this.line),
          valueStart,
          depth + 1,
        );
      else item = this.inlineValue(valueStart, column, depth);
      seq.items.push(item);
      end = item.range[2];
      if (this.line >= this.lineCount) break;
      const indent = this.indentOf(this.line);
      if (indent !== column) {
        if (indent > column) refuse("a line indented past its list");
        break;
      }
      // A key at the list's column ends a list that is a mapping value; the mapping checks it.
      if (!this.isSeqItem(this.startOf(this.line) + indent)) break;
    }
    this.checkCommentsAtEnd(column);
    seq.range = [first, end, end];
    return seq as YAMLSeq.Parsed;
  }

  /** Whether a comment line stands between `line` and the content line above it. */
  private commentAbove(line: number): boolean {
    for (let above = line - 1; above >= 0; above--) {
      const kind = this.kinds[above];
      if (kind === "content") return false;
      if (kind === "comment") return true;
    }
    return false;
  }

  /**
   * A block collection at `column` ends before the current line. `yaml`
   * keeps comments at or past its column from the gap before that line in
   * the collection, stretching its range (at column 0 they go to the
   * document instead); those are left to `yaml`.
   */
  private checkCommentsAtEnd(column: number): void {
    if (column > 0 && this.gapComment >= column)
      refuse("a comment `yaml` would keep inside a collection");
  }

  /** `-` followed by a space or the end of the line. */
  private isSeqItem(offset: number): boolean {
    if (this.code(offset) !== dash) return false;
    const next = this.code(offset + 1);
    return next === space || this.isLineEnd(offset + 1);
  }

  private isLineEnd(offset: number): boolean {
    return offset >= this.text.length || this.code(offset) === 0x0a;
  }

  /** Nothing, or only a comment, is left on the line at `offset` (spaces already skipped). */
  private isEmptyRest(offset: number): boolean {
    return this.isLineEnd(offset) || this.code(offset) === hash;
  }

  /**
   * The value after `key:` or `-` with nothing else on the line: a block
   * collection on the lines below, or an empty (null) value. `position`
   * is where the line's content ends, where `yaml` places an empty value.
   */
  private pendingValue(
    column: number,
    position: number,
    depth: number,
    inMap: boolean,
  ): ParsedNode {
    let sawComment = !this.isLineEnd(position);
    this.line++;
    while (this.line < this.lineCount && this.kinds[this.line] !== "content") {
      if (this.kinds[this.line] === "comment") sawComment = true;
      this.line++;
    }
    if (this.line < this.lineCount) {
      const indent = this.indentOf(this.line);
      const start = this.startOf(this.line) + indent;
      if (indent > column) return this.blockNode(indent, start, depth + 1);
      // A list may stand at its key's own column.
      if (inMap && indent === column && this.isSeqItem(start))
        return this.blockSeq(indent, depth + 1);
    }
    // `yaml` stretches an empty value's range over comments after it.
    if (sawComment) refuse("a comment after an empty value");
    this.lastValueEmpty = true;
    this.gapComment = -1;
    return this.plainScalar("", position, position, position);
  }

  private blockNode(column: number, start: number, depth: number): ParsedNode {
    if (this.isSeqItem(start)) return this.blockSeq(column, depth);
    if (!this.startsKey(start)) refuse("a value on the line below its key");
    return this.blockMap(column, start, depth);
  }

  // Keys ---------------------------------------------------------------------

  /** Whether a mapping key (a plain or quoted scalar, then `:` and a space or the line end) starts at `offset`. */
  private startsKey(offset: number): boolean {
    const lineEnd = this.endOf(this.line);
    const first = this.text[offset] ?? "";
    if (first === '"' || first === "'") {
      const close = this.quotedEnd(offset, lineEnd);
      const after = this.skipSpaces(close, lineEnd);
      return this.code(after) === colon && this.isSeparated(after + 1, lineEnd);
    }
    if (!this.canStartPlain(offset, lineEnd, false)) return false;
    return this.scanBlockPlain(offset, lineEnd).stop === "colon";
  }

  private blockKey(offset: number): { key: Scalar.Parsed; afterColon: number } {
    const lineEnd = this.endOf(this.line);
    const first = this.text[offset] ?? "";
    let key: Scalar.Parsed;
    let colonAt: number;
    if (first === '"' || first === "'") {
      const close = this.quotedEnd(offset, lineEnd);
      key = this.quotedScalar(offset, close, close);
      colonAt = this.skipSpaces(close, lineEnd);
      if (
        this.code(colonAt) !== colon ||
        !this.isSeparated(colonAt + 1, lineEnd)
      )
        refuse("a quoted scalar where a key was expected");
    } else {
      if (!this.canStartPlain(offset, lineEnd, false))
        refuse("not a plain key");
      const scan = this.scanBlockPlain(offset, lineEnd);
      if (scan.stop !== "colon") refuse("a line that is not `key: value`");
      key = this.plainScalar(
        this.text.slice(offset, scan.end),
        offset,
        scan.end,
        scan.end,
      );
      colonAt = scan.at;
    }
    // `yaml` reports implicit keys longer than 1024 characters.
    if (colonAt - offset > 1024) refuse("a key over 1024 characters");
    return { key, afterColon: colonAt + 1 };
  }

  /** A space or the line end at `offset`: what must follow `:` for it to separate a key. */
  private isSeparated(offset: number, lineEnd: number): boolean {
    return offset >= lineEnd || this.code(offset) === space;
  }

  // Leaf values on a block line ------------------------------------------------

  /**
   * A value that starts on the current line at `offset` (a flow scalar, a
   * flow collection or a block scalar), in a block collection at `column`.
   * Leaves the reader on the next content line.
   */
  private inlineValue(
    offset: number,
    column: number,
    depth: number,
  ): ParsedNode {
    const leaf = this.leafAt(offset, column, depth);
    this.lastValueEmpty = false;
    this.afterLeaf(leaf, column);
    return leaf.node;
  }

  private leafAt(offset: number, column: number, depth: number): Leaf {
    const lineEnd = this.endOf(this.line);
    const first = this.text[offset] ?? "";
    let node: ParsedNode;
    let valueEnd: number;
    if (first === "|" || first === ">")
      return { node: this.blockScalar(offset, column), absorbsComments: false };
    if (first === "[" || first === "{") {
      node = this.flowCollection(offset, depth + 1);
      valueEnd = node.range[1];
    } else if (first === '"' || first === "'") {
      valueEnd = this.quotedEnd(offset, lineEnd);
      node = this.quotedScalar(offset, valueEnd, valueEnd);
    } else {
      if (!this.canStartPlain(offset, lineEnd, false))
        refuse("a value starting with an indicator");
      const scan = this.scanBlockPlain(offset, lineEnd);
      if (scan.stop === "colon") refuse("a mapping on a key's line");
      valueEnd = scan.end;
      node = this.plainScalar(
        this.text.slice(offset, valueEnd),
        offset,
        valueEnd,
        valueEnd,
      );
    }
    this.checkLineRest(valueEnd, lineEnd);
    // The value's range takes in the spaces, comment and newline after it.
    node.range[2] = this.afterLine(this.line);
    return { node, absorbsComments: true };
  }

  /** After a value, only spaces and a comment (set off by a space) may follow on its line. */
  private checkLineRest(offset: number, lineEnd: number): void {
    const rest = this.skipSpaces(offset, lineEnd);
    if (rest === lineEnd) return;
    if (this.code(rest) === hash && rest > offset) return;
    refuse("more after a value on its line");
  }

  /**
   * Moves past the blank and comment lines after a leaf to the next content
   * line. Like `yaml`, comments indented past the leaf's collection join the
   * leaf's range; other comments must sit no deeper than the next content
   * line, nor as deep as a collection that ends there (`checkCommentsAtEnd`),
   * where `yaml` leaves every range alone.
   */
  private afterLeaf(leaf: Leaf, column: number): void {
    let absorbing = leaf.absorbsComments;
    let deepestComment = -1;
    this.line++;
    for (; this.line < this.lineCount; this.line++) {
      const kind = this.kinds[this.line];
      if (kind === "content") break;
      if (kind === "blank") continue;
      const indent = this.indentOf(this.line);
      if (absorbing && indent > column) {
        leaf.node.range[2] = this.afterLine(this.line);
        continue;
      }
      absorbing = false;
      deepestComment = Math.max(deepestComment, indent);
    }
    const next = this.line < this.lineCount ? this.indentOf(this.line) : 0;
    if (deepestComment > next)
      refuse("a comment `yaml` would keep inside a collection");
    this.gapComment = deepestComment;
  }

  // Block scalars ------------------------------------------------------------

  /**
   * `|`, `|-`, `>` or `>-` alone at the end of its line, then content lines
   * indented past `column`, the first one setting the indentation. Leading
   * empty lines, lines of spaces only, keep chomping and indentation
   * indicators are left to `yaml`.
   */
  private blockScalar(offset: number, column: number): Scalar.Parsed {
    const lineEnd = this.endOf(this.line);
    const literal = this.text[offset] === "|";
    const strip = this.code(offset + 1) === dash;
    if (offset + (strip ? 2 : 1) !== lineEnd)
      refuse("a block scalar header with more than `|`, `>` or `-`");
    const firstLine = this.line + 1;
    if (firstLine >= this.lineCount || this.kinds[firstLine] === "blank")
      refuse("a block scalar that does not start with content");
    const indent = this.indentOf(firstLine);
    if (indent <= column) refuse("a block scalar not indented past its key");
    let last = firstLine;
    for (let line = firstLine + 1; line < this.lineCount; line++) {
      const length = this.endOf(line) - this.startOf(line);
      if (length === 0) continue;
      if (this.kinds[line] === "blank")
        refuse("a line of spaces in or after a block scalar");
      if (this.indentOf(line) < indent) break;
      last = line;
    }
    const lines: string[] = [];
    for (let line = firstLine; line <= last; line++)
      lines.push(this.text.slice(this.startOf(line), this.endOf(line)));
    const body = literal
      ? literalValue(lines, indent)
      : foldedValue(lines, indent);
    const value = strip ? body : `${body}\n`;
    const end = this.afterLine(last);
    this.line = last;
    const scalar = this.nodes.scalar(value) as Scalar.Parsed;
    scalar.range = [offset, end, end];
    scalar.source = value;
    scalar.type = literal ? Scalar.BLOCK_LITERAL : Scalar.BLOCK_FOLDED;
    return scalar;
  }

  // Flow collections -----------------------------------------------------------

  /** `[...]` or `{...}` closed on the same line; its range ends at its closing bracket. */
  private flowCollection(
    offset: number,
    depth: number,
  ): YAMLMap.Parsed | YAMLSeq.Parsed {
    this.checkDepth(depth);
    return this.text[offset] === "["
      ? this.flowSeq(offset, depth)
      : this.flowMap(offset, depth);
  }

  private flowSeq(offset: number, depth: number): YAMLSeq.Parsed {
    const lineEnd = this.endOf(this.line);
    const seq = this.nodes.seq();
    seq.flow = true;
    let at = this.skipSpaces(offset + 1, lineEnd);
    if (this.text[at] !== "]") {
      for (;;) {
        const item = this.flowValue(at, lineEnd, depth);
        seq.items.push(item.node);
        at = item.next;
        if (this.text[at] === "]") break;
        if (this.text[at] !== ",")
          refuse("a flow list entry that is not a single value");
        at = this.nextFlowEntry(at, lineEnd, "]");
      }
    }
    seq.range = [offset, at + 1, at + 1];
    return seq as YAMLSeq.Parsed;
  }

  private flowMap(offset: number, depth: number): YAMLMap.Parsed {
    const lineEnd = this.endOf(this.line);
    const map = this.nodes.map();
    map.flow = true;
    let at = this.skipSpaces(offset + 1, lineEnd);
    if (this.text[at] !== "}") {
      for (;;) {
        const { key, afterColon } = this.flowKey(at, lineEnd);
        const value = this.flowValue(
          this.skipSpaces(afterColon, lineEnd),
          lineEnd,
          depth,
        );
        map.items.push(this.nodes.pair(key, value.node));
        at = value.next;
        if (this.text[at] === "}") break;
        if (this.text[at] !== ",")
          refuse("a flow mapping entry that is not `key: value`");
        at = this.nextFlowEntry(at, lineEnd, "}");
      }
    }
    map.range = [offset, at + 1, at + 1];
    return map as YAMLMap.Parsed;
  }

  /** After a `,`: the next entry's start; a trailing comma is left to `yaml`. */
  private nextFlowEntry(
    comma: number,
    lineEnd: number,
    closing: string,
  ): number {
    const next = this.skipSpaces(comma + 1, lineEnd);
    if (
      next >= lineEnd ||
      this.text[next] === closing ||
      this.text[next] === ","
    )
      refuse("an empty flow entry");
    return next;
  }

  /** A flow mapping key: a plain or quoted scalar, then `:` and a space. */
  private flowKey(
    offset: number,
    lineEnd: number,
  ): { key: Scalar.Parsed; afterColon: number } {
    const { node: key, end: keyEnd } = this.flowScalar(
      offset,
      lineEnd,
      "not a plain flow key",
    );
    const colonAt = this.skipSpaces(keyEnd, lineEnd);
    if (this.code(colonAt) !== colon || this.code(colonAt + 1) !== space)
      refuse("a flow mapping entry without `: `");
    if (colonAt - offset > 1024) refuse("a key over 1024 characters");
    return { key, afterColon: colonAt + 1 };
  }

  /**
   * A value inside a flow collection; its range takes in the spaces after
   * it, as `yaml`'s does. `next` is the first character after those spaces.
   */
  private flowValue(
    offset: number,
    lineEnd: number,
    depth: number,
  ): { node: ParsedNode; next: number } {
    const first = this.text[offset] ?? "";
    let node: ParsedNode;
    let valueEnd: number;
    if (first === "[" || first === "{") {
      node = this.flowCollection(offset, depth + 1);
      valueEnd = node.range[1];
    } else {
      ({ node, end: valueEnd } = this.flowScalar(
        offset,
        lineEnd,
        "a flow value starting with an indicator",
      ));
    }
    const next = this.skipSpaces(valueEnd, lineEnd);
    node.range[2] = next;
    return { node, next };
  }

  /**
   * A quoted or plain scalar inside a flow collection, and where it ends;
   * `refusal` says why, when a plain scalar may not start at `offset`.
   */
  private flowScalar(
    offset: number,
    lineEnd: number,
    refusal: string,
  ): { node: Scalar.Parsed; end: number } {
    const first = this.text[offset] ?? "";
    if (first === '"' || first === "'") {
      const end = this.quotedEnd(offset, lineEnd);
      return { node: this.quotedScalar(offset, end, end), end };
    }
    if (!this.canStartPlain(offset, lineEnd, true)) refuse(refusal);
    const end = this.scanFlowPlain(offset, lineEnd);
    return {
      node: this.plainScalar(this.text.slice(offset, end), offset, end, end),
      end,
    };
  }

  // Scalars --------------------------------------------------------------------

  private skipSpaces(offset: number, lineEnd: number): number {
    let at = offset;
    while (at < lineEnd && this.code(at) === space) at++;
    return at;
  }

  /**
   * Whether a plain scalar may start at `offset`: not at an indicator, nor
   * at `-` that starts a list item (or, in flow, is followed by an indicator).
   */
  private canStartPlain(
    offset: number,
    lineEnd: number,
    inFlow: boolean,
  ): boolean {
    if (offset >= lineEnd) return false;
    const first = this.text[offset] ?? "";
    if (indicatorStarts.has(first)) return false;
    if (first === "-") {
      const next = this.code(offset + 1);
      if (offset + 1 >= lineEnd || next === space) return false;
      if (inFlow && isFlowIndicator(next)) return false;
    }
    return true;
  }

  /**
   * Scans a plain scalar in block context as `yaml`'s lexer does: it ends
   * at `:` followed by a space or the line end (a key), at ` #` (a
   * comment) or at the line end. `end` excludes trailing spaces.
   */
  private scanBlockPlain(
    offset: number,
    lineEnd: number,
  ): { end: number; stop: "colon" | "comment" | "line"; at: number } {
    let end = offset;
    for (let at = offset; at < lineEnd; at++) {
      const code = this.code(at);
      if (code === colon) {
        if (at + 1 >= lineEnd || this.code(at + 1) === space)
          return { end, stop: "colon", at };
        end = at + 1;
      } else if (code === space) {
        if (this.code(at + 1) === hash)
          return { end, stop: "comment", at: at + 1 };
      } else end = at + 1;
    }
    return { end, stop: "line", at: lineEnd };
  }

  /**
   * Scans a plain scalar in a flow collection: it ends at a flow indicator,
   * or at `:` followed by a space or a flow indicator. A comment inside a
   * one-line flow collection is left to `yaml`.
   */
  private scanFlowPlain(offset: number, lineEnd: number): number {
    let end = offset;
    for (let at = offset; at < lineEnd; at++) {
      const code = this.code(at);
      if (code === colon) {
        const next = this.code(at + 1);
        if (at + 1 >= lineEnd || next === space || isFlowIndicator(next)) break;
        end = at + 1;
      } else if (code === space) {
        const next = this.code(at + 1);
        if (next === hash) refuse("a comment inside a flow collection");
        if (isFlowIndicator(next)) break;
      } else if (isFlowIndicator(code)) break;
      else end = at + 1;
    }
    return end;
  }

  /** The end (after the closing quote) of a quoted scalar closed on its own line. */
  private quotedEnd(offset: number, lineEnd: number): number {
    const quote = this.code(offset);
    const double = quote === 0x22;
    for (let at = offset + 1; at < lineEnd; at++) {
      const code = this.code(at);
      if (double && code === 0x5c) at++;
      else if (code === quote) {
        if (!double && this.code(at + 1) === quote) at++;
        else return at + 1;
      }
    }
    return refuse("a quoted scalar not closed on its line");
  }

  private quotedScalar(
    offset: number,
    valueEnd: number,
    nodeEnd: number,
  ): Scalar.Parsed {
    const inner = this.text.slice(offset + 1, valueEnd - 1);
    const double = this.text[offset] === '"';
    const value = double
      ? unescapeDoubleQuoted(inner)
      : inner.replaceAll("''", "'");
    const scalar = this.nodes.scalar(value) as Scalar.Parsed;
    scalar.range = [offset, valueEnd, nodeEnd];
    scalar.source = value;
    scalar.type = double ? Scalar.QUOTE_DOUBLE : Scalar.QUOTE_SINGLE;
    return scalar;
  }

  /**
   * The tag that resolves a plain scalar, as `yaml` picks it: the first
   * default tag whose test matches. Specs repeat the same few words
   * (`type`, `string`, `true`), so each text is tested once.
   */
  private plainTagOf(source: string): ScalarTag | undefined {
    if (this.coreSchema && !mayMatchCoreTag(source)) return undefined;
    let tag = this.tagBySource.get(source);
    if (tag === undefined) {
      tag =
        this.plainTags.find((candidate) => candidate.test?.test(source)) ??
        null;
      this.tagBySource.set(source, tag);
    }
    return tag ?? undefined;
  }

  /** A plain scalar, resolved by the core schema's own tags, as `yaml` composes it. */
  private plainScalar(
    source: string,
    offset: number,
    valueEnd: number,
    nodeEnd: number,
  ): Scalar.Parsed {
    const tag = this.plainTagOf(source);
    let scalar: Scalar;
    if (tag === undefined) scalar = this.nodes.scalar(source);
    else {
      const resolved = tag.resolve(
        source,
        (message) =>
          refuse(
            `the core schema refused ${JSON.stringify(source)}: ${message}`,
          ),
        this.document.options,
      );
      scalar = isScalar(resolved) ? resolved : this.nodes.scalar(resolved);
    }
    const parsed = scalar as Scalar.Parsed;
    parsed.range = [offset, valueEnd, nodeEnd];
    parsed.source = source;
    parsed.type = Scalar.PLAIN;
    if (tag?.format) parsed.format = tag.format;
    return parsed;
  }
}

/**
 * Whether a core-schema tag may resolve this plain text: null (`~`, `null`,
 * empty), booleans and numbers all start with one of `~NnTtFf0-9+-.`.
 * Most words in a spec start otherwise and are strings without a lookup.
 */
export function mayMatchCoreTag(source: string): boolean {
  if (source === "") return true;
  const code = source.charCodeAt(0);
  if (code >= 0x30 && code <= 0x39) return true;
  switch (source[0]) {
    case "~":
    case "N":
    case "n":
    case "T":
    case "t":
    case "F":
    case "f":
    case "+":
    case "-":
    case ".":
      return true;
    default:
      return false;
  }
}

/**
 * The value of a double-quoted scalar on one line, as `yaml` unescapes it;
 * escapes `yaml` would report (or that continue a line) are left to it.
 */
function unescapeDoubleQuoted(inner: string): string {
  if (!inner.includes("\\")) return inner;
  let value = "";
  for (let at = 0; at < inner.length; at++) {
    const char = inner[at]!;
    if (char !== "\\") {
      value += char;
      continue;
    }
    const next = inner[++at] ?? "";
    const simple = escapes[next];
    if (simple !== undefined) {
      value += simple;
      continue;
    }
    const length = next === "x" ? 2 : next === "u" ? 4 : next === "U" ? 8 : 0;
    if (length === 0) refuse(`the escape \\${next}`);
    const hex = inner.slice(at + 1, at + 1 + length);
    if (hex.length !== length || !/^[0-9a-fA-F]+$/.test(hex))
      refuse(`the escape \\${next}${hex}`);
    const code = parseInt(hex, 16);
    if (code > 0x10ffff) refuse(`the escape \\${next}${hex}`);
    value += String.fromCodePoint(code);
    at += length;
  }
  return value;
}

/** A literal block scalar's lines, less their indentation, joined (chomping aside). */
function literalValue(lines: readonly string[], indent: number): string {
  return lines.map((line) => line.slice(indent)).join("\n");
}

/**
 * A folded block scalar's lines, folded as `yaml` folds them: lines join
 * with a space, an empty line is a line break, and more-indented lines keep
 * their breaks (chomping aside).
 */
function foldedValue(lines: readonly string[], indent: number): string {
  let value = "";
  let sep = "";
  let previousMoreIndented = false;
  for (const line of lines) {
    let lineIndent = 0;
    while (line.charCodeAt(lineIndent) === space) lineIndent++;
    const content = line.slice(lineIndent);
    if (lineIndent > indent) {
      if (sep === " ") sep = "\n";
      else if (!previousMoreIndented && sep === "\n") sep = "\n\n";
      value += sep + line.slice(indent);
      sep = "\n";
      previousMoreIndented = true;
    } else if (content === "") {
      if (sep === "\n") value += "\n";
      else sep = "\n";
    } else {
      value += sep + content;
      sep = " ";
      previousMoreIndented = false;
    }
  }
  return value;
}
