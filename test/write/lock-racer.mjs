/**
 * A run in a child process, for the output lock's race tests
 * (output-lock.test.ts): races are between processes, and a child can be
 * stopped mid-step, which an async function in the test's own process
 * cannot. Arguments: the lock module bundled to one file, the output
 * folder, the lock folder, and what to do:
 *
 * - `pause`: stops right after its first read of a lock file whose text is
 *   $STALE, until the file $GO exists; then takes the lock, says so, and
 *   holds it until its stdin closes.
 * - `race`: $ROUNDS times takes the lock, checks that no other racer is
 *   inside (a folder only one can make), then dies holding it: leaves the
 *   lock naming the dead process $DEAD, as a killed run would.
 */
import fs from "node:fs";
import { syncBuiltinESMExports } from "node:module";

const [bundle, out, lockDir, mode] = process.argv.slice(2);
const say = (line) => fs.writeSync(1, `${line}\n`);
const cell = new Int32Array(new SharedArrayBuffer(4));
/** Blocks the whole process, as a descheduled one would be. */
const block = (ms) => Atomics.wait(cell, 0, 0, ms);

if (mode === "pause") {
  const { STALE, GO } = process.env;
  const read = fs.readFileSync;
  let paused = false;
  fs.readFileSync = function (...args) {
    const result = read.apply(this, args);
    if (!paused && String(result) === STALE) {
      paused = true;
      say("read");
      while (!fs.existsSync(GO)) block(5);
    }
    return result;
  };
  // The lock module imports readFileSync by name: update that binding too.
  syncBuiltinESMExports();
}

const { lockOutput } = await import(bundle);

if (mode === "pause") {
  const lock = await lockOutput(out, {
    lockDir,
    onWait: (pid) => say(`waiting ${pid}`),
  });
  say(`held ${lock.file}`);
  process.stdin.resume();
  await new Promise((resolve) => process.stdin.on("end", resolve));
  lock.release();
} else if (mode === "race") {
  const { INSIDE, DEAD, ROUNDS } = process.env;
  for (let round = 0; round < Number(ROUNDS); round++) {
    const lock = await lockOutput(out, { lockDir });
    let inside = true;
    try {
      fs.mkdirSync(INSIDE);
    } catch {
      inside = false;
      say("overlap");
    }
    block(3);
    if (inside) fs.rmdirSync(INSIDE);
    const left = `${lock.file}.${process.pid}`;
    fs.writeFileSync(left, `${DEAD} ${round}${process.pid}\n${out}\n`);
    fs.renameSync(left, lock.file);
  }
  say("done");
}
