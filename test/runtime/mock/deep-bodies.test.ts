/**
 * Request bodies nested far deeper than any real payload, against a
 * recursive schema: validation walks them with a stack of its own, so the
 * mock answers 400 with the violations (it answered 500 `mock_error` when
 * validation recursed), and lists a bounded number of them.
 */
import { describe, expect, it } from "vitest";
import type { NamedSchema, SchemaNode } from "../../../src/runtime/schema.js";
import type { JsonValue } from "../../../src/runtime/json.js";
import { canonicalJson } from "../../../src/runtime/mock/sample.js";
import {
  schemaLookup,
  validateValue,
} from "../../../src/runtime/mock/validate.js";
import {
  MAX_LISTED_VIOLATIONS,
  createMockEngine,
  type MockApi,
} from "../../../src/runtime/mock/engine.js";
import { issueToken, opRequest } from "./fixture.js";

/** `Node`: an object with an optional `next` Node and an optional string `tag`. */
const schemas: NamedSchema[] = [
  {
    name: "Node",
    schema: {
      kind: "object",
      properties: [
        {
          name: "next",
          required: false,
          schema: { kind: "ref", name: "Node" },
        },
        {
          name: "tag",
          required: false,
          schema: { kind: "string", maxLength: 3 },
        },
      ],
    },
  },
];
const root: SchemaNode = { kind: "ref", name: "Node" };

/**
 * The JSON text of `depth` nested Nodes, built as text (JSON.stringify
 * itself recurses). `extra` is put in every Node, `bottom` in the last.
 */
function nested(depth: number, extra: string, bottom: string): string {
  return (
    '{"next":'.repeat(depth - 1) + `{${bottom}}` + `${extra}}`.repeat(depth - 1)
  );
}

const api: MockApi = {
  setId: "deep",
  plan: { name: "Silver", limit: 100, intervalMs: 3_600_000 },
  baseUrl: "https://remittance.mock",
  auth: { scheme: "oauth2-client-credentials", tokenPath: "/oauth2/token" },
  schemas,
  operations: [
    {
      name: "deep",
      method: "POST",
      path: "/deep",
      effect: "read",
      request: root,
      response: root,
    },
  ],
};

describe("validateValue on deeply nested values", () => {
  it("finds the one violation at the bottom of a 200,000-level body", () => {
    const depth = 200_000;
    const value = JSON.parse(nested(depth, "", '"tag":"toolong"'));
    const violations = validateValue(value, root, schemas);
    expect(violations).toHaveLength(1);
    const [only] = violations;
    expect(only?.keyword).toBe("maxLength");
    expect(only?.path).toBe("/next".repeat(depth - 1) + "/tag");
  });

  it("reports in the order a recursive walk does: schema members first, then unknown members, depth first", () => {
    const value = {
      zz: 1,
      next: { tag: "abcd", next: { next: 5, other: true }, more: null },
      tag: 7,
    };
    const violations = validateValue(value, root, schemas);
    expect(violations.map((v) => `${v.path} ${v.keyword}`)).toEqual([
      "/next/next/next type",
      "/next/next/other unknown",
      "/next/tag maxLength",
      "/next/more unknown",
      "/tag type",
      "/zz unknown",
    ]);
  });

  it("checks every item of a long array, in order", () => {
    const items: SchemaNode = {
      kind: "array",
      items: { kind: "integer", maximum: 5 },
    };
    const value = Array.from({ length: 100_000 }, (_, i) =>
      i % 25_000 === 0 ? 9 : 1,
    );
    expect(validateValue(value, items, []).map((v) => v.path)).toEqual([
      "/0",
      "/25000",
      "/50000",
      "/75000",
    ]);
  });
});

