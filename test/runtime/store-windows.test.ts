/**
 * A shared store's rate windows are kept per credential: clients of
 * different API keys or static tokens to one base URL do not spend each
 * other's plan, and the window's key names no secret. The Redis store's
 * test (redis-store.test.ts) runs the same calls.
 */
import { afterEach, describe, expect, it } from "vitest";
import { createMemoryStore } from "../../src/runtime/store.js";
import { closeAll } from "./helpers/server.js";
import {
  holdsSecret,
  planPerCredential,
} from "./helpers/plan-per-credential.js";

afterEach(closeAll);

describe("a memory store shared by clients of one base URL", () => {
  it("keeps a window per API key and per static token, keyed by a digest, not the secret", async () => {
    const keys = await planPerCredential(createMemoryStore());
    // Two API keys and two tokens: four windows.
    expect(new Set(keys).size).toBe(4);
    expect(keys.filter(holdsSecret)).toEqual([]);
    for (const key of keys)
      expect(key).toMatch(/^rate key:[0-9a-f]{16} http:\/\/127\.0\.0\.1:\d+$/);
  });
});
