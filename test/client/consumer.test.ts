/**
 * The generated packages as a customer gets them: generated into a temporary
 * folder, installed with npm from that folder by path (as copies, like a
 * registry install, offline: the packages have no dependencies), and used
 * from plain Node ESM (test/consumer/consumer.mjs) against a node:http bank
 * on 127.0.0.1, and with no msw anywhere to resolve, the mocks through
 * `./mock-fetch` (test/consumer/mock-fetch.mjs).
 */
import { execFile } from "node:child_process";
import { cp, readFile, realpath, stat } from "node:fs/promises";
import { dirname, join, relative } from "node:path";
import { promisify } from "node:util";
import { ts } from "ts-morph";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CLIENT_ID,
  CLIENT_SECRET,
  basicCredentialsOf,
  bearerOf,
  consumerDir,
  defaultHandler,
  generateInto,
  listFiles,
  makeTemp,
  remittancePackages,
  removeTemp,
  startFakeBank,
  type FakeBank,
} from "./support.js";

const run = promisify(execFile);
// The consumer scripts run on the Node running the tests, or on another one
// named here: the packages claim Node 18 or later, which vitest cannot run
// on, so this is how that claim is checked (see the README).
const consumerNode = process.env.REMITGEN_CONSUMER_NODE ?? process.execPath;

let temp: string | undefined;
let bank: FakeBank;
let consumer: string;
let output: ConsumerOutput;

interface ConsumerCall {
  label: string;
  ok: boolean;
  response?: unknown;
  name?: string;
  code?: string;
  status?: number;
  body?: unknown;
  isApiError?: boolean;
  isClientError?: boolean;
}
interface ConsumerOutput {
  methods: Record<string, string[]>;
  node: string;
  v3Plan: unknown;
  calls: ConsumerCall[];
}
interface MockFetchOutput {
  msw: string | null;
  mocks: string | null;
  setId: string;
  read: unknown;
  write: unknown;
  lost: unknown;
  tokenRequests: number;
  calls: {
    operation: string;
    status: number | null;
    outcome: string;
    applied: boolean;
    body: unknown;
  }[];
}
let mockFetchOutput: MockFetchOutput;

beforeAll(async () => {
  temp = await makeTemp("consumer");
  await generateInto(join(temp, "out"));
  consumer = join(temp, "consumer");
  await cp(consumerDir, consumer, { recursive: true });
  // Copies, not links (--install-links), so the package's `files` and
  // `exports` are what the consumer sees; its own npm cache, offline.
  await run(
    "npm",
    [
      "install",
      "--no-audit",
      "--no-fund",
      "--offline",
      "--install-links",
      "--ignore-scripts",
      "--no-package-lock",
      "--cache",
      join(temp, "npm-cache"),
    ],
    { cwd: consumer, env: { ...process.env, npm_config_loglevel: "error" } },
  );

  bank = await startFakeBank();
  bank.handler = (request, self) => {
    if (
      request.path === "/bank/send_txns" &&
      request.body.includes("REJECT-ME")
    ) {
      return {
        status: 422,
        body: { error: "rejected", reference: "REJECT-ME" },
      };
    }
    return defaultHandler(request, self);
  };
  const { stdout } = await run(consumerNode, ["consumer.mjs"], {
    cwd: consumer,
    env: {
      ...process.env,
      REMIT_BASE_URL: bank.baseUrl,
      REMIT_AUTH_URL: bank.authUrl,
      REMITTANCE_CLIENT_ID: CLIENT_ID,
      REMITTANCE_CLIENT_SECRET: CLIENT_SECRET,
    },
  });
  output = JSON.parse(stdout) as ConsumerOutput;
  const mocked = await run(consumerNode, ["mock-fetch.mjs"], {
    cwd: consumer,
  });
  mockFetchOutput = JSON.parse(mocked.stdout) as MockFetchOutput;
}, 120_000);

afterAll(async () => {
  await bank?.close();
  await removeTemp(temp);
});

