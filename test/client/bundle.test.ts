/**
 * The generated package as a bundler sees it: esbuild resolves it by name
 * (its `exports` and `sideEffects`) for the browser, Node and a neutral
 * (edge) platform. A program keeps only what it calls: no unused operation,
 * no mock code or msw beside the client, nothing a client shares a store
 * with unless it is given one, and nothing Node-only (`process`, `require`,
 * `Buffer`, `node:` modules) on the client's path. One operation stays under
 * the bench's ceiling of 6 KB, bench/bundle-ceiling.mjs (bytes are
 * deterministic; npm run bench reports the figure). Auth schemes are
 * separate pieces: an API-key client (test/fixtures/http-api.yaml) carries
 * no OAuth code, and parameters' code comes only with an operation that
 * has parameters.
 *
 * Reads the committed generated/v3 (kept fresh by the committed-output
 * test), and generates http-api.yaml's packages.
 */
import { join, sep } from "node:path";
import { writeFile } from "node:fs/promises";
import { gzipSync } from "node:zlib";
import { build, type Metafile } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ONE_OPERATION_GZIP_CEILING_BYTES } from "../../bench/bundle-ceiling.mjs";
import {
  generateInto,
  linkModule,
  makeTemp,
  removeTemp,
  repoRoot,
} from "./support.js";

const packageDir = join(repoRoot, "generated/v3");

let temp: string | undefined;
/** Every operation's path, from the package's own mock description. */
let paths: string[];

beforeAll(async () => {
  temp = await makeTemp("bundle");
  await linkModule(temp, "@remitgen/remittance-v3", packageDir);
  await generateInto(join(temp, "payments"), "test/fixtures/http-api.yaml");
  await linkModule(temp, "@example/payments-v2", join(temp, "payments/v2"));
  const { mockApi } = (await import(join(packageDir, "dist/mock-api.js"))) as {
    mockApi: { operations: { path: string }[] };
  };
  paths = mockApi.operations.map((operation) => operation.path);
}, 30_000);

afterAll(async () => {
  await removeTemp(temp);
});

const options = `{ baseUrl: "https://bank.example", getAccessToken: async () => "t" }`;
const programs = {
  oneOperation: [
    'import { createTransport, getAcctTitle } from "@remitgen/remittance-v3";',
    `getAcctTitle(createTransport(${options}), {}).then(console.log);`,
  ],
  client: [
    'import { createClient } from "@remitgen/remittance-v3";',
    `createClient(${options}).getAcctTitle({}).then(console.log);`,
  ],
  withStore: [
    'import { createClient, createMemoryStore } from "@remitgen/remittance-v3";',
    `createClient({ ...${options}, store: createMemoryStore() }).getAcctTitle({}).then(console.log);`,
  ],
  errorOnly: [
    'import { OutcomeUnknownError } from "@remitgen/remittance-v3";',
    "console.log(OutcomeUnknownError.name);",
  ],
  apiKeyOperation: [
    'import { createTransport, getHealth } from "@example/payments-v2";',
    'getHealth(createTransport({ apiKey: "k" })).then(console.log);',
  ],
  apiKeyWithParameters: [
    'import { createTransport, getPayment } from "@example/payments-v2";',
    'getPayment(createTransport({ apiKey: "k" }), { paymentId: "pay_1" }).then(console.log);',
  ],
  mockFetch: [
    'import { createMockFetch } from "@remitgen/remittance-v3/mock-fetch";',
    "console.log(createMockFetch().engine.options.baseUrl);",
  ],
} as const;

interface Bundle {
  text: string;
  /** Files that put bytes in the bundle, relative to the repository. */
  inputs: string[];
}

async function bundle(
  program: keyof typeof programs,
  platform: "browser" | "node" | "neutral",
  conditions?: string[],
): Promise<Bundle> {
  const file = join(temp!, `${program}.mjs`);
  await writeFile(file, `${programs[program].join("\n")}\n`);
  const result = await build({
    entryPoints: [file],
    bundle: true,
    minify: true,
    format: "esm",
    platform,
    ...(conditions ? { conditions } : {}),
    write: false,
    metafile: true,
    logLevel: "silent",
    absWorkingDir: repoRoot,
    // The packages generated here are linked from the temporary folder.
    nodePaths: [join(temp!, "node_modules")],
  });
  expect(result.warnings).toEqual([]);
  const output = Object.values((result.metafile as Metafile).outputs)[0]!;
  return {
    text: result.outputFiles[0]!.text,
    inputs: Object.entries(output.inputs)
      .filter(([, info]) => info.bytesInOutput > 0)
      .map(([path]) => path.split(sep).join("/"))
      .sort(),
  };
}

