/**
 * Routing by method and path template: a literal segment before a
 * templated one, 405 with the methods a path takes, path parameters
 * decoded, and URLs filled in.
 */
import { describe, expect, it } from "vitest";
import { createMockEngine } from "../../../src/runtime/mock/engine.js";
import { validateValue } from "../../../src/runtime/mock/validate.js";
import { answer, httpApi, keyed } from "./http-fixture.js";

const base = httpApi.baseUrl;

describe("routing by method and path template", () => {
  it("serves a path template's operations by method, a literal segment first", async () => {
    const engine = createMockEngine(httpApi);
    const got = await answer(engine, keyed(`${base}/accounts/42`));
    expect(got.status).toBe(200);
    expect(
      validateValue(
        got.body,
        { kind: "ref", name: "Account" },
        httpApi.schemas,
      ),
    ).toEqual([]);
    const me = await answer(engine, keyed(`${base}/accounts/me`));
    expect(me.status).toBe(200);
    const deleted = await answer(
      engine,
      keyed(`${base}/accounts/42`, { method: "DELETE" }),
    );
    expect(deleted).toMatchObject({ status: 204, text: "" });
    expect(
      engine.calls.map(({ operation, method, path, parameters }) => [
        operation,
        method,
        path,
        parameters.path,
      ]),
    ).toEqual([
      ["get_account", "GET", "/accounts/42", { accountId: "42" }],
      ["get_me", "GET", "/accounts/me", {}],
      ["delete_account", "DELETE", "/accounts/42", { accountId: "42" }],
    ]);
  });

  it("answers 405 naming the methods a path takes, and 404 under a served path", async () => {
    const engine = createMockEngine(httpApi);
    const put = await answer(
      engine,
      keyed(`${base}/accounts/42`, { method: "PUT", body: "{}" }),
    );
    expect(put.status).toBe(405);
    expect(put.headers.get("allow")).toBe("GET, DELETE");
    // The caller's segment is not repeated: it may hold anything.
    expect(put.body.error.message).toBe(
      "/accounts/[redacted] takes GET, DELETE only",
    );
    const deeper = await answer(engine, keyed(`${base}/accounts/42/cards`));
    expect(deeper.status).toBe(404);
    expect(deeper.body.error.message).toContain(
      "operations: GET /accounts, GET /accounts/me, GET /accounts/{accountId}, POST /accounts, DELETE /accounts/{accountId}, GET /health",
    );
    expect(deeper.body.error.message).not.toContain("token");
    // A trailing slash is another path.
    expect((await answer(engine, keyed(`${base}/accounts/`))).status).toBe(404);
    expect(engine.calls).toEqual([]);
  });

  it("decodes a path parameter, and checks it against its schema", async () => {
    const engine = createMockEngine(httpApi);
    const spaced = await answer(engine, keyed(`${base}/accounts/4%202`));
    expect(spaced.status).toBe(400);
    expect(spaced.body.error).toMatchObject({
      code: "invalid_parameter",
      message: 'Path parameter "accountId": must match pattern ^[0-9]{1,8}$',
      details: [
        {
          in: "path",
          name: "accountId",
          path: "",
          keyword: "pattern",
          message: "must match pattern ^[0-9]{1,8}$",
        },
      ],
    });
    const notUtf8 = await answer(engine, keyed(`${base}/accounts/%FF`));
    expect(notUtf8.body.error.message).toBe(
      'Path parameter "accountId": not valid percent-encoded UTF-8',
    );
    // Unreserved characters sent encoded are the same characters.
    const encoded = await answer(engine, keyed(`${base}/accounts/%34%32`));
    expect(encoded.status).toBe(200);
    expect(engine.calls.at(-1)?.parameters.path).toEqual({ accountId: "42" });
  });

  it("fills a template's parameters in urlFor, percent-encoded, and leaves the others", () => {
    const engine = createMockEngine(httpApi, {
      baseUrl: "http://localhost:9/api/",
    });
    expect(engine.urlFor("get_account", { accountId: "a/b c" })).toBe(
      "http://localhost:9/api/accounts/a%2Fb%20c",
    );
    expect(engine.urlFor("get_account")).toBe(
      "http://localhost:9/api/accounts/{accountId}",
    );
    expect(engine.urlFor("list_accounts")).toBe(
      "http://localhost:9/api/accounts",
    );
    expect(engine.tokenUrl).toBeUndefined();
  });

  it("refuses two operations with one method and path, however their parameters are named", () => {
    const op = {
      method: "GET" as const,
      effect: "read" as const,
      request: false as const,
    };
    expect(() =>
      createMockEngine({
        ...httpApi,
        operations: [
          { ...op, name: "a", path: "/x/{id}" },
          { ...op, name: "b", path: "/x/{key}" },
        ],
      }),
    ).toThrow(
      /operation "b" shares its URL https:\/\/accounts\.mock\/x\/\{key\} \(GET\)/,
    );
    // Another method on the same path is another operation.
    expect(() =>
      createMockEngine({
        ...httpApi,
        operations: [
          { ...op, name: "a", path: "/x/{id}" },
          { ...op, name: "b", method: "DELETE", path: "/x/{key}" },
        ],
      }),
    ).not.toThrow();
  });

  it("serves a segment that mixes text and a parameter", async () => {
    const engine = createMockEngine({
      ...httpApi,
      operations: [
        {
          name: "report",
          method: "GET",
          path: "/reports/{day}.json",
          effect: "read",
          request: false,
          parameters: [
            {
              name: "day",
              in: "path",
              required: true,
              schema: { kind: "string", format: "date" },
            },
          ],
        },
      ],
    });
    expect(
      (await answer(engine, keyed(`${base}/reports/2024-02-29.json`))).status,
    ).toBe(200);
    expect(engine.calls[0]?.parameters.path).toEqual({ day: "2024-02-29" });
    expect(
      (await answer(engine, keyed(`${base}/reports/2024-02-29.xml`))).status,
    ).toBe(404);
  });
});
