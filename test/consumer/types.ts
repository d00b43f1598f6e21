// A strict TypeScript consumer of the generated packages, imported by name.
// test/client/types.test.ts compiles it (strict, NodeNext) and checks that
// it compiles, and that each `@ts-expect-error TS<code>` line hides exactly
// that error: without the directive, the next line fails with that code.
import { createClient as createV101, type RemittanceClient as ClientV101 } from "@remitgen/remittance-v1-0-1";
import { createClient as createV1, type RemittanceClient as ClientV1 } from "@remitgen/remittance-v1";
import {
  ApiError,
  createClient as createV3,
  createTransport,
  getAcctTitle,
  OutcomeUnknownError,
  RateLimitError,
  ClientError,
  transportDefaults,
  type ClientOptions,
  type Clock,
  type OperationDescriptor,
  type PlanLimit,
  type ClientErrorCode,
  type Transport,
  type TransportDefaults,
  type GetAcctTitleResponse,
  type JsonObject,
  type JsonValue,
  type ReadCallOptions,
  type RemittanceClient as ClientV3,
  type SendOnlineFundsTransferRequest,
  type WriteCallOptions,
} from "@remitgen/remittance-v3";
import {
  createHandlers,
  type MockConventions,
  type MockError,
  type MockErrorCode,
  type MockHandlerSet,
} from "@remitgen/remittance-v3/mocks";
import {
  createMockFetch,
  type MockError as FetchMockError,
  type MockFetch,
} from "@remitgen/remittance-v3/mock-fetch";

type IsAny<T> = 0 extends 1 & T ? true : false;
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

const options: ClientOptions = {
  baseUrl: "https://bank.example",
  authUrl: "https://auth.example",
  clientId: "agent",
  clientSecret: "secret",
  rateLimit: "reject",
  retry: { attempts: 4, baseDelayMs: 100 },
};

const clientV101: ClientV101 = createV101(options);
const clientV1: ClientV1 = createV1(options);
const clientV3: ClientV3 = createV3({ ...options, rateLimit: { limit: 10, intervalMs: 1000, mode: "wait" } });

// A later set's client can stand in for an earlier one...
export const v3AsV1: ClientV1 = clientV3;
export const v1AsV101: ClientV101 = clientV1;
export const v3AsV101: ClientV101 = clientV3;
// ...but not the other way round.
// @ts-expect-error TS2739 V1 adds send_txns_V1 and TestingMethod
export const v101AsV1: ClientV1 = clientV101;
// @ts-expect-error TS2739 v3 adds three operations
export const v1AsV3: ClientV3 = clientV1;

export async function calls(): Promise<void> {
  // An operation outside the set is not there.
  // @ts-expect-error TS2339 Update_Name_Amendment is only in v3
  await clientV101.updateNameAmendment({});
  // @ts-expect-error TS2339 TestingMethod is not in v1.0.1
  await clientV101.testingMethod({});
  await clientV3.updateNameAmendment({ reference: "T-1", name: "A" });

  // Reads accept retry options; writes do not.
  await clientV3.getAcctTitle({ accountNumber: "1" }, { retry: { attempts: 5 } });
  await clientV3.getTransactionStatus({}, { retry: false, timeoutMs: 5000 });
  await clientV3.sendOnlineFundsTransfer({ amount: 1 }, { timeoutMs: 5000, signal: AbortSignal.timeout(1000) });
  // @ts-expect-error TS2353 a write is never retried
  await clientV3.sendOnlineFundsTransfer({ amount: 1 }, { retry: { attempts: 3 } });
  // @ts-expect-error TS2353 not even with retry: false
  await clientV101.sendTxns({}, { retry: false });
  const writeOptions: WriteCallOptions = { timeoutMs: 1 };
  const readOptions: ReadCallOptions = { ...writeOptions, retry: { attempts: 2 } };
  await clientV3.getAgentAccntBalance({}, readOptions);

  // Payloads are JSON objects, never `any`.
  const response = await clientV3.getAcctTitle({ accountNumber: "1" });
  const notAny: [IsAny<typeof response>, IsAny<GetAcctTitleResponse>] = [false, false];
  const isJsonObject: Equal<typeof response, JsonObject> = true;
  const member: JsonValue | undefined = response["title"];
  // @ts-expect-error TS2322 a response is not a number
  const count: number = response;
  // @ts-expect-error TS2322 a member may be missing (noUncheckedIndexedAccess)
  const title: string = response["title"];
  // @ts-expect-error TS2345 a request body is an object, not a string
  await clientV3.getAcctTitle("PK36SCBL0000001123456702");
  // @ts-expect-error TS2322 a Date is not JSON
  await clientV3.getAcctTitle({ when: new Date() });
  // @ts-expect-error TS2322 nor is a function
  const body: SendOnlineFundsTransferRequest = { amount: 1, callback: () => 0 };
  // @ts-expect-error TS2554 a body is required
  await clientV3.getAcctTitle();
  // As the README says: the caller's own interface is refused, a copy of it fits.
  interface Transfer { reference: string; amount: number }
  const transfer: Transfer = { reference: "AG-1", amount: 100 };
  // @ts-expect-error TS2345 an interface has no index signature
  await clientV3.sendOnlineFundsTransfer(transfer);
  await clientV3.sendOnlineFundsTransfer({ ...transfer });
  console.log(notAny, isJsonObject, member, count, title, body);

  // Standalone operation functions with a transport.
  const viaTransport = await getAcctTitle(createTransport(options), { accountNumber: "1" });
  const alsoJsonObject: Equal<typeof viaTransport, JsonObject> = true;
  console.log(alsoJsonObject);
}

