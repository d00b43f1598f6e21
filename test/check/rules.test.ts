/**
 * Fixes from the spec-check review: long `$ref` and `extends` chains are
 * checked without recursion and in linear time, impossible bounds and
 * examples that break their own schema are reported where they stand,
 * non-finite numbers are named as such, and number-like keys read as written.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { generate } from "../../src/index.js";
import { maxPackageBase, maxPackageScope } from "../../src/names/names.js";
import { checkSpecText } from "../../src/check-spec.js";

const repoRoot = fileURLToPath(new URL("../../", import.meta.url));
const good = readFileSync(
  join(repoRoot, "test/fixtures/good-spec.yaml"),
  "utf8",
);
/** The good spec with more named schemas before its own. */
const withSchemas = (extra: string): string =>
  good.replace("schemas:\n", () => `schemas:\n${extra}`);

/**
 * `code message @ text` of each diagnostic, the text being what its caret
 * underlines, or [] when the spec passes.
 */
function problems(text: string): string[] {
  const result = checkSpecText(text, "spec.yaml");
  if (result.ok) return [];
  const lines = text.split("\n");
  return result.diagnostics.map((item) => {
    const line = lines[item.line - 1] ?? "";
    const marked = line.slice(item.column - 1, item.column - 1 + item.length);
    return `${item.code} ${item.message} @ ${marked}`;
  });
}

/** The one diagnostic of a spec, as {@link problems} shows it, with its hint. */
function only(text: string): { at: string; hint: string } {
  const result = checkSpecText(text, "spec.yaml");
  if (result.ok) throw new Error("the spec passed");
  expect(result.diagnostics).toHaveLength(1);
  return { at: problems(text)[0]!, hint: result.diagnostics[0]!.hint };
}

/** Named schemas S0 -> S1 -> ... -> S<links>, the last a string. */
function refChain(links: number): string {
  let extra = "";
  for (let index = 0; index < links; index++)
    extra += `  S${index}: { $ref: S${index + 1} }\n`;
  return `${extra}  S${links}: { type: string }\n`;
}

const made: string[] = [];
afterAll(async () => {
  await Promise.all(
    made.map((dir) => rm(dir, { recursive: true, force: true })),
  );
});

describe("a long chain of $refs", () => {
  it("validates: 20000 links check without a stack overflow", () => {
    const result = checkSpecText(withSchemas(refChain(20_000)), "spec.yaml");
    expect(result.ok).toBe(true);
  });

  it("resolves when an operation reaches the whole chain", () => {
    const text = withSchemas(refChain(20_000)).replace(
      "    effect: read\n",
      "    effect: read\n    request: S0\n",
    );
    const result = checkSpecText(text, "spec.yaml");
    if (!result.ok) throw new Error(result.formatted);
    const first = result.model.sets.find((set) => set.id === "v1.0.1")!;
    expect(first.schemas).toHaveLength(20_001);
  });

  it("generates through the programmatic API, the chain reached by a payload", async () => {
    // Links of each kind a renderer follows: a bare $ref, a property, items.
    const forms = [
      (next: string): string => `{ $ref: ${next} }`,
      (next: string): string =>
        `{ type: object, properties: { next: { $ref: ${next} } } }`,
      (next: string): string => `{ type: array, items: { $ref: ${next} } }`,
    ];
    let extra = "";
    for (let index = 0; index < 20_000; index++)
      extra += `  S${index}: ${forms[index % 3]!(`S${index + 1}`)}\n`;
    extra += "  S20000: { type: string }\n";
    const text = withSchemas(extra).replace(
      "    effect: read\n",
      "    effect: read\n    request: S0\n    response: S0\n",
    );
    const root = await mkdtemp(join(tmpdir(), "remitgen-chain-"));
    made.push(root);
    await writeFile(join(root, "spec.yaml"), text);
    const result = await generate({ spec: "spec.yaml", out: "out", cwd: root });
    expect(result.sets).toHaveLength(2);
    expect(result.model.sets[0]!.schemas).toHaveLength(20_001);
  }, 120_000);

  it("still reports each cycle of bare references, unions and allOfs once, at the $ref that closes it", () => {
    const cycles = [
      "  A: { oneOf: [{ $ref: B }, { type: string }] }",
      "  B: { allOf: [{ $ref: C }] }",
      "  C: { $ref: A }",
      "  D: { $ref: D }",
      "  E: { anyOf: [{ $ref: A }, { $ref: F }] }",
      "  F: { $ref: E }",
      "",
    ].join("\n");
    expect(problems(withSchemas(cycles))).toEqual([
      'RG051 schemas are made of each other in a cycle: "A" -> "B" -> "C" -> "A"; no value or type ends it @ A',
      'RG051 schema "D" is made of itself: no value or type ends it @ D',
      'RG051 schemas are made of each other in a cycle: "E" -> "F" -> "E"; no value or type ends it @ E',
    ]);
  });

  it("lets a schema contain itself inside a member, a list's items or a map's values (a tree)", () => {
    const trees = [
      "  A: { type: object, properties: { b: { $ref: B } } }",
      "  B: { type: array, items: { $ref: C } }",
      "  C: { oneOf: [{ $ref: A }, { type: string }] }",
      "  D: { type: object, properties: { next: { $ref: D, nullable: true } } }",
      "  E: { type: object, additionalProperties: { $ref: E } }",
      "",
    ].join("\n");
    expect(problems(withSchemas(trees))).toEqual([]);
  });

  it("reports a cycle at the end of a long chain", () => {
    const text = withSchemas(
      refChain(20_000).replace(
        "S20000: { type: string }",
        "S20000: { $ref: S0 }",
      ),
    );
    const found = problems(text);
    expect(found).toHaveLength(1);
    const names = Array.from({ length: 20_001 }, (_, index) => `"S${index}"`);
    expect(found[0]).toBe(
      `RG051 schemas are made of each other in a cycle: ${[...names, '"S0"'].join(" -> ")}; no value or type ends it @ S0`,
    );
  });
});

