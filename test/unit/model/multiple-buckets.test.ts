import { describe, expect, it } from "vitest";
import { countByBucket, MULTIPLE_BUCKETS } from "../../../provider/model/multiple-buckets";

describe("the multiple buckets", () => {
  it("are six, each starting where the one before ends, the last unbounded", () => {
    expect(MULTIPLE_BUCKETS.map((b) => b.label)).toEqual([
      "<1x",
      "1-1.2x",
      "1.2-2x",
      "2-5x",
      "5-10x",
      "10x+",
    ]);
    expect(MULTIPLE_BUCKETS.slice(1).map((b) => b.min)).toEqual(
      MULTIPLE_BUCKETS.slice(0, -1).map((b) => b.max),
    );
    expect(MULTIPLE_BUCKETS.at(-1)?.max).toBeNull();
  });

  it("count a multiple in [min, max): a bound belongs to the bucket it opens", () => {
    expect(countByBucket([0.5, 1, 1.2, 2, 5, 10, 250])).toEqual([1, 1, 1, 1, 1, 2]);
    expect(countByBucket([0.999, 1.199, 9.99])).toEqual([1, 1, 0, 0, 1, 0]);
  });

  it("count a negative multiple as <1x and nothing as zeros", () => {
    expect(countByBucket([-3])).toEqual([1, 0, 0, 0, 0, 0]);
    expect(countByBucket([])).toEqual([0, 0, 0, 0, 0, 0]);
  });
});