describe("the mock engine, given a hostile body", () => {
  it("answers 400 validation_failed, not 500, to a body nested 100,000 levels deep", async () => {
    const engine = createMockEngine(api);
    const token = await issueToken(engine);
    const text = nested(100_000, "", '"tag":"toolong"');
    expect(text.length).toBeLessThan(1024 * 1024);
    const outcome = await engine.handle(opRequest(engine, "deep", text, token));
    if (outcome.kind !== "response") throw new Error(outcome.kind);
    expect(outcome.response.status).toBe(400);
    const body = (await outcome.response.json()) as {
      error: { code: string; message: string; details: { keyword: string }[] };
    };
    expect(body.error.code).toBe("validation_failed");
    expect(body.error.details.map((v) => v.keyword)).toEqual(["maxLength"]);
  });

  it("counts every one of a deep body's 60,000 violations, and lists the deepest", async () => {
    const engine = createMockEngine(api);
    const token = await issueToken(engine);
    // Every level carries an unknown member: one violation per level, each
    // at a path as long as its level is deep.
    const depth = 60_000;
    const outcome = await engine.handle(
      opRequest(engine, "deep", nested(depth, ',"x":0', '"x":0'), token),
    );
    if (outcome.kind !== "response") throw new Error(outcome.kind);
    expect(outcome.response.status).toBe(400);
    const body = (await outcome.response.json()) as {
      error: {
        code: string;
        message: string;
        details: { path: string; keyword: string }[];
      };
    };
    // Each path is as long as its level is deep: past the first, they are
    // listed up to a total length, here none more.
    expect(body.error.message).toBe(
      `Request body has ${depth} schema violation(s); the first 1 are listed`,
    );
    expect(body.error.details).toHaveLength(1);
    // Depth first: the deepest Node's unknown member comes first.
    expect(body.error.details[0]?.path).toBe("/next".repeat(depth - 1) + "/x");
    expect(body.error.details.every((v) => v.keyword === "unknown")).toBe(true);
  });

  it("lists at most MAX_LISTED_VIOLATIONS of many short-pathed violations", async () => {
    const engine = createMockEngine(api);
    const token = await issueToken(engine);
    const members = Array.from({ length: 150 }, (_, i) => `"u${i}":0`);
    const outcome = await engine.handle(
      opRequest(engine, "deep", `{${members.join(",")}}`, token),
    );
    if (outcome.kind !== "response") throw new Error(outcome.kind);
    const body = (await outcome.response.json()) as {
      error: { message: string; details: { path: string }[] };
    };
    expect(body.error.message).toBe(
      `Request body has 150 schema violation(s); the first ${MAX_LISTED_VIOLATIONS} are listed`,
    );
    expect(body.error.details.map((v) => v.path)).toEqual(
      members.slice(0, MAX_LISTED_VIOLATIONS).map((_, i) => `/u${i}`),
    );
  });

  it("answers a deep body's violations in about the body's size, not a hundred times it", async () => {
    const engine = createMockEngine(api);
    const token = await issueToken(engine);
    // 100 unknown members at the bottom of 50,000 levels: each one's
    // path is 250,000 characters long.
    const bottom = Array.from({ length: 100 }, (_, i) => `"u${i}":0`);
    const text = nested(50_000, "", bottom.join(","));
    const outcome = await engine.handle(opRequest(engine, "deep", text, token));
    if (outcome.kind !== "response") throw new Error(outcome.kind);
    expect(outcome.response.status).toBe(400);
    const answer = await outcome.response.text();
    expect(answer.length).toBeLessThan(text.length);
    const body = JSON.parse(answer) as {
      error: { message: string; details: { path: string }[] };
    };
    expect(body.error.message).toBe(
      "Request body has 100 schema violation(s); the first 1 are listed",
    );
    expect(body.error.details[0]?.path).toBe(
      "/next".repeat(50_000 - 1) + "/u0",
    );
  });

  it("lists every violation when there are few, without the note", async () => {
    const engine = createMockEngine(api);
    const token = await issueToken(engine);
    const outcome = await engine.handle(
      opRequest(engine, "deep", { tag: 1, y: 2 }, token),
    );
    if (outcome.kind !== "response") throw new Error(outcome.kind);
    const body = (await outcome.response.json()) as {
      error: { message: string; details: unknown[] };
    };
    expect(body.error.message).toBe("Request body has 2 schema violation(s)");
    expect(body.error.details).toHaveLength(2);
  });
});

describe("a valid deep body", () => {
  const text = nested(100_000, "", '"tag":"ok"');

  it("canonicalises without recursion (the text is already canonical)", () => {
    expect(canonicalJson(JSON.parse(text) as JsonValue)).toBe(text);
    expect(canonicalJson({ b: [1, { d: null, c: "x" }], a: {} })).toBe(
      '{"a":{},"b":[1,{"c":"x","d":null}]}',
    );
  });

  it("gets 200 and a sample from the engine, not 500 mock_error", async () => {
    const engine = createMockEngine(api);
    const token = await issueToken(engine);
    const answers: string[] = [];
    for (let i = 0; i < 2; i++) {
      const outcome = await engine.handle(
        opRequest(engine, "deep", text, token),
      );
      if (outcome.kind !== "response") throw new Error(outcome.kind);
      expect(outcome.response.status).toBe(200);
      answers.push(await outcome.response.text());
    }
    const answer = JSON.parse(answers[0] as string) as JsonValue;
    expect(validateValue(answer, root, schemaLookup(schemas))).toEqual([]);
    // The same body seeds the same answer.
    expect(answers[1]).toBe(answers[0]);
  });
});
