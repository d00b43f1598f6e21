// Plain Node ESM, no TypeScript toolchain: imports the installed packages by
// name and calls the bank named by the environment, printing what happened
// as JSON on stdout. Run by test/client/consumer.test.ts.
import {
  createClient as createClientV101,
  createTransport,
  getTransactionStatus,
} from "@remitgen/remittance-v1-0-1";
import { createClient as createClientV1 } from "@remitgen/remittance-v1";
import {
  ApiError,
  createClient as createClientV3,
  ClientError,
  transportDefaults,
} from "@remitgen/remittance-v3";

const options = {
  baseUrl: process.env.REMIT_BASE_URL,
  authUrl: process.env.REMIT_AUTH_URL,
  clientId: process.env.REMITTANCE_CLIENT_ID,
  clientSecret: process.env.REMITTANCE_CLIENT_SECRET,
};

const v101 = createClientV101(options);
const v1 = createClientV1(options);
const v3 = createClientV3(options);

const results = {
  methods: {
    "v1.0.1": Object.keys(v101).sort(),
    V1: Object.keys(v1).sort(),
    v3: Object.keys(v3).sort(),
  },
  node: process.version,
  v3Plan: transportDefaults.plan,
  calls: [],
};

async function record(label, call) {
  try {
    results.calls.push({ label, ok: true, response: await call() });
  } catch (error) {
    results.calls.push({
      label,
      ok: false,
      name: error?.name,
      code: error?.code,
      status: error?.status,
      body: error?.body,
      isApiError: error instanceof ApiError,
      isClientError: error instanceof ClientError,
    });
  }
}

await record("v1.0.1 getAcctTitle", () =>
  v101.getAcctTitle({ accountNumber: "PK36SCBL0000001123456702" }),
);
await record("v1.0.1 sendOnlineFundsTransfer", () =>
  v101.sendOnlineFundsTransfer({
    reference: "T-1",
    amount: 1500.5,
    currency: "PKR",
    tags: ["a", "b"],
    nested: { x: null },
  }),
);
await record("V1 sendTxnsV1", () => v1.sendTxnsV1({ reference: "T-2" }));
await record("V1 testingMethod", () => v1.testingMethod({}));
await record("v3 updateNameAmendment", () =>
  v3.updateNameAmendment({ reference: "T-3", name: "Ayesha Khan" }),
);
await record("v3 transactionStatusCancelled", () =>
  v3.transactionStatusCancelled({ reference: "T-3" }),
);
await record("standalone getTransactionStatus", () =>
  getTransactionStatus(createTransport(options), { reference: "T-1" }),
);
// The fake bank answers 422 to this reference.
await record("v3 sendTxns rejected", () =>
  v3.sendTxns({ reference: "REJECT-ME" }),
);

process.stdout.write(JSON.stringify(results) + "\n");
