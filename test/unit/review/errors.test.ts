import { describe, expect, it } from "vitest";
import { StrategyAlertsError } from "../../../provider/model/errors";
import { ReviewInterruptedError, ReviewOptionsError } from "../../../provider/review/errors";

describe("the review's errors", () => {
  it("are the package's errors, told apart by class", () => {
    const options = new ReviewOptionsError("--window-days must be 1-90");
    const interrupted = new ReviewInterruptedError("stopped by SIGINT");
    expect(options).toBeInstanceOf(StrategyAlertsError);
    expect(interrupted).toBeInstanceOf(StrategyAlertsError);
    expect(options).not.toBeInstanceOf(ReviewInterruptedError);
    expect(options.message).toBe("--window-days must be 1-90");
  });
});
