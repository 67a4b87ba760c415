import { createHmac } from "node:crypto";

/**
 * service-api.md#signature: `v1=` + lowercase hex HMAC-SHA256 keyed with the webhook secret (its UTF-8 bytes,
 * prefix included) over `timestamp + "." + rawBody`.
 */
export function signPayload(secret: string, timestamp: string, rawBody: string): string {
  return `v1=${createHmac("sha256", secret).update(`${timestamp}.${rawBody}`).digest("hex")}`;
}
