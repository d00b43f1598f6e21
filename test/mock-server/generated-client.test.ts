/**
 * The packages generated from test/fixtures/http-api.yaml (an API key, GET
 * with path and query parameters, header parameters, POST 201, PATCH, PUT
 * and POST without a body, DELETE 204, typed error answers, a set without
 * a plan), and from it with each other auth scheme, their clients driven
 * against the mock server serving each package's own shipped mock data,
 * on 127.0.0.1 and a free port.
 */
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  startMockServer,
  type MockServer,
} from "../../src/mock-server/server.js";
import type { MockApi } from "../../src/runtime/mock/engine.js";
import {
  generateInto,
  makeTemp,
  removeTemp,
  repoRoot,
} from "../client/support.js";

type Call = (...args: unknown[]) => Promise<unknown>;
interface Package {
  createClient(options: Record<string, unknown>): Record<string, Call>;
  isGetPaymentError(error: unknown): boolean;
}

const key = "client-e2e-key-secret";
let temp: string | undefined;
const servers: MockServer[] = [];
const lines: string[] = [];

/**
 * http-api.yaml's auth block for each other scheme, and credentials as
 * the README's mocks example gives them: one options object, taken by the
 * client and the mocks alike.
 */
const schemes: Record<
  string,
  { block: string; options: Record<string, string> }
> = {
  "api-key-query": {
    block: "auth:\n  scheme: api-key\n  in: query\n  name: api_key\n",
    options: { apiKey: "e2e-query-key" },
  },
  basic: {
    block: "auth:\n  scheme: basic\n",
    options: { username: "e2e-user", password: "e2e-password" },
  },
  bearer: {
    block: "auth:\n  scheme: bearer\n",
    options: { token: "e2e-bearer-token" },
  },
  none: { block: "auth:\n  scheme: none\n", options: {} },
};

/** A set's package (of the spec generated into `out`), and a mock server over its own mock data. */
async function start(
  set: "v1" | "v2",
  out = "out",
  options: Record<string, string> = { apiKey: key },
): Promise<{
  pkg: Package;
  server: MockServer;
  client: Record<string, Call>;
}> {
  const dist = join(temp as string, out, set, "dist");
  const pkg = (await import(
    pathToFileURL(join(dist, "index.js")).href
  )) as Package;
  const { mockApi } = (await import(
    pathToFileURL(join(dist, "mock-api.js")).href
  )) as { mockApi: MockApi };
  const server = await startMockServer(mockApi, {
    host: "127.0.0.1",
    port: 0,
    log: (line) => lines.push(line),
    mock: out === "out" ? { apiKey: key } : options,
  });
  servers.push(server);
  const client = pkg.createClient({
    baseUrl: server.baseUrl,
    ...options,
    retry: { attempts: 1 },
  });
  return { pkg, server, client };
}

beforeAll(async () => {
  temp = await makeTemp("mock-http-client");
  await generateInto(join(temp, "out"), "test/fixtures/http-api.yaml");
  const spec = await readFile(
    join(repoRoot, "test/fixtures/http-api.yaml"),
    "utf8",
  );
  const authBlock = /^auth:\n(?: {2}.*\n)+/m;
  expect(spec).toMatch(authBlock);
  for (const [scheme, { block }] of Object.entries(schemes)) {
    const file = join(temp, `${scheme}.yaml`);
    await writeFile(file, spec.replace(authBlock, block));
    await generateInto(join(temp, scheme), file);
  }
}, 120_000);

afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
  await removeTemp(temp);
});

