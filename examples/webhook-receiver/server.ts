/**
 * A minimal webhook receiver for strategy alerts (node:http, no framework).
 *
 * - Answers the verification handshake (`webhook.endpoint_verification`): 2xx with
 *   `{"challenge": <the same value>}`. The service sends it when the webhook url is set or
 *   changed, before you can know the (new) signing secret, so it is answered unverified: it only
 *   proves that the url is yours.
 * - Verifies every other delivery with `sa.verifyWebhook` on the RAW body, exactly the bytes
 *   received. Parsing the JSON and serialising it again changes the bytes and breaks the
 *   signature; so does a body parser that runs before this handler.
 *
 * Run it on its own:
 *   WEBHOOK_SECRET="$(pulumi stack output webhookSecret --show-secrets)" PORT=8787 \
 *     node -r ts-node/register/transpile-only examples/webhook-receiver/server.ts
 * or import `createReceiver` and mount it in your own process (the demo does).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import * as sa from "pulumi-strategy-alerts";

export const VERIFICATION_EVENT = "webhook.endpoint_verification";

export interface ReceiverOptions {
  /** The webhook signing secret (the Webhook resource's `secret` output), or a getter for it. */
  secret?: string | (() => string | undefined);
  /** Called with each verified delivery. */
  onEvent?: (event: sa.types.output.WebhookEvent, headers: IncomingMessage["headers"]) => void;
  /** Called when a delivery is rejected (bad signature, stale timestamp, no secret yet). */
  onReject?: (reason: string, headers: IncomingMessage["headers"]) => void;
  /** Maximum age of X-Svc-Timestamp in seconds (default 300). */
  toleranceSeconds?: number;
  /** Largest body accepted, in bytes (default 1 MiB). */
  maxBodyBytes?: number;
}

/** An http.Server that handles deliveries on any path; call `listen` on it. */
export function createReceiver(options: ReceiverOptions = {}): Server {
  return createServer((req, res) => {
    handle(req, res, options).catch((error: Error) => reply(res, 500, { error: error.message }));
  });
}

async function handle(req: IncomingMessage, res: ServerResponse, options: ReceiverOptions): Promise<void> {
  if (req.method !== "POST") return reply(res, 405, { error: "deliveries are POST requests" });
  const rawBody = await readRawBody(req, options.maxBodyBytes ?? 1024 * 1024);
  if (rawBody === undefined) return reply(res, 413, { error: "body too large" });

  const parsed = parseJson(rawBody);
  if ((req.headers["x-svc-event-type"] ?? parsed?.type) === VERIFICATION_EVENT) {
    const challenge = parsed?.data?.challenge;
    if (typeof challenge !== "string")
      return reply(res, 400, { error: "verification event without a challenge" });
    return reply(res, 200, { challenge });
  }

  const secret = typeof options.secret === "function" ? options.secret() : options.secret;
  if (!secret) {
    options.onReject?.("no signing secret configured yet", req.headers);
    // 503: a retrying sender tries again later; nothing unverified is ever accepted.
    return reply(res, 503, { error: "the receiver has no signing secret yet" });
  }
  let event: sa.types.output.WebhookEvent;
  try {
    event = sa.verifyWebhook({
      rawBody,
      headers: req.headers,
      secret,
      ...(options.toleranceSeconds === undefined ? {} : { toleranceSeconds: options.toleranceSeconds }),
    });
  } catch (error) {
    if (!(error instanceof sa.WebhookVerificationError)) throw error;
    options.onReject?.(`${error.code}: ${error.message}`, req.headers);
    return reply(res, 400, { error: error.code });
  }
  // Answer fast; do the real work (queue, notify, trade) after acknowledging.
  reply(res, 200, { received: event.id });
  options.onEvent?.(event, req.headers);
}

/** The body exactly as received, or undefined when it exceeds the limit. */
function readRawBody(req: IncomingMessage, limit: number): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) tooLarge = true;
      else chunks.push(chunk);
    });
    req.on("end", () => resolve(tooLarge ? undefined : Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

function parseJson(body: Buffer): { type?: unknown; data?: { challenge?: unknown } } | undefined {
  try {
    return JSON.parse(body.toString("utf8"));
  } catch {
    return undefined;
  }
}

function reply(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
}

if (require.main === module) {
  const port = Number(process.env.PORT ?? 8787);
  const server = createReceiver({
    secret: process.env.WEBHOOK_SECRET,
    onEvent: (event) => console.log(`verified ${event.type} ${event.id}: ${JSON.stringify(event.data)}`),
    onReject: (reason) => console.warn(`rejected a delivery: ${reason}`),
  });
  server.listen(port, () => {
    if (!process.env.WEBHOOK_SECRET) console.warn("WEBHOOK_SECRET is not set: deliveries are answered 503.");
    console.log(`webhook receiver listening on http://localhost:${port}/`);
  });
}
