// Reading the spec file: its bytes must be UTF-8 text under the size limit,
// whatever kind of file --spec names, and a byte order mark is no column.
import { mkdtemp, mkdir, rm, symlink, writeFile } from "node:fs/promises";
import { readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { CheckFailure, CheckResult } from "../../src/check-spec.js";
import { SpecError, UsageError } from "../../src/diagnostics/diagnostic.js";
import {
  checkSpecFile,
  checkSpecText,
  loadSpec,
} from "../../src/check-spec.js";
import { readSpecText } from "../../src/spec/load.js";

const good = readFileSync(
  new URL("../fixtures/good-spec.yaml", import.meta.url),
  "utf8",
);

/** Folders made by this file's tests, removed after them. */
const made: string[] = [];
afterAll(async () => {
  await Promise.all(
    made.map((dir) => rm(dir, { recursive: true, force: true })),
  );
});

async function tempFolder(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "remitgen-load-"));
  made.push(dir);
  return dir;
}

async function fileWith(bytes: Buffer | string): Promise<string> {
  const path = join(await tempFolder(), "spec.yaml");
  await writeFile(path, bytes);
  return path;
}

function firstDiagnostic(result: string | CheckFailure): string {
  if (typeof result === "string") throw new Error("expected a failure");
  const [first] = result.diagnostics;
  return `${first!.line}:${first!.column} ${first!.code} ${first!.message}`;
}

describe("readSpecText", () => {
  it("reads UTF-8, a literal U+FFFD included", async () => {
    const text = good.replace("remitgen: 1", "remitgen: 1 # \ufffd is fine");
    expect(await readSpecText(await fileWith(text))).toBe(text);
  });

  it("refuses UTF-16 with a byte order mark, at 1:1", async () => {
    const bytes = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from(good, "utf16le"),
    ]);
    expect(firstDiagnostic(await readSpecText(await fileWith(bytes)))).toBe(
      "1:1 RG009 the spec is not UTF-8 text: it starts with a UTF-16 byte order mark",
    );
  });

  it("refuses UTF-16 without one, where its first NUL is", async () => {
    expect(
      firstDiagnostic(
        await readSpecText(await fileWith(Buffer.from(good, "utf16le"))),
      ),
    ).toBe(
      "1:2 RG009 the spec is not UTF-8 text: it holds NUL bytes (UTF-16, or not a text file)",
    );
  });

  it("refuses Latin-1 at the first byte that is not UTF-8, past multi-byte characters", async () => {
    const text = good.replace(
      "remitgen: 1\n",
      "remitgen: 1\n# Überweisung 送金 😀 a\xf1o\n",
    );
    const line =
      text.split("\n").findIndex((each) => each.includes("a\xf1o")) + 1;
    // Only the ñ is Latin-1: the rest of the line is written as UTF-8.
    const [head, tail] = text.split("a\xf1o") as [string, string];
    const mixed = Buffer.concat([
      Buffer.from(head, "utf8"),
      Buffer.from("a\xf1o", "latin1"),
      Buffer.from(tail, "utf8"),
    ]);
    expect(firstDiagnostic(await readSpecText(await fileWith(mixed)))).toBe(
      `${line}:${"# Überweisung 送金 😀 a".length + 1} RG009 the spec is not UTF-8 text: it holds bytes that are not UTF-8 (Latin-1 or Windows-1252?)`,
    );
  });

  it("counts no column for a byte order mark before the first wrong byte", async () => {
    const bytes = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from("remitgen: 1 # a"),
      Buffer.from([0xf1]),
      Buffer.from("o\n"),
    ]);
    expect(firstDiagnostic(await readSpecText(await fileWith(bytes)))).toMatch(
      /^1:16 RG009 /,
    );
  });

  it("says a folder is a folder", async () => {
    const folder = await tempFolder();
    await mkdir(join(folder, "spec.yaml"));
    expect(firstDiagnostic(await readSpecText(join(folder, "spec.yaml")))).toBe(
      "1:1 RG001 cannot read the spec: it is a folder, not a file",
    );
  });
});

