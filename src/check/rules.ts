/**
 * Rules that need the whole spec: references between operations, sets and
 * schemas, clashes between generated names, limits and dates. Each rule
 * reports every offence it finds, with the position of the offending text.
 * The rules run on whatever parts of the spec could be read, and a name that
 * is declared but too broken to read is never reported again as unknown.
 */
import { diagnostics, type DiagnosticText } from "../diagnostics/codes.js";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import {
  closest,
  inputTypeName,
  operationNames,
  type OperationNames,
  schemaTypeName,
  setNames,
} from "../names/names.js";
import { validateValue } from "../runtime/mock/validate.js";
import type { JsonValue } from "../runtime/json.js";
import {
  followed,
  oneWaySchemas,
  rawChildren,
  refsOf,
  requestBody,
  operationSchemas,
  resolveMembers,
  toSchemaNode,
  type ExampleSite,
  type Located,
  type RawNamedSchema,
  type RawPayload,
  type RawSchema,
  type Range,
} from "../spec/raw.js";
import type { SpecSource } from "../spec/source.js";
import { checkOperations } from "./operation-rules.js";
import type { SetPart, SpecParts } from "./structure.js";

type Report = (range: Range | undefined, text: DiagnosticText) => void;

export function checkRules(parts: SpecParts, source: SpecSource): Diagnostic[] {
  const found: Diagnostic[] = [];
  const report: Report = (range, text) => found.push(source.at(range, text));
  checkPaths(parts, report);
  checkOperations(parts, report);
  checkNameClashes(parts, report);
  checkSets(parts, report);
  checkSchemas(parts, report);
  checkExamples(parts, report);
  return found;
}

/**
 * Two operations of one method on one path (its `{name}`s aside: a request
 * to `/a/1` could be either of `/a/{id}` and `/a/{key}`) would answer the
 * same requests, when one set holds both. Sets that never hold both may
 * each have theirs: an API's versions change an operation's shape
 * (`remitgen import` writes such a change as a second operation).
 */
function checkPaths(parts: SpecParts, report: Report): void {
  const setsOf = operationSets(parts);
  const shareASet = (one: string, other: string): boolean => {
    const mine = setsOf?.get(one);
    const theirs = setsOf?.get(other);
    // An operation of no set (or sets that cannot be read) clashes with all.
    return (
      mine === undefined ||
      theirs === undefined ||
      [...mine].some((set) => theirs.has(set))
    );
  };
  const byPath = new Map<string, string[]>();
  for (const operation of parts.operations ?? []) {
    const path = operation.path;
    if (path === undefined) continue;
    const key = `${operation.method} ${path.value.replace(/\{[^}]*\}/g, "{}")}`;
    const others = byPath.get(key) ?? [];
    const other = others.find((each) => shareASet(operation.id.value, each));
    if (other !== undefined)
      report(
        path.range,
        diagnostics.duplicatePath(path.value, other, operation.method),
      );
    else byPath.set(key, [...others, operation.id.value]);
  }
}

/** The sets that hold each operation, when the sets can be read. */
function operationSets(parts: SpecParts): Map<string, Set<string>> | undefined {
  if (parts.sets === undefined) return undefined;
  const members = resolveMembers(
    parts.sets,
    new Map(parts.sets.map((set) => [set.id.value, set])),
  );
  const out = new Map<string, Set<string>>();
  for (const [set, ids] of members)
    for (const id of ids) out.set(id, (out.get(id) ?? new Set()).add(set));
  return out;
}

/** One spec name's claim on a generated name. */
/** Functions and types one package index exports side by side. */
const exportedName = "exported name";

interface Claim {
  /** e.g. `operation "get_acct_title"` */
  readonly owner: string;
  /** The spec name as written, e.g. `get_acct_title`. */
  readonly id: string;
  readonly range: Range;
  readonly name: string;
  /** Of an operation's type: how to fix its clash with a schema (no other). */
  readonly hint?: string;
}

const isSchema = (item: Claim): boolean => item.owner.startsWith("schema ");

/**
 * Two spec names that turn into one generated name would overwrite each
 * other. Names are compared without letter case: generated files must not
 * clash on case-insensitive file systems, and neither may their exports. Each
 * pair of spec names is reported once, at the one written later.
 */
