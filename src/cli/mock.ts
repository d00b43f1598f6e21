/**
 * `remitgen mock --set ID`: serves one operation set's mock API over HTTP
 * until stopped, logging one line per call.
 */
import { relative, resolve } from "node:path";
import { usageProblems } from "../diagnostics/codes.js";
import { SpecError, UsageError } from "../diagnostics/diagnostic.js";
import { parseFault } from "../mock-server/fault-syntax.js";
import {
  DEFAULT_MOCK_HOST,
  DEFAULT_MOCK_PORT,
  exposureWarning,
  startMockServer,
  type MockServer,
} from "../mock-server/server.js";
import { mockApi } from "../model/mock-api.js";
import { closest } from "../names/names.js";
import {
  DEFAULT_API_KEY,
  DEFAULT_BEARER_TOKEN,
  DEFAULT_CLIENT_ID,
  DEFAULT_CLIENT_SECRET,
  DEFAULT_PASSWORD,
  DEFAULT_USERNAME,
  type MockAuth,
  type MockOptions,
  type MockOverride,
} from "../runtime/mock/engine.js";
import { loadSpec } from "../check-spec.js";
import { rateLimitUnits } from "../spec/raw.js";
import { aborted, plural, reportFailure, warningText } from "./report.js";

/**
 * One credential the mock accepts: its engine option, and the variable a
 * tester's own comes from: the environment, never the command line, where
 * the process list shows a secret to every user.
 */
interface MockCredential {
  readonly option: keyof MockOptions & string;
  /** As the banner and errors name it, e.g. `client id`. */
  readonly label: string;
  /** e.g. `REMITGEN_MOCK_CLIENT_ID`: the label's words. */
  readonly variable: string;
  /** Never shown once it comes from the environment. */
  readonly secret: boolean;
  readonly fallback: string;
}

function credentialOf(
  option: MockCredential["option"],
  label: string,
  secret: boolean,
  fallback: string,
): MockCredential {
  const variable = `REMITGEN_MOCK_${label.toUpperCase().replace(/ /g, "_")}`;
  return { option, label, variable, secret, fallback };
}

/** The credentials each scheme's mock accepts. */
export const MOCK_CREDENTIALS: Readonly<
  Record<MockAuth["scheme"], readonly MockCredential[]>
> = {
  "oauth2-client-credentials": [
    credentialOf("clientId", "client id", false, DEFAULT_CLIENT_ID),
    credentialOf("clientSecret", "client secret", true, DEFAULT_CLIENT_SECRET),
  ],
  "api-key": [credentialOf("apiKey", "API key", true, DEFAULT_API_KEY)],
  basic: [
    credentialOf("username", "username", false, DEFAULT_USERNAME),
    credentialOf("password", "password", true, DEFAULT_PASSWORD),
  ],
  bearer: [credentialOf("token", "bearer token", true, DEFAULT_BEARER_TOKEN)],
  none: [],
};

