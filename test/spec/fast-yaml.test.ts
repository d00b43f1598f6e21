/**
 * src/spec/fast-yaml.ts: the fast reader must build exactly the document
 * `yaml`'s `parseDocument` builds (node classes, ranges, scalar values,
 * types and sources, flow flags, key order, line starts), or give up. It is
 * checked against `yaml` on the real spec, every fixture, synthetic specs
 * and random spec-like texts; and it must not give up on the real and
 * synthetic specs, or the speed-up would silently vanish.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  isMap,
  isPair,
  isScalar,
  isSeq,
  LineCounter,
  Pair,
  parseDocument,
  Scalar,
  YAMLMap,
  YAMLSeq,
  Document,
} from "yaml";
import { syntheticSpec } from "../../bench/synthetic.mjs";
import {
  fastYamlRefusal,
  mayMatchCoreTag,
  parseFastYaml,
  type FastYamlOptions,
} from "../../src/spec/fast-yaml.js";
import { maxSpecDepth, parseSpecText } from "../../src/spec/source.js";

const repoRoot = fileURLToPath(new URL("../../", import.meta.url));
const yamlOptions = { prettyErrors: false, uniqueKeys: false } as const;
const options: FastYamlOptions = {
  maxDepth: maxSpecDepth,
  document: yamlOptions,
};

/** Properties the fast reader leaves out: comments and blank-line marks, which nothing reads. */
const notReproduced = new Set(["comment", "commentBefore", "spaceBefore"]);

/** Where two node trees first differ, or undefined. */
function firstDifference(
  expected: unknown,
  actual: unknown,
  path: string,
): string | undefined {
  if (expected === null || actual === null)
    return expected === actual ? undefined : `${path}: null against a node`;
  const a = expected as { [key: string]: unknown };
  const b = actual as { [key: string]: unknown };
  if (a.constructor !== b.constructor)
    return `${path}: ${a.constructor?.name} against ${b.constructor?.name}`;
  const ownKeys = (node: object): string =>
    Object.keys(node)
      .filter((key) => !notReproduced.has(key))
      .sort()
      .join(",");
  if (ownKeys(a) !== ownKeys(b))
    return `${path}: properties ${ownKeys(a)} against ${ownKeys(b)}`;
  if (isPair(a) && isPair(b))
    return (
      firstDifference(a.key, b.key, `${path}.key`) ??
      firstDifference(a.value, b.value, `${path}.value`)
    );
  if (JSON.stringify(a.range) !== JSON.stringify(b.range))
    return `${path}: range ${JSON.stringify(a.range)} against ${JSON.stringify(b.range)}`;
  if (isScalar(a) && isScalar(b)) {
    for (const key of [
      "value",
      "type",
      "source",
      "format",
      "tag",
      "minFractionDigits",
    ])
      if (!Object.is(a[key], b[key]))
        return `${path}: ${key} ${String(a[key])} against ${String(b[key])}`;
    return undefined;
  }
  if ((isMap(a) && isMap(b)) || (isSeq(a) && isSeq(b))) {
    if (a.flow !== b.flow) return `${path}: flow ${a.flow} against ${b.flow}`;
    if (a.items.length !== b.items.length)
      return `${path}: ${a.items.length} items against ${b.items.length}`;
    for (let index = 0; index < a.items.length; index++) {
      const found = firstDifference(
        a.items[index],
        b.items[index],
        `${path}[${index}]`,
      );
      if (found !== undefined) return found;
    }
    return undefined;
  }
  return `${path}: an unexpected node`;
}

/**
 * Compares the fast reader with `parseDocument` on `text`. Returns whether
 * the fast reader read it; when it did, everything must match.
 */
function matchesYaml(text: string): boolean {
  const fast = parseFastYaml(text, options);
  if (fast === undefined) return false;
  const lineCounter = new LineCounter();
  const expected = parseDocument(text, { lineCounter, ...yamlOptions });
  const context = `\n--- text ---\n${text}\n---`;
  expect(
    expected.errors,
    `yaml reports errors the fast reader missed${context}`,
  ).toEqual([]);
  expect(expected.warnings, context).toEqual([]);
  const actual: Document.Parsed = fast.document;
  expect(actual.errors).toEqual([]);
  expect(
    firstDifference(expected.contents, actual.contents, "contents"),
    context,
  ).toBeUndefined();
  expect(actual.toJS(), context).toEqual(expected.toJS());
  expect(actual.range, context).toEqual(expected.range);
  expect(fast.lineCounter.lineStarts, context).toEqual(lineCounter.lineStarts);
  return true;
}

function yamlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return yamlFiles(path);
    return name.endsWith(".yaml") ? [path] : [];
  });
}

describe("the fast YAML reader on real specs", () => {
  it("reads the real spec, exactly as yaml does", () => {
    const text = readFileSync(join(repoRoot, "spec/remittance.yaml"), "utf8");
    expect(fastYamlRefusal(text, options)).toBeUndefined();
    expect(matchesYaml(text)).toBe(true);
  });

  it.each([100, 1000])(
    "reads a synthetic spec of %i operations, exactly as yaml does",
    (count) => {
      const text = syntheticSpec(count).yaml;
      expect(fastYamlRefusal(text, options)).toBeUndefined();
      expect(matchesYaml(text)).toBe(true);
    },
  );

  const fixtures = yamlFiles(join(repoRoot, "test/fixtures"));
  it.each(fixtures.map((path) => [path.slice(repoRoot.length), path]))(
    "%s: read exactly as yaml does, or left to yaml",
    (_, path) => {
      matchesYaml(readFileSync(path, "utf8"));
    },
  );

  it.each([
    "test/fixtures/good-spec.yaml",
    "test/fixtures/schemas-spec.yaml",
    "test/fixtures/client/golden-spec.yaml",
    "test/fixtures/client/schema-spec.yaml",
    "test/fixtures/docs/schema.yaml",
  ])("reads the valid fixture %s", (path) => {
    const text = readFileSync(join(repoRoot, path), "utf8");
    expect(fastYamlRefusal(text, options)).toBeUndefined();
  });

  it("leaves every fixture with a YAML error to yaml", () => {
    for (const path of fixtures) {
      const text = readFileSync(path, "utf8");
      const errors = parseDocument(text, yamlOptions).errors;
      if (errors.length > 0)
        expect(parseFastYaml(text, options), path).toBeUndefined();
    }
  });

  it("gives parseSpecText the same document and positions as yaml", () => {
    const text = syntheticSpec(30).yaml;
    const parsed = parseSpecText(text, "spec.yaml");
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const expected = parseDocument(text, yamlOptions);
    expect(
      firstDifference(
        expected.contents,
        parsed.source.document.contents,
        "contents",
      ),
    ).toBeUndefined();
    const lastLine = text.lastIndexOf("\n", text.length - 2) + 1;
    expect(parsed.source.positionOf(lastLine + 2)).toEqual({
      line: text.slice(0, lastLine).split("\n").length,
      column: 3,
    });
  });
});

