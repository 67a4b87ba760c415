import { describe, expect, it } from "vitest";
import { observedOrder } from "../../../../cli/doctor/lists";

describe("default order", () => {
  const at = (...iso: string[]) => iso.map((createdAt) => ({ createdAt }));
  it("reads asc, desc, unordered, and nothing from equal or missing times", () => {
    expect(observedOrder(at("2026-01-01T00:00:00Z", "2026-01-02T00:00:00Z"), "createdAt")).toBe("asc");
    expect(
      observedOrder(at("2026-01-02T00:00:00Z", "2026-01-02T00:00:00Z", "2026-01-01T00:00:00Z"), "createdAt"),
    ).toBe("desc");
    expect(
      observedOrder(at("2026-01-02T00:00:00Z", "2026-01-01T00:00:00Z", "2026-01-03T00:00:00Z"), "createdAt"),
    ).toBe("unordered");
    expect(observedOrder(at("2026-01-01T00:00:00Z", "2026-01-01T00:00:00Z"), "createdAt")).toBeUndefined();
    expect(observedOrder([{}, {}], "createdAt")).toBeUndefined();
  });
});
