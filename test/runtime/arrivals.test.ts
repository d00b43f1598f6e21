/**
 * The plan as the bank counts it: on arrival. Over a network, a request
 * reaches the bank some time after the client lets it go, and a new
 * connection takes longest: counted at release, calls released under the
 * limit arrive bunched. Here a real HTTP server records when each request
 * arrives, reached through a proxy that holds each new connection 60 ms.
 */
import { oauth2ClientCredentials } from "../../src/runtime/auth.js";
import { afterEach, describe, expect, it } from "vitest";
import { createTransport } from "../../src/runtime/transport.js";
import {
  READ,
  sendJson,
  startServer,
  type TestServer,
} from "./helpers/server.js";
import { startSlowProxy, type SlowProxy } from "./helpers/slow-proxy.js";

let open: (TestServer | SlowProxy)[] = [];
afterEach(async () => {
  await Promise.all(open.map((each) => each.close()));
  open = [];
});

/** The most arrivals any window of `windowMs` holds. */
function busiestWindow(arrivals: number[], windowMs: number): number {
  const times = [...arrivals].sort((a, b) => a - b);
  let most = 0;
  for (let first = 0, last = 0; last < times.length; last++) {
    while (times[last]! - times[first]! >= windowMs) first++;
    most = Math.max(most, last - first + 1);
  }
  return most;
}

describe("the rate limit as the bank counts it, on arrival", () => {
  it("holds with 60 ms of connection set-up: no window of arrivals holds more than the limit", async () => {
    const arrivals: number[] = [];
    const bank = await startServer((request, response) => {
      if (request.path === "/oauth2/token") {
        return sendJson(response, 200, {
          access_token: "token",
          expires_in: 3600,
        });
      }
      arrivals.push(Date.now());
      return sendJson(response, 200, {});
    });
    const port = Number(new URL(bank.url).port);
    const proxy = await startSlowProxy(port, { connectDelayMs: 60 });
    open.push(bank, proxy);
    const base = `http://127.0.0.1:${proxy.port}`;
    const limit = 5;
    const intervalMs = 500;
    const transport = createTransport(
      {
        baseUrl: base,
        authUrl: base,
        clientId: "id",
        clientSecret: "secret",
        rateLimit: { limit, intervalMs },
      },
      {
        plan: { name: "test", limit, intervalMs },
      },
      oauth2ClientCredentials("/oauth2/token"),
    );
    // Three windows' worth at once: the first five open new connections
    // (held 60 ms), the next ones find them open and arrive at once.
    await Promise.all(
      Array.from({ length: 3 * limit }, () => transport.call(READ, {})),
    );
    expect(arrivals).toHaveLength(3 * limit);
    expect(busiestWindow(arrivals, intervalMs)).toBeLessThanOrEqual(limit);
  });
});
