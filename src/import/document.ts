/**
 * An OpenAPI document as read: its JSON value, its version, and the
 * JSON Pointer walking every transform of the importer shares. Only
 * references within the document are followed (`#/...`).
 */
import { LineCounter, parseDocument } from "yaml";
import { importProblems } from "../diagnostics/codes.js";
import { SpecError, type Diagnostic } from "../diagnostics/diagnostic.js";
import { formatDiagnostics } from "../diagnostics/format.js";

export type Json =
  null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

/** `2.0` is Swagger 2.0; `3.0` and `3.1` are OpenAPI's. */
export type OpenApiVersion = "2.0" | "3.0" | "3.1";

export interface OpenApiDocument {
  /** As the user named it, for pointers and messages. */
  readonly file: string;
  readonly text: string;
  readonly root: JsonObject;
  readonly version: OpenApiVersion;
}

/**
 * What could not be mapped, where (`file#/json/pointer`), and what was
 * done instead. `count`: how many places, for what is noted once for all
 * of them (the first one's pointer).
 */
export interface ImportNote {
  readonly pointer: string;
  readonly what: string;
  readonly handled: string;
  readonly count?: number;
}

/** What every transform reads: the document, and where its notes go. */
export interface Context {
  readonly document: OpenApiDocument;
  readonly notes: ImportNote[];
  /** Notes made once for many places, by what they say, with their counts. */
  readonly counted: Map<string, { index: number; count: number }>;
}

export function newContext(document: OpenApiDocument): Context {
  return { document, notes: [], counted: new Map() };
}

export function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A member of an object that JSON or YAML gave us, never an inherited one. */
export function member(value: unknown, key: string): Json | undefined {
  return isObject(value) && Object.hasOwn(value, key) ? value[key] : undefined;
}

/** `base` and one more reference token, escaped (`~` as `~0`, `/` as `~1`). */
export function pointer(base: string, ...tokens: (string | number)[]): string {
  return tokens.reduce<string>(
    (path, token) =>
      `${path}/${String(token).replace(/~/g, "~0").replace(/\//g, "~1")}`,
    base,
  );
}

export function note(
  context: Context,
  at: string,
  what: string,
  handled: string,
): void {
  context.notes.push({
    pointer: `${context.document.file}#${at}`,
    what,
    handled,
  });
}

/** A note said once for every place it applies to, with the first place and the count. */
export function noteCounted(
  context: Context,
  at: string,
  what: string,
  handled: string,
): void {
  const key = `${what}\u0000${handled}`;
  const seen = context.counted.get(key);
  if (seen !== undefined) {
    seen.count++;
    const first = context.notes[seen.index]!;
    context.notes[seen.index] = { ...first, count: seen.count };
    return;
  }
  context.counted.set(key, { index: context.notes.length, count: 1 });
  note(context, at, what, handled);
}

/** Reads a document's text (JSON, or YAML) and tells its version; a SpecError says what is wrong and where. */
export function readDocument(file: string, text: string): OpenApiDocument {
  const root = parse(file, text);
  const problem = (message: ReturnType<typeof importProblems.notOpenApi>) =>
    fail(file, text, message, 1, 1);
  if (!isObject(root)) problem(importProblems.notOpenApi("not a mapping"));
  const openapi = member(root, "openapi");
  const swagger = member(root, "swagger");
  const version =
    typeof openapi === "string" && /^3\.0(\.|$)/.test(openapi)
      ? "3.0"
      : typeof openapi === "string" && /^3\.1(\.|$)/.test(openapi)
        ? "3.1"
        : swagger === "2.0"
          ? "2.0"
          : undefined;
  if (version === undefined)
    problem(
      importProblems.notOpenApi(
        openapi !== undefined
          ? `openapi ${JSON.stringify(openapi)}`
          : swagger !== undefined
            ? `swagger ${JSON.stringify(swagger)}`
            : "neither `openapi` nor `swagger` is given",
      ),
    );
  return { file, text, root: root as JsonObject, version: version! };
}

