/**
 * A generated module, described once as TypeScript: its header, the
 * imports gathered from the symbols its code uses, and its top-level
 * statements. Its JavaScript and declarations are derived from that
 * description (cf. protobuf-es's GeneratedFile, Kubb's file manager).
 *
 * A renderer never writes an import: it asks the file for a symbol (`use`)
 * and writes the local name it gets back, so a module imports exactly what
 * it uses. It adds statements of three kinds, which say what each is, not
 * how to print it three times:
 * - `code`: TypeScript, whose JavaScript and declarations the transpiler
 *   derives (module.ts);
 * - `declaration`: types only, the same in the declarations and absent
 *   from the JavaScript;
 * - `data`: a constant of plain data, annotated with its type.
 * A statement that is the same in every set (an operation's function, a
 * schema's type) is printed and derived once per run through the memo.
 */
import type CodeBlockWriter from "code-block-writer";
import { isSimpleNumberKey } from "../../escape/typescript.js";
import type { RenderMemo } from "../memo.js";
import { deriveStatement, type ModuleTexts } from "./module.js";
import { writeValue, type PrintableValue } from "./values.js";
import {
  createWriter,
  generatedHeader,
  writeDocComment,
  writeNamedImport,
  type DocTag,
} from "./writer.js";

/** Something a generated module imports. */
export interface ImportedSymbol {
  /** The exported name, or `*` for the module's namespace. */
  readonly name: string;
  /** The module specifier, e.g. `./runtime/transport.js`. */
  readonly from: string;
  /** Used in types only: an `import type`, gone from the JavaScript. */
  readonly typeOnly: boolean;
  /** The local name, when it differs (always given for a namespace). */
  readonly as?: string;
}

/** Printed and derived once per run for `owner` and `key` (see RenderMemo.once). */
export interface Once {
  readonly memo: RenderMemo;
  readonly owner: object;
  readonly key: string;
}

export interface GeneratedFile {
  /** Imports `symbol` and returns the name to write for it. */
  use(symbol: ImportedSymbol): string;
  /**
   * A top-level statement of TypeScript after its doc comment, which the
   * source and the declarations carry and the JavaScript does not.
   */
  code(statement: {
    readonly doc?: readonly string[];
    readonly tags?: readonly DocTag[];
    readonly write: (writer: CodeBlockWriter) => void;
    readonly once?: Once;
  }): void;
  /** A top-level declaration of types only (doc comment included). */
  declaration(write: (writer: CodeBlockWriter) => void, once?: Once): void;
  /** `export const name: type = value;` of plain data, after its doc comment. */
  data(
    doc: readonly string[],
    name: string,
    type: string,
    value: PrintableValue,
    memo: RenderMemo,
  ): void;
  /** The module's source, JavaScript and declarations. */
  texts(): Promise<ModuleTexts>;
}

/** The JavaScript and declarations of one top-level statement ("" where it has none). */
interface Derived {
  readonly js: string;
  readonly dts: string;
}

/** One top-level statement: its source, and how to derive the rest (once). */
interface Statement {
  readonly ts: string;
  derived(): Promise<Derived>;
}

/**
 * A statement after its doc comment (`head`: "" or the comment and a line
 * break), whose other forms the transpiler derives, at most once.
 */
function transpiled(head: string, code: string): Statement {
  let derived: Promise<Derived> | undefined;
  const derive = async (): Promise<Derived> => {
    const { js, dts } = await deriveStatement(code);
    return { js, dts: dts === "" ? "" : head + dts };
  };
  return { ts: head + code, derived: () => (derived ??= derive()) };
}

/** How a module uses an imported symbol. */
interface Usage {
  readonly symbol: ImportedSymbol;
  /** In code that runs: imported by the JavaScript. */
  value: boolean;
  /** In types: imported by the declarations. */
  declarations: boolean;
}

