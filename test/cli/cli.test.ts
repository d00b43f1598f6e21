/**
 * The command line through `runCli`: help, version, usage errors (exit 2
 * with a suggestion), validate, generate, diff.
 */
import { existsSync } from "node:fs";
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../../src/cli/main.js";
import {
  editFile,
  makeProject,
  positionOf,
  recordingIO,
  repoRoot,
  repoSpec,
  waitFor,
} from "../generate/support.js";
import { lockOutput } from "../../src/write/output-lock.js";

async function run(args: string[], cwd = repoRoot) {
  const io = recordingIO(cwd);
  const status = await runCli(args, io);
  return { status, stdout: io.stdout.join("\n"), stderr: io.stderr.join("\n") };
}

const commands = ["init", "validate", "generate", "diff", "mock"];

describe("help and version", () => {
  it("--help on the program lists every command and exits 0", async () => {
    const { status, stdout, stderr } = await run(["--help"]);
    expect(status).toBe(0);
    expect(stderr).toBe("");
    expect(stdout).toMatch(/^Usage: remitgen \[options\] \[command\]/);
    for (const command of commands)
      expect(stdout).toMatch(new RegExp(`^  ${command} `, "m"));
    expect(stdout).toContain(
      "Exit status: 0 success, 1 a spec problem, a failed check or write, 2 a usage error.",
    );
  });

  for (const command of commands) {
    it(`${command} --help (and help ${command}) describes its options and exits 0`, async () => {
      const viaFlag = await run([command, "--help"]);
      expect(viaFlag.status).toBe(0);
      expect(viaFlag.stderr).toBe("");
      expect(viaFlag.stdout).toMatch(
        new RegExp(`^Usage: remitgen ${command} `),
      );
      expect(viaFlag.stdout).toContain("--spec <file>");
      const viaHelp = await run(["help", command]);
      expect(viaHelp.status).toBe(0);
      expect(viaHelp.stdout).toBe(viaFlag.stdout);
    });
  }

  it("generate --help and mock --help show their own options", async () => {
    const generate = (await run(["generate", "--help"])).stdout;
    for (const option of ["--out <dir>", "--set <id...>", "--check", "--watch"])
      expect(generate).toContain(option);
    const mock = (await run(["mock", "--help"])).stdout;
    for (const option of [
      "--set <id>",
      "--port <number>",
      "--host <address>",
      "(default: 4010)",
      '(default: "127.0.0.1")',
    ]) {
      expect(mock).toContain(option);
    }
  });

  it("--version prints the package version", async () => {
    const { version } = JSON.parse(
      await readFile(join(repoRoot, "package.json"), "utf8"),
    ) as { version: string };
    for (const flag of ["--version", "-V"]) {
      const { status, stdout } = await run([flag]);
      expect(status).toBe(0);
      expect(stdout).toBe(version);
    }
  });
});

