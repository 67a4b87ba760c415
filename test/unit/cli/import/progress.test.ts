import { describe, expect, it } from "vitest";
import { progressReporter } from "../../../../cli/import/progress";

describe("progress of a long read", () => {
  function run(times: number[], steps: [number, number][]) {
    const lines: string[] = [];
    let i = 0;
    const { progress } = progressReporter({
      write: (line) => lines.push(line),
      now: () => times[Math.min(i++, times.length - 1)]!,
      quietMs: 1_000,
      everyMs: 2_000,
    });
    for (const [done, total] of steps) progress("reading tags", done, total);
    return lines;
  }

  it("says nothing for a read that ends quickly", () => {
    expect(
      run(
        [0, 10, 20, 30],
        [
          [0, 2],
          [1, 2],
          [2, 2],
        ],
      ),
    ).toEqual([]);
  });

  it("reports a long read at most once per interval, and its end", () => {
    // start, then one clock reading per step.
    const lines = run(
      [0, 500, 1_500, 2_000, 3_600, 4_000, 9_000],
      [
        [0, 58],
        [1, 58],
        [2, 58],
        [3, 58],
        [4, 58],
        [58, 58],
      ],
    );
    expect(lines).toEqual([
      "strategy-alerts import: reading tags: 1 of 58\n",
      "strategy-alerts import: reading tags: 3 of 58\n",
      "strategy-alerts import: reading tags: 58 of 58\n",
    ]);
  });
});
