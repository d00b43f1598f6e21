/**
 * spec/remitgen-spec.schema.json: the JSON Schema an editor uses to complete
 * and explain the spec. It must be valid draft 2020-12, know exactly the keys
 * the checker knows, describe every key, accept the real spec and a spec that
 * uses every part of the format, and reject what the checker rejects for
 * structure (references, cycles and clashes are the checker's alone).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
// ajv is already in node_modules (through @apidevtools/swagger-parser); it validates 2020-12.
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { parseDocument } from "yaml";
import { specKeys } from "../../src/check/structure.js";
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
  allErrors: true,
  validateFormats: false,
});
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
const sorted = (keys: readonly string[]): string[] => [...keys].sort();

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

  it("knows exactly the keys the checker knows", () => {
    expect(propertiesOf(schema)).toEqual(sorted(specKeys.root));
    const service = rootProperty("service");
    expect(propertiesOf(service)).toEqual(sorted(specKeys.service));
    expect(
      propertiesOf(
        (service.properties as { [key: string]: JsonSchema }).package,
      ),
    ).toEqual(sorted(specKeys.package));
    const auth = rootProperty("auth");
    expect(propertiesOf(auth)).toEqual(sorted(specKeys.auth));
    expect(
      propertiesOf((auth.properties as { [key: string]: JsonSchema }).token),
    ).toEqual(sorted(specKeys.token));
    expect(propertiesOf(rootProperty("operationDefaults"))).toEqual(
      sorted(specKeys.operationDefaults),
    );
    expect(propertiesOf(defs.operation)).toEqual(sorted(specKeys.operation));
    expect(propertiesOf(defs.error)).toEqual(sorted(specKeys.error));
    expect(propertiesOf(defs.set)).toEqual(sorted(specKeys.set));
    expect(propertiesOf(defs.plan)).toEqual(sorted(specKeys.plan));
  });

  it("knows exactly the schema node kinds and facets the checker knows, `required` only on properties", () => {
    const kinds: { [kind: string]: string[] } = {
      Object: ["object"],
      String: ["string"],
      Number: ["number", "integer"],
      Boolean: ["boolean"],
      Array: ["array"],
    };
    const covered = new Set<string>();
    for (const [kind, types] of Object.entries(kinds)) {
      for (const type of types) {
        covered.add(type);
        const facets =
          specKeys.schemaByType[type as keyof typeof specKeys.schemaByType];
        const expected = sorted([...specKeys.schemaCommon, ...facets]);
        expect(propertiesOf(defs[`schema${kind}`]), `schema ${type}`).toEqual(
          expected,
        );
        expect(
          propertiesOf(defs[`property${kind}`]),
          `property ${type}`,
        ).toEqual(sorted([...expected, "required"]));
      }
      const typeKey = (
        defs[`schema${kind}`]!.properties as { type: JsonSchema }
      ).type;
      expect([typeKey.const ?? typeKey.enum].flat()).toEqual(types);
    }
    expect([...covered].sort()).toEqual(
      Object.keys(specKeys.schemaByType).sort(),
    );
    expect(propertiesOf(defs.schemaRef)).toEqual([
      "$ref",
      "description",
      "example",
    ]);
    expect(propertiesOf(defs.propertyRef)).toEqual([
      "$ref",
      "description",
      "example",
      "required",
    ]);
    expect((defs.schema!.oneOf as unknown[]).length).toBe(6);
    expect((defs.propertySchema!.oneOf as unknown[]).length).toBe(6);
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
    expect(request.$ref).toBe("#/$defs/payload");
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
    "empty-spec",
    "effect-basis-without-effect",
    "empty-summary",
    "error-status",
    "extending-set-with-operations",
    "listed-twice",
    "method-not-post",
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
