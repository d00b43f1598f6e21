/**
 * The spec states exactly what the seed interface states: the endpoint table
 * (paths, method, membership per set), the limits, the versions, and every
 * gap the seed marks "not shown". Read from the seed's verbatim copy in
 * `spec/seed/`, so the check runs in any checkout; where the published
 * original stands beside the checkout (`../shared/seed/`), the copy must
 * equal it.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import type { Model, OperationSetModel } from "../../src/model/types.js";
import { loadSpec } from "../../src/check-spec.js";

const repoRoot = fileURLToPath(new URL("../../", import.meta.url));
const seedPath = join(repoRoot, "spec/seed/remittance-interface.md");
const publishedPath = join(repoRoot, "../shared/seed/remittance-interface.md");
const specPath = join(repoRoot, "spec/remittance.yaml");
const seed = readFileSync(seedPath, "utf8");

describe("the seed's copy", () => {
  it("is the published interface, byte for byte, where the original stands beside the checkout", () => {
    if (existsSync(publishedPath)) {
      expect(
        seed,
        "spec/seed/ is stale: copy ../shared/seed/remittance-interface.md over it",
      ).toBe(readFileSync(publishedPath, "utf8"));
    }
    // Anywhere, the copy is the interface document, whole.
    expect(seed).toMatch(
      /^# Remittance Transfer Service Interface Specification\n/,
    );
    expect(seed.match(/^## \d+\. /gm)?.length ?? 0).toBeGreaterThanOrEqual(8);
  });
});

/** The text of a `## N. Title` section, up to the next `## `. */
function section(number: number): string {
  const start = seed.search(new RegExp(`^## ${number}\\. `, "m"));
  if (start === -1) throw new Error(`the seed has no section ${number}`);
  const rest = seed.slice(start);
  const end = rest.slice(3).search(/^## /m);
  return end === -1 ? rest : rest.slice(0, end + 3);
}

/** The first markdown table of a text: header cells and rows of cells. */
function table(text: string): { header: string[]; rows: string[][] } {
  const lines = text.split("\n").filter((line) => line.trim().startsWith("|"));
  const cells = (line: string): string[] =>
    line
      .trim()
      .replace(/^\||\|$/g, "")
      .split("|")
      .map((cell) => cell.trim());
  const [header, separator, ...rows] = lines;
  if (
    header === undefined ||
    separator === undefined ||
    !/^[|\s:-]+$/.test(separator)
  ) {
    throw new Error("no table found");
  }
  return { header: cells(header), rows: rows.map(cells) };
}

let model: Model;
beforeAll(async () => {
  model = await loadSpec(specPath, "spec/remittance.yaml");
});

const setByVersion = (version: string): OperationSetModel => {
  const found = model.sets.filter((set) => set.version === version);
  expect(found, `sets with version ${version}`).toHaveLength(1);
  return found[0]!;
};

describe("section 4: endpoints", () => {
  const endpoints = table(section(4));
  const setColumns = endpoints.header
    .map((title, index) => ({ title, index }))
    .filter(({ title }) => /^In .* set$/.test(title));

  it("the seed table has the expected shape", () => {
    expect(endpoints.header.slice(0, 2)).toEqual(["Method", "Path"]);
    expect(setColumns.map(({ title }) => title)).toEqual([
      "In v1.0.1 set",
      "In V1 1.0.0 set",
      "In v3 1.0.3 set",
    ]);
    expect(endpoints.rows).toHaveLength(12);
  });

  it("every operation has exactly the table's path, with method POST, and no other operation exists", () => {
    const tablePaths = endpoints.rows.map((row) => row[1]);
    expect(model.operations.map((operation) => operation.path)).toEqual(
      tablePaths,
    );
    for (const row of endpoints.rows) expect(row[0]).toBe("POST");
    for (const operation of model.operations) {
      expect(operation.method).toBe("POST");
      // The seed names each operation after its path.
      expect(`/${operation.id}`).toBe(operation.path);
    }
  });

  it("each set's resolved membership equals its column, row by row", () => {
    expect(setColumns).toHaveLength(model.sets.length);
    for (const { title, index } of setColumns) {
      const version = /(\d+\.\d+\.\d+)/.exec(title)?.[1];
      expect(version, title).toBeDefined();
      const set = setByVersion(version!);
      // The set id is named in the column title too: "v1.0.1", "V1", "v3".
      expect(title.split(" ")).toContain(set.id);
      const expected = endpoints.rows
        .filter((row) => row[index] === "yes")
        .map((row) => row[1]);
      const excluded = endpoints.rows
        .filter((row) => row[index] === "no")
        .map((row) => row[1]);
      expect(
        expected.length + excluded.length,
        `${title}: every cell is yes or no`,
      ).toBe(endpoints.rows.length);
      expect(
        set.operations.map((operation) => operation.path),
        title,
      ).toEqual(expected);
      for (const operation of set.operations)
        expect(operation.sets).toContain(set.id);
    }
  });

  it("each operation lists exactly the sets whose column says yes", () => {
    for (const row of endpoints.rows) {
      const operation = model.operations.find(
        (candidate) => candidate.path === row[1],
      )!;
      const yes = setColumns
        .filter(({ index }) => row[index] === "yes")
        .map(
          ({ title }) => setByVersion(/(\d+\.\d+\.\d+)/.exec(title)![1]!).id,
        );
      expect(operation.sets, row[1]).toEqual(yes);
    }
  });
});

describe("section 1: what the service does", () => {
  it("summarises each operation in the seed's words only: a name it lists, or the operation's own name, and a suffix as the seed writes one", () => {
    const listed = section(1).toLowerCase();
    for (const operation of model.operations) {
      // "Head, qualifier (suffix _X)." with the qualifier and suffix optional.
      const [, head, qualifier, suffix] =
        /^(.+?)(?:, (.+?))?(?: \((.+)\))?\.$/.exec(operation.summary) ?? [];
      expect(head, operation.summary).toBeDefined();
      const ownName = operation.id
        .replace(/_[A-Z0-9]+$/, "")
        .replace(/([a-z])([A-Z])/g, "$1 $2")
        .toLowerCase();
      expect(
        listed.includes(head!.toLowerCase()) || head!.toLowerCase() === ownName,
        `${operation.id}: "${head}"`,
      ).toBe(true);
      if (qualifier !== undefined)
        expect(listed, operation.id).toContain(qualifier.toLowerCase());
      // A suffix says what the name shows, and only that: the seed gives
      // no meaning for _V1 (and send_online_fundsTransfer_V1 is not in
      // the V1 set), so a summary must not call it a V1 variant.
      if (suffix !== undefined)
        expect(suffix, operation.id).toBe(
          `suffix ${/_[A-Za-z0-9]+$/.exec(operation.id)?.[0]}`,
        );
    }
  });
});

describe("section 8: limits", () => {
  const limits = table(section(8));

  it("states 10000 per hour for v1.0.1 and V1, 100 per hour for v3, all Free", () => {
    expect(limits.header).toEqual([
      "Operation set",
      "Plan",
      "Rate limit",
      "Cost",
    ]);
    const rows = limits.rows.map(
      ([sets = "", plan = "", rate = "", cost = ""]) => ({
        sets,
        plan,
        rate,
        cost,
      }),
    );
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      const [, count, unit] = /^(\d+) per (\w+)/.exec(row.rate)!;
      const versions = [...row.sets.matchAll(/(\d+\.\d+\.\d+)/g)].map(
        (match) => match[1]!,
      );
      expect(versions.length).toBeGreaterThan(0);
      for (const version of versions) {
        const set = setByVersion(version);
        expect(set.plan.rateLimit.limit, set.id).toBe(Number(count));
        expect(set.plan.rateLimit.unit, set.id).toBe(unit);
        expect(set.plan.rateLimit.intervalMs).toBe(3_600_000);
        expect(set.plan.cost).toBe(row.cost);
        expect(set.plan.name).toBe(row.plan);
        expect(row.rate).toContain(set.plan.note ?? "(no note)");
      }
    }
    expect(
      model.sets.map((set) => [
        set.id,
        set.plan.rateLimit.limit,
        set.plan.cost,
      ]),
    ).toEqual([
      ["v1.0.1", 10000, "Free"],
      ["V1", 10000, "Free"],
      ["v3", 100, "Free"],
    ]);
  });
});

