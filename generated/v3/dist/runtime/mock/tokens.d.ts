// Copied by remitgen from its runtime (src/runtime/mock/tokens.ts). DO NOT EDIT.

/**
 * The mock's authorization: its token endpoint, the OAuth2 client
 * credentials grant (RFC 6749 §4.4) with client authentication by HTTP
 * Basic or by form fields (§2.3.1), never by a `client_secret` in the URL,
 * and the error responses of §5.2; and the bearer tokens it issued
 * (RFC 6750).
 *
 * @packageDocumentation
 */
import { type Refuse } from "./answers.js";
/** The realm of the mock's `WWW-Authenticate` challenges. */
export declare const REALM = "remitgen-mock";
/** The refusal of client credentials in a URL (RFC 6749 §2.3.1: logs and proxies keep URLs). */
export declare const CLIENT_CREDENTIALS_IN_URL =
  "Send client credentials in the body or the Authorization header, never in the URL";
/** The refusal of an access token in a URL (RFC 6750 §2.3 allows it; logs and proxies keep URLs). */
export declare const ACCESS_TOKEN_IN_URL =
  "Send the access token in the Authorization header only, never in the URL";
/** An RFC 6749 §5.2 error; descriptions never quote credentials. */
export declare function oauthError(
  status: number,
  error: string,
  description: string,
  headers?: Record<string, string>,
): Response;
/** What the token endpoint accepts and issues. */
export interface TokenSettings {
  readonly clientId: string;
  readonly clientSecret: string;
  readonly lifetimeMs: number;
  readonly maxBodyBytes: number;
  readonly now: () => number;
  readonly refuse: Refuse;
}
/** The client the mock knows and the tokens it issued to it. */
export declare class Tokens {
  #private;
  constructor(settings: TokenSettings);
  /** Invalidates every issued token. */
  revokeAll(): void;
  /**
   * Whether one of `texts` (a path, as sent and decoded) holds the client
   * secret (`"client"`) or an issued token (`"token"`).
   */
  heldIn(texts: readonly string[]): "client" | "token" | undefined;
  /** `undefined` when the bearer token is valid, else the 401 reason. */
  checkBearer(header: string | null):
    | {
        message: string;
        challenge: string;
      }
    | undefined;
  /** Answers one request to the token endpoint. */
  grant(request: Request): Promise<Response>;
}
export type BasicCredentials =
  | {
      readonly kind: "none";
    }
  | {
      readonly kind: "malformed";
    }
  /** An `Authorization` header of another scheme (`Bearer`). */
  | {
      readonly kind: "other";
    }
  | {
      readonly kind: "ok";
      readonly id: string;
      readonly secret: string;
    };
/** The token of an `Authorization: Bearer` header (RFC 6750 §2.1), if it is one. */
export declare function bearerOf(header: string | null): string | undefined;
/**
 * Parses `Authorization: Basic`: as RFC 7617 defines it, or with
 * `formEncoded` as RFC 6749 §2.3.1 does for client credentials.
 */
export declare function parseBasic(
  header: string | null,
  formEncoded: boolean,
): BasicCredentials;
/** Length-independent comparison, so the mock does not model a timing leak. */
export declare function sameText(a: string, b: string): boolean;
