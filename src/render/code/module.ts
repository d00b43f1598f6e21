/**
 * A generated module's three texts from its TypeScript, each whole file at
 * once: laid out by oxfmt (prettier's rules at 80 columns), its JavaScript
 * and declarations derived by oxc-transform (isolated declarations, as
 * TypeScript 5.5 defines them). Renderers print plain, correct TypeScript
 * and never lay it out. Measured on the bench's 1000-operation spec (8.4 MB
 * of one set's TypeScript): oxc 0.15 s for both outputs, TypeScript's own
 * transpileModule plus transpileDeclaration 8.2 s; oxfmt formats a 4 MB
 * file in tens of milliseconds, prettier in 2.6 to 8 s. A call costs
 * about a millisecond, so files are formatted whole, not piece by piece.
 */
import { isolatedDeclarationSync, transformSync } from "oxc-transform";
import { format } from "oxfmt";
import type { RenderMemo } from "../memo.js";
import type { Piece } from "./values.js";

/** The three texts of one module: `src/<name>.ts`, `dist/<name>.js`, `dist/<name>.d.ts`. */
export interface ModuleTexts {
  readonly ts: string;
  readonly js: string;
  readonly dts: string;
}

/**
 * prettier's defaults at 80 columns. Objects that fit go on one line
 * whatever their source: renderers need not choose, and prettier (which
 * keeps an object broken after its `{`) leaves the result as it is.
 */
const formatOptions = { printWidth: 80, objectWrap: "collapse" } as const;

/** A top-level statement of a module. */
export interface SourceStatement {
  /** The statement as the source has it: doc comment, code, types. */
  readonly ts: string;
  /**
   * Its code for the JavaScript: without its doc comment, "" when it is of
   * types only.
   */
  readonly code: string;
  /**
   * For a constant of data (`export const name: Type = value;`): the name,
   * type and value's text. The transpiler never sees the value, only a
   * placeholder: it would print numbers its shortest way (3600000 as
   * `36e5`), and a large value is most of what a file costs.
   */
  readonly data?: {
    readonly name: string;
    readonly type: string;
    readonly value: string;
    /** Items the value holds as placeholders, laid out once per run through `memo`. */
    readonly pieces: readonly Piece[];
    readonly memo: RenderMemo;
  };
}

/**
 * The module's texts, each headed by `header`, from its imports and
 * statements. Text that does not transpile or format is a bug of the
 * renderer that printed it, and is thrown.
 */
export async function moduleTexts(
  header: string,
  imports: string,
  statements: readonly SourceStatement[],
): Promise<ModuleTexts> {
  const placeholder = (index: number): string => `remitgenData${index}`;
  const values: string[] = [];
  const light = statements.map((statement) => {
    if (statement.data === undefined) return statement;
    const { name, type } = statement.data;
    const head = `export const ${name}`;
    const value = placeholder(values.push(statement.data.value) - 1);
    const doc = statement.ts.slice(0, statement.ts.lastIndexOf(head));
    return {
      ts: `${doc}${head}: ${type} = ${value};\n`,
      code: `${head}: ${type} = ${value};\n`,
    };
  });
  const code = light.map((each) => each.code).filter((each) => each !== "");
  // A module of types only is still a module.
  if (code.length === 0) code.push("export {};\n");
  const jsSource = [imports, ...code].join("\n");
  const dtsSource = [imports, ...light.map((each) => each.ts)].join("\n");
  // The transpiler on this thread (tens of milliseconds for megabytes);
  // the formatter one file at a time: oxfmt 0.79 given several at once
  // took four times as long and 2.5 times the memory.
  const transpiled = checked(
    transformSync("module.ts", jsSource, { lang: "ts", sourceType: "module" }),
    jsSource,
  );
  let filled = 0;
  const jsText = transpiled.code.replace(
    /^(export const [\w$]+ = )remitgenData(\d+);$/gm,
    (_, head: string, index: string) => {
      filled++;
      return `${head}${values[Number(index)]};`;
    },
  );
  if (filled !== values.length)
    throw new Error("remitgen lost a data constant in transpiling");
  const declarations = checked(
    isolatedDeclarationSync("module.ts", dtsSource, { stripInternal: false }),
    dtsSource,
  );
  const pieces = statements.flatMap((each) => each.data?.pieces ?? []);
  const memo = statements.find((each) => each.data)?.data?.memo;
  const ts = await splicePieces(
    await formatCode(
      "module.ts",
      [imports, ...statements.map((each) => each.ts)].join("\n"),
    ),
    pieces,
    "ts",
    memo,
  );
  const js = await splicePieces(
    await formatCode("module.js", spacedStatements(jsText)),
    pieces,
    "js",
    memo,
  );
  const dts = await formatCode(
    "module.d.ts",
    spacedStatements(typeOnlyImports(declarations.code)),
  );
  const headed = (text: string): string => `${header}\n\n${text}`;
  return {
    ts: headed(await prettierUnions(ts)),
    js: headed(js),
    dts: headed(await prettierUnions(dts)),
  };
}

