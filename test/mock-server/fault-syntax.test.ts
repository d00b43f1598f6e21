/**
 * The fault syntax shared by `remitgen mock --fault` and
 * `POST /@remitgen/faults`: each kind and parameter, and each refusal as
 * RG092 naming the option with a hint listing what it takes.
 */
import { describe, expect, it } from "vitest";
import { UsageError } from "../../src/diagnostics/diagnostic.js";
import { parseFault } from "../../src/mock-server/fault-syntax.js";

const targets = {
  setId: "v3",
  operations: ["send_txns", "get_transaction_status"],
};

function refusal(text: string, allowNone = false): UsageError {
  try {
    parseFault(text, "--fault", targets, allowNone);
  } catch (error) {
    if (error instanceof UsageError) return error;
    throw error;
  }
  throw new Error(`${text} was taken`);
}

describe("parseFault", () => {
  it.each([
    ["send_txns=timeout", { fault: { kind: "timeout" } }],
    ["send_txns=drop", { fault: { kind: "drop" } }],
    [
      "send_txns=applied-then-drop,times=1",
      { fault: { kind: "applied-then-drop" }, faultTimes: 1 },
    ],
    [
      "send_txns=status:503",
      { fault: { kind: "status", status: 503, applied: false } },
    ],
    // A 2xx is carried out, as the engine's default and the README say.
    [
      "send_txns=status:201",
      { fault: { kind: "status", status: 201, applied: true } },
    ],
    [
      "send_txns=applied-status:500,retry-after=0,times=2",
      {
        fault: {
          kind: "status",
          status: 500,
          applied: true,
          retryAfterSeconds: 0,
        },
        faultTimes: 2,
      },
    ],
  ])("%s", (text, override) => {
    expect(parseFault(text, "--fault", targets)).toEqual({
      operation: "send_txns",
      text,
      override,
    });
  });

  it("takes <operation>=none (remove) only where allowed", () => {
    expect(parseFault("send_txns=none", "the fault", targets, true)).toEqual({
      operation: "send_txns",
      text: "send_txns=none",
      override: undefined,
    });
    expect(refusal("send_txns=none").message).toContain("a known kind");
    // Removing takes no parameters: "none,times=3" is not read as "none".
    const withParams = refusal("send_txns=none,times=3", true);
    expect(withParams.code).toBe("RG092");
    expect(withParams.message).toBe(
      '--fault must be <operation>=none, with no parameters, not "send_txns=none,times=3"\n  hint: none removes the operation\'s fault, all of it: send send_txns=none',
    );
  });

  it("checks only the form without targets (the command line, before the spec is read)", () => {
    expect(parseFault("anything=drop", "--fault").operation).toBe("anything");
  });

  it.each([
    [
      "send_txns",
      '--fault must be <operation>=<kind>[,times=<n>][,retry-after=<seconds>], not "send_txns"',
      "name an operation and a kind, e.g. --fault send_txns=applied-then-drop; kinds: timeout, drop, applied-then-drop, status:<code>, applied-status:<code>",
    ],
    [
      "=drop",
      '--fault must be <operation>=<kind>[,times=<n>][,retry-after=<seconds>], not "=drop"',
      "name an operation and a kind, e.g. --fault send_txns=applied-then-drop; kinds: timeout, drop, applied-then-drop, status:<code>, applied-status:<code>",
    ],
    [
      "send_txns=dorp",
      '--fault must be <operation>=<kind>[,times=<n>][,retry-after=<seconds>] with a known kind, not "send_txns=dorp"',
      "did you mean drop? Kinds: timeout, drop, applied-then-drop, status:<code>, applied-status:<code>",
    ],
    [
      "send_txns=status:99",
      '--fault must be <operation>=<kind>[,times=<n>][,retry-after=<seconds>] with a status from 200 to 599, not "send_txns=status:99"',
      "e.g. --fault send_txns=status:503; applied-status:500 records the call as carried out before the answer",
    ],
    [
      "send_txns=status:",
      '--fault must be <operation>=<kind>[,times=<n>][,retry-after=<seconds>] with a known kind, not "send_txns=status:"',
      "did you mean status? Kinds: timeout, drop, applied-then-drop, status:<code>, applied-status:<code>",
    ],
    [
      "send_txns=drop,times=0",
      '--fault must be <operation>=<kind>[,times=<n>][,retry-after=<seconds>] with times from 1 to 999999999, not "send_txns=drop,times=0"',
      "e.g. --fault send_txns=drop,times=1 for the first call only; leave times out for every call",
    ],
    [
      "send_txns=drop,retry-after=5",
      '--fault must be <operation>=<kind>[,times=<n>][,retry-after=<seconds>] with retry-after only after a status, not "send_txns=drop,retry-after=5"',
      "e.g. --fault send_txns=status:503,retry-after=5",
    ],
    [
      "send_txns=status:429,retry-after=soon",
      '--fault must be <operation>=<kind>[,times=<n>][,retry-after=<seconds>] with retry-after in whole seconds from 0 to 2147483, not "send_txns=status:429,retry-after=soon"',
      "e.g. --fault send_txns=status:429,retry-after=5",
    ],
    [
      "send_txns=drop,times=1,times=2",
      '--fault must be <operation>=<kind>[,times=<n>][,retry-after=<seconds>], each parameter once, not "send_txns=drop,times=1,times=2"',
      "the parameters after the kind are times=<n> (the first n calls only) and retry-after=<seconds> (with a status)",
    ],
    // A value is all that follows its "=": "1=5" is no count.
    [
      "send_txns=drop,times=1=5",
      '--fault must be <operation>=<kind>[,times=<n>][,retry-after=<seconds>] with times from 1 to 999999999, not "send_txns=drop,times=1=5"',
      "e.g. --fault send_txns=drop,times=1 for the first call only; leave times out for every call",
    ],
    [
      "send_txns=status:503,retry-after=5=9",
      '--fault must be <operation>=<kind>[,times=<n>][,retry-after=<seconds>] with retry-after in whole seconds from 0 to 2147483, not "send_txns=status:503,retry-after=5=9"',
      "e.g. --fault send_txns=status:503,retry-after=5",
    ],
    [
      "send_txn=drop",
      '--fault names "send_txn": set "v3" has no such operation',
      'did you mean "send_txns"? Operations: send_txns, get_transaction_status',
    ],
  ])("refuses %j: RG092 with a hint", (text, message, hint) => {
    const error = refusal(text);
    expect(error.code).toBe("RG092");
    expect(error.message).toBe(`${message}\n  hint: ${hint}`);
  });
});