describe("section 9: versioning", () => {
  const versions = table(section(9));
  const rowOf = (name: string): string[] =>
    versions.rows.find((row) => row[0] === name)!;

  it("states each set's title and version, and the v3 date 2023-04-10", () => {
    expect(model.sets.map((set) => [set.id, set.title, set.version])).toEqual([
      ["v1.0.1", "Remittance service, first set", "1.0.1"],
      ["V1", "Remittance service, V1 set", "1.0.0"],
      ["v3", "Remittance service, v3 set", "1.0.3"],
    ]);
    for (const set of model.sets) expect(rowOf(set.title)[1]).toBe(set.version);
    const dated = /Dated (\d{1,2}) (\w+) (\d{4})/.exec(
      rowOf("Remittance service, v3 set")[2]!,
    )!;
    const month = new Date(`${dated[2]} 1, 2000`).getMonth() + 1;
    const iso = `${dated[3]}-${String(month).padStart(2, "0")}-${dated[1]!.padStart(2, "0")}`;
    expect(iso).toBe("2023-04-10");
    expect(setByVersion("1.0.3").date).toBe(iso);
    expect(
      model.sets.filter((set) => set.date !== undefined).map((set) => set.id),
    ).toEqual(["v3"]);
  });

  it("gives the first set its extra label 1.0.0", () => {
    expect(section(9)).toContain(
      "The first-set listing also carries the label 1.0.0",
    );
    expect(setByVersion("1.0.1").labels).toEqual(["1.0.0"]);
    expect(
      model.sets.filter((set) => set.labels.length > 0).map((set) => set.id),
    ).toEqual(["v1.0.1"]);
  });

  it("builds each set as the notes say: the first set's list, then what each later set adds", () => {
    const first = setByVersion("1.0.1");
    const listed = /Operations: (.+)$/
      .exec(rowOf(first.title)[2]!)![1]!
      .split(", ");
    expect(first.extends).toBeUndefined();
    expect(first.added).toEqual(listed);
    const addsOf = (note: string): string[] =>
      /Adds (.+?) to the/
        .exec(note)![1]!
        .split(/, | and /)
        .map((name) => name.trim());
    const v1 = setByVersion("1.0.0");
    expect(v1.extends).toBe(first.id);
    expect([...v1.added].sort()).toEqual(addsOf(rowOf(v1.title)[2]!).sort());
    const v3 = setByVersion("1.0.3");
    expect(v3.extends).toBe(v1.id);
    expect([...v3.added].sort()).toEqual(addsOf(rowOf(v3.title)[2]!).sort());
    for (const set of model.sets) expect(set.removed).toEqual([]);
  });

  it("states the authorization API, version 1.0.0, at POST /oauth2/token", () => {
    expect(rowOf("Authorization API")[1]).toBe(model.auth.version);
    expect(model.auth.version).toBe("1.0.0");
    expect(model.auth.title).toBe("Authorization API");
    expect(model.auth.token).toEqual({ method: "POST", path: "/oauth2/token" });
    expect(section(5)).toContain("`POST /oauth2/token`");
    expect(model.auth.baseUrl).toBe("{auth_url}");
    expect(model.service.baseUrl).toBe("{base_url}");
  });
});