/** The good spec's sets replaced: s0 a root, then `count` sets each extending the one before. */
function setChain(count: number, last = ""): string {
  const head = good.slice(0, good.indexOf("sets:\n"));
  const plan = "    plan: { name: p, rateLimit: 1/hour, cost: Free }\n";
  let text = `${head}sets:\n  s0:\n    title: S\n    version: 1.0.0\n    operations: [get_acct_title, send_txns]\n${plan}`;
  for (let index = 1; index < count; index++)
    text += `  s${index}:\n    title: S\n    version: 1.0.0\n    extends: s${index - 1}\n${plan}`;
  return text + last;
}

describe("a long chain of sets extending each other", () => {
  it("checks 3000 sets in linear time", () => {
    // Growth, not a wall-clock bound: the CPU time for 3000 sets against 300.
    // Linear work grows about 10 times, quadratic 100 (the cubic walk this
    // replaced, 1000). The least of a few runs each shrugs off a collection
    // or a busy machine; a warm-up run keeps compilation out of the small one.
    const cpuMs = (text: string): number => {
      const started = process.cpuUsage();
      const result = checkSpecText(text, "spec.yaml");
      const used = process.cpuUsage(started);
      if (!result.ok) throw new Error(result.formatted);
      expect(result.model.sets.at(-1)!.operations).toHaveLength(2);
      return (used.user + used.system) / 1000;
    };
    const least = (text: string, runs: number): number =>
      Math.min(...Array.from({ length: runs }, () => cpuMs(text)));
    const small = setChain(300);
    const large = setChain(3_000);
    cpuMs(small);
    const growth = least(large, 2) / least(small, 3);
    expect(growth).toBeLessThan(30);
  }, 60_000);

  it("resolves adds and removes down the chain", () => {
    const text = setChain(
      3,
      "  s3:\n    title: S\n    version: 1.0.0\n    extends: s2\n    removes: [send_txns]\n    plan: { name: p, rateLimit: 1/hour, cost: Free }\n" +
        "  s4:\n    title: S\n    version: 1.0.0\n    extends: s3\n    adds: [send_txns]\n    plan: { name: p, rateLimit: 1/hour, cost: Free }\n",
    );
    const result = checkSpecText(text, "spec.yaml");
    if (!result.ok) throw new Error(result.formatted);
    const members = (id: string): string[] =>
      result.model.sets
        .find((set) => set.id === id)!
        .operations.map((operation) => operation.id);
    expect(members("s2")).toEqual(["get_acct_title", "send_txns"]);
    expect(members("s3")).toEqual(["get_acct_title"]);
    expect(members("s4")).toEqual(["get_acct_title", "send_txns"]);
  });

  it("reports each cycle once, where the first set reaching it enters it", () => {
    const set = (id: string, parent: string): string =>
      `  ${id}:\n    title: S\n    version: 1.0.0\n    extends: ${parent}\n    plan: { name: p, rateLimit: 1/hour, cost: Free }\n`;
    // t0 leads into the cycle a -> b -> c -> a at b; d <-> e; f extends itself.
    const text = setChain(
      1,
      set("t0", "b") +
        set("a", "b") +
        set("b", "c") +
        set("c", "a") +
        set("d", "e") +
        set("e", "d") +
        set("f", "f") +
        set("g", "missing"),
    );
    const found = problems(text).filter((line) => /RG03[234]/.test(line));
    expect(found).toEqual([
      'RG034 sets extend each other in a cycle: "b" -> "c" -> "a" -> "b" @ c',
      'RG034 sets extend each other in a cycle: "d" -> "e" -> "d" @ e',
      'RG033 set "f" extends itself @ f',
      'RG032 set "g" extends "missing", which is not a set @ missing',
    ]);
    // At b's `extends`, the set where t0's chain enters the cycle.
    const result = checkSpecText(text, "spec.yaml");
    if (result.ok) return;
    const lines = text.split("\n");
    const cycle = result.diagnostics.find((item) => item.code === "RG034")!;
    expect(lines[cycle.line - 4]).toBe("  b:");
  });
});

