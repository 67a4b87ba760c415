import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RuntimeContext } from "../../../provider/runtime/context";
import { activeLimitFailure } from "../../../provider/runtime/strategy-activation-plan-check";
import { newAccount, useRuntimeEmulator } from "../../support/runtime-emulator";

describe("the plan's active limit, checked for an activation", () => {
  const em = useRuntimeEmulator();
  let ctx: RuntimeContext;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    ({ ctx } = await newAccount(em, "PRO", { active: 2 }));
    for (const [name, isActive] of [
      ["on", true],
      ["off1", false],
      ["off2", false],
    ] as const) {
      const created = await ctx.client().strategies.create({
        name,
        triggers: ["new_token_created"],
        rules: [{ rule: "is_honeypot", dealbreaker: true }],
        isActive,
      } as never);
      ids[name] = created.id;
    }
  });
  afterAll(async () => {
    await ctx.client().close();
  });

  const set = (...names: string[]) => new Set(names.map((n) => ids[n]!));

  it("allows a set that, with what stays active outside it, fits the limit", async () => {
    expect(await activeLimitFailure(ctx, set("off1"), 0, false, new Set())).toBeUndefined();
    expect(await activeLimitFailure(ctx, set("off1", "off2"), 0, true, new Set())).toBeUndefined();
    expect(await activeLimitFailure(ctx, set("off1", "off2"), 0, false, set("on"))).toBeUndefined();
  });

  it("counts unknown ids and the strategies active outside the set, naming both", async () => {
    const failure = await activeLimitFailure(ctx, set("off1"), 1, false, new Set());
    expect(failure?.property).toBe("strategyIds");
    expect(failure?.reason).toContain(
      "the PRO plan allows 2 active strategies, but this update would make 3 active",
    );
    expect(failure?.reason).toContain("2 in strategyIds and 1 already active outside it");
  });

  it("names ids that are not strategies of the account", async () => {
    const failure = await activeLimitFailure(ctx, new Set(["no-such-id"]), 0, true, new Set());
    expect(failure?.reason).toBe(
      "strategyIds names strategies that do not exist in this account: no-such-id",
    );
  });
});
