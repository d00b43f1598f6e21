/**
 * The rules of an operation as an HTTP request, beyond the one fixture per
 * diagnostic in the bad-spec corpus: each variant of a rule, and what the
 * rules let pass.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { checkSpecText } from "../../src/check-spec.js";

const repoRoot = fileURLToPath(new URL("../../", import.meta.url));
const good = readFileSync(
  join(repoRoot, "test/fixtures/good-spec.yaml"),
  "utf8",
);
const authBlock = good.slice(
  good.indexOf("auth:\n"),
  good.indexOf("operations:\n"),
);

/** The good spec with lines added to its read operation (`get_acct_title`). */
function withRead(lines: readonly string[], path = "/get_acct_title"): string {
  return good
    .replace("    path: /get_acct_title\n", `    path: ${path}\n`)
    .replace("    effect: read\n", `    effect: read\n${lines.join("\n")}\n`);
}

/** Each diagnostic as `code message @ underlined text | hint`; [] when the spec passes. */
function problems(text: string): string[] {
  const result = checkSpecText(text, "spec.yaml");
  if (result.ok) return [];
  const lines = text.split("\n");
  return result.diagnostics.map((item) => {
    const line = lines[item.line - 1] ?? "";
    const marked = line.slice(item.column - 1, item.column - 1 + item.length);
    return `${item.code} ${item.message} @ ${marked} | ${item.hint}`;
  });
}

const parameter = (text: string): string[] => [
  "    method: GET",
  "    parameters:",
  `      - ${text}`,
];

describe("parameters", () => {
  it("refuses a parameter named as the API key, in its place; header names ignore case", () => {
    const apiKey = (place: string) =>
      good.replace(
        authBlock,
        `auth:\n  scheme: api-key\n  in: ${place}\n  name: X-Key\n`,
      );
    expect(
      problems(
        apiKey("header").replace(
          "    effect: read\n",
          `    effect: read\n${parameter("{ name: x-key, in: header, schema: { type: string } }").join("\n")}\n`,
        ),
      ),
    ).toEqual([
      'RG027 header parameter "x-key" of operation "get_acct_title" is one the client sets itself @ x-key | the client sends the API key `auth` names, from its `apiKey` option: remove this parameter',
    ]);
    const query = apiKey("query");
    expect(
      problems(
        query.replace(
          "    effect: read\n",
          `    effect: read\n${parameter("{ name: X-Key, in: query, schema: { type: string } }").join("\n")}\n`,
        ),
      ),
    ).toHaveLength(1);
    // Query names are exact, and a header of the name is another parameter.
    expect(
      problems(
        query.replace(
          "    effect: read\n",
          `    effect: read\n${parameter("{ name: x-key, in: query, schema: { type: string } }").join("\n")}\n      - { name: X-Key, in: header, schema: { type: string } }\n`,
        ),
      ),
    ).toEqual([]);
  });

  it("refuses the JSON and framing headers the client sets, whatever their case", () => {
    expect(
      problems(
        withRead([
          ...parameter(
            "{ name: Content-Type, in: header, schema: { type: string } }",
          ),
          "      - { name: HOST, in: header, schema: { type: string } }",
        ]),
      ).map((line) => line.split(" | ")[1]),
    ).toEqual([
      "the client always sends and accepts JSON: remove this parameter",
      "the HTTP client sets this header from the request itself: remove this parameter",
    ]);
    // As a query parameter, `accept` is any other name.
    expect(
      problems(
        withRead(
          parameter("{ name: accept, in: query, schema: { type: string } }"),
        ),
      ),
    ).toEqual([]);
  });

  it("refuses arrays in a path and arrays of objects anywhere, following $refs", () => {
    expect(
      problems(
        withRead(
          [
            "    method: GET",
            "    parameters:",
            "      - { name: ids, in: path, schema: { type: array, items: { type: string } } }",
            "      - { name: accounts, in: query, schema: { type: array, items: { $ref: Account } } }",
            "      - { name: kinds, in: header, schema: { type: array, items: { type: string, enum: [A, B] } } }",
          ],
          "/accounts/{ids}",
        ),
      ).map((line) => line.split(" | ")[0]),
    ).toEqual([
      'RG028 path parameter "ids" of operation "get_acct_title" is an array, not a string, number, integer, boolean or enum @ ids',
      'RG028 query parameter "accounts" of operation "get_acct_title" is an array of objects, not a string, number, integer, boolean or enum (or an array of these) @ accounts',
    ]);
  });

  it("lets one name stand in two places, and reports a name twice in one place", () => {
    expect(
      problems(
        withRead(
          [
            "    method: GET",
            "    parameters:",
            "      - { name: id, in: path, schema: { type: string } }",
            "      - { name: id, in: query, schema: { type: string } }",
          ],
          "/accounts/{id}",
        ),
      ),
    ).toEqual([]);
    expect(
      problems(
        withRead([
          "    method: GET",
          "    parameters:",
          "      - { name: page, in: query, schema: { type: integer } }",
          "      - { name: page, in: query, schema: { type: string } }",
        ]),
      ),
    ).toEqual([
      'RG026 operation "get_acct_title" has two query parameters named "page" @ page | remove or rename one of them',
    ]);
  });

  it("reports every {name} no path parameter fills, and a template that is not one", () => {
    expect(
      problems(
        withRead(["    method: GET"], "/banks/{bankId}/accounts/{accountId}"),
      ).map((line) => line.split(" @ ")[0]),
    ).toEqual([
      'RG023 operation "get_acct_title" path "/banks/{bankId}/accounts/{accountId}" holds {bankId}, which no path parameter fills',
      'RG023 operation "get_acct_title" path "/banks/{bankId}/accounts/{accountId}" holds {accountId}, which no path parameter fills',
    ]);
    for (const path of ["/accounts/{}", "/accounts/{id", "/accounts/{a b}"])
      expect(problems(withRead([], path))[0]).toMatch(
        /^RG021 path ".*" is not a valid operation path/,
      );
  });
});

