/**
 * A generated client's calls stay under its base URL's path, whatever path
 * the spec may hold: test/fixtures/client/base-path-spec.yaml has the paths
 * at the edge of what the checker allows (dots that make no dot segment,
 * empty segments). The client appends a path to the base URL and `fetch`
 * resolves the result, so a `..` segment would climb out of it: those the
 * checker refuses, plain or percent-encoded.
 */
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { parse } from "yaml";
import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkSpecText } from "../../src/check-spec.js";
import {
  CLIENT_ID,
  CLIENT_SECRET,
  generateInto,
  makeTemp,
  removeTemp,
  repoRoot,
  startFakeBank,
  type Call,
  type FakeBank,
} from "./support.js";

const fixture = "test/fixtures/client/base-path-spec.yaml";

let temp: string | undefined;
let bank: FakeBank;
let paths: Map<string, string>;
let client: Record<string, Call>;

beforeAll(async () => {
  temp = await makeTemp("base-path");
  await generateInto(join(temp, "out"), fixture);
  const spec = parse(await readFile(join(repoRoot, fixture), "utf8")) as {
    operations: Record<string, { path: string }>;
  };
  paths = new Map(
    Object.entries(spec.operations).map(([id, operation]) => [
      id.replace(/_(.)/g, (_, letter: string) => letter.toUpperCase()),
      operation.path,
    ]),
  );
  const pkg = (await import(
    pathToFileURL(join(temp, "out/v1/dist/index.js")).href
  )) as {
    createClient(options: Record<string, unknown>): Record<string, Call>;
  };
  bank = await startFakeBank();
  client = pkg.createClient({
    baseUrl: `${bank.origin}/api/v3`,
    authUrl: bank.authUrl,
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
  });
});

afterAll(async () => {
  await bank?.close();
  await removeTemp(temp);
});

describe("calls stay under the base URL's path", () => {
  it("every operation of the edge spec is sent to base path + its path, as written", async () => {
    expect(paths.size).toBe(6);
    for (const [method, path] of paths) {
      bank.received.length = 0;
      await client[method]!({});
      const sent = bank.received
        .map((request) => request.path)
        .filter((sentPath) => sentPath !== "/auth/oauth2/token");
      expect(sent, method).toEqual([`/api/v3${path}`]);
    }
  });

  it("a spec whose path holds a dot segment, plain or percent-encoded, is refused", async () => {
    const text = await readFile(join(repoRoot, fixture), "utf8");
    for (const bad of [
      "/../../admin/send_txns",
      "/%2e%2e/admin",
      "/.%2E/admin",
      "/%2E./admin",
      "/send_txns/..",
      "/./send_txns",
    ]) {
      const result = checkSpecText(
        text.replace("path: /...\n", `path: ${bad}\n`),
        "edge.yaml",
      );
      expect(result.ok, bad).toBe(false);
      if (result.ok) continue;
      expect(
        result.diagnostics.map(
          (item) => `${item.line}:${item.column} ${item.code}`,
        ),
        bad,
      ).toEqual(["25:11 RG021"]);
      expect(result.diagnostics[0]!.hint).toContain('no "." or ".." segment');
    }
  });
});
