import { describe, expect, it } from "vitest";
import {
  SortDirSchema,
  SuccessResponseSchema,
  TimestampSchema,
} from "../../../../provider/model/schemas/common";

describe("the common schemas", () => {
  it("parse a success answer, a timestamp and a sort direction", () => {
    expect(SuccessResponseSchema.parse({ success: true, message: "ok" })).toEqual({
      success: true,
      message: "ok",
    });
    expect(TimestampSchema.parse("2030-01-01T00:00:00Z")).toBe("2030-01-01T00:00:00Z");
    expect(SortDirSchema.parse("desc")).toBe("desc");
  });

  it("reject a success that is not a boolean and an unknown sort direction", () => {
    expect(SuccessResponseSchema.safeParse({ success: "yes" }).success).toBe(false);
    expect(SuccessResponseSchema.safeParse({}).success).toBe(false);
    expect(SortDirSchema.safeParse("DESC").success).toBe(false);
    expect(TimestampSchema.safeParse(1_700_000_000).success).toBe(false);
  });
});
