/**
 * Every diagnostic remitgen reports, declared in one place: a stable code,
 * the message, and a hint that says how to fix it.
 */
export interface DiagnosticText<Code extends string = DiagnosticCode> {
  readonly code: Code;
  readonly message: string;
  readonly hint: string;
}

/**
 * Every code remitgen reports, `"RG001" | ... | "RG099"`, read from the
 * tables below: a code is declared there, in its entry's return type
 * (which the code it returns must match), and nowhere else.
 */
export type DiagnosticCode =
  | CodeOf<typeof diagnostics>
  | CodeOf<typeof usageProblems>
  | CodeOf<typeof outputProblems>
  | CodeOf<typeof warnings>
  | CodeOf<typeof initProblems>
  | CodeOf<typeof importProblems>;

/**
 * A warning: said with its code and hint like an error, but the run goes
 * on and its exit status is unchanged.
 */
export interface WarningText<
  Code extends string = DiagnosticCode,
> extends DiagnosticText<Code> {
  readonly severity: "warning";
}

type CodeOf<Table> = {
  [Name in keyof Table]: Table[Name] extends (
    ...args: never[]
  ) => DiagnosticText<infer Code>
    ? Code
    : never;
}[keyof Table];

const quote = (text: string): string => JSON.stringify(text);
const list = (items: readonly string[]): string => items.map(quote).join(", ");
/** Quoted with every character outside ASCII escaped, so names that look alike show apart. */
const asciiQuote = (text: string): string =>
  quote(text).replace(/[^\x00-\x7f]/gu, (char) => {
    const code = char.codePointAt(0)!;
    return code > 0xffff
      ? `\\u{${code.toString(16)}}`
      : `\\u${code.toString(16).padStart(4, "0")}`;
  });
/**
 * "Did you mean" a declared name. One that looks just like the name
 * written (its accents encoded differently) is shown escaped, both ways.
 */
const didYouMean = (written: string, suggestion: string): string =>
  written.normalize("NFC") === suggestion.normalize("NFC")
    ? `did you mean ${asciiQuote(suggestion)}? Here it is written ${asciiQuote(written)}: the accents are encoded differently (composed and decomposed Unicode)`
    : `did you mean ${quote(suggestion)}?`;

