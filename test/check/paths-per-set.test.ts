/**
 * One method on one path: refused when one set holds both operations,
 * allowed when no set does (an API's versions change an operation's
 * shape, and `remitgen import` writes the change as a second operation).
 */
import { describe, expect, it } from "vitest";
import { checkSpecText } from "../../src/check-spec.js";

function spec(secondSet: string): string {
  return `remitgen: 1
service:
  title: Transfers
  description: Transfers.
  baseUrl: https://api.example.com
  package: { scope: acme, name: transfers }
operations:
  send_transfer:
    method: POST
    path: /transfers/{id}
    summary: Send a transfer.
    parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
    request: false
    response: false
  send_transfer_v2:
    method: POST
    path: /transfers/{key}
    summary: Send a transfer, the second version.
    parameters: [{ name: key, in: path, required: true, schema: { type: string } }]
    request: false
    response: false
sets:
  v1:
    title: First
    version: 1.0.0
    operations: [send_transfer]
  v2:
    title: Second
    version: 2.0.0
    extends: v1
${secondSet}`;
}

describe("operations of one method and path", () => {
  it("may stand in sets that never hold both", () => {
    const result = checkSpecText(
      spec("    adds: [send_transfer_v2]\n    removes: [send_transfer]\n"),
      "spec.yaml",
    );
    expect(
      result.ok ? [] : result.diagnostics.map((each) => each.message),
    ).toEqual([]);
  });

  it("are refused where one set holds both (RG020)", () => {
    const result = checkSpecText(
      spec("    adds: [send_transfer_v2]\n"),
      "spec.yaml",
    );
    expect(
      result.ok
        ? []
        : result.diagnostics.map((each) => `${each.code} ${each.message}`),
    ).toEqual([
      'RG020 POST "/transfers/{key}" is already used by operation "send_transfer"',
    ]);
  });
});
