import { describe, expect, it } from "vitest";
import { readState } from "../../../provider/resources/read-state";

describe("readState", () => {
  it("names every input key, each without a value, for the read to fill", () => {
    const state = readState<{ url: string; enabled: boolean; adopt?: boolean }>(["url", "enabled", "adopt"]);
    expect(Object.keys(state)).toEqual(["url", "enabled", "adopt"]);
    expect(Object.values(state)).toEqual([undefined, undefined, undefined]);
    expect("adopt" in state).toBe(true);
  });

  it("names nothing else", () => {
    expect(readState<Record<string, never>>([])).toEqual({});
    expect(Object.keys(readState<{ address: string }>(["address"]))).toEqual(["address"]);
  });
});