export function createFile(specFile: string): GeneratedFile {
  const used = new Map<string, Usage>();
  const record = (
    symbol: ImportedSymbol,
    value: boolean,
    declarations: boolean,
  ): string => {
    const local = symbol.as ?? symbol.name;
    const key = `${symbol.from}\0${symbol.name}\0${local}`;
    const usage = used.get(key) ?? { symbol, value, declarations };
    usage.value ||= value;
    usage.declarations ||= declarations;
    used.set(key, usage);
    return local;
  };
  const statements: Statement[] = [];
  const printed = (write: (writer: CodeBlockWriter) => void): string => {
    const writer = createWriter();
    write(writer);
    return writer.toString().replace(/\n$/, "");
  };
  const add = (make: () => Statement, once: Once | undefined): void => {
    statements.push(
      once === undefined ? make() : once.memo.once(once.owner, once.key, make),
    );
  };
  return {
    use: (symbol) => record(symbol, !symbol.typeOnly, symbol.typeOnly),
    code({ doc = [], tags = [], write, once }) {
      add(() => {
        const comment = printed((writer) => writeDocComment(writer, doc, tags));
        return transpiled(comment === "" ? "" : `${comment}\n`, printed(write));
      }, once);
    },
    declaration(write, once) {
      add(() => {
        const ts = printed(write);
        return { ts, derived: () => Promise.resolve({ js: "", dts: ts }) };
      }, once);
    },
    data(doc, name, type, value, memo) {
      const docText = printed((writer) => writeDocComment(writer, doc));
      const head = docText === "" ? "" : `${docText}\n`;
      const ts = printed((writer) =>
        writeValue(
          writer,
          `export const ${name}: ${type} = `,
          value,
          ";",
          "ts",
          memo,
        ),
      );
      // The object is too large for one line whatever its name's
      // annotation, so only its first line differs, unless a simple-number
      // key is written differently in JavaScript.
      const tsHead = `export const ${name}: ${type} = {\n`;
      const js =
        ts.startsWith(tsHead) && !hasNumericKey(value, memo)
          ? `export const ${name} = {\n${ts.slice(tsHead.length)}`
          : printed((writer) =>
              writeValue(
                writer,
                `export const ${name} = `,
                value,
                ";",
                "js",
                memo,
              ),
            );
      statements.push({
        ts: head + ts,
        derived: () =>
          Promise.resolve({
            js,
            dts: `${head}export declare const ${name}: ${type};`,
          }),
      });
    },
    async texts() {
      // One at a time: thousands of formatter calls at once cost the
      // native pool more in switching than they save.
      const derived: Derived[] = [];
      for (const statement of statements)
        derived.push(await statement.derived());
      const usages = [...used.values()];
      const imports = (
        chosen: (usage: Usage) => boolean,
        typeOnly: (usage: Usage) => boolean,
      ): string =>
        importLines(
          usages
            .filter(chosen)
            .map((usage) => ({ ...usage.symbol, typeOnly: typeOnly(usage) })),
        );
      const header = generatedHeader(specFile);
      const js: string[] = derived.map((each) => each.js);
      // A module of types only is still a module.
      if (!js.some((each) => each !== "")) js.push("export {};");
      const module = (imports: string, body: readonly string[]): string =>
        [header, imports, ...body].filter((part) => part !== "").join("\n\n") +
        "\n";
      return {
        ts: module(
          imports(
            () => true,
            (usage) => !usage.value,
          ),
          statements.map((statement) => statement.ts),
        ),
        js: module(
          imports(
            (usage) => usage.value,
            () => false,
          ),
          js,
        ),
        dts: module(
          imports(
            (usage) => usage.declarations,
            () => true,
          ),
          derived.map((each) => each.dts),
        ),
      };
    },
  };
}

/** The import statements of `symbols`, by module, values before types. */
function importLines(symbols: readonly ImportedSymbol[]): string {
  const writer = createWriter();
  const modules = [...new Set(symbols.map((each) => each.from))].sort();
  for (const from of modules) {
    for (const typeOnly of [false, true]) {
      const keyword = typeOnly ? "import type" : "import";
      const named: string[] = [];
      for (const each of symbols) {
        if (each.from !== from || each.typeOnly !== typeOnly) continue;
        if (each.name === "*")
          writer.writeLine(`${keyword} * as ${each.as} from "${from}";`);
        else
          named.push(
            each.as === undefined || each.as === each.name
              ? each.name
              : `${each.name} as ${each.as}`,
          );
      }
      if (named.length > 0)
        writeNamedImport(writer, keyword, named.sort(), `"${from}"`);
    }
  }
  return writer.toString().replace(/\n$/, "");
}

/** Whether any key is written differently in JavaScript (see objectLiteralKey). */
function hasNumericKey(
  value: PrintableValue | undefined,
  memo: RenderMemo,
): boolean {
  if (value === null || typeof value !== "object") return false;
  const search = (): boolean => {
    if (Array.isArray(value))
      return value.some((item) => hasNumericKey(item, memo));
    const object = value as {
      readonly [key: string]: PrintableValue | undefined;
    };
    // for...in: no array of keys per object (the data holds every schema).
    for (const key in object)
      if (isSimpleNumberKey(key) || hasNumericKey(object[key], memo))
        return true;
    return false;
  };
  return memo.made(value)
    ? memo.once(value, "has-numeric-key", search)
    : search();
}

/** A value `name` of module `from`, imported as `as` when given. */
export function valueSymbol(
  from: string,
  name: string,
  as?: string,
): ImportedSymbol {
  return as === undefined
    ? { name, from, typeOnly: false }
    : { name, from, typeOnly: false, as };
}

/** A type `name` of module `from`. */
export function typeSymbol(from: string, name: string): ImportedSymbol {
  return { name, from, typeOnly: true };
}

/** Module `from` as a namespace named `as`, of values or of types only. */
export function namespaceSymbol(
  from: string,
  as: string,
  typeOnly: boolean,
): ImportedSymbol {
  return { name: "*", from, typeOnly, as };
}
