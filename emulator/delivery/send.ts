import type { EventEnvelope } from "./envelope";
import { signPayload } from "./sign";

export const DEFAULT_DELIVERY_TIMEOUT_MS = 5_000;
/** Response bodies beyond this are not read: a receiver only needs to send a short JSON. */
const MAX_RESPONSE_BYTES = 64 * 1024;

export interface DeliveryTarget {
  url: string;
  secret: string;
  webhookId: string;
}

export interface DeliveryResult {
  eventId: string;
  eventType: string;
  /** X-Svc-Timestamp that was signed (real send time, unix seconds). */
  timestamp: string;
  ok: boolean;
  status: number | null;
  /** Response body text (truncated), when one was received. */
  responseBody: string | null;
  /** Why the delivery failed: network error, timeout or non-2xx status. */
  error: string | null;
  durationMs: number;
}

/**
 * Sends one signed event as an HTTP POST. Never throws: every failure is described in the
 * result, because delivery is best-effort and must never break the caller's processing.
 * The timestamp is the real send time (not the emulator clock), so receivers' tolerance checks
 * hold even after tests moved the emulator clock. Redirects are not followed.
 */
export async function deliver(
  target: DeliveryTarget,
  event: EventEnvelope<unknown>,
  opts: { timeoutMs?: number; realNow?: () => number } = {},
): Promise<DeliveryResult> {
  const rawBody = JSON.stringify(event);
  const timestamp = String(Math.floor((opts.realNow ?? Date.now)() / 1000));
  const started = Date.now();
  const timeoutMs = opts.timeoutMs ?? DEFAULT_DELIVERY_TIMEOUT_MS;
  const base = { eventId: event.id, eventType: event.type, timestamp };
  try {
    const res = await fetch(target.url, {
      method: "POST",
      redirect: "manual",
      signal: AbortSignal.timeout(timeoutMs),
      headers: {
        "content-type": "application/json",
        "user-agent": "strategy-alerts-emulator-webhooks/1",
        "x-svc-webhook-id": target.webhookId,
        "x-svc-event-id": event.id,
        "x-svc-event-type": event.type,
        "x-svc-timestamp": timestamp,
        "x-svc-signature": signPayload(target.secret, timestamp, rawBody),
      },
      body: rawBody,
    });
    const text = (await res.text()).slice(0, MAX_RESPONSE_BYTES);
    const ok = res.status >= 200 && res.status < 300;
    return {
      ...base,
      ok,
      status: res.status,
      responseBody: text,
      error: ok ? null : `endpoint answered HTTP ${res.status}`,
      durationMs: Date.now() - started,
    };
  } catch (e) {
    const err = e as Error;
    const timedOut = err.name === "TimeoutError" || err.name === "AbortError";
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    const detail = timedOut
      ? `no response within ${timeoutMs} ms`
      : `could not connect (${cause?.code ?? cause?.message ?? err.message})`;
    return {
      ...base,
      ok: false,
      status: null,
      responseBody: null,
      error: detail,
      durationMs: Date.now() - started,
    };
  }
}
