import { describe, expect, it } from "vitest";
import {
  FUNCTIONS,
  functionOf,
  functionToken,
  InvokeArgumentError,
} from "../../../provider/plugin/functions";
import type { RuntimeContext } from "../../../provider/runtime/context";

/** A context no lookup may reach: a wrong argument must be refused before any call. */
const unreachable = new Proxy({} as RuntimeContext, {
  get() {
    throw new Error("the lookup ran");
  },
});

describe("the plugin's functions", () => {
  it("are found by their token, and nothing else is", () => {
    for (const name of Object.keys(FUNCTIONS) as (keyof typeof FUNCTIONS)[]) {
      expect(functionToken(name)).toBe(`strategy-alerts:index:${name}`);
      expect(functionOf(functionToken(name))).toBe(FUNCTIONS[name]);
    }
    expect(functionOf("strategy-alerts:index:toString")).toBeUndefined();
    expect(functionOf("strategy-alerts:index:__proto__")).toBeUndefined();
    expect(functionOf("other:index:getAccount")).toBeUndefined();
  });

  it("refuse a wrong argument naming it, before any lookup runs", async () => {
    await expect(FUNCTIONS.getStrategies(unreachable, { name: 5 })).rejects.toThrow(
      new InvokeArgumentError("name", "must be a string"),
    );
    await expect(FUNCTIONS.getFollowedDevelopers(unreachable, { isActive: "yes" })).rejects.toMatchObject({
      name: "InvokeArgumentError",
      property: "isActive",
    });
    await expect(FUNCTIONS.getMicroblogTags(unreachable, { scope: "everyone" })).rejects.toMatchObject({
      property: "scope",
    });
  });
});
