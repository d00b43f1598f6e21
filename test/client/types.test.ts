/**
 * Type checks of the generated packages with the TypeScript compiler
 * (ts-morph, one Project for the whole file): each package's declarations,
 * and the source they were derived from (not shipped: written next to the
 * package here), compile in strict mode, and a strict consumer
 * (test/consumer/types.ts) that imports them by package name compiles, with
 * every `@ts-expect-error` hiding exactly the error it names.
 *
 * The consumer sees the packages through symlinks in its node_modules
 * (test/client/consumer.test.ts covers a real npm install).
 */
import { copyFile, mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { Project, type SourceFile } from "ts-morph";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  consumerCompilerOptions,
  consumerDir,
  expectedErrors,
  formatProblems,
  generateInto,
  linkModule,
  makeTemp,
  problemsOf,
  remittancePackages,
  removeTemp,
  repoRoot,
  writeSourcesInto,
  type ExpectedError,
} from "./support.js";

let temp: string | undefined;
let project: Project;
let expected: ExpectedError[];
const sources = new Map<string, SourceFile[]>();
const declarations = new Map<string, SourceFile[]>();
let consumer: SourceFile;
let stripped: SourceFile;
let httpExpected: ExpectedError[];
let httpSources: SourceFile[];
let httpConsumer: SourceFile;
let httpStripped: SourceFile;

beforeAll(async () => {
  temp = await makeTemp("types");
  const out = join(temp, "out");
  await generateInto(out);
  await writeSourcesInto(out);
  // msw is the packages' optional peer dependency, needed by ./mocks only.
  await linkModule(temp, "msw", join(repoRoot, "node_modules/msw"));
  const consumerRoot = join(temp, "consumer");
  await mkdir(consumerRoot);
  for (const pkg of remittancePackages)
    await linkModule(consumerRoot, pkg.name, join(out, pkg.dir));
  const text = await readFile(join(consumerDir, "types.ts"), "utf8");
  await copyFile(join(consumerDir, "types.ts"), join(consumerRoot, "types.ts"));
  const split = expectedErrors(text);
  expected = split.expected;
  await writeFile(join(consumerRoot, "types-stripped.ts"), split.stripped);

  const tsconfig = await readFile(join(out, "v3/tsconfig.json"), "utf8");
  project = new Project({
    compilerOptions: consumerCompilerOptions(tsconfig, join(out, "v3")),
    skipAddingFilesFromTsConfig: true,
  });
  for (const pkg of remittancePackages) {
    sources.set(
      pkg.dir,
      project.addSourceFilesAtPaths(join(out, pkg.dir, "src/**/*.ts")),
    );
    declarations.set(
      pkg.dir,
      project.addSourceFilesAtPaths(join(out, pkg.dir, "dist/**/*.d.ts")),
    );
  }
  consumer = project.addSourceFileAtPath(join(consumerRoot, "types.ts"));
  stripped = project.addSourceFileAtPath(
    join(consumerRoot, "types-stripped.ts"),
  );

  // An ordinary HTTP JSON API's package (test/fixtures/http-api.yaml), in
  // the same program: its sources and a consumer of it.
  const httpOut = join(temp, "http");
  await generateInto(httpOut, "test/fixtures/http-api.yaml");
  await writeSourcesInto(httpOut, "test/fixtures/http-api.yaml");
  await linkModule(consumerRoot, "@example/payments-v1", join(httpOut, "v1"));
  const httpText = await readFile(join(consumerDir, "http-types.ts"), "utf8");
  await copyFile(
    join(consumerDir, "http-types.ts"),
    join(consumerRoot, "http-types.ts"),
  );
  const httpSplit = expectedErrors(httpText);
  httpExpected = httpSplit.expected;
  await writeFile(
    join(consumerRoot, "http-types-stripped.ts"),
    httpSplit.stripped,
  );
  httpSources = project.addSourceFilesAtPaths(
    join(httpOut, "v1", "src/**/*.ts"),
  );
  httpConsumer = project.addSourceFileAtPath(
    join(consumerRoot, "http-types.ts"),
  );
  httpStripped = project.addSourceFileAtPath(
    join(consumerRoot, "http-types-stripped.ts"),
  );
}, 60_000);

afterAll(async () => {
  await removeTemp(temp);
});