function parse(file: string, text: string): Json {
  const body = text.replace(/^\uFEFF/, "");
  // JSON is read as JSON: a YAML parser takes ten times longer on the
  // multi-megabyte descriptions portals publish.
  if (/^\s*[{[]/.test(body)) {
    try {
      return JSON.parse(body) as Json;
    } catch (error) {
      const at = /position (\d+)/.exec((error as Error).message)?.[1];
      const [line, column] = lineAndColumn(body, Number(at ?? 0));
      // Not JSON after all? YAML's flow style starts with `{` too.
      const yaml = /\.json$/i.test(file)
        ? undefined
        : parseDocument(body, { uniqueKeys: false });
      if (yaml !== undefined && yaml.errors.length === 0)
        return yaml.toJS({ maxAliasCount: -1 }) as Json;
      fail(
        file,
        text,
        importProblems.syntax("JSON", (error as Error).message),
        line,
        column,
      );
    }
  }
  const counter = new LineCounter();
  const yaml = parseDocument(body, {
    lineCounter: counter,
    uniqueKeys: false,
  });
  const [first] = yaml.errors;
  if (first !== undefined) {
    const { line, col } = counter.linePos(first.pos[0]);
    fail(
      file,
      text,
      importProblems.syntax("YAML", first.message.split("\n")[0]!),
      line,
      col,
    );
  }
  return yaml.toJS({ maxAliasCount: -1 }) as Json;
}

function lineAndColumn(text: string, offset: number): [number, number] {
  const before = text.slice(0, offset);
  const line = before.split("\n").length;
  return [line, offset - before.lastIndexOf("\n")];
}

/** Throws a SpecError for one problem at a line and column of a document. */
export function fail(
  file: string,
  text: string,
  problem: { code: Diagnostic["code"]; message: string; hint: string },
  line: number,
  column: number,
): never {
  const diagnostic: Diagnostic = { ...problem, file, line, column, length: 1 };
  // A minified description is one line of megabytes: no excerpt of it.
  const shownLine = text.split("\n", line)[line - 1] ?? "";
  throw new SpecError(
    [diagnostic],
    formatDiagnostics([diagnostic], shownLine.length <= 400 ? text : undefined),
  );
}

/**
 * Follows `$ref`s within the document from `value` at `at`: the value
 * referred to and its pointer. An external reference or one that leads
 * nowhere is a SpecError at the reference, as is a chain that loops.
 */
export function resolve(
  context: Context,
  value: Json | undefined,
  at: string,
): { value: Json | undefined; at: string } {
  const seen = new Set<string>();
  while (typeof member(value, "$ref") === "string") {
    const ref = member(value, "$ref") as string;
    if (seen.has(ref))
      refProblem(context, ref, "the references go in a circle");
    seen.add(ref);
    at = refPointer(context, ref);
    value = valueAt(context, at, ref);
  }
  return { value, at };
}

/** The pointer a local `$ref` names (`#/a/b~1c` -> `/a/b~1c`, percent-decoded). */
export function refPointer(context: Context, ref: string): string {
  if (!ref.startsWith("#"))
    refProblem(context, ref, "it points outside this document");
  try {
    return decodeURIComponent(ref.slice(1));
  } catch {
    return refProblem(context, ref, "its percent-encoding is broken");
  }
}

function valueAt(context: Context, at: string, ref: string): Json {
  if (at !== "" && !at.startsWith("/"))
    refProblem(context, ref, "a JSON Pointer starts with #/");
  const value = lookup(context.document.root, at);
  if (value === undefined) refProblem(context, ref, "nothing is there");
  return value;
}

/** The value at a JSON Pointer (`/a/b~1c`), if any. */
export function lookup(root: Json, at: string): Json | undefined {
  let value: Json | undefined = root;
  for (const raw of at === "" ? [] : at.slice(1).split("/")) {
    const token = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    value = Array.isArray(value) ? value[Number(token)] : member(value, token);
    if (value === undefined) return undefined;
  }
  return value;
}

function refProblem(context: Context, ref: string, why: string): never {
  const { file, text } = context.document;
  // The first place the reference is written: a JSON string or a YAML scalar.
  const offset = text.indexOf(ref);
  const [line, column] = offset >= 0 ? lineAndColumn(text, offset) : [1, 1];
  fail(file, text, importProblems.badRef(ref, why), line, column);
}