export const diagnostics = {
  /** `reason`: the system's refusal in words (spec/load.ts words it). */
  cannotRead: (reason: string, hint: string): DiagnosticText<"RG001"> => ({
    code: "RG001",
    message: `cannot read the spec: ${reason}`,
    hint,
  }),
  /**
   * The spec path names a pipe, socket or device: opening a named pipe that
   * nobody writes would wait forever, deaf to Ctrl-C. `kind`, in words,
   * e.g. `a named pipe (FIFO)`.
   */
  notRegularFile: (kind: string): DiagnosticText<"RG001"> => ({
    code: "RG001",
    message: `cannot read the spec: it is ${kind}, not a regular file`,
    hint: "give --spec the spec file itself; to check text from a pipe, save it to a file first",
  }),
  tooLarge: (bytes: number, limit: number): DiagnosticText<"RG002"> => ({
    code: "RG002",
    message: `the spec is ${bytes} bytes, over the ${limit}-byte limit`,
    hint: "a spec this large is almost certainly not hand-written; split or trim it",
  }),
  yamlSyntax: (detail: string, yamlCode?: string): DiagnosticText<"RG003"> => ({
    code: "RG003",
    message: `YAML syntax error: ${detail}`,
    hint:
      yamlHints[yamlCode ?? ""] ??
      "fix the YAML at this position (indentation, quotes, colons)",
  }),
  tooDeep: (limit: number): DiagnosticText<"RG004"> => ({
    code: "RG004",
    message: `the spec is nested more than ${limit} levels deep`,
    hint: "flatten the structure, or move nested schemas to named schemas",
  }),
  specVersion: (found: string): DiagnosticText<"RG005"> => ({
    code: "RG005",
    message:
      found === ""
        ? "the spec format version is empty"
        : `unsupported spec format version ${found}`,
    hint: "this remitgen reads spec format 1: write `remitgen: 1` (a number, unquoted)",
  }),
  /**
   * A format version that reads as 1 but is written otherwise (`1.0`,
   * `0x1`, `!!float 1`): a `1.0` suggests minor format versions, which
   * there are none of, so it is refused rather than read as 1.
   */
  specVersionNotWhole: (written: string): DiagnosticText<"RG005"> => ({
    code: "RG005",
    message: `the spec format version is written ${quote(written)}, not as a whole number`,
    hint: "write `remitgen: 1`: the format version is one whole number (each set's own version goes under `sets:`, as `version: 1.0.3`)",
  }),
  notUtf8: (detail: string): DiagnosticText<"RG009"> => ({
    code: "RG009",
    message: `the spec is not UTF-8 text: ${detail}`,
    hint: 'save the file as UTF-8 (an editor\'s "Unicode" or "ANSI" is another encoding)',
  }),
  emptySpec: (): DiagnosticText<"RG008"> => ({
    code: "RG008",
    message: "the spec is empty",
    hint: "start with `remitgen: 1`, then write `service:`, `auth:`, `operations:` and `sets:`",
  }),
  aliasExpansion: (limit: number): DiagnosticText<"RG006"> => ({
    code: "RG006",
    message: `YAML aliases expand the spec past ${limit} nodes`,
    hint: "write the repeated parts out, or move them to named schemas and refer to them with `$ref`",
  }),
  unknownAlias: (name: string): DiagnosticText<"RG007"> => ({
    code: "RG007",
    message: `alias *${name} names no anchor`,
    hint: `define \`&${name}\` on a node earlier in the file, or write the value out`,
  }),
  /** `tag` as written; `core`: a core-schema tag (`!!int`) whose value does not fit it. */
  unsupportedTag: (tag: string, core: boolean): DiagnosticText<"RG016"> => ({
    code: "RG016",
    message: core
      ? `the value does not fit its YAML tag ${tag}`
      : `the YAML tag ${tag} is not supported`,
    hint: core
      ? "remove the tag, or write a value of its type"
      : "remove the tag: a spec holds plain strings, numbers, true or false, lists and mappings (quote a value to keep it a string)",
  }),
  yamlVersion: (version: string): DiagnosticText<"RG017"> => ({
    code: "RG017",
    message: `the spec says it is YAML ${version}; remitgen reads YAML 1.2`,
    hint: `remove the \`%YAML ${version}\` line: in YAML 1.2, \`yes\` is a string and 2023-04-10 is text, not a date`,
  }),
  /** `readAs`: the number a JavaScript number holds instead. */
  inexactNumber: (
    written: string,
    readAs: string,
  ): DiagnosticText<"RG018"> => ({
    code: "RG018",
    message: `the number ${written} is too large to be read exactly: it would read as ${readAs}`,
    hint: "write a whole number of at most 9007199254740991 (2^53 - 1), or quote it if it is an identifier",
  }),
  /** `suggestionGiven`: the suggested key is already there, so this one is a stray copy. */
  unknownKey: (
    key: string,
    where: string,
    suggestion: string | undefined,
    allowed: readonly string[],
    suggestionGiven: boolean = false,
  ): DiagnosticText<"RG010"> => ({
    code: "RG010",
    message: `unknown key ${quote(key)} in ${where}`,
    hint:
      suggestion === undefined
        ? `allowed keys: ${list(allowed)}`
        : suggestionGiven
          ? `${quote(suggestion)} is already given; remove this key`
          : `did you mean ${quote(suggestion)}?`,
  }),
  /** `example` is a value to show in the hint, e.g. `"1.0.0"` for a version. */
  missingKey: (
    key: string,
    where: string,
    example?: string,
  ): DiagnosticText<"RG011"> => ({
    code: "RG011",
    message: `missing required key ${quote(key)} in ${where}`,
    hint:
      example === undefined
        ? `add \`${key}:\` to ${where}`
        : `add \`${key}: ${example}\` to ${where}`,
  }),
  /**
   * A key another key needs (`effect` for `effectBasis`: a basis is said
   * of a written effect). `choices` are whole `key: value` lines to offer.
   */
  missingDependentKey: (
    key: string,
    where: string,
    because: string,
    choices: readonly string[],
  ): DiagnosticText<"RG011"> => ({
    code: "RG011",
    message: `missing required key ${quote(key)} in ${where}: it has \`${because}\``,
    hint: `add ${choices.length > 0 ? choices.map((line) => `\`${line}\``).join(" or ") : `\`${key}:\``}, or remove \`${because}\``,
  }),
  /** `written` is the offending value as it stands in the file, to show the fix. */
  wrongType: (
    where: string,
    expected: string,
    found: string,
    written?: string,
  ): DiagnosticText<"RG012"> => ({
    code: "RG012",
    message: `${where} must be ${expected}, found ${found}`,
    hint: wrongTypeHint(expected, found, written),
  }),
  badValue: (
    where: string,
    value: string,
    allowed: readonly string[],
    suggestion?: string,
  ): DiagnosticText<"RG013"> => ({
    code: "RG013",
    message: `${where} is ${quote(value)}, which is not allowed`,
    hint:
      suggestion !== undefined
        ? `did you mean ${quote(suggestion)}? (allowed: ${list(allowed)})`
        : allowed.length === 1
          ? `the only allowed value is ${quote(allowed[0] ?? "")}`
          : `use one of ${list(allowed)}`,
  }),
  /** `what` is e.g. `operation`, or `key in set "v3"`; `firstAt` is where the key first appears. */
  duplicateKey: (
    key: string,
    what: string,
    firstAt: string,
  ): DiagnosticText<"RG014"> => ({
    code: "RG014",
    message: what.startsWith("key in ")
      ? `duplicate key ${quote(key)} in ${what.slice("key in ".length)}`
      : `duplicate ${what} ${quote(key)}`,
    hint: `${quote(key)} is already declared at ${firstAt}; remove or rename one of them`,
  }),
  emptyText: (where: string): DiagnosticText<"RG015"> => ({
    code: "RG015",
    message: `${where} must not be empty`,
    hint: "write the text here",
  }),
  /**
   * A name of nothing but white space or invisible characters: it would
   * name a folder, file or type by a hash nobody can read. `what` is e.g.
   * `operation name`; `example`, a name of its kind.
   */
  blankName: (
    what: string,
    name: string,
    example: string,
  ): DiagnosticText<"RG015"> => ({
    code: "RG015",
    message:
      name === ""
        ? `${what} is empty`
        : `${what} ${asciiQuote(name)} holds no visible character`,
    hint: `name it with letters or digits, e.g. \`${example}\``,
  }),
  /** Paths compared with their `{name}`s aside: `/a/{id}` and `/a/{key}` take the same requests. */
  duplicatePath: (
    path: string,
    other: string,
    method: string,
  ): DiagnosticText<"RG020"> => ({
    code: "RG020",
    message: `${method} ${quote(path)} is already used by operation ${quote(other)}`,
    hint: "give each operation its own path, or another method",
  }),
  /** `templates`: an operation's path, which may hold `{name}` templates. */
  badPath: (
    path: string,
    suggestion?: string,
    templates: boolean = false,
  ): DiagnosticText<"RG021"> => ({
    code: "RG021",
    message: `path ${quote(path)} is not a valid ${templates ? "operation " : ""}path`,
    hint:
      suggestion !== undefined
        ? `write ${quote(suggestion)}`
        : `a path starts with "/" and holds only letters, digits and - . _ ~ / characters${templates ? ", and `{name}` where a path parameter goes (e.g. /accounts/{accountId})" : ""}`,
  }),
  /** `segment` as written, e.g. `..` or `%2e%2E`. */
  dotSegment: (path: string, segment: string): DiagnosticText<"RG021"> => ({
    code: "RG021",
    message: `path ${quote(path)} holds the segment ${quote(segment)}, which ${segment.length === 1 || /^(?:\.|%2e)$/i.test(segment) ? "a resolved URL drops" : "climbs out of the base URL's path"}`,
    hint: 'write the path from the base URL down, with no "." or ".." segment (percent-encoded ones included), e.g. "/send_txns"',
  }),
  /**
   * Two spec names generate one name (or names that differ only in letter
   * case, which clash on case-insensitive file systems). `second` and
   * `first` describe the owners, e.g. `operation "getAcctTitle"`.
   */
  nameCollision: (
    what: string,
    second: string,
    secondName: string,
    first: string,
    firstName: string,
    hint?: string,
  ): DiagnosticText<"RG022"> => ({
    code: "RG022",
    message:
      secondName === firstName
        ? `${second} generates the ${what} ${quote(secondName)}, which ${first} also generates`
        : `${second} generates the ${what} ${quote(secondName)}, which differs only in letter case from ${quote(firstName)} of ${first}`,
    hint:
      hint ??
      `rename one of them so that they generate different ${what.endsWith("y") ? `${what.slice(0, -1)}ies` : `${what}s`}`,
  }),
  /**
   * Two spec names of one kind that differ only in how their accents are
   * encoded (composed "é", or "e" and U+0301): they look alike and generate
   * the same names. `owner` describes either, e.g. `operation "café"`;
   * `secondId` and `firstId` are the names as written.
   */
  nameEncodedTwice: (
    owner: string,
    secondId: string,
    firstId: string,
  ): DiagnosticText<"RG022"> => ({
    code: "RG022",
    message: `${owner.normalize("NFC")} is declared twice, its accents encoded differently each time`,
    hint: `here it is written ${asciiQuote(secondId)}, before ${asciiQuote(firstId)} (decomposed and composed Unicode); remove one of them, or rename it`,
  }),
  /** `{name}` in an operation's path with no path parameter to fill it. */
  pathTemplateUnfilled: (
    operation: string,
    path: string,
    name: string,
  ): DiagnosticText<"RG023"> => ({
    code: "RG023",
    message: `operation ${quote(operation)} path ${quote(path)} holds {${name}}, which no path parameter fills`,
    hint: `add \`- { name: ${name}, in: path, required: true, schema: { type: string } }\` under \`parameters:\`, or take {${name}} out of the path`,
  }),
  pathParameterUnused: (
    operation: string,
    name: string,
    path: string,
  ): DiagnosticText<"RG024"> => ({
    code: "RG024",
    message: `operation ${quote(operation)} has the path parameter ${quote(name)}, which its path ${quote(path)} does not hold`,
    hint: `write {${name}} in the path where the value goes, or make it \`in: query\``,
  }),
  optionalPathParameter: (
    operation: string,
    name: string,
  ): DiagnosticText<"RG025"> => ({
    code: "RG025",
    message: `path parameter ${quote(name)} of operation ${quote(operation)} is not required`,
    hint: "a path parameter is always required (the path is incomplete without it): remove `required: false`",
  }),
  /** `first`: the other parameter's name as written (header names ignore letter case). */
  duplicateParameter: (
    operation: string,
    location: string,
    name: string,
    first: string,
  ): DiagnosticText<"RG026"> => ({
    code: "RG026",
    message:
      name === first
        ? `operation ${quote(operation)} has two ${location} parameters named ${quote(name)}`
        : `operation ${quote(operation)} has the header parameters ${quote(first)} and ${quote(name)}, one name in two letter cases`,
    hint:
      name === first
        ? "remove or rename one of them"
        : "header names ignore letter case, so they are one header: remove or rename one of them",
  }),
  /** `where`, e.g. `a header parameter of operation "get"`. */
  badHeaderName: (where: string, name: string): DiagnosticText<"RG027"> => ({
    code: "RG027",
    message: `${quote(name)} (${where}) is not a valid header name`,
    hint: "a header name holds only letters, digits and ! # $ % & ' * + - . ^ _ ` | ~, e.g. `X-Request-Id`",
  }),
  /**
   * A parameter the client sends itself. `why`: `auth` (credentials),
   * `json` (content-type, accept), `api-key` (the spec's API key),
   * `transport` (framing headers fetch sets).
   */
  reservedParameter: (
    location: string,
    name: string,
    operation: string,
    why: "auth" | "json" | "api-key" | "transport",
  ): DiagnosticText<"RG027"> => ({
    code: "RG027",
    message: `${location} parameter ${quote(name)} of operation ${quote(operation)} is one the client sets itself`,
    hint: {
      auth: "the client sends credentials as the spec's `auth` says: remove this parameter",
      json: "the client always sends and accepts JSON: remove this parameter",
      "api-key":
        "the client sends the API key `auth` names, from its `apiKey` option: remove this parameter",
      transport:
        "the HTTP client sets this header from the request itself: remove this parameter",
    }[why],
  }),
  /** `found`: what the schema is, e.g. `an object`, `an array of objects`. */
  badParameterSchema: (
    location: string,
    name: string,
    operation: string,
    found: string,
  ): DiagnosticText<"RG028"> => ({
    code: "RG028",
    message: `${location} parameter ${quote(name)} of operation ${quote(operation)} is ${found}, not a string, number, integer, boolean or enum${location === "path" ? "" : " (or an array of these)"}`,
    hint:
      location === "path"
        ? "a path segment holds one value: give it `schema: { type: string }` or another scalar type"
        : "a parameter is sent as text: give it a scalar or enum schema (or an array of one), and send structured values in the request body",
  }),
  bodyNotAllowed: (
    operation: string,
    method: string,
  ): DiagnosticText<"RG029"> => ({
    code: "RG029",
    message: `operation ${quote(operation)} is a ${method}, which has no body, but it states a \`request\``,
    hint: `remove \`request\` (or write \`request: false\`), or use POST, PUT or PATCH if the API takes a body`,
  }),
  unknownOperation: (
    name: string,
    where: string,
    suggestion: string | undefined,
  ): DiagnosticText<"RG030"> => ({
    code: "RG030",
    message: `unknown operation ${quote(name)} in ${where}`,
    hint:
      suggestion !== undefined
        ? didYouMean(name, suggestion)
        : "declare it under `operations:` first",
  }),
  listedTwice: (name: string, where: string): DiagnosticText<"RG031"> => ({
    code: "RG031",
    message: `operation ${quote(name)} is listed twice in ${where}`,
    hint: "remove the second entry",
  }),
  extendsMissing: (
    set: string,
    target: string,
    suggestion: string | undefined,
  ): DiagnosticText<"RG032"> => ({
    code: "RG032",
    message: `set ${quote(set)} extends ${quote(target)}, which is not a set`,
    hint:
      suggestion !== undefined
        ? didYouMean(target, suggestion)
        : "name a set declared under `sets:`",
  }),
  extendsSelf: (set: string): DiagnosticText<"RG033"> => ({
    code: "RG033",
    message: `set ${quote(set)} extends itself`,
    hint: "name the set it builds on, or remove `extends`",
  }),
  extendsCycle: (cycle: readonly string[]): DiagnosticText<"RG034"> => ({
    code: "RG034",
    message: `sets extend each other in a cycle: ${cycle.map(quote).join(" -> ")}`,
    hint: "make one set of the cycle a root set: replace its `extends:` and `adds:` with an `operations:` list",
  }),
  /**
   * `operations-with-extends`: a set that extends lists `operations`;
   * `list-without-extends`: a root set lists `adds` or `removes` (`key`);
   * `no-operations`: a root set has no `operations` list.
   */
  membershipForm: (
    set: string,
    form: "operations-with-extends" | "list-without-extends" | "no-operations",
    key: string = "adds",
  ): DiagnosticText<"RG035"> => {
    switch (form) {
      case "operations-with-extends":
        return {
          code: "RG035",
          message: `set ${quote(set)} extends another set, so it lists \`adds\`/\`removes\`, not \`operations\``,
          hint: "replace `operations:` with `adds:` (and `removes:` if needed), or remove `extends:`",
        };
      case "list-without-extends":
        return {
          code: "RG035",
          message: `set ${quote(set)} extends no set, so it cannot list \`${key}\``,
          hint: `list the set's operations under \`operations:\`, or add \`extends:\` with the set it builds on`,
        };
      case "no-operations":
        return {
          code: "RG035",
          message: `set ${quote(set)} extends no set, so it needs an \`operations\` list`,
          hint: "add `operations:` with the operation names, or `extends:` a set",
        };
    }
  },
  alreadyMember: (
    name: string,
    set: string,
    parent: string,
  ): DiagnosticText<"RG036"> => ({
    code: "RG036",
    message: `set ${quote(set)} adds ${quote(name)}, which ${quote(parent)} already has`,
    hint: "remove it from `adds`",
  }),
  notMember: (
    name: string,
    set: string,
    parent: string,
  ): DiagnosticText<"RG037"> => ({
    code: "RG037",
    message: `set ${quote(set)} removes ${quote(name)}, which ${quote(parent)} does not have`,
    hint: "remove it from `removes`",
  }),
  emptySet: (set: string): DiagnosticText<"RG038"> => ({
    code: "RG038",
    message: `set ${quote(set)} has no operations`,
    hint: "a set needs at least one operation",
  }),
  unusedOperation: (name: string): DiagnosticText<"RG039"> => ({
    code: "RG039",
    message: `operation ${quote(name)} is in no set`,
    hint: "add it to a set's `operations` or `adds`, or remove it",
  }),
  /**
   * `form`: not COUNT/UNIT at all; `unit`: the unit is not one remitgen
   * knows (`detail` is the unit, `suggestion` a known one); `zero`: the
   * count allows no request.
   */
  badRateLimit: (
    text: string,
    problem: "form" | "unit" | "zero" | "large" = "form",
    detail: string = "",
    suggestion?: string,
  ): DiagnosticText<"RG040"> => {
    const units = "second, minute, hour, day";
    switch (problem) {
      case "unit":
        return {
          code: "RG040",
          message: `rate limit ${quote(text)} has the unknown unit ${quote(detail)}`,
          hint:
            suggestion !== undefined
              ? `did you mean ${quote(suggestion)}? (units: ${units})`
              : `use one of the units ${units}, e.g. \`10000/hour\``,
        };
      case "large":
        return {
          code: "RG040",
          message: `rate limit ${quote(text)} has a count over ${detail}`,
          hint: `write a count of at most ${detail}; for a higher rate, count per a shorter unit (second, minute)`,
        };
      case "zero":
        return {
          code: "RG040",
          message: `rate limit ${quote(text)} allows no request`,
          hint: "the count must be at least 1, e.g. `100/hour`",
        };
      case "form":
        return {
          code: "RG040",
          message: `rate limit ${quote(text)} is not of the form COUNT/UNIT`,
          hint: `write e.g. \`10000/hour\` or \`10000 per hour\`; units: ${units}`,
        };
    }
  },
  /** `reason` says what is wrong, e.g. `2023-02 has no day 30`. */
  badDate: (text: string, reason?: string): DiagnosticText<"RG041"> => ({
    code: "RG041",
    message: `date ${quote(text)} is not a calendar date${reason !== undefined ? `: ${reason}` : ""}`,
    hint: "write a real date as YYYY-MM-DD, e.g. 2023-04-10",
  }),
  badVersion: (text: string, suggestion?: string): DiagnosticText<"RG042"> => ({
    code: "RG042",
    message: `version ${quote(text)} is not of the form MAJOR.MINOR.PATCH`,
    hint:
      suggestion !== undefined
        ? `write ${quote(suggestion)}`
        : 'write three whole numbers separated by dots, e.g. "1.0.3"',
  }),
  /** `part` is `package scope` or `package name`. */
  packageNameTooLong: (
    text: string,
    part: string,
    longest: number,
  ): DiagnosticText<"RG043"> => ({
    code: "RG043",
    message: `${part} ${quote(text)} is ${text.length} characters, over ${longest}`,
    hint: `shorten it to at most ${longest} characters: with a set's folder, @scope/name-set must fit npm's 214`,
  }),
  badPackageName: (
    text: string,
    part: string = "package name part",
    suggestion?: string,
  ): DiagnosticText<"RG043"> => ({
    code: "RG043",
    message: `${part} ${quote(text)} is not a valid npm name`,
    hint:
      suggestion !== undefined
        ? `did you mean ${quote(suggestion)}? (lowercase letters, digits, - . _)`
        : "use lowercase letters, digits, - . and _, starting with a letter or digit (e.g. `payments`)",
  }),
  /**
   * A schema's `example`, `default` or `const` that its own schema refuses
   * (the mock would serve it). `where` names the node, e.g. `property
   * "count" of schema "Order"`; `violation` is the validator's first
   * finding, `more` how many others.
   */
  exampleMismatch: (
    where: string,
    violation: string,
    more: number = 0,
    what: "example" | "default" | "const" = "example",
  ): DiagnosticText<"RG044"> => ({
    code: "RG044",
    message: `${what} of ${where} does not match its schema: ${violation}${more > 0 ? ` (and ${more} more)` : ""}`,
    hint:
      what === "const"
        ? "change the constant to a value of the `type` written beside it, or correct the `type`"
        : `change the ${what} to a value the schema allows, or correct the schema if the ${what} is right`,
  }),
  /**
   * A schema bound no value can meet. `negative`: a count (`key` is
   * minLength, maxLength, minItems or maxItems) below 0; `no-integer`: an
   * integer schema whose minimum `value` to maximum `high` holds no whole number.
   */
  impossibleBound: (
    where: string,
    problem: "negative" | "no-integer",
    key: string,
    value: number,
    high: number = value,
  ): DiagnosticText<"RG045"> => {
    switch (problem) {
      case "negative":
        return {
          code: "RG045",
          message: `${where}: ${key} ${value} is negative`,
          hint: `${key} counts ${key.endsWith("Items") ? "items" : "characters"}, so it is 0 or more: write e.g. \`${key}: 0\`, or remove it`,
        };
      case "no-integer":
        return {
          code: "RG045",
          message: `${where}: no whole number lies between minimum ${value} and maximum ${high}`,
          hint: `lower minimum to ${Math.floor(value)} or raise maximum to ${Math.ceil(high)}, or use \`type: number\` if fractions are meant`,
        };
    }
  },
  badRegistry: (text: string): DiagnosticText<"RG047"> => ({
    code: "RG047",
    message: `package registry ${quote(text)} is not a plain http or https address`,
    hint: "write the registry's address as npm takes it, e.g. https://npm.example.com/ (no query, fragment or credentials: npm reads those from your .npmrc)",
  }),
  responseAndResponses: (operation: string): DiagnosticText<"RG048"> => ({
    code: "RG048",
    message: `operation ${quote(operation)} states both \`response\` and \`responses\``,
    hint: "keep one: `responses` lists the success statuses with their bodies (e.g. `- { status: 201, description: Created, schema: Payment }`), `response` gives the body of every 2xx",
  }),
  /** `list`: `responses` or `errors`. */
  duplicateStatus: (
    operation: string,
    status: number,
    list: string,
  ): DiagnosticText<"RG049"> => ({
    code: "RG049",
    message: `operation ${quote(operation)} states status ${status} twice in \`${list}\``,
    hint: "state each status once: an answer of that status has one description and one body",
  }),
  /** `where`, e.g. `service baseUrl`; `query`: an address, but with a query or fragment. */
  badBaseUrl: (
    where: string,
    url: string,
    query: boolean,
    suggestion?: string,
  ): DiagnosticText<"RG059"> => ({
    code: "RG059",
    message: query
      ? `${where} ${quote(url)} has a query or fragment, which the operations' paths cannot follow`
      : `${where} ${quote(url)} is neither a {variable} nor an http or https address`,
    hint:
      suggestion !== undefined
        ? `did you mean ${quote(suggestion)}?`
        : 'write the API\'s address, e.g. "https://api.example.com/v2" (no query or fragment), or a variable the client is given, e.g. "{base_url}"',
  }),
  credentialsInUrl: (where: string): DiagnosticText<"RG046"> => ({
    code: "RG046",
    message: `${where} holds credentials (user:password@)`,
    hint: "write the address without them: clients take credentials as options, and the spec's text is printed into generated docs and OpenAPI",
  }),
  unknownSchema: (
    name: string,
    suggestion: string | undefined,
  ): DiagnosticText<"RG050"> => ({
    code: "RG050",
    message: `unknown schema ${quote(name)}`,
    hint:
      suggestion !== undefined
        ? didYouMean(name, suggestion)
        : "declare it under `schemas:`",
  }),
  /** A cycle of bare references, unions and allOfs: no object member or list item ends it. */
  schemaCycle: (cycle: readonly string[]): DiagnosticText<"RG051"> => ({
    code: "RG051",
    message:
      cycle.length <= 2
        ? `schema ${quote(cycle[0] ?? "")} is made of itself: no value or type ends it`
        : `schemas are made of each other in a cycle: ${cycle.map(quote).join(" -> ")}; no value or type ends it`,
    hint: "a schema may contain itself only inside an object's member or a list's items (a tree): put this `$ref` there, or refer to another schema",
  }),
  badPattern: (pattern: string, reason: string): DiagnosticText<"RG052"> => ({
    code: "RG052",
    message: `pattern ${quote(pattern)} is not a valid regular expression: ${reason}`,
    hint: "fix the regular expression: ECMAScript syntax with the u flag, without surrounding slashes",
  }),
  /**
   * A pattern a backtracking engine (the mocks', the checker's) can take
   * more than linear time to match: one request would stall the mock.
   * `hotspots`: the parts that backtrack; `attack`: a value that shows it,
   * as recheck writes it (`'a'.repeat(31) + '\x00'`).
   */
  slowPattern: (
    pattern: string,
    complexity: string,
    hotspots: readonly string[],
    attack: string,
  ): DiagnosticText<"RG057"> => ({
    code: "RG057",
    message: `pattern ${quote(pattern)} can take ${complexity} time to match${hotspots.length > 0 ? ` (it backtracks at ${list(hotspots)})` : ""}: one value such as ${attack} would stall the mock`,
    hint: "rewrite it so that each character can be matched in one way only: no repeated group whose body repeats too or has alternatives that match the same text, e.g. `(a+)+` as `a+`, `(a|a)*` as `a*`, `^([A-Za-z]+ ?)+$` as `^[A-Za-z]+( [A-Za-z]+)* ?$`",
  }),
  /** A pattern the analysis cannot prove linear: it is refused, as a slow one is. */
  unprovenPattern: (
    pattern: string,
    reason: string,
  ): DiagnosticText<"RG057"> => ({
    code: "RG057",
    message: `pattern ${quote(pattern)} cannot be proved to match in linear time: ${reason}`,
    hint: "write it with characters, classes, groups, alternatives and quantifiers only (no look-arounds or back-references), or leave the rule to the service and drop the pattern",
  }),
  badRange: (
    where: string,
    low: string,
    lowValue: number,
    high: string,
    highValue: number,
  ): DiagnosticText<"RG053"> => ({
    code: "RG053",
    message: `${where}: ${low} ${lowValue} is greater than ${high} ${highValue}`,
    hint: `make ${low} at most ${highValue}, or raise ${high}`,
  }),
  emptyEnum: (where: string): DiagnosticText<"RG054"> => ({
    code: "RG054",
    message: `${where}: enum needs at least one value`,
    hint: "list the allowed values, e.g. `enum: [PENDING, PAID]`",
  }),
  badStatus: (status: string): DiagnosticText<"RG055"> => ({
    code: "RG055",
    message: `status ${status} is not an HTTP error status`,
    hint: "use a status from 400 to 599",
  }),
  /** A `oneOf`, `anyOf` or `allOf` with an empty list. */
  emptyVariants: (where: string, keyword: string): DiagnosticText<"RG060"> => ({
    code: "RG060",
    message: `${where}: ${keyword} needs at least one schema`,
    hint:
      keyword === "allOf"
        ? "list the parts, e.g. `allOf: [{ $ref: Base }, { type: object, properties: ... }]`"
        : `list the variants, e.g. \`${keyword}: [{ $ref: Card }, { $ref: Transfer }]\``,
  }),
  /** A discriminator mapping `value` to a schema that is not one of the union's variants. */
  discriminatorNotVariant: (
    where: string,
    value: string,
    schema: string,
    variants: readonly string[],
  ): DiagnosticText<"RG061"> => ({
    code: "RG061",
    message: `discriminator value ${quote(value)} of ${where} names schema ${quote(schema)}, which is not one of its variants`,
    hint:
      variants.length > 0
        ? `add \`{ $ref: ${schema} }\` to the variants, or map ${quote(value)} to one of ${list(variants)}`
        : `add \`{ $ref: ${schema} }\` to the variants`,
  }),
  /** A discriminated union with a variant that is not a `$ref`: values map to names. */
  discriminatorInlineVariant: (where: string): DiagnosticText<"RG062"> => ({
    code: "RG062",
    message: `${where} is an inline schema, but its union has a discriminator, which maps values to named schemas only`,
    hint: "declare the variant under `schemas:` and refer to it with `$ref`, or drop the discriminator",
  }),
  /** A variant of a discriminated union that does not require the discriminating member. */
  discriminatorPropertyMissing: (
    variant: string,
    property: string,
    where: string,
    optional: boolean,
  ): DiagnosticText<"RG063"> => ({
    code: "RG063",
    message: optional
      ? `schema ${quote(variant)}, a variant of ${where}, does not require property ${quote(property)}, which the discriminator reads`
      : `schema ${quote(variant)}, a variant of ${where}, has no property ${quote(property)}, which the discriminator reads`,
    hint: optional
      ? `mark property ${quote(property)} of schema ${quote(variant)} \`required: true\``
      : `add \`${/^[A-Za-z_][A-Za-z0-9_]*$/.test(property) ? property : quote(property)}: { type: string, required: true }\` to the properties of schema ${quote(variant)}`,
  }),
  /** A property marked both `readOnly` and `writeOnly`: it would be in no payload. */
  readAndWriteOnly: (where: string): DiagnosticText<"RG064"> => ({
    code: "RG064",
    message: `${where} is both readOnly and writeOnly, so it would be in neither a request nor a response`,
    hint: "keep one: `readOnly: true` for what only the server sets, `writeOnly: true` for what only the caller sends",
  }),
  /** A part of a multi-part `allOf` that is not an object: its members could not add up. */
  allOfPartNotObject: (
    where: string,
    kind: string,
  ): DiagnosticText<"RG065"> => ({
    code: "RG065",
    message: `${where} is ${kind}, not an object: the parts of an allOf add up the members of objects`,
    hint: "make each part an object schema or a `$ref` to one, or use `oneOf`/`anyOf` for a value of one of several kinds",
  }),
  badSuccessStatus: (status: string): DiagnosticText<"RG056"> => ({
    code: "RG056",
    message: `status ${status} is not an HTTP success status`,
    hint: "list success statuses (200 to 299) under `responses`, and error statuses (400 to 599) under `errors`",
  }),
  /** `request: true`: a body is a schema, or `false` for none. */
  trueBody: (where: string): DiagnosticText<"RG013"> => ({
    code: "RG013",
    message: `${where} is true, which is not allowed`,
    hint: "write the body's schema name or an inline schema, or `false` for no body",
  }),
  /** `service.statusOperation` names an operation that is a write. */
  statusOperationWrites: (operation: string): DiagnosticText<"RG058"> => ({
    code: "RG058",
    message: `service statusOperation ${quote(operation)} is a write`,
    hint: "name the read operation that reports a write's outcome (it is called to reconcile, so it must be safe to repeat), or give that operation `effect: read`",
  }),
} as const;

