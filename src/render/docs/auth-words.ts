/**
 * What the docs say of each auth scheme, in one table: the README's
 * paragraph, the client options that carry credentials, when the client
 * throws AuthError, and an operation page's credentials fact. Each place
 * words it its own way (a table cell escapes `|`, a fact is a fragment),
 * from the same pieces: where the secret goes, which options hold it.
 */
import type { AuthModel } from "../../model/types.js";
import { cellText, codeSpan, inlineText } from "../../escape/markdown.js";
import { DEFAULT_TOKEN_REFRESH_MARGIN_MS } from "../../runtime/defaults.js";

export interface AuthWords {
  /**
   * How the client authenticates, in one paragraph; OAuth2's flow has
   * sections of its own instead (set-docs.ts, overview.ts).
   */
  readonly summary?: string;
  /** The client options carrying credentials: name, then what it is. */
  readonly options: [string, string][];
  /** When the client throws AuthError; none when nothing is sent. */
  readonly authError?: string;
  /** An operation page's credentials fact; OAuth2's is in the README only. */
  readonly fact?: string;
}

/** A fixed secret's refusal: the client has no other to send. */
const fixedRefused =
  "The server refused the credentials (a 401): they are not sent again.";

/** A code span in a table cell. */
const cellCode = (text: string): string => codeSpan(text, { table: true });

export function authWords(auth: AuthModel): AuthWords {
  // The spec's own words on the scheme, after the generated sentence.
  const plus = (text: string, escape: (text: string) => string): string =>
    auth.scheme !== "none" &&
    auth.scheme !== "oauth2-client-credentials" &&
    auth.description !== undefined
      ? `${text} ${escape(auth.description)}`
      : text;
  switch (auth.scheme) {
    case "oauth2-client-credentials": {
      const unlessProvider = `Required unless ${cellCode("getAccessToken")} is given.`;
      return {
        options: [
          [
            "authUrl",
            `Address of the authorization API, ${cellCode(auth.baseUrl)}; tokens are requested at ${cellCode(`${auth.baseUrl}${auth.token.path}`)}. ${unlessProvider}`,
          ],
          ["clientId", `Client id for the token request. ${unlessProvider}`],
          [
            "clientSecret",
            `Client secret for the token request. Never logged. ${unlessProvider} Server side only: never in a browser.`,
          ],
          [
            "scope",
            "Space-separated scopes for the token request. Default: none sent.",
          ],
          [
            "getAccessToken",
            "Replaces the built-in token request, e.g. for another grant type; then no credentials are needed. Called before each request, before its turn under the rate limit: a token that expires while the call waits is answered 401, and asked for again with forceRefresh.",
          ],
          [
            "tokenRefreshMarginMs",
            `A new token is requested this long before its ${cellCode("expires_in")} runs out (at most half its lifetime), in the background: calls go on with the current token, and keep it until it expires if the token request fails. Default ${DEFAULT_TOKEN_REFRESH_MARGIN_MS}. A token without ${cellCode("expires_in")} is kept until the server answers 401.`,
          ],
        ],
        authError:
          "The token request failed or gave no usable token, or the server refused a freshly requested token (a second 401).",
      };
    }
    case "api-key": {
      const place = (code: (text: string) => string): string =>
        `as the ${auth.in === "header" ? "header" : "query parameter"} ${code(auth.name)}`;
      return {
        summary: plus(
          `The client sends the ${codeSpan("apiKey")} option ${place(codeSpan)}.`,
          inlineText,
        ),
        options: [
          [
            "apiKey",
            plus(
              `The API key, sent ${place(cellCode)}. Required. Never logged.`,
              cellText,
            ),
          ],
        ],
        authError: fixedRefused,
        fact: `the ${codeSpan("apiKey")} option, ${place(codeSpan)}`,
      };
    }
    case "basic":
      return {
        summary: plus(
          `The client sends ${codeSpan("username")} and ${codeSpan("password")} as HTTP Basic credentials (RFC 7617).`,
          inlineText,
        ),
        options: [
          [
            "username",
            plus(
              "User name for HTTP Basic authentication; it may not hold a colon. Required.",
              cellText,
            ),
          ],
          [
            "password",
            "Password for HTTP Basic authentication. Required. Never logged.",
          ],
        ],
        authError: fixedRefused,
        fact: `HTTP Basic, with the ${codeSpan("username")} and ${codeSpan("password")} options`,
      };
    case "bearer":
      return {
        summary: plus(
          `The client sends the ${codeSpan("token")} option, or the tokens ${codeSpan("getAccessToken")} gives, as a bearer token (RFC 6750).`,
          inlineText,
        ),
        options: [
          [
            "token",
            plus(
              `The bearer token, sent as ${cellCode("Authorization: Bearer")}. Required unless ${cellCode("getAccessToken")} is given. Never logged.`,
              cellText,
            ),
          ],
          [
            "getAccessToken",
            "Gives the token in place of a fixed one, called before each request; after a 401 it is asked again with forceRefresh, and the request sent once more.",
          ],
        ],
        authError: `The server refused the token (a 401); with ${cellCode("getAccessToken")}, refused a freshly requested one too (a second 401).`,
        fact: `a bearer token, the ${codeSpan("token")} option or from ${codeSpan("getAccessToken")}`,
      };
    case "none":
      return {
        summary: "The operations take no credentials.",
        options: [],
        fact: "none, the API takes none",
      };
  }
}
