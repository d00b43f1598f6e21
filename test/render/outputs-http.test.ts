/**
 * Docs and openapi.json of an ordinary HTTP JSON API (test/fixtures/http-api.yaml:
 * GET, POST, PUT, PATCH and DELETE, path, query and header parameters,
 * bodiless operations, 201 and 204 answers, typed errors, an API key with
 * one operation that sends none, a literal base URL, a set without a plan).
 *
 * The overview, one set's README and operation pages, and both sets'
 * openapi.json are compared whole with test/fixtures/outputs/expected/.
 * After an intended change to the renderers, review the diff and refresh:
 *   REMITGEN_UPDATE_GOLDEN=1 npx vitest run test/render/outputs-http.test.ts
 */
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import SwaggerParser from "@apidevtools/swagger-parser";
import { beforeAll, describe, expect, it } from "vitest";
import { checkSpecText, loadSpec } from "../../src/check-spec.js";
import { readFileSync } from "node:fs";
import type { Model } from "../../src/model/types.js";
import { operationDoc } from "../../src/render/client/docs.js";
import { createDocsRenderer } from "../../src/render/docs/index.js";
import { renderOpenApi } from "../../src/render/openapi/openapi.js";

const repoRoot = fileURLToPath(new URL("../../", import.meta.url));
const fixture = `${repoRoot}test/fixtures/http-api.yaml`;
const expectedDir = `${repoRoot}test/fixtures/outputs/expected`;
const update = process.env.REMITGEN_UPDATE_GOLDEN === "1";

type Doc = { [key: string]: any };

let model: Model;
/** Every docs and OpenAPI file, by path relative to the output folder. */
const files = new Map<string, string>();

beforeAll(async () => {
  model = await loadSpec(fixture, "http-api.yaml");
  const docs = await createDocsRenderer();
  for (const file of docs.renderOverviewDocs(model))
    files.set(file.path, file.contents);
  for (const set of model.sets) {
    for (const file of await docs.renderSetDocs(model, set))
      files.set(`${set.names.directory}/${file.path}`, file.contents);
    files.set(
      `${set.names.directory}/openapi.json`,
      renderOpenApi(model, set).contents,
    );
  }
});

function file(path: string): string {
  const contents = files.get(path);
  if (contents === undefined) throw new Error(`no ${path}`);
  return contents;
}

function openapi(set: string): Doc {
  return JSON.parse(file(`${set}/openapi.json`)) as Doc;
}

/** Markdown without its fenced code: the examples are the client's (render/docs/examples.ts). */
function prose(markdown: string): string {
  return markdown.replace(/^```[^\n]*\n[\s\S]*?^```$/gm, "");
}

describe("the HTTP API's docs and OpenAPI, whole", () => {
  const golden = [
    "README.md",
    "v1/README.md",
    "v1/docs/list-payments.md",
    "v1/docs/create-payment.md",
    "v1/docs/cancel-payment.md",
    "v2/docs/capture-payment.md",
    "v1/docs/schemas.md",
    "v1/openapi.json",
    "v2/openapi.json",
  ];

  it.each(golden)("%s is as expected", async (path) => {
    const expectedPath = join(expectedDir, path);
    if (update) {
      await mkdir(dirname(expectedPath), { recursive: true });
      await writeFile(expectedPath, file(path));
    }
    expect(file(path)).toBe(await readFile(expectedPath, "utf8"));
  });
});