describe("a spec that cannot be read", () => {
  // Each fails as root too. The reason is in remitgen's words, without
  // Node's code in front or the path (the diagnostic names the file), and
  // the hint says what to change.
  const cases: ReadonlyArray<
    readonly [string, (folder: string) => Promise<string>, string, RegExp]
  > = [
    [
      "a symbolic link that leads back to itself (ELOOP)",
      async (folder) => {
        await symlink("spec.yaml", join(folder, "spec.yaml"));
        return join(folder, "spec.yaml");
      },
      "too many symbolic links on the path (a link that leads back to itself, or a loop of links)",
      /symbolic link/,
    ],
    [
      "a path through a file (ENOTDIR)",
      async (folder) => {
        await writeFile(join(folder, "spec"), good);
        return join(folder, "spec", "remittance.yaml");
      },
      "a folder on its path is a file",
      /--spec/,
    ],
    [
      "a name over the file system's limit (ENAMETOOLONG)",
      async (folder) => join(folder, `${"a".repeat(300)}.yaml`),
      "a name in the path is too long",
      /shorter/,
    ],
    [
      "a folder (EISDIR)",
      async (folder) => folder,
      "it is a folder, not a file",
      /the spec file/,
    ],
  ];
  for (const [what, make, reason, hint] of cases) {
    it(`says why for ${what}`, async () => {
      const path = await make(await tempFolder());
      const result = await readSpecText(path, "spec.yaml");
      expect(firstDiagnostic(result)).toBe(
        `1:1 RG001 cannot read the spec: ${reason}`,
      );
      const [first] = (result as CheckFailure).diagnostics;
      expect(first!.hint).toMatch(hint);
      expect(`${first!.message} ${first!.hint}`).not.toMatch(/E[A-Z]{3,}|'\//);
    });
  }
});

describe("a byte order mark", () => {
  it("shifts no column on line 1 and shows in no excerpt", () => {
    const text = good.replace("remitgen: 1\n", "remitgenx: 1\nremitgen: 1\n");
    const withMark = checkSpecText(`\ufeff${text}`, "spec.yaml");
    const without = checkSpecText(text, "spec.yaml");
    if (withMark.ok || without.ok) throw new Error("expected failures");
    expect(withMark.diagnostics[0]).toMatchObject({ line: 1, column: 1 });
    expect(withMark.formatted).toBe(without.formatted);
    expect(withMark.formatted).not.toContain("\ufeff");
  });

  it("is no part of a valid spec's model", () => {
    const withMark = checkSpecText(`\ufeff${good}`, "spec.yaml");
    const without = checkSpecText(good, "spec.yaml");
    if (!withMark.ok || !without.ok)
      throw new Error("expected the good spec to check");
    expect(withMark.model).toEqual(without.model);
  });
});

describe("line ends", () => {
  const withEnds = (text: string, end: string): string =>
    text.replace(/\n/g, end);

  it.each([
    ["CR (old Mac)", "\r"],
    ["CRLF (Windows)", "\r\n"],
  ])("%s: the same model as LF", (_label, end) => {
    const other = checkSpecText(withEnds(good, end), "spec.yaml");
    const lf = checkSpecText(good, "spec.yaml");
    if (!other.ok || !lf.ok) throw new Error("expected the good spec to check");
    expect(other.model).toEqual(lf.model);
  });

  it.each([
    ["CR (old Mac)", "\r"],
    ["CRLF (Windows)", "\r\n"],
    ["mixed CR and LF", "\r", (text: string) => text.replace("\r", "\n")],
  ])(
    "%s: a fault is reported where it is in the LF file",
    (_label, end, tweak = (text: string) => text) => {
      const faulty = good.replace(
        "remitgen: 1\n",
        "remitgen: 1\nremitgenx: 1\n",
      );
      const other = checkSpecText(tweak(withEnds(faulty, end)), "spec.yaml");
      const lf = checkSpecText(faulty, "spec.yaml");
      if (other.ok || lf.ok) throw new Error("expected failures");
      expect(lf.diagnostics[0]).toMatchObject({ line: 2, column: 1 });
      expect(other.diagnostics).toEqual(lf.diagnostics);
      expect(other.formatted).toBe(lf.formatted);
    },
  );
});

describe("arguments of the wrong type, from JavaScript", () => {
  const call = (run: () => unknown): unknown => {
    try {
      return run();
    } catch (error) {
      return error;
    }
  };

  it("checkSpecText refuses text that is no string (a Buffer, undefined) with RG092", () => {
    for (const text of [Buffer.from(good), undefined, 42]) {
      const error = call(() => checkSpecText(text as string, "spec.yaml"));
      expect(error).toBeInstanceOf(UsageError);
      expect(error).toMatchObject({ code: "RG092" });
      expect((error as UsageError).message).toMatch(
        /^checkSpecText: text must be a string, not /,
      );
      expect((error as UsageError).hint).not.toBe("");
    }
    const buffer = call(() =>
      checkSpecText(Buffer.from(good) as unknown as string, "spec.yaml"),
    ) as UsageError;
    expect(buffer.hint).toContain('toString("utf8")');
  });

  it("checkSpecText refuses a file name that is no string", () => {
    const error = call(() =>
      checkSpecText(good, undefined as unknown as string),
    );
    expect(error).toBeInstanceOf(UsageError);
    expect(error).toMatchObject({ code: "RG092" });
  });

  it("checkSpecFile and loadSpec refuse a path that is no string", async () => {
    for (const run of [
      () => checkSpecFile(42 as unknown as string),
      () => loadSpec(undefined as unknown as string),
      () => checkSpecFile("spec.yaml", 7 as unknown as string),
    ]) {
      const error: unknown = await run().then(
        () => undefined,
        (failure: unknown) => failure,
      );
      expect(error).toBeInstanceOf(UsageError);
      expect(error).toMatchObject({ code: "RG092" });
    }
  });
});

describe("loadSpec's own name in its usage errors", () => {
  it("names loadSpec, the function the caller called, not checkSpecFile", async () => {
    for (const run of [
      () => loadSpec(42 as unknown as string),
      () => loadSpec("spec.yaml", 7 as unknown as string),
    ]) {
      const error: unknown = await run().then(
        () => undefined,
        (failure: unknown) => failure,
      );
      expect(error).toBeInstanceOf(UsageError);
      expect((error as UsageError).message).toMatch(/^loadSpec: /);
    }
  });
});

describe("a spec with hundreds of thousands of problems", () => {
  it("reports each of them, without overflowing the call stack", () => {
    const unknown = Array.from({ length: 150_000 }, (_, index) => `n${index}`);
    const text = good.replace(
      "    operations: [get_acct_title]\n",
      `    operations: [get_acct_title, ${unknown.join(", ")}]\n`,
    );
    const result = checkSpecText(text, "spec.yaml");
    if (result.ok) throw new Error("expected the spec to fail");
    expect(result.diagnostics).toHaveLength(unknown.length);
    expect(new Set(result.diagnostics.map((each) => each.code))).toEqual(
      new Set(["RG030"]),
    );
  });
});

describe("YAML tags", () => {
  const diagnosticsOf = (text: string): string[] => {
    const result = checkSpecText(text, "spec.yaml");
    return result.ok
      ? []
      : result.diagnostics.map(
          (each) =>
            `${each.line}:${each.column} ${each.code} ${each.message} | ${each.hint}`,
        );
  };
  const withSummary = (value: string): string =>
    good.replace("summary: Account title lookup.", `summary: ${value}`);

  it.each([
    ["!!js/function 'function () {}'", "!!js/function"],
    ["!foo bar", "!foo"],
    ["!<tag:example.com,2000:x> bar", "!<tag:example.com,2000:x>"],
    ["!!binary aGVsbG8=", "!!binary"],
    ["!!timestamp 2023-04-10", "!!timestamp"],
  ])(
    "refuses %s where it is written, not reading it as a plain value",
    (value, tag) => {
      expect(diagnosticsOf(withSummary(value))).toEqual([
        `20:14 RG016 the YAML tag ${tag} is not supported | remove the tag: a spec holds plain strings, numbers, true or false, lists and mappings (quote a value to keep it a string)`,
      ]);
    },
  );

  it("refuses a tag on a mapping and on a key, each where it stands", () => {
    const text = good
      .replace("  get_acct_title:\n", "  get_acct_title: !op\n")
      .replace("    effect: read", "    !k effect: read");
    expect(diagnosticsOf(text)).toEqual([
      "18:19 RG016 the YAML tag !op is not supported | remove the tag: a spec holds plain strings, numbers, true or false, lists and mappings (quote a value to keep it a string)",
      "21:5 RG016 the YAML tag !k is not supported | remove the tag: a spec holds plain strings, numbers, true or false, lists and mappings (quote a value to keep it a string)",
    ]);
  });

  it("refuses a core tag its value does not fit", () => {
    expect(diagnosticsOf(withSummary("!!int twelve"))).toEqual([
      "20:14 RG016 the value does not fit its YAML tag !!int | remove the tag, or write a value of its type",
    ]);
  });

  it("never turns an example into a date printed in the machine's time zone", () => {
    const text = good.replace(
      "balance: { type: number, minimum: 0 }",
      "balance: { type: string, example: !!timestamp 2023-04-10 }",
    );
    expect(diagnosticsOf(text)).toEqual([
      "50:41 RG016 the YAML tag !!timestamp is not supported | remove the tag: a spec holds plain strings, numbers, true or false, lists and mappings (quote a value to keep it a string)",
    ]);
  });

  it("reads the core schema's own tags as they are", () => {
    const text = withSummary("!!str Account title lookup.").replace(
      "remitgen: 1",
      "remitgen: !!int 1",
    );
    const result = checkSpecText(text, "spec.yaml");
    const plain = checkSpecText(good, "spec.yaml");
    if (!result.ok || !plain.ok) throw new Error("expected the spec to check");
    expect(result.model).toEqual(plain.model);
  });
});

describe("the YAML version", () => {
  it("refuses a %YAML 1.1 directive, which changes what values mean (dates, yes, 017)", () => {
    const result = checkSpecText(
      `# a spec\n%YAML 1.1\n---\n${good}`,
      "spec.yaml",
    );
    if (result.ok) throw new Error("expected a failure");
    expect(
      result.diagnostics.map(
        (each) =>
          `${each.line}:${each.column} ${each.code} ${each.message} | ${each.hint}`,
      ),
    ).toEqual([
      "2:1 RG017 the spec says it is YAML 1.1; remitgen reads YAML 1.2 | remove the `%YAML 1.1` line: in YAML 1.2, `yes` is a string and 2023-04-10 is text, not a date",
    ]);
  });

  it("says a directive needs a --- line after it", () => {
    const result = checkSpecText(`%YAML 1.2\n${good}`, "spec.yaml");
    if (result.ok) throw new Error("expected a failure");
    expect(result.diagnostics[0]!.hint).toBe(
      "write a `---` line after the directive (the `%` line), before the spec",
    );
  });

  it("reads a %YAML 1.2 directive", () => {
    expect(checkSpecText(`%YAML 1.2\n---\n${good}`, "spec.yaml").ok).toBe(true);
  });
});

describe("secrets in the diagnostics a build script gets", () => {
  // A build script logs `error.diagnostics` or JSON.stringify's a check's
  // result: the objects must mask what the formatted report masks.
  const leaky = good
    .replace(
      "path: /get_acct_title",
      "path: https://svc-user:hunter2-Pa55@bank.example/x",
    )
    .replace(
      "  scheme: oauth2-client-credentials",
      "  scheme: oauth2-client-credentials\n  notShown:\n    clientSecret: 738291047362 # rotated\n  plan: {clientId: app-1, clientSecret: 519283746501}",
    );
  const secrets = /hunter2|svc-user|738291047362|519283746501/;

  it("checkSpecText masks them in each diagnostic's message and hint, as the report does", () => {
    const result = checkSpecText(leaky, "spec.yaml");
    if (result.ok) throw new Error("expected a failure");
    expect(JSON.stringify(result.diagnostics)).not.toMatch(secrets);
    expect(result.formatted).not.toMatch(secrets);
    const messages = result.diagnostics.map(
      (each) => `${each.message} | ${each.hint}`,
    );
    expect(messages).toContain(
      'path "https://*********************@bank.example/x" is not a valid operation path | a path starts with "/" and holds only letters, digits and - . _ ~ / characters, and `{name}` where a path parameter goes (e.g. /accounts/{accountId})',
    );
    expect(messages).toContain(
      `auth notShown "clientSecret" must be a string, found a number | quote the value: "${"*".repeat(12)}"`,
    );
    // The report shows each message as the diagnostic holds it.
    for (const each of result.diagnostics)
      expect(result.formatted).toContain(`${each.message} [${each.code}]`);
  });

  it("masks a secret value written on the line after its key, in messages too", () => {
    const result = checkSpecText(
      good.replace(
        "  scheme: oauth2-client-credentials",
        "  scheme: oauth2-client-credentials\n  notShown:\n    clientSecret:\n      738291047362",
      ),
      "spec.yaml",
    );
    if (result.ok) throw new Error("expected a failure");
    expect(result.formatted).toContain("must be a string, found a number");
    expect(JSON.stringify(result.diagnostics)).not.toMatch(secrets);
    expect(result.formatted).not.toMatch(secrets);
  });

  it.each([
    ["with an anchor", "    clientSecret: &s 738291047362"],
    ["with a tag", "    clientSecret: !!int 738291047362"],
    [
      "through an alias that another key uses",
      "    clientSecret: &s x\n    tokenLifetime: &t 738291047362\n    x: *t\n    password: *t",
    ],
    [
      "through an alias of it under another key",
      "    tokenLifetime: 'x'\n    clientSecret: &s 738291047362\n    other: *s",
    ],
  ])("masks a secret value %s where a message quotes it", (_name, lines) => {
    const result = checkSpecText(
      good.replace(
        "  scheme: oauth2-client-credentials",
        `  scheme: oauth2-client-credentials\n  notShown:\n${lines}`,
      ),
      "spec.yaml",
    );
    if (result.ok) throw new Error("expected a failure");
    expect(result.formatted).toContain("must be a string, found a number");
    const masked = result.diagnostics.filter((each) =>
      /clientSecret|password|other/.test(each.message),
    );
    expect(masked.length).toBeGreaterThan(0);
    expect(JSON.stringify(masked)).not.toMatch(secrets);
  });

  it("checkSpecFile and loadSpec's SpecError hold them masked too", async () => {
    const path = await fileWith(leaky);
    const checked = await checkSpecFile(path);
    if (checked.ok) throw new Error("expected a failure");
    expect(JSON.stringify(checked.diagnostics)).not.toMatch(secrets);
    const error: unknown = await loadSpec(path).then(
      () => undefined,
      (failure: unknown) => failure,
    );
    expect(error).toBeInstanceOf(SpecError);
    const { diagnostics: found, message } = error as SpecError;
    expect(found.length).toBeGreaterThan(1);
    expect(JSON.stringify(found)).not.toMatch(secrets);
    expect(message).not.toMatch(secrets);
  });
});

describe("a NUL character", () => {
  const withNul = good.replace(
    "summary: Account title lookup.",
    'summary: "Account\u0000title"',
  );

  it("is refused in text passed to checkSpecText, as in a file, at the same place", async () => {
    const fromText = checkSpecText(withNul, "spec.yaml");
    const fromFile = await checkSpecFile(await fileWith(withNul), "spec.yaml");
    if (fromText.ok || fromFile.ok) throw new Error("expected failures");
    expect(firstDiagnostic(fromFile)).toBe(
      `20:${'    summary: "Account'.length + 1} RG009 the spec is not UTF-8 text: it holds NUL bytes (UTF-16, or not a text file)`,
    );
    expect(fromText.diagnostics).toEqual(fromFile.diagnostics);
    expect(fromText.formatted).toBe(fromFile.formatted);
  });

  it("is counted on the line a lone CR starts, in a file as in text", async () => {
    const oldMac = withNul.replace(/\n/g, "\r");
    const fromText = checkSpecText(oldMac, "spec.yaml");
    const fromFile = await checkSpecFile(await fileWith(oldMac), "spec.yaml");
    if (fromText.ok || fromFile.ok) throw new Error("expected failures");
    expect(firstDiagnostic(fromText)).toMatch(/^20:22 RG009 /);
    expect(fromText.diagnostics).toEqual(fromFile.diagnostics);
  });

  it("written as the escape \\0 of a double-quoted value is still read", () => {
    // YAML's own escape: the text holds no NUL, so it is no encoding fault.
    const result = checkSpecText(
      good.replace("summary: Account title lookup.", 'summary: "a\\0b"'),
      "spec.yaml",
    );
    expect(result.diagnostics.map((each) => each.code)).not.toContain("RG009");
  });
});

describe("the spec format version", () => {
  const withVersion = (written: string): string[] => {
    const result = checkSpecText(
      good.replace("remitgen: 1\n", `remitgen: ${written}\n`),
      "spec.yaml",
    );
    return result.ok
      ? []
      : result.diagnostics.map(
          (each) =>
            `${each.line}:${each.column}:${each.length} ${each.code} ${each.message} | ${each.hint}`,
        );
  };

  it.each(["1.0", "1.", "1e0", "0x1", "0o1", "+1", "01", "!!float 1"])(
    "refuses %s, which reads as 1 but is no whole number written as one",
    (written) => {
      const value = written.replace("!!float ", "");
      const column = written.length - value.length + 11;
      expect(withVersion(written)).toEqual([
        `1:${column}:${value.length} RG005 the spec format version is written ${JSON.stringify(written)}, not as a whole number | write \`remitgen: 1\`: the format version is one whole number (each set's own version goes under \`sets:\`, as \`version: 1.0.3\`)`,
      ]);
    },
  );

  it("still refuses another format, quoted or not", () => {
    expect(withVersion("2")[0]).toMatch(
      /^1:11:1 RG005 unsupported spec format version 2 \| /,
    );
    expect(withVersion("'1'")[0]).toMatch(
      /^1:11:3 RG005 unsupported spec format version '1' \| /,
    );
    expect(withVersion("1.5")[0]).toMatch(
      /^1:11:3 RG005 unsupported spec format version 1.5 \| /,
    );
  });

  it("reads 1, tagged !!int or not", () => {
    expect(withVersion("1")).toEqual([]);
    expect(withVersion("!!int 1")).toEqual([]);
  });
});

describe("the core schema's !!float tag", () => {
  const minimum = (written: string): CheckResult =>
    checkSpecText(
      good.replace("minimum: 0 }", `minimum: ${written} }`),
      "spec.yaml",
    );

  it.each([
    ["!!float 0", "0"],
    ["!!float 1", "1"],
    ["!!float -2", "-2"],
    ["!!float 1.5", "1.5"],
    ["!!float 2e1", "20"],
  ])("reads %s as YAML 1.2 does, the number %s", (written, plain) => {
    const tagged = minimum(written);
    const untagged = minimum(plain);
    if (!tagged.ok || !untagged.ok)
      throw new Error("expected the spec to check");
    expect(tagged.model).toEqual(untagged.model);
  });

  it.each(["!!float 0x1", "!!float one", "!!float 1_000"])(
    "refuses %s, which is no float of the core schema",
    (written) => {
      const result = minimum(written);
      if (result.ok) throw new Error("expected a failure");
      expect(
        result.diagnostics.map((each) => `${each.code} ${each.message}`),
      ).toEqual(["RG016 the value does not fit its YAML tag !!float"]);
    },
  );
});