// Options are checked too.
// @ts-expect-error TS2322 rateLimit modes are "wait" and "reject"
export const badMode: ClientOptions = { ...options, rateLimit: "sometimes" };
// @ts-expect-error TS2322 a client needs its secret
export const noSecret: ClientOptions = { baseUrl: "https://b", authUrl: "https://a", clientId: "x" };
// With its own access tokens it needs no credentials at all.
export const ownTokens: ClientOptions = { baseUrl: "https://b", getAccessToken: async () => "token" };

// Optional settings passed through from optional values, as consumers do
// (exactOptionalPropertyTypes): `undefined` means the default.
export async function passThrough(
  scope: string | undefined,
  signal: AbortSignal | undefined,
  timeoutMs: number | undefined,
  headers: Record<string, string> | undefined,
): Promise<void> {
  const fromEnv = createV3({ ...options, scope, timeoutMs, onRequest: undefined, fetch: undefined });
  await fromEnv.getAcctTitle({}, { signal, timeoutMs, headers, retry: undefined });
  await fromEnv.sendTxns({}, { signal, timeoutMs, headers });
}

export function handle(error: unknown): string {
  if (error instanceof OutcomeUnknownError) {
    const operation: string = error.operation;
    const requestBody: unknown = error.requestBody;
    return `${operation} ${String(requestBody)}`;
  }
  if (error instanceof ApiError) return `${error.operation} ${error.status} ${JSON.stringify(error.body)}`;
  if (error instanceof RateLimitError) return String(error.retryAfterMs ?? "unknown");
  return "other";
}

// The ./mocks subpath types resolve (msw is an optional peer dependency).
export const handlers: MockHandlerSet = createHandlers();

// The ./mock-fetch subpath types resolve, and its fetch is one the client
// takes: the mocks without msw.
const mockFetch: MockFetch = createMockFetch({ latencyMs: 0 });
// A consumer's own error body names what it receives and returns, from
// either subpath.
const conventions: Partial<MockConventions> = {
  errorBody: (error: MockError) => ({ fault: error.code, text: error.message }),
};
export const conventionalFetch: MockFetch = createMockFetch({ conventions });
export const refusal: MockErrorCode = "validation_failed";
export const sameError: Equal<MockError, FetchMockError> = true;
export const mockedClient: ClientV3 = createV3({
  baseUrl: mockFetch.engine.options.baseUrl,
  authUrl: mockFetch.engine.options.authUrl,
  clientId: mockFetch.engine.options.clientId,
  clientSecret: "mock-client-secret",
  fetch: mockFetch,
});

// Error codes are a closed union: a switch over them is checked, and a
// misspelt code is an error, not a branch that never runs.
export function byCode(error: ClientError): string {
  switch (error.code) {
    case "API_ERROR":
    case "AUTH_ERROR":
    case "CONFIG_ERROR":
    case "NETWORK_ERROR":
    case "RATE_LIMITED":
    case "CLIENT_ERROR":
    case "STORE_UNAVAILABLE":
    case "TIMEOUT":
      return "failed";
    case "OUTCOME_UNKNOWN":
      return "reconcile";
    default: {
      const unhandled: never = error.code;
      return unhandled;
    }
  }
}
export function misspelt(error: ClientError): boolean {
  // @ts-expect-error TS2367 no error has this code
  return error.code === "OUTCOME_UNKOWN";
}
export const outcomeCode: "OUTCOME_UNKNOWN" = new OutcomeUnknownError("send_txns", {}).code;
export const codes: Equal<ClientError["code"], ClientErrorCode> = true;

// Every type the public options and functions name can be named from the
// package's root: a fake clock for tests, a transport that wraps another.
const clock: Clock = { now: () => 0, sleep: async () => undefined };
export const withClock: ClientV3 = createV3({ ...options, clock });
export function logging(inner: Transport): Transport {
  return {
    call<TResponse>(operation: OperationDescriptor, body: unknown, callOptions?: ReadCallOptions | WriteCallOptions) {
      console.log(operation.name, operation.effect);
      return inner.call<TResponse>(operation, body, callOptions);
    },
  };
}
const defaults: TransportDefaults = transportDefaults;
export const plan: PlanLimit | undefined = defaults.plan;
