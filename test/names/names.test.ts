/**
 * Every generated name comes from src/names/names.ts: the bank's twelve
 * operations, and names no bank should send but a spec may hold.
 */
import { readFileSync } from "node:fs";
import fc from "fast-check";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import {
  camelCase,
  closest,
  hashName,
  isPackageNamePart,
  kebabCase,
  operationMethodName,
  operationNames,
  pascalCase,
  schemaTypeName,
  setNames,
  splitWords,
} from "../../src/names/names.js";

/** A name JavaScript accepts as a binding in strict-mode module code. */
function isBindable(name: string): boolean {
  if (!/^[\p{ID_Start}$_][\p{ID_Continue}$\u200c\u200d]*$/u.test(name))
    return false;
  try {
    new Function(`"use strict"; let ${name} = 1; return ${name};`);
    return true;
  } catch {
    return false;
  }
}

/** Names the generated code must never declare or shadow. */
const forbidden = new Set([
  ...Object.getOwnPropertyNames(Object.prototype),
  "delete",
  "default",
  "class",
  "await",
  "yield",
  "let",
  "enum",
  "createClient",
  "Promise",
]);

const safeFile = /^[a-z0-9][a-z0-9-]*$/;

describe("the bank's twelve operations", () => {
  const expected: readonly (readonly [string, string, string])[] = [
    ["get_acct_title", "getAcctTitle", "get-acct-title.md"],
    [
      "send_online_fundsTransfer",
      "sendOnlineFundsTransfer",
      "send-online-funds-transfer.md",
    ],
    [
      "send_online_fundsTransfer_V1",
      "sendOnlineFundsTransferV1",
      "send-online-funds-transfer-v1.md",
    ],
    [
      "get_agent_accnt_balance",
      "getAgentAccntBalance",
      "get-agent-accnt-balance.md",
    ],
    [
      "get_transaction_status",
      "getTransactionStatus",
      "get-transaction-status.md",
    ],
    ["send_txns", "sendTxns", "send-txns.md"],
    ["send_txns_V1", "sendTxnsV1", "send-txns-v1.md"],
    [
      "send_online_fundsTransfer_B2C",
      "sendOnlineFundsTransferB2C",
      "send-online-funds-transfer-b2c.md",
    ],
    ["send_txns_B2C", "sendTxnsB2C", "send-txns-b2c.md"],
    ["TestingMethod", "testingMethod", "testing-method.md"],
    [
      "Transaction_Status_cancelled",
      "transactionStatusCancelled",
      "transaction-status-cancelled.md",
    ],
    [
      "Update_Name_Amendment",
      "updateNameAmendment",
      "update-name-amendment.md",
    ],
  ];

  it.each(expected)("%s -> %s, %s", (id, method, docFile) => {
    const names = operationNames(id);
    expect(names.method).toBe(method);
    expect(operationMethodName(id)).toBe(method);
    const type = method.charAt(0).toUpperCase() + method.slice(1);
    expect(names.requestType).toBe(`${type}Request`);
    expect(names.responseType).toBe(`${type}Response`);
    expect(names.docFile).toBe(docFile);
  });

  it("gives twelve distinct names of every kind", () => {
    for (const kind of [
      "method",
      "requestType",
      "responseType",
      "docFile",
    ] as const) {
      const all = expected.map(([id]) =>
        operationNames(id)[kind].toLowerCase(),
      );
      expect(new Set(all).size, kind).toBe(12);
    }
  });
});

