import { describe, expect, it } from "vitest";
import { StrategiesApi } from "../../../provider/api/strategies";
import { recordingTransport } from "./recording-transport";

describe("StrategiesApi", () => {
  it("sends each call to its route and unwraps the strategy from the envelope", async () => {
    const { transport, sent } = recordingTransport(
      { strategy: { id: "s1" } },
      { strategy: { id: "s1" } },
      { strategy: { id: "s1", name: "n" } },
      { strategy: { id: "s1", isActive: true } },
      { strategy: { id: "s1", isActive: false } },
      { success: true },
    );
    const api = new StrategiesApi(transport);
    expect(await api.create({ name: "n" } as never)).toEqual({ id: "s1" });
    expect(await api.get("s1")).toEqual({ id: "s1" });
    expect(await api.update("s1", { name: "n" })).toEqual({ id: "s1", name: "n" });
    expect(await api.activate("s1")).toEqual({ id: "s1", isActive: true });
    expect(await api.deactivate("s1")).toEqual({ id: "s1", isActive: false });
    expect(await api.delete("s1")).toEqual({ success: true });
    expect(sent()).toEqual([
      { method: "POST", route: "/strategies", body: { name: "n" } },
      { method: "GET", route: "/strategies/:id", params: { id: "s1" } },
      { method: "PATCH", route: "/strategies/:id", params: { id: "s1" }, body: { name: "n" } },
      { method: "POST", route: "/strategies/:id/activate", params: { id: "s1" } },
      { method: "POST", route: "/strategies/:id/deactivate", params: { id: "s1" } },
      { method: "DELETE", route: "/strategies/:id", params: { id: "s1" } },
    ]);
  });
});
