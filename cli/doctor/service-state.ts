/** What the service tells about itself beside the bodies: headers, its clock, 404s, the webhook. */
import { randomUUID } from "node:crypto";
import { WebhookConfigSchema } from "../../provider/model/schemas/webhook";
import { breaks, type Check, differs, notObservable, same } from "./check";
import { isErrorBody } from "./connection";
import type { DoctorResponse } from "./http";
import { describeBody, keysOf } from "./text";

const RATE_HEADERS = [
  "x-ratelimit-limit",
  "x-ratelimit-remaining",
  "x-ratelimit-reset",
  "ratelimit",
  "ratelimit-policy",
];

export const rateLimitHeadersCheck: Check = {
  item: "rate-limit headers",
  spec: "not shown",
  emulatorReading: "none (no X-RateLimit-*)",
  async observe(ctx) {
    const seen = new Map<string, string>();
    let carrying = 0;
    for (const res of ctx.http.responses) {
      let any = false;
      for (const h of RATE_HEADERS)
        if (res.headers[h] !== undefined) {
          any = true;
          if (!seen.has(h)) seen.set(h, res.headers[h]!);
        }
      if (any) carrying++;
    }
    if (seen.size === 0) return same(`none on ${ctx.http.responses.length} answers`);
    const shown = [...seen].map(([h, v]) => `${h}: ${v}`).join(", ");
    return differs(`${shown} (on ${carrying} of ${ctx.http.responses.length} answers)`);
  },
};

export const retryAfterCheck: Check = {
  item: "Retry-After on a 429",
  spec: "not shown (429 message: Rate limit exceeded)",
  emulatorReading: "Retry-After: whole seconds until a request leaves the window",
  async observe(ctx) {
    const met = ctx.http.rateLimited;
    if (met.length === 0) return notObservable("no 429 met; --probe-rate meets one");
    const withHeader = met.filter((r) => r.headers["retry-after"] !== undefined);
    const body = met[0]!.json as Record<string, unknown> | undefined;
    const message = body?.message === "Rate limit exceeded" ? "" : `, message: ${describeBody(met[0]!)}`;
    if (withHeader.length === 0) return differs(`no Retry-After on ${met.length} 429(s)${message}`);
    const value = withHeader[0]!.headers["retry-after"]!;
    const seconds = /^\d+$/.test(value.trim());
    const observed = `Retry-After: ${value}${seconds ? " s" : ""} (on ${withHeader.length} of ${met.length} 429s)${message}`;
    return seconds && withHeader.length === met.length && !message ? same(observed) : differs(observed);
  },
};

export const clockSkewCheck: Check = {
  item: "clock skew (Date header)",
  spec: "timestamps are ISO 8601 UTC",
  emulatorReading: "0 s (its Date is the host's clock)",
  async observe(ctx) {
    if (ctx.dateSkewMs === undefined) return notObservable("no Date header");
    const seconds = Math.round(ctx.dateSkewMs / 1000);
    if (ctx.skewMs === 0) return same(`${seconds} s (within the header's 1 s resolution)`);
    const observed = `service clock ${seconds > 0 ? "ahead" : "behind"} by ${Math.abs(seconds)} s`;
    return differs(observed);
  },
};

export const notFoundCheck: Check = {
  item: "404 for an unknown strategy",
  spec: "404 {statusCode, message, error}; text not shown",
  emulatorReading: "404 {statusCode, message: 'Strategy <id> not found', error}",
  async observe(ctx) {
    const id = randomUUID();
    const res: DoctorResponse = await ctx.http.send("GET", `/strategies/${id}`);
    // A gone strategy must read as 404: refresh and delete depend on it.
    if (res.status !== 404) return breaks(`answered ${res.status}: ${describeBody(res)}`);
    const body = res.json as Record<string, unknown> | undefined;
    const layout = isErrorBody(body) ? "{statusCode, message, error}" : keysOf(body);
    const text = typeof body?.message === "string" ? body.message.split(id).join("<id>") : describeBody(res);
    const observed = `404 ${layout}, message '${text}'`;
    return isErrorBody(body) && text === "Strategy <id> not found" ? same(observed) : differs(observed);
  },
};

export const webhookStateCheck: Check = {
  item: "webhook state",
  spec: "GET /webhook: {enabled, url?, verifiedAt?, hasSecret}",
  emulatorReading: "as configured; verified in the PUT's own answer",
  async observe(ctx) {
    const res = ctx.lists.get("GET /webhook") as DoctorResponse | undefined;
    const parsed = WebhookConfigSchema.safeParse(res?.json);
    if (!parsed.success) return notObservable("GET /webhook did not parse");
    const w = parsed.data;
    if (!w.url) return same(`not configured (enabled ${w.enabled})`);
    const state = w.verifiedAt ? `verified at ${w.verifiedAt}` : "NOT verified: deliveries will not arrive";
    return same(`configured, enabled ${w.enabled}, ${state}, secret ${w.hasSecret ? "set" : "none"}`);
  },
};