describe("usage errors exit 2", () => {
  it("no command: the help on stderr, then RG092 with a hint", async () => {
    const { status, stdout, stderr } = await run([]);
    expect(status).toBe(2);
    expect(stdout).toBe("");
    expect(stderr).toMatch(/^Usage: remitgen/);
    expect(stderr).toMatch(
      /\n\nremitgen: no command given \[RG092\]\n {2}hint: name one of init, validate, generate, diff, import, mock, e\.g\. `remitgen generate`; see `remitgen --help`$/,
    );
  });

  it.each([
    [
      ["generate", "--out", "a", "-o", "b"],
      '--out is given twice: "a", then "b"',
      "generate",
    ],
    [
      ["validate", "--spec", "a.yaml", "--spec", "a.yaml"],
      '--spec is given twice: "a.yaml", then "a.yaml"',
      "validate",
    ],
    [
      ["diff", "V1", "v3", "-s", "a.yaml", "-s", "b.yaml"],
      '--spec is given twice: "a.yaml", then "b.yaml"',
      "diff",
    ],
  ])(
    "an option that takes one value, given twice %j: RG092",
    async (args, said, command) => {
      // In a project of its own: the old code wrote --out b.
      const { root } = await makeProject();
      const { status, stdout, stderr } = await run(args, root);
      expect(status).toBe(2);
      expect(stdout).toBe("");
      expect(existsSync(join(root, "b"))).toBe(false);
      expect(stderr).toBe(
        `remitgen: ${said} [RG092]\n  hint: pass it once; see \`remitgen ${command} --help\``,
      );
    },
  );

  it("options meant to repeat may: generate --set, and flags", async () => {
    const { root, out } = await makeProject();
    const { status, stdout, stderr } = await run(
      ["generate", "--set", "V1", "--set", "v3"],
      root,
    );
    expect([status, stderr]).toEqual([0, ""]);
    expect(stdout).toMatch(/^remitgen: 2 sets, /);
    expect(existsSync(join(out, "v3"))).toBe(true);
    const checked = await run(
      ["generate", "--set", "V1", "--set", "v3", "--check", "--check"],
      root,
    );
    expect([checked.status, checked.stderr]).toEqual([0, ""]);
    expect(checked.stdout).toMatch(/^generated is up to date: /);
  });

  it.each([
    ["generat", "generate"],
    ["valdate", "validate"],
    ["gen", "generate"],
    ["mok", "mock"],
    ["dif", "diff"],
  ])("unknown command %s suggests %s", async (typed, suggested) => {
    const { status, stdout, stderr } = await run([typed]);
    expect(status).toBe(2);
    expect(stdout).toBe("");
    expect(stderr).toBe(
      `remitgen: unknown command '${typed}' [RG092]\n` +
        `  hint: did you mean ${suggested}? Commands: init, validate, generate, diff, import, mock; see \`remitgen --help\``,
    );
  });

  it("help for an unknown command says so, with a suggestion", async () => {
    const { status, stdout, stderr } = await run(["help", "genrate"]);
    expect(status).toBe(2);
    expect(stdout).toBe("");
    expect(stderr).toBe(
      "remitgen: unknown command 'genrate' [RG092]\n" +
        "  hint: did you mean generate? Commands: init, validate, generate, diff, import, mock; see `remitgen --help`",
    );
    const known = await run(["help", "generate"]);
    expect(known.status).toBe(0);
    expect(known.stdout).toMatch(/^Usage: remitgen generate/);
  });

  it("a command nothing resembles lists the commands", async () => {
    const { status, stderr } = await run(["frobnicate"]);
    expect(status).toBe(2);
    expect(stderr).toBe(
      "remitgen: unknown command 'frobnicate' [RG092]\n" +
        "  hint: commands: init, validate, generate, diff, import, mock; see `remitgen --help`",
    );
  });

  it.each([
    [
      ["generate", "--sett", "v3"],
      "remitgen: unknown option '--sett' [RG092]",
      "  hint: did you mean --set? See `remitgen generate --help`",
    ],
    [
      ["generate", "--chek"],
      "remitgen: unknown option '--chek' [RG092]",
      "  hint: did you mean --check? See `remitgen generate --help`",
    ],
    [
      ["validate", "--spc", "x.yaml"],
      "remitgen: unknown option '--spc' [RG092]",
      "  hint: did you mean --spec? See `remitgen validate --help`",
    ],
    [
      ["mock", "--prot", "1"],
      "remitgen: unknown option '--prot' [RG092]",
      "  hint: did you mean --port? See `remitgen mock --help`",
    ],
  ])(
    "unknown option %j suggests the right one",
    async (args, message, hint) => {
      const { status, stderr } = await run(args);
      expect(status).toBe(2);
      expect(stderr).toBe(`${message}\n${hint}`);
    },
  );

  it.each([
    // Commander's words, as every usage error is said: code, then a hint.
    [
      ["generate", "extra"],
      /^remitgen: too many arguments for 'generate'\. Expected 0 arguments but got 1\. \[RG092\]\n {2}hint: see `remitgen generate --help`$/,
    ],
    [
      ["diff", "v3"],
      /^remitgen: missing required argument 'to' \[RG092\]\n {2}hint: see `remitgen diff --help`$/,
    ],
    [
      ["generate", "--check", "--watch"],
      /^remitgen: option '--check' cannot be used with option '-w, --watch' \[RG092\]\n {2}hint: see `remitgen generate --help`$/,
    ],
    [
      ["generate", "--out"],
      /^remitgen: option '-o, --out <dir>' argument missing \[RG092\]\n {2}hint: see `remitgen generate --help`$/,
    ],
    // An option's value is refused as every usage error is: code and hint.
    [
      ["mock", "--set", "v3", "--port", "http"],
      /^remitgen: --port must be a whole number from 0 to 65535, not "http" \[RG092\]\n {2}hint: /,
    ],
    [
      ["mock", "--set", "v3", "--port", "70000"],
      /^remitgen: --port must be .*, not "70000" \[RG092\]\n/,
    ],
    [
      ["mock", "--set", "v3", "--host", ""],
      /^remitgen: --host must be a host name or an IP address, not an empty string \[RG092\]\n {2}hint: pass e\.g\. --host 127\.0\.0\.1/,
    ],
    [
      ["mock", "--set", "v3", "--host", "http://x"],
      /^remitgen: --host must be .*, not "http:\/\/x" \[RG092\]\n/,
    ],
  ])("%j", async (args, message) => {
    const { status, stderr } = await run(args);
    expect(status).toBe(2);
    expect(stderr).toMatch(message);
  });
});

