/**
 * One run reports every fault of a spec, wherever it is, sorted by position;
 * a fault does not hide later ones, nor cause made-up ones.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SpecError } from "../../src/diagnostics/diagnostic.js";
import { checkSpecText, loadSpec } from "../../src/check-spec.js";

/** Twelve faults in service, auth, operations, sets and schemas. */
const faulty = `remitgen: 1
service:
  titel: Remittance Transfer Service
  description: Pushes remittances into bank accounts.
  baseUrl: "{base_url}"
  package:
    scope: remitgen
    name: remittance
auth:
  title: Authorization API
  version: 1.0
  baseUrl: "{auth_url}"
  token:
    path: /oauth2/token
  scheme: oauth2-client-credentials
operations:
  get_acct_title:
    path: /get_acct_title
    summary: Account title lookup.
    effect: safe
    request: AccountRequest
  send_txns:
    path: /get_acct_title
    summary: Transaction sending.
    effect: write
  get_agent_accnt_balance:
    path: /get_agent_accnt_balance
    effect: read
sets:
  v1.0.1:
    title: First set
    version: 1.0.1
    date: 2023-02-30
    operations: [get_acct_title]
    plan:
      name: default plan
      rateLimit: 10000 per fortnight
      cost: Free
  V1:
    title: V1 set
    version: 1.0.0
    extends: v1.0.1
    adds: [send_txns, send_txn, get_agent_accnt_balance]
    plan:
      name: default plan
      rateLimit: 10000/hour
      cost: Free
schemas:
  Account:
    type: object
    properties:
      number: { type: string, minLength: 30, maxLength: 24, pattern: "[0-9" }
      owner: { $ref: Persn }
`;

const expected = [
  '3:3 RG010 unknown key "titel" in service',
  "11:12 RG012 auth version must be a string, found a number",
  '20:13 RG013 operation "get_acct_title" effect is "safe", which is not allowed',
  '21:14 RG050 unknown schema "AccountRequest"',
  '23:11 RG020 POST "/get_acct_title" is already used by operation "get_acct_title"',
  '26:3 RG011 missing required key "summary" in operation "get_agent_accnt_balance"',
  '33:11 RG041 date "2023-02-30" is not a calendar date: February 2023 has 28 days',
  '37:18 RG040 rate limit "10000 per fortnight" has the unknown unit "fortnight"',
  '43:23 RG030 unknown operation "send_txn" in set "V1" adds',
  '52:42 RG053 property "number" of schema "Account": minLength 30 is greater than maxLength 24',
  '52:70 RG052 pattern "[0-9" is not a valid regular expression: /[0-9/u: Unterminated character class',
  '53:22 RG050 unknown schema "Persn"',
];

const summarize = (text: string): string[] => {
  const result = checkSpecText(text, "faulty.yaml");
  return result.ok
    ? []
    : result.diagnostics.map(
        (d) => `${d.line}:${d.column} ${d.code} ${d.message}`,
      );
};

