/**
 * A generated module, described once as TypeScript: its header, the
 * imports gathered from the symbols its code uses, and its top-level
 * statements. Its layout, JavaScript and declarations are derived from
 * that description, the whole file at once (module.ts; cf. protobuf-es's
 * GeneratedFile, Kubb's file manager).
 *
 * A renderer never writes an import: it asks the file for a symbol (`use`)
 * and writes the local name it gets back, so a module imports exactly what
 * it uses. It adds statements of three kinds, which say what each is:
 * - `code`: TypeScript after its doc comment, which the source and the
 *   declarations carry and the JavaScript does not;
 * - `declaration`: types only (doc comments included), gone from the
 *   JavaScript;
 * - `data`: a constant of plain data, annotated with its type.
 * A statement that is the same in every set (an operation's function, a
 * schema's type) is printed once per run through the memo.
 */
import type CodeBlockWriter from "code-block-writer";
import type { RenderMemo } from "../memo.js";
import {
  moduleTexts,
  type ModuleTexts,
  type SourceStatement,
} from "./module.js";
import { valueText, type Piece, type PrintableValue } from "./values.js";
import {
  createWriter,
  generatedHeader,
  writeDocComment,
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

/** Printed once per run for `owner` and `key` (see RenderMemo.once). */
export interface Once {
  readonly memo: RenderMemo;
  readonly owner: object;
  readonly key: string;
}

export interface GeneratedFile {
  /** Imports `symbol` and returns the name to write for it. */
  use(symbol: ImportedSymbol): string;
  /** A top-level statement of TypeScript after its doc comment. */
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

export function createFile(specFile: string): GeneratedFile {
  // By key (module, name, local name): whether code that runs uses it.
  const used = new Map<string, { symbol: ImportedSymbol; value: boolean }>();
  const statements: SourceStatement[] = [];
  const printed = (write: (writer: CodeBlockWriter) => void): string => {
    const writer = createWriter();
    write(writer);
    return writer.toString();
  };
  const add = (make: () => SourceStatement, once: Once | undefined): void => {
    statements.push(
      once === undefined ? make() : once.memo.once(once.owner, once.key, make),
    );
  };
  return {
    use(symbol) {
      const local = symbol.as ?? symbol.name;
      const key = `${symbol.from}\0${symbol.name}\0${local}`;
      const usage = used.get(key) ?? { symbol, value: false };
      usage.value ||= !symbol.typeOnly;
      used.set(key, usage);
      return local;
    },
    code({ doc = [], tags = [], write, once }) {
      add(() => {
        const code = printed(write);
        return {
          ts: printed((writer) => writeDocComment(writer, doc, tags)) + code,
          code,
        };
      }, once);
    },
    declaration(write, once) {
      add(() => ({ ts: printed(write), code: "" }), once);
    },
    data(doc, name, type, value, memo) {
      const pieces: Piece[] = [];
      const text = valueText(value, memo, pieces);
      statements.push({
        ts: `${printed((writer) => writeDocComment(writer, doc))}export const ${name}: ${type} = ${text};\n`,
        code: "",
        data: { name, type, value: text, pieces, memo },
      });
    },
    texts() {
      const imports = importLines(
        [...used.values()].map(({ symbol, value }) => ({
          ...symbol,
          typeOnly: !value,
        })),
      );
      return moduleTexts(generatedHeader(specFile), imports, statements);
    },
  };
}

/** The import statements of `symbols`, by module, values before types. */
function importLines(symbols: readonly ImportedSymbol[]): string {
  const lines: string[] = [];
  const modules = [...new Set(symbols.map((each) => each.from))].sort();
  for (const from of modules) {
    for (const typeOnly of [false, true]) {
      const keyword = typeOnly ? "import type" : "import";
      const named: string[] = [];
      for (const each of symbols) {
        if (each.from !== from || each.typeOnly !== typeOnly) continue;
        if (each.name === "*")
          lines.push(`${keyword} * as ${each.as} from "${from}";\n`);
        else
          named.push(
            each.as === undefined || each.as === each.name
              ? each.name
              : `${each.name} as ${each.as}`,
          );
      }
      if (named.length > 0)
        lines.push(
          `${keyword} { ${named.sort().join(", ")} } from "${from}";\n`,
        );
    }
  }
  return lines.join("");
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
