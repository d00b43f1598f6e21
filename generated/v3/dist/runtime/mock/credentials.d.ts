// Copied by remitgen from its runtime (src/runtime/mock/credentials.ts). DO NOT EDIT.

/**
 * The credentials an operation call must carry, by the API's scheme (an
 * API key, HTTP Basic, a static bearer token, a token the mock's OAuth2
 * endpoint issued, or none), and where a credential must never be: in the
 * URL, which logs and proxies keep.
 *
 * @packageDocumentation
 */
import type { MockAuth } from "./engine.js";
import { type Tokens } from "./tokens.js";
/** Why a call was refused 401, and the challenge to send with it. */
export interface Denied {
  readonly message: string;
  readonly challenge?: string;
}
/** The values the mock accepts, per scheme; the scheme's own are used. */
export interface Secrets {
  readonly apiKey: string;
  readonly username: string;
  readonly password: string;
  readonly bearerToken: string;
}
export declare class Credentials {
  #private;
  /** The OAuth2 token endpoint and the tokens it issued; none for another scheme. */
  readonly tokens: Tokens | undefined;
  constructor(auth: MockAuth, secrets: Secrets, tokens: Tokens | undefined);
  /** Query parameters whose values are credentials: never recorded. */
  get queryNames(): readonly string[];
  /** Headers whose values are credentials: never recorded. */
  get headerNames(): readonly string[];
  /**
   * Why `url` is refused for the credential it carries, or `undefined`:
   * an access token in the query (RFC 6750 §2.3 allows it; §3.1 refuses
   * one sent beside the header, and logs keep URLs), or one of
   * the scheme's secrets anywhere in the path or query but the API key's
   * own query parameter. `"client"`: the OAuth2 client secret, answered as
   * its token endpoint answers (RFC 6749 §5.2).
   */
  inUrl(url: URL): string | undefined;
  /** The 401's reason, or `undefined` when `request` carries the scheme's credentials. */
  check(request: Request, url: URL): Denied | undefined;
}