/**
 * The one usage error a run meets that its command line did not cause:
 * another run held the output folder too long. A watch reports it and
 * goes on, as it does a broken spec.
 */
export const outputLockedCode = "RG095";

/**
 * Usage problems that are not in the spec: a set id that names no set, and
 * options passed to the programmatic API from JavaScript, where no type
 * checks them.
 */
export const usageProblems = {
  unsafeOutDir: (target: string, why: string): DiagnosticText<"RG090"> => ({
    code: "RG090",
    message: `refusing to write to ${target}: ${why}`,
    hint: "pass --out a folder of its own, e.g. --out generated",
  }),
  noMockSet: (known: readonly string[]): DiagnosticText<"RG093"> => ({
    code: "RG093",
    message: "mock needs a set to serve",
    hint: `pass --set <id>; sets: ${known.join(", ")}`,
  }),
  stopped: (signal: string | undefined): DiagnosticText<"RG094"> => ({
    code: "RG094",
    message: `stopped${signal !== undefined ? ` by ${signal}` : ""} before writing; the output folder is as it was`,
    hint: "run it again to write the output",
  }),
  outputLocked: (
    target: string,
    holder: number | undefined,
    seconds: number,
    lockFile: string,
  ): DiagnosticText<typeof outputLockedCode> => ({
    code: outputLockedCode,
    message: `another remitgen run${holder !== undefined ? ` (process ${holder})` : ""} has been writing to ${target} for over ${seconds} s`,
    hint: `wait for it to finish, or stop it; a lock left by a killed run is taken over by itself (${lockFile})`,
  }),
  unknownSet: (
    id: string,
    known: readonly string[],
    suggestion: string | undefined,
  ): DiagnosticText<"RG091"> => ({
    code: "RG091",
    message: `unknown set ${quote(id)}`,
    hint: suggestion
      ? `did you mean ${quote(suggestion)}? Sets: ${known.join(", ")}`
      : `sets: ${known.join(", ")}`,
  }),
  /** `reason`: the system's refusal in words (cli/watch.ts words it). */
  cannotWatch: (
    folder: string,
    reason: string,
    hint: string,
  ): DiagnosticText<"RG096"> => ({
    code: "RG096",
    message: `cannot watch ${folder}: ${reason}`,
    hint,
  }),
  /**
   * A failure remitgen did not foresee (a bug, or a damaged installation),
   * said with a code and how to report it; `detail`: what failed, in
   * words, never a stack trace.
   */
  unexpected: (detail: string): DiagnosticText<"RG089"> => ({
    code: "RG089",
    message: `unexpected failure: ${detail}`,
    hint: "remitgen did not expect this: report it to remitgen's maintainers with the command you ran and this message (a damaged installation can cause it too: npm ci reinstalls remitgen)",
  }),
  noCurrentFolder: (): DiagnosticText<"RG099"> => ({
    code: "RG099",
    message: "the current folder no longer exists (it was removed or moved)",
    hint: "cd into the project folder again, then run again",
  }),
  notOptions: (found: string): DiagnosticText<"RG092"> => ({
    code: "RG092",
    message: `generate options must be an object, not ${found}`,
    hint: 'pass an object, e.g. generate({ spec: "spec/remittance.yaml", out: "generated" })',
  }),
  unknownOption: (
    name: string,
    known: readonly string[],
    suggestion: string | undefined,
  ): DiagnosticText<"RG092"> => ({
    code: "RG092",
    message: `unknown option ${quote(name)}`,
    hint: suggestion
      ? `did you mean ${quote(suggestion)}? Options: ${known.join(", ")}`
      : `options: ${known.join(", ")}`,
  }),
  badArgument: (
    call: string,
    name: string,
    expected: string,
    found: string,
    hint: string,
  ): DiagnosticText<"RG092"> => ({
    code: "RG092",
    message: `${call}: ${name} must be ${expected}, not ${found}`,
    hint,
  }),
  /** A command-line option's value that cannot be meant: `--spec ''`, `--port abc`. */
  badCommandOption: (
    option: string,
    expected: string,
    value: string,
    hint: string,
  ): DiagnosticText<"RG092"> => ({
    code: "RG092",
    message: `${option} must be ${expected}, not ${value === "" ? "an empty string" : quote(value)}`,
    hint,
  }),
  /**
   * A command line commander cannot parse, in its words (`unknown option
   * '--spek'`); `suggestion`: what was likely meant; `help`: the command
   * whose help lists what it takes, `remitgen diff --help`.
   */
  badCommandLine: (
    problem: string,
    suggestion: string | undefined,
    help: string,
  ): DiagnosticText<"RG092"> => ({
    code: "RG092",
    message: problem,
    hint:
      suggestion !== undefined
        ? `did you mean ${suggestion}? See \`${help}\``
        : `see \`${help}\``,
  }),
  /** No --spec, and the project's spec cannot be told: `found` are spec/'s YAML files. */
  noSpec: (
    starter: string,
    found: readonly string[],
  ): DiagnosticText<"RG092"> => ({
    code: "RG092",
    message:
      found.length === 0
        ? `no --spec given, and there is no ${starter}`
        : `no --spec given, and spec/ holds several specs: ${found.join(", ")}`,
    hint:
      found.length === 0
        ? `pass the spec file with --spec <file>, or run \`remitgen init\` to write a starter spec at ${starter}`
        : `pass the one to use with --spec, e.g. --spec ${found[0]}`,
  }),
  noCommand: (commands: readonly string[]): DiagnosticText<"RG092"> => ({
    code: "RG092",
    message: "no command given",
    hint: `name one of ${commands.join(", ")}, e.g. \`remitgen generate\`; see \`remitgen --help\``,
  }),
  /** An option that takes one value given twice: the last would win unseen. */
  repeatedOption: (
    option: string,
    first: string,
    second: string,
    help: string,
  ): DiagnosticText<"RG092"> => ({
    code: "RG092",
    message: `${option} is given twice: ${quote(first)}, then ${quote(second)}`,
    hint: `pass it once; see \`${help}\``,
  }),
  unknownCommand: (
    name: string,
    suggestion: string | undefined,
    commands: readonly string[],
  ): DiagnosticText<"RG092"> => ({
    code: "RG092",
    message: `unknown command '${name}'`,
    hint: `${suggestion !== undefined ? `did you mean ${suggestion}? Commands` : "commands"}: ${commands.join(", ")}; see \`remitgen --help\``,
  }),
  /** The mock's port taken by another process (RG080 to RG083: where `remitgen mock` cannot listen). */
  portInUse: (port: number, host: string): DiagnosticText<"RG080"> => ({
    code: "RG080",
    message: `port ${port} on ${host} is already in use`,
    hint: "stop the other process, or choose another port with --port <number> (--port 0 picks a free one)",
  }),
  /** `address`: host and port as a URL writes them, `[::1]:4010`. */
  portNotAllowed: (address: string, port: number): DiagnosticText<"RG081"> => ({
    code: "RG081",
    message: `not allowed to listen on ${address}`,
    hint:
      port > 0 && port < 1024
        ? "ports below 1024 need administrator rights: choose --port 1024 or above, e.g. --port 4010 (--port 0 picks a free one)"
        : "choose another port with --port <number> (--port 0 picks a free one)",
  }),
  /** `resolves`: the name resolves, to no address of this machine. */
  hostNotHere: (host: string, resolves: boolean): DiagnosticText<"RG082"> => ({
    code: "RG082",
    message: `cannot listen on ${host}: ${resolves ? "it is no address of this machine" : "the name does not resolve"}`,
    hint: "choose --host 127.0.0.1 (this machine only, the default), ::1, localhost, or 0.0.0.0 (every interface)",
  }),
  cannotListen: (address: string, reason: string): DiagnosticText<"RG083"> => ({
    code: "RG083",
    message: `cannot listen on ${address}: ${reason}`,
    hint: "choose another --host or --port, e.g. --host 127.0.0.1 --port 0",
  }),
  /** A link-local IPv6 `--host` the system refused (EINVAL): its `%zone` is missing, or names no interface. */
  linkLocalHost: (
    address: string,
    zone: string | undefined,
  ): DiagnosticText<"RG083"> => ({
    code: "RG083",
    message: `cannot listen on ${address}: ${
      zone === undefined
        ? "a link-local IPv6 address (fe80::/10) needs the zone of its interface"
        : `the zone ${quote(zone)} is no network interface of this machine`
    }`,
    hint: "write the interface after a %, e.g. --host fe80::1%eth0 (`ip -6 addr` lists them; on Windows the zone is a number, --host fe80::1%12), or choose --host ::1",
  }),
  /** A `--fault` naming an operation the served set does not have. */
  unknownFaultOperation: (
    option: string,
    operation: string,
    setId: string,
    known: readonly string[],
    suggestion: string | undefined,
  ): DiagnosticText<"RG092"> => ({
    code: "RG092",
    message: `${option} names ${quote(operation)}: set ${quote(setId)} has no such operation`,
    hint: `${suggestion !== undefined ? `did you mean ${quote(suggestion)}? Operations` : "operations"}: ${known.join(", ")}`,
  }),
  /** Two `--fault`s for one operation: the second would replace the first unseen. */
  repeatedFault: (
    option: string,
    operation: string,
  ): DiagnosticText<"RG092"> => ({
    code: "RG092",
    message: `${option} is given twice for ${quote(operation)}`,
    hint: "give one fault per operation; `,times=<n>` limits it to the first n calls",
  }),
  /** An environment variable set to what cannot be meant; its value is never shown (it may be a secret). */
  badEnvironment: (
    name: string,
    expected: string,
    hint: string,
  ): DiagnosticText<"RG092"> => ({
    code: "RG092",
    message: `${name} must be ${expected}, not an empty string`,
    hint,
  }),
  badOption: (
    name: string,
    expected: string,
    found: string,
    example: string,
  ): DiagnosticText<"RG092"> => ({
    code: "RG092",
    message: `option ${quote(name)} must be ${expected}, not ${found}`,
    hint: `pass e.g. ${name}: ${example}, or leave it out for the default`,
  }),
} as const;