describe("several faults in one spec", () => {
  it("reports them all in one run, sorted by line then column", () => {
    expect(summarize(faulty)).toEqual(expected);
  });

  it("formats every one of them, in the same order, separated by blank lines", () => {
    const result = checkSpecText(faulty, "faulty.yaml");
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const headers = result.formatted
      .split("\n")
      .filter((line) => line.startsWith("faulty.yaml:"));
    expect(headers).toEqual(
      result.diagnostics.map(
        (d) => `faulty.yaml:${d.line}:${d.column}: ${d.message} [${d.code}]`,
      ),
    );
    expect(result.formatted.split("\n\n")).toHaveLength(expected.length);
  });

  it("loadSpec throws one SpecError listing them all", async () => {
    const dir = mkdtempSync(join(tmpdir(), "remitgen-multiple-"));
    try {
      writeFileSync(join(dir, "faulty.yaml"), faulty);
      const error = await loadSpec(
        join(dir, "faulty.yaml"),
        "faulty.yaml",
      ).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(SpecError);
      const diagnostics = (error as SpecError).diagnostics;
      expect(
        diagnostics.map((d) => `${d.line}:${d.column} ${d.code} ${d.message}`),
      ).toEqual(expected);
      expect((error as SpecError).message).not.toMatch(/\n\s+at /);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("fixing one fault leaves exactly the others", () => {
    const fixed = faulty.replace("effect: safe", "effect: read");
    expect(summarize(fixed)).toEqual(
      expected.filter((line) => !line.includes("RG013")),
    );
  });

  it("a section of the wrong shape does not make every reference to it unknown", () => {
    const listed = faulty
      .replace(
        /operations:\n {2}get_acct_title:[\s\S]*?\nsets:/,
        "operations:\n  - get_acct_title\n  - send_txns\nsets:",
      )
      .replace("effect: safe", "effect: read");
    const found = summarize(listed);
    expect(found).toContain(
      "17:3 RG012 operations must be a mapping, found a list",
    );
    // No "unknown operation" for the names the sets list, no "in no set".
    expect(found.filter((line) => /RG030|RG039/.test(line))).toEqual([]);
  });
});

describe("names that hold no visible character", () => {
  it("are refused for schemas too, at the key; a property's name is the bank's and may be anything", () => {
    const blank = faulty
      .replace("  Account:\n", '  "":\n')
      .replace(
        "      owner: { $ref: Persn }",
        '      "\\u3164": { type: string }',
      );
    const found = summarize(blank).filter((line) => line.includes("RG015"));
    expect(found).toEqual(["49:3 RG015 schema name is empty"]);
  });
});

/**
 * Problems of every phase side by side, each rule's on a part that also
 * has a structural problem of its own: an operation with a misspelt key
 * and a duplicate path, one missing its summary whose payload names an
 * unknown schema, an error entry missing its description, a set missing
 * its title and plan cost whose date and rate limit are wrong, a service
 * missing its title whose package name clashes with a schema.
 */
const phases = `remitgen: 1
service:
  description: Pushes remittances into bank accounts.
  baseUrl: "{base_url}"
  package:
    scope: remitgen
    name: remittance
auth:
  title: Authorization API
  version: 1.0.0
  baseUrl: "{auth_url}"
  token:
    method: POST
    path: /oauth2/token
  scheme: oauth2-client-credentials
operations:
  get_acct_title:
    path: /get_acct_title
    summary: Account title lookup.
    effect: read
  send_txns:
    path: /get_acct_title
    sumary: Transaction sending.
    effect: write
  get_agent_accnt_balance:
    path: /get_agent_accnt_balance
    effect: read
    request: BalanceRequest
    errors:
      - status: 404
        schema: Eror
sets:
  v1.0.1:
    version: 1.0.1
    date: 2023-02-30
    operations: [get_acct_title, send_txns]
    plan:
      name: default plan
      rateLimit: 10000 per fortnight
  V1:
    title: V1 set
    version: 1.0
    extends: v1.0.1
    adds: [get_agent_accnt_balance, send_txn]
    plan:
      name: default plan
      rateLimit: 10000/hour
      cost: Free
schemas:
  RemittanceClient:
    type: object
    properties:
      number: { type: string }
`;

describe("a part with a structural problem", () => {
  it("still has the rules run on what of it could be read: every problem in one run", () => {
    expect(summarize(phases)).toEqual([
      '2:1 RG011 missing required key "title" in service',
      '22:11 RG020 POST "/get_acct_title" is already used by operation "get_acct_title"',
      '23:5 RG010 unknown key "sumary" in operation "send_txns"',
      '25:3 RG011 missing required key "summary" in operation "get_agent_accnt_balance"',
      '28:14 RG050 unknown schema "BalanceRequest"',
      '30:9 RG011 missing required key "description" in operation "get_agent_accnt_balance" error 1',
      '31:17 RG050 unknown schema "Eror"',
      '33:3 RG011 missing required key "title" in set "v1.0.1"',
      '35:11 RG041 date "2023-02-30" is not a calendar date: February 2023 has 28 days',
      '37:5 RG011 missing required key "cost" in set "v1.0.1" plan',
      '39:18 RG040 rate limit "10000 per fortnight" has the unknown unit "fortnight"',
      '42:14 RG012 set "V1" version must be a string, found a number',
      '44:37 RG030 unknown operation "send_txn" in set "V1" adds',
      '50:3 RG022 schema "RemittanceClient" generates the exported name "RemittanceClient", which the package name "remittance" also generates',
    ]);
  });

  it("once its structure is mended, leaves exactly the rules' problems", () => {
    const mended = phases
      .replace("service:\n", "service:\n  title: Remittance Transfer Service\n")
      .replace("sumary:", "summary:")
      .replace(
        "    effect: read\n    request:",
        "    summary: Balance.\n    effect: read\n    request:",
      )
      .replace(
        "        schema: Eror",
        "        description: Not found.\n        schema: Eror",
      )
      .replace("  v1.0.1:\n", "  v1.0.1:\n    title: First set\n")
      .replace(
        "      rateLimit: 10000 per fortnight",
        "      rateLimit: 10000 per fortnight\n      cost: Free",
      )
      .replace("version: 1.0\n", "version: 1.0.0\n");
    const codes = (text: string): string[] =>
      summarize(text).map((line) => line.split(" ")[1]!);
    expect(codes(mended).sort()).toEqual(
      codes(phases)
        .filter((code) => !["RG010", "RG011", "RG012"].includes(code))
        .sort(),
    );
  });
});