function checkNameClashes(parts: SpecParts, report: Report): void {
  // The most specific kind reports a pair first; "exported name" catches
  // only the function/type clashes no other kind covers.
  const kinds = new Map<string, Map<string, Claim[]>>(
    [
      "method name",
      "docs file name",
      "type name",
      "directory",
      exportedName,
    ].map((what) => [what, new Map<string, Claim[]>()]),
  );
  const claim = (what: string, item: Claim): void => {
    const byName = kinds.get(what) ?? new Map<string, Claim[]>();
    kinds.set(what, byName);
    // Files clash without letter case; JavaScript names only with it.
    const key = what === exportedName ? item.name : item.name.toLowerCase();
    byName.set(key, [...(byName.get(key) ?? []), item]);
  };
  // Each operation's names are asked for twice below; worked out once.
  const namesById = new Map<string, OperationNames>();
  const namesOf = (id: string): OperationNames => {
    let names = namesById.get(id);
    if (names === undefined) {
      names = operationNames(id);
      namesById.set(id, names);
    }
    return names;
  };
  const declared = parts.declared;
  for (const [id, range] of declared.operations) {
    const names = namesOf(id);
    const owner = `operation ${JSON.stringify(id)}`;
    claim("method name", { owner, id, range, name: names.method });
    claim(exportedName, { owner, id, range, name: names.method });
    claim("docs file name", { owner, id, range, name: names.docFile });
  }
  // A schema whose values differ by direction names its input type too.
  const oneWay = oneWaySchemas(
    (parts.schemas ?? []).map((schema) => ({
      name: schema.name.value,
      schema: toSchemaNode(schema.schema),
    })),
  );
  for (const [name, range] of declared.schemas) {
    const typeNames = oneWay.has(name)
      ? [schemaTypeName(name), inputTypeName(name)]
      : [schemaTypeName(name)];
    for (const typeName of typeNames) {
      const item = {
        owner: `schema ${JSON.stringify(name)}`,
        id: name,
        range,
        name: typeName,
      };
      claim("type name", item);
      // The package index re-exports functions and types together, so a
      // function and a type of one name (possible in scripts without letter
      // case, e.g. 名前) would make both exports ambiguous.
      claim(exportedName, item);
    }
  }
  for (const operation of parts.operations ?? []) {
    const names = namesOf(operation.id.value);
    const owner = `operation ${JSON.stringify(operation.id.value)}`;
    // A payload that is just a reference to a same-named schema is that schema.
    const ownType = (
      payload: RawPayload,
      typeName: string,
      key: string,
    ): void => {
      // No body, no type.
      if (payload === false) return;
      if (
        payload?.kind === "ref" &&
        schemaTypeName(payload.name.value) === typeName
      )
        return;
      const hint = `rename the schema, or use it as the payload: write \`${key}: ${typeName}\` under ${owner}`;
      const { value: id, range } = operation.id;
      const item = { owner, id, range, name: typeName, hint };
      claim("type name", item);
      claim(exportedName, item);
    };
    ownType(
      requestBody(operation.request, operation.method),
      names.requestType,
      "request",
    );
    ownType(operation.response, names.responseType, "response");
    // Declared only for an operation that has parameters, or states errors.
    const declared = (name: string, kind: string): void => {
      const { value: id, range } = operation.id;
      const item = { owner, id, range, name };
      claim(kind, item);
      if (kind === "type name") claim(exportedName, item);
    };
    if (operation.parameters.length > 0)
      declared(names.paramsType, "type name");
    if (operation.errors.length > 0) {
      declared(names.errorType, "type name");
      declared(names.errorGuard, exportedName);
    }
  }
  if (parts.packageName !== undefined) {
    // Each package's index exports its client interface beside the types.
    claim(exportedName, {
      owner: `the package name ${JSON.stringify(parts.packageName.value)}`,
      id: parts.packageName.value,
      range: parts.packageName.range,
      name: setNames("set", "scope", parts.packageName.value).clientType,
    });
  }
  for (const [id, range] of declared.sets) {
    claim("directory", {
      owner: `set ${JSON.stringify(id)}`,
      id,
      range,
      name: setNames(id, "scope", "package").directory,
    });
  }
  const reported = new Set<string>();
  for (const [what, byName] of kinds) {
    for (const claims of byName.values()) {
      const owners = new Set(claims.map((item) => item.owner));
      if (owners.size < 2) continue;
      const ordered = [...claims].sort((a, b) => a.range[0] - b.range[0]);
      const first = ordered[0]!;
      for (const later of ordered.slice(1)) {
        if (later.owner === first.owner) continue;
        const pair = [first.owner, later.owner].sort().join("\u0000");
        if (reported.has(pair)) continue;
        reported.add(pair);
        // Owners alike once composed: one kind, one name spelled two ways.
        if (later.owner.normalize("NFC") === first.owner.normalize("NFC")) {
          report(
            later.range,
            diagnostics.nameEncodedTwice(later.owner, later.id, first.id),
          );
          continue;
        }
        // The payload hint fits a clash with a schema only: between two
        // operations there is no schema to rename or use.
        const hint = isSchema(first)
          ? later.hint
          : isSchema(later)
            ? first.hint
            : undefined;
        report(
          later.range,
          diagnostics.nameCollision(
            what,
            later.owner,
            later.name,
            first.owner,
            first.name,
            hint,
          ),
        );
      }
    }
  }
}