describe("mayMatchCoreTag", () => {
  it("is true for every text a core-schema tag resolves", () => {
    const tags = new Document().schema.tags.filter(
      (tag): tag is typeof tag & { test: RegExp } =>
        tag.default === true && tag.test !== undefined,
    );
    expect(tags.length).toBeGreaterThan(5);
    const matched = (text: string): boolean =>
      tags.some((tag) => tag.test.test(text));
    const examples = [
      "",
      "~",
      "null",
      "NULL",
      "true",
      "False",
      "0o17",
      "0x1F",
      "-12",
      "+3",
      ".5",
      "1e3",
      "-.inf",
      ".NaN",
    ];
    for (const text of examples) {
      expect(matched(text)).toBe(true);
      expect(mayMatchCoreTag(text)).toBe(true);
    }
    fc.assert(
      fc.property(
        fc.string({ unit: "grapheme", maxLength: 12 }),
        fc.string({
          unit: fc.constantFrom(
            "0",
            "1",
            "e",
            "x",
            "o",
            ".",
            "+",
            "-",
            "n",
            "a",
            "N",
            "u",
            "l",
            "r",
          ),
          maxLength: 8,
        }),
        (head, tail) => {
          const text = head + tail;
          if (matched(text)) expect(mayMatchCoreTag(text)).toBe(true);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("is false for a plain word, which then resolves to a string", () => {
    expect(mayMatchCoreTag("string")).toBe(false);
    expect(mayMatchCoreTag("amount")).toBe(false);
    expect(mayMatchCoreTag("type")).toBe(true);
    expect(
      parseFastYaml(
        "a: string\nb: Null\nc: trueish\n",
        options,
      )!.document.toJS(),
    ).toEqual({
      a: "string",
      b: null,
      c: "trueish",
    });
  });
});

describe("the fast YAML reader's nodes", () => {
  it("are yaml's classes, told apart by yaml's own tests, with their kind inherited, not defined on each node", () => {
    const fast = parseFastYaml("a: 1\nb: [x, { c: d }]\ne:\n  - f\n", options)!;
    const root = fast.document.contents;
    expect(isMap(root)).toBe(true);
    if (!isMap(root)) return;
    const [first, second] = root.items;
    expect(isPair(first)).toBe(true);
    expect(isScalar(first!.key)).toBe(true);
    expect(first!.key).toBeInstanceOf(Scalar);
    expect(isSeq(second!.value)).toBe(true);
    expect(second!.value).toBeInstanceOf(YAMLSeq);
    expect(root).toBeInstanceOf(YAMLMap);
    expect(first).toBeInstanceOf(Pair);
    // The costly per-node defineProperty is gone: no own symbol, no own schema.
    for (const node of [
      root,
      first!,
      first!.key as object,
      second!.value as object,
    ]) {
      expect(Object.getOwnPropertySymbols(node)).toEqual([]);
    }
    expect(Object.getOwnPropertyNames(root)).toEqual(["items", "range"]);
    expect((root as unknown as { schema: unknown }).schema).toBe(
      fast.document.schema,
    );
    // And yaml works on them as on its own: clone, toJS, toString.
    expect(root.clone().toJSON()).toEqual({
      a: 1,
      b: ["x", { c: "d" }],
      e: ["f"],
    });
    expect(isMap(root.clone())).toBe(true);
    expect(fast.document.toString()).toBe(
      parseDocument("a: 1\nb: [x, { c: d }]\ne:\n  - f\n").toString(),
    );
  });
});

describe("the fast YAML reader on chosen texts", () => {
  const read = [
    [
      "comments and blank lines",
      "# yaml-language-server: $schema=./x.json\n#\n\na: 1 # one\n\n# two\nb: 2\n",
    ],
    ["no final newline", "a: 1\nb: x"],
    ["trailing blank lines", "a: 1\n\n\n"],
    ["trailing spaces", "a: 1   \nb:    \nc: x  \n"],
    ["spaces before the colon", 'a  : 1\n"b"   : 2\n'],
    ["nested mappings", "a:\n  b:\n    c: 1\n  d: 2\ne: 3\n"],
    [
      "lists",
      "a:\n  - 1\n  - x\n  -\n  - k: v\n    l: w\nb:\n- same column\n- again\nc: 1\n",
    ],
    ["list of lists", "a:\n  -\n    - 1\n    - 2\n"],
    ["empty values", "a:\nb:\n  c:\nd: ~\ne: null\n"],
    ["an empty value last", "a: 1\nb:\n\n\n"],
    ["an empty list item last", "a:\n  - 1\n  -\n"],
    [
      "flow collections",
      "a: { type: string, enum: [A, B], required: true }\nb: [ ]\nc: {}\nd: [ a , \"b\" ,'c' , [1] , {x: 1} ]  # c\ne: { x : 1 , y: [2] , z: {q: 1} }\n",
    ],
    ["flow plain scalars with colons", "a: [http://x, a:b, 'c: d']\n"],
    [
      "quoted scalars",
      "a: \"x \\\" \\\\ \\n \\t \\u00e9 \\x41 \\U0001F600 \\e \\_ \\N \\L \\P \\  \\/ \\0 \\a \\b \\f \\r \\v\"\nb: 'it''s # not a comment'\nc: \"\"\nd: ''\n\"k: #\": 1\n'x''y': 2\n",
    ],
    [
      "plain scalars with indicators inside",
      'a: b#c\nb: c:d\nc: x - y\nd: 50%\ne: a, b]\nf: -x\ng: "{base_url}"\n',
    ],
    ["unicode", '名前: "非ASCII — ñandú 😀"\nkey é: ü 👨‍👩‍👧\nnbsp: a\u00a0b\n'],
    [
      "numbers and words",
      "a: [1.0.0, 1.0, 010, +1, 0x1F, 1e3, .5, 0o17, -0, 1_000, .inf, -.inf, .NaN, 1.50, 1., 0X1F, +.5, 2023-04-10, 12:30]\nb: True\nc: FALSE\nd: yes\ne: ~\nf: Null\n1: one\n2.5: two\ntrue: three\nnull: four\n",
    ],
    [
      "literal and folded block scalars",
      "a: |\n  x\n\n  y\n    more\nb: >\n  p\n   q\n  r\n\n  s\nc: >-\n    folded\n    text\n\n# after\nd: |-\n  keep\ne:\n  - |\n    item\n  - >-\n    item two\n",
    ],
    ["a block scalar at the end", "a: >-\n  last line"],
    [
      "a block scalar holding comment-like lines",
      "a: |\n  # not a comment\n  ---\n",
    ],
    [
      "comments indented past a value",
      "a: 1\n    # joins 1\n\n    # joins too\n  # still\nb:\n  c: x\n    # joins x\n  d: y\n# not joined\ne: [1]\n   # joins the list\nf:\n  - 1\n    # joins 1\n",
    ],
    [
      "comments before nested values",
      "a:  # c\n  # c\n  b: 1\nc:\n# c\n- 1\nd:\n\n  # c\n\n  - x\n",
    ],
    ["duplicate keys", "a: 1\na: 2\nb: { x: 1, x: 2 }\n"],
    ["long keys", `${"k".repeat(1024)}: 1\n`],
    ["lines of spaces", "a: 1\n   \nb:\n  c: 2\n     \nd: 3\n"],
  ] as const;
  it.each(read)("reads %s exactly as yaml does", (_, text) => {
    expect(fastYamlRefusal(text, options)).toBeUndefined();
    expect(matchesYaml(text)).toBe(true);
  });

  const refused = [
    ["a tab", "a:\n\tb: 1\n"],
    ["a carriage return", "a: 1\r\nb: 2\r\n"],
    ["a byte order mark", "\ufeffa: 1\n"],
    ["a control character", "a: x\u0007y\n"],
    ["a line separator", "a: x\u2028y\n"],
    ["an anchor and alias", "a: &x 1\nb: *x\n"],
    ["a tag", "a: !!str 1\n"],
    ["a directive", "%YAML 1.2\n---\na: 1\n"],
    ["a document start", "---\na: 1\n"],
    ["two documents", "a: 1\n---\nb: 2\n"],
    ["a document end", "a: 1\n...\n"],
    ["a multi-line flow list", "a: [1,\n  2]\n"],
    ["a multi-line plain scalar", "a: one\n  two\n"],
    ["a multi-line quoted scalar", 'a: "one\n  two"\n'],
    ["an explicit key", "? a\n: 1\n"],
    ["a flow key", "[a]: 1\n"],
    ["a comment inside a flow list", "a: [1 #c\n  ]\n"],
    ["an unclosed quote", 'a: "x\nb: 1\n'],
    ["an unclosed list", "a: [1, 2\nb: 1\n"],
    ["bad indentation", "a:\n  b: 1\n c: 2\n"],
    ["a value on the key's line and below", "a: 1\n  b: 2\n"],
    ["a compact mapping on a key's line", "a: b: c\n"],
    ["a list on a key's line", "a: - b\n"],
    ["a list item on a list item's line", "- - a\n"],
    ["a root list", "- a\n- b\n"],
    ["a root scalar", "just text\n"],
    ["nothing", "# only a comment\n"],
    ["an empty value with a comment", "a: # c\nb: 1\n"],
    ["an empty value before a comment", "a:\n  # c\nb: 1\n"],
    ["a comment kept inside a collection", "a:\n  b: 1\n  # c\nc: 2\n"],
    ["a keep-chomping block scalar", "a: |+\n  x\n\nb: 1\n"],
    ["an indentation indicator", "a: |2\n   x\n"],
    ["a comment after a block scalar header", "a: | # c\n  x\n"],
    ["a block scalar with leading empty lines", "a: |\n\n  x\n"],
    ["a trailing comma", "a: [1, 2, ]\n"],
    ["an empty flow value", "a: {x: }\n"],
    ["a bad escape", 'a: "\\q"\n'],
    ["an escaped line break", 'a: "x\\\n  y"\n'],
    ["a key over 1024 characters", `${"k".repeat(1025)}: 1\n`],
    ["a value after a quoted scalar", 'a: "x" y\n'],
    ["a comment touching a value", 'a: "x"#c\n'],
    ["nesting past the limit", `a: ${"[".repeat(70)}${"]".repeat(70)}\n`],
  ] as const;
  it.each(refused)("leaves %s to yaml", (_, text) => {
    expect(parseFastYaml(text, options)).toBeUndefined();
  });
});

/** Scalars as specs write them: plain, they stay (mostly) what they say. */
const plainWords = [
  "x",
  "string",
  "object",
  "Free",
  "default plan",
  "10000/hour",
  "/oauth2/token",
  "1.0.0",
  "1.0",
  "010",
  "+1",
  "0x1F",
  "1e3",
  ".5",
  "-5",
  "0o17",
  ".inf",
  ".NaN",
  "1_000",
  "true",
  "False",
  "yes",
  "null",
  "~",
  "Null",
  "2023-04-10",
  "12:30",
  "a:b",
  "a#b",
  "-a",
  "a, b",
  "a]",
  "it's",
  'say "hi"',
  "back\\slash",
  "名前",
  "ñandú",
  "😀 👨‍👩‍👧",
  "a\u00a0b",
  "<<",
  "50%",
];
/** Scalars that, written plain, mean something else or are not YAML. */
const hostileWords = [
  "",
  "a # b",
  "a: b",
  "- a",
  "? a",
  "[a]",
  "{a}",
  "&a",
  "*a",
  "!a",
  "%a",
  "@a",
  "`a",
  "|",
  ">",
  "'a'",
  '"a"',
  " lead",
  "trail ",
  "line\nbreak",
  "tab\there",
  "---",
  "...",
  "#",
  ":",
  "-",
];

/** Double-quoted scalars with YAML's escapes, written as they are. */
const escapedWords = [
  '"\\x41\\e\\_\\N\\L\\P\\ \\/\\0\\a\\b\\f\\r\\v\\t\\U0001F600\\u00e9"',
  '"\\xZZ"',
  '"\\q"',
  '"\\U00110000"',
  '"a\\\\"',
];

function plainOrQuoted(word: string, style: number): string {
  if (style === 3) return word;
  if (style === 1) return `'${word.replaceAll("'", "''")}'`;
  if (style === 2) return JSON.stringify(word);
  return word;
}

/**
 * Random spec-like YAML: nested block mappings and lists, flow collections
 * and block scalars, drawn from hostile words, with comments, blank lines
 * and trailing spaces in random places and at random columns. Much of it is
 * outside the subset, or not YAML at all; the fast reader must then give up.
 */
function randomYaml(g: fc.GeneratorValue): string {
  const lines: string[] = [];
  const pick = <T>(list: readonly T[]): T =>
    list[g(fc.nat, { max: list.length - 1 })]!;
  const chance = (percent: number): boolean => g(fc.nat, { max: 99 }) < percent;
  const word = (): string =>
    chance(80) ? pick(plainWords) : pick(hostileWords);
  const scalar = (): string => {
    if (chance(3)) return pick(escapedWords);
    const chosen = word();
    return plainOrQuoted(
      chosen,
      plainWords.includes(chosen) ? pick([0, 0, 0, 1, 2]) : pick([0, 1, 2, 2]),
    );
  };
  const trailing = (): string =>
    (chance(15) ? " ".repeat(g(fc.nat, { max: 3 })) : "") +
    (chance(15) ? `${chance(90) ? " " : ""}# ${word()}` : "");
  const gap = (indent: number): void => {
    while (chance(20)) {
      const column = chance(50)
        ? indent
        : Math.max(0, indent + g(fc.integer, { min: -4, max: 4 }));
      // Now and then a stray line, continuing a scalar or breaking the structure.
      if (chance(3)) lines.push(`${" ".repeat(column)}${scalar()}`);
      else
        lines.push(
          chance(50)
            ? `${" ".repeat(column)}# ${word()}`
            : " ".repeat(chance(20) ? column : 0),
        );
    }
  };
  const flow = (depth: number): string => {
    const inner = (): string =>
      depth < 3 && chance(25) ? flow(depth + 1) : scalar();
    const pad = (): string => " ".repeat(g(fc.nat, { max: 2 }));
    const count = g(fc.nat, { max: 3 });
    const items = Array.from({ length: count }, () =>
      chance(50)
        ? `${scalar()}${pad()}:${chance(95) ? " " : ""}${pad()}${inner()}`
        : inner(),
    );
    const asMap = chance(50);
    const body =
      items.map((item) => `${pad()}${item}${pad()}`).join(",") +
      (chance(5) ? "," : "");
    return asMap ? `{${body}}` : `[${body}]`;
  };
  const blockScalar = (indent: number): string[] => {
    const header = chance(90)
      ? pick(["|", ">", "|-", ">-"])
      : pick(["|+", ">2", "| # c"]);
    const body = Array.from({ length: 1 + g(fc.nat, { max: 3 }) }, () =>
      chance(20)
        ? ""
        : `${" ".repeat(indent + (chance(20) ? 2 : 0))}${word().replaceAll("\n", " ")}`,
    );
    return [header, ...body];
  };
  const value = (indent: number, depth: number, inList: boolean): void => {
    const last = lines.length - 1;
    const step = pick([1, 2, 2, 2, 4]);
    const kind =
      depth > 3
        ? pick(["scalar", "flow"])
        : pick(["scalar", "scalar", "flow", "map", "list", "block", "empty"]);
    const space = " ".repeat(chance(90) ? 1 : 2 + g(fc.nat, { max: 2 }));
    if (kind === "scalar") lines[last] += `${space}${scalar()}${trailing()}`;
    else if (kind === "flow") lines[last] += `${space}${flow(0)}${trailing()}`;
    else if (kind === "block") {
      const [header, ...body] = blockScalar(indent + step);
      lines[last] += ` ${header}`;
      lines.push(...body);
    } else if (kind === "empty") lines[last] += trailing();
    else {
      lines[last] += trailing();
      gap(indent + step);
      if (kind === "map") mapping(indent + step, depth + 1);
      else list(!inList && chance(30) ? indent : indent + step, depth + 1);
    }
  };
  const mapping = (
    indent: number,
    depth: number,
    firstOnLine = false,
  ): void => {
    const count = 1 + g(fc.nat, { max: 3 });
    for (let index = 0; index < count; index++) {
      if (index > 0) gap(indent);
      const key = `${scalar()}${chance(10) ? "  " : ""}:`;
      if (index === 0 && firstOnLine) lines[lines.length - 1] += key;
      else lines.push(`${" ".repeat(indent)}${key}`);
      value(indent, depth, false);
    }
  };
  const list = (indent: number, depth: number): void => {
    const count = 1 + g(fc.nat, { max: 3 });
    for (let index = 0; index < count; index++) {
      if (index > 0) gap(indent);
      lines.push(`${" ".repeat(indent)}-`);
      if (depth < 4 && chance(30)) {
        const spaces = pick([1, 1, 2]);
        lines[lines.length - 1] += " ".repeat(spaces);
        mapping(indent + 1 + spaces, depth + 1, true);
      } else value(indent, depth, true);
    }
  };
  gap(0);
  mapping(0, 0);
  gap(0);
  return lines.join("\n") + (chance(80) ? "\n" : "");
}

/** Real specs with a few characters inserted or deleted here and there: near misses of the subset. */
const mutationBases = [
  "spec/remittance.yaml",
  "test/fixtures/good-spec.yaml",
  "test/fixtures/schemas-spec.yaml",
  "test/fixtures/client/schema-spec.yaml",
].map((path) => readFileSync(join(repoRoot, path), "utf8"));
const insertions = [
  " ",
  "  ",
  "\n",
  "\n\n",
  "\n  ",
  "#",
  " #",
  "  # c\n",
  ":",
  ": ",
  "-",
  "- ",
  "'",
  '"',
  "\\",
  "[",
  "]",
  "{",
  "}",
  ",",
  "|",
  ">",
  "x",
  "1",
  "é",
];
const mutation = fc.record({
  at: fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }),
  insert: fc.constantFrom(...insertions),
  remove: fc.nat({ max: 3 }),
});

function mutate(
  text: string,
  edits: readonly { at: number; insert: string; remove: number }[],
): string {
  let result = text;
  for (const { at, insert, remove } of edits) {
    const offset = Math.floor(at * result.length);
    result = result.slice(0, offset) + insert + result.slice(offset + remove);
  }
  return result;
}

describe("the fast YAML reader on random spec-like texts", () => {
  it("reads real specs with random edits exactly as yaml does, or leaves them to yaml", () => {
    fc.assert(
      fc.property(
        fc.nat({ max: mutationBases.length - 1 }),
        fc.array(mutation, { minLength: 1, maxLength: 3 }),
        (base, edits) => {
          matchesYaml(mutate(mutationBases[base]!, edits));
        },
      ),
      { numRuns: 1000 },
    );
  });

  it("reads each exactly as yaml does, or leaves it to yaml", () => {
    let readCount = 0;
    let total = 0;
    fc.assert(
      fc.property(fc.gen(), (g) => {
        const text = randomYaml(g);
        total++;
        if (matchesYaml(text)) readCount++;
      }),
      { numRuns: 3000 },
    );
    // The property says little if the reader gives up on nearly everything.
    expect(readCount / total).toBeGreaterThan(0.1);
  });
});
