/**
 * One run at a time per output folder: the lock itself, and two generate
 * runs started together on one folder.
 */
import {
  spawn,
  spawnSync,
  type ChildProcess,
  type ChildProcessWithoutNullStreams,
} from "node:child_process";
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build } from "esbuild";
import {
  afterAll,
  afterEach,
  beforeAll,
  describe,
  expect,
  it,
  vi,
} from "vitest";
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

const racerScript = join(import.meta.dirname, "lock-racer.mjs");

/** Waits for a child's report; the test's own time-out bounds it. */
async function waitFor(done: () => boolean): Promise<void> {
  while (!done()) await new Promise((resolve) => setTimeout(resolve, 10));
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

/** Processes a test started, stopped after it even when it fails. */
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill("SIGKILL");
});
/** A live process, unrelated to remitgen, that started now. */
function liveProcess(): number {
  const child = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"], {
    stdio: "ignore",
  });
  children.push(child);
  return child.pid!;
}
/** Linux tells processes apart by their start; elsewhere a live id is a live holder. */
const procfs = existsSync("/proc/self/stat");
/** How Linux names a process's start: the boot, and clock ticks since it. */
function startOf(pid: number): string {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const ticks = stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
  const boot = readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim();
  return `linux ${boot} ${ticks}`;
}
/** The lock file of `out`, made and released once. */
async function lockFileOf(out: string, lockDir: string): Promise<string> {
  const probe = await lockOutput(out, { lockDir });
  probe.release();
  return probe.file!;
}
/** Takes the lock, at once if `stale`; otherwise expects a wait that ends in RG095. */
async function expectTakeover(
  out: string,
  lockDir: string,
  stale: boolean,
): Promise<void> {
  const started = performance.now();
  const waitMs = stale ? 5000 : 300;
  const lock = await lockOutput(out, { lockDir, waitMs }).catch(
    (e: unknown) => e,
  );
  if (stale) {
    expect(lock).not.toBeInstanceOf(Error);
    expect(performance.now() - started).toBeLessThan(1000);
    (lock as OutputLock).release();
  } else {
    expect(lock).toMatchObject({ code: "RG095" });
  }
}

describe("lockOutput and a process id that came round to another program", () => {
  it("takes over at once a lock naming a live process that started after it was made", async () => {
    const root = temp();
    const lockDir = join(root, "locks");
    const out = join(root, "out");
    const file = await lockFileOf(out, lockDir);
    // A killed run's lock, its id now a shell's or an editor's: the
    // program holds the id, but started long after the lock was made.
    const pid = liveProcess();
    // This boot, one tick after it: long before that process started.
    const boot = procfs ? startOf(process.pid).split(" ")[1] : "-";
    writeFileSync(
      file,
      `${pid} 0123456789abcdef\n${out}\nstarted linux ${boot} 1\n`,
    );
    await expectTakeover(out, lockDir, procfs);
  });

  it("takes over at once a lock in the older format (no start) made before its process started", async () => {
    const root = temp();
    const lockDir = join(root, "locks");
    const out = join(root, "out");
    const file = await lockFileOf(out, lockDir);
    writeFileSync(file, `${liveProcess()} 0123456789abcdef\n${out}\n`);
    const made = new Date(Date.now() - 60_000);
    utimesSync(file, made, made);
    await expectTakeover(out, lockDir, procfs);
  });

  it("waits for a live holder that is the process the lock names, in either format", async () => {
    const root = temp();
    const lockDir = join(root, "locks");
    const out = join(root, "out");
    const file = await lockFileOf(out, lockDir);
    const pid = liveProcess();
    const start = procfs ? startOf(pid) : "origin 1";
    writeFileSync(file, `${pid} 0123456789abcdef\n${out}\nstarted ${start}\n`);
    await expectTakeover(out, lockDir, false);
    // The older format: made (now) after its process started.
    writeFileSync(file, `${pid} 0123456789abcdef\n${out}\n`);
    await expectTakeover(out, lockDir, false);
  });

  it("takes over at once a lock whose process is a zombie that nobody reaps", async () => {
    const root = temp();
    const lockDir = join(root, "locks");
    const out = join(root, "out");
    const file = await lockFileOf(out, lockDir);
    // `sleep 0` ends; its parent, now `sleep 30`, never waits for it.
    const shell = spawn("sh", ["-c", "sleep 0 & echo $!; exec sleep 30"]);
    children.push(shell);
    const zombie = await new Promise<number>((resolve) =>
      shell.stdout.once("data", (chunk: Buffer) => resolve(Number(chunk))),
    );
    await waitFor(
      () =>
        !procfs || /\) Z /.test(readFileSync(`/proc/${zombie}/stat`, "utf8")),
    );
    writeFileSync(file, `${zombie} 0123456789abcdef\n${out}\n`);
    await expectTakeover(out, lockDir, procfs);
  });
});

