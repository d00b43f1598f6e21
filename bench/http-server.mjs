// A local HTTP server for the client-overhead benchmark, run by bench/run.mjs
// as a child process (so its work does not share the measured event loop).
// Listens on 127.0.0.1, port 0; prints `PORT <n>` once listening. Every POST
// gets the same 1 KB JSON body (a token request gets a token). Exits when its
// stdin closes or on SIGTERM/SIGINT.
import { createServer } from "node:http";

const record = {
  accountNumber: "PK36SCBL0000001123456702",
  accountTitle: "MUHAMMAD ALI KHAN",
  bankCode: "SCBL",
  branchCode: "0011",
  currency: "PKR",
  status: "ACTIVE",
  reference: "RTS-2024-000001",
};
// Pad to exactly 1024 bytes of JSON.
const base = JSON.stringify({ ...record, padding: "" });
const payload = Buffer.from(
  JSON.stringify({
    ...record,
    padding: "x".repeat(1024 - Buffer.byteLength(base)),
  }),
);
if (payload.length !== 1024)
  throw new Error(`payload is ${payload.length} bytes`);
const token = Buffer.from(
  JSON.stringify({
    access_token: "bench-token",
    token_type: "Bearer",
    expires_in: 3600,
  }),
);

const server = createServer((request, response) => {
  // Drain the body, then answer.
  request.on("data", () => {});
  request.on("end", () => {
    const body = request.url?.startsWith("/oauth2/token") ? token : payload;
    response.writeHead(200, {
      "content-type": "application/json",
      "content-length": body.length,
    });
    response.end(body);
  });
});
server.keepAliveTimeout = 60_000;

server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  process.stdout.write(
    `PORT ${typeof address === "object" && address ? address.port : 0}\n`,
  );
});

const stop = () => {
  server.close();
  server.closeAllConnections?.();
  process.exit(0);
};
process.stdin.on("end", stop);
process.stdin.on("close", stop);
process.stdin.resume();
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
