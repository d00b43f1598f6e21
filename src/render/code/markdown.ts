/**
 * The TypeScript examples of generated Markdown, laid out by the formatter
 * as prettier lays out code in Markdown: every ```ts fence of a batch of
 * files is formatted in one call (a call costs about a millisecond, and a
 * large set has thousands of examples). Objects are kept as the examples
 * write them (prettier's `objectWrap: "preserve"`): expanded, as a person
 * writes an example.
 */
import type { OutputFile } from "../output.js";
import { formatCode } from "./module.js";

const fence = /^```ts\n([\s\S]*?)\n```$/gm;

/** `files` with the code of each ```ts fence of their Markdown formatted. */
export async function formatMarkdownCode(
  files: readonly OutputFile[],
): Promise<OutputFile[]> {
  const blocks: string[] = [];
  for (const file of files)
    if (file.path.endsWith(".md"))
      for (const match of file.contents.matchAll(fence)) blocks.push(match[1]!);
  if (blocks.length === 0) return [...files];
  const formatted = await formatBlocks(blocks);
  let next = 0;
  return files.map((file) =>
    file.path.endsWith(".md")
      ? {
          path: file.path,
          contents: file.contents.replace(
            fence,
            () => `\`\`\`ts\n${formatted[next++]}\n\`\`\``,
          ),
        }
      : file,
  );
}

/**
 * Each block formatted, in one call: the blocks joined, each after a
 * marker comment, and split again at the markers. Should the formatted
 * text not hold each marker once, in order, on a line of its own (spec
 * text can stand only in string literals, but a marker must never be
 * trusted blindly), each block is formatted alone.
 */
export async function formatBlocks(
  blocks: readonly string[],
): Promise<string[]> {
  const marker = (index: number): string => `// remitgen-example ${index}`;
  const joined = blocks
    .map((block, index) => `${marker(index)}\n${block}\n`)
    .join("");
  const text = await formatCode("examples.ts", joined, {
    objectWrap: "preserve",
  });
  const parts = text.split(/^\/\/ remitgen-example (\d+)\n/m);
  const split = blocks.map((_, index) =>
    parts[2 * index + 1] === String(index)
      ? parts[2 * index + 2]?.replace(/\n+$/, "")
      : undefined,
  );
  if (
    parts[0] === "" &&
    parts.length === 2 * blocks.length + 1 &&
    split.every((each) => each !== undefined)
  )
    return split as string[];
  return Promise.all(
    blocks.map(async (block) =>
      (
        await formatCode("example.ts", block, { objectWrap: "preserve" })
      ).replace(/\n+$/, ""),
    ),
  );
}
