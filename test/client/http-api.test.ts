/**
 * Generated clients of ordinary HTTP JSON APIs, end to end against a real
 * server on 127.0.0.1: test/fixtures/http-api.yaml (the spec helper's
 * fixture: an API key in a header, no plan in v1, a literal base URL) for
 * each method, each parameter place, bodiless operations, 201 and 204
 * answers and typed error answers; and test/fixtures/client-http.yaml with
 * each auth scheme in turn, for what it sends and that no secret reaches
 * an error or a hook.
 */
import { readFile, writeFile } from "node:fs/promises";
import type { ServerResponse } from "node:http";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  closeAll,
  exposure,
  rejection,
  sendJson,
  startServer,
  type Recorded,
} from "../runtime/helpers/server.js";
import { generateInto, makeTemp, removeTemp, repoRoot } from "./support.js";

type Call = (...args: unknown[]) => Promise<unknown>;
interface Package {
  createClient(options: Record<string, unknown>): Record<string, Call>;
  createTransport(options: Record<string, unknown>): unknown;
  transportDefaults: Record<string, unknown>;
  ApiError: new (...args: never[]) => Error;
  ClientError: new (...args: never[]) => Error;
  [guard: `is${string}Error`]: (error: unknown) => boolean;
}

const API_KEY = "sk_live+/=~!PAYMENTS-KEY";
let temp: string | undefined;
let v1: Package;
let v2: Package;
/** A package of client-http.yaml per auth scheme. */
const schemes = new Map<string, Package>();

const load = async (dir: string): Promise<Package> =>
  (await import(pathToFileURL(join(dir, "dist/index.js")).href)) as Package;

/** client-http.yaml's auth block, for each scheme. */
const authBlocks: Record<string, string> = {
  "api-key in the query":
    "auth:\n  scheme: api-key\n  in: query\n  name: api_key\n",
  basic: "auth:\n  scheme: basic\n",
  bearer: "auth:\n  scheme: bearer\n",
  none: "auth:\n  scheme: none\n",
};

beforeAll(async () => {
  temp = await makeTemp("http-api");
  await generateInto(join(temp, "payments"), "test/fixtures/http-api.yaml");
  v1 = await load(join(temp, "payments/v1"));
  v2 = await load(join(temp, "payments/v2"));
  const spec = await readFile(
    join(repoRoot, "test/fixtures/client-http.yaml"),
    "utf8",
  );
  const authBlock = /^auth:\n(?: {2}.*\n)+/m;
  expect(spec).toMatch(authBlock);
  for (const [scheme, block] of Object.entries(authBlocks)) {
    const dir = join(temp, scheme.replace(/\W+/g, "-"));
    const file = `${dir}.yaml`;
    await writeFile(file, spec.replace(authBlock, block));
    await generateInto(dir, file);
    schemes.set(scheme, await load(join(dir, "v2")));
  }
}, 60_000);

afterAll(async () => {
  await removeTemp(temp);
});

afterEach(closeAll);

/** What the server answers a request with: a status and a JSON body, or no body. */
type Answer = (request: Recorded) => [number, unknown?];

async function api(answer: Answer = () => [200, { ok: true }]) {
  return startServer((request: Recorded, response: ServerResponse) => {
    const [status, body] = answer(request);
    if (body === undefined) {
      response.writeHead(status);
      return response.end();
    }
    return sendJson(response, status, body);
  });
}

const payment = {
  id: "pay_1",
  amount: 500,
  currency: "EUR",
  status: "authorised",
};

