import type { WebhookConfig, WebhookPutBody } from "../model/plain-types";
import { WebhookConfigSchema } from "../model/schemas/webhook";
import { realSleep } from "./rate-limiter";
import type { Transport } from "./transport";

export interface VerificationWait {
  /** Give up after this much waiting in all (default 60 s). */
  timeoutMs?: number;
  /** First pause between reads; doubled each time up to `maxDelayMs` (defaults 1 s and 8 s). */
  firstDelayMs?: number;
  maxDelayMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

export type VerificationOutcome =
  | { verified: true; webhook: WebhookConfig; reads: number; waitedMs: number }
  /** Still unverified when the wait ended, or the url changed meanwhile (someone else set another). */
  | { verified: false; webhook: WebhookConfig; reads: number; waitedMs: number; urlChanged: boolean };

/** service-api.md#webhook */
export class WebhookApi {
  constructor(private readonly transport: Transport) {}

  /** `GET /webhook`; never configured → `{enabled: false, hasSecret: false}`. */
  get(): Promise<WebhookConfig> {
    return this.transport.request({ method: "GET", route: "/webhook", schema: WebhookConfigSchema });
  }

  /**
   * `PUT /webhook`. A body setting a `url` may generate a secret that is returned only on this
   * answer, so it is not retried on 5xx/timeout/dropped connection (AmbiguousWriteError); a body
   * with only `enabled`, or clearing with `url: null`, is retried like any idempotent write.
   */
  put(body: WebhookPutBody): Promise<WebhookConfig> {
    return this.transport.request({ method: "PUT", route: "/webhook", body, schema: WebhookConfigSchema });
  }

  /**
   * Reads `GET /webhook` with a capped exponential backoff until `url` is verified, for a
   * service that verifies after answering the PUT (service-api.md#webhook-verification does not say the PUT waits for the
   * handshake). Bounded: a few reads over `timeoutMs`, never a busy loop.
   */
  async waitUntilVerified(url: string, options: VerificationWait = {}): Promise<VerificationOutcome> {
    const timeoutMs = options.timeoutMs ?? 60_000;
    const maxDelayMs = options.maxDelayMs ?? 8_000;
    const sleep = options.sleep ?? realSleep;
    let delay = options.firstDelayMs ?? 1_000;
    let waitedMs = 0;
    let reads = 0;
    for (;;) {
      const pause = Math.min(delay, timeoutMs - waitedMs);
      await sleep(pause);
      waitedMs += pause;
      const webhook = await this.get();
      reads++;
      if (webhook.url !== url) return { verified: false, webhook, reads, waitedMs, urlChanged: true };
      if (webhook.verifiedAt) return { verified: true, webhook, reads, waitedMs };
      if (waitedMs >= timeoutMs) return { verified: false, webhook, reads, waitedMs, urlChanged: false };
      delay = Math.min(delay * 2, maxDelayMs);
    }
  }
}