/** Quoted, as the operations' paths stand in the code. */
const quoted = (path: string): string => JSON.stringify(path);

const nodeOnly = /\bprocess\.|\brequire\(|\bBuffer\b|["']node:/;

it.each([
  ["Cloudflare Workers (wrangler)", ["workerd", "worker", "browser"]],
  ["Vercel's edge runtime", ["edge-light", "worker", "browser"]],
])(
  "a server runtime whose bundler also sets browser, %s, gets the whole package",
  async (_runtime, conditions) => {
    const { text, inputs } = await bundle(
      "oneOperation",
      "browser",
      conditions,
    );
    expect(inputs).not.toContain("generated/v3/dist/browser.js");
    expect(text).toContain("grant_type");
  },
);

describe.each(["browser", "node", "neutral"] as const)(
  "an esbuild bundle for the %s platform",
  (platform) => {
    it("of one standalone operation holds that operation and no other, and no mock code", async () => {
      const { text, inputs } = await bundle("oneOperation", platform);
      expect(text).toContain(quoted("/get_acct_title"));
      const others = paths.filter((path) => path !== "/get_acct_title");
      expect(others.length).toBeGreaterThan(5);
      expect(others.filter((path) => text.includes(quoted(path)))).toEqual([]);
      expect(
        inputs.filter((input) => /mock|msw|node_modules/.test(input)),
      ).toEqual([]);
      expect(text).not.toMatch(nodeOnly);
      // No store given: nothing of sharing one (the shared window's StoreError).
      expect(inputs).not.toContain(
        "generated/v3/dist/runtime/store-sharing.js",
      );
      expect(text).not.toContain("STORE_UNAVAILABLE");
      // No operation with parameters: none of their code.
      expect(inputs).not.toContain("generated/v3/dist/runtime/parameters.js");
      if (platform === "browser") {
        // The browser entry: no client-credentials flow, and under the ceiling.
        expect(inputs).toContain("generated/v3/dist/browser.js");
        expect(text).not.toContain("grant_type");
        expect(gzipSync(text, { level: 9 }).length).toBeLessThanOrEqual(
          ONE_OPERATION_GZIP_CEILING_BYTES,
        );
      } else {
        // Servers (and edge runtimes) take client credentials: the whole package.
        expect(inputs).not.toContain("generated/v3/dist/browser.js");
        expect(text).toContain("grant_type");
      }
    });

    it("of one operation of an API-key client holds no OAuth code, and parameters' code only with parameters", async () => {
      const plain = await bundle("apiKeyOperation", platform);
      const withParameters = await bundle("apiKeyWithParameters", platform);
      for (const { text } of [plain, withParameters]) {
        expect(text).not.toContain("grant_type");
        expect(text).not.toContain("Token request");
        expect(text).toContain('"X-API-Key"');
        expect(text).not.toMatch(nodeOnly);
        expect(gzipSync(text, { level: 9 }).length).toBeLessThanOrEqual(
          ONE_OPERATION_GZIP_CEILING_BYTES,
        );
      }
      const isParameters = (input: string): boolean =>
        input.endsWith("/dist/runtime/parameters.js");
      expect(plain.inputs.filter(isParameters)).toEqual([]);
      expect(withParameters.inputs.filter(isParameters)).toHaveLength(1);
    });

    it("of the whole client holds every operation and still no mock code or msw", async () => {
      const { text, inputs } = await bundle("client", platform);
      expect(paths.filter((path) => !text.includes(quoted(path)))).toEqual([]);
      expect(
        inputs.filter((input) => /mock|msw|node_modules/.test(input)),
      ).toEqual([]);
      expect(text).not.toMatch(nodeOnly);
    });

    it("of a client given a store holds what sharing it takes", async () => {
      const { text, inputs } = await bundle("withStore", platform);
      expect(inputs).toContain("generated/v3/dist/runtime/store-sharing.js");
      expect(text).toContain("STORE_UNAVAILABLE");
    });

    it("of an error class alone holds no operation and no transport", async () => {
      const { text, inputs } = await bundle("errorOnly", platform);
      expect(paths.filter((path) => text.includes(quoted(path)))).toEqual([]);
      expect(inputs).not.toContain("generated/v3/dist/runtime/transport.js");
      expect(inputs).not.toContain("generated/v3/dist/operations.js");
    });

    it("of ./mock-fetch needs neither msw nor anything Node-only", async () => {
      const { text, inputs } = await bundle("mockFetch", platform);
      expect(inputs).toContain("generated/v3/dist/runtime/mock/engine.js");
      expect(inputs.filter((input) => /msw/.test(input))).toEqual([]);
      expect(text).not.toMatch(nodeOnly);
    });
  },
);