/** Warnings: said with a code and hint; the run goes on. */
export const warnings = {
  /** `remitgen mock --host 0.0.0.0`: other machines reach it. */
  exposedMock: (host: string): WarningText<"RG084"> => ({
    code: "RG084",
    severity: "warning",
    message: `listening on ${host}: other machines can reach the mock, take tokens with its credentials, and read its calls or inject faults through /@remitgen/`,
    hint: "--host 127.0.0.1 (the default) keeps it on this machine",
  }),
} as const;

/**
 * The output folder cannot take a file: something not remitgen's is in the
 * way (RG097), or the file system refused to read or write it (RG098). A
 * run that meets either leaves the folder as it was. Or what remitgen
 * prints has nowhere to go (RG088).
 */
export const outputProblems = {
  inTheWay: (target: string, why: string): DiagnosticText<"RG097"> => ({
    code: "RG097",
    message: `cannot write ${target}: ${why}`,
    hint: "move it away, or pass --out another folder, then run again",
  }),
  /** `reason`: the file system's refusal in words (write/output-dir.ts words it). */
  refused: (
    verb: "read" | "write",
    target: string,
    reason: string,
    hint: string,
  ): DiagnosticText<"RG098"> => ({
    code: "RG098",
    message: `cannot ${verb} ${target}: ${reason}`,
    hint,
  }),
  /**
   * Standard output refused what remitgen printed (`> file` on a full
   * disk): `reason`, in words; `full`, whether space is what is missing.
   */
  cannotPrint: (
    stream: string,
    reason: string,
    full: boolean,
  ): DiagnosticText<"RG088"> => ({
    code: "RG088",
    message: `cannot write to ${stream}: ${reason}`,
    hint: full
      ? `free some space where ${stream} goes, or send it elsewhere, then run again`
      : `check where ${stream} goes (a file, a device), or send it elsewhere, then run again`,
  }),
} as const;