function checkSets(parts: SpecParts, report: Report): void {
  if (parts.sets === undefined) return;
  const declared = parts.declared;
  const operationIds = [...declared.operations.keys()];
  // Without a readable `operations` section every reference would look unknown.
  const operationsKnown = parts.operations !== undefined;
  const sets = new Map(parts.sets.map((set) => [set.id.value, set]));
  const used = new Set<string>(declared.listedByBrokenSets);

  for (const set of parts.sets) {
    const where = `set "${set.id.value}"`;
    const checkList = (
      items: readonly Located<string>[],
      listName: string,
    ): void => {
      const seen = new Set<string>();
      for (const item of items) {
        if (!declared.operations.has(item.value)) {
          if (!operationsKnown) continue;
          const suggestion = closest(item.value, operationIds);
          // The operation it misspells is meant to be here: it is not "in no set".
          if (suggestion !== undefined) used.add(suggestion);
          report(
            item.range,
            diagnostics.unknownOperation(
              item.value,
              `${where} ${listName}`,
              suggestion,
            ),
          );
        } else if (seen.has(item.value)) {
          report(
            item.range,
            diagnostics.listedTwice(item.value, `${where} ${listName}`),
          );
        }
        seen.add(item.value);
        used.add(item.value);
      }
    };
    checkList(set.operations ?? [], "operations");
    checkList(set.adds, "adds");
    checkList(set.removes, "removes");
    if (set.extends === undefined) {
      const stray =
        set.addsKey !== undefined
          ? "adds"
          : set.removesKey !== undefined
            ? "removes"
            : undefined;
      const strayRange = set.addsKey ?? set.removesKey;
      if (stray !== undefined)
        report(
          strayRange,
          diagnostics.membershipForm(
            set.id.value,
            "list-without-extends",
            stray,
          ),
        );
      else if (set.operations === undefined)
        report(
          set.id.range,
          diagnostics.membershipForm(set.id.value, "no-operations"),
        );
    } else {
      if (set.operations !== undefined) {
        report(
          set.operationsKey ?? set.id.range,
          diagnostics.membershipForm(set.id.value, "operations-with-extends"),
        );
      }
      if (set.extends.value === set.id.value)
        report(set.extends.range, diagnostics.extendsSelf(set.id.value));
      else if (!declared.sets.has(set.extends.value)) {
        const suggestion = closest(
          set.extends.value,
          [...declared.sets.keys()].filter((id) => id !== set.id.value),
        );
        report(
          set.extends.range,
          diagnostics.extendsMissing(
            set.id.value,
            set.extends.value,
            suggestion,
          ),
        );
      }
    }
  }
  if (operationsKnown) {
    for (const [id, range] of declared.operations) {
      if (!used.has(id)) report(range, diagnostics.unusedOperation(id));
    }
  }
  checkCycles(parts.sets, sets, report);
  checkMembership(parts.sets, sets, new Set(operationIds), report);
}

/**
 * Cycles of `extends`, each reported once, at the `extends` of the set where
 * the first set (in spec order) whose chain runs into the cycle enters it.
 * Each set has one parent, so one walk per set, colouring the sets it
 * passes (grey: on this walk; black: finished), visits every set once.
 */
