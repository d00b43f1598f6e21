/**
 * `npm run bench` works on this checkout: a smoke run (one run per stage, a
 * few client calls) must finish, measure every stage, find the
 * one-operation bundle free of unused operations, and see an unchanged
 * rerun write nothing. Its figures are not checked: performance is the
 * bench's job, not the tests' (and a smoke run's figures mean nothing).
 */
import { spawn } from "node:child_process";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../generate/support.js";

function runBench(args: readonly string[]): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(repoRoot, "bench/run.mjs"), ...args], { cwd: repoRoot });
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, out }));
  });
}

describe("npm run bench", () => {
  it("runs every stage in a smoke run, and leaves the committed results alone", async () => {
    const results = join(repoRoot, "bench/results.md");
    const before = await readFile(results, "utf8");
    const { code, out } = await runBench(["--smoke"]);
    expect(code, out).toBe(0);
    for (const stage of ["[1/4] generate, default spec", "[2/4] client per-call overhead", "[3/4] bundle size", "[4/4] synthetic specs"]) {
      expect(out).toContain(stage);
    }
    expect(out).toMatch(/^default +12 +1\+1 /m);
    expect(out).toMatch(/^100 ops +100 +1\+1 /m);
    expect(out).toMatch(/oneOp: .* unused names present: none/);
    expect(out).toMatch(/unused operations absent from the one-op bundle +absent +absent +met/);
    expect(out).toMatch(/client per-call overhead vs raw fetch \(median\) +-?\d/);
    expect(out).not.toContain("FAILED");
    expect(out).not.toContain("not byte-identical");
    expect(out).not.toContain("wrote bench/results.md");
    expect(await readFile(results, "utf8")).toBe(before);
  }, 120_000);
});
