/**
 * A real redis-server for a test file: on 127.0.0.1 and a free port, with
 * no persistence and a temporary directory, stopped (and restarted on the
 * same port) at will.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { connect, createServer, type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface RedisServer {
  readonly port: number;
  readonly url: string;
  /** Stops it (SIGTERM), waiting for it to exit. */
  stop(): Promise<void>;
  /** Starts it again on the same port, empty. */
  start(): Promise<void>;
  /** Stops it and removes its directory. */
  close(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export async function startRedisServer(): Promise<RedisServer> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), "remitgen-redis-"));
  let child: ChildProcess | undefined;

  const start = (): Promise<void> =>
    new Promise((resolve, reject) => {
      const proc = spawn(
        "redis-server",
        [
          "--port",
          String(port),
          "--bind",
          "127.0.0.1",
          "--save",
          "",
          "--appendonly",
          "no",
          "--dir",
          dir,
          "--loglevel",
          "warning",
        ],
        { stdio: ["ignore", "pipe", "pipe"] },
      );
      child = proc;
      let output = "";
      const ready = async (): Promise<void> => {
        // Ready once it accepts a connection.
        for (let i = 0; i < 200; i++) {
          if (proc.exitCode !== null) break;
          const ok = await new Promise<boolean>((done) => {
            const socket = connect(port, "127.0.0.1");
            socket.once("connect", () => {
              socket.destroy();
              done(true);
            });
            socket.once("error", () => done(false));
          });
          if (ok) return resolve();
          await new Promise((wait) => setTimeout(wait, 25));
        }
        reject(new Error(`redis-server did not start: ${output}`));
      };
      proc.stdout?.on("data", (chunk) => (output += chunk));
      proc.stderr?.on("data", (chunk) => (output += chunk));
      proc.once("error", (error: NodeJS.ErrnoException) =>
        reject(
          error.code === "ENOENT"
            ? new Error(
                "redis-server is not on PATH: install Debian's redis-server package (apt-get install redis-server)",
              )
            : error,
        ),
      );
      proc.once("spawn", () => void ready());
    });

  const stop = (): Promise<void> =>
    new Promise((resolve) => {
      const proc = child;
      child = undefined;
      if (!proc || proc.exitCode !== null) return resolve();
      proc.once("exit", () => resolve());
      proc.kill("SIGTERM");
    });

  await start();
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    start,
    stop,
    async close() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
