/**
 * The imported spec as YAML a person reads and edits: the schema link for
 * editors first, small schema nodes on one line (`{ type: string,
 * maxLength: 34 }`), and what was not mapped listed at the end.
 */
import { Document, isMap, isScalar, isSeq, visit, type Node } from "yaml";
import type { ImportNote } from "./document.js";

export interface SpecHeader {
  readonly sources: readonly string[];
  readonly schemaLink?: string | undefined;
}

/** Longest mapping written on one line. */
const flowWidth = 72;

export function specText(
  spec: object,
  notes: readonly ImportNote[],
  header: SpecHeader,
): string {
  const document = new Document(spec, { aliasDuplicateObjects: false });
  visit(document, {
    Map(_, node) {
      if (
        node.items.length > 0 &&
        node.items.every(
          (pair) => isScalar(pair.value) || isScalarList(pair.value),
        ) &&
        flowLength(node) <= flowWidth
      )
        node.flow = true;
    },
    Seq(_, node) {
      if (isScalarList(node) && flowLength(node) <= flowWidth) node.flow = true;
    },
  });
  document.commentBefore = [
    ...(header.schemaLink !== undefined
      ? [` yaml-language-server: $schema=${header.schemaLink}`, ""]
      : []),
    ` Imported by remitgen import from ${header.sources.map(oneLine).join(", ")}.`,
    notes.length > 0
      ? ` What the description says that this spec does not is listed at the end (${notes.length} ${notes.length === 1 ? "entry" : "entries"}).`
      : " Everything the description says is mapped.",
  ].join("\n");
  if (notes.length > 0)
    document.comment = [
      " Not mapped: where (file#JSON Pointer), what, and how it was handled.",
      ...notes.map((each) => ` - ${noteLine(each)}`),
    ].join("\n");
  return document.toString({ lineWidth: 100, flowCollectionPadding: false });
}

/** One note on one line: `file#/pointer: what; handled (and N more places)`. */
export function noteLine(each: ImportNote): string {
  const more =
    each.count !== undefined && each.count > 1
      ? ` (${each.count} places, the first shown)`
      : "";
  return oneLine(`${each.pointer}: ${each.what}; ${each.handled}${more}`);
}

/** Text that stays on its line in a comment: line breaks and control characters as spaces. */
function oneLine(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, " ");
}

function isScalarList(node: unknown): boolean {
  return isSeq(node) && node.items.every((item) => isScalar(item));
}

/** About how wide the node is on one line; a multi-line string is never put there. */
function flowLength(node: Node): number {
  if (isScalar(node)) {
    const text = String(node.value);
    return /\n/.test(text) ? Infinity : text.length + 2;
  }
  if (isMap(node))
    return node.items.reduce(
      (sum, pair) =>
        sum +
        String((pair.key as { value?: unknown }).value).length +
        2 +
        flowLength(pair.value as Node),
      4,
    );
  if (isSeq(node))
    return node.items.reduce<number>(
      (sum, item) => sum + flowLength(item as Node) + 2,
      4,
    );
  return Infinity;
}
