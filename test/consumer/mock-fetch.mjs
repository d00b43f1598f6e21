// Plain Node ESM where msw is not installed: tests against the v3 mocks
// through `./mock-fetch`, as a customer without msw would, printing what
// happened as JSON on stdout. Run by test/client/consumer.test.ts.
import { createClient, OutcomeUnknownError } from "@remitgen/remittance-v3";
import { createMockFetch, mockApi } from "@remitgen/remittance-v3/mock-fetch";

/** How importing `specifier` fails (`null`: it loads). */
async function importFailure(specifier) {
  try {
    await import(specifier);
    return null;
  } catch (error) {
    return error.code ?? String(error);
  }
}

const fetch = createMockFetch();
const client = createClient({
  baseUrl: fetch.engine.options.baseUrl,
  authUrl: fetch.engine.options.authUrl,
  clientId: "mock-client-id",
  clientSecret: "mock-client-secret",
  fetch,
});

const read = await client.getAcctTitle({
  accountNumber: "PK36SCBL0000001123456702",
});
const write = await client.sendTxns({ reference: "T-1", amount: 1500.5 });
fetch.engine.setOverride("send_txns", { fault: { kind: "applied-then-drop" } });
const lost = await client.sendTxns({ reference: "T-2" }).catch((error) => ({
  name: error.name,
  isOutcomeUnknown: error instanceof OutcomeUnknownError,
  operation: error.operation,
}));

console.log(
  JSON.stringify({
    msw: await importFailure("msw"),
    mocks: await importFailure("@remitgen/remittance-v3/mocks"),
    setId: mockApi.setId,
    read,
    write,
    lost,
    tokenRequests: fetch.engine.tokenRequests,
    calls: fetch.engine.calls.map((call) => ({
      operation: call.operation,
      status: call.status ?? null,
      outcome: call.outcome,
      applied: call.applied,
      body: call.body,
    })),
  }),
);
