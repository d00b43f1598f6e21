/**
 * The mock's own endpoints under `/@remitgen`: the recorded calls, reset,
 * faults and token revocation, for a test, curl or Postman on this machine
 * and never for a web page.
 *
 * @packageDocumentation
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { UsageError } from "../diagnostics/diagnostic.js";
import type { MockApi, MockEngine } from "../runtime/mock/engine.js";
import { ADMIN_PREFIX, parseFault } from "./fault-syntax.js";

/** The admin endpoints: path below {@link ADMIN_PREFIX}, method. */
const adminEndpoints: Readonly<Record<string, string>> = {
  "/calls": "GET",
  "/reset": "POST",
  "/faults": "POST",
  "/revoke-tokens": "POST",
};

/** A fault sent to `POST /@remitgen/faults` is one short line. */
const MAX_ADMIN_BODY_BYTES = 4096;

/** Whether `url` (resolved against `origin`) is one of the mock's own endpoints. */
export function isAdminUrl(url: URL, origin: string): boolean {
  return (
    url.origin === origin &&
    (url.pathname === ADMIN_PREFIX ||
      url.pathname.startsWith(`${ADMIN_PREFIX}/`))
  );
}

/** The admin endpoints' URLs under `origin`, for the log's known segments. */
export function adminUrls(origin: string): string[] {
  return Object.keys(adminEndpoints).map(
    (name) => `${origin}${ADMIN_PREFIX}${name}`,
  );
}

/**
 * Answers a request to the mock's own endpoints (`/@remitgen/...`) and
 * returns its status for the log. Never a token or the client secret in an
 * answer: calls are recorded without headers. Answers carry no CORS
 * headers, and a request with an `Origin` (a browser's page) is refused,
 * so no web page can read the calls or inject a fault.
 */
export async function serveAdmin(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  engine: MockEngine,
  api: MockApi,
  bound: string,
): Promise<number> {
  const json = (status: number, body: unknown): number => {
    const bytes = Buffer.from(JSON.stringify(body, null, 2) + "\n");
    res
      .writeHead(status, {
        "content-type": "application/json",
        "content-length": String(bytes.byteLength),
        "cache-control": "no-store",
      })
      .end(bytes);
    return status;
  };
  const refuse = (
    status: number,
    message: string,
    hint: string,
    headers: Record<string, string> = {},
  ): number => {
    for (const [name, value] of Object.entries(headers))
      res.setHeader(name, value);
    // The rest of a body not read is not needed.
    req.resume();
    return json(status, { error: { message, hint } });
  };
  const endpoints = Object.entries(adminEndpoints)
    .map(([name, method]) => `${method} ${ADMIN_PREFIX}${name}`)
    .join(", ");
  if (
    req.headers.origin !== undefined ||
    !namesThisMachine(req.headers.host, bound)
  ) {
    return refuse(
      403,
      req.headers.origin !== undefined
        ? "the mock's admin endpoints refuse requests from web pages (an Origin header)"
        : "the mock's admin endpoints refuse a request whose Host header is another name than the mock's (a page's DNS rebinding)",
      "call them from a test, curl or Postman, at the URL the mock printed (or an IP address, or localhost), not from a page",
    );
  }
  const name = path.slice(ADMIN_PREFIX.length);
  const method = adminEndpoints[name];
  if (method === undefined) {
    // The path is not repeated: a caller's bytes may be a secret.
    return refuse(
      404,
      "no admin endpoint at this path",
      `endpoints: ${endpoints}`,
    );
  }
  if (req.method !== method) {
    return refuse(
      405,
      `${ADMIN_PREFIX}${name} takes ${method} only`,
      `endpoints: ${endpoints}`,
      { allow: method },
    );
  }
  if (name === "/calls") {
    req.resume();
    return json(200, {
      calls: engine.calls.map((call) => ({
        operation: call.operation,
        method: call.method,
        path: call.path,
        query: call.query,
        parameters: call.parameters,
        outcome: call.outcome,
        applied: call.applied,
        status: call.status ?? null,
        at: new Date(call.at).toISOString(),
        body: call.body ?? null,
      })),
      // The oldest calls past the engine's maxRecordedCalls, left out above.
      droppedCalls: engine.droppedCalls,
      tokenRequests: engine.tokenRequests,
    });
  }
  if (name === "/reset" || name === "/revoke-tokens") {
    req.resume();
    if (name === "/reset") engine.reset();
    else engine.revokeTokens();
    res.writeHead(204, { "cache-control": "no-store" }).end();
    return 204;
  }
  // POST /faults: one fault in the --fault syntax, as the body.
  const body = await readSmall(req, MAX_ADMIN_BODY_BYTES);
  if (body === undefined) {
    res.setHeader("connection", "close");
    return refuse(
      413,
      `a fault is at most ${MAX_ADMIN_BODY_BYTES} bytes`,
      `send one fault, e.g. ${api.operations[0]?.name ?? "<operation>"}=applied-then-drop,times=1`,
    );
  }
  const text = body.toString("utf8").trim();
  let parsed;
  try {
    parsed = parseFault(
      text,
      "the fault",
      {
        setId: api.setId,
        operations: api.operations.map((operation) => operation.name),
      },
      true,
    );
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    return refuse(400, error.message.split("\n")[0] ?? "", error.hint);
  }
  engine.setOverride(parsed.operation, parsed.override);
  return json(200, {
    operation: parsed.operation,
    fault: parsed.override === undefined ? null : parsed.text,
  });
}

/**
 * A request body of at most `max` bytes; `undefined` (the rest left
 * unread) when it is larger or the client hangs up.
 */
function readSmall(
  req: IncomingMessage,
  max: number,
): Promise<Buffer | undefined> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = (body: Buffer | undefined): void => {
      req.off("data", onData).off("end", onEnd).off("close", onClose);
      resolve(body);
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.byteLength;
      if (size > max) done(undefined);
      else chunks.push(chunk);
    };
    const onEnd = (): void => done(Buffer.concat(chunks));
    const onClose = (): void => done(undefined);
    req.on("data", onData).once("end", onEnd).once("close", onClose);
  });
}

/**
 * Whether a Host header names the mock by an IP address, `localhost` or
 * the `--host` it listens on, as its printed URLs do. A page that rebinds
 * its own name to this machine sends that name, and no Origin with a
 * same-origin GET; without a Host (HTTP/1.0) no browser is involved.
 */
function namesThisMachine(host: string | undefined, bound: string): boolean {
  if (host === undefined) return true;
  let name: string;
  try {
    name = new URL(`http://${host}`).hostname;
  } catch {
    return false;
  }
  return (
    name === "localhost" ||
    name === bound.toLowerCase() ||
    name.startsWith("[") ||
    /^\d+\.\d+\.\d+\.\d+$/.test(name)
  );
}
