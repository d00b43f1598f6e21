/**
 * Clients of one base URL sharing a store, each with its own fixed secret
 * (API keys, static bearer tokens): each credential has a plan of its own,
 * counted in a window of its own, whose key holds no secret.
 */
import { expect } from "vitest";
import {
  apiKey,
  bearerToken,
  type Authentication,
} from "../../../src/runtime/auth.js";
import { RateLimitError } from "../../../src/runtime/errors.js";
import type { ClientStore } from "../../../src/runtime/store.js";
import { createTransport } from "../../../src/runtime/transport.js";
import { READ, rejection, sendJson, startServer } from "./server.js";

export const SECRETS = [
  "key-A-SECRET",
  "key-B-SECRET",
  "token-A-SECRET",
  "token-B-SECRET",
] as const;

/**
 * Runs the calls and returns the keys the store was asked for slots under.
 * A plan of one call per hour: a second call under one credential is
 * refused, a first call under another is not.
 */
export async function planPerCredential(store: ClientStore): Promise<string[]> {
  const api = await startServer((_request, response) =>
    sendJson(response, 200, { ok: true }),
  );
  const keys: string[] = [];
  const recording: ClientStore = {
    ...store,
    takeSlot: (key, ...rest) => {
      keys.push(key);
      return store.takeSlot(key, ...rest);
    },
  };
  const client = <Options>(
    options: Options,
    authentication: Authentication<Options>,
  ) =>
    createTransport(
      { baseUrl: api.url, store: recording, rateLimit: "reject", ...options },
      { plan: { name: "one", limit: 1, intervalMs: 3_600_000 } },
      authentication,
    );
  const [keyA, keyB, tokenA, tokenB] = SECRETS;
  const inHeader = apiKey({ in: "header", name: "x-api-key" });
  for (const [one, two, again] of [
    [
      client({ apiKey: keyA }, inHeader),
      client({ apiKey: keyB }, inHeader),
      client({ apiKey: keyA }, inHeader),
    ],
    [
      client({ token: tokenA }, bearerToken),
      client({ token: tokenB }, bearerToken),
      client({ token: tokenA }, bearerToken),
    ],
  ]) {
    await expect(one!.call(READ, {})).resolves.toEqual({ ok: true });
    // Another credential: a plan of its own.
    await expect(two!.call(READ, {})).resolves.toEqual({ ok: true });
    // The first credential again, in another client: its plan is spent.
    expect(await rejection(again!.call(READ, {}))).toBeInstanceOf(
      RateLimitError,
    );
  }
  expect(api.requests).toHaveLength(4);
  return keys;
}

/** Whether `text` holds a secret, or a part of one a key might cut out. */
export function holdsSecret(text: string): boolean {
  return SECRETS.some((secret) => text.includes(secret)) || /SECRET/.test(text);
}
