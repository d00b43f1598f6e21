/**
 * Shared by the test/client suites: generating packages into a temporary
 * folder, a fake bank (token endpoint + operations) on 127.0.0.1, a fake
 * clock, and ts-morph helpers that check `@ts-expect-error` lines really
 * catch the error they are meant to.
 */
import { once } from "node:events";
import {
  mkdir,
  mkdtemp,
  readdir,
  rm,
  symlink,
  writeFile,
} from "node:fs/promises";
import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from "node:http";
import {
  createServer as createTlsServer,
  type ServerOptions,
} from "node:https";
import type { TLSSocket } from "node:tls";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { Project, ts, type SourceFile } from "ts-morph";
import { loadSpec } from "../../src/check-spec.js";
import { generate } from "../../src/index.js";
import type { Model } from "../../src/model/types.js";
import { renderClientSource } from "../../src/render/client/package.js";
import { loadRuntimeAssets } from "../../src/render/client/runtime-assets.js";

export const repoRoot: string = fileURLToPath(
  new URL("../..", import.meta.url),
);
export const consumerDir: string = join(repoRoot, "test/consumer");
export const fixturesDir: string = join(repoRoot, "test/fixtures/client");

/** Package folder and package name of each set of spec/remittance.yaml. */
export const remittancePackages = [
  { set: "v1.0.1", dir: "v1-0-1", name: "@remitgen/remittance-v1-0-1" },
  { set: "V1", dir: "v1", name: "@remitgen/remittance-v1" },
  { set: "v3", dir: "v3", name: "@remitgen/remittance-v3" },
] as const;

/** A fresh temporary folder; remove it with {@link removeTemp}. */
export async function makeTemp(label: string): Promise<string> {
  return mkdtemp(join(tmpdir(), `remitgen-${label}-`));
}

export async function removeTemp(dir: string | undefined): Promise<void> {
  if (dir) await rm(dir, { recursive: true, force: true });
}

/** Generates every set of `spec` (default: the real spec; relative to the repository) into `out`. */
export async function generateInto(
  out: string,
  spec = "spec/remittance.yaml",
): Promise<readonly string[]> {
  const result = await generate({
    spec: resolve(repoRoot, spec),
    out,
    cwd: repoRoot,
  });
  return result.files;
}

/**
 * Writes, next to each package `generateInto(out, spec)` made, the
 * TypeScript its dist/ was derived from (src/) and the tsconfig.json that
 * type-checks it: the packages ship without them (renderClientSource).
 */
export async function writeSourcesInto(
  out: string,
  spec = "spec/remittance.yaml",
): Promise<void> {
  await writeSources(out, await loadSpec(resolve(repoRoot, spec), spec));
}

/** As writeSourcesInto, for the model a generate call returned; returns the paths written, relative to `out`. */
export async function writeSources(
  out: string,
  model: Model,
): Promise<string[]> {
  const runtime = await loadRuntimeAssets();
  const written: string[] = [];
  for (const set of model.sets)
    for (const file of await renderClientSource(model, set, runtime)) {
      const path = `${set.names.directory}/${file.path}`;
      await mkdir(dirname(join(out, path)), { recursive: true });
      await writeFile(join(out, path), file.contents);
      written.push(path);
    }
  return written;
}

/** Every file below `dir`, as sorted posix paths relative to it. */
export async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) =>
      relative(dir, join(entry.parentPath, entry.name)).split("\\").join("/"),
    )
    .sort();
}

/** Symlinks `node_modules/<name>` in `dir` to `target` (creating scope folders). */
export async function linkModule(
  dir: string,
  name: string,
  target: string,
): Promise<void> {
  const path = join(dir, "node_modules", name);
  await mkdir(join(path, ".."), { recursive: true });
  await symlink(target, path, "dir");
}

// ---------------------------------------------------------------------------
// A fake bank on 127.0.0.1: the authorization API under /auth and the
// operations under /bank, both on one node:http server.

export interface Received {
  readonly method: string;
  /** Path of the request, e.g. `/bank/get_acct_title`. */
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
  /** When the request arrived, by the real clock. */
  readonly at: number;
  /** Over TLS, the common name of the client's certificate, if it gave one. */
  readonly peer?: string | undefined;
}

export type Reply =
  | {
      readonly status?: number;
      readonly headers?: Record<string, string>;
      /** Sent as JSON. */
      readonly body?: unknown;
      /** Sent as is, instead of `body`. */
      readonly raw?: string;
      readonly delayMs?: number;
    }
  /** Never answers (until the bank is reset or closed). */
  | "hang"
  /** Drops the connection without an answer, after reading the request. */
  | "destroy";

