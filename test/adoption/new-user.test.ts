/**
 * remitgen as a new user meets it, in an empty folder: the packed tarball
 * (npm pack of this repository) installed as a dev dependency, `remitgen
 * init`, `npm run generate`, an app workspace that imports a generated
 * package, type-checks strictly (msw's handlers included) and calls
 * `npx remitgen mock`, which stops when npx is killed. Then the other ways
 * to consume and build the packages: Turborepo caching the generate step,
 * and the packages published to a real Verdaccio registry and installed
 * from it into a fresh app as their README says.
 *
 * One tarball and one project install serve every test: npm is slow.
 */
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { existsSync } from "node:fs";
import { cp, mkdir, readFile, readdir, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTemp, removeTemp, repoRoot } from "../client/support.js";

const run = promisify(execFile);
const tsc = join(repoRoot, "node_modules/typescript/bin/tsc");
// remitgen's devDependencies: turbo's binary comes in a registry package.
const turboBin = join(repoRoot, "node_modules/.bin/turbo");
const verdaccioBin = join(repoRoot, "node_modules/verdaccio/bin/verdaccio");

let temp: string | undefined;
let project: string;
let tarball: string;
/** Started by a test; stopped after all. */
const started: ChildProcess[] = [];

/**
 * The environment of a user's shell: none of the npm_* variables of the
 * `npm test` running this suite, which would steer the npm commands below.
 */
function userEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env))
    if (!/^npm_/i.test(key)) env[key] = value;
  return { ...env, NO_COLOR: "1", ...extra };
}

const npmFlags = ["--prefer-offline", "--no-audit", "--no-fund"];

async function sh(
  command: string,
  args: readonly string[],
  cwd: string,
  env: NodeJS.ProcessEnv = userEnv(),
): Promise<string> {
  try {
    const { stdout } = await run(command, args, {
      cwd,
      env,
      maxBuffer: 16 * 1024 * 1024,
    });
    return stdout;
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string };
    throw new Error(
      `${command} ${args.join(" ")} failed in ${cwd}:\n${failed.stdout ?? ""}\n${failed.stderr ?? ""}`,
    );
  }
}

async function writeJson(path: string, value: unknown): Promise<void> {
  await writeFile(path, `${JSON.stringify(value, null, 2)}\n`);
}

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, "close");
  return port;
}

/** Resolves with the first match of `pattern` in the child's standard output. */
function waitForOutput(
  child: ChildProcess,
  pattern: RegExp,
  timeoutMs = 30_000,
): Promise<RegExpExecArray> {
  let seen = "";
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no ${pattern} within ${timeoutMs} ms:\n${seen}`)),
      timeoutMs,
    );
    const look = (chunk: Buffer): void => {
      seen += chunk.toString("utf8");
      const match = pattern.exec(seen);
      if (match !== null) {
        clearTimeout(timer);
        resolve(match);
      }
    };
    child.stdout?.on("data", look);
    child.stderr?.on("data", (chunk: Buffer) => {
      seen += chunk.toString("utf8");
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code} before ${pattern}:\n${seen}`));
    });
  });
}

/** Whether something answers HTTP at `url`. */
async function answers(url: string): Promise<boolean> {
  try {
    await fetch(url, { signal: AbortSignal.timeout(2000) });
    return true;
  } catch {
    return false;
  }
}

async function until(
  condition: () => Promise<boolean>,
  timeoutMs: number,
): Promise<boolean> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return condition();
}

beforeAll(async () => {
  temp = await makeTemp("adoption");
  // dist/ is built (npm test builds first): pack it as it is.
  const packed = await sh(
    "npm",
    ["pack", "--ignore-scripts", "--pack-destination", temp, "--json"],
    repoRoot,
  );
  const [{ filename }] = JSON.parse(packed) as [{ filename: string }];
  tarball = join(temp, filename);

  project = join(temp, "shop");
  await mkdir(project);
  await writeJson(join(project, "package.json"), {
    name: "shop",
    version: "1.0.0",
    private: true,
  });
  await sh(
    "npm",
    [
      "install",
      "--save-dev",
      ...npmFlags,
      tarball,
      "msw@2.15.0",
      "@types/node@20.19.43",
    ],
    project,
  );
}, 240_000);

afterAll(async () => {
  for (const child of started) child.kill("SIGKILL");
  await removeTemp(temp);
});

