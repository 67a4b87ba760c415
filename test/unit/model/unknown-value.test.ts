import { describe, expect, it } from "vitest";
import { isUnknown, UNKNOWN } from "../../../provider/model/unknown-value";

describe("the engine's unknown value", () => {
  it("is the engine's sentinel string, and nothing else reads as unknown", () => {
    expect(UNKNOWN).toBe("04da6b54-80e4-46f7-96ec-b56ff0331ba9");
    expect(isUnknown(UNKNOWN)).toBe(true);
    expect(isUnknown(UNKNOWN.toUpperCase())).toBe(false);
    expect(isUnknown([UNKNOWN])).toBe(false);
    expect(isUnknown({ value: UNKNOWN })).toBe(false);
    expect(isUnknown(undefined)).toBe(false);
  });
});
