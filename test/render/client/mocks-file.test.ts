/**
 * The mocks module prints its data once for .ts and .js, except when a key
 * is written differently in JavaScript (prettier unquotes simple numbers
 * there): then each flavor is printed on its own, and both stay as
 * prettier formats them.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import * as prettier from "prettier";
import { describe, expect, it } from "vitest";
import { renderMocksFlavors } from "../../../src/render/client/mocks-file.js";
import { checkSpecText } from "../../../src/spec/load.js";

const specText = readFileSync(fileURLToPath(new URL("../../../spec/remittance.yaml", import.meta.url)), "utf8");

function modelWith(schemas: string) {
  const text = specText
    .replace(/\nschemas: \{\}\n/, `\nschemas:\n${schemas}`)
    .replace("  get_acct_title:\n    path: /get_acct_title\n", "  get_acct_title:\n    path: /get_acct_title\n    request: Lookup\n");
  const result = checkSpecText(text, "spec/remittance.yaml");
  if (!result.ok) throw new Error(result.formatted);
  return result.model;
}

describe("renderMocksFlavors", () => {
  it("shares the data between .ts and .js when no key differs", async () => {
    const model = modelWith("  Lookup:\n    type: object\n    properties:\n      account: { type: string, required: true }\n");
    const set = model.sets[2]!;
    const { ts, js } = renderMocksFlavors(model, set);
    const data = (text: string): string => text.slice(text.indexOf("= {") + 1, text.indexOf("\n};\n"));
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
    const { ts, js } = renderMocksFlavors(model, set);
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
    const model = modelWith("  Lookup:\n    type: object\n    properties:\n      account: { type: string }\n");
    const set = model.sets[2]!;
    const { ts, dts } = renderMocksFlavors(model, set);
    for (const text of [ts, dts]) {
      const doc = text.slice(0, text.indexOf("export const handlers") >= 0 ? text.indexOf("export const handlers") : text.indexOf("export declare const handlers"));
      expect(doc.slice(doc.lastIndexOf("/**"))).toMatch(/handlers\.engine\.reset\(\)/);
    }
    const readme = readFileSync(fileURLToPath(new URL("../../../generated/v3/README.md", import.meta.url)), "utf8");
    const section = readme.slice(readme.indexOf("## Testing with mocks"), readme.indexOf("```ts", readme.indexOf("## Testing with mocks")));
    expect(section).toMatch(/`handlers\.engine\.reset\(\)`/);
    expect(section).toMatch(/between tests/);
  });
});
