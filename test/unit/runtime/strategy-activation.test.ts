import { describe, expect, it } from "vitest";
import { UNKNOWN } from "../../../provider/model/unknown-value";
import { RuntimeContext } from "../../../provider/runtime/context";
import { strategyActivationHandler } from "../../../provider/runtime/strategy-activation";
import { contextOfAccount } from "../../support/runtime-context";

describe("StrategyActivation before any call to the service", () => {
  it("fails its check once per wrong input, naming each property", async () => {
    const { failures } = await strategyActivationHandler.check(
      new RuntimeContext(),
      {},
      {
        strategyIds: "s1",
        exclusive: "yes",
      },
    );
    expect(failures?.map((f) => f.property).sort()).toEqual(["exclusive", "strategyIds"]);
    expect(failures?.find((f) => f.property === "exclusive")?.reason).toMatch(
      /^exclusive must be a boolean, got /,
    );
  });

  it("diffs the set, not its order or repeats, and always changes while an id is unknown", async () => {
    const ctx = contextOfAccount();
    const olds = { strategyIds: ["a", "b"], exclusive: false };
    const diff = (news: Record<string, unknown>) =>
      strategyActivationHandler.diff(ctx, "activation-1", olds, news);
    expect(await diff({ strategyIds: ["b", "a", "a"], exclusive: false })).toEqual({
      changes: false,
      replaces: [],
    });
    expect(await diff({ strategyIds: ["a", "b"], exclusive: true })).toEqual({ changes: true, replaces: [] });
    expect(await diff({ strategyIds: ["a"] })).toEqual({ changes: true, replaces: [] });
    expect(await diff({ strategyIds: ["a", "b", UNKNOWN] })).toEqual({ changes: true, replaces: [] });
  });
});

describe("StrategyActivation's record of what it activated", () => {
  it("is no change: a state without activatedIds (release 0.2.0) diffs as before", async () => {
    const ctx = contextOfAccount();
    const old = { strategyIds: ["a", "b"], exclusive: false, activeStrategyIds: ["a", "b"] };
    const news = { strategyIds: ["a", "b"], exclusive: false };
    expect(await strategyActivationHandler.diff(ctx, "activation-1", old, news)).toEqual({
      changes: false,
      replaces: [],
    });
    const recorded = { ...old, activatedIds: ["a"] };
    expect(await strategyActivationHandler.diff(ctx, "activation-1", recorded, news)).toEqual({
      changes: false,
      replaces: [],
    });
  });
});
