import { describe, expect, it } from "vitest";
import { docCommentLines } from "../../../src/render/code/writer.js";

describe("docCommentLines", () => {
  it("wraps a 10 MB line into its 130 000 comment lines without overflowing the call stack", () => {
    const words = "a ".repeat(5_100_000).trim();
    const lines = docCommentLines([words], 0);
    // `/**`, ` */` and the text wrapped at 77 columns: 39 words a line.
    expect(lines.length).toBe(2 + Math.ceil(5_100_000 / 39));
    expect(lines[1]).toBe(` * ${"a ".repeat(39).trim()}`);
    expect(lines.at(-1)).toBe(" */");
  });

  it("puts tags after the paragraphs, each wrapped on its own, their text escaped like spec text", () => {
    const lines = docCommentLines(["Summary."], 0, [
      ["@throws {ApiError}", "An answer naming @internal */ stays text."],
      ["@throws", "The signal's reason."],
    ]);
    expect(lines).toEqual([
      "/**",
      " * Summary.",
      " *",
      " * @throws {ApiError} An answer naming \\@internal *\\/ stays text.",
      " * @throws The signal's reason.",
      " */",
    ]);
  });
});
