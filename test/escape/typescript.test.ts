/**
 * The one door for spec text into generated TypeScript and JavaScript:
 * literals evaluate to exactly their input, comments cannot be closed or
 * broken, keys round-trip, and all of it is printed as prettier prints it.
 */
import fc from "fast-check";
import * as prettier from "prettier";
import { ts } from "ts-morph";
import { describe, expect, it } from "vitest";
import { formatCode } from "../../src/render/code/module.js";
import {
  docLines,
  isPlainKey,
  objectLiteralKey,
  propertyKey,
  stringLiteral,
} from "../../src/escape/typescript.js";

/** Evaluates a JavaScript expression. */
function evaluate(expression: string): unknown {
  return new Function(`return (${expression});`)();
}

const longMixed = Array.from(
  { length: 10_000 },
  (_, index) => "a*/`${'\"\\\n\r\u2028\u2029\0\u202e名😀"[index % 18],
).join("");

/** Spec text that tries every way out of a literal, comment or key. */
const hostile: readonly string[] = [
  "",
  "*/",
  "/*",
  "*/ globalThis.__pwned = 1; /*",
  "`",
  "${globalThis.__pwned=1}",
  "`${globalThis.__pwned=1}`",
  '"',
  "'",
  "\"'",
  "'\"'",
  '"; globalThis.__pwned = 1; "',
  "'; globalThis.__pwned = 1; '",
  "\\",
  "\\\\",
  "a\\",
  '\\"',
  "\\u0041",
  "\\u{1F600}",
  "\n",
  "\r",
  "\r\n",
  "\u2028",
  "\u2029",
  "\u0085",
  "line\u2028globalThis.__pwned = 1 //",
  "\0",
  "\u0000\u0001\u0007\b\t\v\f\u000e\u001b[31m\u007f\u0080\u009f",
  "\ud800",
  "\udfff",
  "a\ud800b",
  "\udc00\ud800",
  "😀",
  "👨‍👩‍👧",
  "🇵🇰",
  "1\ufe0f\u20e3",
  "\u202eevil\u202c",
  "\u2066\u2069\u200e\u200f\u061c",
  "\ufeff\u200b\u200c\u200d\u00ad",
  "\u00a0\u3000\u2003",
  "</script>",
  "</script><script>globalThis.__pwned=1</script>",
  "<!--",
  "-->",
  "<img src=x onerror=alert(1)>",
  "**bold** [link](javascript:alert(1)) | a | b |",
  "名前",
  "ñandú",
  "a\u0301",
  "\u0301",
  "Ελληνικά עברית العربية",
  "@param x {@link y}",
  "constructor",
  "__proto__",
  "toString",
  "default",
  "delete",
  "x".repeat(10_000),
  longMixed,
];

/** Strings of any UTF-16 code units (lone surrogates included) and the characters above. */
const anyText = fc.string({
  unit: fc.oneof(
    fc
      .integer({ min: 0, max: 0xffff })
      .map((code) => String.fromCharCode(code)),
    fc.constantFrom(
      "*",
      "/",
      "`",
      "$",
      "{",
      "}",
      '"',
      "'",
      "\\",
      "\n",
      "\r",
      "\u2028",
      "\u2029",
      "@",
      " ",
    ),
    fc.string({ unit: "grapheme", minLength: 1, maxLength: 1 }),
  ),
  maxLength: 40,
});

