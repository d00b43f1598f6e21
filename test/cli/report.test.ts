// How the CLI reports what it did not foresee: with a code, in words, and
// how to report it; never Node's text for a system error, nor a stack.
import { describe, expect, it } from "vitest";
import { reportFailure } from "../../src/cli/report.js";

function reported(error: unknown): { status: number; text: string } {
  const lines: string[] = [];
  const status = reportFailure(error, { err: (text) => lines.push(text) });
  return { status, text: lines.join("\n") };
}

const hint =
  "  hint: remitgen did not expect this: report it to remitgen's maintainers with the command you ran and this message (a damaged installation can cause it too: npm ci reinstalls remitgen)";

describe("reportFailure, for an error that is none of remitgen's", () => {
  it("says a bug with a code and how to report it, and no stack trace", () => {
    expect(reported(new TypeError("x is not a function"))).toEqual({
      status: 1,
      text: `remitgen: unexpected failure: x is not a function [RG089]\n${hint}`,
    });
    expect(reported("thrown text").text).toBe(
      `remitgen: unexpected failure: thrown text [RG089]\n${hint}`,
    );
  });

  it("words a system error, with its path once, not Node's code and call", () => {
    const error = Object.assign(
      new Error(
        "ELOOP: too many symbolic links encountered, open '/opt/remitgen/templates/set-readme.hbs'",
      ),
      {
        code: "ELOOP",
        syscall: "open",
        path: "/opt/remitgen/templates/set-readme.hbs",
      },
    );
    expect(reported(error).text).toBe(
      "remitgen: unexpected failure: /opt/remitgen/templates/set-readme.hbs: too many symbolic links on the path (a link that leads back to itself, or a loop of links) [RG089]\n" +
        hint,
    );
  });
});
