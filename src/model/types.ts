/**
 * The resolved model: the one read-only structure every renderer reads.
 * It is built once by `resolveModel` and deep-frozen; no renderer changes it.
 */
import type { OperationNames, SetNames } from "../names/names.js";
import type { NamedSchema, SchemaNode } from "../runtime/schema.js";

export type { NamedSchema, OperationNames, SchemaNode, SetNames };

/** `read` operations are safe to repeat; `write` ones move money or change a record. */
export type Effect = "read" | "write";

/** The methods an operation may use. */
export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface Model {
  readonly service: ServiceModel;
  readonly auth: AuthModel;
  /** Every operation of the spec, in spec order. */
  readonly operations: readonly OperationModel[];
  /** Every operation set, in spec order. */
  readonly sets: readonly OperationSetModel[];
  /** Every named schema of the spec, sorted by name. */
  readonly schemas: readonly NamedSchema[];
  /**
   * Named schemas whose values differ by direction (a readOnly or writeOnly
   * member, however deep), sorted: each has an input type for requests.
   */
  readonly oneWaySchemas: readonly string[];
  /** Where the model came from, for headers in generated files. */
  readonly source: SourceInfo;
}

export interface SourceInfo {
  /** The spec file name as the user should see it in headers (relative, posix). */
  readonly specFile: string;
}

/** A gap the API's description marks "not shown", in the spec's words. */
export interface NotShown {
  /** A stable key, e.g. `states`, `errors`, `setSelection`. */
  readonly topic: string;
  /** The spec's sentence, e.g. "States of any transaction ...: not shown." */
  readonly text: string;
}

export interface ServiceModel {
  readonly title: string;
  readonly description: string;
  /** The base URL as the spec writes it, e.g. `{base_url}`. */
  readonly baseUrl: string;
  /** Name of the base URL variable the client fills in, e.g. `base_url`. */
  readonly baseUrlVariable: string;
  /** A literal base URL, e.g. `https://api.example.com/v2`: the client's default. */
  readonly defaultBaseUrl?: string;
  /** Service-wide gaps: resources, states, events, errors, limits, versioning. */
  readonly notShown: readonly NotShown[];
  readonly names: ServiceNames;
}

export interface ServiceNames {
  /** npm scope without `@`, e.g. `remitgen`. */
  readonly packageScope: string;
  /** Base of every package name, e.g. `remittance`. */
  readonly packageBase: string;
  /**
   * The npm registry the packages are published to
   * (`service.package.registry`), e.g. `https://npm.example.com/`; none
   * when the packages are not published.
   */
  readonly registry?: string;
  /** Prefix of the environment variables examples read, e.g. `REMITTANCE`. */
  readonly envPrefix: string;
  /** Where mock handlers answer by default, e.g. `https://remittance.mock`. */
  readonly mockBaseUrl: string;
}

/** How operations authenticate: one scheme per spec. */
export type AuthModel =
  | OAuth2AuthModel
  | ApiKeyAuthModel
  | BasicAuthModel
  | BearerAuthModel
  | NoAuthModel;

/** OAuth 2.0 client credentials at a separate authorization API. */
export interface OAuth2AuthModel {
  readonly scheme: "oauth2-client-credentials";
  readonly title: string;
  readonly version: string;
  /** e.g. `{auth_url}` */
  readonly baseUrl: string;
  readonly baseUrlVariable: string;
  readonly token: { readonly method: "POST"; readonly path: string };
  /** Why this scheme is assumed, for the docs. */
  readonly assumption: string;
  readonly notShown: readonly NotShown[];
}

/** An API key sent in a header or a query parameter (client option `apiKey`). */
export interface ApiKeyAuthModel {
  readonly scheme: "api-key";
  readonly in: "header" | "query";
  /** The header or query parameter name, e.g. `X-API-Key`. */
  readonly name: string;
  readonly description?: string;
}

/** HTTP basic authentication (RFC 7617). */
export interface BasicAuthModel {
  readonly scheme: "basic";
  readonly description?: string;
}

/** A static bearer token (RFC 6750). */
export interface BearerAuthModel {
  readonly scheme: "bearer";
  readonly description?: string;
}