describe("each generated package", () => {
  it("is type-checked by the same strict tsconfig.json", async () => {
    const texts = await Promise.all(
      remittancePackages.map((pkg) =>
        readFile(join(temp!, "out", pkg.dir, "tsconfig.json"), "utf8"),
      ),
    );
    expect(new Set(texts).size).toBe(1);
    const options = JSON.parse(texts[0]!) as {
      compilerOptions: Record<string, unknown>;
      include: string[];
    };
    expect(options.compilerOptions).toMatchObject({
      strict: true,
      module: "NodeNext",
      moduleResolution: "NodeNext",
      noUncheckedIndexedAccess: true,
      exactOptionalPropertyTypes: true,
    });
    expect(options.include).toEqual(["src"]);
  });

  it("carries the same runtime copy (src/runtime, dist/runtime), so it is checked once, in v3", async () => {
    const runtimeOf = (dir: string): Promise<string[]> =>
      Promise.all(
        [...sources.get(dir)!, ...declarations.get(dir)!]
          .filter((file) => file.getFilePath().includes("/runtime/"))
          .map((file) => readFile(file.getFilePath(), "utf8")),
      );
    const v3 = await runtimeOf("v3");
    expect(v3.length).toBeGreaterThanOrEqual(18);
    expect(await runtimeOf("v1-0-1")).toEqual(v3);
    expect(await runtimeOf("v1")).toEqual(v3);
  });

  it.each(remittancePackages.map((pkg) => [pkg.dir]))(
    "%s: src/ type-checks in strict mode",
    (dir) => {
      const files = sources
        .get(dir)!
        .filter(
          (file) =>
            dir === "v3" || !file.getFilePath().includes("/src/runtime/"),
        );
      expect(files.map((file) => file.getBaseName())).toEqual(
        expect.arrayContaining([
          "index.ts",
          "client.ts",
          "operations.ts",
          "types.ts",
          "mock-api.ts",
          "mocks.ts",
          "mock-fetch.ts",
        ]),
      );
      const problems = files.flatMap((file) => problemsOf(project, file));
      expect(formatProblems(problems)).toBe("");
    },
  );

  it.each(remittancePackages.map((pkg) => [pkg.dir]))(
    "%s: dist/*.d.ts type-check (skipLibCheck off)",
    (dir) => {
      const files = declarations.get(dir)!;
      expect(files.length).toBe(sources.get(dir)!.length);
      const problems = files.flatMap((file) => problemsOf(project, file));
      expect(formatProblems(problems)).toBe("");
    },
  );

  it.each(remittancePackages.map((pkg) => [pkg.dir]))(
    "%s: dist/index.d.ts, dist/mocks.d.ts and dist/mock-fetch.d.ts export what src/ exports",
    (dir) => {
      for (const name of ["index", "mocks", "mock-fetch"]) {
        const exportsOf = (path: string): string[] =>
          [
            ...project
              .getSourceFileOrThrow(path)
              .getExportedDeclarations()
              .keys(),
          ].sort();
        const fromSource = exportsOf(join(temp!, "out", dir, `src/${name}.ts`));
        expect(fromSource.length).toBeGreaterThan(3);
        expect(exportsOf(join(temp!, "out", dir, `dist/${name}.d.ts`))).toEqual(
          fromSource,
        );
      }
    },
  );
});

