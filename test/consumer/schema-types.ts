// A strict consumer of packages generated from
// test/fixtures/client/schema-spec.yaml: the real spec plus request and
// response schemas for get_acct_title. test/client/schema-spec.test.ts
// compiles it against those packages (it must compile, each
// `@ts-expect-error TS<code>` hiding exactly that error) and against the
// real spec's packages (where the misuses below are not caught).
import { createClient as createV101 } from "@remitgen/remittance-v1-0-1";
import {
  createClient,
  type AcctTitleRequest,
  type AcctTitleResponse,
  type ClientOptions,
  type GetAcctTitleRequest,
  type GetAcctTitleResponse,
  type JsonObject,
  type SendTxnsResponse,
} from "@remitgen/remittance-v3";

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

const options: ClientOptions = {
  baseUrl: "https://bank.example",
  authUrl: "https://auth.example",
  clientId: "agent",
  clientSecret: "secret",
};
const client = createClient(options);

export const sameRequest: Equal<GetAcctTitleRequest, AcctTitleRequest> = true;
export const sameResponse: Equal<GetAcctTitleResponse, AcctTitleResponse> = true;
// Operations without schemas keep accepting any JSON object.
export const stillJson: Equal<SendTxnsResponse, JsonObject> = true;

export async function lookUp(): Promise<string[]> {
  const request: GetAcctTitleRequest = { accountNumber: "PK36SCBL0000001123456702", bankCode: "HBL" };
  const response = await client.getAcctTitle(request);
  const title: string = response.title;
  // bankCode is optional.
  const minimal = await client.getAcctTitle({ accountNumber: "0012345678" }, { retry: { attempts: 2 } });
  // Every set has get_acct_title, with the same types.
  const fromV101: string = (await createV101(options).getAcctTitle({ accountNumber: "1", bankCode: "UBL" })).title;

  // @ts-expect-error TS2345 accountNumber is required
  await client.getAcctTitle({ bankCode: "MCB" });
  // @ts-expect-error TS2322 bankCode is one of HBL, MCB, UBL
  await client.getAcctTitle({ accountNumber: "1", bankCode: "ABC" });
  // @ts-expect-error TS2322 accountNumber is a string
  await client.getAcctTitle({ accountNumber: 12345 });
  // @ts-expect-error TS2353 the request has no branch
  await client.getAcctTitle({ accountNumber: "1", branch: "Saddar" });
  // @ts-expect-error TS2339 the response has no balance
  const balance = response.balance;
  // @ts-expect-error TS2339 nor does v1.0.1's
  const fromV101Balance = (await createV101(options).getAcctTitle({ accountNumber: "1" })).accountTitle;
  // @ts-expect-error TS2322 the title is a string
  const wrong: number = minimal.title;

  // Other operations still take any JSON object.
  await client.sendTxns({ reference: "T-1", amount: 10 });
  return [title, minimal.title, fromV101, String(balance), String(fromV101Balance), String(wrong)];
}
