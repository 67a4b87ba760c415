import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export type ReceiverMode = "echo" | "fail-500";

export interface Delivery {
  headers: IncomingMessage["headers"];
  rawBody: string;
}

/** A webhook endpoint run by the test: echoes the verification challenge, or fails. */
export class WebhookReceiver {
  #server: Server | undefined;
  readonly deliveries: Delivery[] = [];
  url = "";

  /** `mode` may change while it runs: a receiver that goes down and comes back. */
  constructor(public mode: ReceiverMode) {}

  async start(): Promise<this> {
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        const rawBody = Buffer.concat(chunks).toString("utf8");
        this.deliveries.push({ headers: req.headers, rawBody });
        if (this.mode === "fail-500") {
          res.writeHead(500).end("receiver is down");
          return;
        }
        const challenge = (JSON.parse(rawBody) as { data?: { challenge?: string } }).data?.challenge;
        res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ challenge }));
      });
    });
    this.#server = server;
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
    return this;
  }

  async close(): Promise<void> {
    const server = this.#server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
