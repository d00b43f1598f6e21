/**
 * A watch whose first run meets another run's lock for too long (RG095):
 * not a command-line mistake, so it is reported like a failed run and the
 * watch goes on. generate is replaced (vi.mock is hoisted above the
 * imports): the real lock waits two minutes.
 */
import { describe, expect, it, vi } from "vitest";
import { watchGenerate } from "../../src/cli/watch.js";
import { UsageError } from "../../src/diagnostics/diagnostic.js";
import { usageProblems } from "../../src/diagnostics/codes.js";
import { makeProject, recordingIO, waitFor } from "../generate/support.js";

const calls = vi.hoisted(() => ({ count: 0 }));
vi.mock("../../src/generate.js", async (importOriginal) => {
  const real = await importOriginal<typeof import("../../src/generate.js")>();
  return {
    ...real,
    generate: async (options: Parameters<typeof real.generate>[0]) => {
      calls.count++;
      if (calls.count === 1) {
        throw new UsageError(
          usageProblems.outputLocked("/x/generated", 4242, 120, "/tmp/x.lock"),
        );
      }
      return real.generate(options);
    },
  };
});

describe("generate --watch and another run's lock", () => {
  it("reports a first run that timed out on the lock, keeps watching, and tries again by itself", async () => {
    const { root } = await makeProject();
    const controller = new AbortController();
    const io = recordingIO(root, controller.signal);
    const watching = watchGenerate({
      cwd: root,
      signal: controller.signal,
      log: (line) => io.out(line),
      error: (text) => io.err(text),
      pollMs: 100,
    });
    await waitFor("the still-watching line", () =>
      io.stderr.some((line) => line.startsWith("still watching")),
    );
    const errors = io.stderr.join("\n");
    expect(errors).toMatch(/generate failed:/);
    expect(errors).toContain("another remitgen run (process 4242)");
    expect(errors).toContain("[RG095]");
    // It tries again by itself, for real this time: no edit needed.
    await waitFor("a run", () =>
      io.stdout.some((line) => / remitgen: 3 sets, /.test(line)),
    );
    expect(calls.count).toBe(2);
    controller.abort();
    expect(await watching).toBe(0);
  });
});