describe("a new user's project", () => {
  it("installs remitgen from its tarball with dist/ built, and the bin runs through its symlink", async () => {
    const bin = join(project, "node_modules/.bin/remitgen");
    expect(
      existsSync(join(project, "node_modules/remitgen/dist/remitgen.mjs")),
    ).toBe(true);
    const version = await sh(bin, ["--version"], project);
    const manifest = JSON.parse(
      await readFile(join(repoRoot, "package.json"), "utf8"),
    ) as { version: string };
    expect(version.trim()).toBe(manifest.version);
  });

  it("is set up by init, generates, and an app workspace imports a package, type-checks strictly and calls npx remitgen mock", async () => {
    const said = await sh("npx", ["remitgen", "init"], project);
    expect(said).toContain("spec/api.yaml: created");
    await sh("npm", ["run", "generate"], project);
    expect(existsSync(join(project, "generated/v1/package.json"))).toBe(true);
    // npm's own check that nothing changed: the run is reproducible.
    await sh(
      "npx",
      ["remitgen", "generate", "--spec", "spec/api.yaml", "--check"],
      project,
    );

    // The app, as a user adds one: a workspace beside the generated ones.
    const manifest = JSON.parse(
      await readFile(join(project, "package.json"), "utf8"),
    ) as { workspaces: string[] };
    expect(manifest.workspaces).toEqual(["generated/*"]);
    manifest.workspaces.push("apps/*");
    await writeJson(join(project, "package.json"), manifest);
    const app = join(project, "apps/web");
    await mkdir(join(app, "src"), { recursive: true });
    await writeJson(join(app, "package.json"), {
      name: "web",
      private: true,
      type: "module",
      dependencies: { "@acme/parcels-v1": "*" },
    });
    await writeJson(join(app, "tsconfig.json"), {
      compilerOptions: {
        strict: true,
        target: "ES2022",
        module: "NodeNext",
        moduleResolution: "NodeNext",
        lib: ["ES2022", "DOM"],
        types: ["node"],
        outDir: "dist",
        rootDir: "src",
        // Declarations are checked where they are made (test/client/); a
        // mismatch between the app's msw and the package's still fails here.
        skipLibCheck: true,
      },
      include: ["src"],
    });
    await writeFile(
      join(app, "src/main.ts"),
      [
        'import { createClient, type TrackParcelRequest } from "@acme/parcels-v1";',
        "",
        "const [baseUrl, authUrl] = process.argv.slice(2);",
        "const client = createClient({",
        '  baseUrl: baseUrl ?? "",',
        '  authUrl: authUrl ?? "",',
        '  clientId: "mock-client-id",',
        '  clientSecret: "mock-client-secret",',
        "});",
        'const body: TrackParcelRequest = { trackingNumber: "AC12345678" };',
        "const status = await client.trackParcel(body);",
        "console.log(JSON.stringify(status));",
        "",
      ].join("\n"),
    );
    // The mocks through msw: the app's msw and the package's are one.
    await writeFile(
      join(app, "src/mocks.ts"),
      [
        'import { setupServer } from "msw/node";',
        'import { createHandlers } from "@acme/parcels-v1/mocks";',
        "",
        "export const server = setupServer(...createHandlers());",
        "",
      ].join("\n"),
    );
    await sh("npm", ["install", ...npmFlags], project);
    // A workspace package is linked, not copied.
    expect(
      existsSync(join(project, "node_modules/@acme/parcels-v1/dist/index.js")),
    ).toBe(true);

    // The repository's TypeScript, on the app: the user's would be theirs.
    await sh(process.execPath, [tsc, "-p", "apps/web"], project);
    expect(existsSync(join(app, "dist/main.js"))).toBe(true);

    // The mock as a user starts it, through npx, then killed as a script kills it.
    const port = await freePort();
    const mock = spawn(
      "npx",
      [
        "remitgen",
        "mock",
        "--spec",
        "spec/api.yaml",
        "--set",
        "v1",
        "--port",
        String(port),
      ],
      { cwd: project, env: userEnv(), stdio: ["ignore", "pipe", "pipe"] },
    );
    started.push(mock);
    const urls = await waitForOutput(
      mock,
      /base URL: +(\S+)\n +auth URL: +(\S+)\n/,
    );
    const [, baseUrl = "", authUrl = ""] = urls;
    expect(baseUrl).toBe(`http://127.0.0.1:${port}`);
    const printed = await sh(
      process.execPath,
      [join(app, "dist/main.js"), baseUrl, authUrl],
      project,
    );
    const status = JSON.parse(printed) as { state: string; updatedAt: string };
    expect(["booked", "in_transit", "delivered"]).toContain(status.state);
    expect(typeof status.updatedAt).toBe("string");

    // `npx ... & kill $!`: the signal reaches npm, which does not pass it on.
    mock.kill("SIGTERM");
    const closed = await until(
      async () => !(await answers(`${baseUrl}/@remitgen/calls`)),
      10_000,
    );
    expect(closed, "the mock still answers after npx was killed").toBe(true);
  }, 240_000);

  it("is a cached Turborepo task: the second run is a cache hit whose restored output passes generate --check", async () => {
    // As docs/adopting.md gives it; turbo wants the package manager named.
    const manifest = JSON.parse(
      await readFile(join(project, "package.json"), "utf8"),
    ) as Record<string, unknown>;
    const npmVersion = (await sh("npm", ["--version"], project)).trim();
    await writeJson(join(project, "package.json"), {
      ...manifest,
      packageManager: `npm@${npmVersion}`,
    });
    await writeJson(join(project, "turbo.json"), {
      $schema: "https://turborepo.com/schema.json",
      tasks: {
        "//#generate": {
          inputs: ["spec/**", "package-lock.json"],
          outputs: ["generated/**"],
        },
      },
    });
    const env = userEnv({ TURBO_TELEMETRY_DISABLED: "1", DO_NOT_TRACK: "1" });
    const turbo = (): Promise<string> =>
      sh(turboBin, ["run", "generate", "--output-logs=full"], project, env);
    expect(await turbo()).toMatch(/\/\/:generate: cache miss, executing/);
    // Gone, then restored from turbo's cache, not written by remitgen.
    await rm(join(project, "generated"), { recursive: true, force: true });
    const second = await turbo();
    expect(second).toMatch(/\/\/:generate: cache hit, replaying logs/);
    expect(second).toMatch(/Cached: +1 cached, 1 total/);
    expect(
      await sh(
        "npx",
        ["remitgen", "generate", "--spec", "spec/api.yaml", "--check"],
        project,
      ),
    ).toMatch(/^generated is up to date/);
    // The spec is an input: an edit is a miss.
    const spec = join(project, "spec/api.yaml");
    await writeFile(
      spec,
      (await readFile(spec, "utf8")).replace(
        "summary: Where a parcel is now.",
        "summary: Where a parcel is right now.",
      ),
    );
    expect(await turbo()).toMatch(/\/\/:generate: cache miss, executing/);
  }, 120_000);

  it("publishes to the private registry the spec names (a real Verdaccio) and installs from it as the README says", async () => {
    const port = await freePort();
    const registry = `http://127.0.0.1:${port}/`;
    const home = join(temp!, "verdaccio");
    await mkdir(home);
    await writeFile(
      join(home, "config.yaml"),
      [
        "storage: ./storage",
        "auth:",
        "  htpasswd:",
        "    file: ./htpasswd",
        "    max_users: 10",
        "uplinks: {}",
        "packages:",
        '  "**":',
        "    access: $all",
        "    publish: $authenticated",
        "log: { type: stdout, format: pretty, level: warn }",
        "",
      ].join("\n"),
    );
    const server = spawn(
      process.execPath,
      [
        verdaccioBin,
        "--config",
        join(home, "config.yaml"),
        "--listen",
        `127.0.0.1:${port}`,
      ],
      { cwd: home, env: userEnv(), stdio: ["ignore", "pipe", "pipe"] },
    );
    started.push(server);
    try {
      expect(await until(() => answers(`${registry}-/ping`), 60_000)).toBe(
        true,
      );
      const signup = await fetch(
        `${registry}-/user/org.couchdb.user:publisher`,
        {
          method: "PUT",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({
            name: "publisher",
            password: "publisher-password",
          }),
        },
      );
      const { token } = (await signup.json()) as { token: string };
      const npmrc = join(home, "publisher.npmrc");
      await writeFile(npmrc, `//127.0.0.1:${port}/:_authToken=${token}\n`);

      // The spec names the registry; the packages are generated with it.
      const publisher = join(temp!, "publisher");
      await mkdir(join(publisher, "spec"), { recursive: true });
      const starter = await readFile(join(project, "spec/api.yaml"), "utf8");
      expect(starter).toContain("# registry: https://npm.acme.example/");
      await writeFile(
        join(publisher, "spec/api.yaml"),
        starter.replace(
          "# registry: https://npm.acme.example/",
          `registry: ${registry}`,
        ),
      );
      const bin = join(project, "node_modules/.bin/remitgen");
      await sh(bin, ["generate", "--spec", "spec/api.yaml"], publisher);
      for (const set of ["v1", "v2"]) {
        const manifest = JSON.parse(
          await readFile(
            join(publisher, "generated", set, "package.json"),
            "utf8",
          ),
        ) as { publishConfig?: unknown; private?: boolean };
        expect(manifest.publishConfig).toEqual({ registry });
        expect(manifest.private).toBeUndefined();
        // No --registry: publishConfig sends it there.
        await sh(
          "npm",
          ["publish", "--userconfig", npmrc],
          join(publisher, "generated", set),
        );
      }
      // Without a registry in the spec the packages are private: npm
      // refuses them (in a workspace it skips them, saying why).
      const refused = await run(
        "npm",
        // Aimed at Verdaccio, so that a regression publishes nowhere else.
        ["publish", "--registry", registry, "--userconfig", npmrc],
        { cwd: join(project, "generated/v1"), env: userEnv() },
      ).then(
        ({ stderr }) => stderr,
        (error: { stderr?: string }) => error.stderr ?? "",
      );
      expect(refused).toMatch(/EPRIVATE|marked as private/);

      // A fresh app runs the README's install lines, word for word.
      const readme = await readFile(
        join(publisher, "generated/v2/README.md"),
        "utf8",
      );
      const install = /## Install\n\n[^\n]*\n\n```sh\n([^`]*)```/.exec(
        readme,
      )?.[1];
      expect(install).toBeDefined();
      const lines = install!.trim().split("\n");
      expect(lines).toEqual([
        `npm config set @acme:registry ${registry} --location project`,
        "npm install @acme/parcels-v2",
      ]);
      const fresh = join(temp!, "fresh-app");
      await mkdir(fresh);
      await writeJson(join(fresh, "package.json"), {
        name: "fresh-app",
        private: true,
        type: "module",
      });
      for (const line of lines) {
        const [command = "", ...args] = line.split(" ");
        await sh(
          command,
          [...args, ...(args[0] === "install" ? npmFlags : [])],
          fresh,
        );
      }
      const installed = JSON.parse(
        await readFile(
          join(fresh, "node_modules/@acme/parcels-v2/package.json"),
          "utf8",
        ),
      ) as { version: string };
      expect(installed.version).toBe("2.0.0");
      const loaded = await sh(
        process.execPath,
        [
          "--input-type=module",
          "-e",
          'const m = await import("@acme/parcels-v2"); console.log(typeof m.createClient);',
        ],
        fresh,
      );
      expect(loaded.trim()).toBe("function");

      // A tarball of an unpublished package beside it, msw as the app's own:
      // both are copies, so their mocks use the app's msw and type-check.
      const packed = await sh(
        "npm",
        ["pack", "--pack-destination", fresh, "--json"],
        join(project, "generated/v1"),
      );
      const [{ filename }] = JSON.parse(packed) as [{ filename: string }];
      await sh(
        "npm",
        [
          "install",
          ...npmFlags,
          `./${filename}`,
          "msw@2.15.0",
          "@types/node@20.19.43",
        ],
        fresh,
      );
      await mkdir(join(fresh, "src"));
      await writeFile(
        join(fresh, "src/mocks.ts"),
        [
          'import { setupServer } from "msw/node";',
          'import { createHandlers as v1 } from "@acme/parcels-v1/mocks";',
          'import { createHandlers as v2 } from "@acme/parcels-v2/mocks";',
          "",
          "export const server = setupServer(...v1(), ...v2());",
          "",
        ].join("\n"),
      );
      await writeJson(join(fresh, "tsconfig.json"), {
        compilerOptions: {
          strict: true,
          target: "ES2022",
          module: "NodeNext",
          moduleResolution: "NodeNext",
          types: ["node"],
          noEmit: true,
          skipLibCheck: true,
        },
        include: ["src"],
      });
      await sh(process.execPath, [tsc, "-p", "."], fresh);
    } finally {
      server.kill("SIGTERM");
    }
  }, 180_000);
});