describe("impossible bounds", () => {
  it.each([
    ["maxLength", "{ type: string, maxLength: -1 }", "characters"],
    ["minLength", "{ type: string, minLength: -3 }", "characters"],
    [
      "maxItems",
      "{ type: array, items: { type: string }, maxItems: -1 }",
      "items",
    ],
    [
      "minItems",
      "{ type: array, items: { type: string }, minItems: -2 }",
      "items",
    ],
  ])("refuses a negative %s, at its value", (key, schema, unit) => {
    const text = withSchemas(`  T: ${schema}\n`);
    const value = /-\d+/.exec(schema)![0];
    expect(only(text)).toEqual({
      at: `RG045 schema "T": ${key} ${value} is negative @ ${value}`,
      hint: `${key} counts ${unit}, so it is 0 or more: write e.g. \`${key}: 0\`, or remove it`,
    });
  });

  it("accepts counts of 0", () => {
    const text = withSchemas(
      "  T: { type: string, minLength: 0, maxLength: 0 }\n  U: { type: array, items: { type: string }, minItems: 0, maxItems: 0 }\n",
    );
    expect(problems(text)).toEqual([]);
  });

  it("refuses an integer range that holds no whole number, at its minimum", () => {
    const text = withSchemas(
      "  T: { type: integer, minimum: 1.5, maximum: 1.7 }\n",
    );
    expect(only(text)).toEqual({
      at: 'RG045 schema "T": no whole number lies between minimum 1.5 and maximum 1.7 @ 1.5',
      hint: "lower minimum to 1 or raise maximum to 2, or use `type: number` if fractions are meant",
    });
  });

  it("accepts fractional bounds around a whole number, and any number range", () => {
    const text = withSchemas(
      [
        "  T: { type: integer, minimum: 1.5, maximum: 2 }",
        "  U: { type: integer, minimum: -0.5, maximum: 0.5 }",
        "  V: { type: number, minimum: 1.5, maximum: 1.7 }",
        "",
      ].join("\n"),
    );
    expect(problems(text)).toEqual([]);
  });

  it("reports minimum over maximum once, as before", () => {
    const text = withSchemas(
      "  T: { type: integer, minimum: 1.7, maximum: 1.5 }\n",
    );
    expect(problems(text)).toEqual([
      'RG053 schema "T": minimum 1.7 is greater than maximum 1.5 @ 1.7',
    ]);
  });
});

describe("numbers that are not finite", () => {
  it.each([
    ["1e400", "an infinite number"],
    ["-.inf", "an infinite number"],
    [".nan", "not a number (.nan)"],
  ])("names %s as such", (written, found) => {
    const text = good.replace("minimum: 0", `minimum: ${written}`);
    expect(problems(text)).toEqual([
      `RG012 property "balance" of schema "Account" minimum must be a number, found ${found} @ ${written}`,
    ]);
  });
});

