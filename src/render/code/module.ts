/**
 * JavaScript and declarations derived from TypeScript by a maintained
 * transpiler, oxc-transform: one parse emits both (isolated declarations,
 * as TypeScript 5.5 defines them), laid out by oxfmt, prettier's rules at
 * 80 columns. Measured on the bench's 1000-operation spec (8.4 MB of one
 * set's TypeScript): oxc 0.15 s for both outputs, TypeScript's own
 * transpileModule plus transpileDeclaration 8.2 s.
 */
import { transformSync } from "oxc-transform";
import { format } from "oxfmt";

/** The three texts of one module: `src/<name>.ts`, `dist/<name>.js`, `dist/<name>.d.ts`. */
export interface ModuleTexts {
  readonly ts: string;
  readonly js: string;
  readonly dts: string;
}

/**
 * prettier's defaults at 80 columns. Objects that fit go on one line: the
 * transpiler breaks every object, and a formatter keeps an object broken
 * after its `{` otherwise.
 */
export const formatOptions = {
  printWidth: 80,
  objectWrap: "collapse",
} as const;

/**
 * The JavaScript and declarations of `ts`, top-level TypeScript statements
 * that declare every export's type (isolated declarations), without a
 * trailing newline ("" where there are none). A statement that does not
 * transpile is a bug of the renderer that printed it, and is thrown.
 */
export async function deriveStatement(
  ts: string,
): Promise<{ js: string; dts: string }> {
  const result = transformSync("statement.ts", ts, {
    lang: "ts",
    sourceType: "module",
    typescript: { declaration: {} },
  });
  if (result.errors.length > 0 || result.declaration === undefined)
    throw new Error(
      `remitgen printed TypeScript that does not transpile: ${result.errors.map((error) => error.message).join("; ")}\n${ts}`,
    );
  // The transpiler marks a module whose exports were all types with
  // `export {};`: a statement is not a module (createFile keeps one such).
  const code = result.code.replace(/^export \{\};?\n?/m, "");
  const [js, dts] = await Promise.all([
    formatCode("statement.js", code),
    formatCode("statement.d.ts", result.declaration),
  ]);
  return { js, dts };
}

/** `code` as oxfmt lays it out, without a trailing newline. */
export async function formatCode(path: string, code: string): Promise<string> {
  if (code.trim() === "") return "";
  const result = await format(path, code, formatOptions);
  if (result.errors.length > 0)
    throw new Error(
      `remitgen printed code that does not format (${path}): ${result.errors.map((error) => error.message).join("; ")}`,
    );
  return result.code.replace(/\n+$/, "");
}
