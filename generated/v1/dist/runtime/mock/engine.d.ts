// Copied by remitgen from its runtime (src/runtime/mock/engine.ts). DO NOT EDIT.

/**
 * The mock runtime's framework-neutral core: a Fetch API `Request` goes in,
 * a {@link MockOutcome} comes out. The msw adapter (`./msw.js`), the mock
 * fetch (`./fetch.js`) and the `remitgen mock` HTTP server are thin front
 * doors over this one engine.
 *
 * This module is the engine's contract (types, defaults, option checks)
 * and puts its parts together: `dispatch.ts` routes a request by method
 * and path template, `credentials.ts` checks the scheme's credentials,
 * `tokens.ts` is the OAuth2 token endpoint and the issued tokens,
 * `parameters.ts` reads path, query and header parameters, `calls.ts`
 * takes one operation call through its checks, `faults.ts` holds the
 * overrides and what a fault does, `recording.ts` the bounded call log,
 * and `answers.ts` reads bodies and writes answers by the conventions.
 *
 * Copied verbatim into every generated package (subpaths `./mocks` and
 * `./mock-fetch`), so it uses no dependencies and no `node:` modules, only
 * ECMAScript and Fetch API globals.
 *
 * Everything the engine answers beyond what the spec states (the error
 * payloads of its refusals, which status goes with which failure) is a
 * **mock convention**, replaceable through {@link MockOptions.conventions};
 * it is not a claim about how the service behaves.
 *
 * @packageDocumentation
 */
import type { JsonValue } from "../json.js";
import type { NamedSchema, SchemaNode } from "../schema.js";
export { DEFAULT_ERROR_STATUSES, defaultErrorBody } from "./answers.js";
export { MAX_LISTED_VIOLATIONS } from "./calls.js";
export { HIDDEN_SEGMENT, maskPath, routeSegments } from "./dispatch.js";
/** Default base URL of the mocked authorization API (token endpoint). */
export declare const DEFAULT_AUTH_URL: string;
/** Default OAuth2 client id the mock accepts. */
export declare const DEFAULT_CLIENT_ID: string;
/** Default OAuth2 client secret the mock accepts. */
export declare const DEFAULT_CLIENT_SECRET: string;
/** Default API key the mock accepts (scheme `api-key`). */
export declare const DEFAULT_API_KEY: string;
/** Default user name the mock accepts (scheme `basic`). */
export declare const DEFAULT_USERNAME: string;
/** Default password the mock accepts (scheme `basic`). */
export declare const DEFAULT_PASSWORD: string;
/** Default static token the mock accepts (scheme `bearer`). */
export declare const DEFAULT_BEARER_TOKEN: string;
/** Default lifetime of issued access tokens, in seconds. */
export declare const DEFAULT_TOKEN_LIFETIME_SECONDS: number;
/** Default request body limit: 1 MiB. */
export declare const DEFAULT_MAX_BODY_BYTES: number;
/**
 * Default number of calls the engine keeps (the newest): a mock under load
 * kept every call, and grew by 150 MB in five 8-second runs.
 */
export declare const DEFAULT_MAX_RECORDED_CALLS: number;
/** The methods an operation may use. */
export type MockMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
/** A path, query or header parameter, in OpenAPI's words. */
export interface MockParameter {
  /** As sent, e.g. `accountId`, `limit` or `X-Request-Id`. */
  readonly name: string;
  readonly in: "path" | "query" | "header";
  readonly required: boolean;
  /** A scalar or enum, or (query, header) an array of them. */
  readonly schema: SchemaNode;
}
/** One operation as the mock sees it. */
export interface MockOperation {
  /** Operation name, e.g. `get_account`. */
  readonly name: string;
  readonly method: MockMethod;
  /** Path template below the base URL, e.g. `/accounts/{accountId}`. */
  readonly path: string;
  readonly effect: "read" | "write";
  /** Path, query and header parameters; none when left out. */
  readonly parameters?: readonly MockParameter[];
  /** `false`: the operation takes no body. `undefined`: any JSON body (not shown). */
  readonly request?: SchemaNode | false;
  /** `false`: the answer has no body. `undefined`: not shown (an open object). */
  readonly response?: SchemaNode | false;
  /** The success status the spec states. Default 200. */
  readonly status?: number;
  /**
   * Error answers the spec states: a status fault with no body of its own
   * answers the stated body (`false`: none; left out: a convention body).
   */
  readonly errors?: readonly {
    readonly status: number;
    readonly body?: SchemaNode | false;
  }[];
  /** `false`: the operation takes no credentials. Default true. */
  readonly authenticated?: boolean;
}
/** How operations authenticate: one scheme per API. */
export type MockAuth =
  /** Bearer tokens from the mock's token endpoint (`authUrl + tokenPath`). */
  | {
      readonly scheme: "oauth2-client-credentials";
      readonly tokenPath: string;
    }
  /** An API key in a header or a query parameter named `name`. */
  | {
      readonly scheme: "api-key";
      readonly in: "header" | "query";
      readonly name: string;
    }
  | {
      readonly scheme: "basic";
    }
  /** A static bearer token. */
  | {
      readonly scheme: "bearer";
    }
  | {
      readonly scheme: "none";
    };
