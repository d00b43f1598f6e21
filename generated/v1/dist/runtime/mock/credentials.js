// Copied by remitgen from its runtime (src/runtime/mock/credentials.ts). DO NOT EDIT.

import {
  ACCESS_TOKEN_IN_URL,
  bearerOf,
  parseBasic,
  REALM,
  sameText,
} from "./tokens.js";
export class Credentials {
  #auth;
  #secrets;
  /** The OAuth2 token endpoint and the tokens it issued; none for another scheme. */
  tokens;
  constructor(auth, secrets, tokens) {
    this.#auth = auth;
    this.#secrets = secrets;
    this.tokens = tokens;
  }
  /** Query parameters whose values are credentials: never recorded. */
  get queryNames() {
    const auth = this.#auth;
    return auth.scheme === "api-key" && auth.in === "query"
      ? [auth.name, "access_token", "client_secret"]
      : ["access_token", "client_secret"];
  }
  /** Headers whose values are credentials: never recorded. */
  get headerNames() {
    const auth = this.#auth;
    return auth.scheme === "api-key" && auth.in === "header"
      ? ["authorization", auth.name]
      : ["authorization"];
  }
  /**
   * Why `url` is refused for the credential it carries, or `undefined`:
   * an access token in the query (RFC 6750 §2.3 allows it; §3.1 refuses
   * one sent beside the header, and logs keep URLs), or one of
   * the scheme's secrets anywhere in the path or query but the API key's
   * own query parameter. `"client"`: the OAuth2 client secret, answered as
   * its token endpoint answers (RFC 6749 §5.2).
   */
  inUrl(url) {
    const auth = this.#auth;
    const query = new URLSearchParams(url.search);
    if (auth.scheme === "api-key" && auth.in === "query")
      query.delete(auth.name);
    if (
      (auth.scheme === "oauth2-client-credentials" ||
        auth.scheme === "bearer") &&
      query.has("access_token")
    ) {
      return ACCESS_TOKEN_IN_URL;
    }
    let decoded = url.pathname;
    try {
      decoded = decodeURIComponent(decoded);
    } catch {
      // Not UTF-8 once decoded: compared as sent.
    }
    const texts = [url.pathname, decoded];
    // forEach, not keys(): a consumer's lib may lack DOM.Iterable.
    query.forEach((value, name) => texts.push(name, value));
    const holds = (secret) =>
      secret !== "" && texts.some((text) => text.includes(secret));
    switch (auth.scheme) {
      case "oauth2-client-credentials": {
        const held = this.tokens?.heldIn(texts);
        return held === "token" ? ACCESS_TOKEN_IN_URL : held;
      }
      case "bearer":
        return holds(this.#secrets.bearerToken)
          ? ACCESS_TOKEN_IN_URL
          : undefined;
      case "basic":
        return holds(this.#secrets.password)
          ? "Send credentials in the Authorization header only, never in the URL"
          : undefined;
      case "api-key":
        return holds(this.#secrets.apiKey)
          ? `Send the API key in the ${auth.name} ${auth.in === "header" ? "header" : "query parameter"} only`
          : undefined;
      case "none":
        return undefined;
    }
  }
  /** The 401's reason, or `undefined` when `request` carries the scheme's credentials. */
  check(request, url) {
    const auth = this.#auth;
    const header = request.headers.get("authorization");
    switch (auth.scheme) {
      case "none":
        return undefined;
      case "oauth2-client-credentials":
        return this.tokens?.checkBearer(header);
      case "bearer": {
        const token = bearerOf(header);
        if (token === undefined) {
          return {
            message: "Bearer token required",
            challenge: `Bearer realm="${REALM}"`,
          };
        }
        return sameText(token, this.#secrets.bearerToken)
          ? undefined
          : {
              message: "Bearer token is invalid",
              challenge: `Bearer realm="${REALM}", error="invalid_token"`,
            };
      }
      case "basic": {
        const challenge = `Basic realm="${REALM}", charset="UTF-8"`;
        const basic = parseBasic(header, false);
        if (basic.kind !== "ok") {
          const message =
            basic.kind === "none"
              ? "HTTP Basic credentials required"
              : basic.kind === "malformed"
                ? "Malformed Basic credentials"
                : "Authenticate with HTTP Basic";
          return { message, challenge };
        }
        const { username, password } = this.#secrets;
        // Both compared, so a wrong name takes as long as a wrong password.
        const user = sameText(basic.id, username);
        const pass = sameText(basic.secret, password);
        return user && pass
          ? undefined
          : { message: "Basic credentials are invalid", challenge };
      }
      case "api-key": {
        const where =
          auth.in === "header"
            ? `the ${auth.name} header`
            : `the ${auth.name} query parameter`;
        const sent =
          auth.in === "header"
            ? [request.headers.get(auth.name)].filter((v) => v !== null)
            : url.searchParams.getAll(auth.name);
        if (sent.length === 0)
          return { message: `API key required in ${where}` };
        if (sent.length > 1)
          return { message: `API key sent more than once in ${where}` };
        return sameText(sent[0], this.#secrets.apiKey)
          ? undefined
          : { message: "API key is invalid" };
      }
    }
  }
}
