/**
 * Patterns are proved to match in linear time before anything compiles
 * them (RG057): the classic backtracking patterns are refused with where
 * they backtrack and a value that shows it; the patterns specs commonly
 * hold pass.
 */
import fc from "fast-check";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import {
  linearByShape,
  patternSafety,
} from "../../src/check/pattern-safety.js";
import { checkSpecText } from "../../src/check-spec.js";

describe("patternSafety", () => {
  const slow = [
    ["^([A-Za-z]+ ?)+$", "exponential"],
    ["^(a|a)*$", "exponential"],
    ["^(a+)+$", "exponential"],
    ["^(\\w+\\s?)*$", "exponential"],
    ["(.*a){12}", "2nd degree polynomial"],
    ["\\d*\\d*$", "3rd degree polynomial"],
  ] as const;

  it.each(slow)("refuses %s (%s)", (pattern, complexity) => {
    // Time enough for a loaded machine: a timeout would refuse it in other words.
    const problem = patternSafety(120_000)(pattern);
    expect(problem?.code).toBe("RG057");
    expect(problem?.message).toContain(
      `pattern ${JSON.stringify(pattern)} can take ${complexity} time to match`,
    );
    expect(problem?.message).toMatch(
      /one value such as .+ would stall the mock$/,
    );
  });

  const safe = [
    "^[A-Z0-9]{8,24}$",
    "^[A-Z]{2}[0-9]{2}[A-Z0-9]{1,30}$",
    "^[A-Za-z]+( [A-Za-z]+)* ?$",
    "^\\d{4}-\\d{2}-\\d{2}$",
    "^\\+?[1-9]\\d{1,14}$",
    "^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\\.[A-Za-z]{2,}$",
    "^\\p{L}+$",
    // Unanchored, a search stops at the first match: no backtracking.
    "(a+)+",
  ];

  it.each(safe)("passes %s", (pattern) => {
    expect(patternSafety()(pattern)).toBeUndefined();
  });

  it("refuses what it cannot prove: look-arounds, back-references", () => {
    const check = patternSafety();
    expect(check("^(?=.*[0-9])[A-Z0-9]+$")?.message).toBe(
      'pattern "^(?=.*[0-9])[A-Z0-9]+$" cannot be proved to match in linear time: it uses a look-ahead assertion, which the analysis does not cover',
    );
    expect(check("^(a)\\1+$")?.message).toContain("back-reference");
  });

  it("analyses each distinct pattern once per checker", () => {
    const check = patternSafety();
    const first = check("^(a+)+$");
    expect(check("^(a+)+$")).toBe(first);
    // Another run's checker analyses afresh: no state between runs.
    expect(patternSafety()("^(a+)+$")).not.toBe(first);
    expect(patternSafety()("^(a+)+$")).toEqual(first);
  });

  it("refuses a pattern it cannot analyse in time, saying so", () => {
    expect(patternSafety(1)("(.*a){30}")?.message).toBe(
      'pattern "(.*a){30}" cannot be proved to match in linear time: it is too complex to analyse within 0.001 s',
    );
  });

  it("leaves the environment as it found it", () => {
    const before = process.env.RECHECK_SYNC_BACKEND;
    patternSafety()("^[a-z]+( [a-z]+)*$");
    expect(process.env.RECHECK_SYNC_BACKEND).toBe(before);
  });
});

