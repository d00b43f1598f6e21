/**
 * Random invalid specs: random YAML-like text, and the real spec with
 * mutations that each make it invalid (deleted required keys, wrong value
 * types, garbage lines, unknown keys, tabs, duplicate keys, truncation).
 * The checker answers `ok: false` with well-formed diagnostics: never a
 * thrown exception, never a crash.
 */
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkSpecText, type CheckResult } from "../../src/check-spec.js";
import { realSpec } from "./support.js";

const original = readFileSync(realSpec, "utf8");
const lines = original.split("\n");

/** Checks text; any exception fails the test with the text that caused it. */
function check(text: string): CheckResult {
  try {
    return checkSpecText(text, "mutated.yaml");
  } catch (error) {
    throw new Error(
      `checkSpecText threw on:\n${text.slice(0, 2000)}\n\n${(error as Error).stack}`,
    );
  }
}

/** Every diagnostic has a stable code, a position inside the text, and a message. */
function expectWellFormed(
  result: CheckResult,
  text: string,
  invalid = true,
): void {
  if (invalid) expect(result.ok).toBe(false);
  if (result.ok) return;
  expect(result.diagnostics.length).toBeGreaterThan(0);
  const lineCount = text.split(/\r\n|\r|\n/).length;
  for (const diagnostic of result.diagnostics) {
    expect(diagnostic.code).toMatch(/^RG\d{3}$/);
    expect(Number.isInteger(diagnostic.line)).toBe(true);
    expect(Number.isInteger(diagnostic.column)).toBe(true);
    expect(diagnostic.line).toBeGreaterThanOrEqual(1);
    expect(diagnostic.column).toBeGreaterThanOrEqual(1);
    expect(diagnostic.line).toBeLessThanOrEqual(lineCount + 1);
    expect(typeof diagnostic.message).toBe("string");
    expect(diagnostic.message.trim()).not.toBe("");
    expect(diagnostic.file).toBe("mutated.yaml");
  }
  expect(typeof result.formatted).toBe("string");
}

