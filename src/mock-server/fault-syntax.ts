/**
 * The fault syntax of `remitgen mock --fault` and `POST /@remitgen/faults`:
 * `<operation>=<kind>[,times=<n>][,retry-after=<seconds>]`, kinds `timeout`,
 * `drop`, `applied-then-drop`, `status:<code>` and `applied-status:<code>`.
 * One parser, so the command line and the admin endpoint take the same
 * text and refuse it with the same words.
 *
 * @packageDocumentation
 */
import { usageProblems } from "../diagnostics/codes.js";
import { UsageError } from "../diagnostics/diagnostic.js";
import { closest } from "../names/names.js";
import type { MockFault, MockOverride } from "../runtime/mock/engine.js";
import { longestTimer } from "../runtime/limiter.js";

/**
 * Path prefix of the mock's own endpoints (recorded calls, reset, faults).
 * A spec path is letters, digits and `-._~/` only, so no operation of any
 * spec can be served at a path with an `@`. Here, not in the server, so
 * the command's help names it without loading the mock.
 */
export const ADMIN_PREFIX: string = "/@remitgen";

/** The form, as `--help` and the hints show it. */
export const FAULT_FORM =
  "<operation>=<kind>[,times=<n>][,retry-after=<seconds>]";

/** The kinds, as the hints list them. */
export const FAULT_KINDS: readonly string[] = [
  "timeout",
  "drop",
  "applied-then-drop",
  "status:<code>",
  "applied-status:<code>",
];

/** A parsed fault: the override to set, or `undefined` to remove one (`<operation>=none`, admin only). */
export interface ParsedFault {
  readonly operation: string;
  readonly override: MockOverride | undefined;
  /** The text it was parsed from, for the banner. */
  readonly text: string;
}

/** The operations a fault may name, and the set they are of. */
export interface FaultTargets {
  readonly setId: string;
  readonly operations: readonly string[];
}

/** The most calls `times=` counts: nine digits, as a rate limit's count. */
const MAX_TIMES = 999_999_999;
/** The engine's bound: a Retry-After the client may wait on as a timer. */
const MAX_RETRY_AFTER = Math.floor(longestTimer / 1000);

/**
 * Parses one fault. `targets` checks the operation's name (the command
 * line checks the form first, before the spec is read); `allowNone`
 * takes `<operation>=none`, which removes a fault (the admin endpoint).
 *
 * @throws UsageError (RG092) naming `option`, with a hint listing what
 * it takes.
 */
export function parseFault(
  text: string,
  option: string,
  targets?: FaultTargets,
  allowNone = false,
): ParsedFault {
  const refuse = (expected: string, hint: string): never => {
    throw new UsageError(
      usageProblems.badCommandOption(option, expected, text, hint),
    );
  };
  const kinds = [...FAULT_KINDS, ...(allowNone ? ["none"] : [])].join(", ");
  const equals = text.indexOf("=");
  if (equals <= 0)
    refuse(
      FAULT_FORM,
      `name an operation and a kind, e.g. ${option} ${targets?.operations[0] ?? "<operation>"}=applied-then-drop; kinds: ${kinds}`,
    );
  const operation = text.slice(0, equals);
  const [kind = "", ...params] = text.slice(equals + 1).split(",");

  let fault: MockFault | undefined;
  const status = /^(applied-)?status:(\d+)$/.exec(kind);
  if (status !== null) {
    const code = Number(status[2]);
    // The Fetch API's Response takes 200 to 599 only.
    if (!(code >= 200 && code <= 599))
      refuse(
        `${FAULT_FORM} with a status from 200 to 599`,
        `e.g. ${option} ${operation}=status:503; applied-status:500 records the call as carried out before the answer`,
      );
    // A 2xx says the call was carried out (the engine's default too).
    fault = {
      kind: "status",
      status: code,
      applied: status[1] !== undefined || code < 300,
    };
  } else if (
    kind === "timeout" ||
    kind === "drop" ||
    kind === "applied-then-drop"
  ) {
    fault = { kind };
  } else if (!(allowNone && kind === "none")) {
    const plain = FAULT_KINDS.map((each) => each.replace(/:<code>$/, ""));
    const suggestion = closest(kind.replace(/:.*$/, ""), plain);
    refuse(
      `${FAULT_FORM} with a known kind`,
      `${suggestion !== undefined ? `did you mean ${suggestion}? Kinds` : "kinds"}: ${kinds}`,
    );
  }

  if (fault === undefined && params.length > 0)
    refuse(
      "<operation>=none, with no parameters",
      `none removes the operation's fault, all of it: send ${operation}=none`,
    );

  let times: number | undefined;
  let retryAfter: number | undefined;
  for (const param of params) {
    // The value is all after the first "=" ("1=5" is no count, not 1).
    const at = param.indexOf("=");
    const name = at < 0 ? param : param.slice(0, at);
    const value = at < 0 ? "" : param.slice(at + 1);
    const whole = /^\d{1,10}$/.test(value) ? Number(value) : NaN;
    if (name === "times" && times === undefined) {
      if (!(whole >= 1 && whole <= MAX_TIMES))
        refuse(
          `${FAULT_FORM} with times from 1 to ${MAX_TIMES}`,
          `e.g. ${option} ${operation}=${kind},times=1 for the first call only; leave times out for every call`,
        );
      times = whole;
    } else if (name === "retry-after" && retryAfter === undefined) {
      if (fault?.kind !== "status")
        refuse(
          `${FAULT_FORM} with retry-after only after a status`,
          `e.g. ${option} ${operation}=status:503,retry-after=5`,
        );
      if (!(whole <= MAX_RETRY_AFTER))
        refuse(
          `${FAULT_FORM} with retry-after in whole seconds from 0 to ${MAX_RETRY_AFTER}`,
          `e.g. ${option} ${operation}=${kind},retry-after=5`,
        );
      retryAfter = whole;
    } else {
      refuse(
        `${FAULT_FORM}, each parameter once`,
        "the parameters after the kind are times=<n> (the first n calls only) and retry-after=<seconds> (with a status)",
      );
    }
  }
  if (fault?.kind === "status" && retryAfter !== undefined)
    fault = { ...fault, retryAfterSeconds: retryAfter };

  if (targets !== undefined && !targets.operations.includes(operation)) {
    throw new UsageError(
      usageProblems.unknownFaultOperation(
        option,
        operation,
        targets.setId,
        targets.operations,
        closest(operation, targets.operations),
      ),
    );
  }
  return {
    operation,
    text,
    override:
      fault === undefined
        ? undefined
        : { fault, ...(times !== undefined ? { faultTimes: times } : {}) },
  };
}