/** No credentials. */
export interface NoAuthModel {
  readonly scheme: "none";
}

export type PayloadModel =
  | { readonly kind: "not-shown"; readonly text: string }
  | { readonly kind: "schema"; readonly schema: SchemaNode }
  /** The spec states there is no body. */
  | { readonly kind: "none" };

/** A path, query or header parameter, in OpenAPI's words. */
export interface ParameterModel {
  /** The name as sent, e.g. `accountId` or `X-Request-Id`. */
  readonly name: string;
  readonly in: "path" | "query" | "header";
  /** Always true for a path parameter. */
  readonly required: boolean;
  readonly description?: string;
  /** A scalar or enum schema, or (query, header) an array of them. */
  readonly schema: SchemaNode;
  readonly names: {
    /** Its key in the generated parameters object. */
    readonly property: string;
  };
}

/** A success (2xx) response the spec states. */
export interface ResponseModel {
  readonly status: number;
  readonly description: string;
  readonly payload: PayloadModel;
}

export interface OperationErrorModel {
  readonly status: number;
  readonly description: string;
  readonly payload: PayloadModel;
}

export interface OperationModel {
  /** The operation's name in the spec, e.g. `get_acct_title`. */
  readonly id: string;
  readonly method: HttpMethod;
  /** Exact path, e.g. `/get_acct_title` or `/accounts/{accountId}`. */
  readonly path: string;
  /** Path, query and header parameters, in spec order. */
  readonly parameters: readonly ParameterModel[];
  /** False when the operation sends no credentials (`auth: none`). */
  readonly authenticated: boolean;
  /** One line, in the spec's words. */
  readonly summary: string;
  readonly description?: string;
  readonly effect: Effect;
  /**
   * `stated`: the API's description states it. `inferred`: the spec infers
   * it from the name. `default`: the spec gives no effect, so it follows the
   * method (GET reads, the rest write).
   */
  readonly effectBasis: "stated" | "inferred" | "default";
  readonly request: PayloadModel;
  /** The success body (what every 2xx answer holds). */
  readonly response: PayloadModel;
  /** Success responses the spec states per status; empty when it states none. */
  readonly responses: readonly ResponseModel[];
  /**
   * What a 2xx body holds: a JSON object (also while the response is not
   * shown), or any JSON value when the response schema is not an object.
   */
  readonly responseBody: "object" | "json";
  /** Errors the spec states; empty while the spec states none. */
  readonly errors: readonly OperationErrorModel[];
  /** Per-operation gaps (parameters, status codes, ...). */
  readonly notShown: readonly NotShown[];
  /** Ids of the sets that include this operation, in set order. */
  readonly sets: readonly string[];
  readonly names: OperationNames;
}

export interface RateLimitModel {
  readonly limit: number;
  readonly unit: "second" | "minute" | "hour" | "day";
  readonly intervalMs: number;
  /** As written in the spec, e.g. `10000/hour`. */
  readonly text: string;
}

export interface PlanModel {
  readonly name: string;
  readonly rateLimit: RateLimitModel;
  readonly cost: string;
  /** How the spec states the limit, e.g. "stated once for each listed operation". */
  readonly note?: string;
}

export interface OperationSetModel {
  /** The spec's id, e.g. `v1.0.1`, `V1`, `v3`. */
  readonly id: string;
  readonly title: string;
  readonly version: string;
  /** Other labels the spec gives the set, e.g. `1.0.0`. */
  readonly labels: readonly string[];
  /** ISO date, when the spec gives one. */
  readonly date?: string;
  readonly extends?: string;
  /** Operation ids added to the extended set (all of them for a root set). */
  readonly added: readonly string[];
  readonly removed: readonly string[];
  /** Resolved membership, in spec operation order. */
  readonly operations: readonly OperationModel[];
  /** The set's plan; none means no client-side limiter. */
  readonly plan?: PlanModel;
  /**
   * The set's transaction-status operation, when it has one: how a caller
   * reconciles a write whose outcome is unknown before sending it again.
   */
  readonly statusOperation?: OperationModel;
  /** Named schemas reachable from this set's operations, sorted by name. */
  readonly schemas: readonly NamedSchema[];
  readonly names: SetNames;
}