export interface MockCommandOptions {
  /** Spec file; default `spec/remittance.yaml` under `cwd`. */
  readonly spec?: string;
  /** The set to serve; required. */
  readonly set: string | undefined;
  readonly port?: number;
  readonly host?: string;
  /**
   * Faults, each `<operation>=<kind>[,times=<n>][,retry-after=<s>]`
   * (`--fault`, see `../mock-server/fault-syntax.ts`); operations are checked
   * against the set.
   */
  readonly faults?: readonly string[];
  /** Added to every answer, in ms (`--latency`). */
  readonly latencyMs?: number;
  /** `false` switches it off; default the set's plan (`--rate-limit`). */
  readonly rateLimit?: false | { limit: number; intervalMs: number };
  /** Lifetime of issued tokens (`--token-lifetime`). */
  readonly tokenLifetimeSeconds?: number;
  /** Calls the engine keeps for `/@remitgen/calls` (`--max-calls`). */
  readonly maxRecordedCalls?: number;
  /** Where the {@link MOCK_CREDENTIALS} variables are read; default none. */
  readonly env?: Readonly<Record<string, string | undefined>>;
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
    throw new UsageError(usageProblems.noMockSet(ids));
  }
  const set = model.sets.find((candidate) => candidate.id === options.set);
  if (set === undefined) {
    throw new UsageError(
      usageProblems.unknownSet(options.set, ids, closest(options.set, ids)),
    );
  }
  const api = mockApi(model, set);
  const overrides: Record<string, MockOverride> = {};
  const faultLines: string[] = [];
  const names = api.operations.map((operation) => operation.name);
  for (const text of options.faults ?? []) {
    const fault = parseFault(text, "--fault", {
      setId: set.id,
      operations: names,
    });
    if (overrides[fault.operation] !== undefined) {
      throw new UsageError(
        usageProblems.repeatedFault("--fault", fault.operation),
      );
    }
    overrides[fault.operation] = fault.override as MockOverride;
    faultLines.push(fault.text);
  }
  const credentials = MOCK_CREDENTIALS[api.auth.scheme].map((each) => ({
    ...each,
    value: credential(options.env, each),
  }));
  if (options.signal.aborted) return 0;

  // A port or host it cannot listen on is a UsageError (RG080 to RG083),
  // reported with the command's other usage errors.
  const server = await startMockServer(api, {
    host: options.host ?? DEFAULT_MOCK_HOST,
    port: options.port ?? DEFAULT_MOCK_PORT,
    log: options.log,
    mock: {
      overrides,
      latencyMs: options.latencyMs,
      rateLimit: options.rateLimit,
      tokenLifetimeSeconds: options.tokenLifetimeSeconds,
      maxRecordedCalls: options.maxRecordedCalls,
      ...Object.fromEntries(
        credentials.map(({ option, value }) => [option, value]),
      ),
    },
  });

  const example = set.operations[0];
  const rate = options.rateLimit;
  options.log(
    [
      `remitgen mock: set ${set.id} (${plural(set.operations.length, "operation")}), ` +
        (rate === undefined
          ? set.plan === undefined
            ? "no rate limit (the spec states no plan)"
            : `${set.plan.name}: ${set.plan.rateLimit.limit} calls per ${set.plan.rateLimit.unit}`
          : rate === false
            ? "rate limit off (--rate-limit off)"
            : `rate limit ${rate.limit} calls per ${unitOf(rate.intervalMs)} (--rate-limit)`),
      `  base URL:      ${server.baseUrl}`,
      ...(server.tokenUrl !== undefined
        ? [
            `  auth URL:      ${server.authUrl}`,
            `  token:         POST ${server.tokenUrl} (OAuth2 client credentials)` +
              (options.tokenLifetimeSeconds !== undefined
                ? `, tokens last ${plural(options.tokenLifetimeSeconds, "second")}`
                : ""),
          ]
        : [`  auth:          ${schemeText(api.auth)}`]),
      ...credentials.map(({ label, variable, secret, fallback, value }) => {
        const shown =
          value === undefined
            ? `${fallback}${secret ? " (the mock's documented test value)" : ""}`
            : // The tester's own secret is never printed: terminals and CI keep logs.
              secret
              ? `from ${variable} (not shown)`
              : `${value} (from ${variable})`;
        return `  ${`${label}:`.padEnd(15)}${shown}`;
      }),
      ...(example
        ? [
            `  operations:    ${server.baseUrl}<path>, e.g. ${example.method} ${example.path}`,
          ]
        : []),
      ...faultLines.map((text) => `  fault:         ${text}`),
      ...(options.latencyMs !== undefined && options.latencyMs > 0
        ? [`  latency:       ${options.latencyMs} ms added to every answer`]
        : []),
      `  admin:         GET ${server.adminUrl}/calls, POST ${server.adminUrl}/reset, POST ${server.adminUrl}/faults, POST ${server.adminUrl}/revoke-tokens`,
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

/**
 * A credential from the environment; `undefined` when the variable is
 * unset. An empty one (a variable exported without a value) is refused:
 * the mock would accept an empty secret. Its value is never shown.
 */
function credential(
  env: Readonly<Record<string, string | undefined>> | undefined,
  { variable, label }: MockCredential,
): string | undefined {
  const value = env?.[variable];
  if (value !== "") return value;
  throw new UsageError(
    usageProblems.badEnvironment(
      variable,
      `${/^[aeiou]/i.test(label) ? "an" : "a"} ${label}`,
      `set it to the ${label} your client sends, or unset it for the mock's documented default`,
    ),
  );
}

/** The scheme the banner names, as the spec states it. */
function schemeText(auth: MockAuth): string {
  switch (auth.scheme) {
    case "api-key":
      return `API key in the ${auth.name} ${auth.in === "header" ? "header" : "query parameter"}`;
    case "basic":
      return "HTTP Basic";
    case "bearer":
      return "a static bearer token";
    default:
      return "none: the operations take no credentials";
  }
}

/** `hour` for 3 600 000 ms, as the spec writes a rate limit's unit. */
function unitOf(intervalMs: number): string {
  const unit = Object.entries(rateLimitUnits).find(
    ([, ms]) => ms === intervalMs,
  );
  return unit !== undefined ? unit[0] : `${intervalMs} ms`;
}