describe("validate", () => {
  it("accepts the spec", async () => {
    const { status, stdout, stderr } = await run(["validate"]);
    expect(status).toBe(0);
    expect(stderr).toBe("");
    expect(stdout).toBe("spec/remittance.yaml is valid: 3 sets, 12 operations");
  });

  it("reports every problem as file:line:column and exits 1", async () => {
    const { root, spec } = await makeProject();
    await editFile(spec, "rateLimit: 100/hour", "rateLimit: lots");
    await editFile(
      spec,
      "summary: Testing method.",
      "summary: Testing method.\n    effect: maybe",
    );
    const text = await readFile(spec, "utf8");
    const rate = positionOf(text, "lots");
    const effect = positionOf(text, "maybe");

    const { status, stdout, stderr } = await run(
      ["validate", "--spec", "spec/remittance.yaml"],
      root,
    );
    expect(status).toBe(1);
    expect(stdout).toBe("");
    const located = stderr
      .split("\n")
      .filter((line) => /^spec\/remittance\.yaml:\d+:\d+: /.test(line));
    expect(located).toHaveLength(2);
    expect(located[0]).toMatch(
      new RegExp(
        `^spec/remittance\\.yaml:${effect.line}:${effect.column}: .*"maybe".* \\[RG\\d+\\]$`,
      ),
    );
    expect(located[1]).toMatch(
      new RegExp(
        `^spec/remittance\\.yaml:${rate.line}:${rate.column}: rate limit "lots".* \\[RG\\d+\\]$`,
      ),
    );
    expect(stderr).toContain("^^^^");
    expect(stderr).toMatch(/2 problems in spec\/remittance\.yaml$/);
  });

  it.each([
    ["validate", "--spec"],
    ["generate", "--spec"],
    ["generate", "--out"],
    ["diff", "--spec"],
    ["mock", "--spec"],
  ])(
    "%s %s '' is a usage error saying what to pass (RG092, exit 2)",
    async (command, option) => {
      const { root } = await makeProject();
      const args =
        command === "diff" ? [command, "V1", "v3"] : [command, "--set", "v3"];
      if (command === "validate") args.splice(1);
      const { status, stdout, stderr } = await run([...args, option, ""], root);
      expect(status).toBe(2);
      expect(stdout).toBe("");
      expect(stderr).toBe(
        option === "--spec"
          ? "remitgen: --spec must be a file path, not an empty string [RG092]\n" +
              "  hint: pass the spec file, e.g. --spec spec/api.yaml, or omit --spec to find the project's"
          : "remitgen: --out must be a folder path, not an empty string [RG092]\n" +
              "  hint: pass the output folder, e.g. --out generated, or omit --out for that default",
      );
      expect(await readdir(root)).not.toContain("generated");
    },
  );

  it("without --spec reads the spec init writes, or else the one YAML file in spec/", async () => {
    const { root, spec } = await makeProject();
    // The one YAML file in spec/ (the project's spec/remittance.yaml; its
    // folder seed/ and non-YAML files do not count).
    await writeFile(join(root, "spec/notes.md"), "# notes\n");
    expect((await run(["validate"], root)).stdout).toBe(
      "spec/remittance.yaml is valid: 3 sets, 12 operations",
    );
    // Two: which is meant cannot be told, so nothing is read.
    await writeFile(join(root, "spec/other.yaml"), "remitgen: 1\n");
    const several = await run(["generate"], root);
    expect(several.status).toBe(2);
    expect(several.stderr).toBe(
      "remitgen: no --spec given, and spec/ holds several specs: spec/other.yaml, spec/remittance.yaml [RG092]\n" +
        "  hint: pass the one to use with --spec, e.g. --spec spec/other.yaml",
    );
    expect(await readdir(root)).not.toContain("generated");
    // spec/api.yaml, which init writes, is the project's among others.
    await writeFile(join(root, "spec/api.yaml"), await readFile(spec));
    expect((await run(["validate"], root)).stdout).toBe(
      "spec/api.yaml is valid: 3 sets, 12 operations",
    );
  });

  it.each(["validate", "generate", "diff", "mock"])(
    "%s without --spec in a project with no spec is a usage error naming the flag (RG092, exit 2)",
    async (command) => {
      const { root } = await makeProject();
      const args = command === "diff" ? ["diff", "V1", "v3"] : [command];
      const elsewhere = join(root, "sub");
      await mkdir(elsewhere);
      const { status, stdout, stderr } = await run(args, elsewhere);
      expect(status).toBe(2);
      expect(stdout).toBe("");
      expect(stderr).toBe(
        "remitgen: no --spec given, and there is no spec/api.yaml [RG092]\n" +
          "  hint: pass the spec file with --spec <file>, or run `remitgen init` to write a starter spec at spec/api.yaml",
      );
    },
  );

  it("a missing spec is a spec problem (exit 1), not a crash", async () => {
    const { status, stderr } = await run(["validate", "--spec", "nope.yaml"]);
    expect(status).toBe(1);
    expect(stderr).toMatch(/^nope\.yaml:1:1: .*no such file/);
    expect(stderr).not.toMatch(/\n\s+at /);
  });
});