/** Everything the engine needs to know about one API set. */
export interface MockApi {
  readonly setId: string;
  /** Where operations are served unless the options say otherwise, e.g. `https://example.mock`. */
  readonly baseUrl: string;
  /** The plan's rate limit, e.g. 10000 per hour; none, no limit. */
  readonly plan?: {
    readonly name: string;
    readonly limit: number;
    readonly intervalMs: number;
  };
  readonly auth: MockAuth;
  readonly operations: readonly MockOperation[];
  /** Named schemas that `ref` nodes point to. */
  readonly schemas: readonly NamedSchema[];
}
/** Tuning for one engine. Every member is optional. */
export interface MockOptions {
  /** Base URL operations are served under. Default {@link MockApi.baseUrl}. */
  baseUrl?: string | undefined;
  /** Base URL the token endpoint is served under. Default {@link DEFAULT_AUTH_URL}. */
  authUrl?: string | undefined;
  /** Accepted client id. Default {@link DEFAULT_CLIENT_ID}. */
  clientId?: string | undefined;
  /** Accepted client secret. Default {@link DEFAULT_CLIENT_SECRET}. Never echoed. */
  clientSecret?: string | undefined;
  /** Accepted API key (scheme `api-key`). Default {@link DEFAULT_API_KEY}. Never echoed. */
  apiKey?: string | undefined;
  /** Accepted user name (scheme `basic`). Default {@link DEFAULT_USERNAME}. */
  username?: string | undefined;
  /** Accepted password (scheme `basic`). Default {@link DEFAULT_PASSWORD}. Never echoed. */
  password?: string | undefined;
  /**
   * Accepted static token (scheme `bearer`), as the client's `token`
   * option names it. Default {@link DEFAULT_BEARER_TOKEN}. Never echoed.
   */
  token?: string | undefined;
  /** Lifetime of issued tokens. Default {@link DEFAULT_TOKEN_LIFETIME_SECONDS}. */
  tokenLifetimeSeconds?: number | undefined;
  /** `false` switches rate limiting off; an object replaces the plan's limit (or sets one). */
  rateLimit?:
    | false
    | {
        limit: number;
        intervalMs: number;
      }
    | undefined;
  /** Latency adapters add to every answer, in ms. Default 0. */
  latencyMs?: number | undefined;
  /** Request bodies above this many bytes get 413. Default 1 MiB. */
  maxBodyBytes?: number | undefined;
  /**
   * How many calls {@link MockEngine.calls} keeps: past it, the oldest are
   * dropped and counted in {@link MockEngine.droppedCalls}. Default
   * {@link DEFAULT_MAX_RECORDED_CALLS}; `0` keeps none.
   */
  maxRecordedCalls?: number | undefined;
  /** Per-operation behaviour, by operation name. */
  overrides?: Record<string, MockOverride> | undefined;
  /** Replaces the mocks' own error conventions (see {@link MockConventions}). */
  conventions?: Partial<MockConventions> | undefined;
  /** Clock in epoch ms, for token expiry and rate limiting. Default `Date.now`. */
  now?: (() => number) | undefined;
}
/** A failure injected into an operation. */
export type MockFault =
  /**
   * Answer with this status and body; without a body, the one the spec
   * states for this status (a sample of its schema), else a convention
   * error body. `applied: true` records the call as carried out before the
   * answer: a 500 after a write went through, the case a client must
   * reconcile.
   * Default: applied only for a 2xx status.
   */
  | {
      kind: "status";
      status: number;
      body?: JsonValue | undefined;
      retryAfterSeconds?: number | undefined;
      applied?: boolean | undefined;
    }
  /** Never answer; the client has to time out. Not applied. */
  | {
      kind: "timeout";
    }
  /** Drop the connection. Not applied. */
  | {
      kind: "drop";
    }
  /** Apply the call (recorded `applied: true`), then drop the connection. */
  | {
      kind: "applied-then-drop";
    };
