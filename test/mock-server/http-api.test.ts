/**
 * The mock server for an ordinary HTTP JSON API (methods, path templates,
 * query parameters, an API key in a header, no plan), over loopback HTTP
 * on a free port: answers, preflight, log and recorded calls, and the key
 * never shown.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  startMockServer,
  type MockServer,
} from "../../src/mock-server/server.js";
import { httpApi } from "../runtime/mock/http-fixture.js";

const lines: string[] = [];
let server: MockServer;
const key = "srv-key-secret";

beforeAll(async () => {
  server = await startMockServer(httpApi, {
    host: "127.0.0.1",
    port: 0,
    log: (line) => lines.push(line),
    mock: { apiKey: key },
  });
});

afterAll(async () => {
  await server?.close();
});

const call = (path: string, init: RequestInit = {}): Promise<Response> =>
  fetch(`${server.baseUrl}${path}`, {
    ...init,
    headers: { "x-api-key": key, ...(init.headers as Record<string, string>) },
  });

describe("the mock server, for an HTTP JSON API", () => {
  it("serves GET with path and query parameters, POST 201 and DELETE 204, no token endpoint", async () => {
    expect(server.tokenUrl).toBeUndefined();
    const got = await call("/accounts/42");
    expect(got.status).toBe(200);
    expect(await got.json()).toMatchObject({ id: expect.any(String) });
    const listed = await call("/accounts?limit=2&status=open");
    expect(listed.status).toBe(200);
    const created = await call("/accounts", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: '{"label":"savings"}',
    });
    expect(created.status).toBe(201);
    const deleted = await call("/accounts/42", { method: "DELETE" });
    expect(deleted.status).toBe(204);
    expect(deleted.headers.get("content-length")).toBeNull();
    expect(await deleted.text()).toBe("");
    const bad = await call("/accounts?limit=many");
    expect(bad.status).toBe(400);
    expect(
      ((await bad.json()) as { error: { message: string } }).error.message,
    ).toBe('Query parameter "limit": expected integer, got string');
    const unkeyed = await fetch(`${server.baseUrl}/accounts/42`);
    expect(unkeyed.status).toBe(401);
  });

  it("answers a preflight with the methods the operations take", async () => {
    const res = await fetch(`${server.baseUrl}/accounts/42`, {
      method: "OPTIONS",
      headers: {
        origin: "http://app.example",
        "access-control-request-method": "DELETE",
        "access-control-request-headers": "x-api-key",
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get("access-control-allow-methods")).toBe(
      "GET, POST, DELETE",
    );
    expect(res.headers.get("access-control-allow-headers")).toBe("x-api-key");
  });

  it("logs and records calls without the key, a path parameter logged hidden", async () => {
    const before = lines.length;
    await call("/accounts/77?limit=1");
    expect(lines.slice(before)).toEqual([
      expect.stringMatching(/^GET \/accounts\/\[redacted\] 200 \d+ms$/),
    ]);
    const admin = await fetch(`${server.adminUrl}/calls`);
    const { calls } = (await admin.json()) as {
      calls: {
        operation: string;
        method: string;
        path: string;
        query: string;
        parameters: unknown;
      }[];
    };
    expect(calls.at(-1)).toMatchObject({
      operation: "get_account",
      method: "GET",
      path: "/accounts/77",
      query: "?limit=1",
      parameters: { path: { accountId: "77" }, query: {}, header: {} },
    });
    const seen = JSON.stringify(calls) + lines.join("\n");
    expect(seen).not.toContain(key);
  });
});