function checked<T extends { readonly errors: readonly { message: string }[] }>(
  result: T,
  source: string,
): T {
  if (result.errors.length > 0)
    throw new Error(
      `remitgen printed TypeScript that does not transpile: ${result.errors.map((error) => error.message).join("; ")}\n${source.slice(0, 2000)}`,
    );
  return result;
}

/**
 * `text` with each placeholder of `pieces` (one per line, after the
 * formatter) replaced by its item as the formatter lays it out there.
 * Pieces are numbered in the order of the statements; each is laid out
 * once per run for its indentation (and in JavaScript, where keys like
 * `"1"` lose their quotes, once more), all that a file needs in one call:
 * an item of an array that breaks is laid out the same wherever it stands
 * at the same column, so the text is made at column 2 with that much less
 * width, and indented.
 */
async function splicePieces(
  text: string,
  pieces: readonly Piece[],
  language: "ts" | "js",
  memo: RenderMemo | undefined,
): Promise<string> {
  if (pieces.length === 0 || memo === undefined) return text;
  const placeholders = [...text.matchAll(/^( *)remitgenPiece(\d+)_+,$/gm)];
  const indices = placeholders.map((match) => Number(match[2]));
  if (
    placeholders.length !== pieces.length ||
    indices.some((index, at) => index !== at)
  )
    throw new Error("remitgen lost an item of a data constant in formatting");
  // By memo key: the texts to lay out in one call, and their results.
  const batches = new Map<
    string,
    {
      readonly texts: string[];
      readonly all: Promise<string[]>;
      readonly done: (texts: string[]) => void;
      readonly indent: number;
    }
  >();
  const batchOf = (key: string, indent: number) => {
    let batch = batches.get(key);
    if (batch === undefined) {
      let done!: (texts: string[]) => void;
      const all = new Promise<string[]>((resolve) => (done = resolve));
      batch = { texts: [], all, done, indent };
      batches.set(key, batch);
    }
    return batch;
  };
  const laidOut = placeholders.map((match, index) => {
    const piece = pieces[index]!;
    const indent = match[1]!.length;
    const flavor =
      language === "js" && /"(?:\d+|\d+\.\d+)": /.test(piece.text)
        ? "js"
        : "ts";
    const key = `laid-out@${indent}:${flavor}`;
    return memo.once(piece.owner, key, (): Promise<string> => {
      const batch = batchOf(key, indent);
      const at = batch.texts.push(piece.text) - 1;
      return batch.all.then((texts) => texts[at]!);
    });
  });
  for (const [key, batch] of batches)
    batch.done(
      await layOutPieces(batch.texts, batch.indent, key.endsWith(":js")),
    );
  const texts = await Promise.all(laidOut);
  let next = 0;
  return text.replace(/^ *remitgenPiece\d+_+,$/gm, () => texts[next++]!);
}

/** Items laid out as the items of an array that breaks, at column `indent`, each with its comma. */
async function layOutPieces(
  texts: readonly string[],
  indent: number,
  javaScript: boolean,
): Promise<string[]> {
  const source = `const pieces = [\n// remitgen pieces\n${texts.join(",\n")},\n];\n`;
  const result = await format(javaScript ? "pieces.js" : "pieces.ts", source, {
    ...formatOptions,
    printWidth: formatOptions.printWidth - (indent - 2),
  });
  if (result.errors.length > 0)
    throw new Error(
      `remitgen printed data that does not format: ${result.errors.map((error) => error.message).join("; ")}`,
    );
  const lines = result.code.split("\n");
  const pad = " ".repeat(indent - 2);
  const out: string[] = [];
  let current: string[] = [];
  // Between `const pieces = [`, the comment, and `];`.
  for (const line of lines.slice(2, lines.lastIndexOf("];"))) {
    current.push(pad + line);
    if (/^ {2}\S.*,$/.test(line)) {
      out.push(current.join("\n"));
      current = [];
    }
  }
  if (out.length !== texts.length || current.length > 0)
    throw new Error("remitgen could not lay out the items of a data constant");
  return out;
}

/**
 * The transpiler's output with a blank line between top-level statements,
 * as the source has them (a formatter keeps blank lines, and adds none).
 * Its top-level statements start in column 0 and nothing else does, but
 * the lines that end a block (`}`, `)`, `]`) and the inner lines of a doc
 * comment (`*`, unindented). One-line statements (imports, re-exports)
 * stay together, and a doc comment with its statement.
 */