describe("lockOutput taking over a stale lock", () => {
  it("waits while a live run is taking it over, and breaks a breaker left by a killed one", async () => {
    const root = temp();
    const lockDir = join(root, "locks");
    const out = join(root, "out");
    const file = await lockFileOf(out, lockDir);
    writeFileSync(file, `${deadPid()} 0123456789abcdef\n${out}\n`);
    const pid = liveProcess();
    const start = procfs ? startOf(pid) : "origin 1";
    writeFileSync(`${file}.break`, `${pid} 00\n${out}\nstarted ${start}\n`);
    await expectTakeover(out, lockDir, false);
    // Killed while it broke the lock: its breaker is stale in turn.
    writeFileSync(`${file}.break`, `${deadPid()} 00\n${out}\nstarted x\n`);
    await expectTakeover(out, lockDir, true);
    expect(readdirSync(lockDir)).toEqual([]);
  });
});

describe("lockOutput where other users can reach the lock folder", () => {
  it("never writes through a symbolic link planted at the lock folder's path", async () => {
    const root = temp();
    const elsewhere = join(root, "elsewhere");
    mkdirSync(elsewhere);
    const lockDir = join(root, "locks");
    symlinkSync(elsewhere, lockDir);
    const lock = await lockOutput(join(root, "out"), { lockDir });
    expect(lock.file).toBeUndefined();
    expect(readdirSync(elsewhere)).toEqual([]);
    lock.release();
  });

  it("does not use, nor wait on, a lock folder owned by another user", async () => {
    const root = temp();
    const out = join(root, "out");
    const lockDir = join(root, "locks");
    const file = await lockFileOf(out, lockDir);
    // Another user's lock naming a live process of theirs would make every
    // run wait. (Only root can give a folder away; another user's folder,
    // for anyone else, is one owned by root.)
    writeFileSync(file, `${liveProcess()} 0123456789abcdef\n${out}\n`);
    const foreign = process.getuid?.() === 0 ? lockDir : "/";
    if (foreign === lockDir) chownSync(lockDir, 65534, 65534);
    const started = performance.now();
    const lock = await lockOutput(out, { lockDir: foreign, waitMs: 2000 });
    expect(performance.now() - started).toBeLessThan(1000);
    expect(lock.file).toBeUndefined();
  });

  it("makes a lock folder that others could write to private before using it", async () => {
    const root = temp();
    const lockDir = join(root, "locks");
    mkdirSync(lockDir);
    chmodSync(lockDir, 0o777);
    const out = join(root, "out");
    const file = await lockFileOf(out, lockDir);
    expect(statSync(lockDir).mode & 0o777).toBe(0o700);
    // A lock another user planted while it was open, naming a live
    // process of theirs, is not waited for. (Only root can plant one as
    // another user here.)
    writeFileSync(file, `${liveProcess()} 0123456789abcdef\n${out}\n`);
    if (process.getuid?.() === 0) chownSync(file, 65534, 65534);
    await expectTakeover(out, lockDir, process.getuid?.() === 0);
  });

  it("removes a symbolic link planted at the lock's path, never reading or writing through it", async () => {
    const root = temp();
    const lockDir = join(root, "locks");
    const out = join(root, "out");
    const file = await lockFileOf(out, lockDir);
    // A link to a file naming a live holder (this process, as it records
    // itself) would otherwise make runs wait.
    const planted = join(root, "planted");
    const start = procfs
      ? startOf(process.pid)
      : `origin ${performance.timeOrigin}`;
    const text = `${process.pid} 0123456789abcdef\n${out}\nstarted ${start}\n`;
    writeFileSync(planted, text);
    symlinkSync(planted, file);
    await expectTakeover(out, lockDir, true);
    expect(readFileSync(planted, "utf8")).toBe(text);
  });
});

