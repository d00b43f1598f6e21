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