describe('every gap the seed marks "not shown"', () => {
  /** Each "not shown" sentence of the seed (by a phrase that opens it) and its key phrases. */
  const gaps: readonly {
    readonly sentence: string;
    readonly phrases: readonly string[];
  }[] = [
    {
      sentence: "What each operation does beyond its name",
      phrases: ["what each operation does beyond its name"],
    },
    {
      sentence: "Resources and their fields",
      phrases: [
        "resources and their fields",
        "no record type, field name, type or format",
      ],
    },
    {
      sentence: "States of any transaction",
      phrases: [
        "states of any transaction or other entity",
        "the transitions between them",
      ],
    },
    {
      sentence: "For every endpoint",
      phrases: [
        "request payload shape",
        "response payload shape",
        "query or header parameters",
        "status codes",
      ],
    },
    {
      sentence: "The token request fields",
      phrases: [
        "token request fields",
        "grant type",
        "credentials",
        "token response fields",
        "token lifetime",
        "how a token is presented on the operations",
      ],
    },
    {
      sentence: "Events, callbacks or notifications",
      phrases: ["events, callbacks or notifications"],
    },
    {
      sentence: "Error codes, error payload shape",
      phrases: [
        "error codes",
        "error payload shape",
        "status codes per condition",
      ],
    },
    {
      sentence: "What a limit is counted against",
      phrases: [
        "what a limit is counted against (caller, key, operation)",
        "the response when a limit is exceeded",
        "payload size limits",
        "amount limits",
        "time-outs",
      ],
    },
    {
      sentence: "How a caller selects a set",
      phrases: [
        "how a caller selects a set (by path, header or address)",
        "deprecation policy",
      ],
    },
  ];

  /** Sentences of sections 1 to 9 that say "not shown". */
  const notShownSentences = (): string[] => {
    const body = [1, 2, 3, 4, 5, 6, 7, 8, 9].map(section).join("\n");
    return body
      .split("\n")
      .map((line) => line.replace(/^\s*-\s+/, ""))
      .flatMap((line) => line.split(/(?<=\.)\s+(?=[A-Z])/))
      .filter((sentence) => sentence.includes("not shown"));
  };

  const specTexts = (): string => {
    const texts = [
      ...model.service.notShown.map((gap) => gap.text),
      ...model.auth.notShown.map((gap) => gap.text),
      ...model.operations.flatMap((operation) => [
        ...operation.notShown.map((gap) => gap.text),
        ...[operation.request, operation.response].flatMap((payload) =>
          payload.kind === "not-shown" ? [payload.text] : [],
        ),
      ]),
    ];
    return texts.join("\n").toLowerCase().replace(/\s+/g, " ");
  };

  it("the list above covers every such sentence of the seed, each once", () => {
    const sentences = notShownSentences();
    expect(sentences.length).toBe(gaps.length);
    for (const sentence of sentences) {
      expect(
        gaps.filter((gap) => sentence.includes(gap.sentence)),
        sentence,
      ).toHaveLength(1);
    }
  });

  it("each key phrase is the seed's own words, and the spec's notShown texts hold it", () => {
    const seedText = seed.toLowerCase();
    const spec = specTexts();
    for (const gap of gaps) {
      for (const phrase of gap.phrases) {
        expect(seedText, `seed: ${phrase}`).toContain(phrase);
        expect(spec, `spec notShown: ${phrase}`).toContain(phrase);
      }
    }
  });

  it("every operation carries the per-endpoint gaps, since no endpoint states a payload", () => {
    for (const operation of model.operations) {
      expect(operation.notShown.map((gap) => gap.topic).sort()).toEqual([
        "parameters",
        "request",
        "response",
        "statusCodes",
      ]);
      expect(operation.request).toEqual({
        kind: "not-shown",
        text: "The request payload shape: not shown.",
      });
      expect(operation.response).toEqual({
        kind: "not-shown",
        text: "The response payload shape: not shown.",
      });
      expect(operation.errors).toEqual([]);
    }
    expect(model.schemas).toEqual([]);
  });
});