function checkCycles(
  list: readonly SetPart[],
  sets: ReadonlyMap<string, SetPart>,
  report: Report,
): void {
  const black = new Set<string>();
  for (const start of list) {
    // The walk in order, and where each grey set stands in it.
    const chain: SetPart[] = [];
    const grey = new Map<string, number>();
    let current: SetPart | undefined = start;
    while (
      current !== undefined &&
      !black.has(current.id.value) &&
      current.extends !== undefined &&
      current.extends.value !== current.id.value
    ) {
      const index = grey.get(current.id.value);
      if (index !== undefined) {
        const cycle = chain.slice(index).map((set) => set.id.value);
        report(
          current.extends.range,
          diagnostics.extendsCycle([...cycle, current.id.value]),
        );
        break;
      }
      grey.set(current.id.value, chain.length);
      chain.push(current);
      current = sets.get(current.extends.value);
    }
    for (const set of chain) black.add(set.id.value);
  }
}

/** Resolves membership where the chain is sound, to check adds and removes. */
function checkMembership(
  list: readonly SetPart[],
  sets: ReadonlyMap<string, SetPart>,
  known: ReadonlySet<string>,
  report: Report,
): void {
  const members = resolveMembers(list, sets);
  for (const set of list) {
    const mine = members.get(set.id.value);
    if (mine === undefined) continue;
    // A root set without `operations` is reported already, as such.
    const rootWithoutList =
      set.extends === undefined && set.operations === undefined;
    if (mine.length === 0 && !rootWithoutList)
      report(
        set.operationsKey ?? set.id.range,
        diagnostics.emptySet(set.id.value),
      );
    if (set.extends === undefined) continue;
    const parentList = members.get(set.extends.value);
    if (parentList === undefined) continue;
    const parent = new Set(parentList);
    for (const add of set.adds) {
      if (known.has(add.value) && parent.has(add.value)) {
        report(
          add.range,
          diagnostics.alreadyMember(add.value, set.id.value, set.extends.value),
        );
      }
    }
    for (const remove of set.removes) {
      if (known.has(remove.value) && !parent.has(remove.value)) {
        report(
          remove.range,
          diagnostics.notMember(remove.value, set.id.value, set.extends.value),
        );
      }
    }
  }
}

function checkSchemas(parts: SpecParts, report: Report): void {
  const schemas = parts.schemas;
  if (schemas === undefined) return;
  const declared = parts.declared.schemas;
  const named = new Map(
    schemas.map((schema) => [schema.name.value, schema.schema]),
  );
  const names = [...declared.keys()];
  const checkRefs = (schema: RawPayload): void => {
    for (const ref of refsOf(schema)) {
      if (!declared.has(ref.value))
        report(
          ref.range,
          diagnostics.unknownSchema(ref.value, closest(ref.value, names)),
        );
    }
  };
  for (const schema of schemas) checkRefs(schema.schema);
  for (const operation of parts.operations ?? [])
    for (const schema of operationSchemas(operation)) checkRefs(schema);
  checkSchemaCycles(schemas, named, report);
  for (const node of schemaNodes(parts)) checkSchemaNode(node, named, report);
}

/** Every schema node of the spec, named schemas and payloads, nested ones too. */
function schemaNodes(parts: SpecParts): RawSchema[] {
  const out: RawSchema[] = [];
  const stack: RawPayload[] = [];
  for (const schema of parts.schemas ?? []) stack.push(schema.schema);
  for (const operation of parts.operations ?? [])
    stack.push(...operationSchemas(operation));
  while (stack.length > 0) {
    const node = stack.pop();
    if (node === undefined || node === false) continue;
    out.push(node);
    stack.push(...rawChildren(node));
  }
  return out;
}

const kindWords: Readonly<Record<RawSchema["kind"], string>> = {
  ref: "a reference",
  object: "an object",
  array: "a list",
  string: "a string",
  number: "a number",
  integer: "a whole number",
  boolean: "true or false",
  enum: "an enumeration",
  union: "a union",
  allOf: "an allOf",
  const: "a constant",
  any: "any value",
};

/**
 * An allOf's objects, followed through references and nested allOfs, or
 * the first part that is not one (with its place among the parts).
 */
function allOfObjects(
  node: RawSchema & { kind: "allOf" },
  named: ReadonlyMap<string, RawSchema>,
): { objects: (RawSchema & { kind: "object" })[]; stray?: [number, string] } {
  const objects: (RawSchema & { kind: "object" })[] = [];
  for (const [index, part] of node.parts.entries()) {
    const target = followed(part, named);
    if (target === undefined) continue;
    if (target.kind === "object") objects.push(target);
    else if (target.kind === "allOf") {
      const inner = allOfObjects(target, named);
      objects.push(...inner.objects);
      if (inner.stray !== undefined)
        return { objects, stray: [index, inner.stray[1]] };
    } else return { objects, stray: [index, kindWords[target.kind]] };
  }
  return { objects };
}