describe("stringLiteral", () => {
  // Found by the docs examples' property test: oxfmt and prettier measure
  // these marks differently, so a line holding them broke differently.
  const measuredApart = [
    "\u09be", // Bengali vowel sign AA
    "\u0bbe", // Tamil vowel sign AA
    "\u1b44", // Balinese adeg adeg
    "\u{1d165}\u{1d16e}", // musical combining stem and flag
    "\u2d7f", // Tifinagh consonant joiner
  ];
  it.each(measuredApart)(
    "escapes %j, so oxfmt lays the line out as prettier does",
    async (marks) => {
      const literal = stringLiteral(`x${marks}`.repeat(6));
      expect(literal).toMatch(/^"[\x20-\x7e]*"$/);
      for (const pad of [40, 44, 48, 52]) {
        const code = `const x = [${literal}, "${"a".repeat(pad)}", "bb"];\n`;
        expect((await formatCode("a.ts", code)).trimEnd()).toBe(
          (await prettier.format(code, { parser: "typescript" })).trimEnd(),
        );
      }
    },
  );

  it("keeps the marks both formatters measure alike as they are", () => {
    // Devanagari, Arabic and combining acute: readable in the source.
    for (const text of ["\u0915\u093e", "\u0633\u064e", "e\u0301"])
      expect(stringLiteral(text)).toBe(`"${text}"`);
  });

  it.each(hostile.map((text) => [JSON.stringify(text).slice(0, 60), text]))(
    "evaluates to exactly %s",
    (_, text) => {
      const literal = stringLiteral(text);
      expect(evaluate(literal)).toBe(text);
    },
  );

  it("evaluates to exactly its input for any UTF-16 text", () => {
    fc.assert(
      fc.property(anyText, (text) => {
        expect(evaluate(stringLiteral(text))).toBe(text);
      }),
      { numRuns: 600 },
    );
  });

  it("holds no raw line terminator, control, format or unpaired character", () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const literal = stringLiteral(text);
        expect(literal).not.toMatch(
          /[\n\r\u2028\u2029\u0000-\u001f\u007f-\u009f\p{Cf}]/u,
        );
        expect(literal.isWellFormed()).toBe(true);
        // One literal: the opening quote comes back only at the very end, unescaped.
        const quote = literal[0]!;
        expect(["'", '"']).toContain(quote);
        expect(literal.at(-1)).toBe(quote);
      }),
      { numRuns: 400 },
    );
    for (const text of hostile)
      expect(stringLiteral(text)).not.toMatch(/[\n\r\u2028\u2029\u202e\u2066]/);
  });

  it("uses double quotes unless single quotes need fewer escapes, as prettier does", () => {
    expect(stringLiteral("plain")).toBe('"plain"');
    expect(stringLiteral('say "hi"')).toBe("'say \"hi\"'");
    expect(stringLiteral('it\'s "x"')).toBe("'it\\'s \"x\"'");
    expect(stringLiteral("it's 'x' \"y\"")).toBe('"it\'s \'x\' \\"y\\""');
    expect(stringLiteral("it's")).toBe('"it\'s"');
  });

  it("writes invisible and emoji characters as escapes", () => {
    expect(stringLiteral("\u202e")).toBe('"\\u202e"');
    expect(stringLiteral("😀")).toBe('"\\u{1f600}"');
    expect(stringLiteral("\ud800")).toBe('"\\ud800"');
    expect(stringLiteral("a\u00a0b")).toBe('"a\\u00a0b"');
    // Letters, marks and CJK stay readable.
    expect(stringLiteral("名前 ñandú a\u0301")).toBe('"名前 ñandú a\u0301"');
  });

  it("is left unchanged by prettier, in TypeScript and JavaScript", async () => {
    const samples = [
      ...hostile.filter((text) => text.length < 200),
      ...fc.sample(anyText, { numRuns: 150, seed: 7 }),
    ];
    // One literal per line (the array is far too long for one line), so no line break depends on a literal's width.
    const source = `export const all = [\n${samples.map((text) => `  ${stringLiteral(text)},\n`).join("")}];\n`;
    expect(await prettier.format(source, { parser: "typescript" })).toBe(
      source,
    );
    expect(await prettier.format(source, { parser: "babel" })).toBe(source);
  });

  it("handles 10,000-character strings quickly", () => {
    const started = performance.now();
    for (const text of [
      "y".repeat(10_000),
      longMixed,
      "名".repeat(10_000),
      "😀".repeat(5_000),
    ]) {
      expect(evaluate(stringLiteral(text))).toBe(text);
    }
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});