describe("generate", () => {
  const summary =
    /^remitgen: (\d+) sets?, (\d+) operations, (\d+) files \((\d+) written(?:, (\d+) removed)?, (\d+) unchanged\) in (\d+) ms$/;

  it("prints one summary line: sets, operations, files written, milliseconds", async () => {
    const { root } = await makeProject();
    const first = await run(["generate"], root);
    expect(first.status).toBe(0);
    expect(first.stderr).toBe("");
    const [, sets, operations, files, written, removed, unchanged] =
      summary.exec(first.stdout) ?? [];
    expect([sets, operations, removed, unchanged]).toEqual([
      "3",
      "12",
      undefined,
      "0",
    ]);
    expect(written).toBe(files);
    expect(Number(files)).toBeGreaterThan(30);

    const second = await run(["generate"], root);
    const again = summary.exec(second.stdout) ?? [];
    expect([again[3], again[4], again[6]]).toEqual([files, "0", files]);
  });

  it("says once that it waits for another run holding the output folder, then generates", async () => {
    const { root, out } = await makeProject();
    const other = await lockOutput(out); // as another run would hold it
    try {
      const io = recordingIO(root);
      const running = runCli(["generate"], io);
      await waitFor("the waiting notice", () => io.stderr.length > 0);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(io.stderr).toEqual([
        `remitgen: another run (process ${process.pid}) is writing generated; waiting until it is done`,
      ]);
      expect(existsSync(out)).toBe(false);
      other.release();
      expect(await running).toBe(0);
      expect(io.stdout.join("\n")).toMatch(summary);
    } finally {
      other.release();
    }
  });

  it("--set v3 generates only v3; other sets are added beside it", async () => {
    const { root, out } = await makeProject();
    const only = await run(["generate", "--set", "v3"], root);
    expect(only.status).toBe(0);
    expect(only.stdout).toMatch(/^remitgen: 1 set, 12 operations, /);
    // Named twice, generated once.
    const twice = await run(["generate", "--set", "v3", "--set", "v3"], root);
    expect([twice.status, twice.stderr]).toEqual([0, ""]);
    expect(twice.stdout).toMatch(/^remitgen: 1 set, 12 operations, /);
    // The overview README describes every set, so it comes with any --set.
    expect((await readdir(out)).sort()).toEqual([
      ".remitgen-manifest.json",
      "README.md",
      "v3",
    ]);

    const two = await run(["generate", "--set", "v1.0.1", "--set", "V1"], root);
    expect(two.stdout).toMatch(/^remitgen: 2 sets, 9 operations, /);
    expect((await readdir(out)).sort()).toEqual([
      ".remitgen-manifest.json",
      "README.md",
      "v1",
      "v1-0-1",
      "v3",
    ]);
    expect(
      (await run(["generate", "--set", "v3", "--check"], root)).status,
    ).toBe(0);
    expect((await run(["generate", "--check"], root)).status).toBe(0);
  });

  it("--check before any generate lists every file as missing", async () => {
    const { root, out } = await makeProject();
    const { status, stderr } = await run(
      ["generate", "--check", "--set", "v3"],
      root,
    );
    expect(status).toBe(1);
    expect(stderr).toMatch(/^missing: generated\/v3\/package\.json$/m);
    expect(stderr).not.toMatch(/^(stale|extra):/m);
    expect(existsSync(out)).toBe(false);
  });

  it("--check reports a lost manifest", async () => {
    const { root, out } = await makeProject();
    await run(["generate"], root);
    await writeFile(
      join(out, ".remitgen-manifest.json"),
      '{ "generator": "remitgen", "files": [] }\n',
    );
    const { status, stderr } = await run(["generate", "--check"], root);
    expect(status).toBe(1);
    expect(stderr).toMatch(/^stale: {3}generated\/\.remitgen-manifest\.json$/m);
  });

  it("--check on a checkout that turned line ends into CRLF says why and how to fix it", async () => {
    const { root, out } = await makeProject();
    await run(["generate", "--set", "v3"], root);
    // As Git's core.autocrlf leaves a checkout on Windows.
    for (const file of ["v3/README.md", "v3/src/client.ts"]) {
      const text = await readFile(join(out, file), "utf8");
      await writeFile(join(out, file), text.replace(/\n/g, "\r\n"));
    }
    const { status, stderr } = await run(
      ["generate", "--check", "--set", "v3"],
      root,
    );
    expect(status).toBe(1);
    expect(stderr).toMatch(/^stale: {3}generated\/v3\/README\.md$/m);
    expect(stderr).toMatch(
      /\n2 of these files have CRLF line ends, which remitgen never writes \(Git's core\.autocrlf\?\): add `generated\/\*\* text eol=lf` to \.gitattributes, then delete the folder and check it out again$/,
    );
  });

  it("--check on a file edited by hand does not blame line ends", async () => {
    const { root, out } = await makeProject();
    await run(["generate", "--set", "v3"], root);
    await writeFile(join(out, "v3/README.md"), "edited\n");
    const { status, stderr } = await run(
      ["generate", "--check", "--set", "v3"],
      root,
    );
    expect(status).toBe(1);
    expect(stderr).toMatch(/^stale: {3}generated\/v3\/README\.md$/m);
    expect(stderr).not.toContain("CRLF");
  });

  it.each([
    ["V3", "v3"],
    ["v1.0.2", "v1.0.1"],
    ["v2", undefined],
  ])(
    "unknown --set %s exits 2 (did you mean %s?) and writes nothing",
    async (typed, suggested) => {
      const { root, out } = await makeProject();
      const { status, stdout, stderr } = await run(
        ["generate", "--set", "v3", "--set", typed],
        root,
      );
      expect(status).toBe(2);
      expect(stdout).toBe("");
      expect(stderr).toContain(`remitgen: unknown set "${typed}"`);
      if (suggested) expect(stderr).toContain(`did you mean "${suggested}"?`);
      expect(stderr).toContain("v1.0.1, V1, v3");
      expect(existsSync(out)).toBe(false);
    },
  );
});

describe("diff", () => {
  function changes(stdout: string) {
    const lines = stdout.split("\n");
    return {
      header: lines[0],
      added: lines
        .filter((line) => line.startsWith("+ "))
        .map((line) => line.slice(2)),
      removed: lines.filter((line) => line.startsWith("- ")),
      plan: lines.filter((line) => /^[~!] /.test(line)),
    };
  }

  it("v1.0.1 v3: what the seed says v3 adds, and 10000 -> 100 per hour", async () => {
    const { status, stdout, stderr } = await run([
      "diff",
      "v1.0.1",
      "v3",
      "--spec",
      repoSpec,
    ]);
    expect(status).toBe(0);
    expect(stderr).toBe("");
    const diff = changes(stdout);
    expect(diff.header).toBe("v1.0.1 -> v3");
    expect([...diff.added].sort()).toEqual(
      [
        "send_online_fundsTransfer_V1",
        "send_txns_V1",
        "TestingMethod",
        "Transaction_Status_cancelled",
        "Update_Name_Amendment",
      ].sort(),
    );
    expect(diff.removed).toEqual([]);
    // A lower limit: a client of the earlier set would be refused.
    expect(diff.plan).toContain(
      "! rate limit: 10000 per hour -> 100 per hour (breaking)",
    );
  });

  it("V1 v3: the three operations only v3 has", async () => {
    const { status, stdout } = await run(["diff", "V1", "v3"]);
    expect(status).toBe(0);
    const diff = changes(stdout);
    expect(diff.header).toBe("V1 -> v3");
    expect([...diff.added].sort()).toEqual(
      [
        "send_online_fundsTransfer_V1",
        "Transaction_Status_cancelled",
        "Update_Name_Amendment",
      ].sort(),
    );
    expect(diff.removed).toEqual([]);
    // A lower limit: a client of the earlier set would be refused.
    expect(diff.plan).toContain(
      "! rate limit: 10000 per hour -> 100 per hour (breaking)",
    );
  });

  it("v3 v1.0.1 lists the removals", async () => {
    const diff = changes((await run(["diff", "v3", "v1.0.1"])).stdout);
    expect(diff.added).toEqual([]);
    expect(diff.removed).toHaveLength(5);
    expect(diff.plan).toContain("~ rate limit: 100 per hour -> 10000 per hour");
  });

  it("--to-spec compares with a set of another spec, the API's next version", async () => {
    const { root } = await makeProject();
    const spec = join(repoRoot, "test/fixtures/http-api.yaml");
    const next = join(root, "next.yaml");
    const text = await readFile(spec, "utf8");
    await writeFile(
      next,
      text.replace(
        "    method: DELETE\n",
        "    method: POST\n    request: false\n",
      ),
    );
    const { status, stdout, stderr } = await run([
      "diff",
      "v1",
      "v1",
      "--spec",
      spec,
      "--to-spec",
      next,
    ]);
    expect(stderr).toBe("");
    expect(status).toBe(0);
    expect(stdout).toBe(
      "v1 -> v1\n  (same operations)\n! cancel_payment: method DELETE -> POST (breaking)\n1 breaking change.",
    );
  });

  it("an unknown set exits 2 with a suggestion", async () => {
    const { status, stderr } = await run(["diff", "v1.0.1", "V3"]);
    expect(status).toBe(2);
    expect(stderr).toContain('remitgen: unknown set "V3" [RG091]\n');
    expect(stderr).toContain('did you mean "v3"?');
  });
});

describe("the environment runCli reads", () => {
  it("only io.env, never the host process's: an embedding or a test is not steered by its shell", async () => {
    const given = recordingIO(repoRoot);
    const refused = await runCli(["mock", "--set", "v3", "--port", "0"], {
      ...given,
      env: { REMITGEN_MOCK_CLIENT_ID: "" },
    });
    expect(refused).toBe(2);
    expect(given.stderr.join("\n")).toContain("[RG092]");

    const stop = new AbortController();
    const io = recordingIO(repoRoot, stop.signal);
    const before = process.env.REMITGEN_MOCK_CLIENT_ID;
    process.env.REMITGEN_MOCK_CLIENT_ID = "";
    try {
      const status = runCli(["mock", "--set", "v3", "--port", "0"], io);
      await waitFor("the banner", () =>
        io.stdout.some((line) => line.includes("client id:")),
      );
      stop.abort();
      expect(await status).toBe(0);
    } finally {
      if (before === undefined) delete process.env.REMITGEN_MOCK_CLIENT_ID;
      else process.env.REMITGEN_MOCK_CLIENT_ID = before;
    }
    expect(io.text()).toMatch(/^ {2}client id: +mock-client-id$/m);
    expect(io.text()).not.toContain("RG092");
  });
});