describe("words and casing", () => {
  it("splits at separators and case changes, keeping V1 and B2C whole", () => {
    expect(splitWords("send_online_fundsTransfer_B2C")).toEqual([
      "send",
      "online",
      "funds",
      "Transfer",
      "B2C",
    ]);
    expect(splitWords("send_txns_V1")).toEqual(["send", "txns", "V1"]);
    expect(splitWords("URLLookup")).toEqual(["URL", "Lookup"]);
    expect(splitWords("--")).toEqual([]);
  });

  it("splits ASCII names as the Unicode rules do (the ASCII patterns are a shortcut)", () => {
    // "é" forces the Unicode patterns; it is a word of its own after a separator.
    const viaUnicode = (text: string): string[] =>
      splitWords(`${text}_é`).slice(0, -1);
    fc.assert(
      fc.property(
        fc.string({
          unit: fc.constantFrom(
            "a",
            "b",
            "Z",
            "Q",
            "1",
            "0",
            "_",
            "-",
            " ",
            ".",
            "V",
            "B",
            "2",
            "C",
            "x",
            "$",
          ),
          maxLength: 24,
        }),
        (text) => {
          expect(splitWords(text)).toEqual(viaUnicode(text));
        },
      ),
      { numRuns: 2000 },
    );
    fc.assert(
      fc.property(
        fc.string({ unit: "binary-ascii", maxLength: 24 }),
        (text) => {
          expect(splitWords(text)).toEqual(viaUnicode(text));
        },
      ),
      { numRuns: 1000 },
    );
  });

  it("camel-, pascal- and kebab-cases", () => {
    expect(camelCase("Transaction_Status_cancelled")).toBe(
      "transactionStatusCancelled",
    );
    expect(camelCase("B2C_send")).toBe("b2cSend");
    expect(pascalCase("get_acct_title")).toBe("GetAcctTitle");
    expect(kebabCase("send_online_fundsTransfer")).toBe(
      "send-online-funds-transfer",
    );
    expect(camelCase("!!")).toBe("");
  });

  it("splits a name of a million words (a 2 MB explicit key) without overflowing the stack", () => {
    const words = splitWords(`x${"aA".repeat(1_000_000)}1`);
    expect(words).toHaveLength(1_000_001);
    expect(words.slice(0, 3)).toEqual(["xa", "Aa", "Aa"]);
    expect(words.at(-1)).toBe("A1");
    expect(pascalCase("aA".repeat(1_000_000))).toBe(
      `A${"Aa".repeat(999_999)}A`,
    );
    expect(splitWords(`é${"aÉ".repeat(1_000_000)}`)).toHaveLength(1_000_001);
  });
});

describe("reserved and inherited names", () => {
  it.each([
    ["delete", "deleteOperation"],
    ["default", "defaultOperation"],
    ["constructor", "constructorOperation"],
    ["toString", "toStringOperation"],
    ["__proto__", "proto"],
    ["class", "classOperation"],
    ["await", "awaitOperation"],
    ["createClient", "createClientOperation"],
  ])("operation %s becomes method %s", (id, method) => {
    expect(operationMethodName(id)).toBe(method);
    expect(isBindable(method)).toBe(true);
    expect(forbidden.has(method)).toBe(false);
  });

  it("suffixes schema type names that would shadow globals or the runtime", () => {
    expect(schemaTypeName("promise")).toBe("PromiseSchema");
    expect(schemaTypeName("Error")).toBe("ErrorSchema");
    expect(schemaTypeName("ApiError")).toBe("ApiErrorSchema");
    expect(schemaTypeName("account")).toBe("Account");
  });

  it("gives no schema or operation a name a package's root already exports", () => {
    // Read from a generated package's index: a name added to its exports
    // and not to the reserved list would let a schema shadow it.
    const index = readFileSync(
      new URL("../../generated/v3/dist/index.d.ts", import.meta.url),
      "utf8",
    );
    const exported = [...index.matchAll(/export (?:type )?\{([^}]*)\}/g)]
      .flatMap((match) => match[1]!.split(","))
      .map((name) =>
        name
          .trim()
          .split(/\s+as\s+/)
          .pop()!,
      )
      // The client's type is named after the package: the rules refuse a
      // schema or operation that generates it (RG022).
      .filter((name) => name !== "" && name !== "RemittanceClient");
    expect(exported).toEqual(
      expect.arrayContaining([
        "Clock",
        "OperationDescriptor",
        "ClientErrorCode",
      ]),
    );
    for (const name of exported) {
      expect(schemaTypeName(name)).not.toBe(name);
      expect(operationMethodName(name)).not.toBe(name);
    }
  });

  it("keeps `__proto__` and `constructor` out of file names' way", () => {
    expect(operationNames("__proto__").docFile).toBe("proto.md");
    expect(operationNames("constructor").docFile).toBe("constructor.md");
  });

  it("leaves the schemas page's file name to it", () => {
    expect(operationNames("schemas").docFile).toBe("schemas-op.md");
    expect(operationNames("SCHEMAS").docFile).toBe("schemas-op.md");
    expect(operationNames("list_schemas").docFile).toBe("list-schemas.md");
  });
});