/**
 * What a schema node's keywords must agree on: a property not both
 * readOnly and writeOnly, an allOf of objects, a discriminator whose
 * variants are named schemas that require its member.
 */
function checkSchemaNode(
  node: RawSchema,
  named: ReadonlyMap<string, RawSchema>,
  report: Report,
): void {
  if (node.kind === "object")
    for (const property of node.properties)
      if (property.bothAccess !== undefined)
        report(
          property.bothAccess.range,
          diagnostics.readAndWriteOnly(property.bothAccess.where),
        );
  if (node.kind === "allOf" && node.parts.length > 1) {
    const stray = allOfObjects(node, named).stray;
    if (stray !== undefined)
      report(
        node.site.range,
        diagnostics.allOfPartNotObject(
          `part ${stray[0] + 1} of ${node.site.where}`,
          stray[1],
        ),
      );
  }
  if (node.kind !== "union" || node.discriminator === undefined) return;
  const { propertyName, mapping } = node.discriminator;
  const variants = node.variants.flatMap((variant) =>
    variant.kind === "ref" ? [variant.name.value] : [],
  );
  node.variants.forEach((variant, index) => {
    if (variant.kind !== "ref")
      report(
        node.site.range,
        diagnostics.discriminatorInlineVariant(
          `variant ${index + 1} of ${node.site.where}`,
        ),
      );
  });
  for (const entry of mapping)
    if (named.has(entry.schema.value) && !variants.includes(entry.schema.value))
      report(
        entry.schema.range,
        diagnostics.discriminatorNotVariant(
          node.site.where,
          entry.value,
          entry.schema.value,
          variants,
        ),
      );
  for (const name of new Set(variants)) {
    const target = followed(named.get(name), named);
    const objects =
      target?.kind === "object"
        ? [target]
        : target?.kind === "allOf"
          ? allOfObjects(target, named).objects
          : undefined;
    if (objects === undefined) continue;
    const members = objects.flatMap((object) =>
      object.properties.filter(
        (property) => property.name === propertyName.value,
      ),
    );
    if (members.length === 0 || !members.some((member) => member.required))
      report(
        propertyName.range,
        diagnostics.discriminatorPropertyMissing(
          name,
          propertyName.value,
          node.site.where,
          members.length > 0,
        ),
      );
  }
}

/** One named schema on the walk: its references, and how many are followed. */
interface Frame {
  readonly name: string;
  readonly refs: readonly Located<string>[];
  next: number;
}

/**
 * The references a schema is made of directly: itself, its union's
 * variants, its allOf's parts, but not those inside an object's members or
 * a list's items. A cycle of these has no value and no type.
 */
function bareRefsOf(schema: RawSchema | undefined): Located<string>[] {
  const out: Located<string>[] = [];
  const stack: (RawSchema | undefined)[] = [schema];
  while (stack.length > 0) {
    const node = stack.pop();
    if (node?.kind === "ref") out.push(node.name);
    else if (node?.kind === "union" || node?.kind === "allOf") {
      const children = rawChildren(node);
      for (let index = children.length - 1; index >= 0; index--)
        stack.push(children[index]);
    }
  }
  return out;
}

/**
 * Cycles between named schemas that pass no object member or list item
 * (`A: { $ref: B }`, `B: { oneOf: [{ $ref: A }] }`), reported at the `$ref`
 * that closes the cycle. A schema may contain itself inside a member or an
 * item (a tree, a linked error): types are recursive, values end. A depth-first walk with its own stack, so a chain of any length
 * (S0 -> S1 -> ... -> S20000) neither overflows the call stack nor costs
 * more than one visit per schema and reference.
 */
