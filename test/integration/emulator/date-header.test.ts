import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../../emulator/server";
import { parseHttpDate } from "../../../provider/api/service-clock";
import { type Api, control, newUser, startTestEmulator, strategyBody } from "./helpers";

// The spec shows no headers; the emulator answers with a Date header on its business clock,
// the clock createdAt is measured on (docs/spec-decisions.md, "The service's clock").
describe("the Date header of the emulator's answers", () => {
  let em: RunningEmulator;
  let api: Api;

  beforeAll(async () => {
    em = await startTestEmulator();
    api = await newUser(em);
  });
  afterAll(async () => {
    await control(em, "POST", "/clock", { now: new Date().toISOString() });
    await em.close();
  });

  it("reads the business clock after it was moved, in RFC 7231's IMF-fixdate", async () => {
    await control(em, "POST", "/clock", { now: "2031-05-06T07:08:09.750Z" });
    const res = await api.get("/me");
    expect(res.status).toBe(200);
    const date = res.headers.get("date")!;
    expect(date).toMatch(/^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/);
    const at = parseHttpDate(date)!;
    // The clock keeps ticking from the moved time: the header is that second or a later one,
    // never the machine's (years away).
    expect(at).toBeGreaterThanOrEqual(Date.parse("2031-05-06T07:08:09Z"));
    expect(at).toBeLessThan(Date.parse("2031-05-06T07:18:09Z"));

    await control(em, "POST", "/clock", { advanceMinutes: -60 });
    const earlier = parseHttpDate((await api.get("/strategies")).headers.get("date")!)!;
    expect(earlier).toBeLessThan(at);
    expect(earlier).toBeGreaterThanOrEqual(Date.parse("2031-05-06T06:08:09Z"));
  });

  it("is on the clock a strategy's createdAt comes from, error answers included", async () => {
    await control(em, "POST", "/clock", { now: "2032-02-29T23:59:58.000Z" });
    const unauthorized = await api.as("not-a-key").get("/strategies");
    expect(unauthorized.status).toBe(401);
    expect(parseHttpDate(unauthorized.headers.get("date")!)).toBeGreaterThanOrEqual(
      Date.parse("2032-02-29T23:59:58Z"),
    );
    // A strategy made after an answer carries a createdAt no earlier than that answer's Date:
    // what a bound on the service's clock rests on.
    const answered = parseHttpDate((await api.get("/me")).headers.get("date")!)!;
    const created = await api.post<{ strategy: { createdAt: string } }>("/strategies", strategyBody());
    expect(created.status).toBe(201);
    expect(Date.parse(created.body.strategy.createdAt)).toBeGreaterThanOrEqual(answered);
    expect(Date.parse(created.body.strategy.createdAt)).toBeLessThan(Date.parse("2032-03-01T00:10:00Z"));
    expect(parseHttpDate(created.headers.get("date")!)).toBeGreaterThanOrEqual(answered);
  });
});