describe("the HTTP API's docs", () => {
  it("name nothing the spec does not: no bank, remittance, Remit or seed", () => {
    for (const [path, contents] of files) {
      const text = path.endsWith(".md") ? prose(contents) : contents;
      expect(text, path).not.toMatch(
        /\bbank|remittance|\bRemit(?!gen)|\bseed/i,
      );
    }
  });

  it("show each operation's method, path and parameters in OpenAPI's words", () => {
    const page = file("v1/docs/list-payments.md");
    expect(page).toContain("`GET /payments`: Lists payments, newest first.");
    expect(page).toContain("## Parameters");
    expect(page).toMatch(
      /\| `limit` +\| query +\| no +\| `integer` +\| How many payments to return\. +\| minimum 1; maximum 100 +\|/,
    );
    expect(page).toMatch(
      /\| `X-Request-Id` +\| header +\| no +\| `string` +\| Echoed back in the answer, for tracing\. +\| format `uuid` +\|/,
    );
    // A path parameter is required; its named schema is linked, and
    // described once, on the package's schemas page.
    const get = file("v1/docs/get-payment.md");
    expect(get).toMatch(/\| `paymentId` +\| path +\| yes +\| `PaymentId` +\|/);
    expect(get).toContain("[`PaymentId`](schemas.md#paymentid)");
    expect(get).not.toContain("### `PaymentId`");
    expect(file("v1/docs/schemas.md")).toContain("## `PaymentId`");
    // No parameters, no section.
    expect(file("v1/docs/get-health.md")).not.toContain("## Parameters");
  });

  it("say when there is no body, and show success and error statuses each with its payload", () => {
    const capture = file("v2/docs/capture-payment.md");
    expect(capture).toContain("## Request\n\nNo body.\n");
    // The types the client declares: no request type without a body.
    expect(file("v1/docs/cancel-payment.md")).toContain(
      "- **Types:** `CancelPaymentParams` parameters, `CancelPaymentResponse` out, `CancelPaymentError` for its stated errors (`isCancelPaymentError` narrows to it)\n",
    );
    const cancel = file("v1/docs/cancel-payment.md");
    expect(cancel).toMatch(/\| 204 +\| The payment was cancelled\. \|/);
    expect(cancel).toContain(
      "### 204\n\nThe payment was cancelled.\n\nNo body.",
    );
    expect(cancel).toContain("### 409\n\nThe payment is captured already.");
    const create = file("v1/docs/create-payment.md");
    // The 201's body is the response type.
    expect(create).toContain(
      "### 201\n\nThe payment was taken.\n\nType: `CreatePaymentResponse`, the schema `Payment`.",
    );
  });

  it("give each operation's credentials and the effect's basis", () => {
    expect(file("v1/docs/get-health.md")).toContain(
      "- **Credentials:** none, this operation sends no credentials\n",
    );
    const create = file("v1/docs/create-payment.md");
    expect(create).toContain(
      "- **Credentials:** the `apiKey` option, as the header `X-API-Key`\n",
    );
    expect(create).toContain("- **Effect:** write (the default for POST)\n");
    expect(file("v1/docs/get-payment.md")).toContain(
      "- **Effect:** read (the default for GET)\n",
    );
    // An API key is refused for good: no resend after a 401 is promised,
    // on the page nor in the method's TSDoc.
    expect(create).not.toContain("resend");
    const set = model.sets[0]!;
    const write = set.operations.find((each) => each.id === "create_payment")!;
    expect(operationDoc(model, write).join("\n")).not.toContain("resend");
    const readme = file("v1/README.md");
    expect(readme).toContain(
      "| `AuthError`           | The server refused the credentials (a 401): they are not sent again.",
    );
    expect(readme).toContain(
      "`getHealth` sends no credentials: the spec says so (`auth: none`).",
    );
    expect(prose(readme)).not.toMatch(/clientSecret|authUrl|getAccessToken/);
  });

  it("speak of a plan only where the set has one", () => {
    const v1 = file("v1/README.md");
    expect(v1).not.toContain("## Plan and rate limit");
    expect(v1).not.toContain("**Plan:**");
    expect(file("v1/docs/get-payment.md")).not.toContain("Rate limit");
    expect(file("v2/README.md")).toContain("## Plan and rate limit");
    expect(file("v2/docs/get-payment.md")).toContain(
      "**Rate limit:** the plan allows 100 requests per second",
    );
  });

  it("show the literal base URL as the default", () => {
    const readme = file("v1/README.md");
    expect(readme).toContain(
      "(its address defaults to `https://api.payments.example/v2`, the spec's; `baseUrl` changes it)",
    );
    expect(readme).toMatch(
      /\| `baseUrl` +\| Address of the service\. Default: `https:\/\/api\.payments\.example\/v2`, the spec's\. +\|/,
    );
  });
});

