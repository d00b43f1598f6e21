/**
 * The `remitgen` command. Exit status: 0 success, 1 a spec problem or a
 * failed check, 2 a usage error. Messages, never stack traces.
 */
import { Command, CommanderError, Option } from "commander";
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { SpecError, UsageError } from "../diagnostics/diagnostic.js";
import { diffSets, formatDiff } from "../diff.js";
import { generate, type GenerateResult } from "../generate.js";
import { packageRoot } from "../paths.js";
import { checkSpecFile } from "../spec/load.js";

export interface CliIO {
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
  readonly cwd: string;
}

const defaultSpec = "spec/remittance.yaml";

/** Runs the command line; returns the exit status instead of exiting, so it can be tested. */
export async function runCli(argv: readonly string[], io: CliIO): Promise<number> {
  const program = buildProgram(io);
  try {
    await program.parseAsync(argv as string[], { from: "user" });
    return (program as Command & { exitStatus?: number }).exitStatus ?? 0;
  } catch (error) {
    return reportError(error, io);
  }
}

function buildProgram(io: CliIO): Command & { exitStatus?: number } {
  const program: Command & { exitStatus?: number } = new Command("remitgen");
  const setStatus = (status: number): void => {
    program.exitStatus = status;
  };
  program
    .description("Generate typed clients, mock handlers and docs for the Remittance Transfer Service from one YAML spec.")
    .version(readVersion(), "-V, --version", "print remitgen's version")
    .exitOverride()
    .configureOutput({ writeOut: (text) => io.out(text.trimEnd()), writeErr: (text) => io.err(text.trimEnd()) })
    .showSuggestionAfterError(true);

  program
    .command("validate")
    .description("check the spec and report every problem with its position")
    .option("-s, --spec <file>", "the spec file", defaultSpec)
    .action(async (options: { spec: string }) => {
      const result = await checkSpecFile(resolve(io.cwd, options.spec), options.spec);
      if (!result.ok) {
        io.err(result.formatted);
        io.err(`\n${result.diagnostics.length} problem${result.diagnostics.length === 1 ? "" : "s"} in ${options.spec}`);
        setStatus(1);
        return;
      }
      const operations = result.model.operations.length;
      io.out(`${options.spec} is valid: ${result.model.sets.length} sets, ${operations} operations`);
    });

  program
    .command("generate")
    .description("write a client package, mock handlers and docs for each operation set")
    .option("-s, --spec <file>", "the spec file", defaultSpec)
    .option("-o, --out <dir>", "the output folder", "generated")
    .addOption(new Option("--set <id...>", "generate only these sets (repeatable)"))
    .option("--check", "write nothing; exit 1 listing every stale, missing or extra file")
    .action(async (options: { spec: string; out: string; set?: string[]; check?: boolean }) => {
      const result = await generate({
        spec: options.spec,
        out: options.out,
        ...(options.set ? { sets: options.set } : {}),
        check: options.check === true,
        cwd: io.cwd,
      });
      if (options.check) {
        setStatus(reportCheck(result, options.out, io));
        return;
      }
      io.out(summaryLine(result));
    });

  program
    .command("diff")
    .description("show the operations and plan changes from one set to another")
    .argument("<from>", "the earlier set id, e.g. v1.0.1")
    .argument("<to>", "the later set id, e.g. v3")
    .option("-s, --spec <file>", "the spec file", defaultSpec)
    .action(async (from: string, to: string, options: { spec: string }) => {
      const result = await checkSpecFile(resolve(io.cwd, options.spec), options.spec);
      if (!result.ok) {
        io.err(result.formatted);
        setStatus(1);
        return;
      }
      const ids = result.model.sets.map((set) => set.id);
      for (const id of [from, to]) {
        if (!ids.includes(id)) throw new UsageError("RG091", `unknown set ${JSON.stringify(id)}`, `sets: ${ids.join(", ")}`);
      }
      io.out(formatDiff(diffSets(result.model, from, to)));
    });

  return program;
}

function summaryLine(result: GenerateResult): string {
  const removed = result.removed.length > 0 ? `, ${result.removed.length} removed` : "";
  return (
    `remitgen: ${result.sets.length} set${result.sets.length === 1 ? "" : "s"}, ${result.operations} operations, ` +
    `${result.files.length} files (${result.written.length} written${removed}, ${result.unchanged} unchanged) ` +
    `in ${Math.round(result.durationMs)} ms`
  );
}

function reportCheck(result: GenerateResult, out: string, io: CliIO): number {
  if (result.upToDate) {
    io.out(`${out} is up to date: ${result.files.length} files match the spec`);
    return 0;
  }
  const lines = [
    ...result.stale.map((path) => `stale:   ${out}/${path}`),
    ...result.missing.map((path) => `missing: ${out}/${path}`),
    ...result.extra.map((path) => `extra:   ${out}/${path}`),
  ];
  io.err(lines.join("\n"));
  const count = result.stale.length + result.missing.length + result.extra.length;
  io.err(`${out} does not match the spec (${count} file${count === 1 ? "" : "s"}); run \`npm run generate\` and commit the result`);
  return 1;
}

function reportError(error: unknown, io: CliIO): number {
  if (error instanceof CommanderError) {
    if (error.code === "commander.helpDisplayed" || error.code === "commander.version" || error.code === "commander.help") {
      return 0;
    }
    return 2;
  }
  if (error instanceof SpecError) {
    io.err(error.message);
    const count = error.diagnostics.length;
    io.err(`\n${count} problem${count === 1 ? "" : "s"} found; nothing was written`);
    return 1;
  }
  if (error instanceof UsageError) {
    io.err(`remitgen: ${error.message}`);
    return 2;
  }
  const message = error instanceof Error ? error.message : String(error);
  io.err(`remitgen: ${message}`);
  return 1;
}

function readVersion(): string {
  const manifest = JSON.parse(readFileSync(join(packageRoot(), "package.json"), "utf8")) as { version: string };
  return manifest.version;
}
