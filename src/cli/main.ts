/**
 * The `remitgen` command. Exit status: 0 success, 1 a spec problem, a
 * failed check or a failed write, 2 a usage error. Messages, never stack
 * traces.
 */
import { Command, CommanderError, Option } from "commander";
import type { EventEmitter } from "node:events";
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { usageProblems } from "../diagnostics/codes.js";
import { UsageError } from "../diagnostics/diagnostic.js";
import type { GenerateResult } from "../generate.js";
import type { Model } from "../model/types.js";
import { closest } from "../names/names.js";
import { packageRoot } from "../paths.js";
import { parseRateLimit, rateLimitUnits } from "../spec/raw.js";
import {
  ADMIN_PREFIX,
  FAULT_FORM,
  FAULT_KINDS,
  parseFault,
} from "../mock-server/fault-syntax.js";
import { longestTimer } from "../runtime/limiter.js";
import {
  DEFAULT_MAX_RECORDED_CALLS,
  DEFAULT_TOKEN_LIFETIME_SECONDS,
} from "../runtime/mock/engine.js";
import { manifestName } from "../write/output-dir.js";
import {
  lockWaitLine,
  plural,
  reportFailure,
  stopSignal,
  summaryLine,
  type CliIO,
} from "./report.js";

export type { CliIO } from "./report.js";

/** The spec `remitgen init` writes: a project's spec when `--spec` is not given. */
const starterSpec = "spec/api.yaml";

type Program = Command & { exitStatus?: number };

/** Runs the command line; returns the exit status instead of exiting, so it can be tested. */
export async function runCli(
  argv: readonly string[],
  io: CliIO,
): Promise<number> {
  const program = buildProgram(io);
  const unknown = unknownCommand(program, argv);
  if (unknown !== undefined) return reportFailure(unknown, io);
  try {
    await program.parseAsync(argv as string[], { from: "user" });
    return program.exitStatus ?? 0;
  } catch (error) {
    if (error instanceof CommanderError) {
      // Help asked for (`--help`, `help <command>`) is a success; help shown
      // because no command was given, like every other usage error, is not.
      const asked =
        error.code === "commander.helpDisplayed" ||
        error.code === "commander.version";
      if (asked || (error.code === "commander.help" && error.exitCode === 0))
        return 0;
      // No command: the help that lists them is shown, then what is wrong.
      if (error.code === "commander.help") {
        const commands = program.commands.map((command) => command.name());
        const text = usageProblems.noCommand(commands);
        io.err("");
        return reportFailure(new UsageError(text), io);
      }
      return reportFailure(commandLineError(error, program, argv), io);
    }
    return reportFailure(error, io);
  }
}