describe("number-like keys", () => {
  it("read as written, so an operation `1.10:` is listed as `1.10`", () => {
    const text = good
      .replace("  get_acct_title:\n", "  1.10:\n")
      .replace("operations: [get_acct_title]", "operations: [1.10]");
    expect(problems(text)).toEqual([]);
    const result = checkSpecText(text, "spec.yaml");
    if (!result.ok) return;
    expect(result.model.operations.map((operation) => operation.id)).toEqual([
      "1.10",
      "send_txns",
    ]);
  });

  it("read as written when the spec uses an anchor too", () => {
    const text = good
      .replace("  get_acct_title:\n", "  1.10:\n")
      .replace("operations: [get_acct_title]", "operations: [1.10]")
      .replace("cost: Free", "cost: &free Free");
    expect(problems(text)).toEqual([]);
  });

  it("are told apart when they differ only in how they are written", () => {
    const text = withSchemas(
      "  T:\n    type: object\n    properties:\n      1.10: { type: string }\n      1.1: { type: string }\n",
    );
    expect(problems(text)).toEqual([]);
  });

  it("in an example match property names written the same way", () => {
    const text = withSchemas(
      "  T:\n    type: object\n    properties:\n      1.10: { type: string }\n    example: { 1.10: x }\n",
    );
    expect(problems(text)).toEqual([]);
  });
});

describe("examples that break their own schema", () => {
  it("are reported at the example, naming the node and the first violation", () => {
    const text = withSchemas(
      "  Order:\n    type: object\n    properties:\n      count: { type: integer, minimum: 0, example: many }\n",
    );
    expect(only(text)).toEqual({
      at: 'RG044 example of property "count" of schema "Order" does not match its schema: expected integer, got string @ many',
      hint: "change the example to a value the schema allows, or correct the schema if the example is right",
    });
  });

  it("say where inside the example, and how many other violations there are", () => {
    const text = withSchemas(
      [
        "  Order:",
        "    type: object",
        "    properties:",
        "      count: { type: integer, minimum: 0, required: true }",
        "      tags: { type: array, items: { type: string, maxLength: 3 } }",
        "    example: { count: -1, tags: [ok, toolong], extra: 1 }",
        "",
      ].join("\n"),
    );
    expect(problems(text)).toEqual([
      'RG044 example of schema "Order" does not match its schema: must be >= 0 (at /count) (and 2 more) @ { count: -1, tags: [ok, toolong], extra: 1 }',
    ]);
  });

  it("are checked behind references, in payloads and in error schemas", () => {
    const text = withSchemas(
      "  Code: { type: string, enum: [A, B] }\n",
    ).replace(
      "    effect: write\n",
      [
        "    effect: write",
        "    request: { $ref: Code, example: C }",
        "    response: { type: array, items: { type: boolean }, maxItems: 1, example: [true, false] }",
        "    errors:",
        "      - status: 400",
        "        description: Bad request.",
        "        schema: { type: object, properties: { code: { $ref: Code } }, example: { code: B } }",
        "",
      ].join("\n"),
    );
    expect(problems(text)).toEqual([
      'RG044 example of operation "send_txns" request does not match its schema: must be one of: A, B @ C',
      'RG044 example of operation "send_txns" response does not match its schema: must have at most 1 items, got 2 @ [true, false]',
    ]);
  });

  it("are left alone behind an unknown or cyclic reference, which is reported already", () => {
    const text = withSchemas(
      "  T: { $ref: Missing, example: 1 }\n  U: { $ref: V, example: 1 }\n  V: { $ref: U }\n",
    );
    expect(problems(text).map((line) => line.split(" ")[0])).toEqual([
      "RG050",
      "RG051",
    ]);
  });

  it("are left alone where a part of their schema could not be read", () => {
    // The member `a` is left out of T, and U relies on T: an example naming
    // `a` would look wrong only because of the fault already reported.
    const text = withSchemas(
      [
        "  T:",
        "    type: object",
        "    properties:",
        "      a: { type: strin }",
        "    example: { a: x }",
        "  U: { type: array, items: { $ref: T }, example: [{ a: x }] }",
        "  V: { type: object, properties: { t: { $ref: T } }, example: { t: { a: x } } }",
        "",
      ].join("\n"),
    );
    expect(problems(text)).toEqual([
      'RG013 property "a" of schema "T" type is "strin", which is not allowed @ strin',
    ]);
  });

  it("pass when they fit: the real spec and the committed fixtures", () => {
    for (const path of [
      "spec/remittance.yaml",
      "test/fixtures/good-spec.yaml",
      "test/fixtures/schemas-spec.yaml",
      "test/fixtures/client/golden-spec.yaml",
    ]) {
      const text = readFileSync(join(repoRoot, path), "utf8");
      expect(problems(text), path).toEqual([]);
    }
  });
});