/** Per-operation behaviour. */
export interface MockOverride {
  /** Fixed response body. */
  response?: JsonValue | undefined;
  /** Success status. Default the one the spec states, else 200. */
  status?: number | undefined;
  /** Computes the response body; wins over `response`. */
  resolver?:
    | ((ctx: {
        operation: string;
        /** `undefined` for an operation that takes no body. */
        body: JsonValue | undefined;
        /** The declared parameters sent, as read (see {@link RecordedCall.parameters}). */
        parameters: MockParameterValues;
        /**
         * 0-based: calls to this operation that arrived earlier since reset,
         * answered or not, so concurrent calls each get their own index.
         */
        callIndex: number;
      }) => JsonValue | Promise<JsonValue>)
    | undefined;
  /**
   * Failure to inject, for the first `faultTimes` valid calls. A call is
   * counted once its body is read and validated, not when it arrives (a
   * refused call takes no fault): of calls sent at once, the first whose
   * body completes meets it, over a network not always the first sent.
   * {@link MockEngine.calls} (in arrival order) shows which did; to fault
   * one particular call, send the calls one after another.
   */
  fault?: MockFault | undefined;
  /** How many calls the fault applies to. Default `Infinity`. */
  faultTimes?: number | undefined;
  /** Latency for this operation, replacing {@link MockOptions.latencyMs}. */
  latencyMs?: number | undefined;
}
/** Why the mock refused or failed a call. The codes are mock conventions. */
export type MockErrorCode =
  | "unauthorized"
  | "invalid_request"
  | "invalid_parameter"
  | "rate_limited"
  | "unsupported_media_type"
  | "invalid_json"
  | "validation_failed"
  | "payload_too_large"
  | "not_found"
  | "method_not_allowed"
  | "injected_fault"
  | "mock_error";
/** What an error body is built from. Never contains secrets or tokens. */
export interface MockError {
  readonly code: MockErrorCode;
  readonly status: number;
  readonly message: string;
  /** The operation called, when the URL named one. */
  readonly operation?: string;
  /**
   * For `validation_failed`: the list of {@link SchemaViolation}s; for
   * `invalid_parameter`: one entry per violation, naming the parameter.
   */
  readonly details?: JsonValue;
}
/**
 * The mocks' own error conventions for the refusals the spec does not
 * describe: choices of the mock, made replaceable.
 */
export interface MockConventions {
  /** Builds an error body. Default {@link defaultErrorBody}. */
  errorBody: (error: MockError) => JsonValue;
  /** Status per condition; missing entries use {@link DEFAULT_ERROR_STATUSES}. */
  statuses: Partial<Record<Exclude<MockErrorCode, "injected_fault">, number>>;
}
/** What an adapter should do with a request. */
export type MockOutcome =
  /** Answer with `response` after waiting `delayMs`. */
  | {
      kind: "response";
      response: Response;
      delayMs: number;
    }
  /** Drop the connection after waiting `delayMs`; `applied` tells why. */
  | {
      kind: "drop";
      applied: boolean;
      delayMs: number;
    }
  /** Never answer; wait until the client gives up. */
  | {
      kind: "hang";
    };
/** The declared parameters a call sent, by where they were sent and name, as read against their schemas. */
export interface MockParameterValues {
  readonly path: Readonly<Record<string, JsonValue>>;
  readonly query: Readonly<Record<string, JsonValue>>;
  readonly header: Readonly<Record<string, JsonValue>>;
}
/**
 * One call to an operation, as recorded by the engine. Never a credential:
 * no headers but the declared parameters, and the query with the values
 * of credential parameters (the API key's, `access_token`) as
 * {@link HIDDEN_SEGMENT}.
 */