describe("docLines", () => {
  const bodyOf = (text: string): string =>
    [
      "/**",
      ...docLines(text).map((line) => (line === "" ? " *" : ` * ${line}`)),
      " */",
    ].join("\n");

  it("never yields a line holding */, a line terminator, a control or bidi character, or a lone surrogate", () => {
    const bad = (line: string): boolean =>
      line.includes("*/") ||
      /[\n\r\u2028\u2029\u0085\u0000-\u0008\u000b-\u001f\u007f-\u009f]/.test(
        line,
      ) ||
      /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/.test(line) ||
      !line.isWellFormed() ||
      line !== line.trimEnd();
    const check = (text: string): void => {
      expect(docLines(text).filter(bad)).toEqual([]);
    };
    for (const text of hostile) check(text);
    fc.assert(fc.property(anyText, check), { numRuns: 600 });
  });

  it("cannot end a doc comment or a line comment early", () => {
    const check = (text: string): void => {
      // Anything after the comment would run: the comment must swallow all of the text.
      expect(new Function(`${bodyOf(text)}\nreturn 1;`)()).toBe(1);
      expect(new Function(`// ${docLines(text).join(" ")}\nreturn 2;`)()).toBe(
        2,
      );
      const scanned = ts.createSourceFile(
        "x.ts",
        `${bodyOf(text)}\nexport {};\n`,
        ts.ScriptTarget.ES2022,
        true,
      );
      expect(scanned.statements).toHaveLength(1);
    };
    for (const text of hostile) check(text);
    fc.assert(fc.property(anyText, check), { numRuns: 500 });
  });

  it("keeps the text: only \\, */ and @ are escaped, line breaks split lines", () => {
    const plain = fc.string({
      unit: fc.oneof(
        fc.constantFrom(
          "*",
          "/",
          "@",
          "\\",
          "a",
          "名",
          "😀",
          "\n",
          "\u2028",
          "`",
          "$",
          "{",
        ),
        fc.string({ unit: "grapheme-ascii", minLength: 1, maxLength: 1 }),
      ),
      maxLength: 40,
    });
    fc.assert(
      fc.property(plain, (text) => {
        const back = docLines(text)
          .join("\n")
          // One pass, as a Markdown reader undoes backslash escapes.
          .replace(
            /\\([\\@])|\*\\\//g,
            (escape, escaped?: string) => escaped ?? "*/",
          );
        const expected = text
          .replace(/\r\n?|\u2028|\u2029/g, "\n")
          .split("\n")
          .map((line) => line.replace(/[\u0000-\u001f\u007f]/g, " ").trimEnd())
          .join("\n");
        expect(back).toBe(expected);
      }),
      { numRuns: 500 },
    );
  });

  it("shows bidirectional controls as escapes and keeps zero-width joiners", () => {
    expect(docLines("a\u202eb")).toEqual(["a\\u202eb"]);
    expect(docLines("👨\u200d👩")).toEqual(["👨\u200d👩"]);
    expect(docLines("x\ud800")).toEqual(["x\ufffd"]);
    expect(docLines("a */ b @c\u2028d")).toEqual(["a *\\/ b \\@c", "d"]);
    expect(docLines("*\\/ \\@ \\u202e")).toEqual(["*\\\\/ \\\\\\@ \\\\u202e"]);
  });

  it("is left unchanged by prettier inside a comment", async () => {
    const samples = [
      ...hostile.filter((text) => text.length < 200),
      ...fc.sample(anyText, { numRuns: 100, seed: 11 }),
    ];
    const source = samples
      .map((text, index) => `${bodyOf(text)}\nexport const c${index} = 1;\n`)
      .join("\n");
    expect(await prettier.format(source, { parser: "typescript" })).toBe(
      source,
    );
  });
});

