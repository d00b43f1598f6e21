/**
 * `remitgen mock` as a real process on 127.0.0.1: prints where it serves,
 * answers a token request and an operation call over HTTP, logs each call,
 * stops cleanly on SIGTERM and SIGINT, and explains a port in use.
 */
import { createServer, type Server } from "node:net";
import { describe, expect, it } from "vitest";
import { runCli } from "../../src/cli/main.js";
import {
  editFile,
  makeProject,
  recordingIO,
  repoRoot,
  waitFor,
} from "../generate/support.js";
import { runBin, stackTrace, startBin } from "./process.js";

function basic(id: string, secret: string): string {
  return `Basic ${Buffer.from(`${id}:${secret}`).toString("base64")}`;
}

/** Listens on a free loopback port; the caller closes it. */
function occupyPort(): Promise<{ server: Server; port: number }> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      if (typeof address !== "object" || address === null)
        throw new Error("no address");
      resolve({ server, port: address.port });
    });
  });
}

describe("remitgen mock", () => {
  it("serves a set over HTTP until SIGTERM, then exits 0", async () => {
    const child = startBin(["mock", "--set", "v3", "--port", "0"]);
    try {
      const [, baseUrl] = await child.waitFor(
        /^ {2}base URL: +(http:\/\/127\.0\.0\.1:\d+)$/m,
      );
      const [, authUrl] = await child.waitFor(
        /^ {2}auth URL: +(http:\/\/127\.0\.0\.1:\d+\/auth)$/m,
      );
      const [, tokenUrl] = await child.waitFor(/^ {2}token: +POST (\S+)/m);
      const [, clientId] = await child.waitFor(/^ {2}client id: +(\S+)$/m);
      const [, clientSecret] = await child.waitFor(
        /^ {2}client secret: +(\S+) \(the mock's documented test value\)$/m,
      );
      await child.waitFor(/press Ctrl-C to stop/);
      expect(child.stdout()).toMatch(
        /^remitgen mock: set v3 \(12 operations\), default plan \(open variant\): 100 calls per hour$/m,
      );
      expect(tokenUrl).toBe(`${authUrl}/oauth2/token`);
      expect(baseUrl).not.toBe("http://127.0.0.1:0");

      const tokenResponse = await fetch(tokenUrl ?? "", {
        method: "POST",
        headers: {
          authorization: basic(clientId ?? "", clientSecret ?? ""),
          "content-type": "application/x-www-form-urlencoded",
        },
        body: "grant_type=client_credentials",
      });
      expect(tokenResponse.status).toBe(200);
      const token = (await tokenResponse.json()) as {
        access_token: string;
        token_type: string;
      };
      expect(token.token_type.toLowerCase()).toBe("bearer");

      const call = await fetch(`${baseUrl}/Update_Name_Amendment`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${token.access_token}`,
          "content-type": "application/json",
        },
        body: "{}",
      });
      expect(call.status).toBe(200);
      expect(await call.json()).toBeTypeOf("object");

      // Without the token: refused, and logged too.
      const refused = await fetch(`${baseUrl}/Update_Name_Amendment`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{}",
      });
      expect(refused.status).toBe(401);
      // An operation v3 does not have.
      const missing = await fetch(`${baseUrl}/no_such_operation`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${token.access_token}`,
          "content-type": "application/json",
        },
        body: "{}",
      });
      expect(missing.status).toBe(404);

      // Logged without the caller's path, which could hold a secret.
      await child.waitFor(/^POST \/\[redacted\] 404 \d+ms$/m);
      expect(child.stdout()).not.toContain("no_such_operation");
      const log = child.stdout().split("\n");
      expect(log).toContainEqual(
        expect.stringMatching(/^POST \/auth\/oauth2\/token 200 \d+ms$/),
      );
      expect(log).toContainEqual(
        expect.stringMatching(/^POST \/Update_Name_Amendment 200 \d+ms$/),
      );
      expect(log).toContainEqual(
        expect.stringMatching(/^POST \/Update_Name_Amendment 401 \d+ms$/),
      );
      // The token never appears in the log.
      expect(child.stdout()).not.toContain(token.access_token);
    } finally {
      child.process.kill("SIGTERM");
    }
    const finished = await child.exited;
    expect(finished.code).toBe(0);
    expect(finished.signal).toBeNull();
    expect(finished.stdout).toMatch(/remitgen mock: stopped\n$/);
    expect(finished.stderr).toBe("");
  });

  it("stops on SIGINT with exit 0, and the port is free again", async () => {
    const child = startBin([
      "mock",
      "--set",
      "V1",
      "--port",
      "0",
      "--host",
      "127.0.0.1",
    ]);
    const [, port] = await child.waitFor(
      /^ {2}base URL: +http:\/\/127\.0\.0\.1:(\d+)$/m,
    );
    // A keep-alive connection must not hold the process open.
    const response = await fetch(`http://127.0.0.1:${port}/get_acct_title`, {
      method: "POST",
      body: "{}",
    });
    expect(response.status).toBe(401);
    child.process.kill("SIGINT");
    const finished = await child.exited;
    expect(finished.code).toBe(0);
    expect(finished.stderr).toBe("");
    await expect(
      fetch(`http://127.0.0.1:${port}/get_acct_title`, { method: "POST" }),
    ).rejects.toThrow();
  });

  it("a port in use: RG080 with a hint, exit 2, no stack trace", async () => {
    const { server, port } = await occupyPort();
    try {
      const result = await runBin([
        "mock",
        "--set",
        "v3",
        "--port",
        String(port),
      ]);
      expect(result.code).toBe(2);
      expect(result.stdout).toBe("");
      expect(result.stderr).toBe(
        `remitgen: port ${port} on 127.0.0.1 is already in use [RG080]\n` +
          "  hint: stop the other process, or choose another port with --port <number> (--port 0 picks a free one)\n",
      );
    } finally {
      server.close();
    }
  });

  it("a --host that is no address of this machine: RG082, exit 2", async () => {
    const io = recordingIO(repoRoot);
    // 192.0.2.1 is a documentation address (TEST-NET-1): never local.
    const status = await runCli(
      ["mock", "--set", "v3", "--port", "0", "--host", "192.0.2.1"],
      io,
    );
    expect(status).toBe(2);
    expect(io.stdout).toEqual([]);
    expect(io.stderr.join("\n")).toBe(
      "remitgen: cannot listen on 192.0.2.1: it is no address of this machine [RG082]\n" +
        "  hint: choose --host 127.0.0.1 (this machine only, the default), ::1, localhost, or 0.0.0.0 (every interface)",
    );
  });

  it.each([
    [
      ["--port", "abc"],
      '--port must be a whole number from 0 to 65535, not "abc" [RG092]\n  hint: pass e.g. --port 4010, or --port 0 for a free one',
    ],
    [
      ["--port", "70000"],
      '--port must be a whole number from 0 to 65535, not "70000" [RG092]\n  hint: pass e.g. --port 4010, or --port 0 for a free one',
    ],
    [
      ["--port", ""],
      "--port must be a whole number from 0 to 65535, not an empty string [RG092]\n  hint: pass e.g. --port 4010, or --port 0 for a free one",
    ],
    [
      ["--host", "http://localhost"],
      '--host must be a host name or an IP address, not "http://localhost" [RG092]\n  hint: pass e.g. --host 127.0.0.1 (this machine only), ::1, localhost or 0.0.0.0 (every interface)',
    ],
    // As a URL writes it: the brackets are what is wrong, and the hint says so.
    [
      ["--host", "[::1]"],
      '--host must be a host name or an IP address, not "[::1]" [RG092]\n  hint: write an IPv6 address without brackets: --host ::1',
    ],
  ])("a bad %j: RG092 with a hint, exit 2", async (args, said) => {
    const io = recordingIO(repoRoot);
    expect(await runCli(["mock", "--set", "v3", ...args], io)).toBe(2);
    expect(io.stdout).toEqual([]);
    expect(io.stderr.join("\n")).toBe(`remitgen: ${said}`);
  });

  it.each([
    [
      ["--set", "v1.0.1", "--set", "v3"],
      '--set is given twice: "v1.0.1", then "v3"',
    ],
    [
      ["--set", "v3", "--port", "0", "-p", "4011"],
      '--port is given twice: "0", then "4011"',
    ],
    [
      ["--set", "v3", "--host", "::1", "--host", "::1"],
      '--host is given twice: "::1", then "::1"',
    ],
    [
      ["--set", "v3", "-s", "a.yaml", "--spec=b.yaml"],
      '--spec is given twice: "a.yaml", then "b.yaml"',
    ],
  ])(
    "an option given twice, %j: RG092, nothing started",
    async (args, said) => {
      // The last value would win unseen: a mock of another set, or port.
      const io = recordingIO(repoRoot);
      expect(await runCli(["mock", ...args], io)).toBe(2);
      expect(io.stdout).toEqual([]);
      expect(io.stderr.join("\n")).toBe(
        `remitgen: ${said} [RG092]\n  hint: pass it once; see \`remitgen mock --help\``,
      );
    },
  );

  it("usage errors exit 2: no --set, an unknown set", async () => {
    const none = await runBin(["mock"]);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain(
      "remitgen: mock needs a set to serve [RG093]\n  hint: pass --set <id>; sets: v1.0.1, V1, v3",
    );
    const unknown = await runBin(["mock", "--set", "V3", "--port", "0"]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('did you mean "v3"?');
  });

  it("a bad spec exits 1 and starts nothing", async () => {
    const { root, spec } = await makeProject();
    await editFile(spec, "rateLimit: 100/hour", "rateLimit: lots");
    const result = await runBin(["mock", "--set", "v3", "--port", "0"], root);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /^spec\/remittance\.yaml:\d+:\d+: rate limit "lots"/m,
    );
    expect(result.stderr).toContain("the mock was not started");
  });

  it("a pattern that backtracks: RG057 at the pattern, exit 1, no server to hang", async () => {
    const { root, spec } = await makeProject();
    await editFile(
      spec,
      "    path: /get_acct_title\n",
      "    path: /get_acct_title\n    request: TitleRequest\n",
    );
    await editFile(
      spec,
      "schemas: {}",
      [
        "schemas:",
        "  TitleRequest:",
        "    type: object",
        "    properties:",
        '      name: { type: string, pattern: "^([A-Za-z]+ ?)+$" }',
      ].join("\n"),
    );
    const result = await runBin(["mock", "--set", "v3", "--port", "0"], root);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /^spec\/remittance\.yaml:\d+:\d+: pattern "\^\(\[A-Za-z\]\+ \?\)\+\$" can take exponential time to match .*\[RG057\]$/m,
    );
    expect(result.stderr).toContain("the mock was not started");
    expect(result.stdout).not.toContain("base URL");
  });

  it("--max-calls bounds the calls /@remitgen/calls keeps, and it says how many it dropped", async () => {
    const controller = new AbortController();
    const io = recordingIO(repoRoot, controller.signal);
    const status = runCli(
      ["mock", "--set", "v1.0.1", "--port", "0", "--max-calls", "1"],
      io,
    );
    const [, baseUrl] = await waitFor("the base URL", () =>
      io.stdout.join("\n").match(/base URL: +(\S+)/),
    );
    const grant = await fetch(`${baseUrl}/auth/oauth2/token`, {
      method: "POST",
      headers: {
        authorization: basic("mock-client-id", "mock-client-secret"),
        "content-type": "application/x-www-form-urlencoded",
      },
      body: "grant_type=client_credentials",
    });
    const { access_token: token } = (await grant.json()) as {
      access_token: string;
    };
    for (let n = 0; n < 3; n++) {
      const call = await fetch(`${baseUrl}/get_acct_title`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${token}`,
          "content-type": "application/json",
        },
        body: "{}",
      });
      expect(call.status).toBe(200);
    }
    const calls = (await (
      await fetch(`${baseUrl}/@remitgen/calls`)
    ).json()) as { calls: unknown[]; droppedCalls: number };
    expect([calls.calls.length, calls.droppedCalls]).toEqual([1, 2]);
    controller.abort();
    expect(await status).toBe(0);
    const refused = recordingIO(repoRoot);
    expect(
      await runCli(["mock", "--set", "v1.0.1", "--max-calls", "-1"], refused),
    ).toBe(2);
    expect(refused.stderr.join("\n")).toContain("--max-calls");
  });

  it("runs in-process through runCli and stops on the io signal", async () => {
    const controller = new AbortController();
    const io = recordingIO(repoRoot, controller.signal);
    const status = runCli(["mock", "--set", "v1.0.1", "--port", "0"], io);
    const baseLine = await waitFor("the base URL", () =>
      io.stdout.join("\n").match(/base URL: +(\S+)/),
    );
    const response = await fetch(`${baseLine[1]}/TestingMethod`, {
      method: "POST",
      body: "{}",
    });
    // v1.0.1 has no TestingMethod: routing refuses it before asking for a token.
    expect(response.status).toBe(404);
    controller.abort();
    expect(await status).toBe(0);
    expect(io.stdout.at(-1)).toBe("remitgen mock: stopped");
  });
  it("serves an HTTP JSON API (test/fixtures/http-api.yaml): its methods, parameters and API key, no plan, and names only what the spec names", async () => {
    const controller = new AbortController();
    const key = "tester-api-key-secret";
    const io = {
      ...recordingIO(repoRoot, controller.signal),
      env: { REMITGEN_MOCK_API_KEY: key },
    };
    const status = runCli(
      [
        "mock",
        "--spec",
        "test/fixtures/http-api.yaml",
        "--set",
        "v1",
        "--port",
        "0",
      ],
      io,
    );
    const [, baseUrl = ""] = await waitFor("the base URL", () =>
      io.stdout.join("\n").match(/base URL: +(\S+)/),
    );
    await waitFor("the banner", () =>
      io.stdout.join("\n").includes("press Ctrl-C to stop"),
    );
    expect(io.stdout[0]?.replaceAll(baseUrl, "<url>")).toBe(
      [
        "remitgen mock: set v1 (5 operations), no rate limit (the spec states no plan)",
        "  base URL:      <url>",
        "  auth:          API key in the X-API-Key header",
        "  API key:       from REMITGEN_MOCK_API_KEY (not shown)",
        "  operations:    <url><path>, e.g. GET /health",
        "  admin:         GET <url>/@remitgen/calls, POST <url>/@remitgen/reset, POST <url>/@remitgen/faults, POST <url>/@remitgen/revoke-tokens",
        "Logging each call; press Ctrl-C to stop.",
      ].join("\n"),
    );
    const call = (path: string, init: RequestInit = {}): Promise<Response> =>
      fetch(`${baseUrl}${path}`, {
        ...init,
        headers: {
          "X-API-Key": key,
          ...(init.headers as Record<string, string>),
        },
      });
    expect((await fetch(`${baseUrl}/health`)).status).toBe(200);
    expect((await fetch(`${baseUrl}/payments`)).status).toBe(401);
    expect((await call("/payments?limit=2&status=captured")).status).toBe(200);
    expect((await call("/payments/pay_4f2a9c")).status).toBe(200);
    const badId = await call("/payments/card-4111");
    expect(badId.status).toBe(400);
    expect(
      ((await badId.json()) as { error: { message: string } }).error.message,
    ).toBe(
      'Path parameter "paymentId": must match pattern ^pay_[A-Za-z0-9]{1,32}$',
    );
    const created = await call("/payments", {
      method: "POST",
      headers: { "content-type": "application/json", "Idempotency-Key": "k1" },
      body: JSON.stringify({
        amount: { amount: 100, currency: "EUR" },
        card: "tok_visa",
      }),
    });
    expect(created.status).toBe(201);
    const cancelled = await call("/payments/pay_4f2a9c", { method: "DELETE" });
    expect(cancelled.status).toBe(204);
    // v1 has no capture_payment: nothing serves its path.
    const capture = await call("/payments/pay_4f2a9c/capture", {
      method: "POST",
    });
    expect(capture.status).toBe(404);
    controller.abort();
    expect(await status).toBe(0);
    const printed = io.text();
    expect(printed).not.toContain(key);
    expect(printed).not.toMatch(/bank|remittance|remit\b/i);
    expect(printed).toMatch(/^DELETE \/payments\/\[redacted\] 204 \d+ms$/m);
  });

  it("--fault, --rate-limit, --token-lifetime and the tester's own credentials, end to end over HTTP; the secret never printed", async () => {
    const secret = "tester-s3cret-value";
    const child = startBin(
      [
        "mock",
        "--set",
        "v3",
        "--port",
        "0",
        "--fault",
        "send_txns=applied-then-drop,times=1",
        "--fault",
        "get_transaction_status=status:503,retry-after=7",
        "--rate-limit",
        "4/minute",
        "--token-lifetime",
        "1",
        "--latency",
        "1",
      ],
      repoRoot,
      [],
      {
        REMITGEN_MOCK_CLIENT_ID: "tester-id",
        REMITGEN_MOCK_CLIENT_SECRET: secret,
      },
    );
    try {
      const [, baseUrl = ""] = await child.waitFor(
        /^ {2}base URL: +(http:\/\/127\.0\.0\.1:\d+)$/m,
      );
      await child.waitFor(/press Ctrl-C to stop/);
      const banner = child.stdout();
      expect(banner).toMatch(
        /^remitgen mock: set v3 \(12 operations\), rate limit 4 calls per minute \(--rate-limit\)$/m,
      );
      expect(banner).toMatch(
        /^ {2}token: +POST \S+\/auth\/oauth2\/token \(OAuth2 client credentials\), tokens last 1 second$/m,
      );
      expect(banner).toMatch(
        /^ {2}client id: +tester-id \(from REMITGEN_MOCK_CLIENT_ID\)$/m,
      );
      expect(banner).toMatch(
        /^ {2}client secret: from REMITGEN_MOCK_CLIENT_SECRET \(not shown\)$/m,
      );
      expect(banner).toMatch(
        /^ {2}fault: +send_txns=applied-then-drop,times=1$/m,
      );
      expect(banner).toMatch(
        /^ {2}fault: +get_transaction_status=status:503,retry-after=7$/m,
      );
      expect(banner).toMatch(/^ {2}latency: +1 ms added to every answer$/m);
      expect(banner).toMatch(
        /^ {2}admin: +GET http:\S+\/@remitgen\/calls, POST \S+\/@remitgen\/reset, /m,
      );

      const grant = (id: string, key: string): Promise<Response> =>
        fetch(`${baseUrl}/auth/oauth2/token`, {
          method: "POST",
          headers: {
            authorization: basic(id, key),
            "content-type": "application/x-www-form-urlencoded",
          },
          body: "grant_type=client_credentials",
        });
      // The documented defaults no longer take a token.
      expect((await grant("mock-client-id", "mock-client-secret")).status).toBe(
        401,
      );
      const granted = await grant("tester-id", secret);
      expect(granted.status).toBe(200);
      const { access_token: token } = (await granted.json()) as {
        access_token: string;
      };
      const call = (operation: string, bearer = token): Promise<Response> =>
        fetch(`${baseUrl}/${operation}`, {
          method: "POST",
          headers: {
            authorization: `Bearer ${bearer}`,
            "content-type": "application/json",
          },
          body: "{}",
        });

      // The secret or the token in the path: 400, never logged or echoed.
      const inPath = [
        await fetch(`${baseUrl}/auth/oauth2/token/${secret}`, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: "grant_type=client_credentials",
        }),
        await fetch(`${baseUrl}/get_acct_title/${token}`, { method: "POST" }),
      ];
      expect(inPath.map((answer) => answer.status)).toEqual([400, 400]);
      for (const answer of inPath) {
        const text = await answer.text();
        expect(text).not.toContain(secret);
        expect(text).not.toContain(token);
      }
      await child.waitFor(/^POST \/get_acct_title\/\[redacted\] 400 \d+ms$/m);

      // The transfer is carried out, then the connection drops; once.
      await expect(call("send_txns")).rejects.toThrow();
      expect((await call("send_txns")).status).toBe(200);
      const status = await call("get_transaction_status");
      expect(status.status).toBe(503);
      expect(status.headers.get("retry-after")).toBe("7");
      // The fourth call in the minute is the last the rate limit takes.
      expect((await call("get_acct_title")).status).toBe(200);
      expect((await call("get_acct_title")).status).toBe(429);

      const calls = (await (
        await fetch(`${baseUrl}/@remitgen/calls`)
      ).json()) as { calls: { outcome: string; applied: boolean }[] };
      expect(calls.calls.map((each) => [each.outcome, each.applied])).toEqual([
        ["applied-then-dropped", true],
        ["answered", true],
        ["answered", false],
        ["answered", true],
        ["answered", false],
      ]);
      await child.waitFor(/^POST \/send_txns applied-then-dropped \d+ms$/m);

      // Reset: the calls forgotten, the start's faults and rate limit again.
      expect(
        (await fetch(`${baseUrl}/@remitgen/reset`, { method: "POST" })).status,
      ).toBe(204);
      await expect(call("send_txns")).rejects.toThrow();

      // The token lasted one second.
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect((await call("get_acct_title")).status).toBe(401);
    } finally {
      child.process.kill("SIGTERM");
    }
    const finished = await child.exited;
    expect(finished.code).toBe(0);
    expect(finished.stderr).toBe("");
    expect(finished.stdout).not.toContain(secret);
    expect(finished.stdout).toMatch(
      /^POST \/auth\/oauth2\/token\/\[redacted\] 400 \d+ms$/m,
    );
  });

  it.each([
    [
      ["--fault", "send_txns"],
      '--fault must be <operation>=<kind>[,times=<n>][,retry-after=<seconds>], not "send_txns" [RG092]\n  hint: name an operation and a kind, e.g. --fault <operation>=applied-then-drop; kinds: timeout, drop, applied-then-drop, status:<code>, applied-status:<code>',
    ],
    [
      ["--fault", "send_txns=status:700"],
      '--fault must be <operation>=<kind>[,times=<n>][,retry-after=<seconds>] with a status from 200 to 599, not "send_txns=status:700" [RG092]\n  hint: e.g. --fault send_txns=status:503; applied-status:500 records the call as carried out before the answer',
    ],
    [
      ["--fault", "send_txn=drop"],
      '--fault names "send_txn": set "v3" has no such operation [RG092]\n  hint: did you mean "send_txns"? Operations: get_acct_title, send_online_fundsTransfer, send_online_fundsTransfer_V1, get_agent_accnt_balance, get_transaction_status, send_txns, send_txns_V1, send_online_fundsTransfer_B2C, send_txns_B2C, TestingMethod, Transaction_Status_cancelled, Update_Name_Amendment',
    ],
    [
      ["--fault", "send_txns=drop", "--fault", "send_txns=timeout"],
      '--fault is given twice for "send_txns" [RG092]\n  hint: give one fault per operation; `,times=<n>` limits it to the first n calls',
    ],
    [
      ["--latency", "-5"],
      '--latency must be a whole number of milliseconds from 0 to 2147483647, not "-5" [RG092]\n  hint: pass e.g. --latency 250, or omit it for none',
    ],
    [
      ["--rate-limit", "100/hours"],
      '--rate-limit must be off or a count per unit, not "100/hours" [RG092]\n  hint: pass off, or a whole number of calls from 1 per second, minute, hour, day, e.g. --rate-limit 5/minute; omit it for the set\'s plan',
    ],
    [
      ["--token-lifetime", "0"],
      '--token-lifetime must be a whole number of seconds from 1 to 2147483, not "0" [RG092]\n  hint: pass e.g. --token-lifetime 5 to see tokens expire, or omit it for 3600',
    ],
    [
      ["--latency", "1", "--latency", "2"],
      '--latency is given twice: "1", then "2" [RG092]\n  hint: pass it once; see `remitgen mock --help`',
    ],
  ])(
    "a bad %j: RG092 naming it, exit 2, nothing started",
    async (args, said) => {
      const io = recordingIO(repoRoot);
      expect(
        await runCli(["mock", "--set", "v3", "--port", "0", ...args], io),
      ).toBe(2);
      expect(io.stdout).toEqual([]);
      expect(io.stderr.join("\n")).toBe(`remitgen: ${said}`);
    },
  );

  it("an empty REMITGEN_MOCK_CLIENT_SECRET: RG092, exit 2, nothing started", async () => {
    const result = await new Promise<{
      code: number | null;
      out: string;
      err: string;
    }>((resolve) => {
      const child = startBin(
        ["mock", "--set", "v3", "--port", "0"],
        repoRoot,
        [],
        {
          REMITGEN_MOCK_CLIENT_SECRET: "",
        },
      );
      void child.exited.then((done) =>
        resolve({ code: done.code, out: done.stdout, err: done.stderr }),
      );
    });
    expect(result.code).toBe(2);
    expect(result.out).toBe("");
    expect(result.err).toBe(
      "remitgen: REMITGEN_MOCK_CLIENT_SECRET must be a client secret, not an empty string [RG092]\n" +
        "  hint: set it to the client secret your client sends, or unset it for the mock's documented default\n",
    );
  });

  it("--host 0.0.0.0: the warning has its code and hint, and the mock runs (exit 0)", async () => {
    const controller = new AbortController();
    const io = recordingIO(repoRoot, controller.signal);
    const status = runCli(
      ["mock", "--set", "v3", "--port", "0", "--host", "0.0.0.0"],
      io,
    );
    await waitFor("the warning", () => io.stderr.length > 0);
    expect(io.stderr).toEqual([
      "remitgen: warning: listening on 0.0.0.0: other machines can reach the mock, take tokens with its credentials, and read its calls or inject faults through /@remitgen/ [RG084]\n" +
        "  hint: --host 127.0.0.1 (the default) keeps it on this machine",
    ]);
    controller.abort();
    expect(await status).toBe(0);
  });

  it("--host fe80::1 (link-local without its zone): RG083 with a hint about the zone, exit 2", async () => {
    const io = recordingIO(repoRoot);
    expect(
      await runCli(
        ["mock", "--set", "v3", "--port", "0", "--host", "fe80::1"],
        io,
      ),
    ).toBe(2);
    expect(io.stdout).toEqual([]);
    expect(io.stderr.join("\n")).toBe(
      "remitgen: cannot listen on [fe80::1]:0: a link-local IPv6 address (fe80::/10) needs the zone of its interface [RG083]\n" +
        "  hint: write the interface after a %, e.g. --host fe80::1%eth0 (`ip -6 addr` lists them; on Windows the zone is a number, --host fe80::1%12), or choose --host ::1",
    );
  });

  it("--help documents every option, the credentials' variables and the admin endpoints", async () => {
    const io = recordingIO(repoRoot);
    expect(await runCli(["mock", "--help"], io)).toBe(0);
    const help = io.stdout.join("\n");
    for (const said of [
      "--fault <fault>",
      "<operation>=<kind>[,times=<n>][,retry-after=<seconds>]",
      "applied-status:<code>",
      "--latency <ms>",
      "--rate-limit <limit>",
      "--token-lifetime <seconds>",
      "--max-calls <count>",
      "(default 1000)",
      "droppedCalls counts the rest",
      "REMITGEN_MOCK_CLIENT_SECRET",
      "GET  /@remitgen/calls",
      "POST /@remitgen/reset",
      "POST /@remitgen/faults",
      "POST /@remitgen/revoke-tokens",
    ])
      expect(help).toContain(said);
  });
});
