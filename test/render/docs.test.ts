import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { renderPackageJson } from "../../src/render/client/package-files.js";
import { tmpdir } from "node:os";
import { join, posix } from "node:path";
import { fileURLToPath } from "node:url";
import Handlebars from "handlebars";
import * as prettier from "prettier";
import { beforeAll, describe, expect, it } from "vitest";
import { codeSpan, headingAnchors } from "../../src/escape/markdown.js";
import {
  DEFAULT_RATE_LIMIT_MODE,
  DEFAULT_TIMEOUT_MS,
  DEFAULT_TOKEN_REFRESH_MARGIN_MS,
} from "../../src/runtime/defaults.js";
import { createLimiter } from "../../src/runtime/limiter.js";
import {
  DEFAULT_AUTH_URL,
  DEFAULT_CLIENT_ID,
  DEFAULT_CLIENT_SECRET,
} from "../../src/runtime/mock/engine.js";
import type { Model, OperationSetModel } from "../../src/model/types.js";
import type { OutputFile } from "../../src/render/output.js";
import {
  compileDocsTemplates,
  createDocsRenderer,
  loadDocsTemplates,
  renderOverviewDocs,
  renderSetDocs,
  type DocsTemplates,
} from "../../src/render/docs/index.js";
import {
  precompiledFile,
  templateFiles,
} from "../../src/render/docs/templates.js";
import { checkSpecText, loadSpec } from "../../src/check-spec.js";
import { markdownAst, visibleText, walk } from "./markdown-ast.js";

const repoRoot = fileURLToPath(new URL("../../", import.meta.url));
const specPath = `${repoRoot}spec/remittance.yaml`;
const schemaFixture = `${repoRoot}test/fixtures/docs/schema.yaml`;
const hostileFixture = `${repoRoot}test/fixtures/docs/hostile.yaml`;
const hostileSpecName = "spec/--><img src=x onerror=alert(1)>.yaml";

let templates: DocsTemplates;

beforeAll(async () => {
  templates = await loadDocsTemplates();
});

/** Every docs file of a model, paths relative to the output folder (sets under their directory). */
async function renderAll(
  model: Model,
  using: DocsTemplates = templates,
): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const file of renderOverviewDocs(model, using))
    files.set(file.path, file.contents);
  for (const set of model.sets) {
    for (const file of await renderSetDocs(model, set, using))
      files.set(`${set.names.directory}/${file.path}`, file.contents);
  }
  return files;
}

function setFile(
  files: Map<string, string>,
  set: OperationSetModel,
  path: string,
): string {
  const contents = files.get(`${set.names.directory}/${path}`);
  if (contents === undefined)
    throw new Error(`no ${set.names.directory}/${path}`);
  return contents;
}

/** The spec with schemas published for get_acct_title's request and response: the only edit. */
function withAcctTitleSchemas(text: string): string {
  const anchor = "  get_acct_title:\n    path: /get_acct_title\n";
  if (!text.includes(anchor) || !text.includes("\nschemas: {}\n"))
    throw new Error("spec/remittance.yaml changed shape");
  return text
    .replace(
      anchor,
      `${anchor}    request: GetAcctTitleRequest\n    response: GetAcctTitleResponse\n`,
    )
    .replace(
      "\nschemas: {}\n",
      [
        "",
        "schemas:",
        "  GetAcctTitleRequest:",
        "    type: object",
        "    properties:",
        "      accountNumber: { type: string, maxLength: 24, required: true, description: Account to look up. }",
        "  GetAcctTitleResponse:",
        "    type: object",
        "    properties:",
        "      accountTitle: { type: string, required: true, description: Title of the account. }",
        "",
      ].join("\n"),
    );
}

async function expectPrettierStable(files: Map<string, string>): Promise<void> {
  for (const [path, contents] of files) {
    const formatted = await prettier.format(contents, { parser: "markdown" });
    if (formatted !== contents)
      expect({ path, contents }).toEqual({ path, contents: formatted });
  }
}

