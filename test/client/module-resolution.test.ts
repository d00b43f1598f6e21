/**
 * The generated package as TypeScript consumers with other module settings
 * see it: the old `node` (node10) resolution, which reads no `exports`, a
 * bundler's, and NodeNext from an ES module and from a CommonJS one. Each
 * consumer must compile with the package's real types: a deliberate type
 * error under `@ts-expect-error` proves the imports are not `any`.
 *
 * Reads the committed generated/v3 (kept fresh by the committed-output test).
 */
import { execFileSync } from "node:child_process";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { Project, ts } from "ts-morph";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  formatProblems,
  linkModule,
  makeTemp,
  problemsOf,
  removeTemp,
  repoRoot,
} from "./support.js";

const consumerSource = [
  'import { createTransport, getAcctTitle, OutcomeUnknownError } from "@remitgen/remittance-v3";',
  'import type { GetAcctTitleRequest } from "@remitgen/remittance-v3";',
  'import { createHandlers } from "@remitgen/remittance-v3/mocks";',
  'import { createMockFetch } from "@remitgen/remittance-v3/mock-fetch";',
  "",
  'const transport = createTransport({ baseUrl: "https://bank.example", authUrl: "https://auth.example", getAccessToken: async () => "t" });',
  "const request: GetAcctTitleRequest = {};",
  "export const calls = [getAcctTitle(transport, request), createHandlers(), OutcomeUnknownError];",
  "// An option left undefined, as under exactOptionalPropertyTypes a consumer may pass it.",
  'export const unset = createTransport({ baseUrl: "https://bank.example", getAccessToken: async () => "t", timeoutMs: undefined as number | undefined, onRequest: undefined, rateLimit: { limit: 1, intervalMs: 1000, mode: undefined } });',
  "export const unsetMock = createMockFetch({ latencyMs: undefined as number | undefined, baseUrl: undefined, overrides: undefined, now: undefined });",
  "// @ts-expect-error a function is not a number: the import is typed, not any",
  "export const typed: number = createTransport;",
  "const fetch = createMockFetch();",
  'export const mocked = createTransport({ baseUrl: fetch.engine.options.baseUrl, authUrl: fetch.engine.options.authUrl, clientId: "mock-client-id", clientSecret: "mock-client-secret", fetch });',
  "// @ts-expect-error a function is not a number: the ./mock-fetch import is typed, not any",
  "export const typedFetch: number = createMockFetch;",
  "",
].join("\n");

let temp: string | undefined;
let consumerRoot: string;

beforeAll(async () => {
  temp = await makeTemp("module-resolution");
  consumerRoot = join(temp, "consumer");
  await mkdir(consumerRoot);
  await linkModule(
    consumerRoot,
    "@remitgen/remittance-v3",
    join(repoRoot, "generated/v3"),
  );
  await linkModule(temp, "msw", join(repoRoot, "node_modules/msw"));
  for (const file of ["consumer.ts", "consumer.mts", "consumer.cts"]) {
    await writeFile(join(consumerRoot, file), consumerSource);
  }
}, 30_000);

afterAll(async () => {
  await removeTemp(temp);
});

const strictest: ts.CompilerOptions = {
  exactOptionalPropertyTypes: true,
  noUncheckedIndexedAccess: true,
  noPropertyAccessFromIndexSignature: true,
  noImplicitOverride: true,
  verbatimModuleSyntax: true,
  isolatedModules: true,
  skipLibCheck: false,
};

