/**
 * generate() called from JavaScript, where nothing checks the options'
 * types: a wrong shape is a UsageError with a code and a hint, thrown
 * before anything is read or written, never a TypeError from deep inside
 * nor an option silently ignored.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { UsageError } from "../../src/diagnostics/diagnostic.js";
import { generate, type GenerateOptions } from "../../src/generate.js";
import { makeProject } from "./support.js";

/** What generate throws for `options` (typed loosely, as a JavaScript caller's). */
async function refusal(options: unknown): Promise<UsageError> {
  const error: unknown = await generate(options as GenerateOptions).then(
    () => undefined,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(UsageError);
  return error as UsageError;
}

describe("generate() options of the wrong shape", () => {
  it.each([
    [
      "sets as a string",
      { sets: "v3" },
      /"sets" must be a non-empty list of set ids/,
    ],
    [
      "a set id that is no string",
      { sets: [3] },
      /"sets" must be a non-empty list of set ids/,
    ],
    // A build script whose filter came back empty must not generate every set.
    [
      "sets as an empty list",
      { sets: [] },
      /"sets" must be a non-empty list of set ids \(strings\), not an empty list/,
    ],
    ["out as a number", { out: 42 }, /"out" must be a string/],
    ["spec as null", { spec: null }, /"spec" must be a string/],
    // An unset variable (`spec: process.env.SPEC`): "" would read the
    // current folder as the spec, or write the output into it.
    [
      "spec as an empty string",
      { spec: "" },
      /^option "spec" must be a string \(a file path\), not an empty string\n {2}hint: pass e\.g\. spec: "spec\/remittance\.yaml", or leave it out/,
    ],
    [
      "out as an empty string",
      { out: "" },
      /^option "out" must be a string \(a folder path\), not an empty string\n {2}hint: pass e\.g\. out: "generated", or leave it out/,
    ],
    ["cwd as a number", { cwd: 5 }, /"cwd" must be a string/],
    ["check as a string", { check: "true" }, /"check" must be true or false/],
    [
      "signal that is no AbortSignal",
      { signal: "SIGINT" },
      /"signal" must be an AbortSignal/,
    ],
    [
      "signal as a plain object",
      { signal: { aborted: false } },
      /"signal" must be an AbortSignal/,
    ],
  ])("%s: UsageError RG092, nothing written", async (_, options, message) => {
    const { root } = await makeProject();
    const error = await refusal({ cwd: root, out: "generated", ...options });
    expect(error.code).toBe("RG092");
    expect(error.message).toMatch(message);
    expect(error.hint).not.toBe("");
    expect(existsSync(join(root, "generated"))).toBe(false);
  });

  it("an unknown option name, with the name it resembles", async () => {
    const { root } = await makeProject();
    const error = await refusal({ cwd: root, sepc: "other.yaml" });
    expect(error.code).toBe("RG092");
    expect(error.message).toContain('unknown option "sepc"');
    expect(error.hint).toContain('did you mean "spec"?');
    expect(existsSync(join(root, "generated"))).toBe(false);
  });

  it("options that are not an object", async () => {
    for (const options of [null, "generated", ["v3"]]) {
      const error = await refusal(options);
      expect(error.code).toBe("RG092");
    }
  });

  it("accepts every option left undefined, as defaults", async () => {
    const { root } = await makeProject();
    const result = await generate({
      cwd: root,
      spec: undefined,
      out: undefined,
      sets: undefined,
      check: true,
      signal: undefined,
    });
    expect(result.sets).toEqual(["v1.0.1", "V1", "v3"]);
    expect(existsSync(join(root, "generated"))).toBe(false);
  });
});
