/** Wording of the file system's refusals: the reason in words, never a bare system message. */
import { describe, expect, it } from "vitest";
import { cannotWatchText } from "../../src/cli/watch.js";
import { cannotPrintText as cannotPrint } from "../../src/cli/report.js";
import { refusedText } from "../../src/write/output-dir.js";

describe("cannotWatch (RG096)", () => {
  it("says why a folder cannot be watched in words, and how to mend it", () => {
    expect(
      cannotWatchText(
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
      cannotWatchText(
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
      cannotWatchText(
        "/p/spec",
        "EOVERFLOW",
        "EOVERFLOW: value too large for defined data type, watch '/p/spec'",
      ),
    ).toEqual({
      code: "RG096",
      message:
        "cannot watch /p/spec: value too large for defined data type (EOVERFLOW)",
      hint: "check that the folder can be read, then run again",
    });
    // A code with words elsewhere (RG001, RG098) has the same words here.
    expect(
      cannotWatchText("/p/spec", "EIO", "EIO: i/o error, watch '/p/spec'")
        .message,
    ).toBe(
      "cannot watch /p/spec: the disk or file system failed to read or write (an input/output error)",
    );
    expect(
      cannotWatchText("/p/spec", undefined, "watching failed").message,
    ).toBe("cannot watch /p/spec: watching failed");
  });

  it("lost while watching, which goes on: the same words, a hint that does not say to run again", () => {
    const lost = (errno: string, detail: string) =>
      cannotWatchText("spec", errno, detail, true);
    expect(lost("ENOENT", "ENOENT: no such file or directory")).toEqual({
      code: "RG096",
      message: "cannot watch spec: the folder does not exist",
      hint: "put the folder back (a checkout or a restore does)",
    });
    expect(lost("EACCES", "EACCES: permission denied, stat 'spec'")).toEqual({
      code: "RG096",
      message: "cannot watch spec: permission denied",
      hint: "make the folder readable by this user again",
    });
    expect(lost("EIO", "EIO: i/o error, watch 'spec'").hint).toBe(
      "check that the folder can be read",
    );
    // The system's limits are mended the same way whenever they are met.
    expect(lost("EMFILE", "EMFILE: too many open files").hint).toBe(
      cannotWatchText("spec", "EMFILE", "").hint,
    );
  });
});

describe("cannotPrint (RG088)", () => {
  it("says why in words, and frees space only when space is what is missing", () => {
    expect(
      cannotPrint(
        "standard output",
        "ENOSPC",
        "ENOSPC: no space left on device, write",
      ),
    ).toEqual({
      code: "RG088",
      message:
        "cannot write to standard output: no space is left on the device",
      hint: "free some space where standard output goes, or send it elsewhere, then run again",
    });
    expect(
      cannotPrint(
        "standard output",
        "EBADF",
        "EBADF: bad file descriptor, write",
      ),
    ).toEqual({
      code: "RG088",
      message: "cannot write to standard output: bad file descriptor (EBADF)",
      hint: "check where standard output goes (a file, a device), or send it elsewhere, then run again",
    });
  });
});

describe("a path no lookup can follow: the hint says what to change", () => {
  const loop =
    "too many symbolic links on the path (a link that leads back to itself, or a loop of links)";
  it("a symbolic link loop on the --spec folder's path (RG096)", () => {
    expect(cannotWatchText("spec", "ELOOP", "ELOOP: x")).toEqual({
      code: "RG096",
      message: `cannot watch spec: ${loop}`,
      hint: "point the symbolic link on the --spec path at the spec's folder, or give --spec a path without it",
    });
    expect(cannotWatchText("spec", "ELOOP", "ELOOP: x", true).hint).toBe(
      "point the symbolic link at the spec's folder again",
    );
  });

  it("a name too long on the --spec path (RG096)", () => {
    expect(
      cannotWatchText("spec", "ENAMETOOLONG", "ENAMETOOLONG: x").hint,
    ).toBe(
      "give --spec a shorter path: a name in it is over the file system's limit (usually 255 bytes)",
    );
  });

  it("a symbolic link loop on the --out path (RG098)", () => {
    expect(
      refusedText("read", "/p/out", "ELOOP", "ELOOP: x", "/p/out"),
    ).toEqual({
      code: "RG098",
      message: `cannot read /p/out: ${loop}`,
      hint: "point the symbolic link on the --out path at a folder, or pass --out another folder, then run again",
    });
  });
});
