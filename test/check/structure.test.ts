/**
 * The structure check walks the format's JSON Schema: what it reports comes
 * from the schema's declarations and annotations, every problem in one run,
 * and a pattern is compiled by one rule for the checker and the mocks.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it, vi } from "vitest";
import { checkSpecText } from "../../src/check-spec.js";
import { compilePattern } from "../../src/runtime/mock/validate.js";

const good = readFileSync(
  fileURLToPath(new URL("../fixtures/good-spec.yaml", import.meta.url)),
  "utf8",
);

/** Each diagnostic as `line:column CODE message | hint`. */
function problems(text: string): string[] {
  const result = checkSpecText(text, "spec.yaml");
  if (result.ok) return [];
  return result.diagnostics.map(
    (each) =>
      `${each.line}:${each.column} ${each.code} ${each.message} | ${each.hint}`,
  );
}

const withBalance = (schema: string): string =>
  good.replace("balance: { type: number, minimum: 0 }", `balance: ${schema}`);

describe("the structure check, from the format's schema", () => {
  it("reports every problem of one schema node in one run, each where it stands, with the fix", () => {
    expect(
      problems(
        withBalance("{ typ: number, minimun: 0, required: maybe, example: 1 }"),
      ),
    ).toEqual([
      '50:18 RG010 unknown key "typ" in property "balance" of schema "Account" | did you mean "type"?',
      '50:31 RG010 unknown key "minimun" in property "balance" of schema "Account" | did you mean "minimum"?',
    ]);
    expect(
      problems(
        withBalance("{ description: 7, required: maybe, type: number }"),
      ),
    ).toEqual([
      '50:31 RG012 property "balance" of schema "Account" description must be a string, found a number | quote the value: "7"',
      '50:44 RG012 property "balance" of schema "Account" required must be true or false, found a string | write true or false, not maybe',
    ]);
  });

  it("offers the keys and values of the option a node's `type` chooses", () => {
    expect(
      problems(
        withBalance("{ type: number, maxLength: 3, minimum: 2, maximum: 1 }"),
      ),
    ).toEqual([
      '50:32 RG010 unknown key "maxLength" in property "balance" of schema "Account" | allowed keys: "type", "description", "example", "required", "minimum", "maximum", "nullable", "default", "readOnly", "writeOnly", "enum"',
      '50:55 RG053 property "balance" of schema "Account": minimum 2 is greater than maximum 1 | make minimum at most 1, or raise maximum',
    ]);
    expect(problems(withBalance("{ items: { type: string } }"))).toEqual([
      '50:7 RG011 missing required key "type" in property "balance" of schema "Account" | add `type: string` to property "balance" of schema "Account"',
    ]);
    expect(problems(withBalance("{ type: array }"))).toEqual([
      '50:7 RG011 missing required key "items" in property "balance" of schema "Account" | add `items: { type: string }` to property "balance" of schema "Account"',
    ]);
  });

  it("shows a missing key's example from the schema's `examples`", () => {
    expect(problems(good.replace(/\n {4}version: 1\.0\.1\n/, "\n"))).toEqual([
      '27:3 RG011 missing required key "version" in set "v1.0.1" | add `version: 1.0.0` to set "v1.0.1"',
    ]);
  });

  it("judges a set's date without the locale data, whose loading costs every run", () => {
    const dated = (date: string): string =>
      good.replace(
        "    version: 1.0.1\n",
        `    version: 1.0.1\n    date: ${date}\n`,
      );
    const localized = vi.spyOn(Date.prototype, "toLocaleString");
    try {
      expect(problems(dated("2024-02-29"))).toEqual([]);
      expect(problems(dated("2023-02-30"))).toEqual([
        '30:11 RG041 date "2023-02-30" is not a calendar date: February 2023 has 28 days | write a real date as YYYY-MM-DD, e.g. 2023-04-10',
      ]);
      expect(problems(dated("2023-12-32"))[0]).toContain(
        "December 2023 has 31 days",
      );
      expect(localized).not.toHaveBeenCalled();
    } finally {
      localized.mockRestore();
    }
  });

  it("names each item of a list by its place", () => {
    expect(
      problems(
        good.replace(
          "operations: [get_acct_title]",
          "operations: [get_acct_title, [x]]",
        ),
      ),
    ).toEqual([
      '30:34 RG012 entry 2 of set "v1.0.1" operations must be a string, found a list | write a string here',
    ]);
  });

  it("compiles a pattern as the mocks do: what the checker accepts, they compile", () => {
    const patterns = [
      "^[0-9]+$",
      "^\\p{Lu}+$",
      "^[\\w-]+$",
      "^a\\-b$",
      "[\\d-z]",
      "\\c",
      "(",
    ];
    for (const pattern of patterns) {
      const refused = problems(
        withBalance(`{ type: string, pattern: ${JSON.stringify(pattern)} }`),
      ).some((each) => each.includes(" RG052 "));
      expect(refused, pattern).toBe(compilePattern(pattern) === undefined);
    }
    expect(
      patterns.filter((each) => compilePattern(each) === undefined),
    ).toEqual(["^a\\-b$", "[\\d-z]", "\\c", "("]);
  });
});