describe("bodies and statuses", () => {
  it("refuses a DELETE with a body, and lets a GET say `request: false`", () => {
    expect(
      problems(withRead(["    method: DELETE", "    request: Account"])).map(
        (line) => line.split(" @ ")[0],
      ),
    ).toEqual([
      'RG029 operation "get_acct_title" is a DELETE, which has no body, but it states a `request`',
    ]);
    expect(
      problems(withRead(["    method: GET", "    request: false"])),
    ).toEqual([]);
  });

  it("refuses a method's body by the default method too", () => {
    const text = withRead(["    request: Account"]).replace(
      "operations:\n",
      "operationDefaults:\n  method: GET\noperations:\n",
    );
    expect(problems(text)[0]).toMatch(/^RG029 .* is a GET/);
  });

  it("reports an error status stated twice", () => {
    expect(
      problems(
        withRead([
          "    errors:",
          "      - { status: 404, description: No account. }",
          "      - { status: 404, description: Closed account. }",
        ]),
      ).map((line) => line.split(" | ")[0]),
    ).toEqual([
      'RG049 operation "get_acct_title" states status 404 twice in `errors` @ 404',
    ]);
  });
});

describe("auth", () => {
  it("refuses an oauth2 scheme without its token endpoint, and an API key without its place", () => {
    expect(
      problems(
        good.replace(authBlock, "auth:\n  scheme: oauth2-client-credentials\n"),
      ).map((line) => line.split(" @ ")[0]),
    ).toEqual([
      'RG011 missing required key "title" in auth',
      'RG011 missing required key "version" in auth',
      'RG011 missing required key "baseUrl" in auth',
      'RG011 missing required key "token" in auth',
    ]);
    expect(
      problems(
        good.replace(authBlock, "auth:\n  scheme: api-key\n  name: key\n"),
      ).map((line) => line.split(" | ")[0]),
    ).toEqual(['RG011 missing required key "in" in auth @ auth']);
  });

  it("takes an API key header named Authorization (some APIs send keys there)", () => {
    expect(
      problems(
        good.replace(
          authBlock,
          "auth:\n  scheme: api-key\n  in: header\n  name: Authorization\n",
        ),
      ),
    ).toEqual([]);
  });

  it("refuses keys of another scheme", () => {
    expect(
      problems(
        good.replace(authBlock, "auth:\n  scheme: basic\n  in: header\n"),
      ).map((line) => line.split(" @ ")[0]),
    ).toEqual(['RG010 unknown key "in" in auth']);
  });
});

describe("service statusOperation", () => {
  it("takes a read operation", () => {
    expect(
      problems(
        good.replace(
          '  baseUrl: "{base_url}"\n',
          '  baseUrl: "{base_url}"\n  statusOperation: get_acct_title\n',
        ),
      ),
    ).toEqual([]);
  });
});

