/**
 * spec/remitgen-spec.schema.json: the one declaration of the spec format,
 * which an editor uses to complete and explain the spec and the checker
 * walks (src/check/format-schema.ts). It must be valid draft 2020-12, hold
 * every keyword the walker does not read to a named check, describe every
 * key, accept the real spec and a spec that uses every part of the format,
 * and reject what the checker rejects for structure (references, cycles and
 * clashes are the checker's alone).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
// ajv is already in node_modules (through @apidevtools/swagger-parser); it validates 2020-12.
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { parseDocument } from "yaml";
import { formatChecks } from "../../src/check/value-checks.js";
import { Reader } from "../../src/check/yaml-nodes.js";
import { maxPackageBase, maxPackageScope } from "../../src/names/names.js";
import { parseSpecText } from "../../src/spec/source.js";
import { checkSpecText } from "../../src/check-spec.js";

type JsonSchema = { [key: string]: unknown };

const repoRoot = fileURLToPath(new URL("../../", import.meta.url));
const schemaText = readFileSync(
  join(repoRoot, "spec/remitgen-spec.schema.json"),
  "utf8",
);
const schema = JSON.parse(schemaText) as JsonSchema;
const defs = schema.$defs as { [name: string]: JsonSchema };

const ajv = new Ajv2020({
  strict: true,
  strictRequired: false,
  // A list of names takes number-like ones (`1.10`), read as written.
  allowUnionTypes: true,
  allErrors: true,
  validateFormats: false,
});
// The checker's annotations: how messages name a value, and which check judges it.
ajv.addVocabulary([
  "x-remitgen-check",
  "x-remitgen-where",
  "x-remitgen-kind",
  "x-remitgen-expected",
]);
const validate = ajv.compile(schema);

/** The YAML file as plain data, as an editor's YAML server sees it. */
function dataOf(path: string): unknown {
  const document = parseDocument(readFileSync(path, "utf8"), {
    uniqueKeys: false,
  });
  if (document.errors.length > 0)
    throw new Error(`${path}: ${document.errors[0]!.message}`);
  return document.toJS();
}

const propertiesOf = (node: JsonSchema | undefined): string[] =>
  Object.keys((node?.properties as JsonSchema | undefined) ?? {}).sort();
const rootProperty = (key: string): JsonSchema =>
  (schema.properties as { [key: string]: JsonSchema })[key]!;