describe("linearByShape", () => {
  const recheck = (pattern: string): string => {
    const { checkSync } = createRequire(import.meta.url)(
      "recheck",
    ) as typeof import("recheck");
    process.env.RECHECK_SYNC_BACKEND = "pure";
    try {
      return checkSync(pattern, "u", { checker: "automaton", timeout: 60_000 })
        .status;
    } finally {
      delete process.env.RECHECK_SYNC_BACKEND;
    }
  };

  const proved = [
    "^[A-Z0-9]{8,24}$",
    "^[A-Z]{2}[0-9]{2}[A-Z0-9]{1,30}$",
    "^\\d{4}-\\d{2}-\\d{2}$",
    "^\\+?[1-9]\\d{1,14}$",
    "^\\p{L}+$",
    "^[a-z]+-[0-9]*\\.[^.\\s]?$",
    "^\\u{1F600}\\x41[\\]\\-]$",
    "^x{2,}y{0,3}z?$",
    "^[\\u0020-\\uFFFF]*$",
    "^😀+[😁-😂]?$",
    "^",
  ];
  it.each(proved)("proves %s without recheck, as recheck would", (pattern) => {
    expect(linearByShape(pattern)).toBe(true);
    expect(recheck(pattern)).toBe("safe");
  });

  const unproved = [
    // Slow: the classic backtracking patterns, overlapping neighbours, a search for trailing space.
    "^([A-Za-z]+ ?)+$",
    "^(a|a)*$",
    "^\\d*\\d*$",
    "^\\d+[0-9a-f]*$",
    "\\s+$",
    // Safe, but outside the shape: left to recheck.
    "^a*b?a$",
    "^\\w+\\p{L}$",
    "(a+)+",
    "^[A-Za-z]+( [A-Za-z]+)* ?$",
    "^a|b$",
    "^[a-z]*?x$",
    "^\\bx$",
    "^(a)\\1$",
    "^a$b",
  ];
  it.each(unproved)("leaves %s to recheck", (pattern) => {
    expect(linearByShape(pattern)).toBe(false);
  });

  it("proves nothing recheck finds slow (random patterns of overlapping atoms)", () => {
    const atom = fc.constantFrom(
      "a",
      "b",
      "[ab]",
      "[^a]",
      "\\d",
      "[0-9a]",
      ".",
      "\\w",
      "\\s",
    );
    const count = fc.constantFrom(
      "",
      "*",
      "+",
      "?",
      "{2}",
      "{1,3}",
      "{0,2}",
      "{2,}",
    );
    const pattern = fc
      .tuple(
        fc.array(fc.tuple(atom, count), { minLength: 1, maxLength: 4 }),
        fc.boolean(),
      )
      .map(
        ([atoms, end]) =>
          `^${atoms.map(([a, c]) => a + c).join("")}${end ? "$" : ""}`,
      );
    let provedCount = 0;
    fc.assert(
      fc.property(pattern, (source) => {
        if (!linearByShape(source)) return;
        provedCount += 1;
        expect([source, recheck(source)]).toEqual([source, "safe"]);
      }),
      { numRuns: 150 },
    );
    expect(provedCount).toBeGreaterThan(20);
  });
});

describe("checkSpecText and patterns", () => {
  const spec = (pattern: string, example?: string): string =>
    [
      "remitgen: 1",
      "service:",
      "  title: T",
      "  description: D.",
      '  baseUrl: "{base_url}"',
      "  package: { scope: remitgen, name: t }",
      "auth:",
      "  title: A",
      "  version: 1.0.0",
      '  baseUrl: "{auth_url}"',
      "  token: { method: POST, path: /oauth2/token }",
      "  scheme: oauth2-client-credentials",
      "operations:",
      "  get_title: { path: /get_title, summary: S., effect: read, request: Req }",
      "sets:",
      "  v1:",
      "    title: V",
      "    version: 1.0.0",
      "    operations: [get_title]",
      "    plan: { name: p, rateLimit: 10/hour, cost: Free }",
      "schemas:",
      "  Req:",
      "    type: object",
      "    properties:",
      `      name: { type: string, pattern: ${JSON.stringify(pattern)}${example === undefined ? "" : `, example: ${JSON.stringify(example)}`} }`,
      "",
    ].join("\n");

  it("refuses every slow pattern at its position, and reports no RG044 for its example", () => {
    const result = checkSpecText(
      spec("^([A-Za-z]+ ?)+$", "Muhammadaliakbarkhanjanjuamalik!"),
      "t.yaml",
    );
    expect(result.ok).toBe(false);
    expect(result.diagnostics.map((d) => [d.code, d.line, d.column])).toEqual([
      ["RG057", 25, 38],
    ]);
  });

  it("checks an example against its (safe) pattern with the mocks' validation: RG044", () => {
    const bad = checkSpecText(
      spec("^[A-Z]+( [A-Z]+)*$", "Not Upper"),
      "t.yaml",
    );
    expect(bad.diagnostics.map((d) => [d.code, d.message])).toEqual([
      [
        "RG044",
        'example of property "name" of schema "Req" does not match its schema: must match pattern ^[A-Z]+( [A-Z]+)*$',
      ],
    ]);
    const good = checkSpecText(
      spec("^[A-Z]+( [A-Z]+)*$", "NOT LOWER"),
      "t.yaml",
    );
    expect(good.ok).toBe(true);
  });
});
