import { describe, expect, it } from "vitest";
import { NotificationsApi } from "../../../provider/api/notifications";
import { collect, recordingTransport } from "./recording-transport";

describe("NotificationsApi", () => {
  it("reads one notification and the performance summary and jobs on their routes", async () => {
    const { transport, sent } = recordingTransport({}, {}, {}, {});
    const api = new NotificationsApi(transport);
    await api.get("n1");
    await api.performance({ days: 7 } as never);
    await api.createPerformanceJob({ days: 30 } as never);
    await api.getPerformanceJob("j1");
    expect(sent().map((s) => [s.method, s.route, s.params])).toEqual([
      ["GET", "/notifications/:id", { id: "n1" }],
      ["GET", "/notifications/performance", undefined],
      ["POST", "/notifications/performance/jobs", undefined],
      ["GET", "/notifications/performance/jobs/:jobId", { jobId: "j1" }],
    ]);
  });

  it("walks the pages until the last one", async () => {
    const { transport, sent } = recordingTransport(
      { items: [{ id: "a" }], page: 1, totalPages: 2 },
      { items: [{ id: "b" }], page: 2, totalPages: 2 },
    );
    expect(await collect(new NotificationsApi(transport).iterate())).toEqual([{ id: "a" }, { id: "b" }]);
    expect(sent().map((s) => s.query)).toEqual([{ page: 1 }, { page: 2 }]);
  });
});
