/**
 * The formatted report: `file:line:column: message [CODE]`, the offending
 * source line with a caret underline, then `hint: ...`; never a stack trace.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { Diagnostic } from "../../src/diagnostics/diagnostic.js";
import { formatDiagnostics } from "../../src/diagnostics/format.js";
import { checkSpecText } from "../../src/check-spec.js";
import { repoRoot } from "../generate/support.js";

const good = readFileSync(
  fileURLToPath(new URL("../fixtures/good-spec.yaml", import.meta.url)),
  "utf8",
);

function formatted(text: string, file = "spec/remittance.yaml"): string {
  const result = checkSpecText(text, file);
  if (result.ok) throw new Error("expected the spec to fail");
  return result.formatted;
}

const diagnostic = (over: Partial<Diagnostic>): Diagnostic => ({
  code: "RG010",
  message: "a message",
  hint: "a hint",
  file: "s.yaml",
  line: 1,
  column: 1,
  length: 1,
  ...over,
});

describe("formatDiagnostics", () => {
  it("formats an unknown key: header, the line, a caret under the key, the hint", () => {
    const text = good.replace(
      "    summary: Account title lookup.",
      "    sumary: Account title lookup.",
    );
    expect(formatted(text)).toBe(
      [
        'spec/remittance.yaml:20:5: unknown key "sumary" in operation "get_acct_title" [RG010]',
        "  20 |     sumary: Account title lookup.",
        "     |     ^^^^^^",
        '  hint: did you mean "summary"?',
      ].join("\n"),
    );
  });

  it("formats a bad value with the caret under the value, and two diagnostics apart", () => {
    const text = good
      .replace("    effect: read", "    effect: safe")
      .replace(
        "      rateLimit: 10000/hour\n      cost: Free\n  V1:",
        "      rateLimit: lots\n      cost: Free\n  V1:",
      );
    expect(formatted(text)).toBe(
      [
        'spec/remittance.yaml:21:13: operation "get_acct_title" effect is "safe", which is not allowed [RG013]',
        "  21 |     effect: safe",
        "     |             ^^^^",
        '  hint: use one of "read", "write"',
        "",
        'spec/remittance.yaml:33:18: rate limit "lots" is not of the form COUNT/UNIT [RG040]',
        "  33 |       rateLimit: lots",
        "     |                  ^^^^",
        "  hint: write e.g. `10000/hour` or `10000 per hour`; units: second, minute, hour, day",
      ].join("\n"),
    );
  });

  it("formats a YAML syntax error at the opening quote, with a tab shown as one character", () => {
    expect(formatted('remitgen: 1\nservice:\n  title: "open\n')).toBe(
      [
        "spec/remittance.yaml:3:10: YAML syntax error: this quoted value is never closed [RG003]",
        '  3 |   title: "open',
        "    |          ^",
        "  hint: add the closing quote at the end of the value",
      ].join("\n"),
    );
    expect(formatted("remitgen: 1\nservice:\n\ttitle: x\n")).toBe(
      [
        "spec/remittance.yaml:3:1: YAML syntax error: a tab is used for indentation [RG003]",
        "  3 | →title: x",
        "    | ^",
        "  hint: indent with spaces: YAML does not allow tabs in indentation",
      ].join("\n"),
    );
  });

  it("shows no source line when there is no text (a file that cannot be read)", () => {
    expect(
      formatDiagnostics(
        [
          diagnostic({
            code: "RG001",
            message: "cannot read the spec: no such file",
          }),
        ],
        undefined,
      ),
    ).toBe(
      "s.yaml:1:1: cannot read the spec: no such file [RG001]\n  hint: a hint",
    );
  });

  it("leaves out an empty hint", () => {
    expect(formatDiagnostics([diagnostic({ hint: "" })], "key: value\n")).toBe(
      "s.yaml:1:1: a message [RG010]\n  1 | key: value\n    | ^",
    );
  });

  it("clips the caret to the end of the line", () => {
    expect(
      formatDiagnostics(
        [diagnostic({ column: 6, length: 50 })],
        "key: value\n",
      ).split("\n")[2],
    ).toBe("    |      ^^^^^");
  });

  it("puts the caret under the character however wide what precedes it shows (CJK, emoji, combining marks)", () => {
    // 送金 and 😀 take two cells each in a terminal, the accent none.
    const text = "title: 送金 😀 e\u0301 key\n";
    const column = text.indexOf("key") + 1;
    const [, shown, caret] = formatDiagnostics(
      [diagnostic({ column, length: 3 })],
      text,
    ).split("\n");
    expect(shown).toBe("  1 | title: 送金 😀 e\u0301 key");
    expect(caret).toBe(
      `    | ${" ".repeat("title: ".length + 4 + 1 + 2 + 1 + 1 + 1)}^^^`,
    );
  });

  it.each(["説明。", "「説明」", "㐀㐁", "한국어", "ＡＢ"])(
    "puts the caret after %j by terminal cells (two each)",
    (wide) => {
      const text = `t: ${wide} key\n`;
      const column = text.indexOf("key") + 1;
      const [, , caret] = formatDiagnostics(
        [diagnostic({ column, length: 3 })],
        text,
      ).split("\n");
      expect(caret).toBe(
        `    | ${" ".repeat(3 + [...wide].length * 2 + 1)}^^^`,
      );
    },
  );

  it("shows invisible and bidirectional control characters as ?, so the line cannot be reordered", () => {
    const [, shown] = formatDiagnostics(
      [diagnostic({ column: 1 })],
      "a\u202eb\u2066c\u200bd\ufeffe\n",
    ).split("\n");
    expect(shown).toBe("  1 | a?b?c?d?e");
  });

  it("widens the gutter with the line number", () => {
    const text = `${"\n".repeat(99)}key: value\n`;
    expect(
      formatDiagnostics(
        [diagnostic({ line: 100, column: 6, length: 5 })],
        text,
      ),
    ).toBe(
      "s.yaml:100:6: a message [RG010]\n  100 | key: value\n      |      ^^^^^\n  hint: a hint",
    );
  });

  it("shows a window of a long line around the column, caret still under it", () => {
    const line = `k: ${"a".repeat(300)}XYZ${"b".repeat(300)}`;
    const column = line.indexOf("XYZ") + 1;
    const [, shown, caret] = formatDiagnostics(
      [diagnostic({ column, length: 3 })],
      line,
    ).split("\n");
    expect(shown!.startsWith("  1 | …")).toBe(true);
    expect(shown!.endsWith("…")).toBe(true);
    expect(shown!.length).toBeLessThan(200);
    const at = caret!.indexOf("^^^");
    expect(shown!.slice(at, at + 3)).toBe("XYZ");
  });

  it("replaces control characters so the terminal shows them safely", () => {
    const [, shown] = formatDiagnostics(
      [diagnostic({})],
      "a\u001b[31mb\u0007\n",
    ).split("\n");
    expect(shown).toBe("  1 | a?[31mb?");
  });

  it("reads CRLF files line by line", () => {
    const [, shown] = formatDiagnostics(
      [diagnostic({ line: 2 })],
      "a: 1\r\nb: 2\r\n",
    ).split("\n");
    expect(shown).toBe("  2 | b: 2");
  });

  it("reports a failure as text, never as a stack trace", () => {
    const out = formatted("remitgen: 1\nx: [[[[\n");
    expect(out).not.toMatch(/\n\s+at |Error:/);
    expect(out).toMatch(/^spec\/remittance\.yaml:\d+:\d+: .+ \[RG\d{3}\]\n/);
  });
});

describe("secrets in the source line shown", () => {
  it("RG046 points at an address with credentials without printing them", () => {
    const text = good.replace(
      'baseUrl: "{auth_url}"',
      'baseUrl: "https://svc-user:hunter2-Pa55@auth.example.com/v1"',
    );
    const out = formatted(text);
    expect(out).toContain("[RG046]");
    expect(out).not.toContain("hunter2-Pa55");
    expect(out).not.toContain("svc-user");
    const lines = out.split("\n");
    const shown = lines.find((line) => line.includes("auth.example.com"));
    // Masked character for character: the caret stays under the value.
    expect(shown).toContain(
      `baseUrl: "https://${"*".repeat("svc-user:hunter2-Pa55".length)}@auth.example.com/v1"`,
    );
    const caret = lines[lines.indexOf(shown!) + 1]!;
    expect(caret.indexOf("^")).toBe(shown!.indexOf('"https'));
  });

  it("masks the value of a key that names a secret, whatever the diagnostic", () => {
    const text = good.replace(
      "  scheme: oauth2-client-credentials",
      "  scheme: oauth2-client-credentials\n  clientSecret: s3cr3t-VALUE-123\n  api_key: 'k-999-XYZ'",
    );
    const out = formatted(text);
    expect(out).toContain('unknown key "clientSecret"');
    expect(out).toContain('unknown key "api_key"');
    expect(out).not.toContain("s3cr3t-VALUE-123");
    expect(out).not.toContain("k-999-XYZ");
    expect(out).toMatch(/\| {3}clientSecret: \*{16}$/m);
  });

  it("masks the value of a key that names a secret inside a flow mapping too", () => {
    const text = good.replace(
      "  scheme: oauth2-client-credentials",
      '  scheme: oauth2-client-credentials\n  credentials: {clientId: app-1, clientSecret: s3cr3t-VALUE-123, "password": "p,w-456"}',
    );
    const out = formatted(text);
    expect(out).toContain('unknown key "credentials"');
    expect(out).not.toContain("s3cr3t-VALUE-123");
    expect(out).not.toContain("p,w-456");
    expect(out).not.toContain("w-456");
    // Only the values: the rest of the line stays as written, the caret in its column.
    expect(out).toContain(
      `| ${"  credentials: {clientId: app-1, clientSecret: "}${"*".repeat(16)}, "password": ${"*".repeat(9)}}`,
    );
  });

  it("masks credentials after a scheme with no slashes, and in each of several addresses", () => {
    const [, shown] = formatDiagnostics(
      [diagnostic({})],
      "a: mailto:ops@bank.example https:u:p@h.example x.y+z://v:w@i.example\n",
    ).split("\n");
    expect(shown).toBe(
      "  1 | a: mailto:***@bank.example https:***@h.example x.y+z://***@i.example",
    );
  });

  it("shows a line of megabytes in linear time, however many schemes, colons and keys it holds", () => {
    // Each of these took the regular expressions that masked before
    // seconds to hours: every position started a new scan to the line's end.
    const lines = [
      `bogus: ${"a.".repeat(1_000_000)}`,
      `bogus: ${"a:".repeat(1_000_000)}@x`,
      `${"secret".repeat(300_000)}: value`,
      `x: ${"//a:b".repeat(300_000)}`,
    ];
    for (const line of lines) {
      const [, shown] = formatDiagnostics([diagnostic({})], `${line}\n`).split(
        "\n",
      );
      expect(shown?.startsWith("  1 | ")).toBe(true);
    }
  });

  it("cleans a long line once, however many diagnostics stand on it", () => {
    // A flow mapping of unknown keys has a diagnostic per key on one line:
    // cleaning the whole line for each took 40 s for 64 000 keys (700 KB).
    const entries = Array.from(
      { length: 60_000 },
      (_, index) => `k${index}: https://u:p@h.example\t`,
    );
    const line = `a: { ${entries.join(", ")} }`;
    let column = "a: { ".length + 1;
    const found = entries.map((entry, index) => {
      const at = column;
      column += entry.length + ", ".length;
      return diagnostic({ column: at, length: `k${index}`.length });
    });
    const blocks = formatDiagnostics(found, `${line}\n`).split("\n\n");
    expect(blocks).toHaveLength(entries.length);
    blocks.forEach((block, index) => {
      const [, shown, caret] = block.split("\n");
      const at = caret!.indexOf("^");
      expect(shown!.slice(at, caret!.length)).toBe(`k${index}`);
      expect(shown!.slice(at)).toMatch(
        new RegExp(`^k${index}: https://\\*{3}@h\\.example→`),
      );
    });
  });

  // A secret's value may go on past its key's line: YAML puts every deeper
  // line after the key in its value, and a diagnostic may stand on one.
  it.each([
    [
      "on the next line (a key below it by mistake)",
      "  clientSecret:\n    s3cr3t-VALUE-123\n    more: x",
    ],
    [
      "quoted over two lines, the second indented with a tab",
      "  clientSecret: 's3cr3t-VALUE-000\n\ts3cr3t-VALUE-123'",
    ],
    [
      "folded, its next line less indented than the first",
      "  password: >-\n    s3cr3t-VALUE-000\n   s3cr3t-VALUE-123 x: y",
    ],
    [
      "in a flow mapping that goes on to the next line",
      "  creds: {clientId: app-1, clientSecret:\n    s3cr3t-VALUE-123 }}",
    ],
  ])("masks a secret value %s", (_name, lines) => {
    const text = good.replace(
      "  scheme: oauth2-client-credentials",
      `  scheme: oauth2-client-credentials\n${lines}`,
    );
    const out = formatted(text);
    expect(out).toContain("[RG003]");
    expect(out).not.toMatch(/s3cr3t/);
  });

  it("masks every line of a property named like a secret, and no line after it", () => {
    const text = good.replace(
      "      number: { type: string, maxLength: 24, required: true }",
      [
        "      password:",
        "        type: string",
        "        enum: [a, b]",
        "        example: s3cr3t-VALUE-123",
        "      number:",
        "        type: string",
        "        enum: [a, b]",
        "        example: not-a-secret",
      ].join("\n"),
    );
    const out = formatted(text);
    expect(out).not.toContain("s3cr3t-VALUE-123");
    expect(out).toMatch(/\| {9}\*{25}$/m);
    expect(out).toMatch(/\| {9}example: not-a-secret$/m);
  });

  it("masks the lines a list item's secret goes on to, not the item's next key", () => {
    const text = "- password:\n    s3cr3t-VALUE-123\n  name: shown\n";
    const shown = (line: number): string =>
      formatDiagnostics([diagnostic({ line })], text).split("\n")[1]!;
    expect(shown(2)).toBe(`  2 |     ${"*".repeat(16)}`);
    expect(shown(3)).toBe("  3 |   name: shown");
  });

  it("leaves lines without credentials as they are", () => {
    const [, shown] = formatDiagnostics(
      [diagnostic({})],
      'baseUrl: "https://auth.example.com/a@b" # mail: me@example.com\n',
    ).split("\n");
    expect(shown).toBe(
      '  1 | baseUrl: "https://auth.example.com/a@b" # mail: me@example.com',
    );
  });
});

describe("secrets and control characters in the message and hint", () => {
  it("masks credentials a message or hint echoes, as in the line shown", () => {
    const text = good
      .replace(
        "path: /get_acct_title",
        "path: https://svc-user:hunter2-Pa55@bank.example/x",
      )
      .replace("    effect: read", "    effect: https://u2:pw-Z9@bank.example");
    const out = formatted(text);
    expect(out).toContain(
      'path "https://*********************@bank.example/x" is not a valid operation path',
    );
    expect(out).toContain(
      'effect is "https://********@bank.example", which is not allowed',
    );
    expect(out).not.toMatch(/hunter2|svc-user|pw-Z9/);
  });

  it("masks the value of a key that names a secret where a hint shows it", () => {
    const text = good.replace(
      "  scheme: oauth2-client-credentials",
      "  scheme: oauth2-client-credentials\n  notShown:\n    clientSecret: 738291047362 # rotated\n    apiKey: 'true'",
    );
    const out = formatted(text);
    expect(out).toContain(
      'notShown "clientSecret" must be a string, found a number',
    );
    expect(out).toContain(`hint: quote the value: "${"*".repeat(12)}"`);
    expect(out).not.toContain("738291047362");
  });

  it("masks a secret value of a flow mapping where a hint shows it", () => {
    const text = good.replace(
      "  scheme: oauth2-client-credentials",
      "  scheme: oauth2-client-credentials\n  notShown: {clientId: app-1, clientSecret: 738291047362}",
    );
    const out = formatted(text);
    expect(out).toContain(
      'notShown "clientSecret" must be a string, found a number',
    );
    expect(out).toContain(`hint: quote the value: "${"*".repeat(12)}"`);
    expect(out).not.toContain("738291047362");
  });

  it("masks the secret each message quotes in linear time, however many the line holds", () => {
    // Each message looks only at the secret values near its own column:
    // matching all of a line's values in every message was quadratic.
    const values = Array.from(
      { length: 60_000 },
      (_, index) => `v${index}-${"x".repeat(12)}`,
    );
    const entries = values.map((value, index) => `secret${index}: ${value}`);
    const line = `a: {${entries.join(", ")}}`;
    let column = "a: {".length + 1;
    const found = entries.map((entry, index) => {
      const at = column + `secret${index}: `.length;
      column += entry.length + ", ".length;
      return diagnostic({
        column: at,
        length: values[index]!.length,
        message: `bad value "${values[index]}"`,
      });
    });
    const blocks = formatDiagnostics(found, `${line}\n`).split("\n\n");
    expect(blocks).toHaveLength(values.length);
    blocks.forEach((block, index) => {
      expect(block.split("\n")[0]).toContain(
        `bad value "${"*".repeat(values[index]!.length)}"`,
      );
    });
  });

  it("shows control, invisible and bidirectional characters of a message as escapes, never raw", () => {
    const text = good.replace(
      "  get_acct_title:\n",
      '  "\\e]52;c;aGk=\\a\\u009b2J\\u202eX\\u2028": 1\n  get_acct_title:\n',
    );
    const out = formatted(text);
    expect(out).toContain(
      'operation "\\u001b]52;c;aGk=\\u0007\\u009b2J\\u202eX\\u2028" must be a mapping',
    );
    expect(out).not.toMatch(
      /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202e\u2028]/,
    );
  });
});

describe("what a check costs", () => {
  it("loads no ICU data when the spec checks clean: only a failed check's excerpts measure text", () => {
    // ICU's locale and segmentation data cost every run tens of
    // milliseconds of CPU, and more of waiting on a busy disk. The CLI is
    // run with Intl.Segmenter (string-width makes one) and toLocaleString
    // counted.
    const counter = encodeURIComponent(
      [
        "let uses = 0;",
        "const Segmenter = Intl.Segmenter;",
        "Intl.Segmenter = class extends Segmenter { constructor(...args) { super(...args); uses++; } };",
        "const toLocaleString = Date.prototype.toLocaleString;",
        "Date.prototype.toLocaleString = function (...args) { uses++; return toLocaleString.apply(this, args); };",
        'process.on("exit", () => process.stderr.write(`ICU uses: ${uses}\\n`));',
      ].join("\n"),
    );
    const validate = (spec: string) =>
      spawnSync(
        process.execPath,
        [
          "--import",
          `data:text/javascript,${counter}`,
          "dist/remitgen.mjs",
          "validate",
          "--spec",
          spec,
        ],
        { cwd: repoRoot, encoding: "utf8" },
      );
    // The default spec has a set date.
    const clean = validate("spec/remittance.yaml");
    expect(clean.status).toBe(0);
    expect(clean.stderr).toContain("ICU uses: 0");
    const folder = mkdtempSync(join(tmpdir(), "remitgen-icu-"));
    try {
      const spec = join(folder, "spec.yaml");
      writeFileSync(spec, good.replace("  title:", "  tytle:"));
      const failed = validate(spec);
      expect(failed.status).toBe(1);
      expect(failed.stderr).toContain('unknown key "tytle"');
      expect(failed.stderr).toContain("ICU uses: 1");
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