describe("the JSON Schema of the spec format", () => {
  it("is JSON Schema draft 2020-12 that a validator compiles in strict mode", () => {
    expect(schema.$schema).toBe("https://json-schema.org/draft/2020-12/schema");
    expect(typeof validate).toBe("function");
    expect(ajv.validateSchema(schema)).toBe(true);
  });

  it("is what the spec's first line points to", () => {
    const spec = readFileSync(join(repoRoot, "spec/remittance.yaml"), "utf8");
    expect(spec.split("\n")[0]).toBe(
      "# yaml-language-server: $schema=./remitgen-spec.schema.json",
    );
  });

  it("holds each keyword the walker does not read to a check that exists, or to the rules", () => {
    const parsed = parseSpecText("remitgen: 1\n", "spec.yaml");
    if (!parsed.ok) throw new Error("the probe spec does not parse");
    const checks = Object.keys(formatChecks(new Reader(parsed.source)));
    // Read by the walker itself, or annotations.
    const walked = new Set([
      "$schema",
      "$id",
      "$ref",
      "$defs",
      "title",
      "description",
      "examples",
      "type",
      "properties",
      "required",
      "additionalProperties",
      "propertyNames",
      "items",
      "oneOf",
      "enum",
      "minLength",
      "dependentRequired",
      "x-remitgen-where",
      "x-remitgen-kind",
      "x-remitgen-expected",
      "x-remitgen-check",
    ]);
    // Whole-spec rules judge these (RG031 listed twice, RG035 a set's lists).
    const rules = new Set(["uniqueItems", "if", "then", "else"]);
    const unheld: string[] = [];
    const named: string[] = [];
    const visit = (node: JsonSchema, where: string, held: boolean): void => {
      const check = node["x-remitgen-check"];
      if (typeof check === "string") named.push(check);
      const mine =
        held ||
        typeof check === "string" ||
        (node.$ref !== undefined &&
          typeof defs[String(node.$ref).replace("#/$defs/", "")]?.[
            "x-remitgen-check"
          ] === "string");
      for (const [key, value] of Object.entries(node)) {
        if (key === "properties" || key === "$defs") {
          for (const [name, child] of Object.entries(value as JsonSchema))
            // A count's own bounds (0 or more) are its node's check.
            visit(
              child as JsonSchema,
              `${where}/${key}/${name}`,
              key === "properties" && typeof check === "string",
            );
        } else if (key === "oneOf") {
          (value as JsonSchema[]).forEach((child, index) =>
            visit(child, `${where}/oneOf/${index}`, false),
          );
        } else if (
          ["items", "additionalProperties", "propertyNames"].includes(key) &&
          typeof value === "object"
        ) {
          visit(value as JsonSchema, `${where}/${key}`, false);
        } else if (
          !walked.has(key) &&
          !rules.has(key) &&
          !mine &&
          !(key === "const" && where.endsWith("/type"))
        ) {
          unheld.push(`${where}: ${key}`);
        }
      }
    };
    visit(schema, "#", false);
    expect(unheld).toEqual([]);
    expect(
      [...new Set(named)].filter((name) => !checks.includes(name)),
    ).toEqual([]);
    expect(checks.filter((name) => !named.includes(name))).toEqual([]);
  });

  it("bounds package names as the checker does", () => {
    const pkg = (
      rootProperty("service").properties as { [key: string]: JsonSchema }
    ).package!.properties as { [key: string]: JsonSchema };
    expect(pkg.scope!.maxLength).toBe(maxPackageScope);
    expect(pkg.name!.maxLength).toBe(maxPackageBase);
  });

  it("describes every key and every definition, so an editor can explain it", () => {
    const missing: string[] = [];
    const walk = (node: unknown, where: string): void => {
      if (Array.isArray(node)) {
        node.forEach((item, index) => walk(item, `${where}[${index}]`));
        return;
      }
      if (node === null || typeof node !== "object") return;
      const object = node as JsonSchema;
      for (const [key, value] of Object.entries(object)) {
        if (key === "properties" || key === "$defs") {
          for (const [name, child] of Object.entries(value as JsonSchema)) {
            const description = (child as JsonSchema).description;
            if (typeof description !== "string" || description.length < 10)
              missing.push(`${where}/${key}/${name}`);
            walk(child, `${where}/${key}/${name}`);
          }
        } else walk(value, `${where}/${key}`);
      }
    };
    walk(schema, "#");
    expect(missing).toEqual([]);
  });

  it("lets request and response be a schema name or an inline schema, recursively", () => {
    const request = (defs.operation!.properties as { request: JsonSchema })
      .request;
    expect(request.$ref).toBe("#/$defs/optionalPayload");
    expect(
      (defs.optionalPayload!.oneOf as JsonSchema[]).map(
        (option) => option.$ref,
      ),
    ).toEqual(["#/$defs/payload", "#/$defs/noBody"]);
    const payload = defs.payload!.oneOf as JsonSchema[];
    expect(payload.map((option) => option.type ?? option.$ref)).toEqual([
      "string",
      "#/$defs/schema",
    ]);
    const objectProperties = (
      defs.schemaObject!.properties as { properties: JsonSchema }
    ).properties;
    expect((objectProperties.additionalProperties as JsonSchema).$ref).toBe(
      "#/$defs/propertySchema",
    );
    const items = (defs.schemaArray!.properties as { items: JsonSchema }).items;
    expect(items.$ref).toBe("#/$defs/schema");
    expect(
      (rootProperty("schemas").additionalProperties as JsonSchema).$ref,
    ).toBe("#/$defs/schema");
  });
});

