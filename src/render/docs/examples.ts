/**
 * TypeScript examples for the docs, against the generated package's API:
 * plain code, laid out by the formatter with the rest of the docs
 * (render/code/markdown.ts). Spec text enters only through
 * `escape/typescript.ts` (string literals and keys); names come from the
 * model's `names`.
 */
import type {
  Model,
  OperationModel,
  OperationSetModel,
  PayloadModel,
  SchemaNode,
} from "../../model/types.js";
import {
  DEFAULT_RETRY_ATTEMPTS,
  DEFAULT_RETRY_BASE_DELAY_MS,
  DEFAULT_RETRY_MAX_DELAY_MS,
  DEFAULT_TIMEOUT_MS,
} from "../../runtime/defaults.js";
import type { JsonValue } from "../../runtime/json.js";
import { hashString, sampleValue } from "../../runtime/mock/sample.js";
import { stringLiteral } from "../../escape/typescript.js";
import { expandedValueText } from "../code/values.js";
import { noMemo, type RenderMemo } from "../memo.js";

/**
 * Lines of code with two-space indentation: a small, fast writer (the
 * docs render one example per operation, thousands per run).
 */
const indents = ["", "  ", "    ", "      ", "        "];

class CodeWriter {
  private readonly lines: string[] = [];
  private level = 0;

  writeLine(text: string): void {
    this.lines.push(
      this.level === 0
        ? text
        : `${indents[this.level] ?? "  ".repeat(this.level)}${text}`,
    );
  }

  blankLine(): void {
    this.lines.push("");
  }

  indent(body: () => void): void {
    this.level++;
    body();
    this.level--;
  }

  /** Pre-rendered lines, at the current indentation (which they must already carry). */
  writeRaw(lines: string): void {
    this.lines.push(lines);
  }

  getIndentationLevel(): number {
    return this.level;
  }

  toString(): string {
    return this.lines.join("\n");
  }
}

/** `import { a, b } from "x";` (the formatter breaks it when too long). */
function writeNamedImport(
  writer: CodeWriter,
  keyword: string,
  names: readonly string[],
  from: string,
): void {
  writer.writeLine(`${keyword} { ${names.join(", ")} } from ${from};`);
}

/** Addresses and credentials every example uses: placeholders, never real. */
export const exampleBaseUrl = "https://bank.example/remittance";
export const exampleAuthUrl = "https://bank.example/auth";

type Schemas = ReadonlyMap<string, SchemaNode>;

export function schemaMap(model: Model): Schemas {
  return new Map(model.schemas.map((named) => [named.name, named.schema]));
}

/**
 * A value of the payload's type: `{}` while the payload is not shown (any
 * JSON object is accepted), else the mocks' sample of the schema (one
 * schema engine), with the required members of objects only: what a caller
 * must send, and a body the mocks accept. Seeded by `seed` (the operation's
 * id), so the docs are the same on every run.
 */
export function exampleBody(
  payload: PayloadModel,
  schemas: Schemas,
  seed: string,
): JsonValue {
  if (payload.kind !== "schema") return {};
  try {
    // What a caller sends: no member the server alone sets.
    return sampleValue(payload.schema, schemas, hashString(seed), {
      optionalMembers: false,
      direction: "request",
    });
  } catch {
    // No value to show: the schema requires itself, or its smallest value
    // is past the sampler's size cap (the mocks answer mock_error alike).
    return {};
  }
}

/** The operation's request body, as every example of it shows it. */
function operationBody(operation: OperationModel, schemas: Schemas): JsonValue {
  return exampleBody(operation.request, schemas, operation.id);
}

/** `const name: Type = value;`, objects expanded (as a person writes an example). */
function writeConst(writer: CodeWriter, head: string, value: JsonValue): void {
  writer.writeLine(`${head} = ${expandedValueText(value)};`);
}

/** `const result = await callee(args);` */
function writeAwaitCall(
  writer: CodeWriter,
  target: string,
  callee: string,
  args: readonly string[],
): void {
  writer.writeLine(`const ${target} = await ${callee}(${args.join(", ")});`);
}

