import { LineCounter, parseDocument, type Document } from "yaml";
import { diagnostics, type DiagnosticText } from "../diagnostics/codes.js";
import type { Diagnostic } from "../diagnostics/diagnostic.js";

/** Specs larger than this are refused before parsing, to bound memory. */
export const maxSpecBytes: number = 10 * 1024 * 1024;
/** Deeper nesting is refused: no hand-written spec needs it, and it bounds recursion. */
export const maxSpecDepth: number = 64;

/** A parsed spec file: its text, YAML document, and a way to turn offsets into positions. */
export interface SpecSource {
  readonly file: string;
  readonly text: string;
  readonly document: Document.Parsed;
  /** Builds a diagnostic at a character range of the text. */
  readonly at: (range: readonly [number, number] | undefined, text: DiagnosticText) => Diagnostic;
}

export type ParseResult =
  | { readonly ok: true; readonly source: SpecSource; readonly diagnostics: readonly Diagnostic[] }
  | { readonly ok: false; readonly diagnostics: readonly Diagnostic[] };

/** Parses spec text into a YAML document, keeping source positions. Pure. */
export function parseSpecText(text: string, file: string): ParseResult {
  const bytes = Buffer.byteLength(text, "utf8");
  if (bytes > maxSpecBytes) {
    return { ok: false, diagnostics: [diagnosticAt(file, 1, 1, 1, diagnostics.tooLarge(bytes, maxSpecBytes))] };
  }
  const lineCounter = new LineCounter();
  const at = (range: readonly [number, number] | undefined, message: DiagnosticText): Diagnostic => {
    const start = range?.[0] ?? 0;
    const end = range?.[1] ?? start + 1;
    const { line, col } = lineCounter.linePos(start);
    const lineEnd = text.indexOf("\n", start);
    const length = Math.max(1, Math.min(end, lineEnd === -1 ? text.length : lineEnd) - start);
    return diagnosticAt(file, line, col, length, message);
  };
  let document: Document.Parsed;
  try {
    document = parseDocument(text, {
      lineCounter,
      prettyErrors: false,
      // Duplicate keys are reported by the checker, with what they duplicate.
      uniqueKeys: false,
    });
  } catch (error) {
    // The YAML composer recurses; absurd nesting ends in a RangeError.
    if (error instanceof RangeError) {
      return { ok: false, diagnostics: [diagnosticAt(file, 1, 1, 1, diagnostics.tooDeep(maxSpecDepth))] };
    }
    throw error;
  }
  const source: SpecSource = { file, text, document, at };
  const yamlErrors = document.errors.map((error) =>
    at(error.pos, diagnostics.yamlSyntax(firstLine(error.message))),
  );
  if (yamlErrors.length > 0) return { ok: false, diagnostics: yamlErrors };
  return { ok: true, source, diagnostics: [] };
}

function firstLine(message: string): string {
  const line = message.split("\n")[0] ?? message;
  return line.replace(/ at line \d+, column \d+:?$/, "");
}

export function diagnosticAt(
  file: string,
  line: number,
  column: number,
  length: number,
  text: DiagnosticText,
): Diagnostic {
  return { ...text, file, line, column, length };
}
