/**
 * The JSON printer: random documents are printed as JSON.stringify prints
 * them (and prettier's `json-stringify` parser, as for a package.json),
 * read back as themselves, and members printed once splice in place.
 */
import fc from "fast-check";
import * as prettier from "prettier";
import { describe, expect, it } from "vitest";
import {
  jsonFile,
  jsonFileOf,
  jsonMember,
} from "../../../src/render/code/json.js";
import type { JsonObject, JsonValue } from "../../../src/runtime/json.js";

const text = fc.oneof(
  { weight: 4, arbitrary: fc.string({ maxLength: 12 }) },
  { weight: 2, arbitrary: fc.string({ unit: "grapheme", maxLength: 30 }) },
  {
    weight: 1,
    arbitrary: fc.string({
      unit: fc.constantFrom("a", " ", "名", "\\", '"', "\n", "😀", "\u2028"),
      maxLength: 60,
    }),
  },
  {
    weight: 1,
    arbitrary: fc
      .integer({ min: 40, max: 120 })
      .map((length) => "w".repeat(length)),
  },
);

const number = fc.oneof(
  fc.integer({ min: -1000, max: 100_000 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(-0, 1e21, 1e-7, 0.1, 123456789012),
);

const json: fc.Arbitrary<JsonValue> = fc.letrec<{ value: JsonValue }>(
  (tie) => ({
    value: fc.oneof(
      { depthSize: "small" },
      text,
      number,
      fc.boolean(),
      fc.constant(null),
      fc.array(tie("value"), { maxLength: 5 }),
      fc.array(number, { minLength: 2, maxLength: 40 }),
      fc.array(text, { maxLength: 8 }),
      fc.dictionary(text, tie("value"), { maxKeys: 4 }),
    ),
  }),
).value;

describe("jsonFile", () => {
  it("prints what JSON.stringify and prettier's json-stringify print, for random documents", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(text, json, { maxKeys: 5 }),
        async (document) => {
          const ours = jsonFile(document);
          expect(ours).toBe(`${JSON.stringify(document, null, 2)}\n`);
          expect(ours).toBe(
            await prettier.format(ours, { parser: "json-stringify" }),
          );
          expect(JSON.parse(ours)).toEqual(
            JSON.parse(JSON.stringify(document)),
          );
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("jsonFileOf", () => {
  const members = fc.uniqueArray(
    fc.tuple(text, fc.dictionary(text, json, { minKeys: 1, maxKeys: 4 })),
    { selector: ([key]) => key, maxLength: 4 },
  );

  it("splices members printed once into the file jsonFile prints for the whole value", () => {
    fc.assert(
      fc.property(
        fc.dictionary(text, json, { maxKeys: 3 }),
        members,
        fc.dictionary(text, json, { maxKeys: 2 }),
        (head, entries, tail) => {
          // The spliced object sits two objects deep, as components.schemas does.
          const printed = entries.map(([key, value]) =>
            jsonMember(key, value as JsonObject, 3),
          );
          const whole = {
            ...head,
            components: { schemas: Object.fromEntries(entries) },
            ...tail,
          } as JsonValue;
          const spliced = jsonFileOf((spliceIn) => ({
            ...head,
            components: { schemas: spliceIn(printed) },
            ...tail,
          }));
          expect(spliced).toBe(jsonFile(whole));
        },
      ),
      { numRuns: 300 },
    );
  });

  it("prints spec text that looks like its placeholder as itself", () => {
    const lookalike = "\u0000remitgen-json-members 0\u0000";
    // After the real placeholder, the next one's number: a placeholder for members that do not exist.
    const nextOne = "\u0000remitgen-json-members 1\u0000";
    const printed = [jsonMember("a", { b: [1, 2] }, 2)];
    for (const value of [
      { x: lookalike },
      { [lookalike]: 1 },
      { list: [lookalike] },
      { x: nextOne },
    ]) {
      for (const before of [value, {}]) {
        const build = (
          spliceIn: (members: typeof printed) => JsonValue,
        ): JsonValue => ({ before, holder: spliceIn(printed), after: value });
        const whole = { before, holder: { a: { b: [1, 2] } }, after: value };
        expect(jsonFileOf(build)).toBe(jsonFile(whole));
        expect(JSON.parse(jsonFileOf(build))).toEqual(whole);
      }
    }
  });

  it("prints members printed for another depth where they stand, and refuses an empty object, whose layout depends on where it stands", () => {
    const member = jsonMember("a", { b: [1, 2] }, 3);
    expect(jsonFileOf((spliceIn) => ({ holder: spliceIn([member]) }))).toBe(
      jsonFile({ holder: { a: { b: [1, 2] } } }),
    );
    expect(() => jsonMember("a", {}, 2)).toThrow(/empty object/);
  });
});

describe("bidirectional controls (Trojan Source)", () => {
  const controls = [
    0x061c, 0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066,
    0x2067, 0x2068, 0x2069,
  ].map((code) => String.fromCharCode(code));
  const raw = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;
  const value: JsonObject = Object.fromEntries(
    controls.map((char, index) => [
      `key ${char} ${index}`,
      [`admin${char}user`, { [char]: `${char}x` }],
    ]),
  );

  it("are written as \\u escapes by every JSON door, and read back as themselves", async () => {
    const printed = {
      jsonFile: jsonFile(value),
      jsonFileOf: jsonFileOf((members) => ({
        components: members([jsonMember("schemas", value, 1)]),
      })),
    };
    for (const [door, text] of Object.entries(printed)) {
      expect(raw.exec(text)?.[0], door).toBeUndefined();
      for (const char of controls)
        expect(text, door).toContain(
          `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`,
        );
    }
    expect(JSON.parse(printed.jsonFile)).toEqual(value);
    expect(JSON.parse(printed.jsonFileOf)).toEqual({
      components: { schemas: value },
    });
    // Laid out as prettier lays out the escaped text.
    expect(
      await prettier.format(printed.jsonFile, { parser: "json-stringify" }),
    ).toBe(printed.jsonFile);
  });
});
