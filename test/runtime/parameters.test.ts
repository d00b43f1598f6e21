/**
 * withParameters: path segments encoded whole (nothing leaves its segment
 * or the base path), query and header parameters as text, and a bad value
 * refused without being echoed.
 */
import { describe, expect, it } from "vitest";
import { ConfigError } from "../../src/runtime/errors.js";
import { withParameters } from "../../src/runtime/parameters.js";

const refusal = (run: () => unknown): ConfigError => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error("not refused");
};

describe("withParameters", () => {
  it("encodes each path parameter as one segment", () => {
    const fill = (accountId: string | number | boolean): string =>
      withParameters({ path: { accountId, kind: "x y" } })(
        "/accounts/{accountId}/{kind}",
      ).path;
    expect(fill("ab12")).toBe("/accounts/ab12/x%20y");
    expect(fill(42)).toBe("/accounts/42/x%20y");
    expect(fill(true)).toBe("/accounts/true/x%20y");
    // A slash, a query or a fragment stays inside the segment.
    expect(fill("../admin/send?x=1#y")).toBe(
      "/accounts/..%2Fadmin%2Fsend%3Fx%3D1%23y/x%20y",
    );
    expect(fill("%2e%2e")).toBe("/accounts/%252e%252e/x%20y");
    expect(fill("é/ü")).toBe("/accounts/%C3%A9%2F%C3%BC/x%20y");
  });

  it.each(["", ".", ".."])(
    "refuses the path segment %j, which would move the path",
    (value) => {
      const error = refusal(() =>
        withParameters({ path: { id: value } })("/a/{id}/b"),
      );
      expect(error.message).toBe("parameter id is out of range");
    },
  );

  it("refuses a missing path parameter and values that are not scalars, naming only the parameter", () => {
    expect(refusal(() => withParameters({ path: {} })("/a/{id}")).message).toBe(
      "parameter id is out of range",
    );
    for (const bad of [NaN, Infinity, { secret: "hunter2" }, null]) {
      const error = refusal(() =>
        withParameters({ query: { q: bad as never } })("/a"),
      );
      expect(error.message).toBe("parameter q is out of range");
      expect(error.message).not.toContain("hunter2");
    }
  });

  it("writes query parameters as text, arrays as repeated keys, and leaves undefined out", () => {
    const { path, headers } = withParameters({
      query: {
        limit: 10,
        verbose: false,
        tag: ["a b", "c&d"],
        "page size": 2.5,
        cursor: undefined,
        empty: [],
      },
    })("/items");
    expect(path).toBe(
      "/items?limit=10&verbose=false&tag=a%20b&tag=c%26d&page%20size=2.5",
    );
    expect(headers).toBeUndefined();
    expect(
      withParameters({ query: { cursor: undefined } })("/items").path,
    ).toBe("/items");
  });

  it("writes header parameters as text, arrays joined, and refuses a value a header cannot hold", () => {
    const { headers } = withParameters({
      headers: {
        "X-Request-Id": "r-1",
        "X-Tags": ["a", "b"],
        "X-Count": 3,
        "X-Absent": undefined,
      },
    })("/items");
    expect(headers).toEqual({
      "x-request-id": "r-1",
      "x-tags": "a, b",
      "x-count": "3",
    });
    const error = refusal(() =>
      withParameters({ headers: { "X-Note": "a\r\nset-cookie: hunter2" } })(
        "/items",
      ),
    );
    expect(error.message).toBe("parameter X-Note is out of range");
  });
});
