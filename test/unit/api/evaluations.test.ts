import { describe, expect, it } from "vitest";
import { EvaluationsApi } from "../../../provider/api/evaluations";
import { collect, recordingTransport } from "./recording-transport";

describe("EvaluationsApi", () => {
  it("follows the cursor with the same filters, the first page number dropped", async () => {
    const { transport, sent } = recordingTransport(
      { items: [{ id: "e1" }], hasMore: true, nextCursor: "c2" },
      { items: [{ id: "e2" }], hasMore: false, nextCursor: "c3" },
    );
    const all = await collect(new EvaluationsApi(transport).iterate({ strategyId: "s1", page: 2 } as never));
    expect(all).toEqual([{ id: "e1" }, { id: "e2" }]);
    expect(sent()).toEqual([
      { method: "GET", route: "/strategy-evaluations", query: { strategyId: "s1", page: 2 } },
      { method: "GET", route: "/strategy-evaluations", query: { strategyId: "s1", cursor: "c2" } },
    ]);
  });

  it("stops at a page with no cursor or no items, even when it says there are more", async () => {
    const noCursor = recordingTransport({ items: [{ id: "e1" }], hasMore: true, nextCursor: null });
    expect(await collect(new EvaluationsApi(noCursor.transport).iterate())).toHaveLength(1);
    const empty = recordingTransport({ items: [], hasMore: true, nextCursor: "c" });
    expect(await collect(new EvaluationsApi(empty.transport).iterate())).toEqual([]);
    expect(empty.specs).toHaveLength(1);
  });
});
