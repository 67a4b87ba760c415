import { describe, expect, it } from "vitest";
import { accountCheck } from "../../../../cli/doctor/account";
import { PLAN_LIMITS } from "../../../../provider/model/plan-limits";
import { answer, doctorContext } from "./doctor-context";

const me = (plan: string) => ({
  userId: "user-1",
  plan,
  limits: { strategies: { total: null, active: 25 }, rateLimit: { requestsPerMinute: 60 } },
});

describe("the account check", () => {
  it("reads the plan and limits of GET /me and keeps the key's rate for the later checks", async () => {
    const { ctx } = doctorContext({ "GET /me": answer(200, me("PRO")) });
    expect(await accountCheck.observe(ctx)).toEqual({
      observed: "account user-1, plan PRO: 60 req/min, 25 active, no total cap",
      differs: false,
      breaks: false,
    });
    expect(ctx.requestsPerMinute).toBe(60);
  });

  it("differs for a plan outside the table, and breaks on a body that does not parse", async () => {
    const other = doctorContext({ "GET /me": answer(200, me("ENTERPRISE")) });
    expect(await accountCheck.observe(other.ctx)).toMatchObject({ differs: true, breaks: false });
    const broken = doctorContext({ "GET /me": answer(200, { userId: "user-1" }) });
    const observation = await accountCheck.observe(broken.ctx);
    expect(observation.breaks).toBe(true);
    expect(observation.observed).toMatch(/^does not parse: /);
  });

  it("states the emulator's plan table as its reading", () => {
    expect(accountCheck.emulatorReading).toContain(`PRO ${PLAN_LIMITS.PRO.requestsPerMinute} req/min`);
  });
});
