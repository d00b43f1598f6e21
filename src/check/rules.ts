/**
 * Rules that need the whole spec: references between operations, sets and
 * schemas, clashes between generated names, limits and dates. Each rule
 * reports every offence it finds, with the position of the offending text.
 */
import { diagnostics, type DiagnosticText } from "../diagnostics/codes.js";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import { closest, isPackageNamePart, operationNames, schemaTypeName, setNames } from "../names/names.js";
import type { SpecSource } from "../spec/source.js";
import type { RawSchema, RawSet, RawSpec } from "./structure.js";
import type { Located, Range } from "./yaml-nodes.js";

type Report = (range: Range | undefined, text: DiagnosticText) => void;

export function checkRules(raw: RawSpec, source: SpecSource): Diagnostic[] {
  const found: Diagnostic[] = [];
  const report: Report = (range, text) => found.push(source.at(range, text));
  checkPackage(raw, report);
  checkOperations(raw, report);
  checkNameClashes(raw, report);
  checkSets(raw, report);
  checkSchemas(raw, report);
  return found;
}

/** Characters safe in a URL path without encoding (RFC 3986 unreserved, plus "/"). */
const pathPattern = /^\/[A-Za-z0-9\-._~/]*$/;
const versionPattern = /^\d+\.\d+\.\d+$/;

function checkPackage(raw: RawSpec, report: Report): void {
  for (const part of [raw.service.packageScope, raw.service.packageName]) {
    if (!isPackageNamePart(part.value)) report(part.range, diagnostics.badPackageName(part.value));
  }
  if (!pathPattern.test(raw.auth.tokenPath.value)) {
    report(raw.auth.tokenPath.range, diagnostics.badPath(raw.auth.tokenPath.value));
  }
  if (!versionPattern.test(raw.auth.version.value)) {
    report(raw.auth.version.range, diagnostics.badVersion(raw.auth.version.value));
  }
}

function checkOperations(raw: RawSpec, report: Report): void {
  const byPath = new Map<string, string>();
  for (const operation of raw.operations) {
    const path = operation.path;
    if (!pathPattern.test(path.value)) {
      report(path.range, diagnostics.badPath(path.value));
      continue;
    }
    const other = byPath.get(path.value);
    if (other !== undefined) report(path.range, diagnostics.duplicatePath(path.value, other));
    else byPath.set(path.value, operation.id.value);
  }
}

/** Two spec names that turn into one generated name would overwrite each other. */
function checkNameClashes(raw: RawSpec, report: Report): void {
  const clash = (kind: string) => {
    const seen = new Map<string, string>();
    return (name: string, owner: Located<string>): void => {
      const key = name.toLowerCase();
      const first = seen.get(key);
      if (first === undefined) seen.set(key, owner.value);
      else if (first !== owner.value) report(owner.range, diagnostics.nameCollision(kind, name, first, owner.value));
    };
  };
  const methods = clash("operations");
  const files = clash("operations");
  const types = clash("names");
  for (const schema of raw.schemas) types(schemaTypeName(schema.name.value), schema.name);
  for (const operation of raw.operations) {
    const names = operationNames(operation.id.value);
    methods(names.method, operation.id);
    files(names.docFile, operation.id);
    // A payload that is just a reference to a same-named schema is that schema.
    const ownType = (payload: RawSchema | undefined, typeName: string): void => {
      if (payload?.kind === "ref" && schemaTypeName(payload.name.value) === typeName) return;
      types(typeName, operation.id);
    };
    ownType(operation.request, names.requestType);
    ownType(operation.response, names.responseType);
  }
  const directories = clash("sets");
  for (const set of raw.sets) {
    directories(setNames(set.id.value, raw.service.packageScope.value, raw.service.packageName.value).directory, set.id);
  }
}

