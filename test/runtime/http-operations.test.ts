/**
 * Operations of any HTTP JSON API through the transport, against a real
 * server on 127.0.0.1: each method, a call without a body, parameters,
 * answers without a body, a set without a plan, the API's own base URL,
 * and error answers narrowed by isApiError.
 */
import { afterEach, describe, expect, it } from "vitest";
import {
  ApiError,
  ConfigError,
  type ApiErrorOf,
  OutcomeUnknownError,
  isApiError,
} from "../../src/runtime/errors.js";
import { withParameters } from "../../src/runtime/parameters.js";
import {
  createTransport,
  type HttpMethod,
  type OperationDescriptor,
} from "../../src/runtime/transport.js";
import {
  closeAll,
  rejection,
  sendJson,
  startServer,
} from "./helpers/server.js";

afterEach(closeAll);

async function echoServer() {
  return startServer((request, response) => {
    const status = Number(/[?&]status=(\d+)/.exec(request.path)?.[1] ?? 200);
    if (status === 204) {
      response.writeHead(204);
      return response.end();
    }
    return sendJson(response, status, {
      method: request.method,
      path: request.path,
    });
  });
}

describe("the transport", () => {
  it.each(["GET", "POST", "PUT", "PATCH", "DELETE"] as HttpMethod[])(
    "sends %s, with a JSON body only when there is one",
    async (method) => {
      const server = await echoServer();
      const transport = createTransport({ baseUrl: server.url }, {});
      const operation: OperationDescriptor = {
        name: "op",
        method,
        path: "/items",
        effect: "read",
      };
      await expect(transport.call(operation, undefined)).resolves.toEqual({
        method,
        path: "/items",
      });
      const [request] = server.requests;
      expect(request!.body).toBe("");
      expect(request!.headers["content-type"]).toBeUndefined();
      expect(request!.headers.accept).toBe("application/json");
      if (method !== "GET" && method !== "DELETE") {
        await transport.call(operation, { a: 1 });
        expect(server.requests[1]!.body).toBe('{"a":1}');
        expect(server.requests[1]!.headers["content-type"]).toBe(
          "application/json",
        );
      }
    },
  );

  it("fills in parameters, puts header parameters over the caller's and never over its own", async () => {
    const server = await echoServer();
    const transport = createTransport({ baseUrl: `${server.url}/v2/` }, {});
    await transport.call(
      { name: "get", method: "GET", path: "/accounts/{id}", effect: "read" },
      undefined,
      { headers: { "x-trace": "caller", "x-other": "kept" } },
      withParameters({
        path: { id: "a/../b" },
        query: { tag: ["x", "y"], limit: 5 },
        headers: { "X-Trace": "parameter", Accept: "text/html" },
      }),
    );
    const [request] = server.requests;
    expect(request!.path).toBe("/v2/accounts/a%2F..%2Fb?tag=x&tag=y&limit=5");
    expect(request!.headers["x-trace"]).toBe("parameter");
    expect(request!.headers["x-other"]).toBe("kept");
    expect(request!.headers.accept).toBe("application/json");
  });

  it("rejects, sending nothing, when a parameter is out of range", async () => {
    const server = await echoServer();
    const transport = createTransport({ baseUrl: server.url }, {});
    const error = await rejection(
      transport.call(
        { name: "get", method: "GET", path: "/a/{id}", effect: "read" },
        undefined,
        {},
        withParameters({ path: { id: ".." } }),
      ),
    );
    expect(error).toBeInstanceOf(ConfigError);
    expect(server.requests).toHaveLength(0);
  });

  it("returns undefined for an answer without a body: a 204, a stated empty status, a `none` response", async () => {
    const server = await echoServer();
    const transport = createTransport({ baseUrl: server.url }, {});
    const json = {
      name: "op",
      path: "/x",
      effect: "read",
      response: "json",
    } as const;
    await expect(
      transport.call({ ...json, path: "/x?status=204", empty: [204] }, {}),
    ).resolves.toBeUndefined();
    await expect(
      transport.call({ ...json, path: "/x?status=201", empty: [204] }, {}),
    ).resolves.toEqual({ method: "POST", path: "/x?status=201" });
    await expect(
      transport.call({ ...json, response: "none" }, {}),
    ).resolves.toBeUndefined();
    // An object response reads an empty body as {} (as a spec that does not show it).
    await expect(
      transport.call({ name: "op", path: "/x?status=204", effect: "read" }, {}),
    ).resolves.toEqual({});
    // Any JSON value, empty and not stated empty: unreadable, and a write's outcome unknown.
    await expect(
      transport.call({ ...json, path: "/x?status=204" }, {}),
    ).rejects.toBeInstanceOf(ApiError);
    await expect(
      transport.call({ ...json, effect: "write", path: "/x?status=204" }, {}),
    ).rejects.toBeInstanceOf(OutcomeUnknownError);
  });

  it("has no limiter without a plan, and the plan's or a custom one otherwise", async () => {
    const server = await echoServer();
    const read = { name: "op", path: "/x", effect: "read" } as const;
    const free = createTransport(
      { baseUrl: server.url, rateLimit: "reject" },
      {},
    );
    await Promise.all([1, 2, 3].map(() => free.call(read, {})));
    const planned = createTransport(
      { baseUrl: server.url, rateLimit: "reject" },
      { plan: { name: "one", limit: 1, intervalMs: 60_000 } },
    );
    await planned.call(read, {});
    await expect(planned.call(read, {})).rejects.toMatchObject({
      code: "RATE_LIMITED",
    });
    const custom = createTransport(
      {
        baseUrl: server.url,
        rateLimit: { limit: 1, intervalMs: 60_000, mode: "reject" },
      },
      {},
    );
    await custom.call(read, {});
    await expect(custom.call(read, {})).rejects.toMatchObject({
      code: "RATE_LIMITED",
    });
    expect(server.requests).toHaveLength(5);
  });

  it("uses the API's base URL when the option is left out, and still checks it", async () => {
    const server = await echoServer();
    const transport = createTransport({}, { baseUrl: `${server.url}/api` });
    await transport.call({ name: "op", path: "/x", effect: "read" }, {});
    expect(server.requests[0]!.path).toBe("/api/x");
    expect(() => createTransport({}, {})).toThrow(
      new ConfigError("baseUrl is required"),
    );
    expect(() =>
      createTransport({}, { baseUrl: "http://api.example.com" }),
    ).toThrow(ConfigError);
  });
});

describe("isApiError", () => {
  interface Problem {
    title: string;
  }
  type GetError =
    ApiErrorOf<404, Problem> | ApiErrorOf<409, { conflict: true }>;

  it("narrows an error answer of the operation, of a stated status, read whole", async () => {
    const error: unknown = new ApiError("get", 404, { title: "gone" });
    expect(error).toBeInstanceOf(ApiError);
    if (
      isApiError<GetError>(error, "get", [404, 409]) &&
      error.status === 404
    ) {
      // Typed by status: this line compiles only if the narrowing holds.
      const title: string = error.body.title;
      expect(title).toBe("gone");
    } else {
      throw new Error("not narrowed");
    }
    expect(isApiError(error, "other", [404])).toBe(false);
    expect(isApiError(error, "get", [409])).toBe(false);
    expect(
      isApiError(new ApiError("get", 404, "<html", true), "get", [404]),
    ).toBe(false);
    expect(isApiError(new Error("x"), "get", [404])).toBe(false);
  });
});
