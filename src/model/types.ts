/**
 * The resolved model: the one read-only structure every renderer reads.
 * It is built once by `resolveModel` and deep-frozen; no renderer changes it.
 */
import type { NamedSchema, SchemaNode } from "../runtime/schema.js";

export type { NamedSchema, SchemaNode };

/** `read` operations are safe to repeat; `write` ones move money or change a record. */
export type Effect = "read" | "write";

export interface Model {
  readonly service: ServiceModel;
  readonly auth: AuthModel;
  /** Every operation of the spec, in spec order. */
  readonly operations: readonly OperationModel[];
  /** Every operation set, in spec order. */
  readonly sets: readonly OperationSetModel[];
  /** Every named schema of the spec, sorted by name. */
  readonly schemas: readonly NamedSchema[];
  /** Where the model came from, for headers in generated files. */
  readonly source: SourceInfo;
}

export interface SourceInfo {
  /** The spec file name as the user should see it in headers (relative, posix). */
  readonly specFile: string;
}

/** A gap the bank's interface marks "not shown", in the seed's words. */
export interface NotShown {
  /** A stable key, e.g. `states`, `errors`, `setSelection`. */
  readonly topic: string;
  /** The seed's sentence, e.g. "States of any transaction ...: not shown." */
  readonly text: string;
}

export interface ServiceModel {
  readonly title: string;
  readonly description: string;
  /** The base URL as the seed writes it, e.g. `{base_url}`. */
  readonly baseUrl: string;
  /** Name of the base URL variable the client fills in, e.g. `base_url`. */
  readonly baseUrlVariable: string;
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
}

export interface AuthModel {
  readonly title: string;
  readonly version: string;
  /** e.g. `{auth_url}` */
  readonly baseUrl: string;
  readonly baseUrlVariable: string;
  readonly token: { readonly method: "POST"; readonly path: string };
  /** The flow the client uses by default; the seed does not state it. */
  readonly scheme: "oauth2-client-credentials";
  /** Why this scheme is assumed, for the docs. */
  readonly assumption: string;
  readonly notShown: readonly NotShown[];
}

export type PayloadModel =
  | { readonly kind: "not-shown"; readonly text: string }
  | { readonly kind: "schema"; readonly schema: SchemaNode };

export interface OperationErrorModel {
  readonly status: number;
  readonly description: string;
  readonly payload: PayloadModel;
}

export interface OperationModel {
  /** The bank's operation name, e.g. `get_acct_title`. */
  readonly id: string;
  readonly method: "POST";
  /** Exact path, e.g. `/get_acct_title`. */
  readonly path: string;
  /** One line, in the seed's words. */
  readonly summary: string;
  readonly description?: string;
  readonly effect: Effect;
  /**
   * `stated`: the bank's interface states it. `inferred`: the seed does not
   * state it; the spec infers it from the name. `default`: the spec gives no
   * effect, so it is a write, the safe kind.
   */
  readonly effectBasis: "stated" | "inferred" | "default";
  readonly request: PayloadModel;
  readonly response: PayloadModel;
  /**
   * What a 2xx body holds: a JSON object (also while the response is not
   * shown), or any JSON value when the response schema is not an object.
   */
  readonly responseBody: "object" | "json";
  /** Errors the spec states; empty while the bank shows none. */
  readonly errors: readonly OperationErrorModel[];
  /** Per-operation gaps (parameters, status codes, ...). */
  readonly notShown: readonly NotShown[];
  /** Ids of the sets that include this operation, in set order. */
  readonly sets: readonly string[];
  readonly names: OperationNames;
}

export interface OperationNames {
  /** Method on the client and exported function, e.g. `getAcctTitle`. */
  readonly method: string;
  /** e.g. `GetAcctTitleRequest` */
  readonly requestType: string;
  /** e.g. `GetAcctTitleResponse` */
  readonly responseType: string;
  /** Docs file name, e.g. `get-acct-title.md`. */
  readonly docFile: string;
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
  /** How the seed states the limit, e.g. "stated once for each listed operation". */
  readonly note?: string;
}

export interface OperationSetModel {
  /** The spec's id, e.g. `v1.0.1`, `V1`, `v3`. */
  readonly id: string;
  readonly title: string;
  readonly version: string;
  /** Other labels the seed gives the set, e.g. `1.0.0`. */
  readonly labels: readonly string[];
  /** ISO date, when the seed gives one. */
  readonly date?: string;
  readonly extends?: string;
  /** Operation ids added to the extended set (all of them for a root set). */
  readonly added: readonly string[];
  readonly removed: readonly string[];
  /** Resolved membership, in spec operation order. */
  readonly operations: readonly OperationModel[];
  readonly plan: PlanModel;
  /**
   * The set's transaction-status operation, when it has one: how a caller
   * reconciles a write whose outcome is unknown before sending it again.
   */
  readonly statusOperation?: OperationModel;
  /** Named schemas reachable from this set's operations, sorted by name. */
  readonly schemas: readonly NamedSchema[];
  readonly names: SetNames;
}

export interface SetNames {
  /** Folder under the output directory, e.g. `v1-0-1`. */
  readonly directory: string;
  /** npm package name, e.g. `@remitgen/remittance-v1-0-1`. */
  readonly packageName: string;
  /** Name of the client interface, e.g. `RemittanceV3Client`. */
  readonly clientType: string;
}
