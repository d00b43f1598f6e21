/**
 * diffSets() as a build script calls it: an unknown set id is a UsageError
 * with a code and a suggestion, as on the command line.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { UsageError } from "../../src/diagnostics/diagnostic.js";
import { diffSets, formatDiff } from "../../src/diff.js";
import type { Model } from "../../src/model/types.js";
import { checkSpecText, loadSpec } from "../../src/check-spec.js";
import { repoRoot, repoSpec } from "./support.js";

const httpSpec = join(repoRoot, "test/fixtures/http-api.yaml");

/** The HTTP fixture with each edit applied, every one of which must match once. */
function httpModel(...edits: [string, string][]): Model {
  let text = readFileSync(httpSpec, "utf8");
  for (const [from, to] of edits) {
    expect(text.split(from)).toHaveLength(2);
    text = text.replace(from, to);
  }
  const result = checkSpecText(text, "http-api.yaml");
  if (!result.ok) throw new Error(result.formatted);
  return result.model;
}

/** The texts of a diff's changes to one operation, breaking ones marked `!`. */
function changesOf(
  diff: ReturnType<typeof diffSets>,
  operation: string,
): string[] {
  return diff.changes
    .filter((change) => change.operation === operation)
    .map((change) => `${change.breaking ? "!" : "~"} ${change.text}`);
}

describe("diffSets", () => {
  it("lists what v3 adds to V1", async () => {
    const diff = diffSets(await loadSpec(repoSpec), "V1", "v3");
    expect(diff).toMatchObject({ from: "V1", to: "v3", removed: [] });
    expect(diff.added).toHaveLength(3);
  });

  it("refuses an unknown set with UsageError RG091 and the closest id", async () => {
    const model = await loadSpec(repoSpec);
    for (const [from, to, unknown] of [
      ["v33", "v3", "v33"],
      ["V1", "v3x", "v3x"],
    ] as const) {
      let error: unknown;
      try {
        diffSets(model, from, to);
      } catch (failure) {
        error = failure;
      }
      expect(error).toBeInstanceOf(UsageError);
      expect(error).toMatchObject({ code: "RG091" });
      expect((error as UsageError).message).toContain(
        `unknown set "${unknown}"`,
      );
      expect((error as UsageError).hint).toContain('did you mean "v3"?');
    }
  });
});

describe("diffSets called from JavaScript with arguments of the wrong type", () => {
  const thrown = (run: () => unknown): unknown => {
    try {
      run();
    } catch (error) {
      return error;
    }
    return undefined;
  };

  it("refuses what is no model (undefined, a spec path) with RG092, not a TypeError", () => {
    for (const model of [undefined, "spec/remittance.yaml", {}]) {
      const error = thrown(() =>
        diffSets(model as unknown as Model, "V1", "v3"),
      );
      expect(error).toBeInstanceOf(UsageError);
      expect(error).toMatchObject({ code: "RG092" });
      expect((error as UsageError).message).toMatch(
        /^diffSets: model must be a model from loadSpec, not /,
      );
      expect((error as UsageError).hint).toContain("await loadSpec(");
    }
  });

  it("refuses a set id that is no string with RG092", async () => {
    const model = await loadSpec(repoSpec);
    for (const [from, to, name] of [
      [3, "v3", "fromId"],
      ["V1", undefined, "toId"],
    ] as const) {
      const error = thrown(() =>
        diffSets(model, from as unknown as string, to as unknown as string),
      );
      expect(error).toBeInstanceOf(UsageError);
      expect(error).toMatchObject({ code: "RG092" });
      expect((error as UsageError).message).toMatch(
        new RegExp(`^diffSets: ${name} must be a string, not `),
      );
    }
  });
});

