import { createHash, randomBytes, randomUUID } from "node:crypto";

/** A fresh random UUID (v4). */
export const newId = (): string => randomUUID();

/**
 * A UUID-shaped id derived from a name, so seeded data gets the same ids on every run
 * (tests and demos can rely on them).
 */
export function stableId(...parts: string[]): string {
  const h = createHash("sha256").update(parts.join("\u0000")).digest("hex");
  // Version nibble 5 and RFC 4122 variant bits so the result passes UUID validators.
  const variant = ((Number.parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** API keys: `sa_live_` followed by 32 lowercase hex characters (128 random bits). */
export const API_KEY_PREFIX = "sa_live_";
export const newApiKey = (): string => API_KEY_PREFIX + randomBytes(16).toString("hex");

/** Webhook signing secrets: `whsec_` followed by 64 lowercase hex characters (256 random bits). */
export const newWebhookSecret = (): string => `whsec_${randomBytes(32).toString("hex")}`;

/** Keys are stored only as a SHA-256 digest, so the database file never holds a usable key. */
export const hashApiKey = (key: string): string => createHash("sha256").update(key).digest("hex");

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (s: string): boolean => UUID_RE.test(s);