describe("installing the generated packages by path", () => {
  it("installs a copy of each package under its name: dist/, src/, its manifest, README, docs and OpenAPI", async () => {
    for (const pkg of remittancePackages) {
      const installed = join(consumer, "node_modules", pkg.name);
      // A copy, not a link to the generated folder.
      expect((await stat(installed)).isDirectory()).toBe(true);
      expect(await realpath(installed)).toBe(installed);
      const manifest = JSON.parse(
        await readFile(join(installed, "package.json"), "utf8"),
      ) as Record<string, unknown>;
      expect(manifest.name).toBe(pkg.name);
      expect(manifest.type).toBe("module");
      expect(manifest.dependencies).toBeUndefined();
      const files = await listFiles(installed);
      const others = files.filter((file) => !/^(dist|src)\//.test(file));
      expect(
        others.filter((file) => !/^docs\/[a-z0-9-]+\.md$/.test(file)),
      ).toEqual(["README.md", "openapi.json", "package.json"]);
      expect(
        others.filter((file) => file.startsWith("docs/")).length,
      ).toBeGreaterThan(0);
      expect(files).toContain("dist/index.js");
      expect(files).toContain("dist/index.d.ts");
      expect(files).toContain("dist/mocks.js");
      expect(files).toContain("dist/mock-fetch.js");
      expect(files).toContain("dist/mock-api.js");
    }
  });

  it("the main entry and ./mock-fetch import nothing outside their own package (no dependencies, msw only behind ./mocks)", async () => {
    for (const pkg of remittancePackages) {
      const root = join(consumer, "node_modules", pkg.name);
      const bare = async (entry: string): Promise<string[]> => {
        const seen = new Set<string>();
        const outside = new Set<string>();
        const visit = async (file: string): Promise<void> => {
          if (seen.has(file)) return;
          seen.add(file);
          const text = await readFile(file, "utf8");
          for (const { fileName: specifier } of ts.preProcessFile(
            text,
            true,
            true,
          ).importedFiles) {
            if (specifier.startsWith(".")) {
              const target = join(dirname(file), specifier);
              expect(relative(root, target).startsWith("..")).toBe(false);
              await visit(target);
            } else outside.add(specifier);
          }
        };
        await visit(join(root, entry));
        return [...outside].sort();
      };
      expect(await bare("dist/index.js")).toEqual([]);
      expect(await bare("dist/mocks.js")).toEqual(["msw"]);
      expect(await bare("dist/mock-fetch.js")).toEqual([]);
    }
  });
});

describe("consumer.mjs, plain Node ESM, against a bank on 127.0.0.1", () => {
  it("ran on the Node named by REMITGEN_CONSUMER_NODE, or the tests' own", async () => {
    const { stdout } = await run(consumerNode, ["--version"]);
    expect(output.node).toBe(stdout.trim());
  });

  it("gets a client per set with exactly that set's operations", () => {
    expect(output.methods["v1.0.1"]).toEqual([
      "getAcctTitle",
      "getAgentAccntBalance",
      "getTransactionStatus",
      "sendOnlineFundsTransfer",
      "sendOnlineFundsTransferB2C",
      "sendTxns",
      "sendTxnsB2C",
    ]);
    expect(output.methods.V1).toEqual(
      [...output.methods["v1.0.1"]!, "sendTxnsV1", "testingMethod"].sort(),
    );
    expect(output.methods.v3).toEqual(
      [
        ...output.methods.V1!,
        "sendOnlineFundsTransferV1",
        "transactionStatusCancelled",
        "updateNameAmendment",
      ].sort(),
    );
    expect(output.v3Plan).toEqual({
      name: "default plan (open variant)",
      limit: 100,
      intervalMs: 3_600_000,
    });
  });

  it("every call succeeded except the one the bank rejected, and returned the bank's JSON", () => {
    const byLabel = new Map(output.calls.map((call) => [call.label, call]));
    expect(output.calls.map((call) => call.label)).toHaveLength(8);
    expect(byLabel.get("v1.0.1 getAcctTitle")).toEqual({
      label: "v1.0.1 getAcctTitle",
      ok: true,
      response: {
        ok: true,
        path: "/bank/get_acct_title",
        echo: { accountNumber: "PK36SCBL0000001123456702" },
      },
    });
    for (const call of output.calls.filter(
      (call) => call.label !== "v3 sendTxns rejected",
    )) {
      expect(call.ok, call.label).toBe(true);
    }
    expect(byLabel.get("v3 sendTxns rejected")).toEqual({
      label: "v3 sendTxns rejected",
      ok: false,
      name: "ApiError",
      code: "API_ERROR",
      status: 422,
      body: { error: "rejected", reference: "REJECT-ME" },
      isApiError: true,
      isClientError: true,
    });
  });

  it("the bank received one client-credentials token request per client, with Basic credentials", () => {
    const tokens = bank.tokenRequests();
    // v1.0.1, V1, v3 and the standalone transport each have their own cache.
    expect(tokens).toHaveLength(4);
    for (const request of tokens) {
      expect(request.method).toBe("POST");
      expect(basicCredentialsOf(request)).toEqual({
        id: CLIENT_ID,
        secret: CLIENT_SECRET,
      });
      expect(request.headers["content-type"]).toBe(
        "application/x-www-form-urlencoded",
      );
      expect(new URLSearchParams(request.body).get("grant_type")).toBe(
        "client_credentials",
      );
      // Neither the secret nor the id travel in the body.
      expect(request.body).not.toContain("s3cr3t");
    }
  });

  it("each operation was POSTed as JSON to its path with a bearer token the bank issued", () => {
    const operations = bank.operationRequests();
    expect(
      operations.map((request) => `${request.method} ${request.path}`),
    ).toEqual([
      "POST /bank/get_acct_title",
      "POST /bank/send_online_fundsTransfer",
      "POST /bank/send_txns_V1",
      "POST /bank/TestingMethod",
      "POST /bank/Update_Name_Amendment",
      "POST /bank/Transaction_Status_cancelled",
      "POST /bank/get_transaction_status",
      "POST /bank/send_txns",
    ]);
    for (const request of operations) {
      expect(request.headers["content-type"]).toBe("application/json");
      expect(bank.tokensIssued).toContain(bearerOf(request));
    }
    expect(JSON.parse(operations[1]!.body)).toEqual({
      reference: "T-1",
      amount: 1500.5,
      currency: "PKR",
      tags: ["a", "b"],
      nested: { x: null },
    });
    expect(JSON.parse(operations[4]!.body)).toEqual({
      reference: "T-3",
      name: "Ayesha Khan",
    });
    expect(JSON.parse(operations[3]!.body)).toEqual({});
  });
});

describe("mock-fetch.mjs, plain Node ESM with no msw installed", () => {
  it("runs where msw cannot be resolved (so ./mocks cannot load)", () => {
    expect(mockFetchOutput.msw).toBe("ERR_MODULE_NOT_FOUND");
    expect(mockFetchOutput.mocks).toBe("ERR_MODULE_NOT_FOUND");
    expect(mockFetchOutput.setId).toBe("v3");
  });

  it("a read and a write through createMockFetch are answered by the mock and recorded, with one token", () => {
    expect(mockFetchOutput.read).toEqual({
      operation: "get_acct_title",
      mock: true,
    });
    expect(mockFetchOutput.write).toEqual({
      operation: "send_txns",
      mock: true,
    });
    expect(mockFetchOutput.tokenRequests).toBe(1);
    expect(mockFetchOutput.calls.slice(0, 2)).toEqual([
      {
        operation: "get_acct_title",
        status: 200,
        outcome: "answered",
        applied: true,
        body: { accountNumber: "PK36SCBL0000001123456702" },
      },
      {
        operation: "send_txns",
        status: 200,
        outcome: "answered",
        applied: true,
        body: { reference: "T-1", amount: 1500.5 },
      },
    ]);
  });

  it("a write whose connection the mock drops after applying it is OutcomeUnknownError, sent once", () => {
    expect(mockFetchOutput.lost).toEqual({
      name: "OutcomeUnknownError",
      isOutcomeUnknown: true,
      operation: "send_txns",
    });
    expect(mockFetchOutput.calls.slice(2)).toEqual([
      {
        operation: "send_txns",
        status: null,
        outcome: "applied-then-dropped",
        applied: true,
        body: { reference: "T-2" },
      },
    ]);
  });
});
