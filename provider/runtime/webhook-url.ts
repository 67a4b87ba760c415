import { isUnknown } from "../model/unknown-value";
import { describeValue } from "../model/validation-issue";
import { webhookUrlProblem } from "../model/webhook-url";

/**
 * What is wrong with a Webhook's declared `url`, or undefined: the service's own rule
 * (`provider/model/webhook-url.ts`, which the emulator answers with), so a url the preview
 * passes is one `up` can set. The value is not quoted: a webhook URL often carries its
 * credential, and the reason names what to fix without it.
 */
export function urlFailure(value: unknown): string | undefined {
  if (value === undefined || value === null || isUnknown(value)) return undefined;
  if (typeof value !== "string")
    return `url must be a string (an http(s) URL) or null for none, got ${describeValue(value)}`;
  return webhookUrlProblem(value);
}