/** What a value is, for a message: "a string", "an empty string", "null", "a list holding a number". */
export function kindOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) {
    if (value.length === 0) return "an empty list";
    const odd = value.findIndex((item) => typeof item !== "string");
    return odd < 0 ? "a list" : `a list holding ${kindOf(value[odd])}`;
  }
  if (Buffer.isBuffer(value)) return "a Buffer";
  if (value === "") return "an empty string";
  const type = typeof value;
  return type === "undefined"
    ? "undefined"
    : `${/^[aeiou]/.test(type) ? "an" : "a"} ${type}`;
}

/** Hints for the YAML parser's error codes. */
const yamlHints: Readonly<Record<string, string>> = {
  TAB_AS_INDENT: "indent with spaces: YAML does not allow tabs in indentation",
  BAD_INDENT:
    "line up the keys of one mapping at the same column, and indent nested values further",
  MISSING_CHAR: "add the missing character the message names",
  UNCLOSED_QUOTE: "add the closing quote at the end of the value",
  MISSING_DOCUMENT_START:
    "write a `---` line after the directive (the `%` line), before the spec",
  UNCLOSED_LIST: "add the closing ] at the end of the list",
  UNCLOSED_MAP: "add the closing } at the end of the mapping",
  BLOCK_AS_IMPLICIT_KEY:
    "a value cannot hold `key: value` on the same line; quote the value or put the mapping on its own lines",
  MULTILINE_IMPLICIT_KEY:
    "a key must fit on one line; check the indentation and the colon after the key",
  MULTIPLE_DOCS:
    "a spec is one YAML document: remove the `---` line and what follows, or merge it",
  BAD_SCALAR_START: 'quote the value, e.g. "@value"',
  BAD_DQ_ESCAPE:
    'use a valid escape (\\\\, \\", \\n, \\t, \\uXXXX), or single quotes',
  UNEXPECTED_TOKEN: "remove the stray character, or quote the value",
};

