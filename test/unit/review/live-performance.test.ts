import { describe, expect, it } from "vitest";
import { liveRange } from "../../../provider/review/live-performance";

describe("the live record", () => {
  it("asks the performance summary for the shortest range that covers the window", () => {
    expect([1, 2, 6, 7, 8, 30, 31, 400].map((d) => liveRange(d).range)).toEqual([
      "daily",
      "weekly",
      "weekly",
      "weekly",
      "monthly",
      "monthly",
      "quarterly",
      "quarterly",
    ]);
  });
});