describe("a client of http-api.yaml", () => {
  it("sends each method to its path, with its parameters where the spec puts them", async () => {
    const server = await api((request) =>
      request.method === "DELETE"
        ? [204]
        : [request.method === "POST" ? 201 : 200, payment],
    );
    const client = v2.createClient({ baseUrl: server.url, apiKey: API_KEY });
    const c1 = v1.createClient({ baseUrl: server.url, apiKey: API_KEY });
    await client.listPayments!({
      limit: 5,
      status: ["authorised", "captured"],
      "X-Request-Id": "req-1",
    });
    await client.getPayment!({ paymentId: "pay/../1 ?#" });
    await client.createPayment!(
      { "Idempotency-Key": "idem-1" },
      { amount: 500, currency: "EUR" },
    );
    await client.updatePayment!({ paymentId: "pay_1" }, { description: "x" });
    await client.replaceMetadata!({ paymentId: "pay_1" }, { k: "v" });
    await client.capturePayment!({ paymentId: "pay_1" });
    await c1.cancelPayment!({ paymentId: "pay_1" });
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      "GET /payments?limit=5&status=authorised&status=captured",
      "GET /payments/pay%2F..%2F1%20%3F%23",
      "POST /payments",
      "PATCH /payments/pay_1",
      "PUT /payments/pay_1/metadata",
      "POST /payments/pay_1/capture",
      "DELETE /payments/pay_1",
    ]);
    const [list, get, create, update, , capture, cancel] = server.requests;
    expect(list!.headers["x-request-id"]).toBe("req-1");
    expect(create!.headers["idempotency-key"]).toBe("idem-1");
    expect(JSON.parse(create!.body)).toEqual({ amount: 500, currency: "EUR" });
    expect(update!.headers["content-type"]).toBe("application/json");
    // Without a body: no body and no content-type.
    for (const request of [list!, get!, capture!, cancel!]) {
      expect(request.body).toBe("");
      expect(request.headers["content-type"]).toBeUndefined();
    }
    for (const request of server.requests)
      expect(request.headers["x-api-key"]).toBe(API_KEY);
  });

  it("returns each status's body: 201 the payment, 204 and a stated empty answer undefined", async () => {
    const server = await api((request) =>
      request.method === "POST" ? [201, payment] : [204],
    );
    const client = v2.createClient({ baseUrl: server.url, apiKey: API_KEY });
    const c1 = v1.createClient({ baseUrl: server.url, apiKey: API_KEY });
    await expect(
      client.createPayment!(
        { "Idempotency-Key": "k" },
        { amount: 1, currency: "EUR" },
      ),
    ).resolves.toEqual(payment);
    await expect(
      c1.cancelPayment!({ paymentId: "p" }),
    ).resolves.toBeUndefined();
    await expect(
      client.replaceMetadata!({ paymentId: "p" }, {}),
    ).resolves.toBeUndefined();
  });

  it("rejects with an ApiError its guard narrows, typed by the statuses the spec states", async () => {
    const problem = { title: "No payment has this id." };
    const server = await api((request) =>
      request.path.startsWith("/payments/missing")
        ? [404, problem]
        : [500, { title: "x" }],
    );
    const client = v2.createClient({
      baseUrl: server.url,
      apiKey: API_KEY,
      retry: { attempts: 1 },
    });
    const error = await rejection(client.getPayment!({ paymentId: "missing" }));
    expect(error).toBeInstanceOf(v2.ApiError);
    expect(error).toBeInstanceOf(v2.ClientError);
    expect(error).toMatchObject({
      status: 404,
      body: problem,
      code: "API_ERROR",
    });
    expect(v2.isGetPaymentError!(error)).toBe(true);
    // Another operation's guard, and a status the spec does not state, say no.
    expect(v2.isCreatePaymentError!(error)).toBe(false);
    const other = await rejection(client.getPayment!({ paymentId: "other" }));
    expect(other).toBeInstanceOf(v2.ApiError);
    expect(v2.isGetPaymentError!(other)).toBe(false);
  });

  it("sends no key for an operation marked auth: none, and refuses a bad parameter unsent", async () => {
    const server = await api(() => [200, { status: "ok" }]);
    const client = v1.createClient({ baseUrl: server.url, apiKey: API_KEY });
    await client.getHealth!();
    expect(server.requests[0]!.headers["x-api-key"]).toBeUndefined();
    await expect(client.getPayment!({ paymentId: ".." })).rejects.toMatchObject(
      {
        code: "CONFIG_ERROR",
        message: "parameter paymentId is out of range",
      },
    );
    await expect(
      client.listPayments!({ "X-Request-Id": "a\r\nx-api-key: stolen" }),
    ).rejects.toMatchObject({ code: "CONFIG_ERROR" });
    expect(server.requests).toHaveLength(1);
  });

  it("goes to the spec's base URL when none is given", async () => {
    const seen: string[] = [];
    const client = v1.createClient({
      apiKey: API_KEY,
      fetch: async (url: string) => {
        seen.push(String(url));
        return new Response(JSON.stringify({ status: "ok" }), { status: 200 });
      },
    });
    await client.getHealth!();
    expect(seen).toEqual(["https://api.payments.example/v2/health"]);
    expect(v1.transportDefaults).toEqual({
      baseUrl: "https://api.payments.example/v2",
      statusOperation: "getPayment",
    });
  });

  it("limits calls only in the set with a plan", async () => {
    const server = await api(() => [200, { status: "ok" }]);
    const options = {
      baseUrl: server.url,
      apiKey: API_KEY,
      rateLimit: "reject",
    };
    const free = v1.createClient(options);
    await Promise.all(Array.from({ length: 120 }, () => free.getHealth!()));
    const planned = v2.createClient(options);
    const results = await Promise.allSettled(
      Array.from({ length: 120 }, () => planned.getHealth!()),
    );
    expect(results.filter((r) => r.status === "rejected")).toHaveLength(20);
    expect(server.requests).toHaveLength(220);
  });
});

