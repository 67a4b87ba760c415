import { describe, expect, it } from "vitest";
import { BacktestsApi } from "../../../provider/api/backtests";
import { BacktestJobSchema, BacktestResultsPageSchema } from "../../../provider/model/schemas/backtest";
import { collect, recordingTransport } from "./recording-transport";

describe("BacktestsApi", () => {
  it("queues, reads and lists jobs on their routes", async () => {
    const { transport, specs, sent } = recordingTransport({ id: "b1" }, { id: "b1" }, { items: [] });
    const api = new BacktestsApi(transport);
    await api.create({ strategyId: "s1" } as never);
    await api.get("b1");
    await api.list(3);
    expect(sent()).toEqual([
      { method: "POST", route: "/backtests", body: { strategyId: "s1" } },
      { method: "GET", route: "/backtests/:id", params: { id: "b1" } },
      { method: "GET", route: "/backtests", query: { page: 3 } },
    ]);
    expect(specs[0]?.schema).toBe(BacktestJobSchema);
  });

  it("walks the numbered pages of jobs until one says there are no more", async () => {
    const { transport, sent } = recordingTransport(
      { items: [{ id: "a" }], hasMore: true },
      { items: [{ id: "b" }], hasMore: false },
    );
    expect(await collect(new BacktestsApi(transport).iterate())).toEqual([{ id: "a" }, { id: "b" }]);
    expect(sent().map((s) => s.query)).toEqual([{ page: 1 }, { page: 2 }]);
  });

  it("walks a job's results from the page asked for, keeping the filters", async () => {
    const { transport, specs, sent } = recordingTransport(
      { items: [{ n: 1 }], hasMore: true },
      { items: [{ n: 2 }], hasMore: false },
    );
    const rows = await collect(
      new BacktestsApi(transport).iterateResults("b1", { page: 4, kind: "matched" } as never),
    );
    expect(rows).toEqual([{ n: 1 }, { n: 2 }]);
    expect(sent()).toEqual([
      {
        method: "GET",
        route: "/backtests/:id/results",
        params: { id: "b1" },
        query: { page: 4, kind: "matched" },
      },
      {
        method: "GET",
        route: "/backtests/:id/results",
        params: { id: "b1" },
        query: { page: 5, kind: "matched" },
      },
    ]);
    expect(specs[0]?.schema).toBe(BacktestResultsPageSchema);
  });
});
