/**
 * `remitgen mock --set ID`: serves one operation set's mock API over HTTP
 * until stopped, logging one line per call.
 */
import { relative, resolve } from "node:path";
import { usageProblems } from "../diagnostics/codes.js";
import { SpecError, UsageError } from "../diagnostics/diagnostic.js";
import {
  DEFAULT_MOCK_HOST,
  DEFAULT_MOCK_PORT,
  exposureWarning,
  startMockServer,
  type MockServer,
} from "../mock-server/server.js";
import { closest } from "../names/names.js";
import { mockApiData } from "../render/client/mocks-file.js";
import {
  DEFAULT_CLIENT_ID,
  DEFAULT_CLIENT_SECRET,
  type MockApi,
} from "../runtime/mock/engine.js";
import { loadSpec } from "../spec/load.js";
import { aborted, plural, reportFailure, warningText } from "./report.js";

export interface MockCommandOptions {
  /** Spec file; default `spec/remittance.yaml` under `cwd`. */
  readonly spec?: string;
  /** The set to serve; required. */
  readonly set: string | undefined;
  readonly port?: number;
  readonly host?: string;
  readonly cwd?: string;
  /** Stops the server; the returned promise then resolves with 0. */
  readonly signal: AbortSignal;
  readonly log: (line: string) => void;
  readonly error: (text: string) => void;
  /** Called once the server listens (for tests and embedding). */
  readonly onListening?: (server: MockServer) => void;
}

/** Runs the mock server until `signal` aborts. Returns the exit status. */
export async function runMock(options: MockCommandOptions): Promise<number> {
  const cwd = resolve(options.cwd ?? process.cwd());
  const specPath = resolve(cwd, options.spec ?? "spec/remittance.yaml");
  const shownSpec = relative(cwd, specPath).split("\\").join("/");
  let model;
  try {
    model = await loadSpec(
      specPath,
      shownSpec.startsWith("..") || shownSpec === "" ? specPath : shownSpec,
    );
  } catch (failure) {
    if (failure instanceof SpecError)
      return reportFailure(
        failure,
        { err: options.error },
        "the mock was not started",
      );
    throw failure;
  }
  const ids = model.sets.map((set) => set.id);
  if (options.set === undefined) {
    const text = usageProblems.noMockSet(ids);
    throw new UsageError(text.code, text.message, text.hint);
  }
  const set = model.sets.find((candidate) => candidate.id === options.set);
  if (set === undefined) {
    const text = usageProblems.unknownSet(
      options.set,
      ids,
      closest(options.set, ids),
    );
    throw new UsageError(text.code, text.message, text.hint);
  }
  const api = mockApiData(model, set) as unknown as MockApi;
  if (options.signal.aborted) return 0;

  // A port or host it cannot listen on is a UsageError (RG080 to RG083),
  // reported with the command's other usage errors.
  const server = await startMockServer(api, {
    host: options.host ?? DEFAULT_MOCK_HOST,
    port: options.port ?? DEFAULT_MOCK_PORT,
    log: options.log,
  });

  const example = set.operations[0];
  options.log(
    [
      `remitgen mock: set ${set.id} (${plural(set.operations.length, "operation")}), ` +
        `${set.plan.name}: ${set.plan.rateLimit.limit} calls per ${set.plan.rateLimit.unit}`,
      `  base URL:      ${server.baseUrl}`,
      `  auth URL:      ${server.authUrl}`,
      `  token:         POST ${server.tokenUrl} (OAuth2 client credentials)`,
      `  client id:     ${DEFAULT_CLIENT_ID}`,
      `  client secret: ${DEFAULT_CLIENT_SECRET} (the mock's documented test value)`,
      ...(example
        ? [
            `  operations:    POST ${server.baseUrl}<path>, e.g. ${example.path}`,
          ]
        : []),
      "Logging each call; press Ctrl-C to stop.",
    ].join("\n"),
  );
  const exposed = exposureWarning(options.host ?? DEFAULT_MOCK_HOST);
  if (exposed !== undefined) options.error(warningText(exposed));
  options.onListening?.(server);

  await aborted(options.signal);
  await server.close();
  options.log("remitgen mock: stopped");
  return 0;
}
