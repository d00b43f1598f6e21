/**
 * What the package README shows for proxies and client certificates: a
 * `fetch` that sends through an undici dispatcher (undici's types are its
 * own, hence the casts), and the test certificates it is tried with.
 */
import { readFileSync } from "node:fs";
import {
  fetch as undiciFetch,
  type Dispatcher,
  type RequestInit as UndiciInit,
} from "undici";
import { repoRoot } from "./support.js";

/** The README's `fetch`: undici's own, sending through `dispatcher`. */
export function fetchThrough(dispatcher: Dispatcher): typeof fetch {
  return async (url, init) =>
    (await undiciFetch(String(url), {
      ...(init as UndiciInit),
      dispatcher,
    })) as unknown as Response;
}

/** A file of test/fixtures/tls (see its README). */
export function tlsFixture(name: string): Buffer {
  return readFileSync(`${repoRoot}test/fixtures/tls/${name}`);
}
