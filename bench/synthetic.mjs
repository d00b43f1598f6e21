// Deterministic synthetic remitgen specs for the benchmark.
//
// syntheticSpec(operationCount, seed) returns remitgen YAML text: operations
// split over three sets (each set extends the previous one and adds a third of
// the operations), every operation with a named request and response schema of
// eight fields (string, number, integer, boolean, enum, nested object, array,
// date-time string). Same count and seed -> byte-identical text. No Math.random.

/** mulberry32: a small, fast, seeded 32-bit PRNG. Returns floats in [0, 1). */
export function mulberry32(seed) {
  let a = seed >>> 0;
  return function next() {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const verbs = [
  "get",
  "send",
  "update",
  "cancel",
  "check",
  "list",
  "post",
  "verify",
  "fetch",
  "reverse",
];
const nouns = [
  "acct_title",
  "txns",
  "online_fundsTransfer",
  "agent_accnt_balance",
  "transaction_status",
  "name_amendment",
  "beneficiary",
  "remitter",
  "payout",
  "exchangeRate",
  "settlement",
  "kyc_record",
];
const suffixes = ["", "", "", "_V1", "_B2C", "_V2"];
const readVerbs = new Set(["get", "check", "list", "fetch", "verify"]);

const stringFields = [
  "reference",
  "accountNumber",
  "iban",
  "remitterName",
  "beneficiaryName",
  "agentCode",
  "purpose",
  "narration",
];
const numberFields = ["amount", "fxRate", "fee", "settledAmount", "charges"];
const integerFields = [
  "attempt",
  "sequenceNo",
  "branchCode",
  "batchSize",
  "priority",
];
const booleanFields = [
  "urgent",
  "isResident",
  "notifyBeneficiary",
  "dryRun",
  "verified",
];
const enumFields = ["currency", "channel", "status", "purposeCode", "idType"];
const objectFields = ["beneficiary", "remitter", "agent", "sender", "address"];
const arrayFields = ["tags", "documents", "references", "legs", "notes"];
const dateFields = [
  "createdAt",
  "valueDate",
  "expiresAt",
  "submittedAt",
  "settledAt",
];
const enumValues = [
  "PKR",
  "USD",
  "AED",
  "GBP",
  "SAR",
  "EUR",
  "ONLINE",
  "CASH",
  "ACCOUNT",
  "WALLET",
  "PENDING",
  "PAID",
];

function pick(rand, list) {
  return list[Math.floor(rand() * list.length)];
}

function pickSome(rand, list, min, max) {
  const count = min + Math.floor(rand() * (max - min + 1));
  const pool = [...list];
  const out = [];
  while (out.length < count && pool.length > 0)
    out.push(pool.splice(Math.floor(rand() * pool.length), 1)[0]);
  return out;
}

function pad(n, width) {
  return String(n).padStart(width, "0");
}

/** One operation's 8-field object schema, as YAML lines indented by `indent`. */
function objectSchemaLines(rand, indent) {
  const i = " ".repeat(indent);
  const req = () => (rand() < 0.5 ? ", required: true" : "");
  const lines = [`${i}type: object`, `${i}properties:`];
  const p = `${i}  `;
  const maxLength = 8 + Math.floor(rand() * 64);
  lines.push(
    `${p}${pick(rand, stringFields)}: { type: string, maxLength: ${maxLength}, minLength: 1${req()} }`,
  );
  lines.push(
    `${p}${pick(rand, numberFields)}: { type: number, minimum: 0, maximum: ${1 + Math.floor(rand() * 1_000_000)}${req()} }`,
  );
  lines.push(
    `${p}${pick(rand, integerFields)}: { type: integer, minimum: 0, maximum: ${1 + Math.floor(rand() * 999)}${req()} }`,
  );
  lines.push(`${p}${pick(rand, booleanFields)}: { type: boolean${req()} }`);
  lines.push(
    `${p}${pick(rand, enumFields)}: { type: string, enum: [${pickSome(rand, enumValues, 2, 5).join(", ")}]${req()} }`,
  );
  lines.push(`${p}${pick(rand, objectFields)}:`);
  lines.push(`${p}  type: object`);
  lines.push(`${p}  description: Nested party details.`);
  lines.push(`${p}  properties:`);
  lines.push(`${p}    name: { type: string, maxLength: 64, required: true }`);
  lines.push(
    `${p}    accountNumber: { type: string, pattern: "^[A-Z0-9]{8,24}$" }`,
  );
  lines.push(`${p}    country: { type: string, enum: [PK, AE, GB, SA, US] }`);
  lines.push(`${p}${pick(rand, arrayFields)}:`);
  lines.push(`${p}  type: array`);
  lines.push(`${p}  maxItems: ${1 + Math.floor(rand() * 20)}`);
  lines.push(`${p}  items: { type: string, maxLength: 32 }`);
  lines.push(
    `${p}${pick(rand, dateFields)}: { type: string, format: date-time${req()} }`,
  );
  // Field names are picked per kind from disjoint lists, so they never repeat in one object.
  return lines;
}

/**
 * A remitgen spec with `operationCount` operations in three sets.
 * Returns { yaml, operations: string[], sets: string[] }.
 */
export function syntheticSpec(operationCount, seed = 20240601) {
  const rand = mulberry32(seed ^ Math.imul(operationCount, 2654435761));
  const width = String(operationCount).length;
  const ops = [];
  for (let n = 1; n <= operationCount; n++) {
    const verb = pick(rand, verbs);
    const noun = pick(rand, nouns);
    const suffix = pick(rand, suffixes);
    // The padded index keeps every id, method and type name unique.
    const id = `${verb}_${noun}_${pad(n, width)}${suffix}`;
    const schemaBase = `Op${pad(n, width)}`;
    ops.push({
      id,
      effect: readVerbs.has(verb) ? "read" : "write",
      request: `${schemaBase}In`,
      response: `${schemaBase}Out`,
    });
  }
  const third = Math.ceil(operationCount / 3);
  const groups = [
    ops.slice(0, third),
    ops.slice(third, 2 * third),
    ops.slice(2 * third),
  ];
  const setIds = ["s1", "s2", "s3"];

  const out = [];
  out.push(
    `# Synthetic remitgen spec for bench/run.mjs: ${operationCount} operations, seed ${seed}. Generated; do not edit.`,
  );
  out.push("remitgen: 1");
  out.push("");
  out.push("service:");
  out.push("  title: Synthetic Remittance Transfer Service");
  out.push("  description: A synthetic spec for benchmarking remitgen.");
  out.push('  baseUrl: "{base_url}"');
  out.push("  package:");
  out.push("    scope: remitgen");
  out.push("    name: synthetic");
  out.push("");
  out.push("auth:");
  out.push("  title: Authorization API");
  out.push("  version: 1.0.0");
  out.push('  baseUrl: "{auth_url}"');
  out.push("  token:");
  out.push("    method: POST");
  out.push("    path: /oauth2/token");
  out.push("  scheme: oauth2-client-credentials");
  out.push("  assumption: Synthetic; the client-credentials grant is assumed.");
  out.push("");
  out.push("operationDefaults:");
  out.push("  method: POST");
  out.push("");
  out.push("operations:");
  for (const op of ops) {
    out.push(`  ${op.id}:`);
    out.push(`    path: /${op.id}`);
    out.push(`    summary: Synthetic operation ${op.id}.`);
    out.push(`    effect: ${op.effect}`);
    out.push(`    request: ${op.request}`);
    out.push(`    response: ${op.response}`);
  }
  out.push("");
  out.push("sets:");
  groups.forEach((group, index) => {
    const id = setIds[index];
    out.push(`  ${id}:`);
    out.push(`    title: Synthetic set ${index + 1}`);
    out.push(`    version: 1.0.${index}`);
    if (index === 0) {
      out.push("    operations:");
      for (const op of group) out.push(`      - ${op.id}`);
    } else {
      out.push(`    extends: ${setIds[index - 1]}`);
      out.push("    adds:");
      for (const op of group) out.push(`      - ${op.id}`);
    }
    out.push("    plan:");
    out.push("      name: default plan");
    out.push(`      rateLimit: ${index === 2 ? "100/hour" : "10000/hour"}`);
    out.push("      cost: Free");
  });
  out.push("");
  out.push("schemas:");
  for (const op of ops) {
    for (const name of [op.request, op.response]) {
      out.push(`  ${name}:`);
      out.push(...objectSchemaLines(rand, 4));
    }
  }
  out.push("");
  return {
    yaml: out.join("\n"),
    operations: ops.map((op) => op.id),
    sets: setIds,
  };
}
