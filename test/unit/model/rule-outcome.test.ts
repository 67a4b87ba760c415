import { describe, expect, it } from "vitest";
import { combine, fail, noData, pass, skip } from "../../../provider/model/rule-outcome";

describe("rule outcomes", () => {
  it("carry an actual value only when one is given", () => {
    expect(pass("ok")).toEqual({ status: "pass", reason: "ok" });
    expect(fail("bad", 0)).toEqual({ status: "fail", reason: "bad", actual: 0 });
    expect(skip("off")).toEqual({ status: "skip", reason: "off" });
    expect(noData("liquidityUsd")).toEqual({ status: "no_data", reason: "no data (liquidityUsd)" });
  });

  it("combine: a failure wins over missing data, missing data over passes", () => {
    expect(combine([pass("a"), noData("x"), fail("b"), fail("c")], 7)).toEqual({
      status: "fail",
      reason: "b; c",
      actual: 7,
    });
    expect(combine([pass("a"), noData("x"), noData("y")], 7)).toEqual({
      status: "no_data",
      reason: "no data (x); no data (y)",
    });
    expect(combine([pass("a"), pass("b")])).toEqual({ status: "pass", reason: "a; b" });
  });
});