describe("package names npm accepts", () => {
  const good = readFileSync(
    new URL("../fixtures/good-spec.yaml", import.meta.url),
    "utf8",
  );
  it.each([
    [
      "scope",
      "    scope: remitgen\n",
      `    scope: ${"s".repeat(51)}\n`,
      'package scope "sss',
      "over 50",
    ],
    [
      "name",
      "    name: remittance\n",
      `    name: ${"n".repeat(81)}\n`,
      'package name "nnn',
      "over 80",
    ],
  ])(
    "a package %s too long for @scope/name-set to fit npm's 214 characters is refused",
    (_what, from, to, start, over) => {
      const result = checkSpecText(good.replace(from, to), "spec.yaml");
      if (result.ok) throw new Error("expected a diagnostic");
      expect(result.diagnostics.map((d) => d.code)).toEqual(["RG043"]);
      expect(result.diagnostics[0]!.message).toContain(start);
      expect(result.diagnostics[0]!.message).toContain(over);
    },
  );

  it("the longest accepted scope, name and set folder make a name npm accepts", () => {
    // A set id whose folder is as long as folders get (80 characters).
    const longSet = "s".repeat(200);
    const text = good
      .replace(
        "    scope: remitgen\n",
        `    scope: ${"s".repeat(maxPackageScope)}\n`,
      )
      .replace(
        "    name: remittance\n",
        `    name: ${"n".repeat(maxPackageBase)}\n`,
      )
      .replace("  V1:\n", `  ${longSet}:\n`);
    const result = checkSpecText(text, "spec.yaml");
    if (!result.ok) throw new Error(result.formatted);
    const longest = Math.max(
      ...result.model.sets.map((set) => set.names.packageName.length),
    );
    expect(longest).toBeGreaterThan(200);
    expect(longest).toBeLessThanOrEqual(214);
  });

  it("a refused name with a long inner run of dashes is answered at once", () => {
    // The suggested fix trims trailing dashes: `-+$` retried from every dash
    // of an inner run, so 200 000 of them took 34 s (2 MB, hours).
    const dashes = "-".repeat(2_000_000);
    for (const [scope, hint] of [
      [`"Ab${dashes}c!"`, "use lowercase letters, digits"],
      [
        `"-_Remit${dashes.slice(0, 30)}Gen${dashes}"`,
        `did you mean "remit${dashes.slice(0, 30)}gen"?`,
      ],
    ] as const) {
      const result = checkSpecText(
        good.replace("    scope: remitgen\n", `    scope: ${scope}\n`),
        "spec.yaml",
      );
      if (result.ok) throw new Error("expected a diagnostic");
      expect(result.diagnostics.map((d) => d.code)).toEqual(["RG043"]);
      expect(result.diagnostics[0]!.hint).toContain(hint);
    }
  });
});

