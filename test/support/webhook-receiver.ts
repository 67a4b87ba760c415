import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * How the receiver answers every request: echo the verification challenge (and 204 to
 * notifications), echo a wrong challenge, fail with 500, answer 200 with a body that is not
 * JSON, or never answer.
 */
export type ReceiverMode = "echo" | "wrong-challenge" | "fail-500" | "not-json" | "hang";

export interface Delivery {
  headers: IncomingHttpHeaders;
  rawBody: string;
}

const VERIFICATION = "webhook.endpoint_verification";

function parsed(rawBody: string): { type?: string; data?: { challenge?: string } } {
  try {
    return JSON.parse(rawBody) as { type?: string; data?: { challenge?: string } };
  } catch {
    return {};
  }
}

/** A webhook endpoint run by the test, recording every request it receives with its raw body. */
export class WebhookReceiver {
  #server: Server | undefined;
  /** Every request received, the verification handshakes included, oldest first. */
  readonly deliveries: Delivery[] = [];
  /** When set, the status answered to notifications (never to the verification handshake). */
  notificationStatus: number | null = null;
  url = "";

  constructor(public mode: ReceiverMode = "echo") {}

  /** The notifications received: every delivery but the verification handshakes. */
  notifications(): Delivery[] {
    return this.deliveries.filter((d) => parsed(d.rawBody).type !== VERIFICATION);
  }

  /** Forgets what was received and goes back to echoing. */
  reset(): void {
    this.deliveries.length = 0;
    this.mode = "echo";
    this.notificationStatus = null;
  }

  async start(): Promise<this> {
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        const rawBody = Buffer.concat(chunks).toString("utf8");
        this.deliveries.push({ headers: req.headers, rawBody });
        const event = parsed(rawBody);
        if (this.notificationStatus !== null && event.type !== VERIFICATION) {
          res.writeHead(this.notificationStatus).end("receiver refused the notification");
          return;
        }
        const json = { "content-type": "application/json" };
        switch (this.mode) {
          case "echo":
            if (event.type !== VERIFICATION) res.writeHead(204).end();
            else res.writeHead(200, json).end(JSON.stringify({ challenge: event.data?.challenge }));
            return;
          case "wrong-challenge":
            res.writeHead(200, json).end(JSON.stringify({ challenge: "nope" }));
            return;
          case "fail-500":
            res.writeHead(500).end("receiver is down");
            return;
          case "not-json":
            res.writeHead(200).end("ok");
            return;
          case "hang":
            return;
        }
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

/**
 * The service's webhook signature, checked independently of the emulator's signer: `v1=` +
 * hex HMAC-SHA256 keyed with the secret over `timestamp + "." + rawBody`, compared in constant
 * time; no prefix or no timestamp → invalid.
 */
export function signatureValid(secret: string, headers: IncomingHttpHeaders, rawBody: string): boolean {
  const signature = String(headers["x-svc-signature"] ?? "");
  const timestamp = String(headers["x-svc-timestamp"] ?? "");
  if (!signature.startsWith("v1=") || timestamp === "") return false;
  const expected = Buffer.from(createHmac("sha256", secret).update(`${timestamp}.${rawBody}`).digest("hex"));
  const given = Buffer.from(signature.slice(3));
  return given.length === expected.length && timingSafeEqual(given, expected);
}
