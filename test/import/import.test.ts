/**
 * `remitgen import`: each small description under test/fixtures/import/
 * gives exactly the spec beside it (`<name>.expected.yaml`), and bad
 * input is refused with where and a hint, nothing written.
 *
 * After an intended change to the importer, review the diff and refresh:
 *   REMITGEN_UPDATE_GOLDEN=1 npx vitest run test/import/import.test.ts
 */
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { checkSpecText } from "../../src/check-spec.js";
import { SpecError } from "../../src/diagnostics/diagnostic.js";
import { importDescriptions } from "../../src/import/import.js";
import { repoRoot } from "../generate/support.js";

const fixtures = join(repoRoot, "test/fixtures/import");
const update = process.env.REMITGEN_UPDATE_GOLDEN === "1";

async function imported(files: readonly string[], options = {}) {
  const inputs = await Promise.all(
    files.map(async (file) => ({
      file,
      text: await readFile(join(fixtures, file), "utf8"),
    })),
  );
  return importDescriptions(inputs, options);
}

const cases: [string, string[]][] = [
  [
    "OpenAPI 3.0 (YAML): parameters, $refs to parameters, responses and request bodies, ~1 in a name, api-key auth",
    ["accounts-3.0.yaml"],
  ],
  [
    "OpenAPI 3.1 (JSON): type lists, const, examples, oauth2 client credentials, a form body, server variables",
    ["payments-3.1.json"],
  ],
  [
    "Swagger 2.0: definitions, a body parameter, typed parameters, form data, basic auth, host and basePath",
    ["ledger-swagger-2.0.yaml"],
  ],
  [
    "two versions: sets with extends, adds and removes; a changed operation and schema written twice",
    ["versions-v1.yaml", "versions-v2.yaml"],
  ],
];

describe("importing a description writes exactly the expected spec", () => {
  for (const [what, files] of cases) {
    it(what, async () => {
      const result = await imported(files, {
        schemaLink: "../../../spec/remitgen-spec.schema.json",
      });
      const expectedFile = join(
        fixtures,
        files[0]!.replace(/\.(json|yaml)$/, ".expected.yaml"),
      );
      if (update) await writeFile(expectedFile, result.text);
      expect(result.text).toBe(await readFile(expectedFile, "utf8"));
    });
  }

  it("each is a valid spec: remitgen's checker accepts it", async () => {
    for (const [, files] of cases) {
      const file = files[0]!.replace(/\.(json|yaml)$/, ".expected.yaml");
      const result = checkSpecText(
        await readFile(join(fixtures, file), "utf8"),
        file,
      );
      expect(result.ok ? "" : result.formatted).toBe("");
    }
  });

  it("is the same text on every run", async () => {
    const files = ["versions-v1.yaml", "versions-v2.yaml"];
    expect((await imported(files)).text).toBe((await imported(files)).text);
  });

  it("keeps every operation or lists it: HEAD is listed with its JSON Pointer", async () => {
    const result = await imported(["accounts-3.0.yaml"]);
    expect(result.operations).toBe(3);
    expect(result.notes).toContainEqual({
      pointer: "accounts-3.0.yaml#/paths/~1payments/head",
      what: "HEAD /payments",
      handled:
        "left out: remitgen operations use GET, POST, PUT, PATCH or DELETE",
    });
  });

  it("says which operations were split between sets", async () => {
    const result = await imported(["versions-v1.yaml", "versions-v2.yaml"]);
    expect(result.split).toEqual(["send_transfer -> send_transfer_2.0"]);
    expect(result.sets).toBe(2);
  });

  it("names no operation whose params, error or guard names a schema already has (Zuora: DELETE_Workflow beside DeleteWorkflowError)", () => {
    const error = { type: "object", properties: { code: { type: "string" } } };
    const answers = {
      "200": { description: "Done." },
      "404": {
        description: "Not found.",
        content: { "application/json": { schema: error } },
      },
    };
    const id = {
      name: "id",
      in: "path",
      required: true,
      schema: { type: "string" },
    };
    const description = {
      openapi: "3.0.3",
      info: { title: "Workflows", version: "1.0.0" },
      paths: {
        "/workflows/{id}": {
          delete: {
            operationId: "DELETE_Workflow",
            parameters: [id],
            responses: answers,
          },
          get: {
            operationId: "getWorkflow",
            parameters: [id],
            responses: answers,
          },
        },
      },
      components: {
        schemas: {
          DeleteWorkflowError: error,
          isGetWorkflowError: error,
          getWorkflowParams: error,
        },
      },
    };
    const result = importDescriptions([
      { file: "workflows.json", text: JSON.stringify(description) },
    ]);
    const checked = checkSpecText(result.text, "workflows.yaml");
    expect(checked.ok ? "" : checked.formatted).toBe("");
    expect(result.text).toMatch(/^ {2}DELETE_Workflow_2:$/m);
    expect(result.text).toMatch(/^ {2}getWorkflow_2:$/m);
  });

  it("takes set ids and package names from the options", async () => {
    const result = await imported(["versions-v1.yaml", "versions-v2.yaml"], {
      setIds: ["one", "two"],
      scope: "acme",
      name: "transfers-api",
    });
    expect(result.text).toContain(
      "package: {scope: acme, name: transfers-api}",
    );
    expect(result.text).toMatch(/^ {2}two:\n(?: {4}.*\n)*? {4}extends: one$/m);
    expect(result.text).toContain("send_transfer_two:");
  });
});

describe("bad input is refused with where and a hint", () => {
  const refused = (file: string, text: string): SpecError => {
    try {
      importDescriptions([{ file, text }]);
    } catch (error) {
      if (error instanceof SpecError) return error;
      throw error;
    }
    throw new Error("not refused");
  };

  it("JSON with a syntax error: its line and column", () => {
    const error = refused(
      "broken.json",
      '{\n  "openapi": "3.0.0",\n  "info": {,\n}',
    );
    expect(error.diagnostics[0]).toMatchObject({
      code: "RG071",
      file: "broken.json",
      line: 3,
    });
    expect(error.message).toContain("hint:");
  });

  it("YAML with a syntax error: its line", () => {
    const error = refused(
      "broken.yaml",
      'openapi: 3.0.0\ninfo:\n  title: "open\n',
    );
    expect(error.diagnostics[0]).toMatchObject({
      code: "RG071",
      file: "broken.yaml",
    });
  });

  it("a document that is not OpenAPI, or of another version", () => {
    expect(refused("x.yaml", "name: not an api\n").diagnostics[0]!.code).toBe(
      "RG070",
    );
    expect(refused("x.yaml", "openapi: 4.0.0\n").message).toContain(
      'openapi "4.0.0"',
    );
    expect(refused("x.yaml", "swagger: '1.2'\n").diagnostics[0]!.code).toBe(
      "RG070",
    );
  });

  it("a $ref that leads nowhere, or out of the document: the line it is on", () => {
    const text = [
      "openapi: 3.0.0",
      "info: { title: T, version: '1' }",
      "paths:",
      "  /a:",
      "    get:",
      "      responses:",
      "        '200': { $ref: '#/components/responses/Missing' }",
    ].join("\n");
    const missing = refused("a.yaml", text);
    expect(missing.diagnostics[0]).toMatchObject({ code: "RG072", line: 7 });
    expect(missing.message).toContain("#/components/responses/Missing");
    const external = refused(
      "a.yaml",
      text.replace("#/components/responses/Missing", "other.yaml#/Ok"),
    );
    expect(external.message).toContain("it points outside this document");
  });
});
