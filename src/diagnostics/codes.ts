/**
 * Every diagnostic remitgen reports, declared in one place: a stable code,
 * the message, and a hint that says how to fix it.
 */
export interface DiagnosticText {
  readonly code: string;
  readonly message: string;
  readonly hint: string;
}

const quote = (text: string): string => JSON.stringify(text);
const list = (items: readonly string[]): string => items.map(quote).join(", ");

export const diagnostics = {
  cannotRead: (reason: string): DiagnosticText => ({
    code: "RG001",
    message: `cannot read the spec: ${reason}`,
    hint: "check the --spec path",
  }),
  tooLarge: (bytes: number, limit: number): DiagnosticText => ({
    code: "RG002",
    message: `the spec is ${bytes} bytes, over the ${limit}-byte limit`,
    hint: "a spec this large is almost certainly not hand-written; split or trim it",
  }),
  yamlSyntax: (detail: string): DiagnosticText => ({
    code: "RG003",
    message: `YAML syntax error: ${detail}`,
    hint: "fix the YAML at this position (indentation, quotes, colons)",
  }),
  tooDeep: (limit: number): DiagnosticText => ({
    code: "RG004",
    message: `the spec is nested more than ${limit} levels deep`,
    hint: "flatten the structure, or move nested schemas to named schemas",
  }),
  specVersion: (found: string): DiagnosticText => ({
    code: "RG005",
    message: `unsupported spec format version ${found}`,
    hint: "start the spec with `remitgen: 1`",
  }),
  unknownKey: (
    key: string,
    where: string,
    suggestion: string | undefined,
    allowed: readonly string[],
  ): DiagnosticText => ({
    code: "RG010",
    message: `unknown key ${quote(key)} in ${where}`,
    hint:
      suggestion !== undefined
        ? `did you mean ${quote(suggestion)}?`
        : `allowed keys: ${list(allowed)}`,
  }),
  missingKey: (key: string, where: string): DiagnosticText => ({
    code: "RG011",
    message: `missing required key ${quote(key)} in ${where}`,
    hint: `add \`${key}:\` to ${where}`,
  }),
  wrongType: (where: string, expected: string, found: string): DiagnosticText => ({
    code: "RG012",
    message: `${where} must be ${expected}, found ${found}`,
    hint:
      expected === "a string" && (found === "a number" || found === "a boolean")
        ? "quote the value, e.g. \"1.0\""
        : `write ${expected} here`,
  }),
  badValue: (where: string, value: string, allowed: readonly string[]): DiagnosticText => ({
    code: "RG013",
    message: `${where} is ${quote(value)}, which is not allowed`,
    hint: `use one of ${list(allowed)}`,
  }),
  duplicateKey: (key: string, where: string): DiagnosticText => ({
    code: "RG014",
    message: `duplicate ${where} ${quote(key)}`,
    hint: "each key may appear once; remove or rename one of them",
  }),
  emptyText: (where: string): DiagnosticText => ({
    code: "RG015",
    message: `${where} must not be empty`,
    hint: "write the text, or remove the key",
  }),
  duplicatePath: (path: string, other: string): DiagnosticText => ({
    code: "RG020",
    message: `path ${quote(path)} is already used by operation ${quote(other)}`,
    hint: "each operation needs its own path",
  }),
  badPath: (path: string): DiagnosticText => ({
    code: "RG021",
    message: `path ${quote(path)} is not a valid operation path`,
    hint: "a path starts with \"/\" and holds only letters, digits and - . _ ~ / characters",
  }),
  nameCollision: (kind: string, name: string, first: string, second: string): DiagnosticText => ({
    code: "RG022",
    message: `${kind} ${quote(first)} and ${quote(second)} both generate the name ${quote(name)}`,
    hint: "rename one of them so that their generated names differ",
  }),
  unknownOperation: (name: string, where: string, suggestion: string | undefined): DiagnosticText => ({
    code: "RG030",
    message: `unknown operation ${quote(name)} in ${where}`,
    hint:
      suggestion !== undefined
        ? `did you mean ${quote(suggestion)}?`
        : "declare it under `operations:` first",
  }),
  listedTwice: (name: string, where: string): DiagnosticText => ({
    code: "RG031",
    message: `operation ${quote(name)} is listed twice in ${where}`,
    hint: "remove the second entry",
  }),
  extendsMissing: (set: string, target: string, suggestion: string | undefined): DiagnosticText => ({
    code: "RG032",
    message: `set ${quote(set)} extends ${quote(target)}, which is not a set`,
    hint: suggestion !== undefined ? `did you mean ${quote(suggestion)}?` : "name a set declared under `sets:`",
  }),
  extendsSelf: (set: string): DiagnosticText => ({
    code: "RG033",
    message: `set ${quote(set)} extends itself`,
    hint: "name the set it builds on, or remove `extends`",
  }),
  extendsCycle: (cycle: readonly string[]): DiagnosticText => ({
    code: "RG034",
    message: `sets extend each other in a cycle: ${cycle.map(quote).join(" -> ")}`,
    hint: "one set in the chain must not extend another",
  }),
  membershipForm: (set: string, hasExtends: boolean): DiagnosticText => ({
    code: "RG035",
    message: hasExtends
      ? `set ${quote(set)} extends another set, so it lists \`adds\`/\`removes\`, not \`operations\``
      : `set ${quote(set)} extends no set, so it needs an \`operations\` list`,
    hint: hasExtends
      ? "replace `operations:` with `adds:` (and `removes:` if needed)"
      : "add `operations:` with the operation names, or `extends:` a set",
  }),
  alreadyMember: (name: string, set: string, parent: string): DiagnosticText => ({
    code: "RG036",
    message: `set ${quote(set)} adds ${quote(name)}, which ${quote(parent)} already has`,
    hint: "remove it from `adds`",
  }),
  notMember: (name: string, set: string, parent: string): DiagnosticText => ({
    code: "RG037",
    message: `set ${quote(set)} removes ${quote(name)}, which ${quote(parent)} does not have`,
    hint: "remove it from `removes`",
  }),
  emptySet: (set: string): DiagnosticText => ({
    code: "RG038",
    message: `set ${quote(set)} has no operations`,
    hint: "a set needs at least one operation",
  }),
  unusedOperation: (name: string): DiagnosticText => ({
    code: "RG039",
    message: `operation ${quote(name)} is in no set`,
    hint: "add it to a set's `operations` or `adds`, or remove it",
  }),
  badRateLimit: (text: string): DiagnosticText => ({
    code: "RG040",
    message: `rate limit ${quote(text)} is not of the form COUNT/UNIT`,
    hint: "write e.g. `10000/hour`; units: second, minute, hour, day",
  }),
  badDate: (text: string): DiagnosticText => ({
    code: "RG041",
    message: `date ${quote(text)} is not a calendar date`,
    hint: "write YYYY-MM-DD, e.g. 2023-04-10",
  }),
  badVersion: (text: string): DiagnosticText => ({
    code: "RG042",
    message: `version ${quote(text)} is not of the form MAJOR.MINOR.PATCH`,
    hint: "write e.g. \"1.0.3\"",
  }),
  badPackageName: (text: string): DiagnosticText => ({
    code: "RG043",
    message: `package name part ${quote(text)} is not a valid npm name`,
    hint: "use lowercase letters, digits and - (e.g. `remittance`)",
  }),
  unknownSchema: (name: string, suggestion: string | undefined): DiagnosticText => ({
    code: "RG050",
    message: `unknown schema ${quote(name)}`,
    hint:
      suggestion !== undefined
        ? `did you mean ${quote(suggestion)}?`
        : "declare it under `schemas:`",
  }),
  schemaCycle: (cycle: readonly string[]): DiagnosticText => ({
    code: "RG051",
    message: `schemas refer to each other in a cycle: ${cycle.map(quote).join(" -> ")}`,
    hint: "remitgen supports acyclic schemas; break the cycle",
  }),
  badPattern: (pattern: string, reason: string): DiagnosticText => ({
    code: "RG052",
    message: `pattern ${quote(pattern)} is not a valid regular expression: ${reason}`,
    hint: "write an ECMAScript regular expression without slashes",
  }),
  badRange: (where: string, low: string, high: string): DiagnosticText => ({
    code: "RG053",
    message: `${where}: ${low} is greater than ${high}`,
    hint: `make ${low} at most ${high}`,
  }),
  emptyEnum: (where: string): DiagnosticText => ({
    code: "RG054",
    message: `${where}: enum needs at least one value`,
    hint: "list the allowed values, e.g. `enum: [PENDING, PAID]`",
  }),
  badStatus: (status: string): DiagnosticText => ({
    code: "RG055",
    message: `status ${status} is not an HTTP error status`,
    hint: "use a status from 400 to 599",
  }),
} as const;
