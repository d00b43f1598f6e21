/**
 * Markdown as prettier's own parser reads it (the mdast tree prettier
 * formats), for tests that check what a reader would see: text, tables,
 * links and raw HTML.
 */
import * as prettier from "prettier";

export interface MdNode {
  readonly type: string;
  readonly value?: string;
  readonly url?: string;
  readonly lang?: string | null;
  readonly depth?: number;
  readonly children?: readonly MdNode[];
}

interface DebugApi {
  parse(text: string, options: { parser: string }): Promise<{ ast: MdNode }>;
}

export async function markdownAst(markdown: string): Promise<MdNode> {
  const debug = (prettier as unknown as { __debug: DebugApi }).__debug;
  return (await debug.parse(markdown, { parser: "markdown" })).ast;
}

/** The text a reader sees: text and code values, recursively (raw HTML included, to catch it). */
export function visibleText(node: MdNode): string {
  if (
    node.type === "text" ||
    node.type === "inlineCode" ||
    node.type === "html"
  )
    return node.value ?? "";
  return (node.children ?? []).map(visibleText).join("");
}

/** Every node of a tree, depth first. */
export function* walk(node: MdNode): Generator<MdNode> {
  yield node;
  for (const child of node.children ?? []) yield* walk(child);
}