function wrongTypeHint(
  expected: string,
  found: string,
  written: string | undefined,
): string {
  const shown = written?.trim();
  if (found === "nothing") {
    return expected === "a mapping"
      ? "write `key: value` lines under it, indented"
      : `write ${expected} after the colon`;
  }
  if (
    expected === "a string" &&
    (found === "a number" || found === "a boolean" || found === "null")
  ) {
    return shown !== undefined && shown !== ""
      ? `quote the value: ${quote(shown)}`
      : 'quote the value, e.g. "1.0"';
  }
  if (
    expected === "a list" &&
    found === "a string" &&
    shown !== undefined &&
    shown !== ""
  ) {
    return `write a list, e.g. [${shown}]`;
  }
  if (expected === "true or false" && shown !== undefined && shown !== "")
    return `write true or false, not ${shown}`;
  if (expected === "a mapping" && found === "a list")
    return "write `name:` entries, one per line, instead of `- ` items";
  if (expected === "a mapping")
    return "write `key: value` lines, indented under the key";
  return `write ${expected} here`;
}

/**
 * `remitgen init` cannot set up the project: it has no package.json it can
 * read (RG075), or what is there conflicts with what it would add (RG076).
 * Either way it writes nothing.
 */
export const initProblems = {
  noPackageJson: (path: string, why: string): DiagnosticText<"RG075"> => ({
    code: "RG075",
    message: `cannot set up ${path}: ${why}`,
    hint: "run remitgen init in the folder that holds your project's package.json (npm init -y makes one)",
  }),
  conflict: (
    where: string,
    found: string,
    wanted: string,
    hint: string,
  ): DiagnosticText<"RG076"> => ({
    code: "RG076",
    message: `${where} is ${found}, where remitgen init would put ${wanted}; nothing was written`,
    hint,
  }),
} as const;

