/**
 * The bad-spec corpus: each fixture is the minimal valid spec below with one
 * fault, and states on its first two lines the one diagnostic it must yield:
 *
 *   # expect: LINE:COLUMN CODE message
 *   # hint: the hint, exactly
 *
 * A fixture that yields any other diagnostic, or more than one, fails.
 */
import {
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { SpecError } from "../../src/diagnostics/diagnostic.js";
import {
  checkSpecFile,
  checkSpecText,
  loadSpec,
} from "../../src/check-spec.js";
import {
  maxSpecBytes,
  maxSpecDepth,
  maxSpecNodes,
} from "../../src/spec/source.js";

const fixtures = fileURLToPath(
  new URL("../fixtures/bad-specs/", import.meta.url),
);
const names = readdirSync(fixtures)
  .filter((name) => name.endsWith(".yaml"))
  .sort();

interface Expectation {
  readonly line: number;
  readonly column: number;
  readonly code: string;
  readonly message: string;
  readonly hint: string;
}

function expectationOf(name: string, text: string): Expectation {
  const [first = "", second = ""] = text.split("\n");
  const expect = /^# expect: (\d+):(\d+) (RG\d{3}) (.+)$/.exec(first);
  const hint = /^# hint: (.+)$/.exec(second);
  if (expect === null || hint === null) {
    throw new Error(
      `${name}: the first two lines must be "# expect: L:C CODE message" and "# hint: ..."`,
    );
  }
  return {
    line: Number(expect[1]),
    column: Number(expect[2]),
    code: expect[3]!,
    message: expect[4]!,
    hint: hint[1]!,
  };
}

/** Every code declared in codes.ts, to check that fixtures only expect real ones. */
function declaredCodes(): Set<string> {
  const source = readFileSync(
    fileURLToPath(new URL("../../src/diagnostics/codes.ts", import.meta.url)),
    "utf8",
  );
  return new Set(
    [...source.matchAll(/code: "(RG\d{3})"/g)].map((match) => match[1]!),
  );
}

describe("bad-spec corpus", () => {
  it("has at least 30 fixtures", () => {
    expect(names.length).toBeGreaterThanOrEqual(30);
  });

  it.each(names)("%s yields exactly its expected diagnostic", (name) => {
    const text = readFileSync(join(fixtures, name), "utf8");
    const expected = expectationOf(name, text);
    const result = checkSpecText(text, name);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const found = result.diagnostics.map(
      ({ line, column, code, message, hint }) => ({
        line,
        column,
        code,
        message,
        hint,
      }),
    );
    expect(found).toEqual([expected]);
    const [diagnostic] = result.diagnostics;
    // The caret underlines real text on that line, and the hint says what to do.
    const sourceLine = text.split("\n")[diagnostic!.line - 1] ?? "";
    expect(diagnostic!.length).toBeGreaterThanOrEqual(1);
    if (sourceLine !== "")
      expect(diagnostic!.column + diagnostic!.length - 1).toBeLessThanOrEqual(
        sourceLine.length,
      );
    expect(diagnostic!.hint.length).toBeGreaterThan(10);
    expect(
      result.formatted.startsWith(
        `${name}:${expected.line}:${expected.column}: ${expected.message} [${expected.code}]`,
      ),
    ).toBe(true);
    expect(result.formatted).not.toMatch(/\n\s+at /);
  });

  it("expects only codes declared in codes.ts", () => {
    const declared = declaredCodes();
    for (const name of names) {
      const { code } = expectationOf(
        name,
        readFileSync(join(fixtures, name), "utf8"),
      );
      expect(declared, name).toContain(code);
    }
  });

  it("covers every code a spec fault can produce", () => {
    const used = new Set(
      names.map(
        (name) =>
          expectationOf(name, readFileSync(join(fixtures, name), "utf8")).code,
      ),
    );
    // RG001, RG002 and the parser-level depth and alias limits are covered below: no small fixture shows them.
    // RG009 is about a file's bytes, not its text: test/spec/load.test.ts.
    // RG080-RG099 are about how remitgen is run (a port or host the mock
    // cannot listen on or is exposed on, output folder, set id, options, a
    // stop, a lock, a folder to watch, a file the output folder cannot
    // take, a current folder gone, standard output refused, a failure
    // not foreseen), not about a spec: test/generate/, test/cli/,
    // test/mock-server/.
    const elsewhere = new Set([
      "RG001",
      "RG002",
      "RG006",
      "RG009",
      // remitgen init's: a project's package.json, not a spec (test/adoption/).
      "RG075",
      "RG076",
      // remitgen import's: an OpenAPI description, not a spec (test/import/, test/cli/import.test.ts).
      "RG070",
      "RG071",
      "RG072",
      "RG073",
      "RG074",
      "RG080",
      "RG081",
      "RG082",
      "RG083",
      "RG084",
      "RG088",
      "RG089",
      "RG090",
      "RG091",
      "RG092",
      "RG093",
      "RG094",
      "RG095",
      "RG096",
      "RG097",
      "RG098",
      "RG099",
    ]);
    for (const code of declaredCodes()) {
      if (!elsewhere.has(code))
        expect(used, `no fixture for ${code}`).toContain(code);
    }
  });

  it("the base of the corpus is a valid spec", () => {
    // Every fixture is this base with one fault; the base itself must pass.
    const base = readFileSync(join(fixtures, "..", "good-spec.yaml"), "utf8");
    const result = checkSpecText(base, "good-spec.yaml");
    expect(result.ok ? [] : result.diagnostics).toEqual([]);
  });
});

describe("faults outside a fixture", () => {
  const scratch = mkdtempSync(join(tmpdir(), "remitgen-corpus-"));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it("reports a file that does not exist, without a stack trace", async () => {
    const result = await checkSpecFile(
      join(scratch, "nope.yaml"),
      "spec/nope.yaml",
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.diagnostics).toMatchObject([
      {
        code: "RG001",
        line: 1,
        column: 1,
        message: "cannot read the spec: no such file",
      },
    ]);
    expect(result.formatted).toBe(
      "spec/nope.yaml:1:1: cannot read the spec: no such file [RG001]\n  hint: check the --spec path",
    );
  });

  it("reports a directory given as the spec", async () => {
    const result = await checkSpecFile(scratch, "spec");
    expect(
      result.ok ? [] : result.diagnostics.map((d) => `${d.code} ${d.message}`),
    ).toEqual(["RG001 cannot read the spec: it is a folder, not a file"]);
  });

  it("loadSpec throws a SpecError carrying the diagnostics", async () => {
    const error = await loadSpec(join(scratch, "nope.yaml"), "nope.yaml").catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(SpecError);
    expect((error as SpecError).diagnostics.map((d) => d.code)).toEqual([
      "RG001",
    ]);
    expect((error as SpecError).message).toBe(
      "nope.yaml:1:1: cannot read the spec: no such file [RG001]\n  hint: check the --spec path",
    );
  });

  it("refuses a spec over the size limit, as text and as a file", async () => {
    const text = `remitgen: 1\n# ${"x".repeat(maxSpecBytes)}\n`;
    const bytes = Buffer.byteLength(text);
    const fromText = checkSpecText(text, "big.yaml");
    expect(fromText.ok ? [] : fromText.diagnostics).toMatchObject([
      {
        code: "RG002",
        line: 1,
        column: 1,
        message: `the spec is ${bytes} bytes, over the ${maxSpecBytes}-byte limit`,
      },
    ]);
    const path = join(scratch, "big.yaml");
    writeFileSync(path, text);
    const fromFile = await checkSpecFile(path, "big.yaml");
    expect(fromFile.ok ? [] : fromFile.diagnostics.map((d) => d.code)).toEqual([
      "RG002",
    ]);
  });

  it("counts the size limit in bytes, not characters", () => {
    // 3 bytes a character: under the limit in characters, over it in bytes.
    const text = `remitgen: 1\n# ${"€".repeat(Math.ceil(maxSpecBytes / 3) + 1)}\n`;
    expect(text.length).toBeLessThan(maxSpecBytes);
    const result = checkSpecText(text, "euro.yaml");
    expect(result.ok ? [] : result.diagnostics.map((d) => d.code)).toEqual([
      "RG002",
    ]);
  });

  it("refuses nesting too deep for the YAML parser, at the first bracket past the limit", () => {
    const text = `remitgen: 1\nx: ${"[".repeat(20_000)}${"]".repeat(20_000)}\n`;
    const result = checkSpecText(text, "deep.yaml");
    expect(result.ok ? [] : result.diagnostics).toMatchObject([
      {
        code: "RG004",
        line: 2,
        column: 4 + maxSpecDepth,
        message: `the spec is nested more than ${maxSpecDepth} levels deep`,
      },
    ]);
    if (!result.ok)
      expect(result.formatted).not.toMatch(/RangeError|call stack|\n\s+at /);
  });

  it("refuses aliases that expand past the node limit (a billion laughs)", () => {
    let text = "remitgen: 1\na0: &a0 [x, x, x, x, x, x, x, x, x, x]\n";
    for (let level = 1; level < 9; level++) {
      text += `a${level}: &a${level} [${Array(10)
        .fill(`*a${level - 1}`)
        .join(", ")}]\n`;
    }
    const result = checkSpecText(text, "laughs.yaml");
    expect(
      result.ok ? [] : result.diagnostics.map((d) => `${d.code} ${d.message}`),
    ).toEqual([
      `RG006 YAML aliases expand the spec past ${maxSpecNodes} nodes`,
    ]);
  });

  it("refuses an alias that contains itself", () => {
    const result = checkSpecText("remitgen: 1\na: &a [*a]\n", "self.yaml");
    expect(result.ok ? [] : result.diagnostics).toMatchObject([
      { code: "RG004", line: 2, column: 8 },
    ]);
  });
});
