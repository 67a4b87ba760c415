import { describe, expect, it } from "vitest";
import {
  parseTemporaryStrategyName,
  temporaryMark,
  temporaryStrategyName,
} from "../../../provider/model/temporary-strategies";

const started = Date.parse("2030-01-10T12:00:00.000Z");

describe("temporary strategy names", () => {
  it("carry the run's id and start time, to the second, and read back", () => {
    const name = temporaryStrategyName(
      "review",
      "1a2b3c",
      "Safety first",
      Date.parse("2030-01-10T12:00:00.750Z"),
    );
    expect(name).toBe("[review-tmp 1a2b3c 20300110T120000Z] Safety first");
    expect(parseTemporaryStrategyName(name)).toEqual({
      tool: "review",
      runId: "1a2b3c",
      startedAt: Date.parse("2030-01-10T12:00:00Z"),
    });
  });

  it("of the earlier format are still recognised, without a start time", () => {
    expect(parseTemporaryStrategyName("[review-tmp 1a2b3c] Safety first")).toEqual({
      tool: "review",
      runId: "1a2b3c",
    });
    expect(parseTemporaryStrategyName("[review-tmp 1a2b3c 20301340T250000Z] x")).toEqual({
      tool: "review",
      runId: "1a2b3c",
    });
  });

  it("are cut to the name limit", () => {
    expect(temporaryStrategyName("review", "1a2b3c", "x".repeat(200), started)).toHaveLength(100);
  });
});

describe("temporary marks", () => {
  it("open every name a tool gives, and a user's own name is not one", () => {
    expect(temporaryStrategyName("doctor", "dddddd", "probe").startsWith(temporaryMark("doctor"))).toBe(true);
    expect(parseTemporaryStrategyName(temporaryStrategyName("doctor", "dddddd", "probe"))).toEqual({
      tool: "doctor",
      runId: "dddddd",
    });
    expect(parseTemporaryStrategyName("Review tmp notes")).toBeUndefined();
    expect(parseTemporaryStrategyName("[review-tmp] not a run")).toBeUndefined();
  });
});