export interface RecordedCall {
  readonly operation: string;
  readonly method: string;
  /** The path as sent, e.g. `/accounts/42`. */
  readonly path: string;
  /** The query as sent, `?` included, credentials hidden; `""` for none. */
  readonly query: string;
  readonly parameters: MockParameterValues;
  /** Parsed request body; `undefined` if it was never read or not JSON. */
  readonly body: JsonValue | undefined;
  /** Status answered; `undefined` when nothing was answered. */
  readonly status: number | undefined;
  readonly outcome:
    "answered" | "dropped" | "applied-then-dropped" | "timed-out";
  /** Whether the service carried the call out (2xx, applied-then-drop, or a status fault with `applied: true`). */
  readonly applied: boolean;
  /** Engine clock when the call arrived. */
  readonly at: number;
}
/** A running mock of one API set. */
export interface MockEngine {
  /** Handles one request. Never rejects: internal failures become 500s. */
  handle(request: Request): Promise<MockOutcome>;
  /**
   * Snapshot of the operation calls since the last {@link reset}, in the
   * order they arrived. A call is listed once it is answered (or dropped,
   * or left hanging); one still in flight is not listed yet.
   */
  readonly calls: readonly RecordedCall[];
  /**
   * Calls left out of {@link calls} since the last {@link reset}: the
   * oldest, dropped to keep at most {@link MockOptions.maxRecordedCalls}.
   * `0` when {@link calls} lists every call.
   */
  readonly droppedCalls: number;
  /** Token endpoint requests since the last {@link reset}, failed ones too. */
  readonly tokenRequests: number;
  /**
   * Forgets recorded calls (calls still in flight are not recorded), call
   * indexes, the token request count, the rate-limit window and fault
   * counters, and restores the overrides given in the options.
   * Issued tokens stay valid, so a client that cached one keeps working.
   */
  reset(): void;
  /** Sets (or with `undefined` removes) an operation's override. */
  setOverride(operation: string, override: MockOverride | undefined): void;
  /** Invalidates every issued token, so clients must fetch a new one. */
  revokeTokens(): void;
  /**
   * Absolute URL of an operation, its path parameters filled in from
   * `parameters` (percent-encoded), those not given left as `{name}`.
   * Throws for an unknown name.
   */
  urlFor(
    operation: string,
    parameters?: Readonly<Record<string, string | number | boolean>>,
  ): string;
  /** Absolute URL of the token endpoint; none unless the scheme is OAuth2. */
  readonly tokenUrl: string | undefined;
  readonly options: {
    readonly baseUrl: string;
    readonly authUrl: string;
    readonly clientId: string;
    readonly username: string;
  };
}
/**
 * Creates a mock engine for `api`.
 *
 * Per operation call, in this order: route by method and path template
 * (404/405), a credential in the URL (400, never accepted: logs keep
 * URLs), the scheme's credentials unless the operation takes none (401),
 * rate limit (429 with `Retry-After`), path, query and header parameters
 * (400 `invalid_parameter`, naming each), then the body: none for an
 * operation that takes none (400), else JSON content type (415), body
 * size (413), JSON syntax (400), request schema (400 counting every
 * violation and listing the first {@link MAX_LISTED_VIOLATIONS}, fewer
 * where their paths are long); then the injected fault, else the answer,
 * with the stated success status: the override's resolver or response,
 * else the response schema's example, else deterministic sample data
 * seeded by operation name, parameters and canonical request body, else
 * (response not shown) `{ "operation": name, "mock": true }`, and no body
 * where the spec states none.
 *
 * Credentials by the API's scheme: an API key in its header or query
 * parameter, HTTP Basic (RFC 7617), a static bearer token (RFC 6750), or
 * for OAuth2 a token the mock issued. Its token endpoint
 * (`POST authUrl + tokenPath`) implements the OAuth2
 * client credentials grant (RFC 6749 §4.4) with client authentication by
 * HTTP Basic or by form fields (§2.3.1), never by a `client_secret` in the
 * URL, and the error responses of §5.2.
 *
 * @throws Error when the API or options are inconsistent (dangling `ref`,
 * duplicate operation URL, override for an unknown operation, bad status).
 */
export declare function createMockEngine(
  api: MockApi,
  options?: MockOptions,
): MockEngine;