/**
 * `remitgen import` cannot read a description (RG070 to RG072, RG074) or
 * write the spec (RG073). It writes nothing then.
 */
export const importProblems = {
  notOpenApi: (found: string): DiagnosticText<"RG070"> => ({
    code: "RG070",
    message: `not an OpenAPI 3.0, 3.1 or Swagger 2.0 description: ${found}`,
    hint: 'pass the API\'s OpenAPI description (its first lines hold `openapi: 3.x.y` or `swagger: "2.0"`), JSON or YAML',
  }),
  syntax: (
    language: "JSON" | "YAML",
    detail: string,
  ): DiagnosticText<"RG071"> => ({
    code: "RG071",
    message: `${language} syntax error: ${detail}`,
    hint: "fix the document at this position, or export it from the API portal again",
  }),
  badRef: (ref: string, why: string): DiagnosticText<"RG072"> => ({
    code: "RG072",
    message: `cannot follow $ref ${quote(ref)}: ${why}`,
    hint: "remitgen import follows references within the document only (#/components/...): bundle the description into one file first, e.g. with `npx @redocly/cli bundle`",
  }),
  outExists: (out: string): DiagnosticText<"RG073"> => ({
    code: "RG073",
    message: `${out} already exists; nothing was written`,
    hint: "pass --force to replace it, or --out another file",
  }),
  cannotRead: (file: string, reason: string): DiagnosticText<"RG074"> => ({
    code: "RG074",
    message: `cannot read ${file}: ${reason}`,
    hint: "check the path; pass each description as a file (JSON or YAML)",
  }),
} as const;