export interface FakeBank {
  /** e.g. `http://127.0.0.1:4321`, or `https://127.0.0.1:4321` over TLS */
  readonly origin: string;
  readonly baseUrl: string;
  readonly authUrl: string;
  /** Every request, in arrival order. */
  readonly received: Received[];
  /** Replaces the behaviour; `defaultHandler` is the well-behaved bank. */
  handler: (request: Received, bank: FakeBank) => Reply | Promise<Reply>;
  tokensIssued: string[];
  tokenRequests(): Received[];
  operationRequests(path?: string): Received[];
  /** Requests left hanging whose connection the client has not closed yet. */
  hangingRequests(): number;
  /** Forgets what was received and restores the default behaviour. */
  reset(): void;
  close(): Promise<void>;
}

/** JSON as the generated client sends and returns it. */
export type Json =
  null | boolean | number | string | Json[] | { [key: string]: Json };

/** A generated client's method, as the tests that import its dist call it. */
export type Call = (
  body: Record<string, Json>,
  options?: Record<string, unknown>,
) => Promise<Json>;

export const CLIENT_ID = "remit-agent-7";
export const CLIENT_SECRET = "s3cr3t-Kz9!pw:with/odd=chars";

/** Issues a new token per request (`tok-<n>-<suffix>`), checking the client credentials. */
export function issueToken(
  request: Received,
  bank: FakeBank,
  expiresIn: number | undefined = 3600,
): Reply {
  const credentials = basicCredentialsOf(request);
  if (credentials?.id !== CLIENT_ID || credentials.secret !== CLIENT_SECRET) {
    return { status: 401, body: { error: "invalid_client" } };
  }
  const token = `tok-${bank.tokensIssued.length + 1}-Qm9vaz`;
  bank.tokensIssued.push(token);
  return {
    body: {
      access_token: token,
      token_type: "Bearer",
      ...(expiresIn === undefined ? {} : { expires_in: expiresIn }),
    },
  };
}

/**
 * The client id and secret of an HTTP Basic `Authorization` header, each
 * form-urlencoded before base64 as RFC 6749 section 2.3.1 says (decoded the
 * way a conforming server does).
 */
export function basicCredentialsOf(
  request: Received,
): { id: string; secret: string } | undefined {
  const match = /^Basic ([A-Za-z0-9+/=]+)$/.exec(
    request.headers.authorization ?? "",
  );
  if (!match?.[1]) return undefined;
  const decoded = Buffer.from(match[1], "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon < 0) return undefined;
  const formDecode = (text: string): string =>
    new URLSearchParams(`v=${text}`).get("v") ?? "";
  return {
    id: formDecode(decoded.slice(0, colon)),
    secret: formDecode(decoded.slice(colon + 1)),
  };
}

/** The bearer token a request carries. */
export function bearerOf(request: Received): string | undefined {
  const value = request.headers.authorization;
  return value?.startsWith("Bearer ")
    ? value.slice("Bearer ".length)
    : undefined;
}

export function defaultHandler(request: Received, bank: FakeBank): Reply {
  if (request.path === "/auth/oauth2/token") return issueToken(request, bank);
  const token = bearerOf(request);
  if (token === undefined || !bank.tokensIssued.includes(token))
    return { status: 401, body: { error: "unauthorized" } };
  return {
    body: {
      ok: true,
      path: request.path,
      echo: JSON.parse(request.body || "null"),
    },
  };
}

/** With `tls`, the bank serves HTTPS (its certificate must name 127.0.0.1). */
export async function startFakeBank(
  options: { tls?: ServerOptions } = {},
): Promise<FakeBank> {
  const hanging = new Set<ServerResponse>();
  const serve = (req: IncomingMessage, res: ServerResponse): void => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const received: Received = {
        method: req.method ?? "",
        path: req.url ?? "",
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
        at: Date.now(),
        peer: options.tls
          ? ((req.socket as TLSSocket).getPeerCertificate().subject?.CN as
              string | undefined)
          : undefined,
      };
      bank.received.push(received);
      void (async () => {
        let reply: Reply;
        try {
          reply = await bank.handler(received, bank);
        } catch (error) {
          reply = { status: 599, body: { testServerError: String(error) } };
        }
        if (reply === "destroy") {
          req.socket.destroy();
          return;
        }
        if (reply === "hang") {
          hanging.add(res);
          res.on("close", () => hanging.delete(res));
          return;
        }
        if (reply.delayMs)
          await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
        const text =
          reply.raw ??
          (reply.body === undefined ? "" : JSON.stringify(reply.body));
        res.writeHead(reply.status ?? 200, {
          "content-type": "application/json",
          ...reply.headers,
        });
        res.end(text);
      })();
    });
  };
  const server = options.tls
    ? createTlsServer(options.tls, serve)
    : createServer(serve);
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  const origin = `${options.tls ? "https" : "http"}://127.0.0.1:${port}`;
  const bank: FakeBank = {
    origin,
    baseUrl: `${origin}/bank`,
    authUrl: `${origin}/auth`,
    received: [],
    handler: defaultHandler,
    tokensIssued: [],
    tokenRequests: () =>
      bank.received.filter((request) => request.path === "/auth/oauth2/token"),
    operationRequests: (path) =>
      bank.received.filter(
        (request) =>
          request.path.startsWith("/bank/") &&
          (path === undefined || request.path === path),
      ),
    hangingRequests: () => hanging.size,
    reset() {
      bank.received.length = 0;
      bank.tokensIssued = [];
      bank.handler = defaultHandler;
      for (const res of hanging) res.destroy();
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      server.close();
      await once(server, "close");
    },
  };
  return bank;
}

