import { type WebhookConfig, WebhookConfigSchema, type WebhookPutBody } from "../model/schemas/webhook";
import type { Transport } from "./transport";

/** Spec 4.7. */
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
}
