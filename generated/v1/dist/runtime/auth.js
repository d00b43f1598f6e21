// Copied by remitgen from its runtime (src/runtime/auth.ts). DO NOT EDIT.

/**
 * Access tokens: the OAuth 2.0 client credentials grant (RFC 6749 §4.4)
 * with a shared cache, presented as bearer tokens (RFC 6750).
 *
 * @packageDocumentation
 */
import { AuthError } from "./errors.js";
import { abortable, systemClock } from "./limiter.js";
import { redactText } from "./redact.js";
/**
 * HTTP Basic credentials for the token endpoint, RFC 6749 §2.3.1: id and
 * secret are each `application/x-www-form-urlencoded` first, then joined
 * with `:` and base64-encoded.
 *
 * @param clientId - OAuth client id.
 * @param clientSecret - OAuth client secret.
 * @returns The `Authorization` header value, `Basic …`.
 */
export function basicCredentials(clientId, clientSecret) {
  return "Basic " + btoa(formEncode(clientId) + ":" + formEncode(clientSecret));
}
/** `application/x-www-form-urlencoded` encoding of one value (spaces as `+`). */
function formEncode(value) {
  return new URLSearchParams({ v: value }).toString().slice(2);
}
/**
 * Checks that a token can be sent as `Bearer <token>` (visible ASCII, no
 * spaces) and returns it; throws {@link AuthError} (without the token) if not.
 *
 * @param token - Candidate access token.
 */
export function checkToken(token) {
  if (typeof token === "string" && /^[!-~]+$/.test(token)) return token;
  throw new AuthError("No valid bearer token received");
}
/**
 * Creates a cached client credentials token source. The token is kept until
 * `expires_in` minus the margin (no `expires_in`: until the bank answers
 * 401). Inside the margin the token still serves while a new one is fetched
 * in the background, and keeps serving until it expires if that fails (an
 * authorization server's blip must not fail calls a valid token can make).
 * Concurrent callers share one in-flight token request.
 *
 * With a shared store, every client using it shares the token too: one
 * takes the store's lock and asks for a token, the others wait for it, and
 * a 401 drops the refused token from the store only if it is still the one
 * there, so one refresh serves them all (the store brings this:
 * `sharedToken` in store-sharing.ts). A store that fails is passed by: the
 * token is then fetched and kept by this client alone.
 *
 * Failures throw {@link AuthError} with the status and the server's OAuth
 * `error` / `error_description`, never the secret.
 *
 * @param options - Endpoint, credentials, timing and store.
 */
export function createTokenSource(options) {
  const { clientSecret, scope, now, timeoutMs, refreshMarginMs } = options;
  const { store } = options;
  // Only clients of the same credentials share a token.
  const storeKey = `token ${options.clientId} ${options.tokenUrl} ${scope ?? ""}`;
  const sleep = options.sleep ?? ((ms) => systemClock.sleep(ms));
  const authorization = basicCredentials(options.clientId, clientSecret);
  const body =
    "grant_type=client_credentials" +
    (scope ? "&scope=" + formEncode(scope) : "");
  let token;
  let refreshAt = 0;
  let expiresAt = 0;
  let pending;
  // Servers sometimes echo what they were sent (the secret, the Basic
  // header); never pass any form of it on.
  const secrets = [
    authorization.slice(6),
    formEncode(clientSecret),
    clientSecret,
  ];
  const scrub = (value) =>
    typeof value === "string"
      ? redactText(value, secrets).slice(0, 500)
      : undefined;
  /** Asks the token endpoint for a token. */
  const request = async () => {
    const started = now();
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    let response;
    let text;
    try {
      response = await options.fetch(options.tokenUrl, {
        method: "POST",
        headers: {
          authorization,
          "content-type": "application/x-www-form-urlencoded",
          accept: "application/json",
        },
        body,
        // A redirect would carry the credentials on to another address.
        redirect: "manual",
        signal: controller.signal,
      });
      text = await response.text();
    } catch (error) {
      // The cause is fetch's own error: it carries no request headers.
      throw new AuthError(
        `Token request ${controller.signal.aborted ? "timed out" : "failed"}`,
        {},
        { cause: error },
      );
    } finally {
      clearTimeout(timer);
    }
    let data = {};
    try {
      data = Object(JSON.parse(text));
    } catch {
      // not JSON: reported by status below
    }
    const { status } = response;
    if (!response.ok) {
      const error = scrub(data["error"]);
      const errorDescription = scrub(data["error_description"]);
      throw new AuthError(
        `Token request failed with HTTP ${status}` +
          (error
            ? ` (${error}${errorDescription ? ": " + errorDescription : ""})`
            : ""),
        { status, error, errorDescription },
      );
    }
    const type = data["token_type"];
    // A token of another type cannot be sent as a bearer token.
    const value = checkToken(
      type === undefined || /^bearer$/i.test(String(type))
        ? data["access_token"]
        : 0,
    );
    const given = data["expires_in"];
    const lifetime =
      typeof given === "number" || (typeof given === "string" && given.trim())
        ? Number(given) * 1000
        : NaN;
    // Measured from before the request, so the cache never outlives the
    // token. No (or an unreadable) expires_in: kept until the bank answers
    // 401; an expires_in of 0 or less: used by this call only.
    const validMs =
      lifetime > 0 ? started + lifetime - now() : lifetime <= 0 ? 0 : Infinity;
    return {
      token: value,
      validMs,
      lifetimeMs: lifetime > 0 ? lifetime : validMs,
    };
  };
  /** How long before its expiry a token is renewed. */
  const marginOf = (kept) => Math.min(refreshMarginMs, kept.lifetimeMs / 2);
  /** Takes `kept` as this source's token. */
  const adopt = (kept) => {
    expiresAt = now() + kept.validMs;
    refreshAt = expiresAt - marginOf(kept);
    return (token = kept.token);
  };
  /**
   * A token from the store (see {@link ClientStore.sharing}), or alone,
   * the source's own (dropped when refused) from the token endpoint.
   */
  const obtain = async (stale) =>
    adopt(
      store
        ? await store.sharing.token(
            { store, key: storeKey, request, marginOf, timeoutMs, now, sleep },
            stale,
          )
        : await request(),
    );
  const refresh = (stale) =>
    (pending ??= obtain(stale).finally(() => (pending = undefined)));
  return (stale, signal) => {
    // The token the bank refused (both undefined: nothing to drop).
    const refused = stale !== undefined && stale === token;
    if (refused) token = undefined;
    const time = now();
    // A token is never "" (checkToken): truthy means cached.
    if (token && time < expiresAt) {
      // Its failure is no caller's: the next call inside the margin tries again.
      if (time >= refreshAt) refresh().catch(() => {});
      return token;
    }
    // A caller that already gave up starts no request: nobody would wait
    // for it, and its failure would be left unhandled.
    signal?.throwIfAborted();
    // One caller's abort must not cancel the request others share.
    return abortable(refresh(refused ? stale : undefined), signal);
  };
}