function buildProgram(io: CliIO): Program {
  const program: Program = new Command("remitgen");
  const setStatus = (status: number): void => {
    program.exitStatus = status;
  };
  // The checker, the generator and diff (with the native transpiler and
  // formatter they load) are imported by the commands that use them:
  // `--help` and `--version` load none of them (the build splits the CLI).
  /** The spec's model, or undefined once every problem is reported (exit status 1). */
  const checkedModel = async (spec: string): Promise<Model | undefined> => {
    const { checkSpecFile } = await import("../check-spec.js");
    const result = await checkSpecFile(resolve(io.cwd, spec), spec);
    if (result.ok) return result.model;
    io.err(result.formatted);
    io.err(`\n${plural(result.diagnostics.length, "problem")} in ${spec}`);
    setStatus(1);
    return undefined;
  };
  // A command's spec when --spec is not given: the project's, found once
  // here rather than by each command.
  program.hook("preAction", (_, command) => {
    if (command.options.some((option) => option.long === "--spec"))
      if (command.getOptionValue("spec") === undefined)
        command.setOptionValueWithSource(
          "spec",
          projectSpec(io.cwd),
          "default",
        );
  });
  program
    .description(
      "Generate typed clients, mock handlers, docs and OpenAPI for an HTTP JSON API from one YAML spec.",
    )
    .version(readVersion(), "-V, --version", "print remitgen's version")
    .exitOverride()
    .configureOutput({
      writeOut: (text) => io.out(text.trimEnd()),
      writeErr: (text) => io.err(text.trimEnd()),
      // runCli says commander's errors, with a code and a hint.
      outputError: () => undefined,
    })
    .showSuggestionAfterError(true)
    .addHelpText(
      "after",
      "\nExit status: 0 success, 1 a spec problem, a failed check or write, 2 a usage error.",
    );

  program
    .command("init")
    .description(
      "set up this project: a starter spec, a generate script, workspaces, .gitattributes",
    )
    .option(
      "-s, --spec <file>",
      "where the starter spec goes",
      parseSpec,
      starterSpec,
    )
    .option("-o, --out <dir>", "the output folder", parseOut, "generated")
    .action(async (options: { spec: string; out: string }) => {
      const { runInit } = await import("./init.js");
      setStatus(await runInit({ ...options, cwd: io.cwd, log: io.out }));
    });

  program
    .command("validate")
    .description("check the spec and report every problem with its position")
    .option("-s, --spec <file>", specHelp, parseSpec)
    .action(async (options: { spec: string }) => {
      const model = await checkedModel(options.spec);
      if (model === undefined) return;
      const operations = model.operations.length;
      io.out(
        `${options.spec} is valid: ${plural(model.sets.length, "set")}, ${plural(operations, "operation")}`,
      );
    });

  program
    .command("generate")
    .description(
      "write a client package, mock handlers and docs for each operation set",
    )
    .option("-s, --spec <file>", specHelp, parseSpec)
    .option("-o, --out <dir>", "the output folder", parseOut, "generated")
    .addOption(
      new Option("--set <id...>", "generate only these sets (repeatable)"),
    )
    .addOption(
      new Option(
        "--check",
        "write nothing; exit 1 listing every stale, missing or extra file",
      ).conflicts("watch"),
    )
    .addOption(
      new Option(
        "-w, --watch",
        "regenerate whenever the spec changes, until Ctrl-C",
      ),
    )
    .action(
      async (options: {
        spec: string;
        out: string;
        set?: string[];
        check?: boolean;
        watch?: boolean;
      }) => {
        // Ctrl-C or a CI cancel stops the run cleanly: nothing half-written.
        const stop = stopSignal(io.signal);
        const { spec, out, set: sets } = options;
        let result: GenerateResult;
        try {
          if (options.watch) {
            const { watchGenerate } = await import("./watch.js");
            setStatus(
              await watchGenerate({
                spec,
                out,
                sets,
                cwd: io.cwd,
                signal: stop.signal,
                log: io.out,
                error: io.err,
              }),
            );
            return;
          }
          const { generate } = await import("../generate.js");
          result = await generate({
            spec,
            out,
            sets,
            check: options.check === true,
            cwd: io.cwd,
            signal: stop.signal,
            onLockWait: (pid) => io.err(lockWaitLine(options.out, pid)),
          });
        } finally {
          stop.dispose();
        }
        if (options.check) {
          setStatus(reportCheck(result, options.out, io));
          return;
        }
        io.out(summaryLine(result));
      },
    );

  program
    .command("diff")
    .description(
      "show what changes from one set to another (operations, methods, parameters, bodies, statuses, auth, plan) and which changes break a client",
    )
    .argument("<from>", "the earlier set id, e.g. v1.0.1")
    .argument("<to>", "the later set id, e.g. v3")
    .option("-s, --spec <file>", specHelp, parseSpec)
    .option(
      "--to-spec <file>",
      "the spec the later set is in, when it is another file (e.g. the API's next version)",
      (value: string) =>
        value === ""
          ? refuseOption(
              "--to-spec",
              "a file path",
              value,
              "pass the later spec file, or omit --to-spec to compare sets of one spec",
            )
          : value,
    )
    .action(
      async (
        from: string,
        to: string,
        options: { spec: string; toSpec?: string },
      ) => {
        const model = await checkedModel(options.spec);
        if (model === undefined) return;
        const toModel =
          options.toSpec === undefined
            ? model
            : await checkedModel(options.toSpec);
        if (toModel === undefined) return;
        // An unknown set id is a UsageError (exit status 2).
        const { diffSets, formatDiff } = await import("../diff.js");
        io.out(formatDiff(diffSets(model, from, to, toModel)));
      },
    );

  program
    .command("import")
    .description(
      "write a spec from OpenAPI 3.0, 3.1 or Swagger 2.0 descriptions, one set each",
    )
    .argument(
      "<document...>",
      "the descriptions, JSON or YAML, oldest version first",
    )
    .requiredOption("-o, --out <file>", "where the spec goes", parseSpecOut)
    .option("--force", "replace the spec when it exists")
    .option(
      "--scope <scope>",
      "npm scope of the generated packages (default: from the title)",
      (value) => parsePackagePart("--scope", value),
    )
    .option(
      "--name <name>",
      "base of the package names (default: from the title)",
      (value) => parsePackagePart("--name", value),
    )
    .option(
      "--set-ids <ids>",
      "a set id per description, comma-separated (default: their versions)",
      (value) => value.split(",").map((id) => id.trim()),
    )
    .addHelpText(
      "after",
      `
Each description becomes an operation set: the first lists its operations,
each later one extends the one before with what it adds and removes.
Operations are matched by method and path; one whose shape changed becomes
a second operation. What the spec cannot say is listed, with its JSON
Pointer, at the end of the spec and on standard error.

Example:
  remitgen import openapi-v1.json openapi-v2.json --out spec/api.yaml`,
    )
    .action(
      async (
        documents: string[],
        options: {
          out: string;
          force?: boolean;
          scope?: string;
          name?: string;
          setIds?: string[];
        },
      ) => {
        const { runImport } = await import("./import.js");
        setStatus(await runImport({ ...options, documents, cwd: io.cwd }, io));
      },
    );

  program
    .command("mock")
    .description(
      "serve one set's mock API over HTTP (token endpoint included), logging each call",
    )
    .option("-s, --spec <file>", specHelp, parseSpec)
    .option("--set <id>", "the set to serve, e.g. v3")
    .option(
      "-p, --port <number>",
      "the port; 0 picks a free one",
      parsePort,
      4010,
    )
    .option(
      "--host <address>",
      "the interface to listen on",
      parseHost,
      "127.0.0.1",
    )
    .option(
      "--fault <fault>",
      `inject a fault into an operation's calls (repeatable, one per operation): ${FAULT_FORM}; kinds: ${FAULT_KINDS.join(", ")} (applied-: the call is carried out before the answer)`,
      collectFault,
    )
    .option(
      "--latency <ms>",
      "milliseconds added to every answer",
      parseLatency,
    )
    .option(
      "--rate-limit <limit>",
      "off, or calls per second, minute, hour or day, e.g. 5/minute (default: the set's plan)",
      parseRateLimitOption,
    )
    .option(
      "--token-lifetime <seconds>",
      `lifetime of the tokens it issues (default ${DEFAULT_TOKEN_LIFETIME_SECONDS})`,
      parseTokenLifetime,
    )
    .option(
      "--max-calls <count>",
      `calls ${ADMIN_PREFIX}/calls keeps, the newest; older ones are dropped and counted (default ${DEFAULT_MAX_RECORDED_CALLS})`,
      parseMaxCalls,
    )
    .addHelpText(
      "after",
      `
Credentials, by the spec's auth scheme (never options: process lists show
options), each a documented test value unless its variable is set:
  OAuth2   client id mock-client-id, secret mock-client-secret
           (REMITGEN_MOCK_CLIENT_ID, REMITGEN_MOCK_CLIENT_SECRET)
  API key  mock-api-key (REMITGEN_MOCK_API_KEY)
  Basic    user mock-user, password mock-password
           (REMITGEN_MOCK_USERNAME, REMITGEN_MOCK_PASSWORD)
  bearer   token mock-bearer-token (REMITGEN_MOCK_BEARER_TOKEN)

Admin endpoints (never the API's own: no spec path holds an @):
  GET  ${ADMIN_PREFIX}/calls          the operation calls since the last reset, in
                                 arrival order, with outcome and whether applied;
                                 the newest --max-calls, droppedCalls counts the rest
  POST ${ADMIN_PREFIX}/reset          forget the calls; restore the --fault faults
  POST ${ADMIN_PREFIX}/faults         set a fault, body in the --fault syntax
                                 (<operation>=none removes one)
  POST ${ADMIN_PREFIX}/revoke-tokens  make every issued token invalid`,
    )
    .action(
      async (options: {
        spec: string;
        set?: string;
        port: number;
        host: string;
        fault?: string[];
        latency?: number;
        rateLimit?: false | { limit: number; intervalMs: number };
        tokenLifetime?: number;
        maxCalls?: number;
      }) => {
        const { runMock } = await import("./mock.js");
        const stop = stopSignal(io.signal);
        // Run as its own process (no signal given), it also stops once
        // whatever started it is gone: npx does not pass a kill on.
        const starter =
          io.signal === undefined
            ? (await import("./starter-watch.js")).watchStarter(io.env)
            : undefined;
        starter?.signal.addEventListener("abort", () =>
          io.out(`remitgen mock: ${String(starter.signal.reason)}; stopping`),
        );
        const signal =
          starter !== undefined
            ? AbortSignal.any([stop.signal, starter.signal])
            : stop.signal;
        try {
          setStatus(
            await runMock({
              spec: options.spec,
              set: options.set,
              port: options.port,
              host: options.host,
              ...(options.fault !== undefined ? { faults: options.fault } : {}),
              ...(options.latency !== undefined
                ? { latencyMs: options.latency }
                : {}),
              ...(options.rateLimit !== undefined
                ? { rateLimit: options.rateLimit }
                : {}),
              ...(options.tokenLifetime !== undefined
                ? { tokenLifetimeSeconds: options.tokenLifetime }
                : {}),
              ...(options.maxCalls !== undefined
                ? { maxRecordedCalls: options.maxCalls }
                : {}),
              ...(io.env !== undefined ? { env: io.env } : {}),
              cwd: io.cwd,
              signal,
              log: io.out,
              error: io.err,
            }),
          );
        } finally {
          stop.dispose();
          starter?.dispose();
        }
      },
    );

  for (const command of program.commands) refuseRepeats(command);
  return program;
}

