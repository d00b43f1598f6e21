/** Wording of the file system's refusals: the reason in words, never a bare system message. */
import { describe, expect, it } from "vitest";
import { usageProblems } from "../../src/diagnostics/codes.js";

describe("cannotWatch (RG096)", () => {
  it("says why a folder cannot be watched in words, and how to mend it", () => {
    expect(
      usageProblems.cannotWatch(
        "/p/spec",
        "ENOENT",
        "ENOENT: no such file or directory, stat '/p/spec'",
      ),
    ).toEqual({
      code: "RG096",
      message: "cannot watch /p/spec: the folder does not exist",
      hint: "create the folder, or give --spec a file in a folder that exists",
    });
    expect(
      usageProblems.cannotWatch(
        "/p/spec",
        "ENOSPC",
        "ENOSPC: System limit for number of file watchers reached, watch '/p/spec'",
      ),
    ).toMatchObject({
      message:
        "cannot watch /p/spec: the system's limit of watched folders is reached",
      hint: expect.stringContaining("fs.inotify.max_user_watches"),
    });
  });

  it("a code without words of its own: the system's words, the code after, no path twice", () => {
    expect(
      usageProblems.cannotWatch(
        "/p/spec",
        "EIO",
        "EIO: i/o error, watch '/p/spec'",
      ),
    ).toEqual({
      code: "RG096",
      message: "cannot watch /p/spec: i/o error (EIO)",
      hint: "check that the folder can be read, then run again",
    });
    expect(
      usageProblems.cannotWatch("/p/spec", undefined, "watching failed")
        .message,
    ).toBe("cannot watch /p/spec: watching failed");
  });
});
