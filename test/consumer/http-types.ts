// A strict TypeScript consumer of a generated HTTP API package
// (test/fixtures/http-api.yaml), imported by name. test/client/types.test.ts
// compiles it and checks that each `@ts-expect-error TS<code>` line hides
// exactly that error.
import {
  ApiError,
  createClient,
  isGetPaymentError,
  type CancelPaymentResponse,
  type ClientOptions,
  type CreatePaymentResponse,
  type Payment,
} from "@example/payments-v1";

// The spec states its base URL: an API key is all a client needs.
const options: ClientOptions = { apiKey: "key" };
// @ts-expect-error TS2353 an API-key client takes no OAuth credentials
export const oauth: ClientOptions = { apiKey: "key", clientId: "id" };
// @ts-expect-error TS2322 nor works without its key
export const keyless: ClientOptions = {};
const client = createClient(options);

export async function calls(): Promise<void> {
  // Path parameters are required, query and header ones optional.
  const payment: Payment = await client.getPayment({ paymentId: "pay_1" });
  // @ts-expect-error TS2345 the path parameter is required
  await client.getPayment({});
  await client.listPayments();
  await client.listPayments({ limit: 10, status: ["captured"], "X-Request-Id": "r" });
  // @ts-expect-error TS2322 a query parameter has its schema's type
  await client.listPayments({ limit: "10" });
  // Parameters first, then the body; a bodiless operation takes none.
  const created: CreatePaymentResponse = await client.createPayment(
    { "Idempotency-Key": "k" },
    { amount: { amount: 500, currency: "EUR" }, card: "tok_visa" },
  );
  // @ts-expect-error TS2353 cancelling sends no body: the second argument is the call's options
  await client.cancelPayment({ paymentId: "p" }, { amount: 1 });
  const cancelled: CancelPaymentResponse = await client.cancelPayment({ paymentId: "p" });
  const nothing: undefined = cancelled;
  console.log(payment, created, nothing);
}

export function handle(error: unknown): string {
  if (isGetPaymentError(error)) {
    // Narrowed to the stated answers: a 404 with a Problem body.
    const status: 404 = error.status;
    return `${status} ${error.body.code}: ${error.body.message}`;
  }
  if (error instanceof ApiError) {
    // Any other error answer: its body is whatever JSON came.
    // @ts-expect-error TS2339 not narrowed: no member on any JSON value
    return error.body?.message;
  }
  return "";
}
