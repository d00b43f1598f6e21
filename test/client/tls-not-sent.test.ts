/**
 * HTTPS servers on 127.0.0.1 that record every byte they decrypt, driven
 * by the generated v3 client (generated/v3/dist, as consumers import it).
 * A server that refuses the client for lacking a certificate does so after
 * the client's TLS 1.3 handshake ended, when the request may already be on
 * its way: such a write stays OutcomeUnknownError, its slot kept. A server
 * whose certificate the client's own check refuses (untrusted, expired, for
 * another name) never gets the request: such a write is a NetworkError,
 * safe to send again, its slot given back.
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
  NetworkError: new (...args: never[]) => Error;
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

/**
 * undici's own fetch through an Agent trusting `ca` (and nothing else),
 * checking the certificate against `servername` when given.
 */
function trusting(
  ca: Buffer,
  servername?: string,
): { fetch: typeof fetch; agent: Agent } {
  const agent = new Agent({
    connect: { ca, ...(servername ? { servername } : {}) },
  });
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

describe("a server certificate the client's own check refuses", () => {
  const bankCertificate = {
    cert: pem("bank-cert.pem"),
    key: pem("bank-key.pem"),
  };
  const expiredCertificate = {
    cert: pem("expired-cert.pem"),
    key: pem("expired-key.pem"),
  };
  it.each([
    [
      "untrusted (the global fetch, which does not trust the test CA)",
      bankCertificate,
      undefined,
      /^(UNABLE_TO_VERIFY_LEAF_SIGNATURE|UNABLE_TO_GET_ISSUER_CERT_LOCALLY)$/,
    ],
    [
      "expired",
      expiredCertificate,
      () => trusting(pem("expired-cert.pem")),
      /^CERT_HAS_EXPIRED$/,
    ],
    [
      "for another name",
      bankCertificate,
      () => trusting(pem("ca-cert.pem"), "bank.example"),
      /^ERR_TLS_CERT_ALTNAME_INVALID$/,
    ],
  ])(
    "%s: the write is a NetworkError, nothing arrived, and its slot is given back",
    async (_name, certificate, through, code) => {
      const bank = await startRecorder(certificate);
      const agent = through?.();
      try {
        const { first, second } = await twoWrites(bank.baseUrl, agent?.fetch);
        expect(first).toBeInstanceOf(pkg.NetworkError);
        expect(codes(first)).toEqual(
          expect.arrayContaining([expect.stringMatching(code)]),
        );
        // Given back: the second write is refused by the same check, not
        // by the limit of one call an hour.
        expect(second).toBeInstanceOf(pkg.NetworkError);
        // Not a byte of either request reached the server.
        expect(bank.received()).toEqual({ handshakes: 0, text: "" });
      } finally {
        await agent?.agent.close();
        await bank.close();
      }
    },
  );
});

/** The `code` of an error and of each of its causes. */
function codes(error: unknown): string[] {
  const found: string[] = [];
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    const { code } = cause as { code?: unknown };
    if (typeof code === "string") found.push(code);
  }
  return found;
}
