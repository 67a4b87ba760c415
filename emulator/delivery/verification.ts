import { randomBytes } from "node:crypto";
import { makeEnvelope } from "./envelope";
import { type DeliveryTarget, deliver } from "./send";

const VERIFICATION_EVENT = "webhook.endpoint_verification";

export type VerificationOutcome = { ok: true } | { ok: false; error: string };

/**
 * The verification handshake of service-api.md#webhook-deliveries: a signed `webhook.endpoint_verification` event with
 * a fresh challenge; verified when the endpoint answers 2xx with JSON `{challenge: <same>}`.
 */
export async function verifyEndpoint(
  target: DeliveryTarget,
  createdAt: Date,
  opts: { timeoutMs?: number } = {},
): Promise<VerificationOutcome> {
  const challenge = randomBytes(24).toString("hex");
  const result = await deliver(target, makeEnvelope(VERIFICATION_EVENT, { challenge }, createdAt), opts);
  if (!result.ok) return { ok: false, error: `Verification failed: ${result.error}` };
  let echoed: unknown;
  try {
    echoed = (JSON.parse(result.responseBody ?? "") as { challenge?: unknown } | null)?.challenge;
  } catch {
    return {
      ok: false,
      error: "Verification failed: the endpoint did not answer with a JSON body {challenge}",
    };
  }
  if (echoed !== challenge) {
    return { ok: false, error: "Verification failed: the endpoint did not echo the challenge it was sent" };
  }
  return { ok: true };
}
