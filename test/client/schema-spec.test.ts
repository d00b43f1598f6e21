/**
 * "A spec edit alone changes the client": test/fixtures/client/schema-spec.yaml
 * is spec/remittance.yaml plus schemas for get_acct_title's request and
 * response. The packages generated from it type their request and response;
 * a consumer (test/consumer/schema-types.ts) that uses those fields compiles,
 * and its misuses fail, where against the real spec's packages (JsonObject)
 * the same misuses go unnoticed.
 */
import { copyFile, mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { Project, type SourceFile } from "ts-morph";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import {
  consumerCompilerOptions,
  consumerDir,
  expectedErrors,
  fixturesDir,
  formatProblems,
  generateInto,
  linkModule,
  makeTemp,
  problemsOf,
  remittancePackages,
  removeTemp,
  repoRoot,
  type ExpectedError,
} from "./support.js";
import { renderTsconfig } from "../../src/render/client/package-files.js";

const fixture = "test/fixtures/client/schema-spec.yaml";

let temp: string | undefined;
let project: Project;
let expected: ExpectedError[];
let withSchemas: SourceFile;
let withSchemasStripped: SourceFile;

beforeAll(async () => {
  temp = await makeTemp("schema-spec");
  await generateInto(join(temp, "schema-out"), fixture);
  await generateInto(join(temp, "plain-out"));
  await linkModule(temp, "msw", join(repoRoot, "node_modules/msw"));
  const text = await readFile(join(consumerDir, "schema-types.ts"), "utf8");
  const split = expectedErrors(text);
  expected = split.expected;
  for (const [consumer, out] of [
    ["schema-consumer", "schema-out"],
    ["plain-consumer", "plain-out"],
  ] as const) {
    await mkdir(join(temp, consumer));
    for (const pkg of remittancePackages)
      await linkModule(
        join(temp, consumer),
        pkg.name,
        join(temp, out, pkg.dir),
      );
    await copyFile(
      join(consumerDir, "schema-types.ts"),
      join(temp, consumer, "schema-types.ts"),
    );
  }
  await writeFile(
    join(temp, "schema-consumer", "schema-types-stripped.ts"),
    split.stripped,
  );

  // The strict options the package's source is checked with.
  const tsconfig = renderTsconfig();
  project = new Project({
    compilerOptions: consumerCompilerOptions(
      tsconfig,
      join(temp, "schema-out/v3"),
    ),
    skipAddingFilesFromTsConfig: true,
  });
  withSchemas = project.addSourceFileAtPath(
    join(temp, "schema-consumer/schema-types.ts"),
  );
  withSchemasStripped = project.addSourceFileAtPath(
    join(temp, "schema-consumer/schema-types-stripped.ts"),
  );
}, 60_000);

afterAll(async () => {
  await removeTemp(temp);
});

describe("the fixture spec", () => {
  it("is spec/remittance.yaml plus the two schemas and the two references, nothing else", async () => {
    const real = parse(
      await readFile(join(repoRoot, "spec/remittance.yaml"), "utf8"),
    ) as Record<string, any>;
    const edited = parse(
      await readFile(join(fixturesDir, "schema-spec.yaml"), "utf8"),
    ) as Record<string, any>;
    const operation = edited.operations.get_acct_title;
    expect({
      request: operation.request,
      response: operation.response,
    }).toEqual({
      request: "AcctTitleRequest",
      response: "AcctTitleResponse",
    });
    expect(edited.schemas).toEqual({
      AcctTitleRequest: {
        type: "object",
        description: "Looks up the title of an account.",
        properties: {
          accountNumber: { type: "string", maxLength: 24, required: true },
          bankCode: { type: "string", enum: ["HBL", "MCB", "UBL"] },
        },
      },
      AcctTitleResponse: {
        type: "object",
        properties: { title: { type: "string", required: true } },
      },
    });
    delete operation.request;
    delete operation.response;
    expect({ ...edited, schemas: {} }).toEqual(real);
  });

  it("changes types and docs only: the JavaScript of the client is the same", async () => {
    for (const pkg of remittancePackages) {
      for (const file of [
        "dist/client.js",
        "dist/index.js",
        "dist/types.js",
        "dist/index.d.ts",
      ]) {
        const [a, b] = await Promise.all(
          ["schema-out", "plain-out"].map(async (out) =>
            (await readFile(join(temp!, out, pkg.dir, file), "utf8"))
              .split("\n")
              .slice(1)
              .join("\n"),
          ),
        );
        expect(a, `${pkg.dir}/${file}`).toBe(b);
      }
      const types = await readFile(
        join(temp!, "schema-out", pkg.dir, "dist/types.d.ts"),
        "utf8",
      );
      expect(types).toContain(
        "export type GetAcctTitleRequest = AcctTitleRequest;",
      );
    }
  });
});

describe("a consumer of the packages generated from it (test/consumer/schema-types.ts)", () => {
  it("compiles, using accountNumber, bankCode and title with their types", () => {
    expect(formatProblems(problemsOf(project, withSchemas))).toBe("");
    expect(
      withSchemas
        .getImportDeclarations()[1]
        ?.getModuleSpecifierSourceFileOrThrow()
        .getFilePath(),
    ).toContain("/schema-out/v3/dist/index.d.ts");
  });

  it("misuses fail: missing accountNumber, a wrong enum value, reading a missing response field", () => {
    expect(expected).toHaveLength(7);
    const problems = problemsOf(project, withSchemasStripped);
    expect(
      problems.map((problem) => ({ line: problem.line, code: problem.code })),
      formatProblems(problems),
    ).toEqual(expected.map(({ line, code }) => ({ line, code })));
    const at = (note: string): string =>
      problems.find(
        (problem) =>
          problem.line === expected.find((entry) => entry.note === note)?.line,
      )?.message ?? "";
    expect(at("accountNumber is required")).toContain(
      "'accountNumber' is missing",
    );
    expect(at("bankCode is one of HBL, MCB, UBL")).toContain(
      `'"ABC"' is not assignable to type '"HBL" | "MCB" | "UBL"`,
    );
    expect(at("the response has no balance")).toContain(
      "Property 'balance' does not exist on type 'AcctTitleResponse'",
    );
  });

  it("against the real spec's packages (no schemas) the same misuses compile unnoticed", async () => {
    // A Project of its own: TypeScript treats two packages of the same name
    // and version as one, so both outputs cannot share a program.
    // The strict options the package's source is checked with.
    const tsconfig = renderTsconfig();
    const plain = new Project({
      compilerOptions: consumerCompilerOptions(
        tsconfig,
        join(temp!, "plain-out/v3"),
      ),
      skipAddingFilesFromTsConfig: true,
    });
    const withoutSchemas = plain.addSourceFileAtPath(
      join(temp!, "plain-consumer/schema-types.ts"),
    );
    expect(
      withoutSchemas
        .getImportDeclarations()[1]
        ?.getModuleSpecifierSourceFileOrThrow()
        .getFilePath(),
    ).toContain("/plain-out/v3/dist/index.d.ts");
    const problems = problemsOf(plain, withoutSchemas);
    // (A JsonValue is no number either: that one directive is used there too.)
    const directiveLines = expected
      .filter((entry) => entry.note !== "the title is a string")
      .map((entry) => entry.line - 1);
    expect(directiveLines).toHaveLength(6);
    // Every other @ts-expect-error is unused there (TS2578)...
    for (const line of directiveLines) {
      expect(
        problems.some(
          (problem) => problem.line === line && problem.code === 2578,
        ),
        `line ${line}\n${formatProblems(problems)}`,
      ).toBe(true);
    }
    // ...and the schema's type names do not exist.
    expect(
      problems.some(
        (problem) =>
          [2305, 2724].includes(problem.code) &&
          problem.message.includes("AcctTitleRequest"),
      ),
    ).toBe(true);
  });
});
