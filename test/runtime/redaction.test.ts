// A server may echo the bearer token in an error body, escaped as a JSON
// encoder writes it; parsing turns the escape back into the token.
import { afterEach, describe, expect, it } from "vitest";
import { ApiError, OutcomeUnknownError } from "../../src/runtime/errors.js";
import { REDACTED, redactHeaders, redactJson } from "../../src/runtime/redact.js";
import {
  READ,
  WRITE,
  client,
  closeAll,
  exposure,
  rejection,
  startServer,
} from "./helpers/server.js";

afterEach(closeAll);
const TOKEN = "eyJhbGciOi/Jh+bGc9-review-token/xyz"; // base64: "/" and "+"

const escapes: [string, (token: string) => string][] = [
  ["as it is", (t) => t],
  ["with \\/ (PHP's json_encode)", (t) => t.split("/").join("\\/")],
  [
    "with \\u escapes",
    (t) => t.replace(/[+/]/g, (c) => "\\u00" + c.charCodeAt(0).toString(16)),
  ],
];

describe.each(escapes)("a token echoed %s", (_name, escape) => {
  it.each([
    ["in a JSON value", (t: string) => `{"token":"${t}"}`],
    ["in a JSON key, deep", (t: string) => `{"a":[{"b":{"${t}":1}}]}`],
    ["in an HTML page", (t: string) => `<p>token ${t}</p>`],
  ])("%s stays out of the error", async (_where, body) => {
    const server = await startServer((req, res) => {
      const bearer = String(req.headers.authorization).slice(7);
      res.writeHead(400).end(body(escape(bearer)));
    });
    const transport = client(server, { getAccessToken: async () => TOKEN });
    for (const op of [READ, WRITE]) {
      const error = await rejection(transport.call(op, {}));
      expect(error).toBeInstanceOf(ApiError);
      expect(exposure(error)).not.toContain(TOKEN);
      if (!body("").startsWith("<") || escape === escapes[0]![1]) {
        expect(exposure(error)).toContain(REDACTED);
      }
    }
  });
});

it("a token escaped in a write's 5xx body stays out of the unknown outcome", async () => {
  const server = await startServer((req, res) => {
    const bearer = String(req.headers.authorization).slice(7);
    res.writeHead(502).end(`{"echo":"${bearer.split("/").join("\\/")}"}`);
  });
  const error = await rejection(
    client(server, { getAccessToken: async () => TOKEN }).call(WRITE, {}),
  );
  expect(error).toBeInstanceOf(OutcomeUnknownError);
  expect(exposure(error)).not.toContain(TOKEN);
});

describe("redactJson", () => {
  it("redacts strings and keys at any depth, in place", () => {
    const value = JSON.parse(
      '{"a":"x-SECRET-y","SECRET":[["SECRET"]],"n":1,"z":null}',
    ) as Record<string, unknown>;
    expect(redactJson(value, ["SECRET"])).toBe(value);
    expect(value).toEqual({
      a: `x-${REDACTED}-y`,
      [REDACTED]: [[REDACTED]],
      n: 1,
      z: null,
    });
  });

  it("survives nesting deeper than the stack, and __proto__ keys stay own keys", () => {
    const depth = 100_000;
    const deep = "[".repeat(depth) + '"SECRET"' + "]".repeat(depth);
    let leaf = redactJson(JSON.parse(deep), ["SECRET"]);
    for (let level = 0; level < depth; level++) leaf = (leaf as unknown[])[0];
    expect(leaf).toBe(REDACTED);
    const proto = JSON.parse(
      '{"__proto__SECRET":1,"__proto__":{"x":"SECRET"}}',
    );
    redactJson(proto, ["SECRET"]);
    expect(Object.getPrototypeOf(proto)).toBe(Object.prototype);
    expect(Object.keys(proto)).toEqual(["__proto__", `__proto__${REDACTED}`]);
    expect(({} as Record<string, unknown>)["x"]).toBeUndefined();
  });

  it("returns a redacted string for a string", () => {
    expect(redactJson("aSECRETb", ["SECRET"])).toBe(`a${REDACTED}b`);
  });
});

describe("redactHeaders", () => {
  it("redacts every header that carries credentials or may, by name, and keeps the rest", () => {
    const headers = {
      authorization: "Bearer a",
      "proxy-authorization": "Basic b",
      "authentication-info": "c",
      "x-auth": "d",
      "x-access-key": "e",
      "x-api-key": "f",
      "x-signature": "g",
      "x-session-id": "h",
      "x-csrf-token": "i",
      "set-cookie": "j",
      "x-client-secret": "k",
      "x-password": "l",
      "x-credentials": "m",
      "content-type": "application/json",
      "x-request-id": "r-1",
      accept: "application/json",
    };
    const redacted = redactHeaders(headers);
    const kept = ["content-type", "x-request-id", "accept"];
    for (const [name, value] of Object.entries(headers)) {
      expect(redacted[name]).toBe(kept.includes(name) ? value : REDACTED);
    }
  });
});