/** Members of the client options in the examples: credentials from the environment, or the mocks' test ones. */
const clientOptionLines: Readonly<Record<"env" | "test", readonly string[]>> = {
  env: [
    `baseUrl: ${stringLiteral(exampleBaseUrl)},`,
    `authUrl: ${stringLiteral(exampleAuthUrl)},`,
    'clientId: process.env.REMIT_CLIENT_ID ?? "",',
    'clientSecret: process.env.REMIT_CLIENT_SECRET ?? "",',
  ],
  test: [
    `baseUrl: ${stringLiteral(exampleBaseUrl)},`,
    `authUrl: ${stringLiteral(exampleAuthUrl)},`,
    'clientId: "test-client",',
    'clientSecret: "test-secret",',
  ],
};

function writeClientOptions(
  writer: CodeWriter,
  prefix: string,
  suffix: string,
  credentials: "env" | "test",
): void {
  writer.writeLine(`${prefix}{`);
  writer.indent(() => {
    for (const line of clientOptionLines[credentials]) writer.writeLine(line);
  });
  writer.writeLine(`}${suffix}`);
}

function importLine(
  writer: CodeWriter,
  names: readonly string[],
  from: string,
): void {
  writeNamedImport(writer, "import", names, stringLiteral(from));
}

/** The operation a quick start shows: the first read operation, else the first. */
export function showcaseOperation(set: OperationSetModel): OperationModel {
  return (
    set.operations.find((operation) => operation.effect === "read") ??
    set.operations[0]!
  );
}

/** The set's transaction-status operation, which reconciles writes whose outcome is unknown. */
export function statusOperation(
  set: OperationSetModel,
): OperationModel | undefined {
  return set.statusOperation;
}

/** README quick start: create a client, call one operation. */
export function quickStartExample(
  set: OperationSetModel,
  schemas: Schemas,
): string {
  const operation = showcaseOperation(set);
  const writer = new CodeWriter();
  importLine(
    writer,
    ["createClient", `type ${operation.names.requestType}`],
    set.names.packageName,
  );
  writer.blankLine();
  writeClientOptions(writer, "const client = createClient(", ");", "env");
  writer.blankLine();
  writeConst(
    writer,
    `const body: ${operation.names.requestType}`,
    operationBody(operation, schemas),
  );
  writeAwaitCall(writer, "result", `client.${operation.names.method}`, [
    "body",
  ]);
  writer.writeLine("console.log(result);");
  return writer.toString();
}

/** Names the examples declare or read as globals. */
const exampleLocals: ReadonlySet<string> = new Set([
  "result",
  "transport",
  "body",
  "console",
  "process",
  "createTransport",
]);

/** README: the standalone function and transport form, for tree shaking. */
export function treeShakingExample(
  set: OperationSetModel,
  schemas: Schemas,
): string {
  const operation = showcaseOperation(set);
  const method = operation.names.method;
  // The function is imported by name: it must not shadow a name the example uses.
  const local = exampleLocals.has(method) ? `${method}Operation` : method;
  const writer = new CodeWriter();
  importLine(
    writer,
    [
      "createTransport",
      local === method ? method : `${method} as ${local}`,
      `type ${operation.names.requestType}`,
    ],
    set.names.packageName,
  );
  writer.blankLine();
  writeClientOptions(writer, "const transport = createTransport(", ");", "env");
  writer.blankLine();
  writeConst(
    writer,
    `const body: ${operation.names.requestType}`,
    operationBody(operation, schemas),
  );
  writeAwaitCall(writer, "result", local, ["transport", "body"]);
  writer.writeLine("console.log(result);");
  return writer.toString();
}

/**
 * README: a client certificate (mutual TLS) through an agent of the
 * `undici` package, passed in as the client's `fetch`. The casts are the
 * least that compiles: undici's request and response types are its own,
 * not the DOM's.
 */