function checkSets(raw: RawSpec, report: Report): void {
  const operationIds = raw.operations.map((operation) => operation.id.value);
  const known = new Set(operationIds);
  const sets = new Map(raw.sets.map((set) => [set.id.value, set]));
  const used = new Set<string>();

  for (const set of raw.sets) {
    checkRateLimit(set, report);
    if (set.date && !isCalendarDate(set.date.value)) report(set.date.range, diagnostics.badDate(set.date.value));
    if (!versionPattern.test(set.version.value)) report(set.version.range, diagnostics.badVersion(set.version.value));
    const where = `set "${set.id.value}"`;
    const checkList = (items: readonly Located<string>[], listName: string): void => {
      const seen = new Set<string>();
      for (const item of items) {
        if (!known.has(item.value)) {
          report(item.range, diagnostics.unknownOperation(item.value, `${where} ${listName}`, closest(item.value, operationIds)));
        } else if (seen.has(item.value)) {
          report(item.range, diagnostics.listedTwice(item.value, `${where} ${listName}`));
        }
        seen.add(item.value);
        used.add(item.value);
      }
    };
    checkList(set.operations ?? [], "operations");
    checkList(set.adds, "adds");
    checkList(set.removes, "removes");
    if (set.extends === undefined) {
      if (set.operations === undefined) report(set.id.range, diagnostics.membershipForm(set.id.value, false));
    } else {
      if (set.operations !== undefined) report(set.id.range, diagnostics.membershipForm(set.id.value, true));
      if (set.extends.value === set.id.value) report(set.extends.range, diagnostics.extendsSelf(set.id.value));
      else if (!sets.has(set.extends.value)) {
        report(set.extends.range, diagnostics.extendsMissing(set.id.value, set.extends.value, closest(set.extends.value, sets.keys())));
      }
    }
  }
  for (const operation of raw.operations) {
    if (!used.has(operation.id.value)) report(operation.id.range, diagnostics.unusedOperation(operation.id.value));
  }
  checkCycles(raw.sets, sets, report);
  checkMembership(raw.sets, sets, known, report);
}

function checkCycles(list: readonly RawSet[], sets: ReadonlyMap<string, RawSet>, report: Report): void {
  const reported = new Set<string>();
  for (const set of list) {
    const chain: string[] = [];
    let current: RawSet | undefined = set;
    while (current?.extends !== undefined && current.extends.value !== current.id.value) {
      if (chain.includes(current.id.value)) {
        const cycle = chain.slice(chain.indexOf(current.id.value));
        const key = [...cycle].sort().join("\u0000");
        if (!reported.has(key)) {
          reported.add(key);
          report(current.extends.range, diagnostics.extendsCycle([...cycle, current.id.value]));
        }
        break;
      }
      chain.push(current.id.value);
      current = sets.get(current.extends.value);
    }
  }
}

/** Resolves membership where the chain is sound, to check adds and removes. */
function checkMembership(
  list: readonly RawSet[],
  sets: ReadonlyMap<string, RawSet>,
  known: ReadonlySet<string>,
  report: Report,
): void {
  const members = resolveMembers(list, sets);
  for (const set of list) {
    const mine = members.get(set.id.value);
    if (mine === undefined) continue;
    if (mine.length === 0) report(set.id.range, diagnostics.emptySet(set.id.value));
    if (set.extends === undefined) continue;
    const parent = members.get(set.extends.value);
    if (parent === undefined) continue;
    for (const add of set.adds) {
      if (known.has(add.value) && parent.includes(add.value)) {
        report(add.range, diagnostics.alreadyMember(add.value, set.id.value, set.extends.value));
      }
    }
    for (const remove of set.removes) {
      if (known.has(remove.value) && !parent.includes(remove.value)) {
        report(remove.range, diagnostics.notMember(remove.value, set.id.value, set.extends.value));
      }
    }
  }
}

/**
 * Each set's operation ids, following `extends`; sets whose chain is broken
 * (missing parent or a cycle) are left out. Shared with the resolver.
 */