describe("a client of each auth scheme", () => {
  const echo: Answer = (request) =>
    request.path.startsWith("/accounts/bad")
      ? [400, { echo: request }]
      : [200, { id: "a", name: "n" }];

  async function run(scheme: string, options: Record<string, unknown>) {
    const server = await api(echo);
    const events: unknown[] = [];
    const client = schemes.get(scheme)!.createClient({
      ...options,
      baseUrl: server.url,
      onRequest: (event: unknown) => void events.push(event),
      onResponse: (event: unknown) => void events.push(event),
    });
    await client.getAccount!({ accountId: "a" });
    const error = await rejection(client.getAccount!({ accountId: "bad" }));
    expect(error).toBeInstanceOf(schemes.get(scheme)!.ApiError);
    await client.ping!();
    return { sent: server.requests, seen: exposure(error) + exposure(events) };
  }

  it("an API key in the query: in the URL sent, redacted from hooks and errors", async () => {
    const { sent, seen } = await run("api-key in the query", {
      apiKey: API_KEY,
    });
    expect(sent[0]!.path).toBe(
      `/accounts/a?api_key=${encodeURIComponent(API_KEY)}`,
    );
    expect(sent[2]!.path).toBe("/ping");
    expect(seen).not.toContain("PAYMENTS-KEY");
    expect(seen).toContain("api_key=[REDACTED]");
  });

  it("HTTP basic: user and password in the authorization header, in neither hooks nor errors", async () => {
    const { sent, seen } = await run("basic", {
      username: "ana",
      password: "pw+/=!SECRET",
    });
    const basic = `Basic ${Buffer.from("ana:pw+/=!SECRET").toString("base64")}`;
    expect(sent[0]!.headers.authorization).toBe(basic);
    expect(sent[2]!.headers.authorization).toBeUndefined();
    expect(seen).not.toContain(basic.slice(6));
    expect(seen).not.toContain("SECRET");
  });

  it("a static bearer token, in neither hooks nor errors", async () => {
    const { sent, seen } = await run("bearer", { token: "tok-STATIC-1" });
    expect(sent[0]!.headers.authorization).toBe("Bearer tok-STATIC-1");
    expect(sent[2]!.headers.authorization).toBeUndefined();
    expect(seen).not.toContain("STATIC");
  });

  it("none: no credentials, and no option for them", async () => {
    const { sent } = await run("none", {});
    for (const request of sent)
      expect(request.headers.authorization).toBeUndefined();
    expect(schemes.get("none")!.transportDefaults).toEqual({
      baseUrl: "https://api.ledger.example/v2",
    });
  });
});
