/**
 * Query and header parameters: read as their schemas type them, checked,
 * refused 400 naming the parameter (never quoting its value), and
 * recorded as read.
 */
import { describe, expect, it } from "vitest";
import { createMockEngine } from "../../../src/runtime/mock/engine.js";
import { answer, httpApi, keyed } from "./http-fixture.js";

const list = `${httpApi.baseUrl}/accounts`;

describe("query and header parameters", () => {
  it("reads an integer, a repeated array and a boolean, and records them typed", async () => {
    const engine = createMockEngine(httpApi);
    const got = await answer(
      engine,
      keyed(`${list}?limit=10&status=open&status=closed&open_only=true&_=1`),
    );
    expect(got.status).toBe(200);
    expect(engine.calls[0]).toMatchObject({
      operation: "list_accounts",
      method: "GET",
      query: "?limit=10&status=open&status=closed&open_only=true&_=1",
      // The undeclared cache buster is sent on, not read.
      parameters: {
        path: {},
        query: { limit: 10, status: ["open", "closed"], open_only: true },
        header: {},
      },
      body: undefined,
    });
  });

  it("refuses a value its schema does not take, naming the parameter, never its value", async () => {
    const engine = createMockEngine(httpApi);
    const cases: [string, string][] = [
      [
        "limit=ten-secret",
        'Query parameter "limit": expected integer, got string',
      ],
      ["limit=500", 'Query parameter "limit": must be <= 100'],
      ["limit=1&limit=2", 'Query parameter "limit": sent more than once'],
      [
        "open_only=yes",
        'Query parameter "open_only": expected boolean, got string',
      ],
      [
        "status=open&status=frozen",
        'Query parameter "status" at /1: must be one of: open, closed',
      ],
    ];
    for (const [query, message] of cases) {
      const got = await answer(engine, keyed(`${list}?${query}`));
      expect(got.status, query).toBe(400);
      expect(got.body.error.code).toBe("invalid_parameter");
      expect(got.body.error.message, query).toBe(message);
      // A value may be account data: the answer never repeats it.
      expect(got.text).not.toContain("ten-secret");
    }
    expect(engine.calls.map((call) => call.parameters.query)).toEqual(
      cases.map(() => ({})),
    );
  });

  it("lists every bad parameter and counts them in the message", async () => {
    const engine = createMockEngine(httpApi);
    const got = await answer(engine, keyed(`${list}?limit=0&open_only=maybe`));
    expect(got.body.error.message).toBe(
      'Query parameter "limit": must be >= 1 (and 1 more)',
    );
    expect(got.body.error.details.map((d: { name: string }) => d.name)).toEqual(
      ["limit", "open_only"],
    );
  });

  it("reads a header parameter, and refuses a required one left out", async () => {
    const engine = createMockEngine({
      ...httpApi,
      operations: httpApi.operations.map((op) =>
        op.name === "get_account"
          ? {
              ...op,
              parameters: op.parameters?.map((p) =>
                p.in === "header" ? { ...p, required: true } : p,
              ),
            }
          : op,
      ),
    });
    const url = `${httpApi.baseUrl}/accounts/42`;
    const id = "123e4567-e89b-42d3-a456-426614174000";
    expect(
      (await answer(engine, keyed(url, { headers: { "x-request-id": id } })))
        .status,
    ).toBe(200);
    const missing = await answer(engine, keyed(url));
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toBe(
      'Header parameter "X-Request-Id": required',
    );
    const bad = await answer(
      engine,
      keyed(url, { headers: { "X-Request-Id": "not-a-uuid" } }),
    );
    expect(bad.body.error.message).toBe(
      'Header parameter "X-Request-Id": must be a valid uuid',
    );
    expect(engine.calls[0]?.parameters).toEqual({
      path: { accountId: "42" },
      query: {},
      header: { "X-Request-Id": id },
    });
  });

  it("seeds a sample by the parameters, so another id answers other data", async () => {
    const engine = createMockEngine(httpApi);
    const one = await answer(engine, keyed(`${httpApi.baseUrl}/accounts/1`));
    const again = await answer(engine, keyed(`${httpApi.baseUrl}/accounts/1`));
    const two = await answer(engine, keyed(`${httpApi.baseUrl}/accounts/2`));
    expect(again.body).toEqual(one.body);
    expect(two.body).not.toEqual(one.body);
  });

  it("hands the resolver the parameters read, its own copy", async () => {
    const engine = createMockEngine(httpApi, {
      overrides: {
        get_account: {
          resolver: ({ parameters, body }) => {
            (parameters.path as Record<string, unknown>)["accountId"] = "x";
            return { id: "7", label: `seen ${body === undefined}` };
          },
        },
      },
    });
    const got = await answer(engine, keyed(`${httpApi.baseUrl}/accounts/7`));
    expect(got.body).toEqual({ id: "7", label: "seen true" });
    expect(engine.calls[0]?.parameters.path).toEqual({ accountId: "7" });
  });

  it("reads a value as whichever of a union's types takes it, a number enum and a const", async () => {
    const op = httpApi.operations.find(
      (each) => each.name === "list_accounts",
    )!;
    const engine = createMockEngine({
      ...httpApi,
      operations: [
        {
          ...op,
          parameters: [
            {
              name: "page",
              in: "query",
              required: false,
              schema: {
                kind: "union",
                mode: "oneOf",
                variants: [
                  { kind: "integer", minimum: 1 },
                  { kind: "enum", values: ["last"] },
                ],
              },
            },
            {
              name: "size",
              in: "query",
              required: false,
              schema: { kind: "enum", values: [10, 50] },
            },
            {
              name: "v",
              in: "header",
              required: false,
              schema: { kind: "const", value: 2 },
            },
          ],
        },
      ],
    });
    const read = async (
      query: string,
      headers: Record<string, string> = {},
    ) => {
      const got = await answer(engine, keyed(`${list}?${query}`, { headers }));
      return got.status === 200
        ? engine.calls.at(-1)?.parameters
        : got.body.error.message;
    };
    expect(await read("page=3&size=50", { v: "2" })).toEqual({
      path: {},
      query: { page: 3, size: 50 },
      header: { v: 2 },
    });
    expect((await read("page=last"))?.query).toEqual({ page: "last" });
    expect(await read("size=20")).toBe(
      'Query parameter "size": must be one of: 10, 50',
    );
  });
});
