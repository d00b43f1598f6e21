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
import { operationArguments } from "../client/operations-file.js";

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
export const exampleBaseUrl = "https://api.example.com";
export const exampleAuthUrl = "https://auth.example.com";

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

/**
 * Members of the client options in the examples: where the API is (left
 * out where the spec states its base URL, except for the mocks, which are
 * given the same options), and the credentials its scheme takes, from the
 * environment (`<ENV_PREFIX>_CLIENT_ID`, ...) or the mocks' test ones.
 */
function clientOptionLines(
  model: Model,
  credentials: "env" | "test",
): string[] {
  const env = (name: string): string =>
    `process.env.${model.service.names.envPrefix}_${name} ?? ""`;
  const value = (name: string, test: string): string =>
    credentials === "env" ? env(name) : stringLiteral(test);
  const auth = model.auth;
  const lines =
    model.service.defaultBaseUrl !== undefined && credentials === "env"
      ? []
      : [`baseUrl: ${stringLiteral(exampleBaseUrl)},`];
  switch (auth.scheme) {
    case "oauth2-client-credentials":
      return [
        ...lines,
        `authUrl: ${stringLiteral(exampleAuthUrl)},`,
        `clientId: ${value("CLIENT_ID", "test-client")},`,
        `clientSecret: ${value("CLIENT_SECRET", "test-secret")},`,
      ];
    case "api-key":
      return [...lines, `apiKey: ${value("API_KEY", "test-api-key")},`];
    case "basic":
      return [
        ...lines,
        `username: ${value("USERNAME", "test-user")},`,
        `password: ${value("PASSWORD", "test-password")},`,
      ];
    case "bearer":
      return [...lines, `token: ${value("TOKEN", "test-token")},`];
    case "none":
      return lines;
  }
}

function writeClientOptions(
  writer: CodeWriter,
  model: Model,
  prefix: string,
  suffix: string,
  credentials: "env" | "test",
): void {
  const lines = clientOptionLines(model, credentials);
  if (lines.length === 0) return writer.writeLine(`${prefix}{}${suffix}`);
  writer.writeLine(`${prefix}{`);
  writer.indent(() => {
    for (const line of lines) writer.writeLine(line);
  });
  writer.writeLine(`}${suffix}`);
}

/** The type names of what a call of the operation takes, for the examples' imports. */
function inputTypes(operation: OperationModel): string[] {
  return operationArguments(operation).map(
    (argument) =>
      `type ${argument === "params" ? operation.names.paramsType : operation.names.requestType}`,
  );
}

/**
 * `const params: ... = {...};` and `const body: ... = {...};` for what the
 * operation takes (its required parameters, its body); returns the call's
 * arguments, in order.
 */
function writeInputs(
  writer: CodeWriter,
  operation: OperationModel,
  schemas: Schemas,
): string[] {
  const args = operationArguments(operation);
  for (const argument of args) {
    if (argument === "params")
      writeConst(
        writer,
        `const params: ${operation.names.paramsType}`,
        exampleParams(operation, schemas),
      );
    else
      writeConst(
        writer,
        `const body: ${operation.names.requestType}`,
        operationBody(operation, schemas),
      );
  }
  return args;
}

