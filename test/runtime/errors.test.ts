import { oauth2ClientCredentials } from "../../src/runtime/auth.js";
import { describe, expect, it } from "vitest";
import {
  ApiError,
  AuthError,
  ConfigError,
  NetworkError,
  OutcomeUnknownError,
  RateLimitError,
  ClientError,
  TimeoutError,
} from "../../src/runtime/errors.js";
import {
  isSensitiveHeader,
  redactHeaders,
  redactText,
  REDACTED,
} from "../../src/runtime/redact.js";
import { createTransport } from "../../src/runtime/transport.js";
import { DEFAULTS, WRITE, rejection } from "./helpers/server.js";

describe("errors", () => {
  const cases: [ClientError, string, string][] = [
    [new ClientError("x"), "ClientError", "CLIENT_ERROR"],
    [new ApiError("get_x", 400, { e: 1 }), "ApiError", "API_ERROR"],
    [new AuthError("x"), "AuthError", "AUTH_ERROR"],
    [new RateLimitError("get_x", 5), "RateLimitError", "RATE_LIMITED"],
    [new TimeoutError("get_x", 10), "TimeoutError", "TIMEOUT"],
    [new NetworkError("get_x"), "NetworkError", "NETWORK_ERROR"],
    [
      new OutcomeUnknownError("send_x", { a: 1 }),
      "OutcomeUnknownError",
      "OUTCOME_UNKNOWN",
    ],
    [new ConfigError("x"), "ConfigError", "CONFIG_ERROR"],
  ];

  it.each(cases)(
    "%s has its name, code and base classes",
    (error, name, code) => {
      expect(error).toBeInstanceOf(Error);
      expect(error).toBeInstanceOf(ClientError);
      expect(error.name).toBe(name);
      expect(error.code).toBe(code);
      expect(String(error).startsWith(`${name}: `)).toBe(true);
    },
  );

  it("ApiError carries operation, status and body", () => {
    const error = new ApiError("get_x", 422, { reason: "bad" });
    expect(error).toMatchObject({
      operation: "get_x",
      status: 422,
      body: { reason: "bad" },
    });
    expect(error.message).toBe("get_x failed with HTTP 422");
    expect(JSON.parse(JSON.stringify(error))).toMatchObject({
      name: "ApiError",
      code: "API_ERROR",
      status: 422,
      body: { reason: "bad" },
    });
  });

  it("OutcomeUnknownError tells the caller to reconcile, not resend", () => {
    const body = { amount: "10.00", reference: "r-1" };
    const cause = new TimeoutError("send_x", 100);
    const error = new OutcomeUnknownError("send_x", body, { cause });
    expect(error.operation).toBe("send_x");
    expect(error.requestBody).toBe(body);
    expect(error.cause).toBe(cause);
    expect(error.message).toMatch(/Do not resend/);
    expect(error.message).toMatch(/no status operation/);
    // cause stays out of JSON (it is not enumerable); the body is in it.
    expect(JSON.parse(JSON.stringify(error))).toEqual({
      name: "OutcomeUnknownError",
      code: "OUTCOME_UNKNOWN",
      operation: "send_x",
      requestBody: body,
    });
  });

  it("OutcomeUnknownError names the set's status operation, and only one the set has", async () => {
    const unknownOutcome = async (statusOperation?: string) => {
      const transport = createTransport(
        {
          baseUrl: "https://bank.example",
          getAccessToken: async () => "token",
          fetch: async () => new Response("", { status: 503 }),
        },
        { ...DEFAULTS, statusOperation },
        oauth2ClientCredentials("/oauth2/token"),
      );
      const error = await rejection(transport.call(WRITE, { amount: "1" }));
      expect(error).toBeInstanceOf(OutcomeUnknownError);
      return error as OutcomeUnknownError;
    };
    const withStatus = await unknownOutcome("getTransactionStatus");
    expect(withStatus.statusOperation).toBe("getTransactionStatus");
    expect(withStatus.message).toBe(
      `${WRITE.name}: outcome unknown, the server may have acted. Do not resend: reconcile with getTransactionStatus.`,
    );
    const without = await unknownOutcome();
    expect(without.statusOperation).toBeUndefined();
    expect(without.message).toBe(
      `${WRITE.name}: outcome unknown, the server may have acted. Do not resend: reconcile by other means (this API set has no status operation).`,
    );
    expect(without.message).not.toMatch(/reconcile with /);
  });

  it("AuthError and RateLimitError carry their details", () => {
    const auth = new AuthError("no", {
      status: 400,
      error: "invalid_scope",
      errorDescription: "d",
    });
    expect(auth).toMatchObject({
      status: 400,
      error: "invalid_scope",
      errorDescription: "d",
    });
    expect(new AuthError("no").status).toBeUndefined();
    const limited = new RateLimitError("get_x", 1500);
    expect(limited).toMatchObject({ operation: "get_x", retryAfterMs: 1500 });
    expect(limited.message).toContain("get_x");
    expect(new RateLimitError("get_x", undefined).retryAfterMs).toBeUndefined();
    const cause = new ApiError("get_x", 429, {});
    expect(new RateLimitError("get_x", undefined, { cause })).toMatchObject({
      operation: "get_x",
      message: "get_x failed: rate limited",
      cause,
    });
  });
});

describe("redaction", () => {
  it.each([
    "Authorization",
    "proxy-authorization",
    "Cookie",
    "set-cookie",
    "x-api-key",
    "API_KEY",
    "apikey",
    "x-auth-token",
    "X-Client-Secret",
    "refresh_token",
  ])("%s is sensitive", (name) => {
    expect(isSensitiveHeader(name)).toBe(true);
  });

  it.each([
    "content-type",
    "accept",
    "x-request-id",
    "retry-after",
    "www-authenticate-ish",
  ])("%s is not sensitive", (name) => {
    expect(isSensitiveHeader(name)).toBe(false);
  });

  it("redactText removes every occurrence of each secret", () => {
    expect(redactText("a s3c b s3c c tok", ["s3c", "tok", ""])).toBe(
      "a [REDACTED] b [REDACTED] c [REDACTED]",
    );
  });

  it("redacts a Headers object and a record, keeping the rest", () => {
    const headers = new Headers({
      Authorization: "Bearer abc",
      "Content-Type": "application/json",
      "X-Api-Key": "k",
      Cookie: "s=1",
    });
    expect(redactHeaders(headers, [])).toEqual({
      authorization: REDACTED,
      "content-type": "application/json",
      "x-api-key": REDACTED,
      cookie: REDACTED,
    });
    expect(
      redactHeaders({ "Proxy-Authorization": "Basic x", "X-Trace": "t" }, []),
    ).toEqual({
      "proxy-authorization": "[REDACTED]",
      "x-trace": "t",
    });
    // A secret is removed from the values kept, wherever it stands.
    expect(
      redactHeaders({ "X-Echo": "Bearer abc, again abc", Accept: "*/*" }, [
        "abc",
      ]),
    ).toEqual({
      "x-echo": "Bearer [REDACTED], again [REDACTED]",
      accept: "*/*",
    });
  });
});
