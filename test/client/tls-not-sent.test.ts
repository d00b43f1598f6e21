/**
 * HTTPS servers on 127.0.0.1 that record every byte they decrypt, driven
 * by the generated v3 client (generated/v3/dist, as consumers import it).
 * A server that refuses the client for lacking a certificate does so after
 * the client's TLS 1.3 handshake ended, when the request may already be on
 * its way: such a write stays OutcomeUnknownError, its slot kept.
 */
import { once } from "node:events";
import type { AddressInfo } from "node:net";
import { createServer, type TlsOptions } from "node:tls";
import { Agent } from "undici";
import { describe, expect, it } from "vitest";
import { repoRoot, type Call } from "./support.js";
import { fetchThrough, tlsFixture as pem } from "./undici-fetch.js";

interface ClientModule {
  createClient(options: Record<string, unknown>): { readonly sendTxns: Call };
  OutcomeUnknownError: new (...args: never[]) => Error;
  RateLimitError: new (...args: never[]) => Error;
}
const pkg = (await import(
  `${repoRoot}generated/v3/dist/index.js`
)) as ClientModule;

/** An HTTPS server that records every byte it receives after a handshake. */
async function startRecorder(options: TlsOptions) {
  const bytes: Buffer[] = [];
  let handshakes = 0;
  const server = createServer(options, (socket) => {
    handshakes++;
    socket.on("data", (chunk: Buffer) => bytes.push(chunk));
    socket.on("error", () => {});
  });
  server.on("tlsClientError", () => {});
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `https://127.0.0.1:${port}/bank`,
    received: () => ({ handshakes, text: Buffer.concat(bytes).toString() }),
    async close() {
      server.close();
      await once(server, "close");
    },
  };
}

/** undici's own fetch through an Agent trusting `ca` (and nothing else). */
function trusting(ca: Buffer): { fetch: typeof fetch; agent: Agent } {
  const agent = new Agent({ connect: { ca } });
  return { agent, fetch: fetchThrough(agent) };
}

/** Two writes through a client allowed one call an hour, refusing beyond. */
async function twoWrites(baseUrl: string, fetchFn?: typeof fetch) {
  const client = pkg.createClient({
    baseUrl,
    getAccessToken: async () => "tok-Qm9vaz",
    rateLimit: { limit: 1, intervalMs: 3_600_000, mode: "reject" },
    ...(fetchFn ? { fetch: fetchFn } : {}),
  });
  const outcome = (call: Promise<unknown>) =>
    call.then(
      () => undefined,
      (error: unknown) => error,
    );
  const first = await outcome(client.sendTxns({ reference: "T-1" }));
  const second = await outcome(client.sendTxns({ reference: "T-2" }));
  return { first, second };
}

describe("the recorder", () => {
  it("sees the request once the client trusts the certificate (it never answers, so the write times out)", async () => {
    const bank = await startRecorder({
      cert: pem("bank-cert.pem"),
      key: pem("bank-key.pem"),
    });
    const through = trusting(pem("ca-cert.pem"));
    try {
      const client = pkg.createClient({
        baseUrl: bank.baseUrl,
        getAccessToken: async () => "tok-Qm9vaz",
        fetch: through.fetch,
        // Long enough for the request to arrive on a loaded machine.
        timeoutMs: 1000,
      });
      await expect(
        client.sendTxns({ reference: "T-0" }),
      ).rejects.toBeInstanceOf(pkg.OutcomeUnknownError);
      expect(bank.received().handshakes).toBe(1);
      expect(bank.received().text).toMatch(/^POST \/bank\/send_txns HTTP/);
    } finally {
      await through.agent.close();
      await bank.close();
    }
  });
});

describe("a bank refusing a client without a certificate", () => {
  it("over TLS 1.3, after the client's handshake ended: the write stays OutcomeUnknownError", async () => {
    const bank = await startRecorder({
      cert: pem("bank-cert.pem"),
      key: pem("bank-key.pem"),
      ca: pem("ca-cert.pem"),
      requestCert: true,
      rejectUnauthorized: true,
      minVersion: "TLSv1.3",
    });
    const through = trusting(pem("ca-cert.pem"));
    try {
      const { first, second } = await twoWrites(bank.baseUrl, through.fetch);
      expect(first).toBeInstanceOf(pkg.OutcomeUnknownError);
      // The slot stays used: the bank may have counted the request.
      expect(second).toBeInstanceOf(pkg.RateLimitError);
    } finally {
      await through.agent.close();
      await bank.close();
    }
  });
});