export function networkExample(set: OperationSetModel): string {
  const writer = new CodeWriter();
  writer.writeLine('import { readFileSync } from "node:fs";');
  writeNamedImport(
    writer,
    "import",
    ["Agent", "fetch as undiciFetch", "type RequestInit as UndiciRequestInit"],
    '"undici"',
  );
  importLine(writer, ["createClient"], set.names.packageName);
  writer.blankLine();
  writer.writeLine(
    "// Your client certificate; undici's ProxyAgent sends through a proxy.",
  );
  writer.writeLine("const agent = new Agent({");
  writer.indent(() => {
    writer.writeLine("connect: {");
    writer.indent(() => {
      writer.writeLine('cert: readFileSync("agent-cert.pem"),');
      writer.writeLine('key: readFileSync("agent-key.pem"),');
    });
    writer.writeLine("},");
  });
  writer.writeLine("});");
  writer.blankLine();
  writer.writeLine("export const client = createClient({");
  writer.indent(() => {
    for (const line of clientOptionLines.env) writer.writeLine(line);
    writer.writeLine("fetch: async (url, init) =>");
    writer.indent(() => {
      writer.writeLine("(await undiciFetch(String(url), {");
      writer.indent(() => {
        writer.writeLine("...(init as UndiciRequestInit),");
        writer.writeLine("dispatcher: agent,");
      });
      writer.writeLine("})) as unknown as Response,");
    });
  });
  writer.writeLine("});");
  return writer.toString();
}

/**
 * Handling a call's errors: for a write, OutcomeUnknownError means
 * "reconcile, never resend"; ApiError carries the bank's status and body.
 */
function writeTryCall(
  writer: CodeWriter,
  set: OperationSetModel,
  operation: OperationModel,
  args: readonly string[],
): void {
  writer.writeLine("try {");
  writer.indent(() => {
    writeAwaitCall(writer, "result", `client.${operation.names.method}`, args);
    writer.writeLine("console.log(result);");
  });
  writer.writeRaw(catchBlock(set, operation.effect));
}

/** `} catch (error) { ... }` at the top level: the same for every operation of a set with one effect. */
function catchBlock(
  set: OperationSetModel,
  effect: OperationModel["effect"],
): string {
  const status = statusOperation(set);
  const writer = new CodeWriter();
  writer.writeLine("} catch (error) {");
  writer.indent(() => {
    if (effect === "write") {
      writer.writeLine("if (error instanceof OutcomeUnknownError) {");
      writer.indent(() => {
        writer.writeLine(
          "// The bank may have carried it out: never send it again blindly.",
        );
        writer.writeLine(
          status === undefined
            ? "// Reconcile with the bank first; this set has no status operation."
            : `// Check it with ${status.names.method} and reconcile first.`,
        );
        writer.writeLine("console.error(error.operation, error.requestBody);");
      });
      writer.writeLine("} else if (error instanceof ApiError) {");
    } else {
      writer.writeLine("if (error instanceof ApiError) {");
    }
    writer.indent(() =>
      writer.writeLine("console.error(error.status, error.body);"),
    );
    writer.writeLine("} else {");
    writer.indent(() => writer.writeLine("throw error;"));
    writer.writeLine("}");
  });
  writer.writeLine("}");
  return writer.toString();
}

/** README: error handling around the set's first write operation (or its showcase read). */
export function errorHandlingExample(
  set: OperationSetModel,
  schemas: Schemas,
): string {
  const operation =
    set.operations.find((candidate) => candidate.effect === "write") ??
    showcaseOperation(set);
  const writer = new CodeWriter();
  const names = [
    "ApiError",
    "createClient",
    ...(operation.effect === "write" ? ["OutcomeUnknownError"] : []),
  ];
  importLine(
    writer,
    [...names, `type ${operation.names.requestType}`],
    set.names.packageName,
  );
  writer.blankLine();
  writeClientOptions(writer, "const client = createClient(", ");", "env");
  writer.blankLine();
  writeConst(
    writer,
    `const body: ${operation.names.requestType}`,
    operationBody(operation, schemas),
  );
  writer.blankLine();
  writeTryCall(writer, set, operation, ["body"]);
  return writer.toString();
}

/** `const client = createClient({...});` with credentials from the environment. */
const clientBlock = [
  "const client = createClient({",
  ...clientOptionLines.env.map((line) => `  ${line}`),
  "});",
].join("\n");

/**
 * Call options of the operation pages: reads show their retry settings (the
 * defaults, spelled out), with a shorter time-out; writes take no retry.
 */
