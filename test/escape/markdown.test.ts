import fc from "fast-check";
import * as prettier from "prettier";
import { describe, expect, it } from "vitest";
import {
  cellText,
  charWidth,
  codeSpan,
  displayWidth,
  generatedHeader,
  headingAnchors,
  inlineText,
  link,
  linkTarget,
  paragraphs,
  table,
} from "../../src/escape/markdown.js";
import {
  markdownAst,
  visibleText,
  type MdNode,
} from "../render/markdown-ast.js";

const format = (markdown: string): Promise<string> =>
  prettier.format(markdown, { parser: "markdown" });

/** One character as the reader sees it: invisible ones as `\uXXXX`, lone surrogates as U+FFFD. */
function visibleChar(char: string): string {
  const code = char.codePointAt(0)!;
  if (code >= 0xd800 && code <= 0xdfff) return "\ufffd";
  return /[\u0000-\u0008\u000e-\u001f\u007f-\u0084\u0086-\u009f\u061c\u200b\u200e\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff\ufff9-\ufffb]/.test(
    char,
  )
    ? `\\u${code.toString(16).padStart(4, "0")}`
    : char;
}

/** What the reader must see for spec text: one line, trimmed, invisible characters as `\uXXXX`. */
function expectedVisible(text: string): string {
  return [...text.replace(/[\t\n\v\f\r\u0085\u2028\u2029 ]+/g, " ").trim()]
    .map(visibleChar)
    .join("");
}

/** Node types below the paragraph other than text: spec text may produce none (no autolinks either). */
function markupTypes(node: MdNode, out: Set<string> = new Set()): Set<string> {
  for (const child of node.children ?? []) {
    if (child.type !== "text" && child.type !== "paragraph")
      out.add(child.type);
    markupTypes(child, out);
  }
  return out;
}

/** A code span shows its text with line breaks as spaces and invisible characters as `\uXXXX`. */
function expectedCode(text: string): string {
  return [...text.replace(/[\t\n\v\f\r\u0085\u2028\u2029]/g, " ")]
    .map(visibleChar)
    .join("");
}

const hostile = [
  "*bold* _em_ __strong__ **x**",
  "`code` ``double``",
  "<script>alert(1)</script>",
  '<img src=x onerror="alert(1)">',
  "[a](javascript:alert(1)) ![i](x.png) [ref][1] [^note]",
  "| a | b |",
  "# heading",
  "## two ##",
  "- item",
  "+ item",
  "* item",
  "1. one",
  "2) two",
  "> quote",
  "---",
  "===",
  "~~~",
  "```ts",
  "a\nb\r\nc\rd\u2028e\u2029f\tg",
  "back\\slash\\",
  "&amp; &#x41; &copy;",
  "$x$ $$y$$",
  "{{ liquid }} {% tag %}",
  ":smile: and 12:30 and a:b:c",
  "snake_case _lead trail_ mid_ _x_",
  "http://example.com/a_b_ www.example.com a@b.co",
  "\u202eevil\u202c \u200b zero \u0007 bell \ufeff",
  "Überweisung 送金 🚀 ترسیل e\u0301 👨‍👩‍👧",
  "  padded  ",
  "\ud800 lone",
  "*/ ${x} \"q\" 'q'",
];

