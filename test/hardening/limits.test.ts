/**
 * Limits: specs over 10 MB, nesting past the depth limit and YAML alias
 * bombs end in a clear diagnostic, quickly, without exhausting memory or
 * the stack.
 */
import { readFileSync } from "node:fs";
import { open, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { generate, SpecError } from "../../src/index.js";
import { checkSpecText, type CheckResult } from "../../src/check-spec.js";
import { checkIsolated, sandbox } from "./support.js";

const tenMegabytes = 10 * 1024 * 1024;

function codes(result: CheckResult): string[] {
  return result.ok
    ? []
    : result.diagnostics.map((diagnostic) => diagnostic.code);
}

/** Checks text within a time limit; returns the result and how long it took. */
function timed(text: string): { result: CheckResult; ms: number } {
  const started = performance.now();
  const result = checkSpecText(text, "limits.yaml");
  return { result, ms: performance.now() - started };
}

function expectPositions(result: CheckResult): void {
  if (result.ok) return;
  for (const diagnostic of result.diagnostics) {
    expect(diagnostic.line).toBeGreaterThanOrEqual(1);
    expect(diagnostic.column).toBeGreaterThanOrEqual(1);
    expect(diagnostic.message).not.toBe("");
  }
}

describe("size limit", () => {
  it("refuses spec text over 10 MB with RG002, before parsing", () => {
    const text = `remitgen: 1\n# ${"x".repeat(tenMegabytes)}\n`;
    const { result, ms } = timed(text);
    expect(result.ok).toBe(false);
    expect(codes(result)).toEqual(["RG002"]);
    expect(ms).toBeLessThan(2_000);
  });

  it("counts bytes, not characters: 4 million 3-byte characters are over the limit", () => {
    const text = `remitgen: 1\n# ${"名".repeat(4 * 1024 * 1024)}\n`;
    expect(codes(checkSpecText(text, "limits.yaml"))).toEqual(["RG002"]);
  });

  it("refuses a spec file over 10 MB with RG002 without reading it (a 2 GB sparse file)", async () => {
    const dir = await sandbox();
    const path = join(dir, "huge.yaml");
    const handle = await open(path, "w");
    await handle.truncate(2 * 1024 * 1024 * 1024);
    await handle.close();
    const started = performance.now();
    const error = await generate({
      spec: path,
      out: join(dir, "out"),
      cwd: dir,
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SpecError);
    expect(
      (error as SpecError).diagnostics.map((diagnostic) => diagnostic.code),
    ).toEqual(["RG002"]);
    expect((error as SpecError).message).toMatch(/10/);
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it("accepts a spec just under the limit", () => {
    const spec = `remitgen: 1\n`;
    const text = `${spec}# ${"x".repeat(tenMegabytes - spec.length - 3)}\n`;
    expect(Buffer.byteLength(text)).toBe(tenMegabytes);
    expect(codes(checkSpecText(text, "limits.yaml"))).not.toContain("RG002");
  });
});

describe("depth limit", () => {
  const cases: [string, string][] = [
    [
      "10,000 nested flow lists",
      `remitgen: 1\nservice: ${"[".repeat(10_000)}${"]".repeat(10_000)}\n`,
    ],
    [
      "10,000 nested flow maps",
      `remitgen: 1\nservice: ${"{a: ".repeat(10_000)}1${"}".repeat(10_000)}\n`,
    ],
    [
      "10,000 nested block lists on one line",
      `remitgen: 1\nservice:\n  ${"- ".repeat(10_000)}x\n`,
    ],
    [
      "1,000 indented maps",
      `remitgen: 1\nservice:\n${Array.from({ length: 1_000 }, (_, depth) => `${"  ".repeat(depth + 1)}a:`).join("\n")} 1\n`,
    ],
    [
      "an unclosed 100,000-deep flow list",
      `remitgen: 1\nservice: ${"[".repeat(100_000)}\n`,
    ],
    [
      "schemas nested past the limit",
      `remitgen: 1\nschemas:\n  Deep:\n${Array.from({ length: 70 }, (_, depth) => `${"  ".repeat(2 * depth + 2)}type: object\n${"  ".repeat(2 * depth + 2)}properties:\n${"  ".repeat(2 * depth + 3)}p:`).join("\n")} { type: string }\n`,
    ],
  ];

  it.each(cases)("%s: RG004, quickly, no stack overflow", (_, text) => {
    const { result, ms } = timed(text);
    expect(result.ok).toBe(false);
    // Unclosed brackets may be reported as a syntax error instead; everything else is RG004.
    if (!text.includes("unclosed")) expect(codes(result)).toContain("RG004");
    else
      expect(
        codes(result).some((code) => code === "RG004" || code === "RG003"),
      ).toBe(true);
    expectPositions(result);
    expect(ms).toBeLessThan(5_000);
  });

  it("generate reports the depth error as a SpecError and writes nothing", async () => {
    const dir = await sandbox();
    await writeFile(join(dir, "deep.yaml"), cases[0]![1]);
    const error = await generate({
      spec: "deep.yaml",
      out: "out",
      cwd: dir,
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SpecError);
    expect(
      (error as SpecError).diagnostics.map((diagnostic) => diagnostic.code),
    ).toContain("RG004");
  });
});

describe("alias bombs", () => {
  /** Nine levels of nine aliases: 9^9 (387 million) nodes once expanded. */
  const levels = Array.from({ length: 9 }, (_, level) =>
    String.fromCharCode(97 + level),
  );
  const anchors = levels.map((name, level) =>
    level === 0
      ? `&a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]`
      : `&${name} [${Array(9)
          .fill(`*${levels[level - 1]}`)
          .join(", ")}]`,
  );

  const valid = (example: string): string => `remitgen: 1
service:
  title: T
  description: D
  baseUrl: "{base_url}"
  package: { scope: s, name: n }
auth:
  title: A
  version: 1.0.0
  baseUrl: "{auth_url}"
  token: { method: POST, path: /token }
  scheme: oauth2-client-credentials
operations:
  op:
    path: /op
    summary: S
    response: Bomb
sets:
  v1:
    title: V
    version: 1.0.0
    plan: { name: p, rateLimit: 1/second, cost: free }
    operations: [op]
schemas:
  Bomb:
    type: array
    items: { type: string }
    example: ${example}
`;

  /** Checks a spec in a child process: a bomb that went off would hang or run out of memory there, failing this test. */
  async function isolated(text: string): Promise<void> {
    const dir = await sandbox();
    const path = join(dir, "bomb.yaml");
    await writeFile(path, text);
    const outcome = await checkIsolated(path);
    if (!outcome.finished)
      expect.fail(`the check did not finish: ${outcome.error}`);
    expect(outcome.ok).toBe(false);
    expect(outcome.diagnostics!.length).toBeGreaterThan(0);
    for (const diagnostic of outcome.diagnostics!) {
      expect(diagnostic.code).toMatch(/^RG\d{3}$/);
      expect(diagnostic.line).toBeGreaterThanOrEqual(1);
      expect(diagnostic.column).toBeGreaterThanOrEqual(1);
    }
    expect(outcome.ms!).toBeLessThan(5_000);
  }

  it("a billion laughs in a schema example: a clean error, quickly", async () => {
    await isolated(valid(`[${anchors.join(", ")}]`));
  }, 60_000);

  it("a billion laughs at the root, never read: a clean error, quickly", async () => {
    await isolated(
      `${levels.map((name, level) => `${name}: ${anchors[level]}`).join("\n")}\n${valid("[]")}`,
    );
  }, 60_000);

  it("a billion laughs in a set's operation list: a clean error, quickly", async () => {
    const text = valid("[]").replace(
      "operations: [op]",
      `operations: [${anchors.join(", ")}]`,
    );
    await isolated(text);
  }, 60_000);

  it.each(["&loop [1, *loop]", "*nothing", "&x { a: *x }"])(
    "the example %s: a clean error",
    async (example) => {
      await isolated(valid(example));
    },
    60_000,
  );

  it("a few harmless aliases still work, and the expanded example is generated", async () => {
    const example = `[&w "abc", *w, *w]`;
    const { result } = timed(valid(example));
    expect(result.ok).toBe(true);
    const dir = await sandbox();
    await writeFile(join(dir, "aliases.yaml"), valid(example));
    const generated = await generate({
      spec: "aliases.yaml",
      out: "out",
      cwd: dir,
    });
    expect(generated.files.length).toBeGreaterThan(0);
  });
});

describe("block nesting so deep the parser overflows", () => {
  const good = readFileSync(
    new URL("../fixtures/good-spec.yaml", import.meta.url),
    "utf8",
  );
  /** The good spec with `levels` nested keys under a new top-level key. */
  const nested = (levels: number): string => {
    let text = good;
    for (let level = 0; level < levels; level++)
      text += `${" ".repeat(level)}k${level}:\n`;
    return `${text}${" ".repeat(levels)}v: 1\n`;
  };
  const firstDiagnostic = (text: string): string => {
    const result = checkSpecText(text, "spec.yaml");
    if (result.ok) return "ok";
    const [first] = result.diagnostics;
    return `${first!.line}:${first!.column} ${first!.code}`;
  };

  it("is reported where a shallower spec of the same shape is: at the first key too deep", () => {
    const shallow = firstDiagnostic(nested(100));
    expect(shallow).toMatch(/ RG004$/);
    expect(firstDiagnostic(nested(3000))).toBe(shallow);
    expect(firstDiagnostic(nested(1500))).toBe(shallow);
  });
});