describe("odd names", () => {
  it("prefixes a leading digit", () => {
    expect(operationMethodName("1st_transfer")).toBe("_1stTransfer");
    expect(operationNames("1st_transfer").requestType).toBe(
      "_1stTransferRequest",
    );
    expect(operationMethodName("123")).toBe("_123");
    expect(schemaTypeName("2fa_code")).toBe("_2faCode");
    expect(operationNames("123").docFile).toBe("123.md");
  });

  it("keeps non-ASCII letters in identifiers and spells them out in file names", () => {
    expect(operationMethodName("Überweisung_prüfen")).toBe("überweisungPrüfen");
    expect(operationNames("转账").method).toBe("转账");
    expect(operationNames("überweisung").docFile).toBe("ufcberweisung.md");
    expect(operationNames("转账").docFile).toBe("u8f6cu8d26.md");
    for (const id of [
      "Überweisung_prüfen",
      "转账",
      "ταχυδρομείο",
      "перевод_денег",
    ]) {
      const names = operationNames(id);
      expect(isBindable(names.method), id).toBe(true);
      expect(names.docFile, id).toMatch(/^[a-z0-9-]+\.md$/);
    }
  });

  it("names a spec name alike however its accents are encoded (composed or decomposed)", () => {
    // "é" as one character (NFC, most keyboards) or as "e" and U+0301 (NFD,
    // macOS file names pasted in): one name, not two that look alike.
    for (const [composed, decomposed] of [
      ["caf\u00e9_\u00fcberweisung", "cafe\u0301_u\u0308berweisung"],
      ["\u1e9b\u0323", "\u017f\u0323\u0307"],
      ["\ud55c\uae00", "\u1112\u1161\u11ab\u1100\u1173\u11af"],
    ] as const) {
      expect(operationNames(decomposed), decomposed).toEqual(
        operationNames(composed),
      );
      expect(schemaTypeName(decomposed)).toBe(schemaTypeName(composed));
      expect(setNames(decomposed, "s", "p")).toEqual(
        setNames(composed, "s", "p"),
      );
    }
    expect(operationNames("cafe\u0301").method).toBe("caf\u00e9");
    expect(operationNames("cafe\u0301").docFile).toBe("cafue9.md");
  });

  it("drops marks JavaScript does not allow in identifiers, and never starts with a mark", () => {
    // U+20DD COMBINING ENCLOSING CIRCLE is a mark but not an identifier
    // character: like any character that is not one, it splits words.
    expect(operationMethodName("a\u20ddb")).toBe("aB");
    const leadingMark = operationMethodName("\u0301abc");
    expect(isBindable(leadingMark)).toBe(true);
  });

  it("names empty and symbol-only names by a hash, distinct from each other", () => {
    const names = ["", "___", "!!!", "$$$", "  "].map((id) =>
      operationNames(id),
    );
    for (const name of names) {
      expect(name.method).toMatch(/^u[0-9a-f]{8}$/);
      expect(isBindable(name.method)).toBe(true);
      expect(name.docFile).toMatch(/^u[0-9a-f]{8}\.md$/);
    }
    expect(new Set(names.map((name) => name.method)).size).toBe(names.length);
    expect(operationMethodName("")).toBe(`u${hashName("")}`);
  });

  it("keeps file names of 10,000-character names within 80 characters, and distinct", () => {
    const ids = [
      "a".repeat(10_000),
      `${"a".repeat(9_999)}b`,
      `b${"a".repeat(9_999)}`,
      "x_".repeat(5_000),
    ];
    const files = ids.map((id) => operationNames(id).docFile);
    const directories = ids.map(
      (id) => setNames(id, "remitgen", "remittance").directory,
    );
    for (const name of [...files, ...directories]) {
      expect(name.length).toBeLessThanOrEqual(80);
      expect(name).toMatch(/^[a-z0-9][a-z0-9-]*(\.md)?$/);
    }
    expect(new Set(files).size).toBe(ids.length);
    expect(new Set(directories).size).toBe(ids.length);
    // Identifiers may be long; they stay valid.
    expect(isBindable(operationMethodName(ids[0]!))).toBe(true);
    expect(operationMethodName(ids[0]!)).toHaveLength(10_000);
  });

  it("keeps names exactly 80 characters long as they are", () => {
    const id = "a".repeat(77);
    expect(operationNames(id).docFile).toBe(`${id}.md`);
    expect(setNames("b".repeat(80), "s", "p").directory).toBe("b".repeat(80));
    expect(setNames("b".repeat(81), "s", "p").directory).toHaveLength(80);
  });

  it("avoids Windows device names", () => {
    expect(operationNames("con").docFile).toBe("con-op.md");
    expect(operationNames("AUX").docFile).toBe("aux-op.md");
    expect(setNames("com1", "s", "p").directory).toBe("com1-op");
    expect(operationNames("console").docFile).toBe("console.md");
  });

  it("any text gives bindable identifiers and safe, short file names", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 200 }), (id) => {
        const names = operationNames(id);
        expect(isBindable(names.method)).toBe(true);
        expect(isBindable(names.requestType)).toBe(true);
        expect(isBindable(schemaTypeName(id))).toBe(true);
        expect(forbidden.has(names.method)).toBe(false);
        expect(names.docFile.length).toBeLessThanOrEqual(80);
        expect(names.docFile.slice(0, -3)).toMatch(safeFile);
        const set = setNames(id, "remitgen", "remittance");
        expect(set.directory.length).toBeLessThanOrEqual(80);
        expect(set.directory).toMatch(safeFile);
      }),
      { numRuns: 300 },
    );
  });
});