/**
 * An option that takes one value, given twice (`mock --set a --set b`),
 * is refused: commander keeps the last, and the first was likely meant as
 * much. Options that collect values (`generate --set`) and flags may
 * repeat. The check runs before commander takes each value.
 */
function refuseRepeats(command: Command): void {
  for (const option of command.options) {
    if (option.variadic || !(option.required || option.optional)) continue;
    const key = option.attributeName();
    // Commander's Command is an EventEmitter; its typings declare only `on`.
    const events = command as unknown as EventEmitter;
    events.prependListener(`option:${option.name()}`, (value: string) => {
      if (command.getOptionValueSource(key) !== "cli") return;
      // One that collects its values (`mock --fault`) may repeat.
      if (Array.isArray(command.getOptionValue(key))) return;
      throw new UsageError(
        usageProblems.repeatedOption(
          option.long ?? option.flags,
          String(command.getOptionValue(key)),
          value,
          `remitgen ${command.name()} --help`,
        ),
      );
    });
  }
}

/**
 * A UsageError (RG092) for an option's value, thrown from commander's
 * parser: commander passes on any error but its own, so it is reported as
 * every other usage error is, code and hint included.
 */
function refuseOption(
  option: string,
  expected: string,
  value: string,
  hint: string,
): never {
  throw new UsageError(
    usageProblems.badCommandOption(option, expected, value, hint),
  );
}

