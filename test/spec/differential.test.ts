/**
 * The fast YAML reader and `yaml` must be indistinguishable from outside:
 * the same text gives the same model, or the same diagnostics (positions
 * included), whichever of them read it. fast-yaml.test.ts compares the
 * documents; this compares what `checkSpecText` answers, with the fast
 * reader switched off by a mock for the second run.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import { syntheticSpec } from "../../bench/synthetic.mjs";
import { fastYamlRefusal } from "../../src/spec/fast-yaml.js";
import { checkSpecText } from "../../src/check-spec.js";
import { maxSpecDepth, parseSpecText } from "../../src/spec/source.js";

const fast = vi.hoisted(() => ({ enabled: true }));
vi.mock("../../src/spec/fast-yaml.js", async (importOriginal) => {
  const original =
    await importOriginal<typeof import("../../src/spec/fast-yaml.js")>();
  return {
    ...original,
    parseFastYaml: (...args: Parameters<typeof original.parseFastYaml>) =>
      fast.enabled ? original.parseFastYaml(...args) : undefined,
  };
});

const repoRoot = fileURLToPath(new URL("../../", import.meta.url));
const options = {
  maxDepth: maxSpecDepth,
  document: { prettyErrors: false, uniqueKeys: false },
} as const;

/** What checkSpecText answers, as comparable data. */
function answer(text: string): unknown {
  const result = checkSpecText(text, "spec.yaml");
  return result.ok
    ? { model: result.model }
    : { diagnostics: result.diagnostics, formatted: result.formatted };
}

/** Whether the fast reader read `text`; either way both paths must answer alike. */
function sameEitherWay(text: string): boolean {
  fast.enabled = true;
  const read = fastYamlRefusal(text, options) === undefined;
  const withFast = answer(text);
  fast.enabled = false;
  try {
    expect(answer(text), `\n--- text ---\n${text}\n---`).toEqual(withFast);
  } finally {
    fast.enabled = true;
  }
  return read;
}

const real = readFileSync(join(repoRoot, "spec/remittance.yaml"), "utf8");
const replace = (from: string, to: string): string => {
  if (!real.includes(from)) throw new Error(`not in the spec: ${from}`);
  return real.replace(from, to);
};

describe("the fast reader and yaml give checkSpecText the same answer", () => {
  it.each([
    ["the real spec", real],
    ["a synthetic spec", syntheticSpec(50).yaml],
    [
      "an unknown key deep in the file",
      replace(
        "      cost: Free\n      note:",
        "      cost: Free\n      cots: x\n      note:",
      ),
    ],
    [
      "an error after multi-byte characters",
      replace(
        "summary: Account title lookup.",
        "summary: 送金 😀 é\n    sumary: x",
      ),
    ],
    [
      "a wrong type in a flow collection",
      replace("labels: [1.0.0]", "labels: [1.0.0, {a: 1}, [x]]"),
    ],
    [
      "numbers of both YAML versions",
      replace(
        "labels: [1.0.0]",
        "labels: [0o17, 017, 1_000, .inf, 0x1F, yes, on, ~, Null]",
      ),
    ],
    [
      "a duplicate key",
      replace("    effect: read\n", "    effect: read\n    effect: write\n"),
    ],
    ["a number where a string goes", replace("version: 1.0.1", "version: 1.0")],
    [
      "nesting past the depth limit",
      `${real}x:\n${Array.from({ length: maxSpecDepth + 2 }, (_, depth) => `${"  ".repeat(depth + 1)}k:\n`).join("")}`,
    ],
    ["an empty spec", "# nothing\n"],
  ])("%s", (_, text) => {
    sameEitherWay(text);
  });

  it("reads the texts above with the fast reader, or the comparison says little", () => {
    expect(fastYamlRefusal(real, options)).toBeUndefined();
    // And the mock does switch it off: yaml's documents are not depth-checked yet.
    const depthChecked = (): unknown => {
      const parsed = parseSpecText(real, "spec.yaml");
      return parsed.ok && parsed.source.depthChecked;
    };
    expect(depthChecked()).toBe(true);
    fast.enabled = false;
    try {
      expect(depthChecked()).toBe(false);
    } finally {
      fast.enabled = true;
    }
    expect(
      fastYamlRefusal(
        replace("labels: [1.0.0]", "labels: [1.0.0, {a: 1}, [x]]"),
        options,
      ),
    ).toBeUndefined();
  });

  it("on the real spec with random edits", () => {
    const edit = fc.record({
      at: fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }),
      insert: fc.constantFrom(
        " ",
        "\n",
        "\n  ",
        ": ",
        "- ",
        "x",
        "1",
        "é",
        "😀",
        "[",
        "]",
        "{",
        "}",
        ",",
        "'",
        "~",
        "yes",
        "0o7",
        "#",
      ),
      remove: fc.nat({ max: 3 }),
    });
    let read = 0;
    fc.assert(
      fc.property(fc.array(edit, { minLength: 1, maxLength: 3 }), (edits) => {
        let text = real;
        for (const { at, insert, remove } of edits) {
          const offset = Math.floor(at * text.length);
          text = text.slice(0, offset) + insert + text.slice(offset + remove);
        }
        if (sameEitherWay(text)) read++;
      }),
      { numRuns: 300 },
    );
    // The property says little if the fast reader gave up on nearly every edit.
    expect(read).toBeGreaterThan(30);
  });
});
