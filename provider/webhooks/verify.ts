import { createHmac, timingSafeEqual } from "node:crypto";
import { StrategyAlertsError } from "../model/errors";

/** Why a delivery was rejected; `code` is stable for programs, the message explains for people. */
export class WebhookVerificationError extends StrategyAlertsError {
  constructor(
    readonly code:
      | "missing-header"
      | "invalid-signature-format"
      | "signature-mismatch"
      | "stale-timestamp"
      | "not-raw-body"
      | "invalid-json",
    message: string,
  ) {
    super(message);
    this.name = "WebhookVerificationError";
  }
}

export interface WebhookEvent {
  id: string;
  type: string;
  created_at: string;
  data: Record<string, unknown>;
}

export interface VerifyWebhookOptions {
  /** The body exactly as received: a Buffer or string, never a parsed object. */
  rawBody: Buffer | string;
  /** Request headers (any case; Node's lower-cased `IncomingHttpHeaders` fit). */
  headers: Record<string, string | string[] | undefined>;
  /** The webhook signing secret (the Webhook resource's `secret` output). */
  secret: string;
  /** Maximum age of X-Svc-Timestamp, in seconds (default 300). */
  toleranceSeconds?: number;
  /** Current time in ms (tests). */
  now?: number;
}

const PREFIX = "v1=";

/**
 * Verifies a delivery per service-api.md#signature: X-Svc-Signature is `v1=` + hex HMAC-SHA256 keyed with the
 * secret over `timestamp + "." + rawBody`, compared in constant time. Returns the parsed event.
 */
export function verifyWebhook(options: VerifyWebhookOptions): WebhookEvent {
  const { rawBody, secret } = options;
  if (typeof rawBody !== "string" && !Buffer.isBuffer(rawBody)) {
    throw new WebhookVerificationError(
      "not-raw-body",
      "rawBody must be the request body exactly as received (Buffer or string). A parsed and re-serialised body " +
        "differs byte for byte from what was signed: read the raw body (e.g. express.raw({ type: 'application/json' })).",
    );
  }
  const timestamp = header(options.headers, "x-svc-timestamp");
  const signature = header(options.headers, "x-svc-signature");
  if (!timestamp || !signature) {
    throw new WebhookVerificationError(
      "missing-header",
      `the delivery lacks ${!timestamp ? "X-Svc-Timestamp" : "X-Svc-Signature"}: it was not sent by the service, or a proxy dropped the header`,
    );
  }
  if (!signature.startsWith(PREFIX) || !/^[0-9a-f]{64}$/.test(signature.slice(PREFIX.length))) {
    throw new WebhookVerificationError(
      "invalid-signature-format",
      "X-Svc-Signature must be v1= followed by 64 lowercase hex characters",
    );
  }
  const body = Buffer.isBuffer(rawBody) ? rawBody : Buffer.from(rawBody, "utf8");
  const expected = createHmac("sha256", secret).update(`${timestamp}.`).update(body).digest();
  const given = Buffer.from(signature.slice(PREFIX.length), "hex");
  if (!timingSafeEqual(expected, given)) {
    throw new WebhookVerificationError(
      "signature-mismatch",
      "the signature does not match: check the secret (it changes when the webhook url changes or is rotated) and that the body is the raw bytes received",
    );
  }
  const tolerance = options.toleranceSeconds ?? 300;
  const ageSeconds = Math.abs((options.now ?? Date.now()) / 1000 - Number(timestamp));
  if (!Number.isFinite(ageSeconds) || ageSeconds > tolerance) {
    throw new WebhookVerificationError(
      "stale-timestamp",
      `X-Svc-Timestamp is ${Number.isFinite(ageSeconds) ? `${Math.round(ageSeconds)}s` : "not a number of seconds"} away from now (tolerance ${tolerance}s): a replayed delivery, or a clock out of sync`,
    );
  }
  try {
    return JSON.parse(body.toString("utf8")) as WebhookEvent;
  } catch {
    throw new WebhookVerificationError("invalid-json", "the signed body is not JSON");
  }
}

function header(headers: VerifyWebhookOptions["headers"], name: string): string | undefined {
  for (const [k, v] of Object.entries(headers)) {
    if (k.toLowerCase() === name) return Array.isArray(v) ? v[0] : v;
  }
  return undefined;
}
