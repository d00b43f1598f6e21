// Where a write can stop besides its answer: a body that never ends after a
// 2xx, and an abort while the 401 replay waits for its new token or its turn.
import { afterEach, expect, it } from "vitest";
import { OutcomeUnknownError, TimeoutError } from "../../src/runtime/errors.js";
import {
  READ,
  WRITE,
  client,
  closeAll,
  delay,
  rejection,
  sendJson,
  startBank,
  startServer,
} from "./helpers/server.js";

afterEach(closeAll);

it("a 2xx whose body never ends times out: for a write an unknown outcome, sent once", async () => {
  const bank = await startBank({
    operation: (_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.write('{"transactionId":"T-'); // and nothing more
    },
  });
  const transport = client(bank, { retry: { attempts: 1 } });
  // The call's timeout: the token request keeps the client's 30 s. Long
  // enough for the request to reach the bank on a loaded machine (at 100 ms
  // a full parallel run once timed out before it arrived: 0 calls).
  const fast = { timeoutMs: 1000 };
  const write = await rejection(transport.call(WRITE, { amount: 1 }, fast));
  expect(write).toBeInstanceOf(OutcomeUnknownError);
  expect((write as Error).cause).toBeInstanceOf(TimeoutError);
  expect(bank.calls(WRITE.path)).toBe(1);
  const read = await rejection(transport.call(READ, {}, fast));
  expect(read).toBeInstanceOf(TimeoutError);
});

it("a write aborted while its 401 replay waits for a new token is a plain abort, sent once", async () => {
  const controller = new AbortController();
  const reason = new Error("caller gave up");
  let tokens = 0;
  const bank = await startBank({
    // Tokens from here are unknown to the bank: every send meets 401.
    token: async (_req, res) => {
      // The replay's token request: the caller gives up while it runs.
      if (tokens++ > 0) controller.abort(reason);
      await delay(20);
      sendJson(res, 200, { access_token: `tok-${tokens}`, expires_in: 3600 });
    },
  });
  const call = client(bank).call(WRITE, {}, { signal: controller.signal });
  expect(await rejection(call)).toBe(reason);
  expect(bank.calls(WRITE.path)).toBe(1);
  expect(bank.tokenRequests()).toBe(2);
});

it("a write aborted while its 401 replay waits for its rate-limit turn is a plain abort, sent once", async () => {
  const controller = new AbortController();
  const reason = new Error("caller gave up");
  // The bank refuses every token; the one slot of the hour went to the first
  // send, so the replay waits for the next hour.
  const bank = await startServer((_req, res) => sendJson(res, 401, {}));
  let asked = 0;
  const transport = client(bank, {
    rateLimit: { limit: 1, intervalMs: 3_600_000 },
    getAccessToken: async () => `token-${++asked}`,
    onResponse: () => setTimeout(() => controller.abort(reason), 20),
  });
  const call = transport.call(WRITE, {}, { signal: controller.signal });
  expect(await rejection(call)).toBe(reason);
  expect(bank.count(WRITE.path)).toBe(1);
  expect(asked).toBe(2); // the replay had its new token, then waited
});
