/**
 * diffSets() as a build script calls it: an unknown set id is a UsageError
 * with a code and a suggestion, as on the command line.
 */
import { describe, expect, it } from "vitest";
import { UsageError } from "../../src/diagnostics/diagnostic.js";
import { diffSets } from "../../src/diff.js";
import type { Model } from "../../src/model/types.js";
import { loadSpec } from "../../src/check-spec.js";
import { repoSpec } from "./support.js";

describe("diffSets", () => {
  it("lists what v3 adds to V1", async () => {
    const diff = diffSets(await loadSpec(repoSpec), "V1", "v3");
    expect(diff).toMatchObject({ from: "V1", to: "v3", removed: [] });
    expect(diff.added).toHaveLength(3);
  });

  it("refuses an unknown set with UsageError RG091 and the closest id", async () => {
    const model = await loadSpec(repoSpec);
    for (const [from, to, unknown] of [
      ["v33", "v3", "v33"],
      ["V1", "v3x", "v3x"],
    ] as const) {
      let error: unknown;
      try {
        diffSets(model, from, to);
      } catch (failure) {
        error = failure;
      }
      expect(error).toBeInstanceOf(UsageError);
      expect(error).toMatchObject({ code: "RG091" });
      expect((error as UsageError).message).toContain(
        `unknown set "${unknown}"`,
      );
      expect((error as UsageError).hint).toContain('did you mean "v3"?');
    }
  });
});

describe("diffSets called from JavaScript with arguments of the wrong type", () => {
  const thrown = (run: () => unknown): unknown => {
    try {
      run();
    } catch (error) {
      return error;
    }
    return undefined;
  };

  it("refuses what is no model (undefined, a spec path) with RG092, not a TypeError", () => {
    for (const model of [undefined, "spec/remittance.yaml", {}]) {
      const error = thrown(() =>
        diffSets(model as unknown as Model, "V1", "v3"),
      );
      expect(error).toBeInstanceOf(UsageError);
      expect(error).toMatchObject({ code: "RG092" });
      expect((error as UsageError).message).toMatch(
        /^diffSets: model must be a model from loadSpec, not /,
      );
      expect((error as UsageError).hint).toContain("await loadSpec(");
    }
  });

  it("refuses a set id that is no string with RG092", async () => {
    const model = await loadSpec(repoSpec);
    for (const [from, to, name] of [
      [3, "v3", "fromId"],
      ["V1", undefined, "toId"],
    ] as const) {
      const error = thrown(() =>
        diffSets(model, from as unknown as string, to as unknown as string),
      );
      expect(error).toBeInstanceOf(UsageError);
      expect(error).toMatchObject({ code: "RG092" });
      expect((error as UsageError).message).toMatch(
        new RegExp(`^diffSets: ${name} must be a string, not `),
      );
    }
  });
});
