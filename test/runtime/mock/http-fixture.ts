/**
 * A small HTTP JSON API for the mock tests: methods, path templates, query
 * and header parameters, stated statuses and error bodies, an API key in a
 * header and no plan. The schemas are invented test data.
 */
import type {
  MockApi,
  MockAuth,
  MockEngine,
} from "../../../src/runtime/mock/engine.js";

export const API_KEY_HEADER = "X-API-Key";

export const httpApi: MockApi = {
  setId: "v2",
  baseUrl: "https://accounts.mock",
  auth: { scheme: "api-key", in: "header", name: API_KEY_HEADER },
  schemas: [
    {
      name: "Account",
      schema: {
        kind: "object",
        properties: [
          {
            name: "id",
            required: true,
            schema: { kind: "string", pattern: "^[0-9]{1,8}$" },
          },
          {
            name: "label",
            required: true,
            schema: { kind: "string", maxLength: 20 },
          },
        ],
      },
    },
    {
      name: "Problem",
      schema: {
        kind: "object",
        properties: [
          {
            name: "title",
            required: true,
            schema: { kind: "string", maxLength: 40 },
          },
          {
            name: "status",
            required: true,
            schema: { kind: "integer", minimum: 400, maximum: 599 },
          },
        ],
      },
    },
  ],
  operations: [
    {
      name: "list_accounts",
      method: "GET",
      path: "/accounts",
      effect: "read",
      parameters: [
        {
          name: "limit",
          in: "query",
          required: false,
          schema: { kind: "integer", minimum: 1, maximum: 100 },
        },
        {
          name: "status",
          in: "query",
          required: false,
          schema: {
            kind: "array",
            items: { kind: "enum", values: ["open", "closed"] },
          },
        },
        {
          name: "open_only",
          in: "query",
          required: false,
          schema: { kind: "boolean" },
        },
      ],
      request: false,
      response: {
        kind: "array",
        items: { kind: "ref", name: "Account" },
        maxItems: 3,
      },
    },
    {
      name: "get_me",
      method: "GET",
      path: "/accounts/me",
      effect: "read",
      request: false,
      response: { kind: "ref", name: "Account" },
    },
    {
      name: "get_account",
      method: "GET",
      path: "/accounts/{accountId}",
      effect: "read",
      parameters: [
        {
          name: "accountId",
          in: "path",
          required: true,
          schema: { kind: "string", pattern: "^[0-9]{1,8}$" },
        },
        {
          name: "X-Request-Id",
          in: "header",
          required: false,
          schema: { kind: "string", format: "uuid" },
        },
      ],
      request: false,
      response: { kind: "ref", name: "Account" },
      errors: [
        { status: 404, body: { kind: "ref", name: "Problem" } },
        { status: 410, body: false },
      ],
    },
    {
      name: "create_account",
      method: "POST",
      path: "/accounts",
      effect: "write",
      request: {
        kind: "object",
        properties: [
          {
            name: "label",
            required: true,
            schema: { kind: "string", maxLength: 20 },
          },
        ],
      },
      response: { kind: "ref", name: "Account" },
      status: 201,
    },
    {
      name: "delete_account",
      method: "DELETE",
      path: "/accounts/{accountId}",
      effect: "write",
      parameters: [
        {
          name: "accountId",
          in: "path",
          required: true,
          schema: { kind: "string" },
        },
      ],
      request: false,
      response: false,
      status: 204,
    },
    {
      name: "health",
      method: "GET",
      path: "/health",
      effect: "read",
      request: false,
      authenticated: false,
    },
  ],
};

/** The same API under another scheme. */
export function withAuth(auth: MockAuth): MockApi {
  return { ...httpApi, auth };
}

/** A request to `url` with the mock's documented API key. */
export function keyed(
  url: string,
  init: RequestInit & { headers?: Record<string, string> } = {},
): Request {
  return new Request(url, {
    ...init,
    headers: { [API_KEY_HEADER]: "mock-api-key", ...init.headers },
  });
}

/** The engine's answer to `request`, read. */
export async function answer(
  engine: MockEngine,
  request: Request,
): Promise<{ status: number; headers: Headers; text: string; body: any }> {
  const outcome = await engine.handle(request);
  if (outcome.kind !== "response") throw new Error(outcome.kind);
  const text = await outcome.response.text();
  return {
    status: outcome.response.status,
    headers: outcome.response.headers,
    text,
    body: text === "" ? undefined : JSON.parse(text),
  };
}