/** The operation's required parameters, each with a sample of its schema, by property name. */
function exampleParams(operation: OperationModel, schemas: Schemas): JsonValue {
  const params: Record<string, JsonValue> = {};
  for (const parameter of operation.parameters) {
    if (!parameter.required) continue;
    params[parameter.names.property] = exampleBody(
      { kind: "schema", schema: parameter.schema },
      schemas,
      `${operation.id} ${parameter.name}`,
    );
  }
  return params;
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

/**
 * An example's head: the import of `names` and the types `operation`
 * takes from the package, then `head{ ...options }` with the credentials
 * from the environment, each followed by a blank line.
 */
function writeExampleHead(
  writer: CodeWriter,
  model: Model,
  set: OperationSetModel,
  operation: OperationModel,
  names: readonly string[],
  head = "const client = createClient(",
): void {
  importLine(
    writer,
    [...names, ...inputTypes(operation)],
    set.names.packageName,
  );
  writer.blankLine();
  writeClientOptions(writer, model, head, ");", "env");
  writer.blankLine();
}

/** README quick start: create a client, call one operation. */
export function quickStartExample(
  model: Model,
  set: OperationSetModel,
  schemas: Schemas,
): string {
  const operation = showcaseOperation(set);
  const writer = new CodeWriter();
  writeExampleHead(writer, model, set, operation, ["createClient"]);
  const args = writeInputs(writer, operation, schemas);
  writeAwaitCall(writer, "result", `client.${operation.names.method}`, args);
  writer.writeLine("console.log(result);");
  return writer.toString();
}

/** Names the examples declare or read as globals. */
const exampleLocals: ReadonlySet<string> = new Set([
  "result",
  "transport",
  "params",
  "body",
  "console",
  "process",
  "createTransport",
]);

/** README: the standalone function and transport form, for tree shaking. */
export function treeShakingExample(
  model: Model,
  set: OperationSetModel,
  schemas: Schemas,
): string {
  const operation = showcaseOperation(set);
  const method = operation.names.method;
  // The function is imported by name: it must not shadow a name the example uses.
  const local = exampleLocals.has(method) ? `${method}Operation` : method;
  const writer = new CodeWriter();
  writeExampleHead(
    writer,
    model,
    set,
    operation,
    ["createTransport", local === method ? method : `${method} as ${local}`],
    "const transport = createTransport(",
  );
  const args = writeInputs(writer, operation, schemas);
  writeAwaitCall(writer, "result", local, ["transport", ...args]);
  writer.writeLine("console.log(result);");
  return writer.toString();
}

/**
 * README: a client certificate (mutual TLS) through an agent of the
 * `undici` package, passed in as the client's `fetch`. The casts are the
 * least that compiles: undici's request and response types are its own,
 * not the DOM's.
 */
export function networkExample(model: Model, set: OperationSetModel): string {
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
    for (const line of clientOptionLines(model, "env")) writer.writeLine(line);
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
 * "reconcile, never resend"; ApiError carries the server's status and body.
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
  const status = set.statusOperation;
  const writer = new CodeWriter();
  writer.writeLine("} catch (error) {");
  writer.indent(() => {
    if (effect === "write") {
      writer.writeLine("if (error instanceof OutcomeUnknownError) {");
      writer.indent(() => {
        writer.writeLine(
          "// The server may have carried it out: never send it again blindly.",
        );
        writer.writeLine(
          status === undefined
            ? "// Reconcile first: this set has no status operation."
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
  model: Model,
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
  writeExampleHead(writer, model, set, operation, names);
  const args = writeInputs(writer, operation, schemas);
  writer.blankLine();
  writeTryCall(writer, set, operation, args);
  return writer.toString();
}

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
  model: Model,
  set: OperationSetModel,
  operation: OperationModel,
  schemas: Schemas,
  memo: RenderMemo = noMemo,
): string {
  const optionsType =
    operation.effect === "read" ? "ReadCallOptions" : "WriteCallOptions";
  const writer = new CodeWriter();
  writeExampleHead(writer, model, set, operation, [
    "createClient",
    `type ${optionsType}`,
  ]);
  // The inputs are the same in every set that holds the operation: printed once per run.
  const args = operationArguments(operation);
  if (args.length > 0)
    writer.writeRaw(
      memo.once(operation, "docs-example-inputs", () => {
        const inputs = new CodeWriter();
        writeInputs(inputs, operation, schemas);
        return inputs.toString();
      }),
    );
  writer.writeRaw(optionsBlocks[operation.effect]);
  writer.blankLine();
  writeAwaitCall(writer, "result", `client.${operation.names.method}`, [
    ...args,
    "options",
  ]);
  writer.writeLine("console.log(result);");
  return writer.toString();
}

/** README: the msw mocks with a client talking to them. */
export function mocksExample(
  model: Model,
  set: OperationSetModel,
  schemas: Schemas,
): string {
  const operation = showcaseOperation(set);
  const writer = new CodeWriter();
  importLine(writer, ["setupServer"], "msw/node");
  importLine(
    writer,
    ["createClient", ...inputTypes(operation)],
    set.names.packageName,
  );
  importLine(writer, ["createHandlers"], `${set.names.packageName}/mocks`);
  writer.blankLine();
  writeClientOptions(writer, model, "const options = ", ";", "test");
  writer.writeLine("const handlers = createHandlers(options);");
  writer.writeLine("const server = setupServer(...handlers);");
  writer.writeLine("server.listen();");
  writer.blankLine();
  writer.writeLine("const client = createClient(options);");
  const args = writeInputs(writer, operation, schemas);
  writeAwaitCall(writer, "result", `client.${operation.names.method}`, args);
  writer.writeLine("console.log(result, handlers.engine.calls.length);");
  writer.writeLine("server.close();");
  return writer.toString();
}

/** README: the same mocks without msw, as the client's fetch. */
export function mockFetchExample(
  model: Model,
  set: OperationSetModel,
  schemas: Schemas,
): string {
  const operation = showcaseOperation(set);
  const writer = new CodeWriter();
  importLine(
    writer,
    ["createClient", ...inputTypes(operation)],
    set.names.packageName,
  );
  importLine(
    writer,
    ["createMockFetch"],
    `${set.names.packageName}/mock-fetch`,
  );
  writer.blankLine();
  writeClientOptions(writer, model, "const options = ", ";", "test");
  writer.writeLine("const mockFetch = createMockFetch(options);");
  writer.writeLine(
    "const client = createClient({ ...options, fetch: mockFetch });",
  );
  writer.blankLine();
  const args = writeInputs(writer, operation, schemas);
  writeAwaitCall(writer, "result", `client.${operation.names.method}`, args);
  writer.writeLine("console.log(result, mockFetch.engine.calls.length);");
  return writer.toString();
}