/** Lines `key: value` with a scalar value on the line (not a block scalar), outside comments. */
const scalarLines = lines
  .map((line, index) => ({ line, index }))
  .filter(({ line }) => /^\s*[A-Za-z_$][\w.$-]*:\s+[^\s#>|{[]/.test(line));
/** Lines that open a key, with or without a value. */
const keyLines = lines
  .map((line, index) => ({ line, index }))
  .filter(({ line }) => /^\s*[A-Za-z_$][\w.$-]*:(\s|$)/.test(line));
/** Keys every operation, set, plan and section needs. */
const requiredLines = lines
  .map((line, index) => ({ line, index }))
  .filter(({ line }) =>
    /^(remitgen|service|auth|operations|sets):|^\s+(path|summary|title|version|rateLimit|cost|scope|baseUrl):\s/.test(
      line,
    ),
  );
const setsOffset = original.indexOf("\nsets:");

type Mutation = (text: string[]) => string[];

/** Each mutation alone makes the spec invalid. */
const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  // A required key deleted.
  fc.constantFrom(...requiredLines).map(
    ({ index }) =>
      (text: string[]) =>
        text.map((line, i) => (i === index ? "" : line)),
  ),
  // A scalar value of the wrong type.
  fc
    .tuple(
      fc.constantFrom(...scalarLines),
      fc.constantFrom(
        "{ bogus: [1, 2] }",
        "[[]]",
        "{}",
        "[1, {a: b}]",
        "!!binary aGk=",
      ),
    )
    .map(
      ([{ line, index }, value]) =>
        (text: string[]) =>
          text.map((each, i) =>
            i === index
              ? `${line.slice(0, line.indexOf(":") + 1)} ${value}`
              : each,
          ),
    ),
  // A garbage line at the root.
  fc
    .tuple(
      fc.nat(lines.length),
      fc.constantFrom(
        ']]: {{ "open',
        "- - -: [",
        "@@@",
        "key: 'unterminated",
        "\t\ttab: 1",
        "? [a, b",
        "*missing",
        "&a &b x: 1",
      ),
    )
    .map(([at, garbage]) => (text: string[]) => [
      ...text.slice(0, at),
      garbage,
      ...text.slice(at),
    ]),
  // An unknown key at the root.
  fc
    .tuple(
      fc.nat(lines.length),
      fc.stringMatching(/^[a-z]{1,8}[A-Z]?[a-z]{0,5}$/),
    )
    .filter(
      ([, key]) =>
        ![
          "remitgen",
          "service",
          "auth",
          "operationDefaults",
          "operations",
          "sets",
          "schemas",
        ].includes(key),
    )
    .map(([at, key]) => (text: string[]) => {
      // Before a top-level line, so the key stays at the root.
      let index = at;
      while (index < text.length && !/^[A-Za-z]/.test(text[index] ?? ""))
        index++;
      return [...text.slice(0, index), `${key}: 1`, ...text.slice(index)];
    }),
  // Indentation by a tab.
  fc.constantFrom(...keyLines.filter(({ line }) => /^\s+/.test(line))).map(
    ({ line, index }) =>
      (text: string[]) =>
        text.map((each, i) =>
          i === index ? line.replace(/^\s+/, "\t") : each,
        ),
  ),
  // A key line written twice.
  fc
    .constantFrom(...scalarLines)
    .map(({ line, index }) => (text: string[]) => [
      ...text.slice(0, index + 1),
      line,
      ...text.slice(index + 1),
    ]),
  // Cut off before the sets.
  fc.nat(setsOffset).map((at) => () => original.slice(0, at).split("\n")),
);

/** YAML-looking text: indicators, quotes, anchors, tags, tabs, line breaks, keys. */
const yamlish = fc.string({
  unit: fc.oneof(
    fc.constantFrom(
      ":",
      "-",
      " ",
      "  ",
      "\n",
      "\t",
      "[",
      "]",
      "{",
      "}",
      ",",
      "&a",
      "*a",
      "!",
      "!!str",
      "|",
      ">",
      "'",
      '"',
      "#",
      "%",
      "@",
      "`",
      "?",
      "---",
      "...",
      "\r",
      "\u2028",
      "\ufeff",
      "\0",
      "\\",
    ),
    fc.constantFrom(
      "remitgen",
      "service",
      "operations",
      "sets",
      "schemas",
      "type",
      "$ref",
      "1",
      "1.0.0",
      "null",
      "true",
      "~",
      "<<",
    ),
    fc.string({ unit: "grapheme", minLength: 1, maxLength: 3 }),
  ),
  maxLength: 120,
});

describe("random invalid specs", () => {
  it("the real spec is valid (the mutations below start from it)", () => {
    expect(check(original).ok).toBe(true);
  });

  it("random YAML-like text gives diagnostics, never an exception", () => {
    fc.assert(
      fc.property(yamlish, (text) => {
        expectWellFormed(check(text), text);
      }),
      { numRuns: 400 },
    );
  });

  it("each mutation of the real spec gives diagnostics, never an exception", () => {
    fc.assert(
      fc.property(mutation, (mutate) => {
        const text = mutate(lines).join("\n");
        expectWellFormed(check(text), text);
      }),
      { numRuns: 200 },
    );
  });

  it("several mutations at once never throw, and any diagnostics are well-formed", () => {
    // (One mutation may undo another, e.g. delete a line another one inserted: validity is not asserted here.)
    fc.assert(
      fc.property(
        fc.array(mutation, { minLength: 2, maxLength: 4 }),
        (mutations) => {
          const text = mutations
            .reduce((current, mutate) => mutate(current), lines)
            .join("\n");
          expectWellFormed(check(text), text, false);
        },
      ),
      { numRuns: 150 },
    );
  });

  it("random spec-shaped documents with wrong types give diagnostics, never an exception", () => {
    const scalar = fc.oneof(
      fc.string({ maxLength: 8 }),
      fc.integer(),
      fc.boolean(),
      fc.constant(null),
      fc.double(),
    );
    const node: fc.Arbitrary<unknown> = fc.letrec<{ node: unknown }>((tie) => ({
      node: fc.oneof(
        { depthSize: "small" },
        scalar,
        fc.array(tie("node"), { maxLength: 3 }),
        fc.dictionary(
          fc.constantFrom(
            "type",
            "properties",
            "items",
            "enum",
            "$ref",
            "path",
            "summary",
            "extends",
            "adds",
            "plan",
            "x",
          ),
          tie("node"),
          { maxKeys: 3 },
        ),
      ),
    })).node;
    const document = fc.record(
      {
        remitgen: fc.oneof(fc.constant(1), scalar),
        service: node,
        auth: node,
        operations: fc.dictionary(
          fc.string({ minLength: 1, maxLength: 6 }),
          node,
          { maxKeys: 3 },
        ),
        sets: fc.oneof(
          node,
          fc.dictionary(fc.string({ minLength: 1, maxLength: 6 }), node, {
            maxKeys: 3,
          }),
        ),
        schemas: node,
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(document, (data) => {
        const text = JSON.stringify(data, null, 1);
        expectWellFormed(check(text), text);
      }),
      { numRuns: 200 },
    );
  });
});