const specHelp = `the spec file (default: ${starterSpec}, which remitgen init writes, or else the one .yaml file in spec/)`;

/**
 * The spec of the project in `cwd` when `--spec` is not given: the one
 * `remitgen init` writes, or else the only YAML file in spec/. Anything
 * else is a usage error naming the flag: a guess could read the wrong API.
 */
function projectSpec(cwd: string): string {
  let found: string[] = [];
  try {
    found = readdirSync(join(cwd, "spec"), { withFileTypes: true })
      .filter((entry) => !entry.isDirectory() && /\.ya?ml$/.test(entry.name))
      .map((entry) => `spec/${entry.name}`)
      .sort();
  } catch {
    // No spec/ folder (or an unreadable one): nothing found, said below.
  }
  if (found.includes(starterSpec)) return starterSpec;
  if (found.length === 1) return found[0]!;
  throw new UsageError(usageProblems.noSpec(starterSpec, found));
}

/**
 * `--spec` and `--out` name a path: an empty one (an unset variable,
 * `--out "$OUT"`) would read the current folder as the spec, or write
 * into it.
 */
function parseSpec(value: string): string {
  if (value === "")
    refuseOption(
      "--spec",
      "a file path",
      value,
      `pass the spec file, e.g. --spec ${starterSpec}, or omit --spec to find the project's`,
    );
  return value;
}

