import { describe, expect, it } from "vitest";
import { mermaidChart } from "../../../provider/review/mermaid-chart";
import { chartSpec } from "./fixtures";

describe("mermaidChart", () => {
  it("draws the proposed version as a line over the current version's bars, in a mermaid fence", () => {
    const lines = mermaidChart(chartSpec("overTime", [2, 2, 2])).map(String);
    expect(lines[0]).toBe("```mermaid");
    expect(lines).toContain("  bar [2, 2, 2]");
    expect(lines).toContain("  line [1, 4, 2]");
    expect(lines.at(-1)).toBe("Bars: current version; line: proposed version.");
  });

  it("draws buckets as bars side by side, never a line", () => {
    const lines = mermaidChart(chartSpec("byMultiple", [5, 0, 1])).map(String);
    expect(lines.some((l) => l.startsWith("  line"))).toBe(false);
    expect(lines).toContain("  bar [5, 0, 0, 0, 1, 0]");
    expect(lines).toContain("  bar [0, 1, 0, 4, 0, 2]");
  });
});