function checkSchemaCycles(
  schemas: readonly RawNamedSchema[],
  named: ReadonlyMap<string, RawSchema>,
  report: Report,
): void {
  // Where each schema being visited stands on the stack; done ones are acyclic.
  const onStack = new Map<string, number>();
  const done = new Set<string>();
  const reported = new Set<string>();
  const stack: Frame[] = [];
  const enter = (name: string): void => {
    onStack.set(name, stack.length);
    stack.push({ name, refs: bareRefsOf(named.get(name)), next: 0 });
  };
  for (const schema of schemas) {
    const root = schema.name.value;
    if (done.has(root) || onStack.has(root)) continue;
    enter(root);
    while (stack.length > 0) {
      const frame = stack[stack.length - 1]!;
      const ref = frame.refs[frame.next++];
      if (ref === undefined) {
        stack.pop();
        onStack.delete(frame.name);
        done.add(frame.name);
        continue;
      }
      const next = ref.value;
      if (!named.has(next) || done.has(next)) continue;
      const at = onStack.get(next);
      if (at === undefined) {
        enter(next);
        continue;
      }
      const cycle =
        next === frame.name
          ? [frame.name, next]
          : [...stack.slice(at).map((item) => item.name), next];
      const key = [...new Set(cycle)].sort().join("\u0000");
      if (!reported.has(key)) {
        reported.add(key);
        report(ref.range, diagnostics.schemaCycle(cycle));
      }
    }
  }
}

/**
 * Each schema node's `example` and `default` (and a `const` beside its
 * `type`) against the node's own schema, as the mock would serve it: a
 * value its schema refuses is reported at the value. A value is not
 * checked where its schema is not fully known: read with a problem (the
 * reader leaves such values unmarked), or relying on a named schema that
 * is unknown, was read with a problem, or relies on one.
 */
function checkExamples(parts: SpecParts, report: Report): void {
  type Given = {
    readonly node: RawSchema;
    readonly value: JsonValue;
    readonly schema: RawSchema;
    readonly site: ExampleSite;
    readonly what: "example" | "default" | "const";
  };
  const given: Given[] = [];
  for (const node of schemaNodes(parts)) {
    if (node.exampleSite !== undefined)
      given.push({
        node,
        value: node.example!,
        schema: node,
        site: node.exampleSite,
        what: "example",
      });
    if (node.defaultSite !== undefined)
      given.push({
        node,
        value: node.default!,
        schema: node,
        site: node.defaultSite,
        what: "default",
      });
    if (
      node.kind === "const" &&
      node.typed !== undefined &&
      node.exampleSite === undefined
    )
      given.push({
        node,
        value: node.value,
        schema: node.typed,
        site: node.site,
        what: "const",
      });
  }
  if (given.length === 0) return;
  const named = new Map(
    (parts.schemas ?? []).map((schema) => [schema.name.value, schema.schema]),
  );
  const unsure = unsureSchemas(named, parts.declared.flawedSchemas);
  const lookup = new Map(
    [...named].map(([name, schema]) => [name, toSchemaNode(schema)]),
  );
  for (const { node, value, schema, site, what } of given) {
    if (
      refsOf(node).some((ref) => unsure.has(ref.value) || !named.has(ref.value))
    )
      continue;
    // The mocks' own validation, patterns included: every pattern left in
    // the schema is proved to match in linear time (RG057).
    const violations = validateValue(value, toSchemaNode(schema), lookup);
    const first = violations[0];
    // A reference that does not resolve (a cycle of bare $refs) is reported already.
    if (
      first === undefined ||
      violations.some((item) => item.keyword === "ref")
    )
      continue;
    const at = first.path === "" ? "" : ` (at ${first.path})`;
    report(
      site.range,
      diagnostics.exampleMismatch(
        site.where,
        `${first.message}${at}`,
        violations.length - 1,
        what,
      ),
    );
  }
}

/**
 * Named schemas an example cannot be checked against: the flawed ones, those
 * referring to an unknown schema, and every schema that refers to one of
 * these, however indirectly (one pass over the references, backwards).
 */
function unsureSchemas(
  named: ReadonlyMap<string, RawSchema>,
  flawed: ReadonlySet<string>,
): Set<string> {
  const unsure = new Set<string>();
  const pending: string[] = [];
  const mark = (name: string): void => {
    if (unsure.has(name)) return;
    unsure.add(name);
    pending.push(name);
  };
  const referrers = new Map<string, string[]>();
  for (const [name, schema] of named) {
    if (flawed.has(name)) mark(name);
    for (const ref of refsOf(schema)) {
      if (!named.has(ref.value)) mark(name);
      const list = referrers.get(ref.value);
      if (list === undefined) referrers.set(ref.value, [name]);
      else list.push(name);
    }
  }
  while (pending.length > 0)
    for (const referrer of referrers.get(pending.pop()!) ?? []) mark(referrer);
  return unsure;
}
