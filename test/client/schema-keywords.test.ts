/**
 * Every schema keyword through the generated package, from
 * test/fixtures/schema-keywords.yaml: types.ts, the OpenAPI document and a
 * docs page are compared whole with test/fixtures/schema-keywords-expected/;
 * types.ts type-checks under the consumer's strict settings; and a
 * consumer's uses of each keyword compile while its misuses fail.
 *
 * After an intended change to the renderer, review the diff and refresh:
 *   REMITGEN_UPDATE_GOLDEN=1 npx vitest run test/client/schema-keywords.test.ts
 */
import { copyFile, mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import * as prettier from "prettier";
import { Project } from "ts-morph";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  consumerCompilerOptions,
  expectedErrors,
  formatProblems,
  generateInto,
  makeTemp,
  problemsOf,
  removeTemp,
  repoRoot,
} from "./support.js";
import { renderTsconfig } from "../../src/render/client/package-files.js";

const expectedDir = join(repoRoot, "test/fixtures/schema-keywords-expected");
const compared = [
  "v1/dist/types.d.ts",
  "v1/openapi.json",
  "v1/docs/create-payment.md",
  "v1/docs/schemas.md",
];
const update = process.env.REMITGEN_UPDATE_GOLDEN === "1";

/** A consumer of the package's types: each keyword used, each misuse caught. */
const consumer = `import type {
  Counts,
  CreatePaymentRequest,
  GetMethodResponse,
  GetTreeRequest,
  Labels,
  Payment,
  PaymentMethod,
  Tree,
} from "./types.js";

const method: PaymentMethod = { kind: "card", last4: "1234" };
const request: CreatePaymentRequest = {
  amount: 1,
  currency: "USD",
  method,
  note: null,
  metadata: { reference: "r-1" },
  extra: [1, { any: "value" }],
};
export function describeMethod(given: PaymentMethod): string {
  switch (given.kind) {
    case "card":
      return given.last4;
    case "transfer":
      return given.iban ?? "no IBAN";
  }
}
const counts: Counts = { total: 3, paid: 2 };
const labels: Labels = { anything: { at: ["all"] } };
const tree: Tree = { name: "root", children: [{ name: "leaf", parent: null }] };
const nothing: GetMethodResponse = null;
const depth: GetTreeRequest = { depth: 2 };
export function readId(payment: Payment): string | undefined {
  // @ts-expect-error TS2540 id is set by the server
  payment.id = "p-2";
  return payment.id;
}
export function readPin(payment: Payment): unknown {
  // @ts-expect-error TS2339 the server does not answer pin (writeOnly)
  return payment.pin;
}
const withId: CreatePaymentRequest = {
  amount: 1,
  currency: "USD",
  method,
  // @ts-expect-error TS2353 the server sets id (readOnly): a caller does not send it
  id: "p-1",
};
// @ts-expect-error TS2322 the discriminator names a variant
const cash: PaymentMethod = { kind: "cash", last4: "1234" };
// @ts-expect-error TS2353 a transfer has no last4
const mixed: PaymentMethod = { kind: "transfer", iban: null, last4: "1234" };
// @ts-expect-error TS2322 depth is 1, 2 or 3
const tooDeep: GetTreeRequest = { depth: 4 };
// @ts-expect-error TS2322 metadata's values are strings
const metadata: CreatePaymentRequest = { ...request, metadata: { count: 1 } };
// @ts-expect-error TS2322 iban may be null, not a number
const iban: PaymentMethod = { kind: "transfer", iban: 1 };
// @ts-expect-error TS2322 amount comes from the allOf's first part
const noAmount: CreatePaymentRequest = { currency: "PKR", method };
export const used = [withId, request, counts, labels, tree, nothing, depth, cash, mixed, tooDeep, metadata, iban, noAmount];
`;

let temp: string | undefined;
let out: string;

beforeAll(async () => {
  temp = await makeTemp("schema-keywords");
  out = join(temp, "out");
  // Headers name the spec relative to the output's parent folder.
  await copyFile(
    join(repoRoot, "test/fixtures/schema-keywords.yaml"),
    join(temp, "schema-keywords.yaml"),
  );
  await generateInto(out, join(temp, "schema-keywords.yaml"));
  if (update)
    for (const path of compared) {
      await mkdir(dirname(join(expectedDir, path)), { recursive: true });
      await writeFile(join(expectedDir, path), await readFile(join(out, path)));
    }
}, 60_000);

afterAll(async () => {
  await removeTemp(temp);
});

describe("the package generated from schema-keywords.yaml", () => {
  it.each(compared)("%s matches the expected file whole", async (path) => {
    expect(await readFile(join(out, path), "utf8")).toBe(
      await readFile(join(expectedDir, path), "utf8"),
    );
  });

  it("types.d.ts is as prettier lays it out", async () => {
    const text = await readFile(join(out, "v1/dist/types.d.ts"), "utf8");
    expect(text).toBe(await prettier.format(text, { parser: "typescript" }));
  });

  it("types.d.ts type-checks, and a consumer uses each keyword while its misuses fail", async () => {
    const dir = join(out, "v1");
    const { stripped, expected } = expectedErrors(consumer);
    await writeFile(join(dir, "dist/consumer.ts"), stripped);
    const project = new Project({
      compilerOptions: {
        ...consumerCompilerOptions(renderTsconfig(), dir),
        // Plain types: Node's declarations would only slow the check.
        types: [],
      },
      skipAddingFilesFromTsConfig: true,
    });
    // types.d.ts and its consumer: the runtime is checked once, in
    // types.test.ts, and the modules around the types do not change with them.
    const sources = ["types.d.ts", "consumer.ts"].map((path) =>
      project.addSourceFileAtPath(join(dir, "dist", path)),
    );
    const consumerFile = project.getSourceFileOrThrow(
      join(dir, "dist/consumer.ts"),
    );
    const elsewhere = sources
      .filter((file) => file !== consumerFile)
      .flatMap((file) => problemsOf(project, file));
    expect(formatProblems(elsewhere)).toBe("");
    const problems = problemsOf(project, consumerFile);
    expect(
      problems.map(({ line, code }) => ({ line, code })),
      formatProblems(problems),
    ).toEqual(expected.map(({ line, code }) => ({ line, code })));
  }, 60_000);
});
