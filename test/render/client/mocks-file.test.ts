/**
 * The mock data module prints its data once for .ts and .js, except when a
 * key is written differently in JavaScript (prettier unquotes simple numbers
 * there): then each flavor is printed on its own, and both stay as
 * prettier formats them. The two front doors over it (msw handlers, a
 * fetch) import the data and never print it.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import * as prettier from "prettier";
import { describe, expect, it } from "vitest";
import {
  renderMockApiFlavors,
  renderMockFetch,
  renderMocks,
} from "../../../src/render/client/mocks-file.js";
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

describe("renderMockApiFlavors", () => {
  it("shares the data between .ts and .js when no key differs", async () => {
    const model = modelWith(
      "  Lookup:\n    type: object\n    properties:\n      account: { type: string, required: true }\n",
    );
    const set = model.sets[2]!;
    const { ts, js } = renderMockApiFlavors(model, set);
    const data = (text: string): string =>
      text.slice(text.indexOf("= {") + 1, text.indexOf("\n};\n"));
    expect(data(js)).toBe(data(ts));
    expect(ts).toContain('name: "account"');
    expect(await prettier.format(js, { parser: "babel" })).toBe(js);
    expect(await prettier.format(ts, { parser: "typescript" })).toBe(ts);
  });

  it("prints each flavor on its own when a key is a simple number", async () => {
    const model = modelWith(
      '  Lookup:\n    type: object\n    properties:\n      account: { type: string, example: "x" }\n      "1": { type: string }\n    example: { "1": one, account: x }\n',
    );
    const set = model.sets[2]!;
    const { ts, js } = renderMockApiFlavors(model, set);
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
    for (const text of [
      renderMocks(model, set, "ts"),
      renderMocks(model, set, "dts"),
    ]) {
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
  const flavors = ["ts", "js", "dts"] as const;
  const importsOf = (text: string): string[] =>
    [...text.matchAll(/^(?:import|export)\b[^;]*? from "([^"]+)";$/gms)].map(
      (match) => match[1]!,
    );

  it("import the data and re-export it, never printing it", () => {
    for (const render of [renderMocks, renderMockFetch]) {
      for (const flavor of flavors) {
        const text = render(model, set, flavor);
        expect(text).toContain('export { mockApi } from "./mock-api.js";');
        expect(text).not.toContain('name: "account"');
        expect(text).not.toContain("setId");
      }
    }
  });

  it("the fetch one imports nothing that loads msw", () => {
    for (const flavor of flavors) {
      const imports = importsOf(renderMockFetch(model, set, flavor));
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
    expect(importsOf(renderMockApiFlavors(model, set).js)).toEqual([]);
    expect(importsOf(renderMocks(model, set, "js"))).toContain(
      "./runtime/mock/msw.js",
    );
  });

  it("are as prettier formats them", async () => {
    for (const render of [renderMocks, renderMockFetch]) {
      for (const flavor of flavors) {
        const text = render(model, set, flavor);
        expect(
          await prettier.format(text, {
            parser: flavor === "js" ? "babel" : "typescript",
          }),
        ).toBe(text);
      }
    }
  });
});
