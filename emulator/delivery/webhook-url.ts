/**
 * Webhook url policy (service-api.md#webhook leaves format constraints "not shown"): the one rule
 * of the model (`provider/model/webhook-url.ts`), which the provider checks at preview too, so a
 * url the emulator refuses is never one a preview passed. An absolute https URL, or plain http
 * only for loopback hosts (localhost, 127.0.0.1, [::1]); no white space, control or invisible
 * character, no credentials, no fragment, at most 2048 characters.
 */
export { webhookUrlProblem } from "../../provider/model/webhook-url";