describe("set directories and package names", () => {
  it("names the three sets of the spec", () => {
    expect(setNames("v1.0.1", "remitgen", "remittance")).toEqual({
      directory: "v1-0-1",
      packageName: "@remitgen/remittance-v1-0-1",
      clientType: "RemittanceClient",
    });
    expect(setNames("V1", "remitgen", "remittance").directory).toBe("v1");
    expect(setNames("v3", "remitgen", "remittance").packageName).toBe(
      "@remitgen/remittance-v3",
    );
  });

  it("gives set ids that differ only in punctuation or case the same directory (the checker reports them)", () => {
    expect(setNames("v1_0_1", "s", "p").directory).toBe("v1-0-1");
    expect(setNames("V1.0.1", "s", "p").directory).toBe("v1-0-1");
  });

  it("makes package names npm accepts", () => {
    for (const id of [
      "v1.0.1",
      "V1",
      "v3",
      "Überweisung",
      "",
      "a".repeat(500),
    ]) {
      const { packageName } = setNames(id, "remitgen", "remittance");
      const [scope, name] = packageName.slice(1).split("/");
      expect(packageName.startsWith("@")).toBe(true);
      expect(isPackageNamePart(scope!)).toBe(true);
      expect(isPackageNamePart(name!), packageName).toBe(true);
      expect(packageName.length).toBeLessThanOrEqual(214);
    }
  });

  it("checks package name parts", () => {
    expect(isPackageNamePart("remitgen")).toBe(true);
    expect(isPackageNamePart("remit-gen.v2_x")).toBe(true);
    expect(isPackageNamePart("RemitGen")).toBe(false);
    expect(isPackageNamePart("-remit")).toBe(false);
    expect(isPackageNamePart(".remit")).toBe(false);
    expect(isPackageNamePart("")).toBe(false);
    expect(isPackageNamePart("a".repeat(101))).toBe(false);
  });
});

describe("did you mean", () => {
  it("suggests the nearest name, counting a swap of neighbours as one edit", () => {
    expect(closest("sumary", ["summary", "path"])).toBe("summary");
    expect(closest("cots", ["name", "rateLimit", "cost", "note"])).toBe("cost");
    expect(closest("titel", ["title", "version"])).toBe("title");
    expect(closest("get_acct_titel", ["get_acct_title", "send_txns"])).toBe(
      "get_acct_title",
    );
    expect(closest("V3", ["v3", "V1"])).toBe("v3");
  });

  it("suggests nothing when no name is near", () => {
    expect(closest("owner", ["path", "summary", "effect"])).toBeUndefined();
    expect(closest("x", [])).toBeUndefined();
    expect(closest("a".repeat(500), ["a".repeat(499)])).toBeUndefined();
  });
});

describe("names other code looks for on any object", () => {
  it.each(["then", "toJSON"])(
    "%s is never a method or export as it is: await or JSON.stringify would call it",
    (id) => {
      expect(operationMethodName(id)).toBe(`${id}Operation`);
      expect(operationNames(id).method).toBe(`${id}Operation`);
    },
  );
});

describe("identifiers outside ASCII", () => {
  const isIdentifier = (name: string): boolean =>
    ts.isIdentifierText(name, ts.ScriptTarget.ESNext);

  it.each([
    // U+019B has an upper case only since Unicode 16 (U+A7DC), which TypeScript 5.9 does not know.
    ["get_ƛ", "getƛ", "GetƛRequest"],
    ["ɤ_lookup", "ɤLookup", "ɤLookupRequest"],
    // U+088F is a letter since Unicode 16: not portable, so it splits words.
    ["x\u088fy", "xY", "XYRequest"],
    ["çevir_ödeme", "çevirÖdeme", "ÇevirÖdemeRequest"],
    ["転送_送金", "転送送金", "転送送金Request"],
  ])(
    "%j gives names TypeScript accepts, the same on every Node",
    (id, method, requestType) => {
      const names = operationNames(id);
      expect(names.method).toBe(method);
      expect(names.requestType).toBe(requestType);
    },
  );

  it("are identifiers TypeScript accepts for any spec name (property test)", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: "grapheme", minLength: 1, maxLength: 12 }),
        (id) => {
          const names = operationNames(id);
          for (const name of [
            names.method,
            names.requestType,
            names.responseType,
            schemaTypeName(id),
          ]) {
            expect(
              isIdentifier(name),
              `${JSON.stringify(id)} -> ${JSON.stringify(name)}`,
            ).toBe(true);
          }
        },
      ),
      { numRuns: 3000 },
    );
  });
});