async function expectLinksResolve(files: Map<string, string>): Promise<number> {
  let count = 0;
  for (const [path, contents] of files) {
    for (const node of walk(await markdownAst(contents))) {
      if (
        node.type !== "link" &&
        node.type !== "image" &&
        node.type !== "definition"
      )
        continue;
      const url = node.url ?? "";
      expect(url, `${path}: ${url}`).not.toMatch(/^[a-z][a-z0-9+.-]*:|^\/|^#/i);
      const [file, fragment] = url.split("#");
      const target = posix.normalize(
        posix.join(posix.dirname(path), decodeURIComponent(file!)),
      );
      expect(
        files.has(target),
        `${path} links to ${url}, which is not produced`,
      ).toBe(true);
      // A fragment names a heading of the target, by the anchor GitHub gives it.
      if (fragment !== undefined) {
        const headings = [...walk(await markdownAst(files.get(target)!))]
          .filter((each) => each.type === "heading")
          .map(visibleText);
        expect(
          headingAnchors(headings),
          `${path} links to ${url}, a heading it does not have`,
        ).toContain(decodeURIComponent(fragment));
      }
      count++;
    }
  }
  return count;
}

describe("docs of the real spec", () => {
  let model: Model;
  let files: Map<string, string>;

  beforeAll(async () => {
    model = await loadSpec(specPath, "spec/remittance.yaml");
    files = await renderAll(model);
  });

  it("produces the overview, a README per set and a page per operation of each set", () => {
    const expected = ["README.md"];
    for (const set of model.sets) {
      expected.push(`${set.names.directory}/README.md`);
      for (const operation of set.operations)
        expected.push(`${set.names.directory}/docs/${operation.names.docFile}`);
    }
    expect([...files.keys()].sort()).toEqual(expected.sort());
    expect(files.size).toBe(1 + 3 + 7 + 9 + 12);
  });

  it("starts every file with the generated header", () => {
    for (const contents of files.values()) {
      expect(contents.split("\n")[0]).toBe(
        "<!-- Generated by remitgen from spec/remittance.yaml. DO NOT EDIT. -->",
      );
      expect(contents.endsWith("\n") && !contents.endsWith("\n\n")).toBe(true);
    }
  });

  it("is already formatted as prettier formats it", async () => {
    await expectPrettierStable(files);
  });

  it("is byte-identical across runs, with fresh templates and model", async () => {
    const again = await renderAll(
      await loadSpec(specPath, "spec/remittance.yaml"),
      await loadDocsTemplates(),
    );
    expect([...again.entries()]).toEqual([...files.entries()]);
    const renderer = await createDocsRenderer();
    const set = model.sets[2]!;
    expect(await renderer.renderSetDocs(model, set)).toEqual(
      await renderSetDocs(model, set, templates),
    );
  });

  it("tells a test using the timeout fault to give its client a short timeoutMs", () => {
    // The fault answers nothing: a client left at 30 s outlasts a test
    // runner's own time-out (5 s in Jest and Vitest), and a fake clock does
    // not shorten a time-out.
    const readme = setFile(files, model.sets[2]!, "README.md");
    const testing = readme.slice(readme.indexOf("## Testing with mocks"));
    expect(testing).toMatch(
      /`"timeout"`[^\n]*`timeoutMs` \(30000 by default, on real timers[^\n]*give a test's client a short one/,
    );
  });

  it("names the client's type, and says how a TypeScript interface is passed as a JsonObject body", () => {
    // An integration passes the client around and keeps its transfers in
    // its own interfaces; TypeScript refuses an interface where an index
    // signature is expected, with a message that does not say what to do.
    const readme = setFile(files, model.sets[2]!, "README.md");
    const quickStart = readme.slice(
      readme.indexOf("## Quick start"),
      readme.indexOf("```ts"),
    );
    expect(quickStart).toContain("`createClient` returns a `RemittanceClient`");
    expect(quickStart).toMatch(
      /an `interface` is not assignable to `JsonObject`[^\n]*`\{ \.\.\.transfer \}`/,
    );
  });

  it("states the URLs and credentials the mocks take without options", () => {
    // The shared `handlers` export and createMockFetch() take only these;
    // the package exports no constant for the secret, so without them here
    // a test can only find it in the mock engine's source.
    const readme = setFile(files, model.sets[2]!, "README.md");
    const testing = readme.slice(readme.indexOf("## Testing with mocks"));
    for (const value of [
      model.service.names.mockBaseUrl,
      DEFAULT_AUTH_URL,
      DEFAULT_CLIENT_ID,
      DEFAULT_CLIENT_SECRET,
    ])
      expect(testing).toContain(codeSpan(value));
  });

  it("links only to files the renderers produce", async () => {
    expect(await expectLinksResolve(files)).toBeGreaterThan(50);
  });

  it("shows every gap the model marks not shown, in the seed's words", () => {
    const serviceAndAuth = [
      ...model.service.notShown,
      ...model.auth.notShown,
    ].map((gap) => gap.text);
    expect(serviceAndAuth).toContain(
      "States of any transaction or other entity, and the transitions between them: not shown.",
    );
    const overview = files.get("README.md")!;
    for (const text of serviceAndAuth)
      expect(overview).toContain(`- ${text}\n`);
    for (const set of model.sets) {
      const readme = setFile(files, set, "README.md");
      for (const text of serviceAndAuth)
        expect(readme).toContain(`- ${text}\n`);
      for (const operation of set.operations) {
        const page = setFile(files, set, `docs/${operation.names.docFile}`);
        for (const gap of operation.notShown) expect(page).toContain(gap.text);
        for (const payload of [operation.request, operation.response]) {
          expect(payload.kind).toBe("not-shown");
          if (payload.kind === "not-shown")
            expect(page).toContain(`\n${payload.text}\n`);
        }
      }
    }
  });

  it("explains in the README which operations are writes and why they are never repeated", () => {
    const v3 = model.sets.find((set) => set.id === "v3")!;
    const readme = setFile(files, v3, "README.md");
    expect(readme).toContain("# @remitgen/remittance-v3\n");
    // The spec names no registry: the package is published nowhere, so
    // the README never says `npm install <name>`, which would 404, or fetch
    // a stranger's package under that scope.
    expect(readme).not.toContain("npm install @remitgen/remittance-v3");
    expect(readme).toContain(
      "npm install <folder>/remitgen-remittance-v3-1.0.3.tgz   # in your project",
    );
    expect(readme).toContain(
      "**A write is never sent again once the server may have acted on it.**",
    );
    // Its one resend (after a 401) is said beside it: nothing claims more.
    expect(readme).not.toContain("never repeated automatically");
    // What test/runtime/retry.test.ts shows: time-outs are retried, and a long Retry-After ends the retries.
    expect(readme).toContain(
      "the client retries them on network errors, time-outs and on 429, 502, 503 and 504",
    );
    expect(readme).toContain(
      "one longer than `maxDelayMs`, 10 s by default, ends the retries",
    );
    // A write refused a connection is a NetworkError: it never left, unlike every other failure of a sent write.
    expect(readme).toContain(
      "| `NetworkError`        | The request failed at the network level. For a write only when it certainly never left",
    );
    expect(readme).not.toContain("every failure as a subclass");
    // Each transport has its own limiter unless clients share a store
    // (test/runtime/limiter.test.ts, test/runtime/redis-store.test.ts).
    expect(readme).toContain(
      "counts only its own calls unless clients share a `store`: clients in several processes or machines, or several in one, can otherwise together exceed the plan",
    );
    // The transport checks a 2xx body's kind (parseExact, then object or any JSON), never its fields.
    expect(readme).toContain("not an object where its type is one");
    expect(readme).toContain(
      "but not its fields: the type states what the spec expects, not what was checked.",
    );
    expect(readme).toContain("a duplicated transfer is lost money");
    expect(readme).toContain("`OutcomeUnknownError`");
    expect(readme).toContain(
      "check its outcome with `getTransactionStatus` (`/get_transaction_status`) and reconcile first",
    );
    const writes = v3.operations.filter(
      (operation) => operation.effect === "write",
    );
    expect(writes.length).toBeGreaterThan(0);
    expect(readme).toContain(
      `Write operations of this set: ${writes.map((operation) => codeSpan(operation.names.method)).join(", ")}.`,
    );
    expect(readme).toContain(model.auth.assumption);
    expect(readme).toMatch(
      /\| default plan \(open variant\) \| 100 per hour \| Free \| stated once for each listed operation \|/,
    );
  });

  it("tables every client option the runtime takes (but the test-only clock and random), with its defaults", () => {
    // The settings (transport.ts) and the credentials of the spec's scheme (auth.ts).
    const runtime = ["transport", "auth"]
      .map((name) => readFileSync(`${repoRoot}src/runtime/${name}.ts`, "utf8"))
      .join("\n");
    const options = new Set<string>();
    for (const name of [
      "ClientSettings",
      "ClientCredentials",
      "AccessTokenProvider",
    ]) {
      const body = new RegExp(
        `export interface ${name} \\{\\n([\\s\\S]*?)\\n\\}`,
      ).exec(runtime)?.[1];
      expect(body, name).toBeDefined();
      for (const match of body!.matchAll(/^ {2}(\w+)\??:/gm))
        options.add(match[1]!);
    }
    options.delete("clock");
    options.delete("random");
    expect(options.size).toBeGreaterThan(10);
    const readme = setFile(files, model.sets[2]!, "README.md");
    for (const option of options)
      expect(readme).toMatch(new RegExp(`^\\| \`${option}\` +\\|`, "m"));
    // The defaults the transport applies, its constants (whose values
    // test/runtime/defaults.test.ts checks), in the option's row.
    expect(runtime).toContain("options.timeoutMs ?? DEFAULT_TIMEOUT_MS");
    expect(DEFAULT_TIMEOUT_MS).toBe(30_000);
    expect(readme).toMatch(/^\| `timeoutMs` .*Default 30000\./m);
    expect(runtime).toMatch(
      /options\.tokenRefreshMarginMs \?\?\s+DEFAULT_TOKEN_REFRESH_MARGIN_MS/,
    );
    expect(DEFAULT_TOKEN_REFRESH_MARGIN_MS).toBe(60_000);
    expect(readme).toMatch(/^\| `tokenRefreshMarginMs` .*Default 60000\./m);
    expect(runtime).toContain("options.rateLimit ?? DEFAULT_RATE_LIMIT_MODE");
    expect(DEFAULT_RATE_LIMIT_MODE).toBe("wait");
    expect(readme).toMatch(/^\| `rateLimit` +\| `"wait"` \(the default\)/m);
  });

  it("says how long a waiting call may be held, as the limiter holds it", async () => {
    // Three calls at once under a limit of 1 per second, each answered at
    // once: the third's turn comes two windows later, not within one.
    let now = 0;
    const clock = {
      now: () => now,
      sleep: async (ms: number) => {
        now += ms;
      },
    };
    const limiter = createLimiter(1, 1000, "wait", clock);
    // Each call answered as soon as its turn comes.
    const turns = [1, 2, 3].map(async () => {
      const permit = await limiter.acquire();
      permit.settle();
      return now;
    });
    expect(await Promise.all(turns)).toEqual([0, 1000, 2000]);
    const readme = setFile(files, model.sets[2]!, "README.md");
    const row = /^\| `rateLimit` .*$/m.exec(readme)![0];
    expect(row).not.toContain("until a slot is free, up to a whole window");
    expect(row).toContain(
      "until its turn comes, whatever its `timeoutMs`: up to a whole window after the calls filling the window are answered, longer behind other waiting calls.",
    );
  });

  it("says which headers a call cannot set, which timeout a token request keeps, and what the hooks see", () => {
    const runtime = readFileSync(`${repoRoot}src/runtime/transport.ts`, "utf8");
    // requestHeaders: the client's own three are set after the caller's.
    expect(runtime).toContain(
      "// Neither the caller's headers nor parameters override these.",
    );
    // Hooks are emitted around the operation's fetch only, with redacted headers.
    expect(runtime).toContain("headers: redactHeaders(headers, secrets)");
    const readme = setFile(files, model.sets[2]!, "README.md");
    expect(readme).toContain(
      "`headers` (extra headers: `authorization`, `content-type` and `accept` are the client's own, whatever a call passes)",
    );
    expect(readme).toContain(
      "`timeoutMs` (for the call's requests; a token request keeps the client's)",
    );
    expect(readme).toMatch(
      /^\| `onRequest` +\| Called before each operation request is sent \(token requests are not shown\), with credential headers redacted,/m,
    );
    expect(readme).toMatch(
      /^\| `onResponse` +\| Called when an operation's response headers arrive, with credential headers redacted,/m,
    );
  });

  it("says which aborted writes are unknown and which are plain aborts, as the transport throws them", () => {
    // test/runtime/write-edges.test.ts: a write aborted before its 401
    // resend (new token, or its turn) rejects with the signal's reason.
    const readme = setFile(files, model.sets[2]!, "README.md");
    expect(readme).not.toContain("a write already sent throws");
    expect(readme).toContain(
      "An abort that stops a write in flight (sent, its answer not yet read) throws `OutcomeUnknownError` instead. A write aborted before its resend after a 401, while the client gets a new token or waits its turn under the rate limit, rejects with the signal's reason: the server refused the first send, and the resend never left.",
    );
    // Every failure of a write but OutcomeUnknownError comes before a send,
    // or with a 4xx (test/runtime/transport-properties.test.ts).
    expect(readme).toContain(
      "Any other failure of a write (an abort's reason included) therefore means it was not carried out: it came before the request left, before its resend after a 401, or with a 4xx answer.",
    );
    expect(readme).toContain(
      "The client takes only a 4xx answer, a client error in HTTP, to say the server did not act (what each status means at the server is not shown);",
    );
    // Said once, in the README: an operation's page refers to it.
    const send = setFile(files, model.sets[2]!, "docs/send-txns.md");
    expect(send).not.toContain("rejects with the signal's reason");
    expect(send).toContain(
      'How, and every error it throws: "Errors and retries" in the package [README](../README.md).',
    );
  });

  it("tells a Jest user in CommonJS mode what loads the ES-module package", () => {
    // Tried with Jest 30 on Node 20: in CommonJS mode require() and import()
    // of the package fail; a transform of the package, or the ESM mode, works.
    const readme = setFile(files, model.sets[2]!, "README.md");
    const install = readme.slice(
      readme.indexOf("## Install"),
      readme.indexOf("## Quick start"),
    );
    expect(install).toContain(
      "Jest's CommonJS mode, its default, is the exception: Jest loads modules itself, and there neither `require()` nor `import()` of this package works.",
    );
    expect(install).toContain(
      '`transformIgnorePatterns: ["/node_modules/(?!@remitgen/remittance-v3/)"]`',
    );
    expect(install).toContain(
      "`NODE_OPTIONS=--experimental-vm-modules npx jest`",
    );
  });

  it("says the set's operations share one limit, and how the built-in token request is made", () => {
    const readme = setFile(files, model.sets[2]!, "README.md");
    // One limiter per transport, for every operation (transport.ts).
    expect(readme).toContain(
      "It counts the calls of all the set's operations together against this one limit, the strictest reading: what the server counts a limit against is not shown.",
    );
    // What auth.ts sends and reads: the seed shows none of it.
    expect(readme).toContain(
      "The id and secret go as HTTP Basic credentials (RFC 6749 section 2.3.1), with the form body `grant_type=client_credentials` (and `scope`, when given); the client reads `access_token`, `token_type` (bearer, or none) and `expires_in` from the JSON answer.",
    );
  });

  it("lists the set's operations in a table that links to their pages", async () => {
    for (const set of model.sets) {
      const ast = await markdownAst(setFile(files, set, "README.md"));
      const tables = [...walk(ast)].filter((node) => node.type === "table");
      const operations = tables.find((node) =>
        visibleText(node.children![0]!).startsWith("MethodPathEffect"),
      )!;
      expect(operations.children!.length).toBe(set.operations.length + 1);
      set.operations.forEach((operation, index) => {
        const cells = operations.children![index + 1]!.children!;
        expect(cells.map(visibleText)).toEqual([
          operation.names.method,
          operation.path,
          operation.effect,
          operation.summary,
          operation.names.docFile,
        ]);
        expect(cells[4]!.children![0]!.url).toBe(
          `docs/${operation.names.docFile}`,
        );
      });
    }
  });

  it("states what each set adds and removes relative to the set it extends", () => {
    const readme = setFile(
      files,
      model.sets.find((set) => set.id === "v3")!,
      "README.md",
    );
    expect(readme).toContain("## Changes from `V1`");
    expect(readme).toContain(
      "- **Adds:** `send_online_fundsTransfer_V1` (`sendOnlineFundsTransferV1`), `Transaction_Status_cancelled` (`transactionStatusCancelled`), `Update_Name_Amendment` (`updateNameAmendment`)\n- **Removes:** none\n",
    );
    expect(readme).toContain(
      "rate limit from 10000 requests per hour to 100 requests per hour",
    );
    const first = setFile(files, model.sets[0]!, "README.md");
    expect(first).toContain("This set extends no other set.");
  });

  it("rebuilds the seed's endpoint table in the overview", async () => {
    const seedTable = [
      "| Method | Path | In v1.0.1 set | In V1 1.0.0 set | In v3 1.0.3 set |",
      "|---|---|---|---|---|",
      "| POST | /get_acct_title | yes | yes | yes |",
      "| POST | /send_online_fundsTransfer | yes | yes | yes |",
      "| POST | /send_online_fundsTransfer_V1 | no | no | yes |",
      "| POST | /get_agent_accnt_balance | yes | yes | yes |",
      "| POST | /get_transaction_status | yes | yes | yes |",
      "| POST | /send_txns | yes | yes | yes |",
      "| POST | /send_txns_V1 | no | yes | yes |",
      "| POST | /send_online_fundsTransfer_B2C | yes | yes | yes |",
      "| POST | /send_txns_B2C | yes | yes | yes |",
      "| POST | /TestingMethod | no | yes | yes |",
      "| POST | /Transaction_Status_cancelled | no | no | yes |",
      "| POST | /Update_Name_Amendment | no | no | yes |",
      "",
    ].join("\n");
    const formatted = await prettier.format(seedTable, { parser: "markdown" });
    expect(files.get("README.md")).toContain(`## Endpoints\n\n${formatted}`);
  });

  it("draws how the sets extend each other and keeps a changelog", () => {
    const overview = files.get("README.md")!;
    expect(overview).toContain(
      '```mermaid\ngraph LR\n  set0["v1.0.1 (1.0.1)"]\n  set1["V1 (1.0.0)"]\n  set2["v3 (1.0.3)"]\n  set0 -->|"adds 2, removes 0"| set1\n  set1 -->|"adds 3, removes 0"| set2\n```',
    );
    expect(overview).toContain(
      "### `V1` 1.0.0\n\nExtends `v1.0.1`.\n\n- **Added:** `send_txns_V1`, `TestingMethod`\n- **Removed:** none\n- **Plan:** unchanged\n",
    );
    expect(overview).toContain(
      "- **Plan:** name from default plan to default plan (open variant); rate limit from 10000 requests per hour to 100 requests per hour\n",
    );
    for (const set of model.sets)
      expect(overview).toContain(`](${set.names.directory}/README.md)`);
  });

  it("documents each operation: path, effect and retries, sets, limit, payloads, errors, example", () => {
    const v3 = model.sets.find((set) => set.id === "v3")!;
    const send = setFile(files, v3, "docs/send-txns.md");
    expect(send).toContain(
      "# sendTxns\n\n`POST /send_txns`: Transaction sending.\n",
    );
    expect(send).toContain("- **In sets:** `v1.0.1`, `V1`, `v3`\n");
    expect(send).toContain(
      "the client **never repeats it once the server may have acted on it**",
    );
    expect(send).toContain("Its one resend follows a 401");
    expect(send).toContain("it throws `OutcomeUnknownError`");
    expect(send).toContain("allows 100 requests per hour");
    expect(send).toContain(
      "## Request\n\nThe request payload shape: not shown.\n",
    );
    expect(send).toContain(
      "Error codes, error payload shape and status codes per condition: not shown.",
    );
    // A write's 5xx is OutcomeUnknownError, never ApiError (test/runtime/transport.test.ts).
    expect(send).toContain(
      "The client raises `ApiError` (with `.status` and `.body`) only for a 4xx answer",
    );
    expect(send).toContain("a 5xx included, is `OutcomeUnknownError`");
    expect(send).toContain(
      "const options: WriteCallOptions = { timeoutMs: 30000 };",
    );
    expect(send).not.toMatch(/retry:/);
    const read = setFile(files, v3, "docs/get-acct-title.md");
    expect(read).toContain("is a **read** operation");
    // The transport retries a read that timed out as well (test/runtime/retry.test.ts).
    expect(read).toContain(
      "retries it on network errors, time-outs and on 429, 502, 503 and 504",
    );
    expect(read).toContain(
      "retry: { attempts: 3, baseDelayMs: 200, maxDelayMs: 10000 },",
    );
    expect(read).toContain(
      "for an error answer it does not retry, or that is still there after its retries",
    );
    const cancelled = setFile(
      files,
      v3,
      "docs/transaction-status-cancelled.md",
    );
    expect(cancelled).toContain("- **In sets:** `v3`; not in `v1.0.1`, `V1`\n");
  });

  it("keeps code examples in fenced ts blocks that import the set's package", () => {
    for (const set of model.sets) {
      for (const operation of set.operations) {
        const page = setFile(files, set, `docs/${operation.names.docFile}`);
        const blocks = [...page.matchAll(/```ts\n([\s\S]*?)\n```/g)].map(
          (match) => match[1]!,
        );
        expect(blocks).toHaveLength(1);
        expect(blocks[0]).toContain(`from "${set.names.packageName}";`);
        expect(blocks[0]).toContain(
          `client.${operation.names.method}(body, options)`,
        );
      }
    }
  });
});

describe("a spec edit that adds a schema", () => {
  it("shows the fields on the operation's pages and changes nothing else but the examples that use its body", async () => {
    const text = readFileSync(specPath, "utf8");
    const before = checkSpecText(text, "spec/remittance.yaml");
    const after = checkSpecText(
      withAcctTitleSchemas(text),
      "spec/remittance.yaml",
    );
    if (!before.ok || !after.ok)
      throw new Error(
        before.ok
          ? (after as { formatted: string }).formatted
          : before.formatted,
      );
    const old = await renderAll(before.model);
    const edited = await renderAll(after.model);
    expect([...edited.keys()]).toEqual([...old.keys()]);
    const changed = [...edited.keys()]
      .filter((path) => edited.get(path) !== old.get(path))
      .sort();
    expect(changed).toEqual(
      [
        "README.md",
        ...after.model.sets.flatMap((set) => [
          `${set.names.directory}/README.md`,
          `${set.names.directory}/docs/get-acct-title.md`,
        ]),
      ].sort(),
    );
    // The overview changes only where it counts the operations whose payloads are not shown.
    const overviewLines = (files: Map<string, string>): string[] =>
      files
        .get("README.md")!
        .split("\n")
        .filter((line) => !line.includes("payload shape: not shown"));
    expect(overviewLines(edited)).toEqual(overviewLines(old));
    expect(edited.get("README.md")).toContain(
      "- The request payload shape: not shown. (11 of 12 operations)\n",
    );
    for (const set of after.model.sets) {
      const page = setFile(edited, set, "docs/get-acct-title.md");
      expect(page).toMatch(
        /\| `accountNumber` \| `string` \| yes +\| Account to look up\. +\| max length 24 +\|/,
      );
      expect(page).toMatch(
        /\| `accountTitle` +\| `string` \| yes +\| Title of the account\. \|/,
      );
      expect(page).not.toContain("The request payload shape: not shown.");
      expect(page).not.toContain("The response payload shape: not shown.");
      expect(page).toContain(
        // The mocks' sample (one schema engine), seeded by the operation's id.
        'const body: GetAcctTitleRequest = {\n  accountNumber: "accountNumber-yee3tk",\n};',
      );
      // The README changes only inside its examples, which call getAcctTitle.
      const strip = (markdown: string): string =>
        markdown.replace(/```ts\n[\s\S]*?```/g, "```ts```");
      expect(strip(setFile(edited, set, "README.md"))).toBe(
        strip(setFile(old, set, "README.md")),
      );
    }
    await expectPrettierStable(edited);
  });
});

describe("docs of the schema fixture", () => {
  let model: Model;
  let files: Map<string, string>;

  beforeAll(async () => {
    model = await loadSpec(schemaFixture, "test/fixtures/docs/schema.yaml");
    files = await renderAll(model);
  });

  it("tables every field with type, required, description and constraints", async () => {
    const page = setFile(files, model.sets[0]!, "docs/get-acct-title.md");
    const ast = await markdownAst(page);
    const tables = [...walk(ast)].filter((node) => node.type === "table");
    const rows = tables.flatMap((table) =>
      table.children!.slice(1).map((row) => row.children!.map(visibleText)),
    );
    expect(rows).toContainEqual([
      "accountNumber",
      "string",
      "yes",
      'The beneficiary\'s account number. Example: "00123456789"',
      "max length 24; pattern ^[0-9]+$",
    ]);
    expect(rows).toContainEqual([
      "bankCode",
      '"HBL" | "MCB" | "UBL"',
      "yes",
      "The beneficiary's bank.",
      // The values are the type: not written again as a constraint.
      "",
    ]);
    expect(rows).toContainEqual([
      "reference",
      "string",
      "no",
      "The caller's own reference.",
      "min length 1",
    ]);
    expect(rows).toContainEqual([
      "branch.code",
      "integer",
      "yes",
      "",
      "minimum 1",
    ]);
    expect(rows).toContainEqual([
      "aliases",
      "string[]",
      "no",
      "",
      "max items 5",
    ]);
    expect(rows).toContainEqual([
      "holder",
      "AccountHolder",
      "no",
      "Who holds the account.",
      "",
    ]);
    // A named schema's fields are on the package's schemas page, once.
    const schemasPage = setFile(files, model.sets[0]!, "docs/schemas.md");
    const schemaRows = [...walk(await markdownAst(schemasPage))]
      .filter((node) => node.type === "table")
      .flatMap((table) =>
        table.children!.slice(1).map((row) => row.children!.map(visibleText)),
      );
    expect(schemaRows).toContainEqual([
      "since",
      "string",
      "no",
      "",
      "format date",
    ]);
    expect(rows).not.toContainEqual([
      "since",
      "string",
      "no",
      "",
      "format date",
    ]);
    expect(schemasPage).toContain("\n## `AccountHolder`\n");
    expect(page).toContain(
      "## Schemas\n\nIts fields refer to these named schemas, each described on the package's [schemas page](schemas.md): [`AccountHolder`](schemas.md#accountholder).",
    );
    expect(page).toContain(
      'const body: GetAcctTitleRequest = {\n  accountNumber: "00123456789",\n  bankCode: "UBL",\n};',
    );
  });

  it("is prettier-stable and its links resolve", async () => {
    await expectPrettierStable(files);
    await expectLinksResolve(files);
  });
});

describe("docs of the hostile fixture", () => {
  let model: Model;
  let files: Map<string, string>;

  beforeAll(async () => {
    model = await loadSpec(hostileFixture, hostileSpecName);
    files = await renderAll(model);
  });

  it("stays prettier-stable", async () => {
    // The overview, two sets' READMEs, their operations' pages (2 and 3)
    // and their schemas pages.
    expect(files.size).toBe(1 + 2 + 2 + 3 + 2);
    expect(
      [...files.keys()].filter((path) => path.endsWith("/docs/schemas.md")),
    ).toHaveLength(2);
    await expectPrettierStable(files);
  });

  it("lets no HTML, link or markup from spec text through", async () => {
    for (const [path, contents] of files) {
      const ast = await markdownAst(contents);
      const html = [...walk(ast)].filter((node) => node.type === "html");
      expect(
        html.map((node) => node.value),
        path,
      ).toEqual([contents.split("\n")[0]]);
      expect(contents.split("\n")[0]).not.toMatch(/<img|<script/);
      for (const node of walk(ast)) {
        if (node.type === "link")
          expect(node.url, path).toMatch(
            /^(\.\.\/)?[A-Za-z0-9._/-]+\.md(#[\p{L}\p{N}_-]+)?$/u,
          );
        expect([
          "image",
          "imageReference",
          "linkReference",
          "definition",
          "footnoteReference",
          "inlineMath",
          "math",
          "liquidNode",
          "delete",
          "blockquote",
        ]).not.toContain(node.type);
      }
    }
    await expectLinksResolve(files);
  });

  it("keeps every table's column count", async () => {
    for (const [path, contents] of files) {
      for (const node of walk(await markdownAst(contents))) {
        if (node.type !== "table") continue;
        const columns = node.children![0]!.children!.length;
        for (const row of node.children!)
          expect(row.children!.length, path).toBe(columns);
      }
      // Row lines agree too: every unescaped pipe is a cell border.
      for (const line of contents.split("\n")) {
        if (!line.startsWith("| ")) continue;
        expect(line.endsWith(" |"), path).toBe(true);
      }
    }
  });

  it("shows hostile text literally, and every gap in its words", async () => {
    const one = (text: string): string =>
      text.replace(/[\t\n\v\f\r\u0085\u2028\u2029 ]+/g, " ").trim();
    const operation = model.operations.find(
      (candidate) => candidate.id === "send_<script>_txns",
    )!;
    const set = model.sets.find((candidate) => candidate.id === "b*t|a")!;
    const page = setFile(files, set, `docs/${operation.names.docFile}`);
    const pageText = visibleText(await markdownAst(page));
    expect(pageText).toContain(one(operation.summary));
    expect(operation.description!.length).toBe(10_000);
    expect(pageText).toContain(one(operation.description!));
    for (const gap of operation.notShown)
      expect(pageText).toContain(one(gap.text));
    for (const [path, contents] of files) {
      if (!path.endsWith("README.md")) continue;
      const text = visibleText(await markdownAst(contents));
      for (const gap of [...model.service.notShown, ...model.auth.notShown])
        expect(text, path).toContain(one(gap.text));
      expect(text).toContain(one(model.service.title));
    }
    const long = model.operations.find((candidate) =>
      candidate.id.startsWith("a_very_long"),
    )!;
    const longPage = visibleText(
      await markdownAst(setFile(files, set, `docs/${long.names.docFile}`)),
    );
    for (const name of [
      "*/",
      "`tick`",
      "${x}",
      "a|b",
      "</script>",
      "名前",
      "__proto__",
      "nested.# x",
    ])
      expect(longPage).toContain(name);
  });

  it("writes spec text into Mermaid labels as character codes", () => {
    const graph = /```mermaid\n([\s\S]*?)\n```/.exec(
      files.get("README.md")!,
    )![1]!;
    expect(graph).toContain('set0["v1 (1.0.0)"]');
    expect(graph).toContain('set1["b#42;t#124;a (2.0.0)"]');
    expect(
      graph
        .split("\n")
        .every(
          (line) =>
            (line.match(/"/g) ?? []).length === 2 || line === "graph LR",
        ),
    ).toBe(true);
  });
});

/** Paragraphs that end with ":" but are not followed by what they announce (a list, code or a table). */
async function danglingLeadIns(markdown: string): Promise<string[]> {
  const blocks = (await markdownAst(markdown)).children ?? [];
  return blocks.flatMap((node, index) => {
    if (node.type !== "paragraph" || !visibleText(node).endsWith(":"))
      return [];
    const next = blocks[index + 1]?.type;
    return next === "list" || next === "code" || next === "table"
      ? []
      : [visibleText(node)];
  });
}

describe("docs of a spec that states an effect and leaves no gap", () => {
  // cancel_payment's effect is stated; get_quote's and send_payment's are
  // inferred; the spec marks nothing not shown, as a complete API description would.
  const goldenFixture = `${repoRoot}test/fixtures/client/golden-spec.yaml`;
  let model: Model;
  let files: Map<string, string>;

  beforeAll(async () => {
    model = await loadSpec(goldenFixture, "golden-spec.yaml");
    files = await renderAll(model);
  });

  it("says which effects the spec states, and never that it states none", () => {
    expect(
      model.operations.map((operation) => [
        operation.id,
        operation.effectBasis,
      ]),
    ).toEqual([
      ["get_quote", "inferred"],
      ["send_payment", "inferred"],
      ["cancel_payment", "stated"],
    ]);
    for (const [path, contents] of files)
      expect(contents, path).not.toContain("states no effects");
    const [v1, v2] = model.sets;
    expect(setFile(files, v2!, "README.md")).toContain(
      "The spec states the effect of `cancelPayment`; the other operations' effects are inferred from their names.",
    );
    expect(setFile(files, v1!, "README.md")).toContain(
      "Which of these operations are reads and which are writes is inferred from their names: the spec does not state their effects.",
    );
    // Each page says where its own effect comes from, once, in its facts.
    expect(setFile(files, v2!, "docs/get-quote.md")).toContain(
      "- **Effect:** read (inferred from the name)\n",
    );
    expect(setFile(files, v2!, "docs/cancel-payment.md")).toContain(
      "- **Effect:** write (stated by the spec)\n",
    );
  });

  it("announces no list it does not give, and stays prettier-stable", async () => {
    for (const [path, contents] of files)
      expect(await danglingLeadIns(contents), path).toEqual([]);
    await expectPrettierStable(files);
  });

  it("announces no list it does not give in the real spec's docs either", async () => {
    for (const [path, contents] of await renderAll(
      await loadSpec(specPath, "spec/remittance.yaml"),
    ))
      expect(await danglingLeadIns(contents), path).toEqual([]);
  });
});

describe("an operation whose spec gives no effect", () => {
  it("is a write by the default for its method, and its docs never say the name told", async () => {
    // TestingMethod: neither the seed nor its name says what it does.
    const model = await loadSpec(specPath, "spec/remittance.yaml");
    const bases = new Map(
      model.operations.map((operation) => [
        operation.id,
        operation.effectBasis,
      ]),
    );
    expect(bases.get("TestingMethod")).toBe("default");
    expect(bases.get("send_txns")).toBe("inferred");
    const testing = model.operations.find(
      (operation) => operation.id === "TestingMethod",
    )!;
    expect(testing.effect).toBe("write");
    const v3 = model.sets.find((set) => set.id === "v3")!;
    const files = await renderAll(model);
    const page = setFile(files, v3, "docs/testing-method.md");
    expect(page).toContain("**Effect:** write (the default for POST)");
    expect(page).not.toContain("inferred");
    expect(setFile(files, v3, "README.md")).toContain(
      "Except `testingMethod`: its name suggests no effect, so it follows its method (a GET reads, every other method writes).",
    );
    // The committed package's (generate --check keeps it current).
    const openapi = JSON.parse(
      readFileSync(`${repoRoot}generated/v3/openapi.json`, "utf8"),
    );
    expect(
      openapi.paths["/TestingMethod"].post["x-remitgen-effect-basis"],
    ).toBe("default");
  });

  it("names several such operations together", async () => {
    const dir = mkdtempSync(join(tmpdir(), "remitgen-effects-"));
    try {
      const text = readFileSync(specPath, "utf8");
      const untold = text.replace(
        "    summary: Name amendment.\n    effect: write\n",
        "    summary: Name amendment.\n",
      );
      expect(untold).not.toBe(text);
      const file = join(dir, "spec.yaml");
      writeFileSync(file, untold);
      const model = await loadSpec(file, "spec.yaml");
      const v3 = model.sets.find((set) => set.id === "v3")!;
      expect(setFile(await renderAll(model), v3, "README.md")).toContain(
        "Except `testingMethod`, `updateNameAmendment`: their names suggest no effect, so they follow their methods (a GET reads, every other method writes).",
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("the overview's account of how sets extend each other", () => {
  it("says each set extends the one before it only where that holds", async () => {
    const real = renderOverviewDocs(
      await loadSpec(specPath, "spec/remittance.yaml"),
      templates,
    )[0]!.contents;
    expect(real).toContain(
      "Each set extends the one before it; pick the package of the set you need.",
    );
    // Its fourth set extends no set.
    const model = await loadSpec(
      `${repoRoot}test/fixtures/hostile/hostile.yaml`,
      "hostile.yaml",
    );
    expect(model.sets[3]!.extends).toBeUndefined();
    const overview = renderOverviewDocs(model, templates)[0]!.contents;
    expect(overview).not.toContain("Each set extends the one before it");
    expect(overview).toContain("Pick the package of the set you need.");
  });
});

describe("templates and speed", () => {
  it("registers nothing on the global Handlebars instance", async () => {
    const helpers = Object.keys(Handlebars.helpers).sort();
    const partials = Object.keys(Handlebars.partials).sort();
    await loadDocsTemplates();
    expect(Object.keys(Handlebars.helpers).sort()).toEqual(helpers);
    expect(Object.keys(Handlebars.partials).sort()).toEqual(partials);
  });

  it("are precompiled by the build from the shipped sources, and render exactly what compiling those sources renders", async () => {
    const built = (await import(`${repoRoot}${precompiledFile}`)) as {
      sources: Record<string, string>;
    };
    const sources = Object.fromEntries(
      Object.entries(templateFiles).map(([key, file]) => [
        key,
        readFileSync(`${repoRoot}templates/${file}`, "utf8"),
      ]),
    ) as Record<keyof DocsTemplates, string>;
    expect(built.sources).toEqual(sources);
    const model = await loadSpec(specPath, "spec/remittance.yaml");
    const compiled = await renderAll(
      model,
      await compileDocsTemplates(sources),
    );
    expect(await renderAll(model, await loadDocsTemplates())).toEqual(compiled);
    // An edited template is not served from the stale precompiled form.
    const dir = mkdtempSync(join(tmpdir(), "remitgen-templates-"));
    try {
      for (const [key, file] of Object.entries(templateFiles)) {
        const source = sources[key as keyof DocsTemplates];
        writeFileSync(
          join(dir, file),
          key === "overview" ? `${source}\nEdited.\n` : source,
        );
      }
      expect(
        (await renderAll(model, await loadDocsTemplates(dir))).get("README.md"),
      ).toMatch(/\nEdited\.\n$/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  // Speed is the benchmark's job (npm run bench); this checks a large set renders whole.
  it("renders a page for every operation of a 1000-operation set, prettier-stable", async () => {
    const text = readFileSync(specPath, "utf8");
    const count = 1000;
    let operations = "operations:\n";
    for (let index = 0; index < count; index++) {
      operations += `  op_${index}_transfer:\n    path: /op_${index}_transfer\n    summary: "Operation number ${index}: not shown."\n    effect: ${index % 3 === 0 ? "read" : "write"}\n`;
    }
    const ids = Array.from(
      { length: count },
      (_, index) => `op_${index}_transfer`,
    );
    const sets = `sets:\n  big:\n    title: Big set\n    version: 1.0.0\n    plan: { name: default plan, rateLimit: 100/hour, cost: Free }\n    operations: [${ids.join(", ")}]\n`;
    // The status operation goes with the operations it names.
    const big = text
      .replace(/\n  statusOperation: [^\n]*/, "")
      .replace(
        /\noperations:\n[\s\S]*?\nschemas: \{\}\n/,
        `\n${operations}${sets}schemas: {}\n`,
      );
    const result = checkSpecText(big, "spec/big.yaml");
    if (!result.ok) throw new Error(result.formatted);
    const set = result.model.sets[0]!;
    const files: OutputFile[] = [
      ...(await renderSetDocs(result.model, set, templates)),
      ...renderOverviewDocs(result.model, templates),
    ];
    expect(files).toHaveLength(count + 2);
    const sample = files.find(
      (file) => file.path === "docs/op-999-transfer.md",
    )!.contents;
    expect(await prettier.format(sample, { parser: "markdown" })).toBe(sample);
  });
});

describe("the install command", () => {
  it("installs from the registry the spec names, after pointing the scope at it", async () => {
    const text = readFileSync(specPath, "utf8").replace(
      "    name: remittance\n",
      "    name: remittance\n    registry: https://npm.bank.example:4873/remit\n",
    );
    const checked = checkSpecText(text, "spec/remittance.yaml");
    if (!checked.ok) throw new Error(checked.formatted);
    const files = await renderAll(checked.model);
    for (const set of checked.model.sets) {
      const readme = setFile(files, set, "README.md");
      expect(readme).toContain(
        [
          "```sh",
          "npm config set @remitgen:registry https://npm.bank.example:4873/remit --location project",
          `npm install ${set.names.packageName}`,
          "```",
        ].join("\n"),
      );
      const manifest = JSON.parse(renderPackageJson(checked.model, set)) as {
        private?: boolean;
        publishConfig?: unknown;
      };
      expect(manifest.publishConfig).toEqual({
        registry: "https://npm.bank.example:4873/remit",
      });
      expect(manifest.private).toBeUndefined();
    }
  });

  it("marks packages private when the spec names no registry, so npm publish refuses them", async () => {
    const model = await loadSpec(specPath, "spec/remittance.yaml");
    for (const set of model.sets) {
      const manifest = JSON.parse(renderPackageJson(model, set)) as {
        private?: boolean;
        publishConfig?: unknown;
      };
      expect(manifest.private).toBe(true);
      expect(manifest.publishConfig).toBeUndefined();
    }
  });

  it.each(["pay_", "www.remit", "remit_-.x"])(
    "names the package exactly, unescaped inside its code fence (package name %j)",
    async (name) => {
      const text = readFileSync(specPath, "utf8").replace(
        "    name: remittance\n",
        `    name: ${name}\n`,
      );
      const checked = checkSpecText(text, "spec/remittance.yaml");
      if (!checked.ok) throw new Error(checked.formatted);
      const files = await renderAll(checked.model);
      for (const set of checked.model.sets) {
        const readme = setFile(files, set, "README.md");
        expect(readme).toContain(
          `add \`"@remitgen/${name}-${set.names.directory}": "*"\` to your app's`,
        );
        const install = readme
          .split("\n")
          .filter((line) => line.startsWith("npm install "));
        expect(install).toEqual([
          `npm install <folder>/remitgen-${name}-${set.names.directory}-${set.version}.tgz   # in your project`,
        ]);
        expect(set.names.packageName).toBe(
          `@remitgen/${name}-${set.names.directory}`,
        );
      }
    },
  );
});
