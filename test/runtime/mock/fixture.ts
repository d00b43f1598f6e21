/**
 * A small API set shaped like the Remittance Transfer Service, for the mock
 * runtime and mock server tests. The schemas are invented test data (the
 * bank shows none); they exist to exercise validation and sampling.
 */
import type { MockApi, MockEngine } from "../../../src/runtime/mock/engine.js";
import type { JsonValue } from "../../../src/runtime/json.js";

export const api: MockApi = {
  setId: "remittance",
  baseUrl: "https://remittance.mock",
  plan: { name: "Silver", limit: 100, intervalMs: 3_600_000 },
  auth: { scheme: "oauth2-client-credentials", tokenPath: "/oauth2/token" },
  schemas: [
    {
      name: "AccountRef",
      schema: {
        kind: "object",
        properties: [
          {
            name: "account_no",
            required: true,
            schema: { kind: "string", pattern: "^[0-9]{10,16}$" },
          },
          {
            name: "bank_code",
            required: true,
            schema: { kind: "string", minLength: 3, maxLength: 11 },
          },
        ],
      },
    },
    {
      name: "Txn",
      schema: {
        kind: "object",
        properties: [
          {
            name: "amount",
            required: true,
            schema: { kind: "number", minimum: 0.01, maximum: 1_000_000 },
          },
          {
            name: "currency",
            required: true,
            schema: { kind: "enum", values: ["PKR", "USD", "EUR"] },
          },
          {
            name: "to",
            required: true,
            schema: { kind: "ref", name: "AccountRef" },
          },
          {
            name: "memo",
            required: false,
            schema: { kind: "string", maxLength: 16 },
          },
        ],
      },
    },
    {
      name: "AcctTitle",
      schema: {
        kind: "object",
        properties: [
          {
            name: "title",
            required: true,
            schema: { kind: "string", maxLength: 35 },
          },
          {
            name: "account",
            required: true,
            schema: { kind: "ref", name: "AccountRef" },
          },
          {
            name: "status",
            required: true,
            schema: { kind: "enum", values: ["ACTIVE", "DORMANT", "CLOSED"] },
          },
          {
            name: "opened_at",
            required: false,
            schema: { kind: "string", format: "date-time" },
          },
          {
            name: "request_id",
            required: false,
            schema: { kind: "string", format: "uuid" },
          },
          {
            name: "branch",
            required: false,
            schema: { kind: "integer", minimum: 1, maximum: 9999 },
          },
          { name: "joint", required: false, schema: { kind: "boolean" } },
        ],
      },
    },
  ],
  operations: [
    {
      name: "get_acct_title",
      method: "POST",
      path: "/get_acct_title",
      effect: "read",
      request: {
        kind: "object",
        properties: [
          {
            name: "account",
            required: true,
            schema: { kind: "ref", name: "AccountRef" },
          },
        ],
      },
      response: { kind: "ref", name: "AcctTitle" },
    },
    {
      name: "send_txns",
      method: "POST",
      path: "/send_txns",
      effect: "write",
      request: {
        kind: "object",
        properties: [
          {
            name: "reference",
            required: true,
            schema: {
              kind: "string",
              minLength: 4,
              maxLength: 16,
              pattern: "^[A-Z0-9-]+$",
            },
          },
          {
            name: "from",
            required: true,
            schema: { kind: "ref", name: "AccountRef" },
          },
          {
            name: "txns",
            required: true,
            schema: {
              kind: "array",
              items: { kind: "ref", name: "Txn" },
              minItems: 1,
              maxItems: 50,
            },
          },
        ],
      },
      response: {
        kind: "object",
        properties: [
          {
            name: "batch_id",
            required: true,
            schema: { kind: "string", format: "uuid" },
          },
          {
            name: "accepted",
            required: true,
            schema: { kind: "integer", minimum: 0 },
          },
        ],
        example: {
          batch_id: "00000000-0000-4000-8000-000000000000",
          accepted: 1,
        },
      },
    },
    // Payloads not shown by the bank.
    {
      name: "get_txn_status",
      method: "POST",
      path: "/get_txn_status",
      effect: "read",
    },
  ],
};

export const validAccount = { account_no: "0123456789", bank_code: "HBL" };

export const validSend: JsonValue = {
  reference: "REF-0001",
  from: validAccount,
  txns: [
    {
      amount: 1500.5,
      currency: "PKR",
      to: { account_no: "9876543210", bank_code: "MCB" },
    },
  ],
};

export function basic(id: string, secret: string): string {
  // RFC 6749 §2.3.1: form-urlencode each part, then base64 "id:secret".
  const enc = (s: string): string => encodeURIComponent(s).replace(/%20/g, "+");
  return `Basic ${Buffer.from(`${enc(id)}:${enc(secret)}`, "utf8").toString("base64")}`;
}

/** POST a client_credentials grant. */
export function tokenRequest(
  url: string,
  how: "basic" | "form",
  id = "mock-client-id",
  secret = "mock-client-secret",
  grant = "client_credentials",
): Request {
  const form = new URLSearchParams({ grant_type: grant });
  const headers: Record<string, string> = {
    "content-type": "application/x-www-form-urlencoded",
  };
  if (how === "basic") headers["authorization"] = basic(id, secret);
  else {
    form.set("client_id", id);
    form.set("client_secret", secret);
  }
  return new Request(url, { method: "POST", headers, body: form.toString() });
}

/** Issues a token through the engine and returns it. */
export async function issueToken(engine: MockEngine): Promise<string> {
  const outcome = await engine.handle(tokenRequest(engine.tokenUrl, "basic"));
  if (outcome.kind !== "response" || outcome.response.status !== 200) {
    throw new Error("token grant failed");
  }
  const body = (await outcome.response.json()) as { access_token: string };
  return body.access_token;
}

/** A JSON POST to an operation. `body` as a string is sent verbatim. */
export function opRequest(
  engine: MockEngine,
  operation: string,
  body: JsonValue | string,
  token: string | undefined,
  contentType = "application/json",
): Request {
  const headers: Record<string, string> = { "content-type": contentType };
  if (token !== undefined) headers["authorization"] = `Bearer ${token}`;
  return new Request(engine.urlFor(operation), {
    method: "POST",
    headers,
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

/** A token from the mock's token endpoint, through `fetch` (msw's or a mock fetch). */
export async function fetchToken(
  fetch: typeof globalThis.fetch = globalThis.fetch,
): Promise<string> {
  const res = await fetch("https://auth.mock/oauth2/token", {
    method: "POST",
    headers: {
      authorization: basic("mock-client-id", "mock-client-secret"),
      "content-type": "application/x-www-form-urlencoded",
    },
    body: "grant_type=client_credentials",
  });
  if (res.status !== 200)
    throw new Error(`token endpoint answered ${res.status}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** POSTs a JSON body to an operation of the mock, through `fetch`. */
export function postOperation(
  fetch: typeof globalThis.fetch,
  path: string,
  body: unknown,
  bearer: string,
  signal?: AbortSignal,
): Promise<Response> {
  return fetch(`https://remittance.mock${path}`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${bearer}`,
      "content-type": "application/json",
    },
    body: JSON.stringify(body),
    ...(signal !== undefined ? { signal } : {}),
  });
}