export function resolveMembers(list: readonly RawSet[], sets: ReadonlyMap<string, RawSet>): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const visit = (set: RawSet, path: readonly string[]): string[] | undefined => {
    const done = out.get(set.id.value);
    if (done) return done;
    if (path.includes(set.id.value)) return undefined;
    let members: string[];
    if (set.extends === undefined) members = [...new Set((set.operations ?? []).map((item) => item.value))];
    else {
      const parent = sets.get(set.extends.value);
      const inherited = parent && parent !== set ? visit(parent, [...path, set.id.value]) : undefined;
      if (inherited === undefined) return undefined;
      const removed = new Set(set.removes.map((item) => item.value));
      members = [...inherited.filter((id) => !removed.has(id))];
      for (const add of set.adds) if (!members.includes(add.value)) members.push(add.value);
    }
    out.set(set.id.value, members);
    return members;
  };
  for (const set of list) visit(set, []);
  return out;
}

export const rateLimitUnits = { second: 1_000, minute: 60_000, hour: 3_600_000, day: 86_400_000 } as const;

/** `10000/hour`, `100 per hour`, `5/minute`. */
export function parseRateLimit(text: string): { limit: number; unit: keyof typeof rateLimitUnits } | undefined {
  const match = /^\s*(\d{1,9})\s*(?:\/|per)\s*(second|minute|hour|day)\s*$/.exec(text);
  if (!match) return undefined;
  const limit = Number(match[1]);
  if (limit < 1) return undefined;
  return { limit, unit: match[2] as keyof typeof rateLimitUnits };
}

function checkRateLimit(set: RawSet, report: Report): void {
  const text = set.plan.rateLimit;
  if (parseRateLimit(text.value) === undefined) report(text.range, diagnostics.badRateLimit(text.value));
}

function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

function checkSchemas(raw: RawSpec, report: Report): void {
  const named = new Map(raw.schemas.map((schema) => [schema.name.value, schema.schema]));
  const names = [...named.keys()];
  const checkRefs = (schema: RawSchema | undefined): void => {
    for (const ref of refsOf(schema)) {
      if (!named.has(ref.value)) report(ref.range, diagnostics.unknownSchema(ref.value, closest(ref.value, names)));
    }
  };
  for (const schema of raw.schemas) checkRefs(schema.schema);
  for (const operation of raw.operations) {
    checkRefs(operation.request);
    checkRefs(operation.response);
    for (const error of operation.errors) checkRefs(error.schema);
  }
  // Cycles between named schemas.
  const state = new Map<string, "visiting" | "done">();
  const reported = new Set<string>();
  const visit = (name: string, path: string[]): void => {
    if (state.get(name) === "done") return;
    if (state.get(name) === "visiting") {
      const cycle = [...path.slice(path.indexOf(name)), name];
      const key = [...new Set(cycle)].sort().join("\u0000");
      if (!reported.has(key)) {
        reported.add(key);
        const at = raw.schemas.find((schema) => schema.name.value === name);
        report(at?.name.range, diagnostics.schemaCycle(cycle));
      }
      return;
    }
    state.set(name, "visiting");
    for (const ref of refsOf(named.get(name))) if (named.has(ref.value)) visit(ref.value, [...path, name]);
    state.set(name, "done");
  };
  for (const name of names) visit(name, []);
}

/** Every `$ref` inside a schema, without recursion limits beyond the spec's depth cap. */
export function refsOf(schema: RawSchema | undefined): Located<string>[] {
  const out: Located<string>[] = [];
  const stack: (RawSchema | undefined)[] = [schema];
  while (stack.length > 0) {
    const node = stack.pop();
    if (node === undefined) continue;
    if (node.kind === "ref") out.push(node.name);
    else if (node.kind === "object") stack.push(...node.properties.map((property) => property.schema));
    else if (node.kind === "array") stack.push(node.items);
  }
  return out;
}