describe("a strict consumer (test/consumer/types.ts)", () => {
  it("compiles: later sets' clients stand in for earlier ones, reads take retry, payloads are JsonObject", () => {
    expect(formatProblems(problemsOf(project, consumer))).toBe("");
    expect(
      consumer
        .getImportDeclarations()
        .map((declaration) => declaration.getModuleSpecifierValue()),
    ).toEqual([
      "@remitgen/remittance-v1-0-1",
      "@remitgen/remittance-v1",
      "@remitgen/remittance-v3",
      "@remitgen/remittance-v3/mocks",
      "@remitgen/remittance-v3/mock-fetch",
    ]);
    // Resolved through each package's exports to its declarations.
    for (const declaration of consumer.getImportDeclarations()) {
      const target = declaration
        .getModuleSpecifierSourceFileOrThrow()
        .getFilePath();
      expect(target).toMatch(
        /\/out\/(v1-0-1|v1|v3)\/dist\/(index|mocks|mock-fetch)\.d\.ts$/,
      );
    }
  });

  it("each @ts-expect-error hides exactly the error it names", () => {
    expect(expected).toHaveLength(16);
    const problems = problemsOf(project, stripped);
    const found = problems.map((problem) => ({
      line: problem.line,
      code: problem.code,
    }));
    expect(found, formatProblems(problems)).toEqual(
      expected.map(({ line, code }) => ({ line, code })),
    );
  });

  it("names the missing operation, the retry option and the missing secret in those errors", () => {
    const problems = problemsOf(project, stripped);
    const at = (note: string): string => {
      const line = expected.find((entry) => entry.note === note)?.line;
      return (
        problems.find((problem) => problem.line === line)?.message ??
        `(no error for ${note})`
      );
    };
    expect(at("Update_Name_Amendment is only in v3")).toContain(
      "Property 'updateNameAmendment' does not exist",
    );
    expect(at("a write is never retried")).toContain(
      "'retry' does not exist in type 'WriteCallOptions'",
    );
    expect(at("a client needs its secret")).toContain("'clientSecret'");
    expect(at("V1 adds send_txns_V1 and TestingMethod")).toMatch(
      /sendTxnsV1, testingMethod/,
    );
    expect(at("a response is not a number")).toMatch(
      /Type 'JsonObject' is not assignable to type 'number'/,
    );
    expect(at("no error has this code")).toMatch(
      /'ClientErrorCode' and '"OUTCOME_UNKOWN"' have no overlap/,
    );
  });
});

describe("hovering a method in the consumer (the IDE's quick info)", () => {
  const hover = (text: string): { doc: string; tags: string[] } => {
    const source = consumer.getFullText();
    const position = source.indexOf(text);
    expect(position, text).toBeGreaterThan(-1);
    const info = project
      .getLanguageService()
      .compilerObject.getQuickInfoAtPosition(
        consumer.getFilePath(),
        position + text.length - 1,
      );
    const join = (parts: readonly { text: string }[] | undefined): string =>
      (parts ?? []).map((part) => part.text).join("");
    return {
      doc: join(info?.documentation),
      // Wrapped comment lines read as one line of text.
      tags: (info?.tags ?? []).map(
        (tag) => `@${tag.name} ${join(tag.text).replace(/\s+/g, " ")}`,
      ),
    };
  };

  it("shows a read's effect, what is not shown, and where its errors are listed", () => {
    const { doc, tags } = hover("clientV3.getAcctTitle");
    expect(doc).toContain("Effect: read");
    expect(doc).toContain("Not shown by the spec:");
    // The error classes are the same for every read: listed once, in the README.
    expect(tags).toEqual([
      '@throws Its errors: see "Errors and retries" in the package README.',
    ]);
  });

  it("shows that creating a client checks its options", () => {
    expect(hover("const clientV3: ClientV3 = createV3").tags).toEqual([
      "@throws {ConfigError} An option is missing or invalid; the message names it, never its value.",
    ]);
  });

  it("shows a write's effect and, first, that an unknown outcome must be reconciled, not resent", () => {
    const { doc, tags } = hover("clientV3.updateNameAmendment");
    expect(doc).toContain("Effect: write");
    expect(tags[0]).toMatch(
      /^@throws {OutcomeUnknownError} .*do not resend; reconcile with getTransactionStatus/,
    );
    expect(tags.slice(1)).toEqual([
      '@throws Its other errors: see "Errors and retries" in the package README.',
    ]);
  });
});

describe("an HTTP JSON API's package and its consumer (test/consumer/http-types.ts)", () => {
  it("type-checks: the package's sources, and the consumer: parameters before the body, none where there is none, errors narrowed by status", () => {
    expect(httpSources.length).toBeGreaterThan(10);
    const problems = [...httpSources, httpConsumer].flatMap((file) =>
      problemsOf(project, file),
    );
    expect(formatProblems(problems)).toBe("");
  });

  it("each @ts-expect-error hides exactly the error it names", () => {
    expect(httpExpected).toHaveLength(6);
    const problems = problemsOf(project, httpStripped);
    expect(
      problems.map(({ line, code }) => ({ line, code })),
      formatProblems(problems),
    ).toEqual(httpExpected.map(({ line, code }) => ({ line, code })));
  });
});
