/**
 * The built bin (`node dist/remitgen.mjs`) as a real process: exit codes,
 * output streams, and never a stack trace.
 */
import { spawnSync } from "node:child_process";
import { closeSync, existsSync, openSync } from "node:fs";
import { mkdir, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import {
  binPath,
  editFile,
  makeProject,
  manifestName,
  repoRoot,
  tempDir,
} from "../generate/support.js";
import { runBin, stackTrace, startBin } from "./process.js";

describe("node dist/remitgen.mjs", () => {
  it("--version and --help exit 0 on stdout", async () => {
    const { version } = JSON.parse(
      await readFile(join(repoRoot, "package.json"), "utf8"),
    ) as { version: string };
    const versionRun = await runBin(["--version"]);
    expect(versionRun).toMatchObject({
      code: 0,
      stdout: `${version}\n`,
      stderr: "",
    });
    const help = await runBin(["generate", "--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: remitgen generate \[options\]/);
  });

  it("an unknown command exits 2 with a suggestion on stderr", async () => {
    const result = await runBin(["genrate"]);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr).toBe(
      "remitgen: unknown command 'genrate' [RG092]\n" +
        "  hint: did you mean generate? Commands: init, validate, generate, diff, import, mock; see `remitgen --help`\n",
    );
  });

  it("an unknown option exits 2 with a suggestion", async () => {
    const result = await runBin(["diff", "--spek", "x", "V1", "v3"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      "remitgen: unknown option '--spek' [RG092]\n" +
        "  hint: did you mean --spec? See `remitgen diff --help`\n",
    );
  });

  it("a bad spec exits 1 with file:line:column and no stack trace", async () => {
    const { root, spec } = await makeProject();
    await editFile(spec, "rateLimit: 100/hour", "rateLimit: lots");
    const validate = await runBin(["validate"], root);
    expect(validate.code).toBe(1);
    expect(validate.stderr).toMatch(
      /^spec\/remittance\.yaml:\d+:\d+: rate limit "lots"/m,
    );
    expect(validate.stderr).not.toMatch(stackTrace);
    const generate = await runBin(["generate"], root);
    expect(generate.code).toBe(1);
    expect(generate.stderr).toContain("nothing was written");
    expect(generate.stderr).not.toMatch(stackTrace);
    expect(existsSync(join(root, "generated"))).toBe(false);
  });

  it("a spec the system cannot read (a link to itself) exits 1 with a reason in words, not Node's", async () => {
    const root = await tempDir();
    await symlink("spec.yaml", join(root, "spec.yaml"));
    for (const command of ["validate", "generate"]) {
      const result = await runBin([command, "--spec", "spec.yaml"], root);
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(
        /^spec\.yaml:1:1: cannot read the spec: too many symbolic links on the path \(a link that leads back to itself, or a loop of links\) \[RG001\]\n  hint: point the symbolic link on the --spec path at the spec file/,
      );
      expect(result.stderr).not.toContain("ELOOP");
      expect(result.stderr).not.toContain(root);
      expect(result.stderr).not.toMatch(stackTrace);
    }
  });

  it("generate, then generate --check, exit 0; a refused --out exits 2", async () => {
    const { root } = await makeProject();
    const generate = await runBin(["generate", "--set", "v3"], root);
    expect(generate.code).toBe(0);
    expect(generate.stdout).toMatch(
      /^remitgen: 1 set, 12 operations, \d+ files \(\d+ written, 0 unchanged\) in \d+ ms\n$/,
    );
    expect(
      (await runBin(["generate", "--set", "v3", "--check"], root)).code,
    ).toBe(0);
    const refused = await runBin(["generate", "--out", "/"], root);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toBe(
      "remitgen: refusing to write to /: it is the filesystem root [RG090]\n  hint: pass --out a folder of its own, e.g. --out generated\n",
    );
  });

  it("a write failure exits 1 with a message, not a stack trace", async () => {
    const { root } = await makeProject();
    await runBin(["generate", "--set", "v3"], root);
    await writeFile(
      join(root, "generated/v3/package.json"),
      "edited by hand\n",
    );
    await rm(join(root, "generated/v3/dist/client.js"));
    await mkdir(join(root, "generated/v3/dist/client.js"));
    const result = await runBin(["generate", "--set", "v3"], root);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /^remitgen: cannot write .*client\.js: .* is not a regular file/,
    );
    expect(result.stderr).not.toMatch(stackTrace);
    expect(
      await readFile(join(root, "generated/v3/package.json"), "utf8"),
    ).toBe("edited by hand\n");
  });

  it("an output folder the file system refuses exits 1 with where, a code and a hint; nothing is left", async () => {
    const { root } = await makeProject();
    // A name longer than any file system allows: refused whoever runs it.
    const long = "a".repeat(300);
    const result = await runBin(["generate", "--out", `gen/${long}`], root);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      `remitgen: cannot write ${join(root, "gen", long)}: a name in the path is too long [RG098]\n` +
        "  hint: choose a shorter --out path, then run again\n",
    );
    expect(existsSync(join(root, "gen"))).toBe(false);
  });

  it("started in a folder that was removed, says so and how to fix it: no stack trace", async () => {
    const gone = join(await tempDir(), "gone");
    await mkdir(gone);
    for (const args of [["--version"], ["generate"]]) {
      // The shell enters the folder, which is then removed (a checkout, a
      // clean) before remitgen starts in it.
      const child = spawnSync(
        "sh",
        [
          "-c",
          'cd "$1" && rmdir "$1" && shift && exec "$@"',
          "sh",
          gone,
        ].concat([process.execPath, binPath, ...args]),
        { encoding: "utf8" },
      );
      expect(child.status, args.join(" ")).toBe(2);
      expect(child.stdout).toBe("");
      expect(child.stderr).toBe(
        "remitgen: the current folder no longer exists (it was removed or moved) [RG099]\n" +
          "  hint: cd into the project folder again, then run again\n",
      );
      await mkdir(gone);
    }
  });

  it("a reader that closes the pipe early (| head -1) ends no run with a stack trace", async () => {
    for (const args of [["--help"], ["diff", "v1.0.1", "v3"]]) {
      const child = startBin(args);
      // Our end of its stdout closed before it prints: its writes fail with EPIPE.
      child.process.stdout.destroy();
      const result = await child.exited;
      expect(child.stderr(), args.join(" ")).not.toMatch(stackTrace);
      expect(child.stderr(), args.join(" ")).not.toContain("EPIPE");
      expect(result.code, args.join(" ")).toBe(0);
    }
  });

  it("standard output on a full disk (> /dev/full) exits 1 with a code and the reason in words, no stack trace", async () => {
    const { root } = await makeProject();
    for (const args of [["--help"], ["diff", "v1.0.1", "v3"], ["generate"]]) {
      const full = openSync("/dev/full", "w");
      const child = spawnSync(process.execPath, [binPath, ...args], {
        cwd: root,
        stdio: ["ignore", full, "pipe"],
        encoding: "utf8",
      });
      closeSync(full);
      expect(child.stderr, args.join(" ")).toBe(
        "remitgen: cannot write to standard output: no space is left on the device [RG088]\n" +
          "  hint: free some space where standard output goes, or send it elsewhere, then run again\n",
      );
      expect(child.status, args.join(" ")).toBe(1);
    }
    // What the run did is done: the output folder was written.
    expect(existsSync(join(root, "generated", manifestName))).toBe(true);
  });

  it("a terminal closed under --watch (SIGHUP, then EIO on every write) ends it with 0, no crash", async () => {
    const { root } = await makeProject();
    // Once SIGHUP comes, both streams fail as a closed terminal's do: EIO.
    // Loaded before the bin, so its SIGHUP listener runs first.
    const preload = join(await tempDir(), "closed-terminal.mjs");
    await writeFile(
      preload,
      `let closed = false;
process.on("SIGHUP", () => { closed = true; });
for (const stream of [process.stdout, process.stderr]) {
  const write = stream._write.bind(stream);
  stream._writev = undefined;
  stream._write = (chunk, encoding, callback) =>
    closed
      ? callback(Object.assign(new Error("EIO: i/o error, write"), { code: "EIO", errno: -5, syscall: "write" }))
      : write(chunk, encoding, callback);
}
`,
    );
    const child = startBin(["generate", "--watch", "--set", "v3"], root, [
      "--import",
      pathToFileURL(preload).href,
    ]);
    await child.waitFor(/watching spec\/remittance\.yaml for changes/);
    child.process.kill("SIGHUP");
    const result = await child.exited;
    expect(result.signal).toBeNull();
    expect(result.code).toBe(0);
    expect(child.stderr()).toBe("");
  });
});
