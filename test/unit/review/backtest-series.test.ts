import { describe, expect, it } from "vitest";
import { backtestSeries } from "../../../provider/review/backtest-series";
import { row } from "../../support/backtest-report";

describe("backtest chart series", () => {
  it("counts matches per snapshot hour when the window is under three days, per multiple bucket of the service", () => {
    const s = backtestSeries(
      { from: "2030-01-05T00:00:00.000Z", to: "2030-01-05T03:00:00.000Z" },
      [row("2030-01-05T00:00:00.000Z", 0.5), row("2030-01-05T02:00:00.000Z", 12)],
      [
        row("2030-01-05T01:00:00.000Z", 1.1),
        row("2030-01-05T03:00:00.000Z", 2),
        row("2030-01-05T01:00:00.000Z", null),
      ],
    );
    expect(s.unit).toBe("hour");
    // The replay's last snapshot sits on the window's end: it gets its own bucket.
    expect(s.overTime).toEqual({
      labels: ["00:00", "01:00", "02:00", "03:00"],
      before: [1, 0, 1, 0],
      after: [0, 2, 0, 1],
    });
    expect(s.byMultiple).toEqual({
      labels: ["<1x", "1-1.2x", "1.2-2x", "2-5x", "5-10x", "10x+"],
      before: [1, 0, 0, 0, 0, 1],
      after: [0, 1, 0, 1, 0, 0],
    });
    expect(s.withoutMultiple).toEqual({ before: 0, after: 1 });
  });

  it("counts per UTC day over three days or more, and a new strategy has no current series", () => {
    const s = backtestSeries(
      { from: "2030-01-04T00:00:00.000Z", to: "2030-01-10T00:00:00.000Z" },
      undefined,
      [row("2030-01-04T23:00:00.000Z", 3), row("2030-01-09T01:00:00.000Z", 3)],
    );
    expect(s.unit).toBe("day");
    expect(s.overTime).toEqual({
      labels: ["01-04", "01-05", "01-06", "01-07", "01-08", "01-09"],
      after: [1, 0, 0, 0, 0, 1],
    });
    expect(s.byMultiple.before).toBeUndefined();
  });
});
