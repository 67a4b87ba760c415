import { randomUUID } from "node:crypto";

/** The event envelope of service-api.md#webhook-deliveries. */
export interface EventEnvelope<T = Record<string, unknown>> {
  id: string;
  type: string;
  /** Business time of the event (emulator clock). */
  created_at: string;
  data: T;
}

export function makeEnvelope<T>(type: string, data: T, createdAt: Date): EventEnvelope<T> {
  return { id: `evt_${randomUUID()}`, type, created_at: createdAt.toISOString(), data };
}
