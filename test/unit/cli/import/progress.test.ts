import { describe, expect, it } from "vitest";
import { importProgress } from "../../../../cli/import/progress";
import type { Progress } from "../../../../cli/progress";

/** Records what import hands the shared display. */
function recorder() {
  const calls: string[] = [];
  const display: Progress = {
    step: (text) => calls.push(`step ${text}`),
    update: (text) => calls.push(`update ${text}`),
    message: (text) => calls.push(`message ${text}`),
    done: () => calls.push("done"),
  };
  return { calls, display };
}

describe("import's progress", () => {
  it("makes each phase of the read a step and its count an update", () => {
    const { calls, display } = recorder();
    const { progress } = importProgress(display);
    progress("reading tags", 0, 3);
    progress("reading tags", 1, 3);
    progress("reading tags", 3, 3);
    progress("reading webhooks", 0, 1);
    expect(calls).toEqual([
      "step reading tags: 0 of 3",
      "update reading tags: 1 of 3",
      "update reading tags: 3 of 3",
      "step reading webhooks: 0 of 1",
    ]);
  });

  it("shows a rate-limit wait in place of the count", () => {
    const { calls, display } = recorder();
    const { progress, say } = importProgress(display);
    progress("reading tags", 0, 58);
    say("waiting 40 s for the rate limit");
    expect(calls.at(-1)).toBe("update waiting 40 s for the rate limit");
  });
});
