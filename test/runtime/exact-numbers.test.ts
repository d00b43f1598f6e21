// JSON numbers beyond 2^53 do not parse exactly: a transaction id would
// silently become another, an amount past the largest number Infinity.
// Such an answer is not read, never altered.
import { afterEach, describe, expect, it } from "vitest";
import { ApiError, OutcomeUnknownError } from "../../src/runtime/errors.js";
import {
  READ,
  WRITE,
  client,
  closeAll,
  rejection,
  startBank,
} from "./helpers/server.js";

afterEach(closeAll);

async function answering(text: string) {
  return startBank({
    operation: (_req, res) =>
      res.writeHead(200, { "content-type": "application/json" }).end(text),
  });
}

describe.each([
  ['{"transactionId":9007199254740993}', "9007199254740993"],
  ['{"amountMinor":-12345678901234567891}', "-12345678901234567891"],
  ['{"nested":{"ids":[1,2,1e21]}}', "1e21"],
  // Beyond the largest number: JSON.parse makes it Infinity.
  ['{"amount":1e400}', "1e400"],
  ['{"amount":-2e308}', "-2e308"],
])("an answer holding %s", (text, digits) => {
  it("fails a write as an unknown outcome, keeping the digits", async () => {
    const bank = await answering(text);
    const error = await rejection(client(bank).call(WRITE, {}));
    expect(error).toBeInstanceOf(OutcomeUnknownError);
    const cause = (error as Error).cause as ApiError;
    expect(cause).toBeInstanceOf(ApiError);
    expect(cause.body).toBe(text);
    expect(String(cause.body)).toContain(digits);
  });

  it("fails a read with ApiError, keeping the digits", async () => {
    const bank = await answering(text);
    const error = await rejection(client(bank).call(READ, {}));
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(200);
    expect((error as ApiError).body).toBe(text);
  });
});

it.each([
  ['{"transactionId":9007199254740991}', { transactionId: 9007199254740991 }],
  ['{"account":"12345678901234567890"}', { account: "12345678901234567890" }],
  ['{"rate":2.5e3,"tiny":1e-7}', { rate: 2500, tiny: 1e-7 }],
  ['{"fx":278.12345678901234567}', { fx: 278.12345678901234567 }],
])("an answer whose numbers parse exactly is read: %s", async (text, value) => {
  const bank = await answering(text);
  await expect(client(bank).call(READ, {})).resolves.toEqual(value);
});