describe("parameter schemas of the richer keywords", () => {
  const withSchemas = (extra: string, schema: string): string =>
    withRead(parameter(`{ name: q, in: query, schema: ${schema} }`)).replace(
      "schemas:\n",
      () => `schemas:\n${extra}`,
    );

  it("takes a scalar constant and a union of scalars, through references", () => {
    expect(problems(withSchemas("", "{ const: v2 }"))).toEqual([]);
    expect(
      problems(
        withSchemas(
          "  Id: { oneOf: [{ type: string }, { type: integer }] }\n",
          "Id",
        ),
      ),
    ).toEqual([]);
  });

  it("refuses a union holding an object, any JSON value and a constant object", () => {
    expect(
      [
        withSchemas("", "{ oneOf: [{ type: string }, { $ref: Account }] }"),
        withSchemas("", "{}"),
        withSchemas("", "{ const: { a: 1 } }"),
      ].map((text) => problems(text).map((line) => line.split(" @ ")[0])),
    ).toEqual([
      [
        'RG028 query parameter "q" of operation "get_acct_title" is a union of more than scalars, not a string, number, integer, boolean or enum (or an array of these)',
      ],
      [
        'RG028 query parameter "q" of operation "get_acct_title" is any JSON value, not a string, number, integer, boolean or enum (or an array of these)',
      ],
      [
        'RG028 query parameter "q" of operation "get_acct_title" is a constant object or list, not a string, number, integer, boolean or enum (or an array of these)',
      ],
    ]);
  });

  it("ends on unions that refer to each other (a cycle, reported as such)", () => {
    const text = withSchemas(
      "  A: { oneOf: [{ $ref: B }, { type: string }] }\n  B: { oneOf: [{ $ref: A }] }\n",
      "A",
    );
    expect(problems(text).every((line) => !line.startsWith("RG028"))).toBe(
      true,
    );
  });
});

describe("base URLs", () => {
  const withBase = (url: string): string =>
    good.replace('baseUrl: "{base_url}"', `baseUrl: ${JSON.stringify(url)}`);

  it.each([
    "https://api.payments.example/v2",
    "http://localhost:8080",
    "https://{region}.payments.example/v2",
    "{base_url}",
  ])("takes %s", (url) => {
    expect(problems(withBase(url))).toEqual([]);
  });

  it("refuses a query, a variable with more after it, and another scheme, saying which", () => {
    expect(
      [
        "https://api.payments.example/v2?key=1",
        "{base_url}/v2",
        "ftp://files.payments.example",
      ].map((url) => problems(withBase(url))[0]),
    ).toEqual([
      'RG059 service baseUrl "https://api.payments.example/v2?key=1" has a query or fragment, which the operations\' paths cannot follow @ "https://api.payments.example/v2?key=1" | write the API\'s address, e.g. "https://api.example.com/v2" (no query or fragment), or a variable the client is given, e.g. "{base_url}"',
      'RG059 service baseUrl "{base_url}/v2" is neither a {variable} nor an http or https address @ "{base_url}/v2" | write the API\'s address, e.g. "https://api.example.com/v2" (no query or fragment), or a variable the client is given, e.g. "{base_url}"',
      'RG059 service baseUrl "ftp://files.payments.example" is neither a {variable} nor an http or https address @ "ftp://files.payments.example" | did you mean "https://files.payments.example"?',
    ]);
  });
});

describe("the params and error types an operation declares", () => {
  it("clash with a schema of their name, only when declared", () => {
    const withSchema = (text: string, name: string): string =>
      text.replace(
        "schemas:\n",
        () => `schemas:\n  ${name}: { type: string }\n`,
      );
    const paramsClash = withSchema(
      withRead(parameter("{ name: q, in: query, schema: { type: string } }")),
      "GetAcctTitleParams",
    );
    expect(problems(paramsClash).map((line) => line.split(" @ ")[0])).toEqual([
      'RG022 schema "GetAcctTitleParams" generates the type name "GetAcctTitleParams", which operation "get_acct_title" also generates',
    ]);
    // Without parameters there is no params type to clash with.
    expect(problems(withSchema(good, "GetAcctTitleParams"))).toEqual([]);
    const errorClash = withSchema(
      withRead([
        "    errors:",
        "      - { status: 404, description: No account. }",
      ]),
      "GetAcctTitleError",
    );
    expect(problems(errorClash).map((line) => line.split(" @ ")[0])).toEqual([
      'RG022 schema "GetAcctTitleError" generates the type name "GetAcctTitleError", which operation "get_acct_title" also generates',
    ]);
  });

  it("make an operation's error guard clash with another's method", () => {
    const text = withRead([
      "    errors:",
      "      - { status: 404, description: No account. }",
    ])
      .replace("  send_txns:\n", "  is_get_acct_title_error:\n")
      .replace("adds: [send_txns]", "adds: [is_get_acct_title_error]");
    expect(problems(text).map((line) => line.split(" @ ")[0])).toEqual([
      'RG022 operation "is_get_acct_title_error" generates the exported name "isGetAcctTitleError", which operation "get_acct_title" also generates',
    ]);
  });
});
