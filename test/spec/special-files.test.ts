/**
 * Nothing but a regular file is opened to be read from a path a user
 * gives. A named pipe (FIFO) that nobody writes made `--spec` wait forever,
 * deaf to SIGINT, SIGTERM and SIGHUP. Each case runs the built CLI as a child process
 * under a time limit, so a regression fails here instead of hanging the
 * suite.
 */
import { execFileSync } from "node:child_process";
import { symlinkSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readSpecText, type CheckFailure } from "../../src/spec/load.js";
import { tempDir } from "../generate/support.js";
import { runBin } from "../cli/process.js";

/** Well under the test's own timeout: a hang is killed, then reported as such. */
const limitMs = 15_000;

function mkfifo(path: string): string {
  execFileSync("mkfifo", [path]);
  return path;
}

const refusal =
  "cannot read the spec: it is a named pipe (FIFO), not a regular file [RG001]";

describe.skipIf(process.platform === "win32")("a named pipe", () => {
  for (const command of ["validate", "generate", "mock"]) {
    it(`as ${command}'s --spec is refused at once (RG001), not waited on`, async () => {
      const folder = await tempDir("remitgen-fifo-");
      mkfifo(join(folder, "spec.yaml"));
      const run = await runBin(
        [command, "--spec", "spec.yaml"],
        folder,
        limitMs,
      );
      expect(run.signal, "killed: it waited on the pipe").toBeNull();
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(`spec.yaml:1:1: ${refusal}`);
      expect(run.stderr).toContain(
        "hint: give --spec the spec file itself; to check text from a pipe, save it to a file first",
      );
    });
  }

  it("behind a symbolic link is refused alike", async () => {
    const folder = await tempDir("remitgen-fifo-");
    mkfifo(join(folder, "pipe"));
    symlinkSync("pipe", join(folder, "spec.yaml"));
    const run = await runBin(
      ["validate", "--spec", "spec.yaml"],
      folder,
      limitMs,
    );
    expect(run.signal).toBeNull();
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(refusal);
  });
});

describe("a device", () => {
  it.skipIf(process.platform === "win32")(
    "is refused without a read, in words (RG001)",
    async () => {
      const result = (await readSpecText(
        "/dev/zero",
        "spec.yaml",
      )) as CheckFailure;
      expect(typeof result).toBe("object");
      const [first] = result.diagnostics;
      expect(
        `${first!.line}:${first!.column} ${first!.code} ${first!.message}`,
      ).toBe(
        "1:1 RG001 cannot read the spec: it is a character device, not a regular file",
      );
    },
  );
});
