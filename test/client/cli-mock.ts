/**
 * `remitgen mock` started in process for client tests, kept apart from
 * support.ts so a test that needs only it does not load ts-morph.
 */
import { fileURLToPath } from "node:url";
import { runMock } from "../../src/cli/mock.js";
import type { MockServer } from "../../src/mock-server/server.js";

const repoRoot = fileURLToPath(new URL("../../", import.meta.url));

/**
 * Starts `remitgen mock --set v3 --port 0` in process (through `runMock`,
 * on 127.0.0.1 and a free port) and resolves once it listens; `stop`
 * aborts it and resolves to its exit status.
 */
export async function startCliMock(): Promise<{
  server: MockServer;
  stop(): Promise<number>;
}> {
  const controller = new AbortController();
  let listening: MockServer | undefined;
  const lines: string[] = [];
  const status = runMock({
    set: "v3",
    port: 0,
    host: "127.0.0.1",
    cwd: repoRoot,
    signal: controller.signal,
    log: (line) => lines.push(line),
    error: (text) => lines.push(text),
    onListening: (server) => (listening = server),
  });
  const started = Date.now();
  while (listening === undefined) {
    if (Date.now() - started > 10_000)
      throw new Error(`remitgen mock did not start:\n${lines.join("\n")}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return {
    server: listening,
    stop: () => {
      controller.abort();
      return status;
    },
  };
}