function parseOut(value: string): string {
  if (value === "")
    refuseOption(
      "--out",
      "a folder path",
      value,
      "pass the output folder, e.g. --out generated, or omit --out for that default",
    );
  return value;
}

function parseSpecOut(value: string): string {
  if (value === "")
    refuseOption(
      "--out",
      "a file path",
      value,
      "pass the spec file to write, e.g. --out spec/api.yaml",
    );
  return value;
}

/** `--scope` and `--name`: what npm takes in a package name. */
function parsePackagePart(option: string, value: string): string {
  if (!/^[a-z0-9][a-z0-9._-]{0,49}$/.test(value))
    refuseOption(
      option,
      "lowercase letters, digits, - . or _ (at most 50)",
      value,
      `pass e.g. ${option} ${
        value
          .toLowerCase()
          .replace(/[^a-z0-9._-]+/g, "-")
          .replace(/^[-._]+/, "") || "payments"
      }`,
    );
  return value;
}

function parseHost(value: string): string {
  // A host name or an IP address (IPv6 without brackets): no spaces, no
  // URL syntax. The listen call says whether it exists.
  if (!/^[A-Za-z0-9.:%_-]+$/.test(value)) {
    const bracketed = /^\[([A-Fa-f0-9.:%_-]+)\]$/.exec(value)?.[1];
    refuseOption(
      "--host",
      "a host name or an IP address",
      value,
      bracketed !== undefined
        ? `write an IPv6 address without brackets: --host ${bracketed}`
        : "pass e.g. --host 127.0.0.1 (this machine only), ::1, localhost or 0.0.0.0 (every interface)",
    );
  }
  return value;
}

/** `--fault`: its form checked here, its operation once the set is known. */
function collectFault(value: string, previous: string[] | undefined): string[] {
  parseFault(value, "--fault");
  return [...(previous ?? []), value];
}

/** A whole number from `min` to `max`, or `undefined`. */
function wholeNumber(
  value: string,
  min: number,
  max: number,
): number | undefined {
  const number = Number(value);
  return /^\d{1,10}$/.test(value) && number >= min && number <= max
    ? number
    : undefined;
}

/** A whole number from `min` to `max` for `option`, or RG092 naming it. */
function wholeNumberOption(
  option: string,
  value: string,
  [min, max]: readonly [number, number],
  unit: string,
  hint: string,
): number {
  return (
    wholeNumber(value, min, max) ??
    refuseOption(
      option,
      `a whole number${unit} from ${min} to ${max}`,
      value,
      hint,
    )
  );
}

function parseLatency(value: string): number {
  // Node fires a longer timer at once.
  return wholeNumberOption(
    "--latency",
    value,
    [0, longestTimer],
    " of milliseconds",
    "pass e.g. --latency 250, or omit it for none",
  );
}

function parseRateLimitOption(
  value: string,
): false | { limit: number; intervalMs: number } {
  if (value === "off") return false;
  const rate = parseRateLimit(value);
  if (rate === undefined)
    refuseOption(
      "--rate-limit",
      "off or a count per unit",
      value,
      `pass off, or a whole number of calls from 1 per ${Object.keys(rateLimitUnits).join(", ")}, e.g. --rate-limit 5/minute; omit it for the set's plan`,
    );
  return { limit: rate.limit, intervalMs: rateLimitUnits[rate.unit] };
}

function parseMaxCalls(value: string): number {
  return wholeNumberOption(
    "--max-calls",
    value,
    [0, Number.MAX_SAFE_INTEGER],
    " of calls",
    `pass e.g. --max-calls 10000, or omit it for ${DEFAULT_MAX_RECORDED_CALLS}`,
  );
}