function spacedStatements(code: string): string {
  const out: string[] = [];
  // The kind of the last line: a one-line import or re-export, the end of a doc comment, or else.
  let previous: "start" | "import" | "re-export" | "comment" | "other" =
    "start";
  for (const line of code.split("\n")) {
    if (line === "") continue;
    const kind = line.startsWith("import ")
      ? "import"
      : /^export .* from "[^"]*";$/.test(line)
        ? "re-export"
        : "other";
    const starts = /^[^\s})\]*]/.test(line);
    if (starts && previous !== "start" && previous !== "comment")
      if (kind === "other" || kind !== previous) out.push("");
    out.push(line);
    if (line.endsWith("*/")) previous = "comment";
    else if (previous !== "comment" || !line.startsWith("*"))
      previous = line.endsWith(";") ? kind : "other";
  }
  return out.join("\n");
}

/**
 * The declarations' imports as `import type`: a declaration file imports
 * nothing that runs (the transpiler keeps a value import's form).
 */
function typeOnlyImports(code: string): string {
  return code.replace(
    /^import (?!type )(\* as [\w$]+|\{[^}\n]*\}) from /gm,
    (_, names: string) =>
      `import type ${names.replace(/(?<=[{,] )type /g, "")} from `,
  );
}

/**
 * `code` as oxfmt lays it out (`path` names its language), with a final
 * newline; `options` adds to prettier's defaults at 80 columns.
 */
export async function formatCode(
  path: string,
  code: string,
  options: { readonly objectWrap?: "preserve" | "collapse" } = {},
): Promise<string> {
  const result = await format(path, code, { ...formatOptions, ...options });
  if (result.errors.length > 0)
    throw new Error(
      `remitgen printed code that does not format (${path}): ${result.errors.map((error) => error.message).join("; ")}\n${code.slice(0, 2000)}`,
    );
  return result.code;
}

/**
 * Where oxfmt 0.79 and prettier 3.10 disagree: a union broken after `=`,
 * `:` or `(` that fits on the next line whole, prettier keeps there on one
 * line, and oxfmt breaks before each member. Such unions are joined as
 * prettier joins them. Whether one fits is the formatter's to say, not
 * ours (a line's width is a matter of Unicode tables): each is laid out
 * once more as the type argument of `Array<...>`, where the two agree, at
 * the width it has where it stands. Only unions whose every member is
 * on one line are joined: of literals, names and one-line types, which
 * hold no line break and no ` | ` of their own.
 */
async function prettierUnions(text: string): Promise<string> {
  // A member that goes on past its line (an object type) is left as laid out.
  const whole = (line: string): boolean => {
    const bare = line.replace(/"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'/g, "''");
    const count = (pattern: RegExp): number => bare.match(pattern)?.length ?? 0;
    return count(/[{([<]/g) === count(/[})\]>]/g) && !bare.includes("/*");
  };
  // Members at one indent only, so that a union nested in a member (`| (`
  // then its own members, deeper) is a union of its own; the opener is
  // looked behind, not taken, so the nested one still finds its `(`.
  const broken =
    /(?<=([=:(])\n)(( *)\| [^\n]*\n(?:\3\| [^\n]*\n)*)(?=( *)\)|)/g;
  const candidates: { members: string; width: number }[] = [];
  const found = [...text.matchAll(broken)].map((match) => {
    const [, opener, members, , closing] = match as unknown as [
      string,
      string,
      string,
      string,
      string | undefined,
    ];
    const lines = members.slice(0, -1).split("\n");
    const indent = /^ */.exec(lines[0]!)![0];
    // After `(`, and only there, a line of its own closes the union.
    if (
      opener.startsWith("(") !== (closing !== undefined) ||
      lines.some((each) => !each.startsWith(`${indent}| `) || !whole(each))
    )
      return undefined;
    let joined = lines.map((each) => each.slice(indent.length + 2)).join(" | ");
    const end = joined.endsWith(";") ? 1 : 0;
    joined = joined.slice(0, joined.length - end);
    candidates.push({
      members: joined,
      // At column 2 in `Array<`, it must fit in what is left where it stands.
      width: 80 - indent.length - end + 2,
    });
    return { joined: `${indent}${joined}${end ? ";" : ""}\n` };
  });
  if (candidates.length === 0) return text;
  const fits = new Map<number, boolean>();
  for (const width of new Set(candidates.map((each) => each.width))) {
    const chosen = [...candidates.entries()].filter(
      ([, each]) => each.width === width,
    );
    const probe = await format(
      "probe.ts",
      chosen
        .map(([index, each]) => `type P${index} = Array<${each.members}>;\n`)
        .join(""),
      { printWidth: width },
    );
    for (const part of probe.code.split(/^(?=type P\d+ = )/m)) {
      const index = Number(/^type P(\d+) = /.exec(part)![1]);
      fits.set(index, !/^ *\| /m.test(part));
    }
  }
  let next = 0;
  let candidate = 0;
  return text.replace(broken, (whole) => {
    const each = found[next++];
    if (each === undefined) return whole;
    return fits.get(candidate++) === true ? each.joined : whole;
  });
}
