/**
 * The run's memo of shared pieces: it makes each piece once, and output
 * rendered through it is byte for byte what each set renders on its own,
 * whatever order the sets are rendered in.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { Model } from "../../src/model/types.js";
import { hashName } from "../../src/names/names.js";
import { createRenderMemo, noMemo } from "../../src/render/memo.js";
import {
  loadRenderers,
  renderSet,
  type Renderers,
} from "../../src/render/render-all.js";
import { checkSpecText } from "../../src/check-spec.js";

const repoRoot = fileURLToPath(new URL("../../", import.meta.url));
const read = (path: string): string =>
  readFileSync(`${repoRoot}${path}`, "utf8");

function modelOf(text: string): Model {
  const result = checkSpecText(text, "spec.yaml");
  if (!result.ok) throw new Error(result.formatted);
  return result.model;
}

/** Every file of the sets, in the given order, keyed by path. */
async function renderSets(
  model: Model,
  renderers: Renderers,
  order: readonly number[],
): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const index of order) {
    for await (const file of renderSet(model, model.sets[index]!, renderers))
      files.set(file.path, file.contents);
  }
  return files;
}

describe("createRenderMemo", () => {
  it("makes a piece once per owner and key, and knows what it made", () => {
    const memo = createRenderMemo();
    const owner = {};
    let made = 0;
    const make = (): { n: number } => ({ n: ++made });
    const first = memo.once(owner, "a", make);
    expect(memo.once(owner, "a", make)).toBe(first);
    expect(memo.once(owner, "b", make)).not.toBe(first);
    expect(memo.once({}, "a", make)).not.toBe(first);
    expect(made).toBe(3);
    expect(memo.made(first)).toBe(true);
    expect(memo.made({ n: 1 })).toBe(false);
    expect(memo.made("a")).toBe(false);
    expect(memo.made(null)).toBe(false);
  });

  it("keeps a piece that is a primitive or undefined", () => {
    const memo = createRenderMemo();
    const owner = {};
    let made = 0;
    expect(memo.once(owner, "u", () => void made++)).toBeUndefined();
    expect(memo.once(owner, "u", () => void made++)).toBeUndefined();
    expect(memo.once(owner, "s", () => `text ${++made}`)).toBe("text 2");
    expect(memo.once(owner, "s", () => `text ${++made}`)).toBe("text 2");
    expect(made).toBe(2);
  });

  it("noMemo makes every piece anew", () => {
    const owner = {};
    let made = 0;
    noMemo.once(owner, "a", () => made++);
    noMemo.once(owner, "a", () => made++);
    expect(made).toBe(2);
    expect(noMemo.made(noMemo.once(owner, "a", () => ({})))).toBe(false);
  });
});

describe("rendering through the memo", async () => {
  const loaded = await loadRenderers();
  const alone: Renderers = { ...loaded, memo: noMemo };

  // Two schemas whose OpenAPI component keys clash in the set holding both
  // ("a b" becomes "ab-<hash>", the other schema's own name), but not in
  // the set holding one: that set's JSON Schema must not be reused there.
  const clashing = `ab-${hashName("a b")}`;
  const clashSpec = read("test/fixtures/schemas-spec.yaml")
    .replace(
      "      bankCode: { type: string, format: bank-code }",
      `      bankCode: { type: string, format: bank-code }\n      other: { $ref: "${clashing}" }`,
    )
    .replace(
      "      enum: [PENDING, PAID, CANCELLED]\n      example: PAID",
      `      enum: [PENDING, PAID, CANCELLED]\n      example: PAID\n    request: { $ref: "a b" }`,
    )
    .replace(
      "schemas:\n",
      `schemas:\n  "a b":\n    type: object\n    properties:\n      "1": { type: string }\n      x: { $ref: "${clashing}" }\n  "${clashing}":\n    type: object\n    properties:\n      n: { type: integer, example: 7 }\n`,
    );

  const specs: [string, string][] = [
    ["the real spec", read("spec/remittance.yaml")],
    ["the schemas fixture", read("test/fixtures/schemas-spec.yaml")],
    ["the golden fixture", read("test/fixtures/client/golden-spec.yaml")],
    ["the hostile fixture", read("test/fixtures/hostile/hostile.yaml")],
    ["a spec whose component keys clash in one set only", clashSpec],
  ];

  for (const [name, text] of specs) {
    it(`gives ${name} the same files as rendering each set alone, in any order`, async () => {
      const model = modelOf(text);
      const order = model.sets.map((_, index) => index);
      const expected = await renderSets(model, alone, order);
      const forward = await renderSets(
        model,
        { ...loaded, memo: createRenderMemo() },
        order,
      );
      const backward = await renderSets(
        model,
        { ...loaded, memo: createRenderMemo() },
        [...order].reverse(),
      );
      expect([...forward.keys()].sort()).toEqual([...expected.keys()].sort());
      for (const [path, contents] of expected) {
        expect(forward.get(path), path).toBe(contents);
        expect(backward.get(path), path).toBe(contents);
      }
    });
  }

  it("the clash fixture does clash: its sets give one schema different component keys", async () => {
    const model = modelOf(clashSpec);
    const files = await renderSets(
      model,
      alone,
      model.sets.map((_, index) => index),
    );
    const keys = model.sets.map((set) =>
      Object.keys(
        (
          JSON.parse(files.get(`${set.names.directory}/openapi.json`)!) as {
            components: { schemas: object };
          }
        ).components.schemas,
      ),
    );
    expect(keys[0]).toContain(clashing);
    expect(keys[1]).toContain(clashing);
    expect(
      keys[1]!.filter((key) => key.startsWith(`${clashing}-`)),
    ).toHaveLength(1);
  });
});
