/**
 * A TCP proxy on 127.0.0.1 and a free port that adds latency: to each new
 * connection before it reaches the target (connection set-up, as over a
 * real network), and optionally to every chunk either way (a slow peer).
 */
import { connect, createServer, type Socket } from "node:net";
import type { AddressInfo } from "node:net";

export interface SlowProxy {
  readonly port: number;
  /** Delay added to every chunk from now on, both ways, in ms. */
  chunkDelayMs: number;
  close(): Promise<void>;
}

export async function startSlowProxy(
  targetPort: number,
  { connectDelayMs = 0, chunkDelayMs = 0 } = {},
): Promise<SlowProxy> {
  const sockets = new Set<Socket>();
  const track = (socket: Socket): void => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => socket.destroy());
  };
  /**
   * Forwards `from` to `to`, in order, each chunk once the delay then in
   * force has passed since it came (latency, not a slower line).
   */
  const forward = (from: Socket, to: Socket): void => {
    let queue = Promise.resolve();
    from.on("data", (chunk: Buffer) => {
      const due = Date.now() + proxy.chunkDelayMs;
      queue = queue.then(async () => {
        const wait = due - Date.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        if (!to.destroyed) to.write(chunk);
      });
    });
    from.on("end", () => void queue.then(() => to.end()));
    from.on("close", () => void queue.then(() => to.destroy()));
  };
  const server = createServer((client) => {
    track(client);
    client.pause();
    setTimeout(() => {
      if (client.destroyed) return;
      const upstream = connect(targetPort, "127.0.0.1");
      track(upstream);
      upstream.on("connect", () => {
        forward(client, upstream);
        forward(upstream, client);
        client.resume();
      });
    }, connectDelayMs);
  });
  await new Promise<void>((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve()),
  );
  const proxy: SlowProxy = {
    port: (server.address() as AddressInfo).port,
    chunkDelayMs,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
  return proxy;
}
