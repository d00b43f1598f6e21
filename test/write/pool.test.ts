import { describe, expect, it } from "vitest";
import { runPool } from "../../src/write/pool.js";

const tick = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 1));

describe("runPool", () => {
  it("runs every item, never more than the limit at once", async () => {
    let running = 0;
    let peak = 0;
    const done: number[] = [];
    await runPool([...Array(50).keys()], 4, async (item) => {
      running++;
      peak = Math.max(peak, running);
      await tick();
      running--;
      done.push(item);
    });
    expect(done.sort((a, b) => a - b)).toEqual([...Array(50).keys()]);
    expect(peak).toBe(4);
  });

  it("on a failure starts nothing new, waits for the tasks in flight, and throws the first error", async () => {
    const started: number[] = [];
    let settled = 0;
    const failure = runPool([...Array(20).keys()], 3, async (item) => {
      started.push(item);
      await tick();
      settled++;
      if (item === 4) throw new Error("first");
      if (item === 5) throw new Error("second");
    });
    await expect(failure).rejects.toThrow("first");
    // Items 0-6 at most were started (4 fails while 5 and 6 are in flight).
    expect(started.length).toBeLessThanOrEqual(7);
    expect(settled).toBe(started.length);
  });

  it("does nothing for no items", async () => {
    await expect(runPool([], 8, () => Promise.reject(new Error("never")))).resolves.toBeUndefined();
  });
});
