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

describe("parsing", () => {
  it("asks the environment nothing per token, and leaves process.env as it was", () => {
    // yaml 2's parser reads process.env.LOG_TOKENS once per token, and a
    // read of the real process.env asks the system: 0.25 s for a
    // 1000-operation spec.
    const real = process.env;
    let reads = 0;
    const counted = new Proxy(real, {
      get(target, key) {
        if (key === "LOG_TOKENS") reads++;
        return Reflect.get(target, key) as unknown;
      },
    });
    process.env = counted;
    try {
      const text = "a: 1\n".repeat(500);
      expect(parseSpecText(text, "spec.yaml").ok).toBe(true);
      // Nested too deep, the parser throws: the environment is put back.
      expect(parseSpecText(`${"[".repeat(20_000)}`, "spec.yaml").ok).toBe(
        false,
      );
      expect(process.env).toBe(counted);
    } finally {
      process.env = real;
    }
    expect(reads).toBe(0);
  });
});
