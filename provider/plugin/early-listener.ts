/**
 * The plugin's loopback port, open before the gRPC library and the protocol stubs are loaded
 * (most of a cold start): the engine waits for the port on stdout, so the plugin prints it as
 * soon as the port exists and loads the rest while the engine connects. A connection that
 * arrives meanwhile stays paused, its bytes in the kernel's buffer, until `handOver` gives it
 * to the gRPC server; later connections go to that server at once.
 */
import { type AddressInfo, createServer, type Socket } from "node:net";

export interface EarlyListener {
  readonly port: number;
  /** How many connections wait for their owner. */
  waiting(): number;
  /** From now on every connection, the waiting ones first, goes to `take`. */
  handOver(take: (socket: Socket) => void): void;
  /** Stops listening and drops the connections nobody took. */
  close(): void;
}

// Until its new owner listens, a reset of a waiting connection must not throw.
const ignore = () => {};

/** The owner attaches its reader first, so no byte is read before someone listens for it. */
function give(socket: Socket, owner: (socket: Socket) => void): void {
  owner(socket);
  socket.resume();
}

export function listenEarly(host = "127.0.0.1"): Promise<EarlyListener> {
  const waiting = new Set<Socket>();
  let take: ((socket: Socket) => void) | undefined;
  const server = createServer({ pauseOnConnect: true }, (socket) => {
    if (take) return give(socket, take);
    waiting.add(socket);
    socket.on("error", ignore);
    socket.once("close", () => waiting.delete(socket));
  });
  const handOver = (owner: (socket: Socket) => void) => {
    take = owner;
    for (const socket of waiting) {
      waiting.delete(socket);
      socket.off("error", ignore);
      if (!socket.destroyed) give(socket, owner);
    }
  };
  const close = () => {
    server.close();
    for (const socket of waiting) socket.destroy();
    waiting.clear();
  };
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, host, () => {
      server.off("error", reject);
      const port = (server.address() as AddressInfo).port;
      resolve({ port, waiting: () => waiting.size, handOver, close });
    });
  });
}
