/**
 * One run at a time per output folder: the lock itself, and two generate
 * runs started together on one folder.
 */
import { spawnSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { StoppedError, UsageError } from "../../src/diagnostics/diagnostic.js";
import { generate } from "../../src/generate.js";
import { lockOutput, type OutputLock } from "../../src/write/output-lock.js";

const temps: string[] = [];
/** Locks in the default place, released even when a test fails before it does. */
const defaultPlaceLocks: OutputLock[] = [];
afterEach(() => {
  for (const lock of defaultPlaceLocks.splice(0)) lock.release();
  for (const dir of temps.splice(0))
    rmSync(dir, { recursive: true, force: true });
});
function temp(): string {
  const dir = mkdtempSync(join(tmpdir(), "remitgen-lock-test-"));
  temps.push(dir);
  return dir;
}

/** A process id that is certainly not running: a child that has exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ["-e", ""]);
  return child.pid!;
}

describe("lockOutput", () => {
  it("makes a second holder wait until the first releases", async () => {
    const root = temp();
    const lockDir = join(root, "locks");
    const out = join(root, "out");
    const first = await lockOutput(out, { lockDir });
    let secondHeld = false;
    const second = lockOutput(out, { lockDir }).then((lock) => {
      secondHeld = true;
      return lock;
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(secondHeld).toBe(false);
    first.release();
    const lock = await second;
    expect(secondHeld).toBe(true);
    expect(readFileSync(lock.file, "utf8")).toMatch(
      new RegExp(`^${process.pid} [0-9a-f]{16}\\n`),
    );
    lock.release();
    expect(existsSync(lock.file)).toBe(false);
  });

  it("gives two spellings of one folder the same lock, and other folders their own", async () => {
    const root = temp();
    const lockDir = join(root, "locks");
    const a = await lockOutput(join(root, "out"), { lockDir });
    const b = await lockOutput(join(root, "other"), { lockDir });
    expect(b.file).not.toBe(a.file);
    // A symbolic link to the folder, and a path through `..`: resolve()
    // alone would tell the link apart, the real path does not.
    mkdirSync(join(root, "out"));
    symlinkSync(join(root, "out"), join(root, "alias"));
    for (const spelling of [
      join(root, "alias"),
      join(root, "x", "..", "out"),
    ]) {
      await expect(
        lockOutput(spelling, { lockDir, waitMs: 100 }),
      ).rejects.toMatchObject({
        code: "RG095",
      });
    }
    a.release();
    b.release();
  });

  it("calls onWait once when it has to wait, and not at all when it does not", async () => {
    const root = temp();
    const lockDir = join(root, "locks");
    const out = join(root, "out");
    const waits: (number | undefined)[] = [];
    const first = await lockOutput(out, {
      lockDir,
      onWait: (pid) => waits.push(pid),
    });
    expect(waits).toEqual([]);
    const second = lockOutput(out, {
      lockDir,
      onWait: (pid) => waits.push(pid),
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(waits).toEqual([process.pid]);
    first.release();
    (await second).release();
    expect(waits).toEqual([process.pid]);
  });

  it("takes over a lock left by a killed run at once", async () => {
    const root = temp();
    const lockDir = join(root, "locks");
    const out = join(root, "out");
    const held = await lockOutput(out, { lockDir });
    held.release();
    writeFileSync(held.file, `${deadPid()} 0123456789abcdef\n${out}\n`);
    const started = Date.now();
    const lock = await lockOutput(out, { lockDir, waitMs: 5000 });
    expect(Date.now() - started).toBeLessThan(1000);
    lock.release();
  });

  it("takes over at once a lock made before this process started under its own process id", async () => {
    // A run killed in a container, whose process ids repeat from one start
    // to the next: the next run gets the same id and must not wait on itself.
    const root = temp();
    const lockDir = join(root, "locks");
    const out = join(root, "out");
    const held = await lockOutput(out, { lockDir });
    held.release();
    writeFileSync(held.file!, `${process.pid} 0123456789abcdef\n${out}\n`);
    const killed = new Date(performance.timeOrigin - 60_000);
    utimesSync(held.file!, killed, killed);
    const started = Date.now();
    const lock = await lockOutput(out, { lockDir, waitMs: 5000 });
    expect(Date.now() - started).toBeLessThan(1000);
    expect(readFileSync(lock.file!, "utf8")).not.toContain("0123456789abcdef");
    lock.release();
  });

  it("gives up on a live holder after waitMs with a clear error naming it", async () => {
    const root = temp();
    const lockDir = join(root, "locks");
    const out = join(root, "out");
    const held = await lockOutput(out, { lockDir });
    const error = await lockOutput(out, { lockDir, waitMs: 150 }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(UsageError);
    expect(error).toMatchObject({ code: "RG095" });
    expect((error as Error).message).toContain(
      `another remitgen run (process ${process.pid}) has been writing to`,
    );
    expect((error as Error).message).toContain(
      "hint: wait for it to finish, or stop it",
    );
    held.release();
  });

  it("goes on without a lock where none can be made, rather than fail the run", async () => {
    const root = temp();
    const notAFolder = join(root, "file");
    writeFileSync(notAFolder, "");
    const lock = await lockOutput(join(root, "out"), {
      lockDir: join(notAFolder, "locks"),
    });
    expect(lock.file).toBeUndefined();
    lock.release();
  });

  it("stops waiting when its signal aborts, and a release leaves another holder's lock alone", async () => {
    const root = temp();
    const lockDir = join(root, "locks");
    const out = join(root, "out");
    const held = await lockOutput(out, { lockDir });
    const controller = new AbortController();
    const waiting = lockOutput(out, {
      lockDir,
      signal: controller.signal,
    }).catch((e: unknown) => e);
    setTimeout(() => controller.abort("SIGINT"), 100);
    const error = await waiting;
    expect(error).toBeInstanceOf(StoppedError);
    expect((error as StoppedError).signal).toBe("SIGINT");
    held.release();
    // A holder released twice, after another took the folder, removes nothing of the other's.
    const next = await lockOutput(out, { lockDir });
    held.release();
    expect(existsSync(next.file)).toBe(true);
    next.release();
  });
});

describe("generate runs started together on one folder", () => {
  it("a run waits, writing nothing, while another holds the folder", async () => {
    const root = temp();
    writeFileSync(
      join(root, "package.json"),
      '{ "name": "consumer", "private": true }\n',
    );
    writeFileSync(
      join(root, "a.yaml"),
      readFileSync(
        join(import.meta.dirname, "../fixtures/good-spec.yaml"),
        "utf8",
      ),
    );
    const out = join(root, "out");
    const other = await lockOutput(out); // as another run would, in the default place
    defaultPlaceLocks.push(other);
    let done = false;
    const waits: (number | undefined)[] = [];
    const run = generate({
      cwd: root,
      spec: "a.yaml",
      out: "out",
      onLockWait: (pid) => waits.push(pid),
    }).finally(() => (done = true));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(done).toBe(false);
    expect(existsSync(out)).toBe(false);
    // Told once, with the holder's process, however many times it looked.
    expect(waits).toEqual([process.pid]);
    other.release();
    const result = await run;
    expect(result.written.length).toBeGreaterThan(0);
    expect(existsSync(join(out, ".remitgen-manifest.json"))).toBe(true);
  });

  // End to end, two real runs: what the folder holds afterwards. (Small
  // runs in one process may also pass without the lock; the test above is
  // the one that proves generate takes it.)
  it("run one after the other: the folder ends exactly as the run that finished last left it", async () => {
    const root = temp();
    writeFileSync(
      join(root, "package.json"),
      '{ "name": "consumer", "private": true }\n',
    );
    const spec = readFileSync(
      join(import.meta.dirname, "../fixtures/good-spec.yaml"),
      "utf8",
    );
    const changed = spec.replace(
      /summary: ([^\n]+)/,
      "summary: Changed while another run wrote. $1",
    );
    expect(changed).not.toBe(spec);
    writeFileSync(join(root, "a.yaml"), spec);
    writeFileSync(join(root, "b.yaml"), changed);
    const finished: string[] = [];
    const run = (name: string) =>
      generate({ cwd: root, spec: `${name}.yaml`, out: "out" }).then(
        (result) => {
          finished.push(name);
          return result;
        },
      );
    const [a, b] = await Promise.all([run("a"), run("b")]);
    expect(a.files.length).toBeGreaterThan(0);
    expect(b.files.length).toBe(a.files.length);
    const last = finished.at(-1)!;
    const other = last === "a" ? "b" : "a";
    const lastCheck = await generate({
      cwd: root,
      spec: `${last}.yaml`,
      out: "out",
      check: true,
    });
    expect(lastCheck.upToDate).toBe(true);
    const otherCheck = await generate({
      cwd: root,
      spec: `${other}.yaml`,
      out: "out",
      check: true,
    });
    expect(otherCheck.upToDate).toBe(false);
  });
});
