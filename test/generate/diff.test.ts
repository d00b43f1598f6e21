/**
 * diffSets() as a build script calls it: an unknown set id is a UsageError
 * with a code and a suggestion, as on the command line.
 */
import { describe, expect, it } from "vitest";
import { UsageError } from "../../src/diagnostics/diagnostic.js";
import { diffSets } from "../../src/diff.js";
import { loadSpec } from "../../src/spec/load.js";
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
