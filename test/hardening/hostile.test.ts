/**
 * A spec whose every name, summary, description, enum value and example
 * tries to break out of the generated code (test/fixtures/hostile): it
 * generates, the output type-checks and parses, prettier leaves it as it
 * is, and none of the spec text runs when the packages are imported and
 * used.
 */
import { copyFile, mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { generate, type GenerateResult } from "../../src/index.js";
import {
  hostileSpec,
  listFiles,
  prettierMismatches,
  readAll,
  runModule,
  sandbox,
  TypeChecker,
} from "./support.js";
import { writeSources } from "../client/support.js";

/** The spec's path is hostile too (a folder `hostile *`, so the path holds `*` then `/`): every header prints it. */
const specPath =
  process.platform === "win32"
    ? join("specs", "hostile", "${globalThis.__pwned9=1}.yaml")
    : join("specs", "hostile *", "${globalThis.__pwned9=1} `q` \u2028 '.yaml");

let root: string;
let result: GenerateResult;
let files: string[];
/** The package folders under out/. */
let sets: string[];

beforeAll(async () => {
  root = await sandbox(true);
  await mkdir(join(root, dirname(specPath)), { recursive: true });
  await copyFile(hostileSpec, join(root, specPath));
  result = await generate({ spec: specPath, out: "out", cwd: root });
  // And the TypeScript the packages were derived from (not shipped), so
  // that it is type-checked and formatted too.
  await writeSources(join(root, "out"), result.model);
  files = await listFiles(join(root, "out"));
  sets = [
    ...new Set(
      files
        .filter((path) => path.includes("/"))
        .map((path) => path.split("/")[0]!),
    ),
  ];
}, 120_000);

describe("the hostile spec", () => {
  it("generates every set, writing only inside the output folder", async () => {
    expect(result.sets).toHaveLength(4);
    expect(result.operations).toBe(9);
    expect(files.length).toBeGreaterThan(0);
    const written = new Set(files);
    for (const path of result.files) expect(written.has(path)).toBe(true);
    // Nothing but the sandbox's own entries next to the output folder.
    const outside = (await listFiles(root)).filter(
      (path) =>
        !path.startsWith("out/") &&
        !path.startsWith("specs/") &&
        path !== "node_modules",
    );
    expect(outside).toEqual([]);
    expect(sets).toHaveLength(4);
  });

  it("is left unchanged by prettier: package files", async () => {
    const generated = files.filter((path) => !path.includes("/runtime/"));
    expect(
      generated.filter((path) => /\.(ts|js|json)$/.test(path)).length,
    ).toBeGreaterThan(60);
    expect(
      await prettierMismatches(await readAll(join(root, "out"), generated)),
    ).toEqual([]);
  });

  it("is left unchanged by prettier: the runtime copied into each package", async () => {
    const set = sets[0]!;
    const runtime = files.filter(
      (path) => path.startsWith(`${set}/`) && path.includes("/runtime/"),
    );
    expect(runtime.length).toBeGreaterThan(10);
    expect(
      await prettierMismatches(await readAll(join(root, "out"), runtime)),
    ).toEqual([]);
  });

  it("type-checks in strict mode (sources and declarations) and parses as JavaScript", () => {
    const checker = new TypeChecker();
    const problems: string[] = [];
    sets.forEach((set, index) => {
      const mine = files.filter((path) => path.startsWith(`${set}/`));
      // The runtime is the same in every package: check it fully in the first one only.
      const typed = mine.filter(
        (path) =>
          path.endsWith(".ts") && (index === 0 || !path.includes("/runtime/")),
      );
      const scripts = mine.filter((path) => path.endsWith(".js"));
      problems.push(
        ...checker.check(
          typed.map((path) => join(root, "out", path)),
          scripts.map((path) => join(root, "out", path)),
        ),
      );
    });
    expect(problems).toEqual([]);
  }, 120_000);

  it("runs none of its text: importing and using every package sets no marker", async () => {
    const script = `
      import { readdirSync } from "node:fs";
      import { pathToFileURL } from "node:url";
      import { setupServer } from "msw/node";
      const report = { sets: [], roundTrips: [] };
      for (const set of ${JSON.stringify(sets)}) {
        const dist = "out/" + set + "/dist/";
        // Every generated module parses and evaluates.
        for (const name of readdirSync(dist)) if (name.endsWith(".js")) await import(pathToFileURL(dist + name).href);
        const index = await import(pathToFileURL(dist + "index.js").href);
        const mocks = await import(pathToFileURL(dist + "mocks.js").href);
        const client = index.createClient({
          baseUrl: "https://remittance.mock",
          authUrl: "https://auth.mock",
          clientId: "mock-client-id",
          clientSecret: "mock-client-secret",
        });
        const proto = mocks.mockApi.schemas.find((schema) => schema.name === "__proto__");
        const example = proto ? proto.schema.example : undefined;
        report.sets.push({
          set,
          methods: Object.keys(client).length,
          operations: mocks.mockApi.operations.map((operation) => operation.name),
          handlers: mocks.createHandlers().length,
          protoExampleOwn: example === undefined ? null : Object.hasOwn(example, "__proto__"),
          protoExamplePrototype: example === undefined ? null : Object.getPrototypeOf(example) === Object.prototype,
          protoProperty: proto ? proto.schema.properties.some((property) => property.name === "__proto__") : null,
        });
        // Round trips through the client and the mock handlers, with __proto__ as a body member.
        if (typeof client.globalThisPwned1XYZScript === "function") {
          const server = setupServer(...mocks.handlers);
          server.listen({ onUnhandledRequest: "error" });
          try {
            const call = (body) =>
              client.globalThisPwned1XYZScript(JSON.parse(body)).then(
                (answer) => ({ keys: Object.keys(answer), plain: Object.getPrototypeOf(answer) === Object.prototype }),
                (error) => ({ status: error.status, details: error.body?.error?.details ?? null }),
              );
            report.roundTrips.push(
              await call('{"__proto__":"proto","名前":"x"}'),
              await call('{"__proto__":5}'),
              await call("{}"),
            );
          } finally {
            server.close();
          }
        }
      }
      report.markers = Object.getOwnPropertyNames(globalThis).filter((name) => name.includes("pwned"));
      report.polluted = Object.getOwnPropertyNames(Object.prototype).filter((name) => name === "polluted");
      console.log(JSON.stringify(report));
    `;
    const report = (await runModule(root, script)) as {
      sets: {
        set: string;
        methods: number;
        operations: string[];
        handlers: number;
        protoExampleOwn: boolean | null;
        protoExamplePrototype: boolean | null;
        protoProperty: boolean | null;
      }[];
      roundTrips: {
        keys?: string[];
        plain?: boolean;
        status?: number;
        details?: { path: string; keyword: string }[];
      }[];
      markers: string[];
      polluted: string[];
    };
    expect(report.markers).toEqual([]);
    expect(report.polluted).toEqual([]);
    expect(report.sets).toHaveLength(4);
    for (const set of report.sets) {
      expect(set.methods).toBe(set.operations.length);
      expect(set.handlers).toBe(set.operations.length + 1);
      if (set.protoExampleOwn !== null) {
        expect(set.protoExampleOwn).toBe(true);
        expect(set.protoExamplePrototype).toBe(true);
        expect(set.protoProperty).toBe(true);
      }
    }
    // The operation names reach the mocks exactly as the spec spells them.
    const hostileId = report.sets
      .flatMap((set) => set.operations)
      .find((name) => name.startsWith("*/"));
    expect(hostileId).toBe(
      "*/ ${globalThis.__pwned=1} `x` \"y\" 'z' \\ \n\u2028 </script>",
    );
    // A body with __proto__ as a member is validated as data: accepted as a string, refused otherwise.
    expect(report.roundTrips.length).toBeGreaterThanOrEqual(3);
    for (let index = 0; index < report.roundTrips.length; index += 3) {
      const [accepted, wrongType, missing] = report.roundTrips.slice(
        index,
        index + 3,
      );
      expect(accepted).toEqual({ keys: ["*/", "status"], plain: true });
      expect(wrongType).toMatchObject({
        status: 400,
        details: [{ path: "/__proto__", keyword: "type" }],
      });
      expect(missing).toMatchObject({
        status: 400,
        details: [{ path: "/__proto__", keyword: "required" }],
      });
    }
  }, 120_000);

  it("answers an operation whose response schema is an array (the mocks sample its __proto__ example as data)", async () => {
    const set = sets.find(
      (each) => files.includes(`${each}/dist/index.js`) && each.startsWith("s"),
    )!;
    const script = `
      import { pathToFileURL } from "node:url";
      import { setupServer } from "msw/node";
      const dist = "out/${set}/dist/";
      const index = await import(pathToFileURL(dist + "index.js").href);
      const mocks = await import(pathToFileURL(dist + "mocks.js").href);
      const server = setupServer(...mocks.handlers);
      server.listen({ onUnhandledRequest: "error" });
      const client = index.createClient({
        baseUrl: "https://remittance.mock",
        authUrl: "https://auth.mock",
        clientId: "mock-client-id",
        clientSecret: "mock-client-secret",
      });
      try {
        const answer = await client.toStringOperation({});
        console.log(JSON.stringify({ array: Array.isArray(answer), own: answer.map((item) => Object.hasOwn(item, "__proto__")) }));
      } catch (error) {
        console.log(JSON.stringify({ error: error.name + ": " + error.message }));
      } finally {
        server.close();
      }
    `;
    // The spec's example for the array is [{ __proto__: "x" }].
    expect(await runModule(root, script)).toEqual({ array: true, own: [true] });
  }, 60_000);

  it("names the hostile spec file safely in every header", async () => {
    const index = await readFile(
      join(
        root,
        "out",
        files.find((path) => path.endsWith("/dist/index.js"))!,
      ),
      "utf8",
    );
    const header = index.split("\n")[0]!;
    expect(
      header.startsWith("// Generated by remitgen from specs/hostile"),
    ).toBe(true);
    expect(header).not.toMatch(/[\u2028\u2029\r]/);
  });
});

describe("operation ids that are names the generated modules use themselves", () => {
  /** Each becomes a function in operations.ts, next to that module's imports, and an export of index.ts. */
  const ids = [
    "types",
    "transportDefaults",
    "createBaseTransport",
    "mockApi",
    "operations",
    "transport",
  ];

  it("still compile, and every operation is exported from the package", async () => {
    const root = await sandbox(true);
    const operations = ids
      .map(
        (id, index) =>
          `  ${id}:\n    path: /op${index}\n    summary: Operation ${index}\n`,
      )
      .join("");
    const text = `remitgen: 1
service:
  title: T
  description: D
  baseUrl: "{base_url}"
  package: { scope: s, name: n }
auth:
  title: A
  version: 1.0.0
  baseUrl: "{auth_url}"
  token: { method: POST, path: /token }
  scheme: oauth2-client-credentials
operations:
${operations}sets:
  v1:
    title: V
    version: 1.0.0
    plan: { name: p, rateLimit: 1/second, cost: free }
    operations: [${ids.join(", ")}]
`;
    await writeFile(join(root, "spec.yaml"), text);
    const result = await generate({ spec: "spec.yaml", out: "out", cwd: root });
    const sources = await writeSources(join(root, "out"), result.model);
    const generated = [...result.files, ...sources].filter((path) =>
      /\/(src\/[a-z]+\.ts|dist\/[a-z]+\.d\.ts)$/.test(path),
    );
    expect(
      new TypeChecker().check(generated.map((path) => join(root, "out", path))),
    ).toEqual([]);
    const methods = result.model.operations.map(
      (operation) => operation.names.method,
    );
    // Each operation's function is what index.js exports under its name (nothing shadows it).
    const exported = (await runModule(
      root,
      `const index = await import("./out/v1/dist/index.js");
       const operations = await import("./out/v1/dist/operations.js");
       console.log(JSON.stringify(Object.keys(operations).filter((name) => index[name] !== operations[name])));`,
    )) as string[];
    expect(exported).toEqual([]);
    expect(methods).toHaveLength(ids.length);
  }, 60_000);
});

describe("the hostile spec's bidirectional controls", () => {
  /** The Trojan Source set: embeddings, overrides, isolates and marks. */
  const bidi = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

  it("reach no generated JSON file raw (package.json, openapi.json): each is a \\u escape that reads back as the spec's text", async () => {
    const json = await readAll(
      join(root, "out"),
      files.filter((path) => path.endsWith(".json")),
    );
    const packages = json.filter((file) => file.path.endsWith("/package.json"));
    expect(packages).toHaveLength(4);
    for (const file of json)
      expect(bidi.exec(file.contents)?.[0], file.path).toBeUndefined();
    // Escaped, not dropped: each package.json still says the service's title.
    for (const file of packages) {
      expect(file.contents).toContain(
        "\\u202eecivres\\u202c \\u2066isolate\\u2069 \\u200f\\u061c service",
      );
      const manifest = JSON.parse(file.contents) as { description: string };
      expect(manifest.description).toContain(
        "\u202eecivres\u202c \u2066isolate\u2069 \u200f\u061c service",
      );
    }
    // The set's title: every other control, escaped in its package.json.
    const set = packages.find((file) => file.contents.includes("Set */"));
    expect(set?.contents).toContain(
      "\\u202a\\u202b\\u202d\\u2067\\u2068\\u200e",
    );
  });
});
