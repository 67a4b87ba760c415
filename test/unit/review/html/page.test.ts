import { describe, expect, it } from "vitest";
import { renderReviewHtml } from "../../../../provider/review/html/page";
import { report } from "../../../support/backtest-report";
import { HOSTILE_SEQUENCES, RAW_HIDDEN } from "../../../support/hostile-text";
import { digest } from "../../../support/preview-fixtures";

describe("the HTML report", () => {
  const preview = digest([]);

  it("writes one self-contained page: a strict CSP, no script or external reference, names escaped, one SVG per chart", () => {
    for (const name of ['<script>alert(1)</script>"', ...HOSTILE_SEQUENCES, "a</title><img src=x>"]) {
      const { html } = renderReviewHtml(preview, { backtests: report(name), title: name });
      expect(html).toMatch(
        /<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'sha256-[^']+'; base-uri 'none'; form-action 'none'">/,
      );
      expect(html).not.toMatch(/<script|<img|<iframe|<link|\son\w+=|javascript:|url\(/i);
      // The only URL is the SVG namespace (a name, never fetched).
      expect(html.match(/https?:\/\/[^\s"<]+/g) ?? []).toEqual([
        "http://www.w3.org/2000/svg",
        "http://www.w3.org/2000/svg",
      ]);
      expect(html.match(/<svg /g)).toHaveLength(2);
      expect(html).toMatch(/<title id="chart-0-title">/);
      // The page's own line breaks aside, nothing hidden reaches it raw.
      expect(html.replaceAll("\n", "")).not.toMatch(RAW_HIDDEN);
    }
  });
});