describe("lockOutput and clock changes", () => {
  for (const [way, shift] of [
    ["ahead", 3_600_000],
    ["back", -3_600_000],
  ] as const) {
    it(`waits as long as it should when the wall clock is set an hour ${way} meanwhile`, async () => {
      const root = temp();
      const lockDir = join(root, "locks");
      const out = join(root, "out");
      const held = await lockOutput(out, { lockDir });
      let settled = false;
      const second = lockOutput(out, { lockDir, waitMs: 60_000 }).finally(
        () => (settled = true),
      );
      await new Promise((resolve) => setTimeout(resolve, 100));
      const now = Date.now;
      vi.spyOn(Date, "now").mockImplementation(() => now() + shift);
      try {
        // Ahead: not an hour's wait over. Back: not an hour more to wait.
        await new Promise((resolve) => setTimeout(resolve, 200));
        expect(settled).toBe(false);
        held.release();
        const started = performance.now();
        await waitFor(() => settled || performance.now() - started > 2000);
        expect(settled).toBe(true);
        (await second).release();
      } finally {
        vi.restoreAllMocks();
      }
    });
  }

  it("takes over an unfinished lock of an older run whose time lies ahead of the clock", async () => {
    // The clock was set back after an older remitgen left an empty lock.
    const root = temp();
    const lockDir = join(root, "locks");
    const out = join(root, "out");
    const file = await lockFileOf(out, lockDir);
    writeFileSync(file, "");
    const ahead = new Date(Date.now() + 3_600_000);
    utimesSync(file, ahead, ahead);
    await expectTakeover(out, lockDir, true);
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

describe("runs in other processes racing for one lock", () => {
  /** The lock module as one file a child process can import. */
  let bundle: string;
  let bundleDir: string;
  beforeAll(async () => {
    bundleDir = mkdtempSync(join(tmpdir(), "remitgen-lock-bundle-"));
    bundle = join(bundleDir, "output-lock.mjs");
    await build({
      entryPoints: [
        join(import.meta.dirname, "../../src/write/output-lock.ts"),
      ],
      bundle: true,
      platform: "node",
      format: "esm",
      outfile: bundle,
      logLevel: "silent",
    });
  });
  afterAll(() => rmSync(bundleDir, { recursive: true, force: true }));

  function racer(
    args: { out: string; lockDir: string; mode: "pause" | "race" },
    env: Record<string, string>,
  ): ChildProcessWithoutNullStreams & { lines: string[] } {
    const child = spawn(
      process.execPath,
      [racerScript, bundle, args.out, args.lockDir, args.mode],
      { env: { ...process.env, ...env } },
    ) as ChildProcessWithoutNullStreams & { lines: string[] };
    child.lines = [];
    let rest = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      const parts = (rest + chunk).split("\n");
      rest = parts.pop()!;
      child.lines.push(...parts);
    });
    return child;
  }

  it("lets exactly one of two waiters that read the same dead holder take over", async () => {
    // B reads the dead holder's lock and is descheduled; A takes the lock
    // over meanwhile; then B goes on. B must not remove A's fresh lock.
    const root = temp();
    const lockDir = join(root, "locks");
    const out = join(root, "out");
    const probe = await lockOutput(out, { lockDir });
    probe.release();
    const stale = `${deadPid()} 0123456789abcdef\n${out}\n`;
    writeFileSync(probe.file!, stale);
    const go = join(root, "go");
    const b = racer({ out, lockDir, mode: "pause" }, { STALE: stale, GO: go });
    try {
      await waitFor(() => b.lines.includes("read"));
      const a = await lockOutput(out, { lockDir, waitMs: 5000 });
      const held = readFileSync(a.file!, "utf8");
      writeFileSync(go, "");
      await waitFor(() => b.lines.length > 1);
      expect(b.lines[1]).toBe(`waiting ${process.pid}`);
      expect(readFileSync(a.file!, "utf8")).toBe(held);
      a.release();
      await waitFor(() => b.lines.length > 2);
      expect(b.lines[2]).toBe(`held ${a.file}`);
    } finally {
      b.stdin.end();
      await new Promise((resolve) => b.on("close", resolve));
    }
  });

  it("lets one racer at a time in while several race over locks left by killed runs", async () => {
    const root = temp();
    const lockDir = join(root, "locks");
    const out = join(root, "out");
    const env = {
      INSIDE: join(root, "inside"),
      DEAD: String(deadPid()),
      ROUNDS: "25",
    };
    const racers = Array.from({ length: 8 }, () =>
      racer({ out, lockDir, mode: "race" }, env),
    );
    await Promise.all(
      racers.map(
        (child) =>
          new Promise((resolve) => {
            child.stdin.end();
            child.on("close", resolve);
          }),
      ),
    );
    const lines = racers.flatMap((child) => child.lines);
    expect(lines.filter((line) => line === "done")).toHaveLength(8);
    expect(lines.filter((line) => line === "overlap")).toEqual([]);
    // No breaker nor draft left behind: only the last racer's lock.
    expect(readdirSync(lockDir)).toEqual([
      expect.stringMatching(/^[0-9a-f]{32}\.lock$/),
    ]);
  });
});