describe("inlineText", () => {
  it.each(hostile)(
    "shows %j literally, as plain text, stable under prettier",
    async (text) => {
      const markdown = inlineText(text);
      expect(markdown).not.toMatch(/\n/);
      const document = `Before ${markdown}\n\n${markdown || "x"}\n\n- ${markdown || "x"}\n\n# ${markdown || "x"}\n`;
      expect(await format(document)).toBe(document);
      const ast = await markdownAst(`${markdown}\n`);
      if (expectedVisible(text) === "") return;
      expect(ast.children).toHaveLength(1);
      expect(ast.children![0]!.type).toBe("paragraph");
      expect(markupTypes(ast)).toEqual(new Set());
      expect(visibleText(ast)).toBe(expectedVisible(text));
    },
  );

  it("leaves ordinary prose alone", () => {
    expect(inlineText("Account title lookup.")).toBe("Account title lookup.");
    expect(inlineText("The request payload shape: not shown.")).toBe(
      "The request payload shape: not shown.",
    );
    expect(inlineText("get_acct_title and 1.0.3")).toBe(
      "get_acct_title and 1.0.3",
    );
    expect(inlineText("business-to-customer (B2C)")).toBe(
      "business-to-customer (B2C)",
    );
  });

  it("escapes what would become markup", () => {
    expect(inlineText("<script>")).toBe("\\<script>");
    expect(inlineText("# x")).toBe("\\# x");
    expect(inlineText("1. x")).toBe("1\\. x");
    expect(inlineText("- x")).toBe("\\- x");
    expect(inlineText("a|b")).toBe("a\\|b");
    expect(inlineText("[a](b)")).toBe("\\[a\\](b)");
    expect(inlineText("a\u2028b\nc")).toBe("a b c");
    expect(inlineText("\u202e")).toBe("\\\\u202e");
  });

  it("holds for generated strings (property test against prettier's parser)", async () => {
    const pieces = fc.constantFrom(
      ...hostile,
      ...[..."\\`*_[]()<>#|~$&{}:.!-+=@\n \u2028"],
      "a",
      "1",
      "é",
      "中",
      "😀",
    );
    await fc.assert(
      fc.asyncProperty(
        fc
          .array(
            fc.oneof(pieces, fc.string({ unit: "binary", maxLength: 4 })),
            { maxLength: 10 },
          )
          .map((parts) => parts.join("")),
        async (text) => {
          const markdown = inlineText(text);
          const document = `${markdown || "x"}\n\n- item ${markdown}\n\n| a   |\n| --- |\n| ${cellText(text) || "x"} |\n`;
          const formatted = await format(
            table(["a"], [[cellText(text)]]) + "\n",
          );
          expect(formatted).toBe(table(["a"], [[cellText(text)]]) + "\n");
          const ast = await markdownAst(`${markdown}\n`);
          if (expectedVisible(text) !== "") {
            expect(markupTypes(ast)).toEqual(new Set());
            expect(visibleText(ast)).toBe(expectedVisible(text));
          }
          expect(document).not.toContain("\u2028");
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("cellText and table", () => {
  it("keeps a table's columns whatever the cells hold", async () => {
    const rows = hostile.map((text) => [
      codeSpan(text, { table: true }),
      cellText(text),
      "x",
    ]);
    const markdown = `${table(["Code", "Text", "Other"], rows)}\n`;
    expect(await format(markdown)).toBe(markdown);
    const ast = await markdownAst(markdown);
    const tableNode = ast.children!.find((node) => node.type === "table")!;
    expect(tableNode.children).toHaveLength(hostile.length + 1);
    for (const row of tableNode.children!) expect(row.children).toHaveLength(3);
    hostile.forEach((text, index) => {
      const cell = tableNode.children![index + 1]!.children![1]!;
      if (expectedVisible(text) !== "")
        expect(visibleText(cell)).toBe(expectedVisible(text));
    });
  });

  it("writes characters of unknown width as character references", () => {
    expect(cellText("🚀 ok")).toBe("&#x1F680; ok");
    expect(cellText("送金")).toBe("送金");
    expect(inlineText("🚀")).toBe("🚀");
    expect(() => displayWidth("🚀")).toThrow(/no known width/);
  });

  it("pads a 10,000-character cell", async () => {
    const long = "x*|<".repeat(2500);
    const markdown = `${table(["A", "B"], [[cellText(long), "y"]])}\n`;
    expect(await format(markdown)).toBe(markdown);
  });

  it("measures every character it claims to know as prettier does", () => {
    for (let code = 0; code <= 0x10ffff; code++) {
      if (code >= 0xd800 && code <= 0xdfff) continue;
      const width = charWidth(code);
      if (width === undefined) continue;
      const measured =
        prettier.util.getStringWidth(`a${String.fromCodePoint(code)}b`) - 2;
      if (measured !== width)
        expect({ code: code.toString(16), width }).toEqual({
          code: code.toString(16),
          width: measured,
        });
    }
  });

  it("rejects rows with the wrong number of cells", () => {
    expect(() => table(["a", "b"], [["1"]])).toThrow(/1 cells, the header 2/);
  });
});

describe("codeSpan", () => {
  it("fences with enough backticks and pads as prettier does", async () => {
    expect(codeSpan("a")).toBe("`a`");
    expect(codeSpan("a`b")).toBe("``a`b``");
    expect(codeSpan("`x`")).toBe("`` `x` ``");
    expect(codeSpan("a``b")).toBe("`a``b`");
    expect(codeSpan("")).toBe("_(empty)_");
    expect(codeSpan("a|b", { table: true })).toBe("`a\\|b`");
    expect(codeSpan("a\nb\u2028c")).toBe("`a b c`");
    for (const text of hostile) {
      const markdown = `x ${codeSpan(text)}\n`;
      expect(await format(markdown)).toBe(markdown);
      const ast = await markdownAst(markdown);
      const code = ast.children![0]!.children!.find(
        (node) => node.type === "inlineCode",
      );
      expect(code?.value).toBe(expectedCode(text));
    }
  });
});

describe("text of megabytes", () => {
  it("is taken as plain, or escaped, without overflowing the regexp stack", () => {
    // The plain-text tests were alternations under a star, which keep a
    // backtrack entry per character: 8.4 million overflowed ("Maximum call
    // stack size exceeded"), so a long description stopped generate.
    const words = "word, ".repeat(1_500_000).trim();
    expect(inlineText(words)).toBe(words);
    expect(cellText(words)).toBe(words);
    expect(codeSpan(words)).toBe(`\`${words}\``);
    expect(codeSpan(words, { table: true })).toBe(`\`${words}\``);
    // Two spaces, a trailing space or a first character outside the class: not plain.
    expect(inlineText(`${words}  a`)).toBe(`${words} a`);
    expect(codeSpan(`${words} `)).toBe(`\`${words} \``);
    expect(inlineText(` ${words}`)).toBe(words);
    expect(inlineText(`1${words}`)).toBe(`1${words}`);
    expect(codeSpan(`|${words}`)).toBe(`\`|${words}\``);
  });
});

describe("links and paragraphs", () => {
  it("percent-encodes link targets so they cannot break out", async () => {
    expect(linkTarget("docs/get-acct-title.md")).toBe("docs/get-acct-title.md");
    expect(linkTarget("a b(c)<d>\\e")).toBe("a%20b%28c%29%3Cd%3E%5Ce");
    const markdown = `${link(inlineText("x](javascript:alert(1))"), "docs/a b).md")}\n`;
    expect(await format(markdown)).toBe(markdown);
    const ast = await markdownAst(markdown);
    const node = ast.children![0]!.children![0]!;
    expect(node.type).toBe("link");
    expect(node.url).toBe("docs/a%20b%29.md");
    expect(visibleText(node)).toBe("x](javascript:alert(1))");
  });

  it("keeps blank-line paragraphs apart and joins lines", () => {
    expect(paragraphs("one\ntwo\n\n# three\n\n\n")).toBe(
      "one two\n\n\\# three",
    );
  });
});

describe("generatedHeader", () => {
  it("keeps the spec file name inside one comment", async () => {
    expect(generatedHeader("spec/remittance.yaml")).toBe(
      "<!-- Generated by remitgen from spec/remittance.yaml. DO NOT EDIT. -->",
    );
    const header = generatedHeader("a--><script>x</script>\nb.yaml");
    expect(header.match(/-->/g)).toHaveLength(1);
    expect(header).not.toMatch(/<script/);
    const ast = await markdownAst(`${header}\n`);
    expect(ast.children).toHaveLength(1);
    expect(ast.children![0]!.type).toBe("html");
  });
});

describe("as GitHub renders it (micromark with GFM, whose autolinks prettier's parser does not know)", () => {
  const render = async (markdown: string): Promise<string> => {
    const { micromark } = await import("micromark");
    const { gfm, gfmHtml } = await import("micromark-extension-gfm");
    return micromark(markdown, {
      extensions: [gfm()],
      htmlExtensions: [gfmHtml()],
    });
  };
  /** Every tag in rendered HTML, by name. */
  const tags = (html: string): Set<string> =>
    new Set([...html.matchAll(/<\/?([a-z0-9]+)/g)].map((m) => m[1]!));
  const autolinkBait = [
    "ops\u200b@bank.example",
    "support@.bank.example",
    "a@.a",
    "mail a.b-c_d@bank.example now",
    "x@y z@ @w",
    "https://bank.example/a?b=c www.bank.example ftp://x",
  ];

  it.each([...hostile, ...autolinkBait])(
    "%j: inline text and table cells render no link and no HTML",
    async (text) => {
      const inline = await render(`${inlineText(text) || "x"}\n`);
      expect(tags(inline)).toEqual(new Set(["p"]));
      const cells = await render(
        table(["a"], [[cellText(text) || "x"]]) + "\n",
      );
      expect([...tags(cells)].sort()).toEqual([
        "table",
        "tbody",
        "td",
        "th",
        "thead",
        "tr",
      ]);
    },
  );

  it("holds for generated strings (property test)", async () => {
    const pieces = fc.constantFrom(
      ...autolinkBait,
      ...[..."@._-:/\u200b\u00ad"],
      "a",
      "1",
      "www",
      "http",
      "é",
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(pieces, { maxLength: 12 }).map((parts) => parts.join("")),
        async (text) => {
          expect(tags(await render(`${inlineText(text) || "x"}\n`))).toEqual(
            new Set(["p"]),
          );
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("headingAnchors", () => {
  it("gives GitHub's anchors: lowercase, no punctuation, repeats numbered", () => {
    expect(
      headingAnchors(["Card", "card", "Card", "$Pay_Load", "Zahlung Ü"]),
    ).toEqual(["card", "card-1", "card-2", "pay_load", "zahlung-ü"]);
  });
});
