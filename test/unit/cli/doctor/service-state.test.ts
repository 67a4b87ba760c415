import { describe, expect, it } from "vitest";
import {
  clockSkewCheck,
  notFoundCheck,
  rateLimitHeadersCheck,
  retryAfterCheck,
  webhookStateCheck,
} from "../../../../cli/doctor/service-state";
import { answer, doctorContext } from "./doctor-context";

const limited = (headers: Record<string, string>, message = "Rate limit exceeded") =>
  answer(429, { statusCode: 429, message, error: "Too Many Requests" }, headers);

describe("the service's own state", () => {
  it("finds rate-limit headers on some answers, or none", async () => {
    const none = doctorContext({}, { responses: [answer(200, {}), answer(200, {})] });
    expect(await rateLimitHeadersCheck.observe(none.ctx)).toEqual({
      observed: "none on 2 answers",
      differs: false,
      breaks: false,
    });
    const some = doctorContext(
      {},
      { responses: [answer(200, {}, { "x-ratelimit-limit": "60" }), answer(200, {})] },
    );
    expect(await rateLimitHeadersCheck.observe(some.ctx)).toMatchObject({
      observed: "x-ratelimit-limit: 60 (on 1 of 2 answers)",
      differs: true,
    });
  });

  it("reads Retry-After in whole seconds on every 429 as the emulator's reading", async () => {
    expect((await retryAfterCheck.observe(doctorContext().ctx)).observed).toMatch(/^not observable/);
    const seconds = doctorContext({}, { rateLimited: [limited({ "retry-after": "12" })] });
    expect(await retryAfterCheck.observe(seconds.ctx)).toMatchObject({
      observed: "Retry-After: 12 s (on 1 of 1 429s)",
      differs: false,
    });
    const missing = doctorContext({}, { rateLimited: [limited({}, "slow down")] });
    expect(await retryAfterCheck.observe(missing.ctx)).toMatchObject({
      observed: "no Retry-After on 1 429(s), message: slow down",
      differs: true,
    });
  });

  it("tells a clock ahead from one within the header's resolution", async () => {
    const { ctx } = doctorContext();
    expect((await clockSkewCheck.observe(ctx)).observed).toBe("not observable (no Date header)");
    ctx.dateSkewMs = 7_400;
    ctx.skewMs = 7_400;
    expect(await clockSkewCheck.observe(ctx)).toMatchObject({
      observed: "service clock ahead by 7 s",
      differs: true,
    });
  });

  it("breaks when an unknown strategy does not read as 404", async () => {
    const gone = { statusCode: 404, message: "", error: "Not Found" };
    const ok = doctorContext({ "GET /strategies/:id": answer(404, gone) });
    const observed = await notFoundCheck.observe(ok.ctx);
    expect(observed).toMatchObject({ differs: true, breaks: false });
    const found = doctorContext({ "GET /strategies/:id": answer(200, {}) });
    expect(await notFoundCheck.observe(found.ctx)).toMatchObject({ breaks: true });
  });

  it("says whether the webhook is configured and verified", async () => {
    const { ctx } = doctorContext();
    expect((await webhookStateCheck.observe(ctx)).observed).toBe(
      "not observable (GET /webhook did not parse)",
    );
    ctx.lists.set(
      "GET /webhook",
      answer(200, { enabled: true, url: "https://hooks.example/a", hasSecret: true }),
    );
    expect((await webhookStateCheck.observe(ctx)).observed).toBe(
      "configured, enabled true, NOT verified: deliveries will not arrive, secret set",
    );
  });
});