describe("conformance", () => {
  const conforming = [
    "spec/remittance.yaml",
    "test/fixtures/good-spec.yaml",
    "test/fixtures/schemas-spec.yaml",
    "test/fixtures/schema-keywords.yaml",
    "test/fixtures/http-api.yaml",
  ];

  it.each(conforming)(
    "%s conforms to the JSON Schema and passes the checker",
    (file) => {
      const ok = validate(dataOf(join(repoRoot, file)));
      expect(ok ? [] : validate.errors).toEqual([]);
      const checked = checkSpecText(
        readFileSync(join(repoRoot, file), "utf8"),
        file,
      );
      expect(checked.ok ? [] : checked.diagnostics).toEqual([]);
    },
  );

  it("the schema fixture uses every schema kind, named and inline payloads, errors and removes", () => {
    const text = readFileSync(
      join(repoRoot, "test/fixtures/schemas-spec.yaml"),
      "utf8",
    );
    for (const part of [
      "type: object",
      "type: string",
      "type: number",
      "type: integer",
      "type: boolean",
      "type: array",
    ]) {
      expect(text).toContain(part);
    }
    for (const part of [
      "$ref:",
      "required: true",
      "enum:",
      "pattern:",
      "errors:",
      "removes:",
      "request: ",
      "response:\n",
    ]) {
      expect(text).toContain(part);
    }
  });

  it("the keywords fixture uses every schema keyword", () => {
    const text = readFileSync(
      join(repoRoot, "test/fixtures/schema-keywords.yaml"),
      "utf8",
    );
    for (const part of [
      "nullable: true",
      "default: ",
      "readOnly: true",
      "writeOnly: true",
      "const: ",
      "additionalProperties: {",
      "additionalProperties: true",
      "oneOf: ",
      "anyOf: ",
      "allOf:",
      "discriminator:",
      "mapping: ",
      "enum: [1, 2, 3]",
      "extra: { description",
    ])
      expect(text).toContain(part);
  });

  it("the HTTP API fixture uses every method, parameter place, body form and auth choice", () => {
    const text = readFileSync(
      join(repoRoot, "test/fixtures/http-api.yaml"),
      "utf8",
    );
    for (const part of [
      "method: GET",
      "method: POST",
      "method: PUT",
      "method: PATCH",
      "method: DELETE",
      "in: path",
      "in: query",
      "in: header",
      "request: false",
      "response: false",
      "status: 201",
      "status: 204",
      "errors:",
      "scheme: api-key",
      "auth: none",
      "statusOperation:",
      "baseUrl: https://",
      "extends:",
      "adds:",
      "removes:",
    ])
      expect(text).toContain(part);
  });

  it("rejects what is not a spec", () => {
    expect(validate({})).toBe(false);
    expect(
      validate({
        remitgen: 1,
        service: {},
        auth: {},
        operations: {},
        sets: {},
        extra: 1,
      }),
    ).toBe(false);
  });

  /** Corpus faults a JSON Schema can see: keys, types, values, forms. The rest only the checker finds. */
  const structural = new Set([
    "array-without-items",
    "bad-auth-version",
    "bad-date-form",
    "bad-effect",
    "bad-effect-basis",
    "bad-package-scope",
    "bad-path-characters",
    "bad-path",
    "bad-token-path",
    "bad-version",
    "blank-operation-name",
    "blank-set-id",
    "duplicate-property-key",
    "empty-enum",
    "empty-one-of",
    "empty-spec",
    "effect-basis-without-effect",
    "empty-summary",
    "error-status",
    "extending-set-with-operations",
    "listed-twice",
    "method-unknown",
    "missing-key-operation",
    "missing-key-plan",
    "missing-key-root",
    "negative-length",
    "path-dot-segments",
    "path-dot-segments-encoded",
    "quoted-spec-version",
    "rate-limit-fortnight",
    "rate-limit-lots",
    "rate-limit-plural-unit",
    "rate-limit-zero",
    "root-set-with-adds",
    "root-set-without-operations",
    "schema-bad-type",
    "schema-missing-type",
    "schema-misspelt-type",
    "token-method-not-post",
    "token-path-dot-segment",
    "unknown-key-no-suggestion",
    "unknown-key-operation",
    "unknown-key-plan",
    "unknown-key-property",
    "unknown-key-root",
    "unknown-key-schema",
    "unknown-key-set",
    "unsupported-spec-version",
    "wrong-type-list",
    "wrong-type-mapping",
    "wrong-type-required",
    "wrong-type-version-number",
    "success-status",
    "true-body",
    "unknown-auth-scheme",
  ]);
  const corpus = join(repoRoot, "test/fixtures/bad-specs");
  const fixtures = readdirSync(corpus)
    .filter((name) => name.endsWith(".yaml"))
    .map((name) => name.slice(0, -".yaml".length))
    .sort();

  it.each(fixtures)("agrees with the checker on bad spec %s", (name) => {
    let data: unknown;
    try {
      data = dataOf(join(corpus, `${name}.yaml`));
    } catch {
      // Not YAML an editor could read either (syntax errors, unknown aliases).
      expect(name).toMatch(/^yaml-/);
      return;
    }
    expect(
      validate(data),
      structural.has(name)
        ? "the JSON Schema should reject it"
        : "only the checker rejects it",
    ).toBe(!structural.has(name));
  });
});