describe("diffSets across two versions of a spec", () => {
  const before = httpModel();

  it("finds nothing between a spec and itself", () => {
    const diff = diffSets(before, "v1", "v1", httpModel());
    expect(diff.changes).toEqual([]);
    expect(diff.planChanges).toEqual([]);
    expect(diff.breaking).toBe(false);
    expect(formatDiff(diff)).toBe(
      "v1 -> v1\n  (same operations)\nNo breaking changes.",
    );
  });

  it("reports a method or path change as breaking", () => {
    const after = httpModel([
      "    method: DELETE\n    path: /payments/{paymentId}\n",
      "    method: POST\n    path: /payments/{paymentId}/cancel\n    request: false\n",
    ]);
    expect(
      changesOf(diffSets(before, "v1", "v1", after), "cancel_payment"),
    ).toEqual([
      "! method DELETE -> POST",
      "! path /payments/{paymentId} -> /payments/{paymentId}/cancel",
    ]);
  });

  it("tells parameters added, removed, newly required or retyped, and which break", () => {
    const after = httpModel(
      [
        "      - name: limit\n        in: query\n",
        "      - name: limit\n        in: query\n        required: true\n",
      ],
      [
        "      - name: X-Request-Id\n        in: header\n        description: Echoed back in the answer, for tracing.\n        schema: { type: string, format: uuid }\n",
        "      - name: cursor\n        in: query\n        schema: { type: string }\n",
      ],
      [
        "      - { name: paymentId, in: path, schema: PaymentId }\n    request: PaymentUpdate\n",
        "      - { name: paymentId, in: path, schema: { type: integer } }\n    request: PaymentUpdate\n",
      ],
    );
    const diff = diffSets(before, "v2", "v2", after);
    expect(changesOf(diff, "list_payments")).toEqual([
      "! query parameter limit now required",
      "! header parameter X-Request-Id removed",
      "~ query parameter cursor added",
    ]);
    expect(changesOf(diff, "update_payment")).toEqual([
      "! path parameter paymentId type changed",
    ]);
  });

  it("judges body changes by direction: a new required member breaks what is sent, a removed one what is read", () => {
    const after = httpModel(
      [
        "      card: { type: string, description: A card token., required: true }\n",
        "      card: { type: string, description: A card token., required: true }\n      customer: { type: string, required: true }\n",
      ],
      [
        "      description: { type: string }\n      metadata: { $ref: Metadata }\n",
        "      metadata: { $ref: Metadata }\n      receipt: { type: string }\n",
      ],
      [
        "      orderId: { type: string }\n",
        "      orderId: { type: string }\n      note: { type: string }\n",
      ],
    );
    const diff = diffSets(before, "v2", "v2", after);
    expect(changesOf(diff, "create_payment")).toEqual([
      "! request body changed: member customer added (required)",
      "! response body changed: member description removed",
    ]);
    // Inside an array too; and a new optional member sent breaks nothing.
    expect(changesOf(diff, "list_payments")).toEqual([
      "! response body changed: member payments[].description removed",
    ]);
    expect(changesOf(diff, "replace_metadata")).toEqual([
      "~ request body changed",
    ]);
  });

  it("reports bodies that appear or go, and statuses added or removed, which break nothing", () => {
    const after = httpModel(
      [
        "    request: false\n    response: Payment\n",
        "    response: Payment\n",
      ],
      [
        "      - status: 204\n        description: The payment was cancelled.\n",
        "      - status: 200\n        description: The payment was cancelled.\n        schema: Payment\n",
      ],
      [
        "      - status: 409\n        description: The payment is captured already.\n        schema: Problem\n",
        "      - status: 410\n        description: The payment is gone.\n        schema: Problem\n",
      ],
    );
    expect(
      changesOf(diffSets(before, "v2", "v2", after), "capture_payment"),
    ).toEqual(["! request body none -> not shown"]);
    expect(
      changesOf(diffSets(before, "v1", "v1", after), "cancel_payment"),
    ).toEqual([
      "! response body none -> a schema",
      "~ success status 200 added",
      "~ success status 204 removed",
      "~ error status 410 added",
      "~ error status 409 removed",
    ]);
  });

  it("reports auth: another scheme or key name breaks, an operation that needs credentials now breaks", () => {
    const after = httpModel(
      ["  name: X-API-Key\n", "  name: X-Api-Token\n"],
      [
        "    summary: Whether the API is up.\n    auth: none\n",
        "    summary: Whether the API is up.\n",
      ],
    );
    const diff = diffSets(before, "v1", "v1", after);
    expect(
      diff.changes.filter((change) => change.operation === undefined),
    ).toEqual([
      {
        text: "auth api-key (header X-API-Key) -> api-key (header X-Api-Token)",
        breaking: true,
      },
    ]);
    expect(changesOf(diff, "get_health")).toEqual(["! now sends credentials"]);
    const open = diffSets(after, "v1", "v1", before);
    expect(changesOf(open, "get_health")).toEqual([
      "~ sends no credentials any more",
    ]);
  });

  it("reports a plan that appears (breaking: an old client does not keep to it) or goes", () => {
    const diff = diffSets(before, "v1", "v2");
    expect(diff.planChanges).toContainEqual({
      field: "plan",
      from: "none",
      to: "standard",
      breaking: true,
    });
    expect(diff.breaking).toBe(true);
    const back = diffSets(before, "v2", "v1");
    expect(back.planChanges).toContainEqual({
      field: "plan",
      from: "standard",
      to: "none",
      breaking: false,
    });
    expect(formatDiff(diff).split("\n")).toEqual([
      "v1 -> v2",
      "+ update_payment",
      "+ replace_metadata",
      "+ capture_payment",
      "- cancel_payment (breaking)",
      "! plan: none -> standard (breaking)",
      "~ rate limit: none -> 100 per second",
      "~ cost: none -> Included",
      "~ version: 1.0.0 -> 2.0.0",
      "2 breaking changes.",
    ]);
  });
});
