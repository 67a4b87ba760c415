import { describe, expect, it } from "vitest";
import { renderReview } from "../../../provider/review/render";
import { report } from "../../support/backtest-report";
import { digest } from "../../support/preview-fixtures";

describe("charts and the live record in the Markdown report", () => {
  const preview = digest([]);

  it("puts the live record, two Mermaid charts and their tables in the Markdown", () => {
    const { markdown } = renderReview(preview, { backtests: report("Safety first") });
    expect(markdown).toContain(
      "Live record of the current version (last 7 days, the service's performance summary): 5 alerts, 2 winners (win rate 40%), best 3.25×.",
    );
    expect(markdown.match(/```mermaid\nxychart-beta\n/g)).toHaveLength(2);
    expect(markdown).toContain('  title "Safety first: matched tokens per hourly snapshot"');
    expect(markdown).toContain("  bar [1, 0]\n  line [0, 1]");
    expect(markdown).toContain("| current version | 0 | 0 | 0 | 1 | 0 | 0 |");
  });
});
