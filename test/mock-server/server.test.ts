import { request as httpRequest } from "node:http";
import { createServer, type Server } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UsageError } from "../../src/diagnostics/diagnostic.js";
import {
  exposureWarning,
  listenFailure,
  loggedTarget,
  startMockServer,
  urlHost,
  type MockServer,
} from "../../src/mock-server/server.js";
import { routeSegments } from "../../src/runtime/mock/engine.js";
import {
  api,
  basic,
  validAccount,
  validSend,
} from "../runtime/mock/fixture.js";

const lines: string[] = [];
let server: MockServer;
let bearer: string;

beforeAll(async () => {
  server = await startMockServer(api, {
    port: 0,
    log: (line) => lines.push(line),
    mock: { maxBodyBytes: 64 * 1024, clientSecret: "top-secret-value" },
  });
  bearer = await token();
});

afterAll(async () => {
  await server?.close();
});

async function token(): Promise<string> {
  const res = await fetch(`${server.authUrl}/oauth2/token`, {
    method: "POST",
    headers: {
      authorization: basic("mock-client-id", "top-secret-value"),
      "content-type": "application/x-www-form-urlencoded",
    },
    body: "grant_type=client_credentials",
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

function post(
  path: string,
  body: string,
  signal?: AbortSignal,
): Promise<Response> {
  return fetch(`${server.baseUrl}${path}`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${bearer}`,
      "content-type": "application/json",
    },
    body,
    ...(signal !== undefined ? { signal } : {}),
  });
}

/** A raw node:http POST, to see socket-level errors and send odd bodies. */
function rawPost(
  path: string,
  body: Buffer,
  headers: Record<string, string | string[]> = {},
): Promise<{
  status: number;
  body: string;
  headers: Record<string, unknown>;
}> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      `${server.baseUrl}${path}`,
      {
        method: "POST",
        headers: {
          authorization: `Bearer ${bearer}`,
          "content-type": "application/json",
          ...headers,
        },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (c: string) => (text += c));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            body: text,
            headers: res.headers,
          }),
        );
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

describe("mock server", () => {
  it("listens on 127.0.0.1 with operations under / and the token endpoint under /auth", () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(server.port).toBeGreaterThan(0);
    expect(server.baseUrl).toBe(server.url);
    expect(server.authUrl).toBe(`${server.url}/auth`);
    expect(server.engine.options).toMatchObject({
      baseUrl: server.baseUrl,
      authUrl: server.authUrl,
    });
    expect(server.engine.tokenUrl).toBe(`${server.url}/auth/oauth2/token`);
  });

  it("answers operations over real HTTP, deterministically", async () => {
    const body = JSON.stringify({ account: validAccount });
    const a = await post("/get_acct_title", body);
    const b = await post("/get_acct_title", body);
    expect(a.status).toBe(200);
    expect(a.headers.get("content-type")).toBe("application/json");
    expect(await a.text()).toBe(await b.text());
    const send = await post("/send_txns", JSON.stringify(validSend));
    expect(send.status).toBe(200);
  });

  it("answers 413 for an oversized body and keeps serving", async () => {
    const big = JSON.stringify({ reference: "x".repeat(200 * 1024) });
    const res = await post("/send_txns", big);
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe(
      "payload_too_large",
    );
    // Streamed without Content-Length (chunked): refused as well.
    const chunked = await rawPost("/send_txns", Buffer.from(big), {
      "transfer-encoding": "chunked",
    });
    expect(chunked.status).toBe(413);
    const next = await post("/get_txn_status", "{}");
    expect(next.status).toBe(200);
  });

  it("answers 400 for malformed JSON and keeps serving", async () => {
    const res = await rawPost("/send_txns", Buffer.from('{"reference": '));
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body).error.code).toBe("invalid_json");
    const next = await post("/get_txn_status", "{}");
    expect(next.status).toBe(200);
  });

  it("answers 415 for a body that is not declared JSON and keeps serving", async () => {
    const res = await rawPost("/send_txns", Buffer.from("reference=T-1"), {
      "content-type": "application/x-www-form-urlencoded",
    });
    expect(res.status).toBe(415);
    expect(JSON.parse(res.body).error.code).toBe("unsupported_media_type");
    const next = await post("/get_txn_status", "{}");
    expect(next.status).toBe(200);
  });

  it("answers 401, 404 and 405 from the engine", async () => {
    const anon = await fetch(`${server.baseUrl}/get_txn_status`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect(anon.status).toBe(401);
    expect(
      (await fetch(`${server.baseUrl}/nope`, { method: "POST" })).status,
    ).toBe(404);
    expect((await fetch(`${server.baseUrl}/get_txn_status`)).status).toBe(405);
  });

  it("refuses a call with two Authorization headers, both with the valid token", async () => {
    // Node's req.headers would keep one of them; the mock reads them all.
    const res = await rawPost("/get_txn_status", Buffer.from("{}"), {
      authorization: [`Bearer ${bearer}`, `Bearer ${bearer}`],
    });
    expect(res.status).toBe(401);
    expect(res.body).not.toContain(bearer);
  });

  it("answers a browser's CORS preflight, and lets the page read answers and Retry-After", async () => {
    const preflight = await fetch(`${server.baseUrl}/get_txn_status`, {
      method: "OPTIONS",
      headers: {
        origin: "http://localhost:5173",
        "access-control-request-method": "POST",
        "access-control-request-headers": "authorization, content-type",
      },
    });
    expect(preflight.status).toBe(204);
    expect(Object.fromEntries(preflight.headers)).toMatchObject({
      "access-control-allow-origin": "*",
      "access-control-allow-methods": "POST",
      "access-control-allow-headers": "authorization, content-type",
      "access-control-max-age": "600",
    });
    const answer = await post(
      "/get_txn_status",
      JSON.stringify({ reference: "REF-1" }),
    );
    expect(answer.headers.get("access-control-allow-origin")).toBe("*");
    expect(answer.headers.get("access-control-expose-headers")).toBe(
      "retry-after",
    );
    // Private Network Access: a page on a public origin asks before
    // calling a server on this machine; asked, the mock allows it.
    const fromPublic = await fetch(`${server.baseUrl}/get_txn_status`, {
      method: "OPTIONS",
      headers: {
        origin: "https://app.example",
        "access-control-request-method": "POST",
        "access-control-request-private-network": "true",
      },
    });
    expect(fromPublic.status).toBe(204);
    expect(fromPublic.headers.get("access-control-allow-private-network")).toBe(
      "true",
    );
    expect(
      preflight.headers.get("access-control-allow-private-network"),
    ).toBeNull();
    // An OPTIONS that is no preflight is still the engine's 405.
    expect(
      (await fetch(`${server.baseUrl}/get_txn_status`, { method: "OPTIONS" }))
        .status,
    ).toBe(405);
  });

  it("drops the connection for a drop fault: the client sees a socket error", async () => {
    server.engine.setOverride("send_txns", {
      fault: { kind: "drop" },
      faultTimes: 1,
    });
    await expect(
      rawPost("/send_txns", Buffer.from(JSON.stringify(validSend))),
    ).rejects.toMatchObject({
      code: expect.stringMatching(/ECONNRESET|EPIPE/),
    });
    server.engine.setOverride("send_txns", {
      fault: { kind: "applied-then-drop" },
      faultTimes: 1,
    });
    await expect(post("/send_txns", JSON.stringify(validSend))).rejects.toThrow(
      TypeError,
    );
    expect((await post("/send_txns", JSON.stringify(validSend))).status).toBe(
      200,
    );
    const outcomes = server.engine.calls
      .filter((c) => c.operation === "send_txns")
      .map((c) => c.outcome);
    expect(outcomes.slice(-3)).toEqual([
      "dropped",
      "applied-then-dropped",
      "answered",
    ]);
    server.engine.setOverride("send_txns", undefined);
  });

  it("hangs on a timeout fault until the client aborts", async () => {
    server.engine.setOverride("get_txn_status", {
      fault: { kind: "timeout" },
      faultTimes: 1,
    });
    await expect(
      post("/get_txn_status", "{}", AbortSignal.timeout(200)),
    ).rejects.toMatchObject({
      name: "TimeoutError",
    });
    expect((await post("/get_txn_status", "{}")).status).toBe(200);
    await expect
      .poll(() =>
        lines.some((l) => / \/get_txn_status timed-out \d+ms$/.test(l)),
      )
      .toBe(true);
  });

  it("applies latency", async () => {
    server.engine.setOverride("get_txn_status", { latencyMs: 150 });
    const started = performance.now();
    expect((await post("/get_txn_status", "{}")).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
    server.engine.setOverride("get_txn_status", undefined);
  });

  it("sends no Content-Length with a 204 or 304 (RFC 9110), and 0 with a 205", async () => {
    const sent: Record<number, unknown> = {};
    for (const status of [204, 205, 304]) {
      server.engine.setOverride("get_txn_status", { status });
      const res = await rawPost("/get_txn_status", Buffer.from("{}"));
      expect(res.status).toBe(status);
      expect(res.body).toBe("");
      sent[status] = res.headers["content-length"];
    }
    server.engine.setOverride("get_txn_status", undefined);
    expect(sent).toEqual({ 204: undefined, 205: "0", 304: undefined });
  });

  it("logs one line per call with method, path, status and ms, never secrets or tokens", async () => {
    const before = lines.length;
    // Refused (a token belongs in the header), and the query never logged.
    await post("/get_txn_status?access_token=leak", "{}");
    expect(lines.slice(before)).toEqual([
      expect.stringMatching(/^POST \/get_txn_status 400 \d+ms$/),
    ]);
    expect(
      lines.some((l) => l.startsWith("POST /auth/oauth2/token 200 ")),
    ).toBe(true);
    expect(lines.some((l) => l.includes(" 413 "))).toBe(true);
    const all = lines.join("\n");
    expect(all).not.toContain(bearer);
    expect(all).not.toContain("top-secret-value");
    expect(all).not.toContain("leak");
  });

  it("refuses a token or secret in the path (400) as in the query, and neither logs nor echoes it", async () => {
    const before = lines.length;
    const tokenUrl = `${server.authUrl}/oauth2/token`;
    const answers = [
      // An operation's path with the caller's token after it.
      await post(`/get_txn_status/${bearer}`, "{}"),
      // The token endpoint's path with the client secret after it.
      await fetch(`${tokenUrl}/top-secret-value`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "grant_type=client_credentials",
      }),
      // Anywhere else, the secret or a live token is known for what it is.
      await post(`/v9/top-secret-value/x`, "{}"),
      await post(`/${encodeURIComponent(bearer)}`, "{}"),
    ];
    const bodies = await Promise.all(answers.map((answer) => answer.text()));
    expect(answers.map((answer) => answer.status)).toEqual([
      400, 400, 400, 400,
    ]);
    expect(JSON.parse(bodies[0]!)).toEqual({
      error: {
        code: "invalid_request",
        message:
          "Send the access token in the Authorization header only, never in the URL",
      },
    });
    expect(JSON.parse(bodies[1]!)).toEqual({
      error: "invalid_request",
      error_description:
        "Send client credentials in the body or the Authorization header, never in the URL",
    });
    expect(lines.slice(before)).toEqual([
      expect.stringMatching(/^POST \/get_txn_status\/\[redacted\] 400 \d+ms$/),
      expect.stringMatching(
        /^POST \/auth\/oauth2\/token\/\[redacted\] 400 \d+ms$/,
      ),
      expect.stringMatching(
        /^POST \/\[redacted\]\/\[redacted\]\/\[redacted\] 400 \d+ms$/,
      ),
      expect.stringMatching(/^POST \/\[redacted\] 400 \d+ms$/),
    ]);
    const seen = [...lines, ...bodies].join("\n");
    expect(seen).not.toContain(bearer);
    expect(seen).not.toContain("top-secret-value");
    // No call recorded with the token in its path.
    expect(JSON.stringify(server.engine.calls)).not.toContain(bearer);
  });

  it("answers an unknown path 404 without repeating it, and lists the paths it serves", async () => {
    const before = lines.length;
    const res = await post("/get_txn_statuz-s3cr3t", "{}");
    expect(res.status).toBe(404);
    const body = (await res.json()) as { error: { message: string } };
    expect(body.error.message).toBe(
      `No mocked operation at /[redacted]; operations: ${api.operations
        .map((op) => `POST ${op.path}`)
        .join(", ")}; token: POST /auth/oauth2/token`,
    );
    expect(lines.slice(before)).toEqual([
      expect.stringMatching(/^POST \/\[redacted\] 404 \d+ms$/),
    ]);
    expect(lines.join("\n")).not.toContain("s3cr3t");
  });

  it("logs the path as sent, a doubled slash included (not read as a host), a segment of its own only", async () => {
    const before = lines.length;
    // A client whose base URL ends in "/" sends "//get_txn_status".
    expect((await rawPost("//get_txn_status", Buffer.from("{}"))).status).toBe(
      404,
    );
    expect(
      (await rawPost("//elsewhere.example/get_txn_status", Buffer.from("{}")))
        .status,
    ).toBe(404);
    expect(lines.slice(before)).toEqual([
      expect.stringMatching(/^POST \/\/get_txn_status 404 \d+ms$/),
      expect.stringMatching(
        /^POST \/\/\[redacted\]\/get_txn_status 404 \d+ms$/,
      ),
    ]);
  });

  it("logs an absolute-form target as sent, without its credentials or query, and routes it to a 404", async () => {
    // A client (or proxy) that sends `POST http://evil.example/...` is
    // seen doing so: the log once showed only "/get_txn_status".
    const before = lines.length;
    const sent = (target: string): Promise<number> =>
      new Promise((resolve, reject) => {
        const req = httpRequest(
          {
            host: "127.0.0.1",
            port: server.port,
            method: "POST",
            path: target,
            headers: {
              authorization: `Bearer ${bearer}`,
              "content-type": "application/json",
            },
          },
          (res) => {
            res.resume();
            res.on("end", () => resolve(res.statusCode ?? 0));
          },
        );
        req.on("error", reject);
        req.end("{}");
      });
    expect(await sent("http://evil.example/get_txn_status?k=v")).toBe(404);
    // Credentials in the address: masked in the log; the Fetch API refuses
    // such a URL, which once made the answer a 405 as for CONNECT.
    expect(await sent("http://user:pa55@evil.example/get_txn_status")).toBe(
      404,
    );
    expect(lines.slice(before)).toEqual([
      expect.stringMatching(
        /^POST http:\/\/evil\.example\/get_txn_status 404 \d+ms$/,
      ),
      expect.stringMatching(
        /^POST http:\/\/\[credentials\]@evil\.example\/get_txn_status 404 \d+ms$/,
      ),
    ]);
    expect(lines.join("\n")).not.toContain("pa55");
  });

  it("rejects with a clear error for a host that is no address of this machine", async () => {
    // 192.0.2.1 is a documentation address (TEST-NET-1): never local.
    await expect(
      startMockServer(api, { host: "192.0.2.1", port: 0 }),
    ).rejects.toMatchObject({
      name: "UsageError",
      code: "RG082",
      message: expect.stringMatching(
        /^cannot listen on 192\.0\.2\.1: .*\n {2}hint: .*--host 127\.0\.0\.1/,
      ),
    });
  });

  it("rejects with a clear error when the port is in use", async () => {
    await expect(
      startMockServer(api, { port: server.port }),
    ).rejects.toMatchObject({
      code: "RG080",
      message: expect.stringMatching(
        new RegExp(`^port ${server.port} .*in use.*\n {2}hint: .*--port`),
      ),
    });
  });

  it("rejects for a port taken by another process, and close() frees its port", async () => {
    const blocker: Server = createServer();
    await new Promise<void>((r) => blocker.listen(0, "127.0.0.1", r));
    const port = (blocker.address() as { port: number }).port;
    await expect(startMockServer(api, { port })).rejects.toThrow(/in use/);
    await new Promise<void>((r) => blocker.close(() => r()));

    const second = await startMockServer(api, { port });
    expect(second.port).toBe(port);
    // A hung call must not keep close() from finishing.
    second.engine.setOverride("get_txn_status", { fault: { kind: "timeout" } });
    const hung = fetch(`${second.baseUrl}/get_txn_status`, {
      method: "POST",
    }).catch(() => "closed");
    await new Promise((r) => setTimeout(r, 50));
    await second.close();
    await second.close(); // idempotent
    await hung;
    const again = await startMockServer(api, { port });
    await again.close();
  });
});

describe("listenFailure", () => {
  const listenError = (code: string, address = "127.0.0.1"): Error =>
    Object.assign(new Error(`listen ${code}: refused ${address}:80`), {
      code,
      syscall: "listen",
    });

  it("a privileged port refused: RG081, naming the port and how to choose one", () => {
    const failure = listenFailure(listenError("EACCES"), "127.0.0.1", 80);
    expect(failure).toBeInstanceOf(UsageError);
    expect(failure).toMatchObject({
      code: "RG081",
      message:
        "not allowed to listen on 127.0.0.1:80\n  hint: ports below 1024 need administrator rights: choose --port 1024 or above, e.g. --port 4010 (--port 0 picks a free one)",
    });
    // A port above 1024 refused (a security policy): no word on privileges.
    expect(
      (listenFailure(listenError("EACCES"), "::1", 8080) as UsageError).message,
    ).toBe(
      "not allowed to listen on [::1]:8080\n  hint: choose another port with --port <number> (--port 0 picks a free one)",
    );
  });

  it("a link-local IPv6 host refused (EINVAL): RG083 saying the zone is missing or unknown", async () => {
    // Linux answers EINVAL for fe80::1 without its %zone; the message was
    // the system's raw "listen EINVAL: invalid argument fe80::1".
    await expect(
      startMockServer(api, { host: "fe80::1", port: 0 }),
    ).rejects.toMatchObject({
      code: "RG083",
      message:
        "cannot listen on [fe80::1]:0: a link-local IPv6 address (fe80::/10) needs the zone of its interface\n" +
        "  hint: write the interface after a %, e.g. --host fe80::1%eth0 (`ip -6 addr` lists them; on Windows the zone is a number, --host fe80::1%12), or choose --host ::1",
    });
    expect(
      listenFailure(listenError("EINVAL", "fe80::1%nope"), "fe80::1%nope", 0),
    ).toMatchObject({
      code: "RG083",
      message: expect.stringMatching(
        /^cannot listen on \[fe80::1%nope\]:0: the zone "nope" is no network interface of this machine\n {2}hint: write the interface after a %/,
      ),
    });
    // EINVAL for another address keeps the system's reason.
    expect(listenFailure(listenError("EINVAL", "::1"), "::1", 0)).toMatchObject(
      { code: "RG083", message: expect.stringContaining("listen EINVAL") },
    );
  });

  it("any other refusal to listen: RG083 with the system's reason", () => {
    const failure = listenFailure(
      listenError("EAFNOSUPPORT", "::1"),
      "::1",
      4010,
    );
    expect(failure).toMatchObject({
      code: "RG083",
      message:
        "cannot listen on [::1]:4010: listen EAFNOSUPPORT: refused ::1:80\n  hint: choose another --host or --port, e.g. --host 127.0.0.1 --port 0",
    });
    const internal = new Error("no code");
    expect(listenFailure(internal, "127.0.0.1", 4010)).toBe(internal);
  });
});

describe("exposureWarning", () => {
  it("warns (RG084, a warning) for an interface other machines can reach, never for loopback", () => {
    for (const host of ["0.0.0.0", "::", "192.168.1.20", "mock.internal"]) {
      expect(exposureWarning(host)).toEqual({
        code: "RG084",
        severity: "warning",
        message: `listening on ${host}: other machines can reach the mock, take tokens with its credentials, and read its calls or inject faults through /@remitgen/`,
        hint: "--host 127.0.0.1 (the default) keeps it on this machine",
      });
    }
    for (const host of ["127.0.0.1", "127.0.0.2", "::1", "localhost"]) {
      expect(exposureWarning(host)).toBeUndefined();
    }
  });
});

describe("loggedTarget", () => {
  const known = routeSegments([
    "http://h/send_txns",
    "http://h/@remitgen/calls",
    "http://h/x",
  ]);
  it("keeps the target as sent, but no query and no credentials", () => {
    expect(loggedTarget("/send_txns", known)).toBe("/send_txns");
    expect(loggedTarget("/x/../send_txns?access_token=t#f", known)).toBe(
      "/x/../send_txns",
    );
    expect(loggedTarget("http://evil.example/send_txns?x=1", known)).toBe(
      "http://evil.example/send_txns",
    );
    expect(loggedTarget("https://u:p@w@evil.example:81/x", known)).toBe(
      "https://[credentials]@evil.example:81/x",
    );
    // WHATWG URLs read "\\" as "/", and a special scheme needs no slashes.
    expect(loggedTarget("http:\\\\u:p@evil.example\\x", known)).toBe(
      "http:\\\\[credentials]@evil.example\\x",
    );
    expect(loggedTarget("http:u:p@evil.example/x", known)).toBe(
      "http:[credentials]@evil.example/x",
    );
    // A password may hold "?" or "#": the authority's credentials go
    // before the query is cut, or its first part would be logged.
    expect(loggedTarget("http://user:p?ss@evil.example/x?q=1", known)).toBe(
      "http://[credentials]@evil.example/x",
    );
    expect(loggedTarget("http://user:p#ss@evil.example/x", known)).toBe(
      "http://[credentials]@evil.example/x",
    );
    // An "@" in the path is no credential.
    expect(loggedTarget("/@remitgen/calls", known)).toBe("/@remitgen/calls");
  });

  it("never repeats a path segment the mock did not write: it may be a token", () => {
    expect(loggedTarget("/send_txns/eyJhbGciOi.x.y", known)).toBe(
      "/send_txns/[redacted]",
    );
    expect(loggedTarget("/tok3n/send_txns?a=b", known)).toBe(
      "/[redacted]/send_txns",
    );
    expect(loggedTarget("http://evil.example/@x", known)).toBe(
      "http://evil.example/[redacted]",
    );
    expect(loggedTarget("/@remitgen/s3cret", known)).toBe(
      "/@remitgen/[redacted]",
    );
    // Encoded, a known name is the caller's bytes too.
    expect(loggedTarget("/send%5Ftxns", known)).toBe("/[redacted]");
  });
});

describe("urlHost", () => {
  it("writes an IPv6 zone as RFC 6874 does for clients, and none for the engine's URL parser", () => {
    expect(urlHost("fe80::1%eth0")).toEqual({
      shown: "[fe80::1%25eth0]",
      parsed: "[fe80::1]",
    });
    expect(urlHost("::1")).toEqual({ shown: "[::1]", parsed: "[::1]" });
    expect(urlHost("0.0.0.0")).toEqual({
      shown: "127.0.0.1",
      parsed: "127.0.0.1",
    });
    expect(urlHost("localhost")).toEqual({
      shown: "localhost",
      parsed: "localhost",
    });
  });
});
