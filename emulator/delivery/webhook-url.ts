/**
 * Webhook url policy (service-api.md#webhook leaves format constraints "not shown"): an absolute https URL,
 * or plain http only for loopback hosts (localhost, 127.0.0.1, [::1]) so local receivers work
 * while a production-like setup still needs TLS. No credentials in the URL, no fragment,
 * at most 2048 characters.
 */
const MAX_WEBHOOK_URL_LENGTH = 2048;
const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

export function webhookUrlProblem(raw: string): string | undefined {
  if (raw.length === 0) return "url must not be empty (use null to remove the webhook url)";
  if (raw.length > MAX_WEBHOOK_URL_LENGTH) return `url must be at most ${MAX_WEBHOOK_URL_LENGTH} characters`;
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return "url must be an absolute http(s) URL";
  }
  if (u.protocol !== "https:" && u.protocol !== "http:") return "url must use https (or http for localhost)";
  if (u.protocol === "http:" && !LOOPBACK.has(u.hostname)) {
    return "url must use https; plain http is allowed only for localhost, 127.0.0.1 and [::1]";
  }
  if (u.username || u.password) return "url must not contain credentials";
  if (u.hash) return "url must not contain a fragment";
  return undefined;
}
