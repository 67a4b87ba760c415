import { describe, expect, it } from "vitest";
import { totalLimitFailure } from "../../../provider/runtime/strategy-plan-check";
import { newAccount, useRuntimeEmulator } from "../../support/runtime-emulator";

const strategy = (name: string) => ({
  name,
  triggers: ["new_token_created"],
  rules: [{ rule: "is_honeypot", dealbreaker: true }],
});

describe("the plan's total of strategies, checked before a create", () => {
  const em = useRuntimeEmulator();

  const userWith = async (limits: Record<string, number | null>) => (await newAccount(em, "PRO", limits)).ctx;

  it("counts the account's strategies and this update's creates, each distinct create once", async () => {
    const ctx = await userWith({ total: 2, requestsPerMinute: 100_000 });
    await ctx.client().strategies.create({ ...strategy("live"), isActive: false } as never);
    expect(await totalLimitFailure(ctx, strategy("first"))).toBeUndefined();
    expect(await totalLimitFailure(ctx, strategy("first"))).toBeUndefined();
    const failure = await totalLimitFailure(ctx, strategy("second"));
    expect(failure?.property).toBe("name");
    expect(failure?.reason).toContain(
      'creating strategy "second" would exceed the PRO plan\'s total of 2 strategies',
    );
    expect(failure?.reason).toContain("the account has 1 and this update creates 2");
    await ctx.client().close();
  });

  it("never fails on a plan without a total", async () => {
    const ctx = await userWith({ total: null, requestsPerMinute: 100_000 });
    for (const name of ["a", "b", "c"]) expect(await totalLimitFailure(ctx, strategy(name))).toBeUndefined();
    await ctx.client().close();
  });
});
