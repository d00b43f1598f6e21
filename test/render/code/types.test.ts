/**
 * Schema nodes as TypeScript: every keyword's type, printed safe for any
 * string a spec holds (constants, enum values, member names, docs,
 * defaults), as whole lines the formatter lays out.
 */
import ts from "typescript";
import { describe, expect, it } from "vitest";
import {
  answerNames,
  inputNames,
  type TypeNames,
  writeTypeDeclaration,
} from "../../../src/render/code/types.js";
import { schemaDoc } from "../../../src/render/code/types.js";
import {
  createWriter,
  writeDocComment,
} from "../../../src/render/code/writer.js";
import type { SchemaNode } from "../../../src/runtime/schema.js";

/** `export type`/`interface Name` of `node`, with its doc, as printed. */
function declared(node: SchemaNode, names?: TypeNames): string {
  const writer = createWriter();
  writeDocComment(writer, schemaDoc(node));
  writeTypeDeclaration(writer, "Name", node, names);
  return writer.toString().trimEnd();
}

/** The declared type as the compiler reads it, and any syntax error. */
function compiled(text: string): { type: string; errors: string[] } {
  const source = ts.createSourceFile(
    "t.ts",
    text,
    ts.ScriptTarget.ES2022,
    true,
  );
  const errors = (
    source as unknown as { parseDiagnostics: ts.Diagnostic[] }
  ).parseDiagnostics.map((d) =>
    ts.flattenDiagnosticMessageText(d.messageText, "\n"),
  );
  const statement = source.statements.at(-1);
  return { type: statement?.getText(source) ?? "", errors };
}

const hostile = 'x */ "q" `${globalThis.pwned=1}` \u2028 \\ end';

describe("types of the schema keywords", () => {
  it("prints each keyword's type", () => {
    const cases: [SchemaNode, string][] = [
      [{ kind: "string", nullable: true }, "export type Name = string | null;"],
      [{ kind: "any" }, "export type Name = unknown;"],
      [{ kind: "const", value: 1 }, "export type Name = 1;"],
      [{ kind: "enum", values: [1, -2.5] }, "export type Name = 1 | -2.5;"],
      [
        { kind: "object", properties: [], additionalProperties: true },
        "export type Name = Record<string, unknown>;",
      ],
      [
        {
          kind: "object",
          properties: [],
          additionalProperties: { kind: "integer" },
        },
        "export type Name = Record<string, number>;",
      ],
      [
        {
          kind: "union",
          mode: "anyOf",
          variants: [{ kind: "ref", name: "A" }, { kind: "boolean" }],
          nullable: true,
        },
        "export type Name = A | boolean | null;",
      ],
      [
        {
          kind: "allOf",
          parts: [
            { kind: "ref", name: "A" },
            {
              kind: "union",
              mode: "oneOf",
              variants: [
                { kind: "ref", name: "B" },
                { kind: "ref", name: "C" },
              ],
            },
          ],
        },
        "export type Name = A & (B | C);",
      ],
      [
        {
          kind: "array",
          items: { kind: "ref", name: "A", nullable: true },
        },
        "export type Name = (A | null)[];",
      ],
    ];
    for (const [node, text] of cases)
      expect(declared(node).split("\n").at(-1)).toBe(text);
  });

  it("lays out members inside unions, intersections and maps as whole lines that parse", () => {
    const member: SchemaNode = {
      kind: "object",
      properties: [{ name: "a", required: true, schema: { kind: "string" } }],
    };
    const text = declared({
      kind: "allOf",
      parts: [
        { kind: "ref", name: "Base" },
        {
          kind: "union",
          mode: "oneOf",
          variants: [member, { kind: "ref", name: "B" }],
        },
        { kind: "object", properties: [], additionalProperties: member },
      ],
      nullable: true,
    });
    const { errors } = compiled(text);
    expect(errors).toEqual([]);
    expect(text.replace(/\s+/g, " ").trim()).toBe(
      "export type Name = Base & (| { a: string; } | B) & Record<string, { a: string; }> | null;",
    );
  });

  it("marks one-way members, and types the other members of an object with a map beside", () => {
    const text = declared({
      kind: "object",
      properties: [
        {
          name: "id",
          required: true,
          readOnly: true,
          schema: { kind: "string" },
        },
        {
          name: "pin",
          required: true,
          writeOnly: true,
          schema: { kind: "string" },
        },
      ],
      additionalProperties: { kind: "number" },
    });
    expect(compiled(text).errors).toEqual([]);
    expect(text).toContain("readonly id?: string;");
    expect(text).toContain("  pin?: string;");
    expect(text).toContain("[member: string]: unknown;");
    expect(text).toContain("Other members: number.");
  });

  it("an answer leaves writeOnly members out, an input readOnly ones, and refers to the inputs of schemas that differ by direction", () => {
    const node: SchemaNode = {
      kind: "object",
      properties: [
        {
          name: "id",
          required: true,
          readOnly: true,
          schema: { kind: "string" },
        },
        {
          name: "pin",
          required: true,
          writeOnly: true,
          schema: { kind: "string" },
        },
        { name: "a", required: true, schema: { kind: "ref", name: "A" } },
        { name: "b", required: true, schema: { kind: "ref", name: "B" } },
      ],
    };
    const members = (text: string): string[] =>
      text
        .split("\n")
        .filter((line) => /^  \S/.test(line) && !line.includes("*"));
    expect(members(declared(node, answerNames))).toEqual([
      "  readonly id: string;",
      "  a: A;",
      "  b: B;",
    ]);
    expect(members(declared(node, inputNames(new Set(["A"]))))).toEqual([
      "  pin: string;",
      "  a: AInput;",
      "  b: B;",
    ]);
  });

  it("keeps any string of the spec inert: constants, enum values, names, defaults, docs", () => {
    const text = declared({
      kind: "object",
      description: hostile,
      default: { [hostile]: hostile },
      properties: [
        {
          name: hostile,
          required: true,
          schema: { kind: "const", value: { [hostile]: [hostile, null] } },
        },
        {
          name: "__proto__",
          required: false,
          schema: { kind: "enum", values: [hostile, 3] },
        },
        {
          name: "kind",
          required: true,
          schema: {
            kind: "union",
            mode: "oneOf",
            variants: [{ kind: "ref", name: "A" }],
            discriminator: {
              propertyName: hostile,
              mapping: [{ value: hostile, schema: "A" }],
            },
          },
        },
      ],
    });
    const { errors, type } = compiled(text);
    expect(errors).toEqual([]);
    expect(type.startsWith("export interface Name {")).toBe(true);
    // The only code is the declaration: nothing of the spec's text runs.
    const emitted = ts.transpileModule(text, {
      compilerOptions: { module: ts.ModuleKind.ESNext },
    }).outputText;
    expect(emitted.trim()).toBe("export {};");
  });
});
