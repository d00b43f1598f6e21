/**
 * Every default and limit of the client that the docs state is printed from
 * the runtime's own constants (src/runtime/defaults.ts): with that module
 * replaced by other values, the README and the operation pages state those
 * values and none of the real ones. (Found: the docs wrote 30000, 60000, 3,
 * 200, 10000 and the retried statuses out by hand, so a changed default
 * left them lying.) The
 * runtime's side is test/runtime/defaults.test.ts.
 */
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { operationDoc } from "../../../src/render/client/docs.js";
import {
  loadDocsTemplates,
  renderSetDocs,
} from "../../../src/render/docs/index.js";
import { renderOpenApi } from "../../../src/render/openapi/openapi.js";
import { loadSpec } from "../../../src/check-spec.js";

vi.mock("../../../src/runtime/defaults.js", () => ({
  DEFAULT_TIMEOUT_MS: 12_345,
  DEFAULT_TOKEN_REFRESH_MARGIN_MS: 54_321,
  DEFAULT_RATE_LIMIT_MODE: "hold",
  DEFAULT_RETRY_ATTEMPTS: 7,
  MAX_RETRY_ATTEMPTS: 9,
  DEFAULT_RETRY_BASE_DELAY_MS: 321,
  DEFAULT_RETRY_MAX_DELAY_MS: 8_000,
  RETRYABLE_STATUSES: [418, 599],
}));

const specPath = fileURLToPath(
  new URL("../../../spec/remittance.yaml", import.meta.url),
);

/** Every docs file of every set, by path. */
let files: Map<string, string>;

beforeAll(async () => {
  const [model, templates] = await Promise.all([
    loadSpec(specPath),
    loadDocsTemplates(),
  ]);
  files = new Map();
  for (const set of model.sets) {
    for (const file of await renderSetDocs(model, set, templates))
      files.set(`${set.id}/${file.path}`, file.contents);
    // The same sentences in the OpenAPI document and the methods' TSDoc.
    files.set(`${set.id}/openapi.json`, renderOpenApi(model, set).contents);
    files.set(
      `${set.id}/tsdoc`,
      set.operations
        .flatMap((operation) => operationDoc(model, operation))
        .join("\n"),
    );
  }
});

function readmes(): string[] {
  return [...files]
    .filter(([path]) => path.endsWith("/README.md"))
    .map(([, text]) => text);
}

function pages(): string[] {
  return [...files]
    .filter(([path]) => path.includes("/docs/"))
    .map(([, text]) => text);
}

describe("the docs print the runtime's defaults", () => {
  it("states each default and limit in every set's README as the runtime's constant", () => {
    expect(readmes().length).toBeGreaterThan(0);
    for (const readme of readmes()) {
      expect(readme).toContain("in ms. Default 12345.");
      expect(readme).toContain("request fails. Default 54321.");
      expect(readme).toContain("default 7, 321 and 8000.");
      expect(readme).toContain('`"hold"` (the default)');
      expect(readme).toContain(
        "time-outs and on 418 and 599 (7 attempts by default, at most 9,",
      );
      expect(readme).toContain("`maxDelayMs`, 8 s by default,");
      expect(readme).toContain("(12345 by default, on real timers)");
    }
  });

  it("prints the operation pages' call options and retry sentence from them", () => {
    const all = pages().join("\n");
    expect(all).toContain(
      "retry: { attempts: 7, baseDelayMs: 321, maxDelayMs: 8000 }",
    );
    expect(all).toContain(
      "const options: WriteCallOptions = { timeoutMs: 12345 };",
    );
    // The attempts and backoff are the README's, once (checked above).
    expect(all).toContain("time-outs and on 418 and 599.");
  });

  it("prints the retried statuses into the OpenAPI document and the TSDoc of read methods", () => {
    for (const [path, text] of files) {
      if (path.endsWith("/openapi.json"))
        expect(text, path).toContain("time-outs and on 418 and 599.");
      if (path.endsWith("/tsdoc"))
        expect(text, path).toContain("time-outs, 418 and 599.");
    }
  });

  it("states none of the real defaults anywhere", () => {
    for (const [path, text] of files) {
      for (const real of [
        "30000",
        "60000",
        "3 attempts",
        "at most 10",
        "10 s by default",
        "200 and 10000",
        "attempts: 3",
        '`"wait"` (the default)',
        "429, 502, 503 and 504",
      ]) {
        expect(text.includes(real), `${path}: ${real}`).toBe(false);
      }
    }
  });
});
