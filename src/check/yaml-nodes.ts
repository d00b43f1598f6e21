/**
 * Small readers over YAML nodes that report a diagnostic, with the node's
 * position, instead of throwing. Shared by the structural checker.
 */
import {
  isAlias,
  isMap,
  isScalar,
  isSeq,
  type Node,
  type Pair,
  type YAMLMap,
} from "yaml";
import { diagnostics } from "../diagnostics/codes.js";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import type { Range } from "../spec/raw.js";
import { patternSafety, type PatternSafety } from "./pattern-safety.js";
import type { SpecSource } from "../spec/source.js";

export interface Entry {
  readonly key: string;
  readonly keyRange: Range;
  readonly value: Node | null;
  readonly valueRange: Range;
}

/** Collects diagnostics while reading; one per problem, in any order. */
export class Reader {
  readonly found: Diagnostic[] = [];
  /** Proves each distinct `pattern` of this run safe to match (RG057), once. */
  readonly patternProblem: PatternSafety = patternSafety();
  constructor(readonly source: SpecSource) {}

  report(
    range: Range | undefined,
    text: Parameters<SpecSource["at"]>[1],
  ): undefined {
    this.found.push(this.source.at(range, text));
    return undefined;
  }

  /** Follows a YAML alias (`*name`) to the node it names. */
  deref(node: Node | null): Node | null {
    return isAlias(node)
      ? ((node.resolve(this.source.document) as Node | undefined) ?? null)
      : node;
  }

  /**
   * Where a node stands; an empty value (`key:` and nothing) stands at
   * `fallback`. The node's own range (start, value end, node end) is
   * returned as it is, not copied: a Range reads only its first two.
   */
  rangeOf(node: Node | null | undefined, fallback: Range): Range {
    const range = node?.range;
    return range && range[1] > range[0]
      ? (range as unknown as Range)
      : fallback;
  }

  /** The source text of a node, as written (for hints that show the fix). */
  written(node: Node | null): string | undefined {
    const range = node?.range;
    return range ? this.source.text.slice(range[0], range[1]) : undefined;
  }

  /**
   * Entries of a mapping in order; reports duplicates and keys that are not
   * plain strings.
   */
  entries(
    node: YAMLMap,
    where: string,
    fallback: Range,
    itemKind = "key",
  ): Entry[] {
    const seen = new Map<string, Range>();
    const out: Entry[] = [];
    for (const pair of node.items as Pair<Node | null, Node | null>[]) {
      const keyNode = pair.key;
      const keyRange = this.rangeOf(keyNode, this.rangeOf(node, fallback));
      if (
        !isScalar(keyNode) ||
        (typeof keyNode.value !== "string" && typeof keyNode.value !== "number")
      ) {
        this.report(
          keyRange,
          diagnostics.wrongType(
            `a key in ${where}`,
            "a string",
            describe(keyNode),
            this.written(keyNode),
          ),
        );
        continue;
      }
      // A number-like key reads as written: `1.10:` is "1.10", as in a list.
      const key =
        typeof keyNode.value === "number"
          ? String(keyNode.source ?? keyNode.value)
          : keyNode.value;
      const first = seen.get(key);
      if (first !== undefined) {
        const what = itemKind === "key" ? `key in ${where}` : itemKind;
        const { line, column } = this.source.positionOf(first[0]);
        this.report(
          keyRange,
          diagnostics.duplicateKey(key, what, `line ${line}, column ${column}`),
        );
        continue;
      }
      seen.set(key, keyRange);
      out.push({
        key,
        keyRange,
        value: pair.value,
        valueRange: this.rangeOf(pair.value, keyRange),
      });
    }
    return out;
  }

  /**
   * Reports a whole number written past 2^53, which a JavaScript number
   * holds only rounded (9007199254740993 reads as ...992): the spec's
   * number would silently become another.
   */
  inexact(node: Node | null, range: Range): boolean {
    const written = isScalar(node) ? node.source?.trim() : undefined;
    const value = isScalar(node) ? node.value : undefined;
    if (
      typeof value !== "number" ||
      Number.isSafeInteger(value) ||
      !Number.isFinite(value) ||
      written === undefined ||
      !/^[-+]?\d+$/.test(written)
    )
      return false;
    const exact = BigInt(value);
    // Held exactly, it may still be printed (mock answers, docs, OpenAPI)
    // with the shortest digits that read back the same: 2^64 as
    // 18446744073709552000, another number to anyone reading the digits.
    const readAs = exact === BigInt(written) ? printedInteger(value) : exact;
    if (BigInt(written) === readAs) return false;
    this.report(range, diagnostics.inexactNumber(written, String(readAs)));
    return true;
  }
}

/** How a node looks, in words, for "found ..." in messages. */
export function describe(node: unknown): string {
  if (node === null || node === undefined) return "nothing";
  if (isAlias(node)) return "an alias";
  if (isMap(node)) return "a mapping";
  if (isSeq(node)) return "a list";
  if (isScalar(node)) {
    const value = node.value;
    if (value === null)
      return node.source === "" || node.source === undefined
        ? "nothing"
        : "null";
    if (typeof value === "number")
      return Number.isNaN(value)
        ? "not a number (.nan)"
        : Number.isFinite(value)
          ? "a number"
          : "an infinite number";
    if (typeof value === "boolean") return "a boolean";
    if (typeof value === "string") return "a string";
  }
  return "an unexpected value";
}

/** The whole number `String(value)` (and JSON) writes for an integer, `1e+21` included. */
function printedInteger(value: number): bigint {
  const [mantissa = "", exponent = "0"] = String(value).split("e");
  const [whole = "", fraction = ""] = mantissa.split(".");
  return (
    BigInt(whole + fraction) *
    BigInt(10) ** BigInt(Number(exponent) - fraction.length)
  );
}