function parseTokenLifetime(value: string): number {
  // The engine's bound: a token's expiry is a timer.
  return wholeNumberOption(
    "--token-lifetime",
    value,
    [1, Math.floor(longestTimer / 1000)],
    " of seconds",
    `pass e.g. --token-lifetime 5 to see tokens expire, or omit it for ${DEFAULT_TOKEN_LIFETIME_SECONDS}`,
  );
}

function parsePort(value: string): number {
  return wholeNumberOption(
    "--port",
    value,
    [0, 65535],
    "",
    "pass e.g. --port 4010, or --port 0 for a free one",
  );
}

/**
 * Commander's error as every usage error is said (RG092): its words, what
 * it suggests as the hint, and the help that lists what the command takes.
 */
function commandLineError(
  error: CommanderError,
  program: Command,
  argv: readonly string[],
): UsageError {
  const [first = "", ...rest] = error.message.split("\n");
  const suggestion = /^\(Did you mean (.+)\?\)$/.exec(rest.join("\n"))?.[1];
  const command = program.commands.find(
    (each) => each.name() === argv[0] || each.aliases().includes(argv[0] ?? ""),
  );
  return new UsageError(
    usageProblems.badCommandLine(
      first.replace(/^error: /, ""),
      suggestion,
      command === undefined
        ? "remitgen --help"
        : `remitgen ${command.name()} --help`,
    ),
  );
}

/**
 * Commander only suggests commands within a small edit distance; this also
 * catches prefixes (`gen` for `generate`), and `help <unknown>`, for which
 * commander prints the general help without saying why. Returns the
 * error, or `undefined` when the command named is an option or known.
 */
function unknownCommand(
  program: Command,
  argv: readonly string[],
): UsageError | undefined {
  const first = argv[0] === "help" && argv[1] !== undefined ? argv[1] : argv[0];
  if (first === undefined || first.startsWith("-")) return undefined;
  const names = program.commands.flatMap((command) => [
    command.name(),
    ...command.aliases(),
  ]);
  names.push("help");
  if (names.includes(first)) return undefined;
  const prefixed = names.filter((name) => name.startsWith(first.toLowerCase()));
  const suggestion =
    closest(first, names) ?? (prefixed.length === 1 ? prefixed[0] : undefined);
  return new UsageError(
    usageProblems.unknownCommand(
      first,
      suggestion,
      names.filter((name) => name !== "help"),
    ),
  );
}

function reportCheck(result: GenerateResult, out: string, io: CliIO): number {
  const shown = out.replace(/[\\/]+$/, "") || out;
  if (result.upToDate) {
    io.out(
      `${shown} is up to date: ${plural(result.files.length, "file")} match the spec`,
    );
    return 0;
  }
  const lines = [
    ...result.stale.map((path) => `stale:   ${shown}/${path}`),
    ...result.missing.map((path) => `missing: ${shown}/${path}`),
    ...result.extra.map((path) => `extra:   ${shown}/${path}`),
  ];
  // Every file matches but the manifest does not list them all.
  if (lines.length === 0) lines.push(`stale:   ${shown}/${manifestName}`);
  io.err(lines.join("\n"));
  io.err(
    `${shown} does not match the spec (${plural(lines.length, "file")}); ` +
      "run `remitgen generate` with the same options (without --check) and commit the result",
  );
  // Regenerating and committing does not mend a checkout whose line ends
  // Git turns into CRLF: the next checkout turns them again.
  const crlf = result.stale.filter((path) =>
    hasCrlf(join(resolve(io.cwd, out), path)),
  ).length;
  if (crlf > 0)
    io.err(
      `${crlf === 1 ? "1 of these files has" : `${crlf} of these files have`} CRLF line ends, which remitgen never writes (Git's core.autocrlf?): ` +
        `add \`${shown}/** text eol=lf\` to .gitattributes, then delete the folder and check it out again`,
    );
  return 1;
}

function hasCrlf(file: string): boolean {
  try {
    return readFileSync(file).includes("\r\n");
  } catch {
    return false;
  }
}

function readVersion(): string {
  const manifest = JSON.parse(
    readFileSync(join(packageRoot(), "package.json"), "utf8"),
  ) as { version: string };
  return manifest.version;
}