const optionsBlocks: Readonly<Record<OperationModel["effect"], string>> = {
  read: [
    "const options: ReadCallOptions = {",
    "  timeoutMs: 10000,",
    `  retry: { attempts: ${DEFAULT_RETRY_ATTEMPTS}, baseDelayMs: ${DEFAULT_RETRY_BASE_DELAY_MS}, maxDelayMs: ${DEFAULT_RETRY_MAX_DELAY_MS} },`,
    "};",
  ].join("\n"),
  write: `const options: WriteCallOptions = { timeoutMs: ${DEFAULT_TIMEOUT_MS} };`,
};

/**
 * Operation page: the call with its request type and call options. Error
 * handling is the same for every operation of an effect: the README's
 * "Errors and retries" shows it once.
 */
export function operationExample(
  set: OperationSetModel,
  operation: OperationModel,
  schemas: Schemas,
  memo: RenderMemo = noMemo,
): string {
  const optionsType =
    operation.effect === "read" ? "ReadCallOptions" : "WriteCallOptions";
  const writer = new CodeWriter();
  importLine(
    writer,
    [
      "createClient",
      `type ${optionsType}`,
      `type ${operation.names.requestType}`,
    ],
    set.names.packageName,
  );
  writer.blankLine();
  writer.writeRaw(clientBlock);
  writer.blankLine();
  // The body is the same in every set that holds the operation: printed once per run.
  writer.writeRaw(
    memo.once(
      operation,
      "docs-example-body",
      () =>
        `const body: ${operation.names.requestType} = ${expandedValueText(operationBody(operation, schemas))};`,
    ),
  );
  writer.writeRaw(optionsBlocks[operation.effect]);
  writer.blankLine();
  writeAwaitCall(writer, "result", `client.${operation.names.method}`, [
    "body",
    "options",
  ]);
  writer.writeLine("console.log(result);");
  return writer.toString();
}

/** README: the msw mocks with a client talking to them. */
export function mocksExample(set: OperationSetModel, schemas: Schemas): string {
  const operation = showcaseOperation(set);
  const writer = new CodeWriter();
  importLine(writer, ["setupServer"], "msw/node");
  importLine(
    writer,
    ["createClient", `type ${operation.names.requestType}`],
    set.names.packageName,
  );
  importLine(writer, ["createHandlers"], `${set.names.packageName}/mocks`);
  writer.blankLine();
  writeClientOptions(writer, "const options = ", ";", "test");
  writer.writeLine("const handlers = createHandlers(options);");
  writer.writeLine("const server = setupServer(...handlers);");
  writer.writeLine("server.listen();");
  writer.blankLine();
  writer.writeLine("const client = createClient(options);");
  writeConst(
    writer,
    `const body: ${operation.names.requestType}`,
    operationBody(operation, schemas),
  );
  writeAwaitCall(writer, "result", `client.${operation.names.method}`, [
    "body",
  ]);
  writer.writeLine("console.log(result, handlers.engine.calls.length);");
  writer.writeLine("server.close();");
  return writer.toString();
}

/** README: the same mocks without msw, as the client's fetch. */
export function mockFetchExample(
  set: OperationSetModel,
  schemas: Schemas,
): string {
  const operation = showcaseOperation(set);
  const writer = new CodeWriter();
  importLine(
    writer,
    ["createClient", `type ${operation.names.requestType}`],
    set.names.packageName,
  );
  importLine(
    writer,
    ["createMockFetch"],
    `${set.names.packageName}/mock-fetch`,
  );
  writer.blankLine();
  writeClientOptions(writer, "const options = ", ";", "test");
  writer.writeLine("const mockFetch = createMockFetch(options);");
  writer.writeLine(
    "const client = createClient({ ...options, fetch: mockFetch });",
  );
  writer.blankLine();
  writeConst(
    writer,
    `const body: ${operation.names.requestType}`,
    operationBody(operation, schemas),
  );
  writeAwaitCall(writer, "result", `client.${operation.names.method}`, [
    "body",
  ]);
  writer.writeLine("console.log(result, mockFetch.engine.calls.length);");
  return writer.toString();
}
