// Positions of diagnostics in the spec text.
import { describe, expect, it } from "vitest";
import { diagnostics } from "../../src/diagnostics/codes.js";
import { parseSpecText } from "../../src/spec/source.js";

describe("a diagnostic's position", () => {
  it("underlines up to the range's end or the line's, however many diagnostics stand on a long line", () => {
    // Each diagnostic looked for its line's end from its start: a flow
    // mapping of 800 000 unknown keys on one line took 50 s to check.
    const value = "x".repeat(4_000_000);
    const text = `a: ${value}\nb: c\n`;
    const parsed = parseSpecText(text, "spec.yaml");
    if (!parsed.ok) throw new Error("expected the text to parse");
    const { at } = parsed.source;
    const problem = diagnostics.yamlSyntax("detail", "BAD_INDENT");
    const wrong: number[] = [];
    for (let start = 3; start < 3 + value.length; start += 20) {
      const found = at([start, start + 7], problem);
      if (found.line !== 1 || found.column !== start + 1 || found.length !== 7)
        wrong.push(start);
    }
    expect(wrong).toEqual([]);
    // A range past the line's end stops at it; an empty range is one long.
    expect(at([3, text.length], problem).length).toBe(value.length);
    expect(at([text.length - 2, text.length + 5], problem).length).toBe(1);
    expect(at([5, 5], problem).length).toBe(1);
  });
});