const settings: readonly [string, string, ts.CompilerOptions][] = [
  [
    "moduleResolution node10, module commonjs",
    "consumer.ts",
    {
      module: ts.ModuleKind.CommonJS,
      moduleResolution: ts.ModuleResolutionKind.Node10,
    },
  ],
  [
    "moduleResolution bundler, module esnext",
    "consumer.ts",
    {
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
    },
  ],
  [
    "module preserve (bundler resolution)",
    "consumer.ts",
    { module: ts.ModuleKind.Preserve },
  ],
  [
    "NodeNext, an ES module (.mts)",
    "consumer.mts",
    { module: ts.ModuleKind.NodeNext },
  ],
  [
    "NodeNext, a CommonJS module (.cts)",
    "consumer.cts",
    { module: ts.ModuleKind.NodeNext },
  ],
  // The declarations need no library newer than the consumer's: Node 16's
  // ES2021 (no ErrorOptions), with every declaration file checked.
  [
    "lib ES2021 and skipLibCheck off",
    "consumer.mts",
    {
      module: ts.ModuleKind.NodeNext,
      lib: ["lib.es2021.d.ts", "lib.dom.d.ts"],
      skipLibCheck: false,
    },
  ],
  [
    "Node16, an ES module (.mts)",
    "consumer.mts",
    { module: ts.ModuleKind.Node16 },
  ],
  // A consumer's strictest flags reach into the declarations it loads.
  [
    "NodeNext, the strictest options and skipLibCheck off",
    "consumer.mts",
    { module: ts.ModuleKind.NodeNext, ...strictest },
  ],
];

describe("a TypeScript consumer of the generated package", () => {
  it.each(settings)("compiles with %s", (_label, file, options) => {
    const project = new Project({
      compilerOptions: {
        target: ts.ScriptTarget.ES2022,
        lib: ["lib.es2022.d.ts", "lib.dom.d.ts"],
        strict: true,
        skipLibCheck: true,
        types: ["node"],
        typeRoots: [join(repoRoot, "node_modules/@types")],
        ...options,
      },
      skipAddingFilesFromTsConfig: true,
    });
    const source = project.addSourceFileAtPath(join(consumerRoot, file));
    expect(formatProblems(problemsOf(project, source))).toBe("");
    if (options.skipLibCheck === false) {
      // Every file the consumer loads, the package's declarations included.
      const all = ts.getPreEmitDiagnostics(project.getProgram().compilerObject);
      const where = (diagnostic: ts.Diagnostic): string =>
        diagnostic.file?.fileName ?? "(options)";
      expect(
        all.map(
          (d) =>
            `${where(d)}: ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`,
        ),
      ).toEqual([]);
    }
  });
});

describe("a CommonJS consumer at run time", () => {
  it("require()s the package, its mocks and its mock fetch (Node.js 20.19+ loads ES modules from require)", () => {
    const script = [
      'const client = require("@remitgen/remittance-v3");',
      'const mocks = require("@remitgen/remittance-v3/mocks");',
      'const mockFetch = require("@remitgen/remittance-v3/mock-fetch");',
      "console.log(typeof client.createTransport, typeof client.getAcctTitle, typeof mocks.createHandlers, typeof mockFetch.createMockFetch);",
    ].join("\n");
    const output = execFileSync(
      process.execPath,
      ["--no-warnings", "-e", script],
      {
        cwd: consumerRoot,
        encoding: "utf8",
      },
    );
    expect(output.trim()).toBe("function function function function");
  });
});

describe("the package's OpenAPI document", () => {
  // Shipped for Swagger UI, Redoc, Postman or another generator: a consumer
  // reaches it by the package's name, which `exports` alone decides.
  it("resolves by name from require, from import with a JSON attribute, and in TypeScript", async () => {
    const script = [
      'const path = require.resolve("@remitgen/remittance-v3/openapi.json");',
      'import("@remitgen/remittance-v3/openapi.json", { with: { type: "json" } }).then((m) =>',
      "  console.log(JSON.stringify([require(path).openapi, m.default.info.version])),",
      ");",
    ].join("\n");
    const output = execFileSync(
      process.execPath,
      ["--no-warnings", "-e", script],
      { cwd: consumerRoot, encoding: "utf8" },
    );
    expect(JSON.parse(output)).toEqual(["3.1.0", "1.0.3"]);

    const file = join(consumerRoot, "openapi-consumer.mts");
    await writeFile(
      file,
      [
        'import document from "@remitgen/remittance-v3/openapi.json" with { type: "json" };',
        "export const version: string = document.info.version;",
        "",
      ].join("\n"),
    );
    const project = new Project({
      compilerOptions: {
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.NodeNext,
        resolveJsonModule: true,
        strict: true,
        types: [],
      },
      skipAddingFilesFromTsConfig: true,
    });
    const source = project.addSourceFileAtPath(file);
    expect(formatProblems(problemsOf(project, source))).toBe("");
  });
});