describe("review mends", () => {
  const good = readFileSync(
    new URL("../fixtures/good-spec.yaml", import.meta.url),
    "utf8",
  );
  const codes = (text: string): string[] => {
    const result = checkSpecText(text, "spec.yaml");
    return result.ok ? [] : result.diagnostics.map((d) => d.code);
  };

  it.each([
    "https:user:pw@bank.example.com",
    "https:\\\\user:pw@bank.example.com",
    "https:///user:pw@bank.example.com",
    "https://user@bank.example.com",
  ])("a base URL the URL parser reads credentials in is refused: %s", (url) => {
    expect(
      codes(
        good.replace(
          'baseUrl: "{base_url}"',
          `baseUrl: ${JSON.stringify(url)}`,
        ),
      ),
    ).toContain("RG046");
  });

  // The spec's text is printed into generated READMEs, TSDoc and OpenAPI:
  // an address with a password is refused wherever it is written.
  it.each([
    [
      "the service description",
      "description: Pushes remittances into bank accounts.",
    ],
    ["an operation summary", "summary: Account title lookup."],
    ["a set title", "title: First set"],
    ["a plan's cost", "cost: Free"],
  ])("an address with credentials in %s is refused", (_where, line) => {
    const key = line.slice(0, line.indexOf(":"));
    const text = good.replace(
      line,
      `${key}: "Sandbox at https://demo:pw-2941@sandbox.example, or scp:ops:pw-2941@h"`,
    );
    if (text === good) throw new Error("good-spec.yaml changed shape");
    const result = checkSpecText(text, "spec.yaml");
    if (result.ok) throw new Error("expected a diagnostic");
    expect(result.diagnostics.map((d) => d.code)).toEqual(["RG046"]);
    expect(JSON.stringify(result)).not.toContain("pw-2941");
  });

  it.each([
    ["a string example", 'example: "https://demo:pw-2941@sandbox.example"'],
    [
      "a string inside an object example",
      'example: { url: "https://demo:pw-2941@sandbox.example" }',
    ],
    [
      "a key of an object example",
      'example: { "https://demo:pw-2941@sandbox.example": 1 }',
    ],
  ])(
    "an address with credentials in %s is refused: examples are printed into docs and mocks",
    (_where, example) => {
      const text = good.replace(
        "schemas:\n",
        `schemas:\n  Sandbox:\n    type: object\n    ${example}\n`,
      );
      if (!text.includes("  Sandbox:"))
        throw new Error("good-spec.yaml changed shape");
      const result = checkSpecText(text, "spec.yaml");
      if (result.ok) throw new Error("expected a diagnostic");
      expect(result.diagnostics.map((d) => d.code)).toContain("RG046");
      expect(JSON.stringify(result)).not.toContain("pw-2941");
    },
  );

  it("an address with a user name only, outside a URL field, is no credential (mailto:)", () => {
    expect(
      codes(
        good.replace(
          "description: Pushes remittances into bank accounts.",
          "description: Write to mailto:ops@bank.example.",
        ),
      ),
    ).toEqual([]);
  });

  it("a pattern that backtracks is refused (RG057), and its example is never run against it", () => {
    const text = good.replace(
      "schemas:\n",
      `schemas:\n  Slow:\n    type: string\n    pattern: "^(a+)+$"\n    example: "${"a".repeat(40)}!"\n`,
    );
    if (!text.includes("  Slow:"))
      throw new Error("good-spec.yaml changed shape");
    expect(codes(text)).toEqual(["RG057"]);
  });

  it("a package name of valid characters but too long is called too long, whatever its length", () => {
    const result = checkSpecText(
      good.replace("    name: remittance\n", `    name: ${"n".repeat(120)}\n`),
      "spec.yaml",
    );
    if (result.ok) throw new Error("expected a diagnostic");
    expect(result.diagnostics[0]!.message).toContain(
      "is 120 characters, over 80",
    );
  });
});

describe("spec names that differ only in how their accents are encoded", () => {
  // Written with YAML escapes: "é" composed (U+00E9), and "e" with U+0301.
  it("are one schema or one set declared twice, shown apart in the hint", () => {
    const schemas = good.replace(
      "schemas:\n",
      'schemas:\n  "Caf\\u00e9": { type: string }\n  "Cafe\\u0301": { type: string }\n',
    );
    expect(problems(schemas)).toEqual([
      'RG022 schema "Café" is declared twice, its accents encoded differently each time @ "Cafe\\u0301"',
    ]);
    expect(only(schemas).hint).toBe(
      'here it is written "Cafe\\u0301", before "Caf\\u00e9" (decomposed and composed Unicode); remove one of them, or rename it',
    );
    const sets = good
      .replace("  V1:\n", '  "V\\u00e9":\n')
      .replace(
        "sets:\n",
        'sets:\n  "Ve\\u0301":\n    title: t\n    version: 1.0.0\n    operations: [send_txns]\n    plan:\n      name: p\n      rateLimit: 1/hour\n      cost: Free\n',
      );
    expect(problems(sets)).toEqual([
      'RG022 set "Vé" is declared twice, its accents encoded differently each time @ "V\\u00e9"',
    ]);
  });
});

