/**
 * The generated v3 client (generated/v3/dist, as consumers import it) behind
 * the network a bank integration really has: a client certificate (mutual
 * TLS) and an egress proxy, each through an agent of the `undici` package
 * passed in as the client's `fetch`, as the package README shows. The bank
 * (HTTPS, asking for a certificate from the test CA) and the proxy (HTTP
 * CONNECT) run on 127.0.0.1 and free ports. The money rules must hold
 * through such a `fetch` too: a write whose answer is lost is
 * OutcomeUnknownError and sent once, and a timed-out one is withdrawn.
 */
import { once } from "node:events";
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { connect, type AddressInfo, type Socket } from "node:net";
import { Agent, ProxyAgent } from "undici";
import {
  afterAll,
  afterEach,
  beforeAll,
  describe,
  expect,
  it,
  vi,
} from "vitest";
import {
  CLIENT_ID,
  CLIENT_SECRET,
  defaultHandler,
  repoRoot,
  startFakeBank,
  type Call,
  type FakeBank,
} from "./support.js";
import { fetchThrough, tlsFixture as tls } from "./undici-fetch.js";

interface ClientModule {
  createClient(options: Record<string, unknown>): {
    readonly getAcctTitle: Call;
    readonly sendTxns: Call;
  };
  OutcomeUnknownError: new (...args: never[]) => Error;
  AuthError: new (...args: never[]) => Error;
}
const pkg = (await import(
  `${repoRoot}generated/v3/dist/index.js`
)) as ClientModule;

function clientOf(bank: FakeBank, extra: Record<string, unknown>) {
  return pkg.createClient({
    baseUrl: bank.baseUrl,
    authUrl: bank.authUrl,
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    ...extra,
  });
}

/** A forward proxy that only tunnels (CONNECT), as undici's ProxyAgent asks. */
async function startTunnelProxy(): Promise<{
  readonly url: string;
  readonly tunnels: string[];
  close(): Promise<void>;
}> {
  const tunnels: string[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((_req, res) => {
    res.writeHead(405).end();
  });
  server.on("connect", (req, client: Socket, head: Buffer) => {
    tunnels.push(req.url ?? "");
    const [host, port] = (req.url ?? "").split(":");
    const upstream = connect(Number(port), host, () => {
      client.write("HTTP/1.1 200 Connection Established\r\n\r\n");
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
      socket.on("error", () => {
        client.destroy();
        upstream.destroy();
      });
    }
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    tunnels,
    async close() {
      for (const socket of sockets) socket.destroy();
      server.close();
      await once(server, "close");
    },
  };
}

let bank: FakeBank;
const agent = new Agent({
  connect: {
    cert: tls("agent-cert.pem"),
    key: tls("agent-key.pem"),
    ca: tls("ca-cert.pem"),
  },
});

beforeAll(async () => {
  bank = await startFakeBank({
    tls: {
      cert: tls("bank-cert.pem"),
      key: tls("bank-key.pem"),
      ca: tls("ca-cert.pem"),
      requestCert: true,
      rejectUnauthorized: true,
    },
  });
});

afterEach(() => bank.reset());

afterAll(async () => {
  await bank.close();
  await agent.close();
});

describe("a client certificate (mutual TLS) through undici's Agent", () => {
  it("the token request and the operation both present the certificate, and the call returns the bank's answer", async () => {
    const client = clientOf(bank, { fetch: fetchThrough(agent) });
    const answer = await client.sendTxns({ reference: "T-1" });
    expect(answer).toMatchObject({ ok: true, path: "/bank/send_txns" });
    expect(
      bank.received.map((request) => [request.path, request.peer]),
    ).toEqual([
      ["/auth/oauth2/token", "remitgen test agent"],
      ["/bank/send_txns", "remitgen test agent"],
    ]);
  });

  it("without it the bank refuses the handshake: the token request fails and no operation is sent", async () => {
    const bare = new Agent({ connect: { ca: tls("ca-cert.pem") } });
    try {
      const client = clientOf(bank, { fetch: fetchThrough(bare) });
      await expect(
        client.sendTxns({ reference: "T-2" }),
      ).rejects.toBeInstanceOf(pkg.AuthError);
      expect(bank.received).toEqual([]);
    } finally {
      await bare.close();
    }
  });

  it("a write whose connection is lost is OutcomeUnknownError, sent once", async () => {
    bank.handler = (request, self) =>
      request.path === "/bank/send_txns"
        ? "destroy"
        : defaultHandler(request, self);
    const client = clientOf(bank, { fetch: fetchThrough(agent) });
    await expect(client.sendTxns({ reference: "T-3" })).rejects.toBeInstanceOf(
      pkg.OutcomeUnknownError,
    );
    expect(bank.operationRequests()).toHaveLength(1);
  });

  it("a timed-out write is OutcomeUnknownError, and its request is withdrawn (the bank sees the connection close)", async () => {
    bank.handler = (request, self) =>
      request.path === "/bank/send_txns"
        ? "hang"
        : defaultHandler(request, self);
    const client = clientOf(bank, {
      fetch: fetchThrough(agent),
      // Long enough for the request to arrive on a loaded machine.
      timeoutMs: 1000,
    });
    const call = client.sendTxns({ reference: "T-4" });
    await expect(call).rejects.toBeInstanceOf(pkg.OutcomeUnknownError);
    expect(bank.operationRequests()).toHaveLength(1);
    // Aborted through undici's fetch: the connection closes, not left for
    // the request to be answered (or still sent) after the call settled.
    await vi.waitFor(() => expect(bank.hangingRequests()).toBe(0), {
      timeout: 5000,
    });
  });
});

describe("an egress proxy through undici's ProxyAgent", () => {
  it("tunnels the token request and the operation to the bank, certificate and all", async () => {
    const proxy = await startTunnelProxy();
    const through = new ProxyAgent({
      uri: proxy.url,
      requestTls: {
        cert: tls("agent-cert.pem"),
        key: tls("agent-key.pem"),
        ca: tls("ca-cert.pem"),
      },
    });
    try {
      const client = clientOf(bank, { fetch: fetchThrough(through) });
      await expect(
        client.getAcctTitle({ account: "A-1" }),
      ).resolves.toMatchObject({
        ok: true,
        path: "/bank/get_acct_title",
      });
      const host = new URL(bank.origin).host;
      expect(proxy.tunnels.length).toBeGreaterThan(0);
      expect(new Set(proxy.tunnels)).toEqual(new Set([host]));
      expect(bank.received.map((request) => request.peer)).toEqual([
        "remitgen test agent",
        "remitgen test agent",
      ]);
    } finally {
      await through.close();
      await proxy.close();
    }
  });
});

describe("the package README's word on undici", () => {
  it("names the Node.js version undici's own package requires", () => {
    const undici = JSON.parse(
      readFileSync(`${repoRoot}node_modules/undici/package.json`, "utf8"),
    ) as { version: string; engines: { node: string } };
    const readme = readFileSync(`${repoRoot}generated/v3/README.md`, "utf8");
    const said = /its version (\d+) runs on Node\.js ([\d.]+) or later/.exec(
      readme,
    );
    expect(said?.[1]).toBe(undici.version.split(".")[0]);
    expect(`>=${said?.[2]}`).toBe(undici.engines.node);
  });
});