describe("the HTTP API's openapi.json", () => {
  it("is valid OpenAPI 3.1", async () => {
    for (const set of model.sets)
      // SwaggerParser dereferences in place: validate a copy.
      await SwaggerParser.validate(structuredClone(openapi(set.id)) as never);
  });

  it("puts each operation under its method, with its parameters", () => {
    const doc = openapi("v2");
    expect(Object.keys(doc.paths["/payments/{paymentId}"])).toEqual([
      "get",
      "patch",
    ]);
    const list = doc.paths["/payments"].get;
    expect(list.parameters).toEqual([
      {
        name: "limit",
        in: "query",
        required: false,
        description: "How many payments to return.",
        schema: { type: "integer", minimum: 1, maximum: 100 },
      },
      {
        name: "status",
        in: "query",
        required: false,
        description: "Only payments in these states.",
        schema: {
          type: "array",
          items: { $ref: "#/components/schemas/PaymentStatus" },
        },
      },
      {
        name: "X-Request-Id",
        in: "header",
        required: false,
        description: "Echoed back in the answer, for tracing.",
        schema: { type: "string", format: "uuid" },
      },
    ]);
  });

  it("has a requestBody only where there is a body, and each stated status", () => {
    const doc = openapi("v1");
    expect(doc.paths["/payments"].get.requestBody).toBeUndefined();
    expect(doc.paths["/payments"].post.requestBody.content).toEqual({
      "application/json": {
        schema: { $ref: "#/components/schemas/NewPayment" },
      },
    });
    expect(doc.paths["/payments"].post.responses).toMatchObject({
      "201": {
        description: "The payment was taken.",
        content: {
          "application/json": {
            schema: { $ref: "#/components/schemas/Payment" },
          },
        },
      },
      "422": { description: "The card was declined." },
    });
    const cancel = doc.paths["/payments/{paymentId}"].delete;
    expect(cancel.requestBody).toBeUndefined();
    expect(cancel.responses["204"]).toEqual({
      description: "The payment was cancelled.",
    });
    expect(
      openapi("v2").paths["/payments/{paymentId}/capture"].post.requestBody,
    ).toBeUndefined();
  });

  it("states the API key scheme, and security: [] where no credentials are sent", () => {
    const doc = openapi("v1");
    expect(doc.components.securitySchemes).toEqual({
      apiKey: {
        type: "apiKey",
        description: "A secret key from the dashboard's Developers page.",
        in: "header",
        name: "X-API-Key",
      },
    });
    expect(doc.security).toEqual([{ apiKey: [] }]);
    expect(doc.paths["/health"].get.security).toEqual([]);
    expect(doc.paths["/payments"].get.security).toBeUndefined();
  });

  it("has x-rate-limit only for a set with a plan, and the literal base URL as its server", () => {
    expect(openapi("v1").info["x-rate-limit"]).toBeUndefined();
    expect(openapi("v2").info["x-rate-limit"]).toMatchObject({
      limit: 100,
      per: "second",
      plan: "standard",
    });
    expect(openapi("v1").servers).toEqual([
      { url: "https://api.payments.example/v2", description: "Payments API" },
    ]);
  });
});

describe("each auth scheme's wording", () => {
  const text = readFileSync(fixture, "utf8");
  const authBlock = text.slice(
    text.indexOf("auth:\n"),
    text.indexOf("\noperationDefaults:"),
  );
  // The options that carry each scheme's credentials (the runtime's names).
  const schemes: [string, string[]][] = [
    ["auth:\n  scheme: api-key\n  in: query\n  name: key\n", ["apiKey"]],
    ["auth:\n  scheme: basic\n", ["username", "password"]],
    ["auth:\n  scheme: bearer\n", ["token", "getAccessToken"]],
  ];

  it.each(schemes)(
    "names the same options in the README, its options table and an operation page (%s)",
    async (block, options) => {
      const result = checkSpecText(
        text.replace(authBlock, block),
        "http-api.yaml",
      );
      if (!result.ok) throw new Error(result.formatted);
      const set = result.model.sets[0]!;
      const docs = await createDocsRenderer();
      const pages = new Map(
        (await docs.renderSetDocs(result.model, set)).map((each) => [
          each.path,
          each.contents,
        ]),
      );
      const readme = pages.get("README.md")!;
      const summary = readme.slice(
        readme.indexOf("## Authentication\n"),
        readme.indexOf("## Errors and retries\n"),
      );
      const fact = pages
        .get("docs/create-payment.md")!
        .split("\n")
        .find((line) => line.startsWith("- **Credentials:**"))!;
      for (const option of options) {
        expect(summary).toContain(`\`${option}\``);
        expect(fact).toContain(`\`${option}\``);
        expect(readme).toMatch(new RegExp(`^\\| \`${option}\` +\\|`, "m"));
      }
    },
  );
});