describe("a reference that differs from its name only in how accents are encoded", () => {
  it("is unknown, and the hint shows both spellings apart", () => {
    const schema = good.replace(
      "schemas:\n",
      'schemas:\n  "Caf\\u00e9": { type: string }\n  Order: { $ref: "Cafe\\u0301" }\n',
    );
    expect(problems(schema)).toEqual([
      'RG050 unknown schema "Cafe\u0301" @ "Cafe\\u0301"',
    ]);
    expect(only(schema).hint).toBe(
      'did you mean "Caf\\u00e9"? Here it is written "Cafe\\u0301": the accents are encoded differently (composed and decomposed Unicode)',
    );
    const operation = good
      .replace("  send_txns:\n", '  "send_caf\\u00e9":\n')
      .replace("adds: [send_txns]", 'adds: ["send_cafe\\u0301"]');
    expect(only(operation).hint).toBe(
      'did you mean "send_caf\\u00e9"? Here it is written "send_cafe\\u0301": the accents are encoded differently (composed and decomposed Unicode)',
    );
  });
});

describe("a rate limit's count", () => {
  const withLimit = (limit: string): string =>
    good.replace("rateLimit: 10000/hour", `rateLimit: ${limit}`);

  it.each([
    "1000000000/hour",
    "99999999999999999999999/second",
    "12345678901 per day",
  ])("%s: too large, not of the wrong form", (limit) => {
    expect(only(withLimit(limit))).toEqual({
      at: `RG040 rate limit "${limit}" has a count over 999999999 @ ${limit}`,
      hint: "write a count of at most 999999999; for a higher rate, count per a shorter unit (second, minute)",
    });
  });

  it.each(["999999999/hour", "0000000001/hour"])(
    "%s: read as before",
    (limit) => {
      expect(
        problems(withLimit(limit)).filter((each) =>
          each.includes("a count over"),
        ),
      ).toEqual([]);
    },
  );
});

describe("an alias in a list", () => {
  it("is reported where the entry stands, not at its anchor", () => {
    const text = good.replace(
      "    operations: [get_acct_title]",
      "    operations: [&first get_acct_title, *first]",
    );
    const result = checkSpecText(text, "spec.yaml");
    if (result.ok) throw new Error("expected a diagnostic");
    const line =
      text.split("\n").findIndex((each) => each.includes("*first")) + 1;
    expect(
      result.diagnostics.map(
        (each) => `${each.line}:${each.column} ${each.code} ${each.length}`,
      ),
    ).toEqual([
      `${line}:${text.split("\n")[line - 1]!.indexOf("*first") + 1} RG031 6`,
    ]);
  });
});

describe("an integer too large for a JavaScript number", () => {
  const withBalance = (schema: string): string =>
    good.replace("balance: { type: number, minimum: 0 }", `balance: ${schema}`);

  it.each([
    [
      "a bound",
      "{ type: integer, maximum: 9007199254740993 }",
      "9007199254740993",
      "9007199254740992",
    ],
    [
      "an example",
      "{ type: integer, example: 12345678901234567891 }",
      "12345678901234567891",
      "12345678901234567168",
    ],
    [
      // Held exactly, but printed (mock answers, docs, OpenAPI) with the
      // shortest digits that read back the same: another number to a reader.
      "an example printed with other digits",
      "{ type: integer, example: 18446744073709551616 }",
      "18446744073709551616",
      "18446744073709552000",
    ],
    [
      "a bound printed with other digits",
      "{ type: number, minimum: -18446744073709551616 }",
      "-18446744073709551616",
      "-18446744073709552000",
    ],
  ])(
    "%s is refused where it is written, not silently rounded",
    (_, schema, written, readAs) => {
      expect(only(withBalance(schema))).toEqual({
        at: `RG018 the number ${written} is too large to be read exactly: it would read as ${readAs} @ ${written}`,
        hint: "write a whole number of at most 9007199254740991 (2^53 - 1), or quote it if it is an identifier",
      });
    },
  );

  it.each([
    "{ type: integer, maximum: 9007199254740991, example: -9007199254740991 }",
    "{ type: number, maximum: 100000000000000000000 }",
    "{ type: number, maximum: 1e300 }",
    "{ type: integer, example: 1000000000000000000000 }",
  ])("%s: read as before", (schema) => {
    expect(problems(withBalance(schema))).toEqual([]);
  });
});
