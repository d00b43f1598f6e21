/**
 * The mock data is shipped once, as plain JavaScript with its type
 * declared, and prettier leaves it as it is. The two front doors over it
 * (msw handlers, a fetch) import the data and never print it.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import * as prettier from "prettier";
import { describe, expect, it } from "vitest";
import {
  renderMockData,
  renderMockFetch,
  renderMocks,
} from "../../../src/render/client/mocks-file.js";
import { mockApi } from "../../../src/model/mock-api.js";
import type { ModuleTexts } from "../../../src/render/code/module.js";
import { checkSpecText } from "../../../src/check-spec.js";

const specText = readFileSync(
  fileURLToPath(new URL("../../../spec/remittance.yaml", import.meta.url)),
  "utf8",
);

function modelWith(schemas: string) {
  const text = specText
    .replace(/\nschemas: \{\}\n/, `\nschemas:\n${schemas}`)
    .replace(
      "  get_acct_title:\n    path: /get_acct_title\n",
      "  get_acct_title:\n    path: /get_acct_title\n    request: Lookup\n",
    );
  const result = checkSpecText(text, "spec/remittance.yaml");
  if (!result.ok) throw new Error(result.formatted);
  return result.model;
}

const flavors = ["ts", "js", "dts"] as const;

describe("renderMockData", () => {
  const files = (model: ReturnType<typeof modelWith>) =>
    Object.fromEntries(
      renderMockData(model, model.sets[2]!).map((file) => [
        file.path,
        file.contents,
      ]),
    );

  it("carries the data once, as plain JavaScript, its type declared and re-exported for the source", async () => {
    const model = modelWith(
      "  Lookup:\n    type: object\n    properties:\n      account: { type: string, required: true }\n",
    );
    const texts = files(model);
    expect(Object.keys(texts).sort()).toEqual([
      "dist/mock-api.d.ts",
      "dist/mock-api.js",
      "src/mock-api.ts",
    ]);
    const js = texts["dist/mock-api.js"]!;
    expect(js).toContain('"name":"account","required":true');
    // Data once: neither the declarations nor the source repeat it.
    for (const path of ["dist/mock-api.d.ts", "src/mock-api.ts"]) {
      expect(texts[path]).not.toContain("account");
      expect(texts[path]).not.toContain("setId");
    }
    expect(texts["dist/mock-api.d.ts"]).toContain(
      "export declare const mockApi: MockApi;",
    );
    expect(texts["src/mock-api.ts"]).toContain(
      'export { mockApi } from "../dist/mock-api.js";',
    );
    // The module evaluates to the engine's data, the model's own reading.
    const url = `data:text/javascript,${encodeURIComponent(js)}`;
    const { mockApi: loaded } = (await import(url)) as { mockApi: unknown };
    expect(loaded).toEqual(
      JSON.parse(JSON.stringify(mockApi(model, model.sets[2]!))),
    );
    for (const [path, text] of Object.entries(texts))
      expect(
        await prettier.format(text, {
          parser: path.endsWith(".js") ? "babel" : "typescript",
        }),
      ).toBe(text);
  });

  it("writes any key and example as data: __proto__ an own member, backticks and bidirectional controls escaped", async () => {
    const model = modelWith(
      '  Lookup:\n    type: object\n    properties:\n      account: { type: string, example: "x\u202Ey`${1}`" }\n      "1": { type: string }\n      "__proto__": { type: string }\n    example: { "1": one, account: x, "__proto__": polluted }\n',
    );
    const js = files(model)["dist/mock-api.js"]!;
    expect(js).toContain('"example":"x\\u202ey\\u0060$\\u007b1}\\u0060"');
    expect(js).not.toContain("\u202e");
    const url = `data:text/javascript,${encodeURIComponent(js)}`;
    const { mockApi: loaded } = (await import(url)) as {
      mockApi: { schemas: { schema: { example: object } }[] };
    };
    const example = loaded.schemas[0]!.schema.example;
    expect(Object.hasOwn(example, "__proto__")).toBe(true);
    expect(Object.getPrototypeOf(example)).toBe(Object.prototype);
    expect(JSON.stringify(loaded.schemas[0])).toContain(
      '"example":"x\u202ey`${1}`"',
    );
  });
});

describe("the shared handlers' state", () => {
  // One engine behind the module-level `handlers`: recorded calls, the
  // plan's limit window, overrides and fault counts carry over from one
  // test to the next unless reset, so the docs say how.
  it("is documented where consumers meet it: the handlers export and the README", async () => {
    const model = modelWith(
      "  Lookup:\n    type: object\n    properties:\n      account: { type: string }\n",
    );
    const set = model.sets[2]!;
    const { ts, dts } = await renderMocks(model, set).texts();
    for (const text of [ts, dts]) {
      const doc = text.slice(
        0,
        text.indexOf("export const handlers") >= 0
          ? text.indexOf("export const handlers")
          : text.indexOf("export declare const handlers"),
      );
      expect(doc.slice(doc.lastIndexOf("/**"))).toMatch(
        /handlers\.engine\.reset\(\)/,
      );
    }
    const readme = readFileSync(
      fileURLToPath(
        new URL("../../../generated/v3/README.md", import.meta.url),
      ),
      "utf8",
    );
    const section = readme.slice(
      readme.indexOf("## Testing with mocks"),
      readme.indexOf("```ts", readme.indexOf("## Testing with mocks")),
    );
    expect(section).toMatch(/`handlers\.engine\.reset\(\)`/);
    expect(section).toMatch(/between tests/);
  });
});

describe("the front doors over the data", () => {
  const model = modelWith(
    "  Lookup:\n    type: object\n    properties:\n      account: { type: string }\n",
  );
  const set = model.sets[2]!;
  const derived = (render: typeof renderMocks): Promise<ModuleTexts> =>
    render(model, set).texts();
  const frontDoors = [renderMocks, renderMockFetch] as const;
  const importsOf = (text: string): string[] =>
    [...text.matchAll(/^(?:import|export)\b[^;]*? from "([^"]+)";$/gms)].map(
      (match) => match[1]!,
    );

  it("import the data and re-export it, never printing it", async () => {
    for (const render of frontDoors) {
      const texts = await derived(render);
      for (const flavor of flavors) {
        const text = texts[flavor];
        expect(text).toContain('export { mockApi } from "./mock-api.js";');
        expect(text).not.toContain('name: "account"');
        expect(text).not.toContain("setId");
      }
    }
  });

  it("the fetch one imports nothing that loads msw", async () => {
    const fetchTexts = await derived(renderMockFetch);
    for (const flavor of flavors) {
      const imports = importsOf(fetchTexts[flavor]);
      expect(imports.length).toBeGreaterThan(0);
      expect(
        imports.filter(
          (from) =>
            ![
              "./mock-api.js",
              "./runtime/mock/fetch.js",
              "./runtime/mock/engine.js",
            ].includes(from),
        ),
      ).toEqual([]);
    }
    const data = renderMockData(model, set).find(
      (file) => file.path === "dist/mock-api.js",
    )!;
    expect(importsOf(data.contents)).toEqual([]);
    expect(importsOf((await derived(renderMocks)).js)).toContain(
      "./runtime/mock/msw.js",
    );
  });

  it("are as prettier formats them", async () => {
    for (const render of frontDoors) {
      const texts = await derived(render);
      for (const flavor of flavors) {
        const text = texts[flavor];
        expect(
          await prettier.format(text, {
            parser: flavor === "js" ? "babel" : "typescript",
          }),
        ).toBe(text);
      }
    }
  });
});

describe("a set of an HTTP API without OAuth2 or a plan", () => {
  // Built from the remittance model: the spec reader's YAML for these
  // features is another helper's; the renderers read only the model.
  const remittance = modelWith(
    "  Lookup:\n    type: object\n    properties:\n      account: { type: string }\n",
  );
  const from = remittance.sets[2]!;
  const [op] = from.operations;
  const operation = {
    ...op!,
    id: "get_account",
    method: "GET" as const,
    path: "/accounts/{accountId}",
    parameters: [
      {
        name: "accountId",
        in: "path" as const,
        required: true,
        schema: { kind: "string" as const, maxLength: 8 },
        names: { property: "accountId" },
      },
    ],
    authenticated: true,
    request: { kind: "none" as const },
    response: { kind: "none" as const },
    responses: [
      { status: 204, description: "Gone.", payload: { kind: "none" as const } },
    ],
    errors: [
      {
        status: 404,
        description: "No such account.",
        payload: {
          kind: "schema" as const,
          schema: { kind: "object" as const, properties: [] },
        },
      },
    ],
  };
  const { plan: _plan, ...planless } = from;
  const set = { ...planless, operations: [operation], schemas: [] };
  const model = {
    ...remittance,
    auth: {
      scheme: "api-key" as const,
      in: "header" as const,
      name: "X-API-Key",
    },
    service: {
      ...remittance.service,
      names: {
        ...remittance.service.names,
        mockBaseUrl: "https://accounts.mock",
      },
    },
    sets: [set],
  };

  it("carries the mock host, the scheme, the method, parameters and stated statuses; no plan", async () => {
    const js = renderMockData(model, set).find(
      (file) => file.path === "dist/mock-api.js",
    )!.contents;
    expect(js).not.toContain('"plan"');
    const url = `data:text/javascript,${encodeURIComponent(js)}`;
    const { mockApi: loaded } = (await import(url)) as { mockApi: unknown };
    expect(loaded).toEqual({
      setId: set.id,
      baseUrl: "https://accounts.mock",
      auth: { scheme: "api-key", in: "header", name: "X-API-Key" },
      operations: [
        {
          name: "get_account",
          method: "GET",
          path: "/accounts/{accountId}",
          effect: op!.effect,
          parameters: [
            {
              name: "accountId",
              in: "path",
              required: true,
              schema: { kind: "string", maxLength: 8 },
            },
          ],
          request: false,
          response: false,
          status: 204,
          errors: [{ status: 404, body: { kind: "object", properties: [] } }],
        },
      ],
      schemas: [],
    });
  });

  it("says what these mocks check: the API key, no token endpoint, no plan's limit", async () => {
    const { ts } = await renderMocks(model, set).texts();
    const doc = ts.slice(ts.indexOf("/**"), ts.indexOf("export function"));
    expect(doc.replace(/\s*\n \* /g, " ")).toContain(
      "msw request handlers for every operation of this set: they check the API key, validate parameters and bodies against the spec's schemas, answer deterministically, and record every call in handlers.engine.calls.",
    );
    const fetchTs = (await renderMockFetch(model, set).texts()).ts;
    expect(fetchTs.replace(/\s*\n \* /g, " ")).toContain(
      "with fetch.engine.options.baseUrl as the client's base URL. The engine checks the API key, validates parameters and bodies against the spec's schemas, answers deterministically, and records every call in fetch.engine.calls.",
    );
    for (const text of [ts, fetchTs]) {
      // The header names the spec file; nothing else may name the bank.
      const body = text.slice(text.indexOf("\n"));
      expect(body).not.toMatch(/bank|remittance|token endpoint|plan/i);
    }
  });
});
