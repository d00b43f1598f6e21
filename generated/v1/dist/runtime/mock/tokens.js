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
import { decodeUtf8, jsonResponse, mediaType, readLimited } from "./answers.js";
const FORM_TYPE = "application/x-www-form-urlencoded";
/** The realm of the mock's `WWW-Authenticate` challenges. */
export const REALM = "remitgen-mock";
/** The refusal of client credentials in a URL (RFC 6749 §2.3.1: logs and proxies keep URLs). */
export const CLIENT_CREDENTIALS_IN_URL =
  "Send client credentials in the body or the Authorization header, never in the URL";
/** The refusal of an access token in a URL (RFC 6750 §2.3 allows it; logs and proxies keep URLs). */
export const ACCESS_TOKEN_IN_URL =
  "Send the access token in the Authorization header only, never in the URL";
/** An RFC 6749 §5.2 error; descriptions never quote credentials. */
export function oauthError(status, error, description, headers = {}) {
  return jsonResponse(
    status,
    { error, error_description: description },
    { "cache-control": "no-store", pragma: "no-cache", ...headers },
  );
}
/** The client the mock knows and the tokens it issued to it. */
export class Tokens {
  #settings;
  /** Issued token -> expiry (engine clock, ms). */
  #issued = new Map();
  constructor(settings) {
    this.#settings = settings;
  }
  /** Invalidates every issued token. */
  revokeAll() {
    this.#issued.clear();
  }
  /**
   * Whether one of `texts` (a path, as sent and decoded) holds the client
   * secret (`"client"`) or an issued token (`"token"`).
   */
  heldIn(texts) {
    const holds = (secret) =>
      secret !== "" && texts.some((text) => text.includes(secret));
    if (holds(this.#settings.clientSecret)) return "client";
    for (const token of this.#issued.keys()) if (holds(token)) return "token";
    return undefined;
  }
  /** `undefined` when the bearer token is valid, else the 401 reason. */
  checkBearer(header) {
    const token = bearerOf(header);
    if (token === undefined) {
      return {
        message: "Bearer access token required",
        challenge: `Bearer realm="${REALM}"`,
      };
    }
    const expiresAt = this.#issued.get(token);
    if (expiresAt === undefined || this.#settings.now() >= expiresAt) {
      if (expiresAt !== undefined) this.#issued.delete(token);
      return {
        message: "Access token is invalid or expired",
        challenge: `Bearer realm="${REALM}", error="invalid_token"`,
      };
    }
    return undefined;
  }
  /** Answers one request to the token endpoint. */
  async grant(request) {
    const { maxBodyBytes, refuse } = this.#settings;
    if (request.method !== "POST") {
      return refuse("method_not_allowed", "Use POST", {
        headers: { allow: "POST" },
      });
    }
    if (new URL(request.url).searchParams.has("client_secret")) {
      return oauthError(400, "invalid_request", CLIENT_CREDENTIALS_IN_URL);
    }
    if (mediaType(request.headers.get("content-type")) !== FORM_TYPE) {
      return oauthError(
        400,
        "invalid_request",
        `Content-Type must be ${FORM_TYPE}`,
      );
    }
    const bytes = await readLimited(request, maxBodyBytes);
    if (bytes === undefined) {
      return refuse(
        "payload_too_large",
        `Request body exceeds ${maxBodyBytes} bytes`,
      );
    }
    const text = decodeUtf8(bytes);
    if (text === undefined) {
      return oauthError(400, "invalid_request", "Body is not UTF-8");
    }
    const form = new URLSearchParams(text);
    for (const name of ["grant_type", "client_id", "client_secret", "scope"]) {
      if (form.getAll(name).length > 1) {
        return oauthError(400, "invalid_request", `Parameter ${name} repeated`);
      }
    }
    const failed = this.#authenticate(request, form);
    if (failed !== undefined) return failed;
    const grant = form.get("grant_type");
    if (grant === null) {
      return oauthError(400, "invalid_request", "grant_type is required");
    }
    if (grant !== "client_credentials") {
      return oauthError(
        400,
        "unsupported_grant_type",
        "Only client_credentials is supported",
      );
    }
    const token = newToken();
    const { lifetimeMs, now } = this.#settings;
    this.#issued.set(token, now() + lifetimeMs);
    return jsonResponse(
      200,
      {
        access_token: token,
        token_type: "Bearer",
        expires_in: lifetimeMs / 1000,
      },
      { "cache-control": "no-store", pragma: "no-cache" },
    );
  }
  /** `undefined` when the client authenticated, else the refusal. */
  #authenticate(request, form) {
    const basic = parseBasic(request.headers.get("authorization"), true);
    const formId = form.get("client_id");
    const formSecret = form.get("client_secret");
    // RFC 6749 §2.3: one credential per request; a bearer token beside
    // the form's secret is a second.
    if (basic.kind !== "none" && formSecret !== null) {
      return oauthError(
        400,
        "invalid_request",
        "Use one client authentication method, not both",
      );
    }
    const challenge =
      basic.kind !== "none"
        ? { "www-authenticate": `Basic realm="${REALM}"` }
        : {};
    const credentials =
      basic.kind === "ok"
        ? basic
        : basic.kind === "none" && formId !== null && formSecret !== null
          ? { id: formId, secret: formSecret }
          : undefined;
    if (credentials === undefined) {
      return oauthError(
        401,
        "invalid_client",
        basic.kind === "malformed"
          ? "Malformed Basic credentials"
          : basic.kind === "other"
            ? "Authenticate the client with HTTP Basic or form fields"
            : "Client authentication required",
        challenge,
      );
    }
    const { clientId, clientSecret } = this.#settings;
    const idMatches =
      sameText(credentials.id, clientId) &&
      (formId === null || sameText(formId, clientId));
    if (!idMatches || !sameText(credentials.secret, clientSecret)) {
      return oauthError(
        401,
        "invalid_client",
        "Client authentication failed",
        challenge,
      );
    }
    return undefined;
  }
}
/** application/x-www-form-urlencoded decoding of one component. */
function formDecode(text) {
  try {
    return decodeURIComponent(text.replace(/\+/g, " "));
  } catch {
    return undefined;
  }
}
/** The token of an `Authorization: Bearer` header (RFC 6750 §2.1), if it is one. */
export function bearerOf(header) {
  if (header === null) return undefined;
  return /^bearer\s+(\S+)\s*$/i.exec(header.trim())?.[1];
}
/**
 * Parses `Authorization: Basic`: as RFC 7617 defines it, or with
 * `formEncoded` as RFC 6749 §2.3.1 does for client credentials.
 */
export function parseBasic(header, formEncoded) {
  if (header === null) return { kind: "none" };
  const m = /^basic\s+(\S+)\s*$/i.exec(header.trim());
  if (m === null || m[1] === undefined) {
    return { kind: /^basic\b/i.test(header.trim()) ? "malformed" : "other" };
  }
  let binary;
  try {
    binary = atob(m[1]);
  } catch {
    return { kind: "malformed" };
  }
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  const text = decodeUtf8(bytes);
  const colon = text?.indexOf(":") ?? -1;
  if (text === undefined || colon < 0) return { kind: "malformed" };
  // For a client, id and secret are form-urlencoded before base64 (§2.3.1).
  const decode = formEncoded ? formDecode : (part) => part;
  const id = decode(text.slice(0, colon));
  const secret = decode(text.slice(colon + 1));
  if (id === undefined || secret === undefined) return { kind: "malformed" };
  return { kind: "ok", id, secret };
}
/**
 * A token no other engine issued, in this process or another, so a client
 * that keeps a token across mocks (a restarted server, the next test) is
 * refused, as by another environment of the service. Node 18 has a global
 * `crypto` only behind a flag: there Math.random keeps tokens apart, which
 * is all a mock needs.
 */
function newToken() {
  const bytes = new Uint8Array(16);
  if (typeof crypto === "object") crypto.getRandomValues(bytes);
  else for (let i = 0; i < 16; i++) bytes[i] = Math.random() * 256;
  let token = "mock-token-";
  for (const byte of bytes) token += byte.toString(16).padStart(2, "0");
  return token;
}
/** Length-independent comparison, so the mock does not model a timing leak. */
export function sameText(a, b) {
  let diff = a.length ^ b.length;
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    diff |= (a.charCodeAt(i) || 0) ^ (b.charCodeAt(i) || 0);
  }
  return diff === 0;
}
