/** Reachability, TLS and authentication: the checks every other one depends on. */
import { StrategyAlertsError } from "../../provider/model/errors";
import { breaks, type Check, type DoctorContext, differs, same } from "./check";
import { type DoctorResponse, UnreachableError } from "./http";
import { describeBody } from "./text";

/** Why the checks after this one cannot run; the runner marks them "not checked". */
export class DoctorStop extends StrategyAlertsError {
  override readonly name = "DoctorStop";
}

/** The first answer with the key (`GET /me`), shared by the reachability, auth and account rows. */
export async function firstAnswer(ctx: DoctorContext): Promise<DoctorResponse> {
  const cached = ctx.lists.get("GET /me");
  if (cached) return cached as DoctorResponse;
  const res = await ctx.http.send("GET", "/me");
  ctx.lists.set("GET /me", res);
  // The skew is measured on the very first answer, before anything sleeps.
  const date = Date.parse(res.headers.date ?? "");
  if (Number.isFinite(date)) {
    const skew = date - (res.sentAt + res.receivedAt) / 2;
    // The Date header has whole seconds: anything within 2 s is rounding and latency.
    ctx.skewMs = Math.abs(skew) <= 2_000 ? 0 : skew;
    ctx.dateSkewMs = skew;
  }
  return res;
}

export const reachabilityCheck: Check = {
  item: "reachability and TLS",
  spec: "HTTPS base URL ending in /api/external/v1",
  emulatorReading: "answers at its base URL (plain HTTP on loopback)",
  async observe(ctx) {
    try {
      const res = await firstAnswer(ctx);
      const scheme = ctx.http.origin.startsWith("https:") ? "TLS certificate trusted" : "plain HTTP, no TLS";
      if (res.status === 404 && !isErrorBody(res.json))
        throw new DoctorStop(
          `${ctx.http.origin} answered 404 to GET /me with no API error body: is the base path right?`,
        );
      return same(`answers (HTTP ${res.status}, ${scheme})`);
    } catch (e) {
      if (e instanceof UnreachableError) throw new DoctorStop(e.message);
      throw e;
    }
  },
};

export const authenticationCheck: Check = {
  item: "authentication (X-API-Key)",
  spec: "the key in X-API-Key; 401 missing/invalid, 403 no subscription",
  emulatorReading: "the key is accepted",
  async observe(ctx) {
    const res = await firstAnswer(ctx);
    if (res.status === 401) throw new DoctorStop(`the key is refused (401: ${describeBody(res)})`);
    if (res.status === 403)
      throw new DoctorStop(
        `the key's user may not use the API (403: ${describeBody(res)}); is the subscription active?`,
      );
    if (res.status >= 400) return breaks(`GET /me answered ${res.status}: ${describeBody(res)}`);
    return same("the key is accepted");
  },
};

export const authorizationHeaderCheck: Check = {
  item: "authentication (Authorization: ApiKey)",
  spec: "the key in Authorization: ApiKey <key> is accepted too",
  emulatorReading: "accepted (scheme case-insensitive)",
  async observe(ctx) {
    const res = await ctx.http.send("GET", "/me", { authHeader: "authorization" });
    if (res.status < 300) return same("accepted");
    // The provider sends this header only when configured to (authHeader: "authorization").
    return differs(`answered ${res.status} (${describeBody(res)}): keep the default X-API-Key`);
  },
};

export const missingKeyCheck: Check = {
  item: "401 without a key",
  spec: "401 {statusCode, message, error: Unauthorized}, the message names both headers",
  emulatorReading: "401 {statusCode, message, error}; message names X-API-Key and Authorization",
  async observe(ctx) {
    const res = await ctx.http.send("GET", "/me", { withKey: false });
    if (res.status !== 401) return differs(`answered ${res.status} (${describeBody(res)})`);
    const body = res.json as Record<string, unknown> | undefined;
    const layout = isErrorBody(body) && body?.error === "Unauthorized";
    const message = typeof body?.message === "string" ? body.message : "";
    const namesHeaders = /X-API-Key/i.test(message) && /Authorization/i.test(message);
    const observed = `401, ${layout ? "{statusCode, message, error}" : `body ${describeBody(res)}`}${
      namesHeaders ? ", message names both headers" : ", message does not name both headers"
    }`;
    return layout && namesHeaders ? same(observed) : differs(observed);
  },
};

export function isErrorBody(json: unknown): json is { statusCode: number; message: unknown; error: string } {
  const b = json as Record<string, unknown> | undefined;
  return (
    !!b &&
    typeof b === "object" &&
    typeof b.statusCode === "number" &&
    typeof b.error === "string" &&
    (typeof b.message === "string" || Array.isArray(b.message))
  );
}