describe("property keys", () => {
  const names = fc.oneof(
    anyText,
    fc.constantFrom(
      "__proto__",
      "constructor",
      "toString",
      "default",
      "delete",
      "1",
      "01",
      "1.5",
      "1.50",
      "1e3",
      "-1",
      "999999999999999999999",
      "0.1",
      "a-b",
      "a b",
      "$a",
      "_",
      "名前",
      "ñandú",
      "a\u200db",
      "ℹ",
      "ᢅ",
      "",
    ),
    fc.stringMatching(/^[A-Za-z_$][A-Za-z0-9_$]{0,8}$/),
    fc.string({
      unit: fc.constantFrom(
        "a",
        "名",
        "é",
        "\u0301",
        "1",
        "_",
        "$",
        "ǅ",
        "٣",
        "𝒳",
      ),
      maxLength: 6,
    }),
  );

  it("round-trip through JavaScript object literals as own members, __proto__ included", () => {
    fc.assert(
      fc.property(names, (name) => {
        const object = evaluate(`{ ${objectLiteralKey(name)}: 1 }`) as object;
        expect(Object.getOwnPropertyNames(object)).toEqual([name]);
        expect(Object.getPrototypeOf(object)).toBe(Object.prototype);
      }),
      { numRuns: 400 },
    );
    const proto = evaluate(
      `{ ${objectLiteralKey("__proto__")}: { polluted: true } }`,
    ) as Record<string, unknown>;
    expect(Object.hasOwn(proto, "__proto__")).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("round-trip through TypeScript interfaces", () => {
    fc.assert(
      fc.property(names, (name) => {
        const file = ts.createSourceFile(
          "x.ts",
          `interface A {\n  ${propertyKey(name)}: 1;\n}\n`,
          ts.ScriptTarget.ES2022,
        );
        const declaration = file.statements[0] as ts.InterfaceDeclaration;
        expect(
          (file as unknown as { parseDiagnostics: unknown[] }).parseDiagnostics,
        ).toEqual([]);
        expect(file.statements).toHaveLength(1);
        expect(declaration.members).toHaveLength(1);
        const key = declaration.members[0]!.name as
          ts.Identifier | ts.StringLiteral;
        expect(key.text).toBe(name);
      }),
      { numRuns: 400 },
    );
  });

  it("are quoted exactly when prettier quotes them (in JavaScript, as the formatter leaves them)", async () => {
    const samples = [...new Set(fc.sample(names, { numRuns: 400, seed: 3 }))];
    const ts = `interface A {\n${samples.map((name) => `  ${propertyKey(name)}: 1;\n`).join("")}}\n`;
    expect(await prettier.format(ts, { parser: "typescript" })).toBe(ts);
    const object = `const a = {\n${samples.map((name) => `  ${objectLiteralKey(name)}: 1,\n`).join("")}};\n`;
    expect(await prettier.format(object, { parser: "typescript" })).toBe(
      object,
    );
    // The JavaScript is derived and formatted: prettier unquotes `"1"` there, and so does the formatter.
    const js = await formatCode("a.js", object);
    expect(await prettier.format(js, { parser: "babel" })).toBe(js);
    expect(js).toContain("  1: 1,\n");
  });

  it("are bare only when they are identifier names", () => {
    fc.assert(
      fc.property(names, (name) => {
        // (A bare `__proto__` key would set the prototype: object literals use objectLiteralKey.)
        if (isPlainKey(name) && name !== "__proto__")
          expect(evaluate(`{ ${name}: 2 }.${name}`)).toBe(2);
      }),
      { numRuns: 400 },
    );
    expect(propertyKey("__proto__")).toBe("__proto__");
    expect(objectLiteralKey("__proto__")).toBe('["__proto__"]');
    expect(objectLiteralKey("1")).toBe('"1"');
    expect(propertyKey("名前")).toBe("名前");
    expect(propertyKey("a-b")).toBe('"a-b"');
    // Found by the printer property test at 20x its runs: prettier's ES5 list holds
    // U+2E2F, which is no identifier character; bare, TypeScript refuses it.
    expect(propertyKey("\u2e2f")).toBe('"\u2e2f"');
    expect(objectLiteralKey("a\u2e2f")).toBe('"a\u2e2f"');
    const parsed = (source: string): unknown[] =>
      (
        ts.createSourceFile(
          "x.ts",
          source,
          ts.ScriptTarget.ES2022,
        ) as unknown as { parseDiagnostics: unknown[] }
      ).parseDiagnostics;
    expect(parsed("interface A {\n  \u2e2f: 1;\n}\n")).not.toEqual([]);
    expect(
      parsed(`interface A {\n  ${propertyKey("\u2e2f")}: 1;\n}\n`),
    ).toEqual([]);
  });
});