// ---------------------------------------------------------------------------
// A fake clock for the runtime's `clock` option: time moves only when told.

export interface FakeClock {
  now(): number;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
  /** Moves time forward and wakes every sleeper whose time has come. */
  advance(ms: number): void;
  /** Sleepers not yet woken. */
  readonly sleepers: number;
}

export function fakeClock(start = Date.UTC(2024, 0, 1)): FakeClock {
  let now = start;
  const waiting = new Set<{ at: number; wake: () => void }>();
  return {
    now: () => now,
    sleep(ms, signal) {
      if (ms <= 0) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        const entry = { at: now + ms, wake: () => resolve() };
        waiting.add(entry);
        signal?.addEventListener("abort", () => {
          waiting.delete(entry);
          reject(signal.reason);
        });
      });
    },
    advance(ms) {
      now += ms;
      for (const entry of [...waiting]) {
        if (entry.at <= now) {
          waiting.delete(entry);
          entry.wake();
        }
      }
    },
    get sleepers() {
      return waiting.size;
    },
  };
}

/** Lets pending I/O and promise callbacks run for `ms` of real time. */
export function settle(ms = 50): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

// ---------------------------------------------------------------------------
// Type checking.

/**
 * Compiler options of a strict consumer: those of the generated package's
 * tsconfig.json (strict, NodeNext, noUncheckedIndexedAccess,
 * exactOptionalPropertyTypes), with declaration files checked too.
 */
export function consumerCompilerOptions(
  tsconfigText: string,
  dir: string,
): ts.CompilerOptions {
  const parsed = ts.parseConfigFileTextToJson("tsconfig.json", tsconfigText);
  if (parsed.error)
    throw new Error(
      ts.flattenDiagnosticMessageText(parsed.error.messageText, "\n"),
    );
  const converted = ts.convertCompilerOptionsFromJson(
    parsed.config.compilerOptions,
    dir,
  );
  if (converted.errors.length > 0)
    throw new Error("bad generated tsconfig.json");
  return { ...converted.options, skipLibCheck: false, types: ["node"] };
}

export interface Problem {
  readonly file: string;
  readonly line: number;
  readonly code: number;
  readonly message: string;
}

/** Syntactic and semantic diagnostics of one file (declaration files included). */
export function problemsOf(project: Project, file: SourceFile): Problem[] {
  const program = project.getProgram().compilerObject;
  const source = program.getSourceFile(file.getFilePath());
  if (!source) throw new Error(`not in the program: ${file.getFilePath()}`);
  return [
    ...program.getSyntacticDiagnostics(source),
    ...program.getSemanticDiagnostics(source),
  ].map((diagnostic) => ({
    file: file.getFilePath(),
    line:
      diagnostic.start === undefined
        ? 0
        : source.getLineAndCharacterOfPosition(diagnostic.start).line + 1,
    code: diagnostic.code,
    message: ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"),
  }));
}

export interface ExpectedError {
  /** 1-based line of the statement the directive stands above. */
  readonly line: number;
  /** `TS2339` written after the directive, as a number. */
  readonly code: number;
  readonly note: string;
}

/**
 * Every `// @ts-expect-error TS<code> <note>` line of a snippet, and the
 * snippet with those directive lines blanked (line numbers unchanged), so
 * that compiling the stripped text shows which error each directive hid.
 */
export function expectedErrors(text: string): {
  stripped: string;
  expected: ExpectedError[];
} {
  const lines = text.split("\n");
  const expected: ExpectedError[] = [];
  const stripped = lines.map((line, index) => {
    const match = /^\s*\/\/ @ts-expect-error(?:\s+TS(\d+))?\s*(.*)$/.exec(line);
    if (!match) return line;
    if (match[1] === undefined)
      throw new Error(
        `line ${index + 1}: write the expected code, e.g. "// @ts-expect-error TS2339 why"`,
      );
    expected.push({
      line: index + 2,
      code: Number(match[1]),
      note: match[2] ?? "",
    });
    return "";
  });
  return { stripped: stripped.join("\n"), expected };
}

export function formatProblems(problems: readonly Problem[]): string {
  return problems
    .map(
      (problem) =>
        `${problem.file}:${problem.line} TS${problem.code} ${problem.message}`,
    )
    .join("\n");
}
