/**
 * The mock data module is printed once, as TypeScript; its JavaScript
 * (derived) carries the same data, keys written as prettier writes them
 * there, and both stay as prettier formats them. The two front doors over
 * it (msw handlers, a fetch) import the data and never print it.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import * as prettier from "prettier";
import { describe, expect, it } from "vitest";
import {
  renderMockApi,
  renderMockFetch,
  renderMocks,
} from "../../../src/render/client/mocks-file.js";
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

describe("renderMockApi", () => {
  it("carries the same data in .ts and .js when no key differs", async () => {
    const model = modelWith(
      "  Lookup:\n    type: object\n    properties:\n      account: { type: string, required: true }\n",
    );
    const set = model.sets[2]!;
    const { ts, js } = await renderMockApi(model, set).texts();
    const data = (text: string): string =>
      text
        .slice(text.indexOf("= {") + 1, text.indexOf("\n};\n"))
        .replace(/\s+/g, "")
        .replace(/,([}\]])/g, "$1");
    expect(data(js)).toBe(data(ts));
    expect(ts).toContain('name: "account"');
    expect(await prettier.format(js, { parser: "babel" })).toBe(js);
    expect(await prettier.format(ts, { parser: "typescript" })).toBe(ts);
  });

  it("writes a simple-number key unquoted in .js only", async () => {
    const model = modelWith(
      '  Lookup:\n    type: object\n    properties:\n      account: { type: string, example: "x" }\n      "1": { type: string }\n    example: { "1": one, account: x }\n',
    );
    const set = model.sets[2]!;
    const { ts, js } = await renderMockApi(model, set).texts();
    expect(ts).toContain('"1": "one"');
    expect(js).toContain('1: "one"');
    expect(await prettier.format(js, { parser: "babel" })).toBe(js);
    expect(await prettier.format(ts, { parser: "typescript" })).toBe(ts);
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
    const data = await renderMockApi(model, set).texts();
    expect(importsOf(data.js)).toEqual([]);
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
