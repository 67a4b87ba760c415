/** `GET /me`: the plan and limits every later check sizes itself by. */
import { isPlan, PLAN_LIMITS, PLANS } from "../../provider/model/plan-limits";
import { AccountSchema } from "../../provider/model/schemas/account";
import { breaks, type Check, differs, same } from "./check";
import { firstAnswer } from "./connection";
import { firstParseProblem } from "./shape";

export const accountCheck: Check = {
  item: "GET /me (plan, limits)",
  spec: `{userId, plan ${PLANS.join("|")}, limits: {strategies: {total, active}, rateLimit}}`,
  emulatorReading: emulatorReading(),
  async observe(ctx) {
    const res = await firstAnswer(ctx);
    const problem = firstParseProblem(AccountSchema, res.json);
    if (problem) return breaks(`does not parse: ${problem}`);
    const account = AccountSchema.parse(res.json);
    const { strategies, rateLimit } = account.limits;
    ctx.requestsPerMinute = rateLimit.requestsPerMinute;
    // The account id is what `strategy-alerts:accountId` pins a stack to.
    const observed = `account ${account.userId}, plan ${account.plan}: ${rateLimit.requestsPerMinute} req/min, ${strategies.active} active, ${
      strategies.total === null ? "no total cap" : `total ${strategies.total}`
    }`;
    // Limits other than the plan table are still the spec's reading ("readable through GET /me").
    return isPlan(account.plan) ? same(observed) : differs(observed);
  },
};

/** The plan table the emulator serves: "PRO 60 req/min, 25 active, total null; DEGEN …". */
function emulatorReading(): string {
  return PLANS.map((plan) => {
    const l = PLAN_LIMITS[plan];
    return `${plan} ${l.requestsPerMinute} req/min, ${l.active} active, total ${l.total}`;
  }).join("; ");
}