describe("a generated client against the mock server, for an HTTP JSON API", () => {
  it("v1: reads with parameters, a 201 write with a header, a 204 delete, a stated error typed", async () => {
    const { pkg, server, client } = await start("v1");
    expect(await client["getHealth"]!()).toMatchObject({
      status: expect.stringMatching(/^(ok|degraded)$/),
    });
    const listed = (await client["listPayments"]!({
      limit: 2,
      status: ["captured", "authorised"],
    })) as { payments: unknown[] };
    expect(Array.isArray(listed.payments)).toBe(true);
    const payment = (await client["getPayment"]!({
      paymentId: "pay_4f2a9c",
    })) as { id: string };
    expect(payment.id).toMatch(/^pay_[A-Za-z0-9]{1,32}$/);
    const created = await client["createPayment"]!(
      { "Idempotency-Key": "order-17" },
      { amount: { amount: 1250, currency: "EUR" }, card: "tok_visa" },
    );
    expect(created).toMatchObject({ id: expect.any(String) });
    expect(
      await client["cancelPayment"]!({ paymentId: "pay_4f2a9c" }),
    ).toBeUndefined();

    server.engine.setOverride("get_payment", {
      fault: { kind: "status", status: 404 },
      faultTimes: 1,
    });
    const failed = await client["getPayment"]!({ paymentId: "pay_gone" }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(pkg.isGetPaymentError(failed)).toBe(true);
    expect(failed).toMatchObject({
      status: 404,
      body: { code: expect.any(String), message: expect.any(String) },
    });

    expect(
      server.engine.calls.map(
        ({ method, path, query, parameters, status }) => ({
          method,
          path,
          query,
          parameters,
          status,
        }),
      ),
    ).toEqual([
      {
        method: "GET",
        path: "/health",
        query: "",
        parameters: { path: {}, query: {}, header: {} },
        status: 200,
      },
      {
        method: "GET",
        path: "/payments",
        query: expect.stringMatching(/^\?/),
        parameters: {
          path: {},
          query: { limit: 2, status: ["captured", "authorised"] },
          header: {},
        },
        status: 200,
      },
      {
        method: "GET",
        path: "/payments/pay_4f2a9c",
        query: "",
        parameters: {
          path: { paymentId: "pay_4f2a9c" },
          query: {},
          header: {},
        },
        status: 200,
      },
      {
        method: "POST",
        path: "/payments",
        query: "",
        parameters: {
          path: {},
          query: {},
          header: { "Idempotency-Key": "order-17" },
        },
        status: 201,
      },
      {
        method: "DELETE",
        path: "/payments/pay_4f2a9c",
        query: "",
        parameters: {
          path: { paymentId: "pay_4f2a9c" },
          query: {},
          header: {},
        },
        status: 204,
      },
      {
        method: "GET",
        path: "/payments/pay_gone",
        query: "",
        parameters: { path: { paymentId: "pay_gone" }, query: {}, header: {} },
        status: 404,
      },
    ]);
  });

  it("v2: PATCH and PUT with bodies, a POST without one, under the plan's limit", async () => {
    const { client, server } = await start("v2");
    expect(
      await client["updatePayment"]!(
        { paymentId: "pay_1" },
        { description: "Order 17" },
      ),
    ).toMatchObject({ id: expect.any(String) });
    expect(
      await client["replaceMetadata"]!(
        { paymentId: "pay_1" },
        { orderId: "17" },
      ),
    ).toBeUndefined();
    expect(
      await client["capturePayment"]!({ paymentId: "pay_1" }),
    ).toMatchObject({ id: expect.any(String) });
    expect(
      server.engine.calls.map((call) => [call.method, call.status]),
    ).toEqual([
      ["PATCH", 200],
      ["PUT", 200],
      ["POST", 200],
    ]);
  });

  it("never shows the API key: not in the log, the recorded calls or an error", async () => {
    const { pkg, server } = await start("v1");
    const wrong = await pkg.createClient({
      baseUrl: server.baseUrl,
      apiKey: "not-the-key",
    })["getPayment"]!({ paymentId: "pay_1" }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(wrong).toMatchObject({ status: 401 });
    const shown = [
      lines.join("\n"),
      ...servers.map((each) => JSON.stringify(each.engine.calls)),
      String(wrong),
      JSON.stringify(wrong),
    ].join("\n");
    expect(shown).not.toContain(key);
    expect(shown).not.toContain("not-the-key");
  });

  it.each(Object.keys(schemes))(
    "%s: one options object serves the client and the mock, and no secret is recorded",
    async (scheme) => {
      const { options } = schemes[scheme]!;
      const { server, client } = await start("v1", scheme, options);
      const payment = await client["getPayment"]!({ paymentId: "pay_1" });
      expect(payment).toMatchObject({ id: expect.any(String) });
      const [call] = server.engine.calls;
      expect(call).toMatchObject({ status: 200, path: "/payments/pay_1" });
      expect(call?.query).toBe(
        scheme === "api-key-query" ? "?api_key=[redacted]" : "",
      );
      const recorded = JSON.stringify(server.engine.calls);
      for (const secret of Object.values(options)) {
        expect(recorded).not.toContain(secret);
      }
    },
  );
});
