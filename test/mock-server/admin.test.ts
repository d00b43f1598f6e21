/**
 * The mock server's own endpoints under /@remitgen/: recorded calls in
 * arrival order with whether each was applied (never a token or secret),
 * reset, faults set over HTTP in the --fault syntax, revoking tokens; a
 * web page refused; none of it in the msw or mock-fetch mocks.
 */
import { request as httpRequest } from "node:http";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { checkSpecText } from "../../src/check-spec.js";
import { ADMIN_PREFIX } from "../../src/mock-server/fault-syntax.js";
import {
  startMockServer,
  type MockServer,
} from "../../src/mock-server/server.js";
import { createMockFetch } from "../../src/runtime/mock/fetch.js";
import { api, basic, fetchToken, validSend } from "../runtime/mock/fixture.js";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { repoRoot } from "../generate/support.js";

let server: MockServer;
let lines: string[];

beforeEach(async () => {
  lines = [];
  server = await startMockServer(api, {
    port: 0,
    log: (line) => lines.push(line),
    mock: {
      clientSecret: "s3cret-of-the-tester",
      overrides: {
        send_txns: { fault: { kind: "applied-then-drop" }, faultTimes: 1 },
      },
    },
  });
});

afterEach(async () => {
  await server.close();
});

async function token(): Promise<string> {
  const res = await fetch(`${server.authUrl}/oauth2/token`, {
    method: "POST",
    headers: {
      authorization: basic("mock-client-id", "s3cret-of-the-tester"),
      "content-type": "application/x-www-form-urlencoded",
    },
    body: "grant_type=client_credentials",
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

function send(bearer: string): Promise<Response> {
  return fetch(`${server.baseUrl}/send_txns`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${bearer}`,
      "content-type": "application/json",
    },
    body: JSON.stringify(validSend),
  });
}

function admin(
  name: string,
  init: RequestInit = {},
): Promise<{ status: number; headers: Headers; body: unknown }> {
  return fetch(`${server.adminUrl}${name}`, init).then(async (res) => {
    const text = await res.text();
    return {
      status: res.status,
      headers: res.headers,
      body: text === "" ? undefined : JSON.parse(text),
    };
  });
}

describe("the mock server's admin endpoints", () => {
  it("are served under /@remitgen, which no spec path can take", () => {
    expect(ADMIN_PREFIX).toBe("/@remitgen");
    expect(server.adminUrl).toBe(`${server.url}/@remitgen`);
    // The spec refuses a path with an "@": no operation can clash.
    const spec = readFileSync(join(repoRoot, "spec/remittance.yaml"), "utf8");
    const clashing = spec.replace(
      "path: /get_acct_title",
      "path: /@remitgen/calls",
    );
    expect(clashing).not.toBe(spec);
    const result = checkSpecText(clashing, "spec.yaml");
    expect(result.ok).toBe(false);
  });

  it("GET calls: in arrival order, applied or not, the applied-then-dropped transfer included; no token or secret", async () => {
    const bearer = await token();
    // The tester's case: the transfer is applied, then the connection drops.
    await expect(send(bearer)).rejects.toThrow();
    expect((await send(bearer)).status).toBe(200);
    const calls = await admin("/calls");
    expect(calls.status).toBe(200);
    expect(calls.headers.get("access-control-allow-origin")).toBeNull();
    expect(calls.body).toEqual({
      calls: [
        {
          operation: "send_txns",
          method: "POST",
          path: "/send_txns",
          query: "",
          parameters: { path: {}, query: {}, header: {} },
          outcome: "applied-then-dropped",
          applied: true,
          status: null,
          at: expect.stringMatching(/^\d{4}-\d\d-\d\dT[\d:.]+Z$/),
          body: validSend,
        },
        {
          operation: "send_txns",
          method: "POST",
          path: "/send_txns",
          query: "",
          parameters: { path: {}, query: {}, header: {} },
          outcome: "answered",
          applied: true,
          status: 200,
          at: expect.any(String),
          body: validSend,
        },
      ],
      droppedCalls: 0,
      tokenRequests: 1,
    });
    const text = JSON.stringify(calls.body);
    expect(text).not.toContain(bearer);
    expect(text).not.toContain("s3cret-of-the-tester");
    expect(lines).toContainEqual(
      expect.stringMatching(/^GET \/@remitgen\/calls 200 \d+ms$/),
    );
  });

  it("GET calls keeps the newest calls only, and says how many were dropped; reset clears the count", async () => {
    const bounded = await startMockServer(api, {
      port: 0,
      mock: { maxRecordedCalls: 2, rateLimit: false },
    });
    try {
      const bearer = await fetchToken((input, init) =>
        fetch(
          String(input).replace("https://auth.mock", `${bounded.url}/auth`),
          init,
        ),
      );
      const bodies = [1, 2, 3, 4, 5].map((n) => ({
        ...(validSend as { readonly [key: string]: unknown }),
        reference: `REF-000${n}`,
      }));
      for (const body of bodies) {
        const res = await fetch(`${bounded.baseUrl}/send_txns`, {
          method: "POST",
          headers: {
            authorization: `Bearer ${bearer}`,
            "content-type": "application/json",
          },
          body: JSON.stringify(body),
        });
        expect(res.status).toBe(200);
      }
      const calls = (await (
        await fetch(`${bounded.adminUrl}/calls`)
      ).json()) as { calls: { body: unknown }[]; droppedCalls: number };
      expect(calls.calls.map((call) => call.body)).toEqual(bodies.slice(3));
      expect(calls.droppedCalls).toBe(3);
      expect(bounded.engine.droppedCalls).toBe(3);
      await fetch(`${bounded.adminUrl}/reset`, { method: "POST" });
      expect(
        await (await fetch(`${bounded.adminUrl}/calls`)).json(),
      ).toMatchObject({ calls: [], droppedCalls: 0 });
    } finally {
      await bounded.close();
    }
  });

  it("POST reset: forgets the calls and restores the faults given at start", async () => {
    const bearer = await token();
    await expect(send(bearer)).rejects.toThrow();
    expect((await admin("/reset", { method: "POST" })).status).toBe(204);
    expect(await admin("/calls")).toMatchObject({
      body: { calls: [], tokenRequests: 0 },
    });
    // The start's fault (first call only) applies again; tokens stay valid.
    await expect(send(bearer)).rejects.toThrow();
    expect((await send(bearer)).status).toBe(200);
  });

  it("POST faults: sets one in the --fault syntax, or removes it with =none; refuses a bad one with the CLI's words", async () => {
    const bearer = await token();
    const set = await admin("/faults", {
      method: "POST",
      body: "send_txns=applied-status:500,times=1,retry-after=3\n",
    });
    expect(set).toMatchObject({
      status: 200,
      body: {
        operation: "send_txns",
        fault: "send_txns=applied-status:500,times=1,retry-after=3",
      },
    });
    const faulted = await send(bearer);
    expect(faulted.status).toBe(500);
    expect(faulted.headers.get("retry-after")).toBe("3");
    expect((await send(bearer)).status).toBe(200);
    expect(
      ((await admin("/calls")).body as { calls: { applied: boolean }[] }).calls,
    ).toMatchObject([{ applied: true }, { applied: true }]);

    await admin("/faults", { method: "POST", body: "send_txns=drop" });
    await expect(send(bearer)).rejects.toThrow();
    expect(
      (await admin("/faults", { method: "POST", body: "send_txns=none" })).body,
    ).toEqual({ operation: "send_txns", fault: null });
    expect((await send(bearer)).status).toBe(200);

    const bad = await admin("/faults", {
      method: "POST",
      body: "send_txn=drop",
    });
    expect(bad).toEqual({
      status: 400,
      headers: expect.any(Headers),
      body: {
        error: {
          message:
            'the fault names "send_txn": set "remittance" has no such operation',
          hint: 'did you mean "send_txns"? Operations: get_acct_title, send_txns, get_txn_status',
        },
      },
    });
  });

  it("POST faults: an injected 2xx is recorded as carried out, as the README says", async () => {
    const bearer = await token();
    await admin("/faults", { method: "POST", body: "send_txns=status:202" });
    expect((await send(bearer)).status).toBe(202);
    expect(
      ((await admin("/calls")).body as { calls: unknown[] }).calls,
    ).toMatchObject([{ status: 202, applied: true }]);
  });

  it("POST revoke-tokens: every issued token is refused after it", async () => {
    const bearer = await token();
    await admin("/faults", { method: "POST", body: "send_txns=none" });
    expect((await send(bearer)).status).toBe(200);
    expect((await admin("/revoke-tokens", { method: "POST" })).status).toBe(
      204,
    );
    expect((await send(bearer)).status).toBe(401);
  });

  it("refuses a request from a web page (an Origin header), an unknown endpoint and a wrong method", async () => {
    const fromPage = await admin("/reset", {
      method: "POST",
      headers: { origin: "https://evil.example" },
    });
    expect(fromPage.status).toBe(403);
    expect(fromPage.headers.get("access-control-allow-origin")).toBeNull();
    // The page's reset was not carried out.
    const bearer = await token();
    await expect(send(bearer)).rejects.toThrow();
    await admin("/reset", {
      method: "POST",
      headers: { origin: "https://evil.example" },
    });
    expect(
      ((await admin("/calls")).body as { calls: unknown[] }).calls,
    ).toHaveLength(1);

    const unknown = await admin("/mappings");
    expect(unknown).toMatchObject({
      status: 404,
      body: {
        error: {
          message: "no admin endpoint at this path",
          hint: "endpoints: GET /@remitgen/calls, POST /@remitgen/reset, POST /@remitgen/faults, POST /@remitgen/revoke-tokens",
        },
      },
    });
    const wrong = await admin("/reset");
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get("allow")).toBe("POST");
  });

  it("refuses a request naming the mock by another host name (a page's DNS rebinding); takes localhost and IP addresses", async () => {
    const get = (host: string): Promise<number> =>
      new Promise((resolve, reject) => {
        const req = httpRequest(
          `${server.adminUrl}/calls`,
          { headers: { host } },
          (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          },
        );
        req.on("error", reject);
        req.end();
      });
    expect(await get(`rebound.example:${server.port}`)).toBe(403);
    expect(await get("rebound.example")).toBe(403);
    expect(await get(`localhost:${server.port}`)).toBe(200);
    expect(await get(`127.0.0.1:${server.port}`)).toBe(200);
    expect(await get(`[::1]:${server.port}`)).toBe(200);
  });

  it("refuses a fault body over 4 KiB with 413", async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(
        `${server.adminUrl}/faults`,
        { method: "POST" },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on("error", reject);
      req.end("x".repeat(64 * 1024));
    });
    expect(status).toBe(413);
  });
});

describe("the msw and mock-fetch mocks", () => {
  it("serve no admin endpoint: /@remitgen/calls is an unknown path there", async () => {
    const mockFetch = createMockFetch(api);
    const bearer = await fetchToken(mockFetch);
    for (const path of ["/@remitgen/calls", "/@remitgen/reset"]) {
      const res = await mockFetch(`https://remittance.mock${path}`, {
        method: "POST",
        headers: { authorization: `Bearer ${bearer}` },
      });
      expect(res.status).toBe(404);
    }
  });
});
