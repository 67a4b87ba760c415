import { describe, expect, it } from "vitest";
import {
  DevConfirmationSchema,
  DeveloperPageSchema,
  DevTagListSchema,
} from "../../../../provider/model/schemas/developer";

describe("the developer schemas", () => {
  it("parse a page of developers", () => {
    const page = {
      developers: [{ address: "Dev1", alias: null, isActive: true, tagIds: [] }],
      total: 1,
      page: 1,
      totalPages: 1,
      activeCount: 1,
    };
    expect(DeveloperPageSchema.parse(page)).toEqual(page);
    expect(DeveloperPageSchema.safeParse({ ...page, developers: [{ alias: "no address" }] }).success).toBe(
      false,
    );
  });

  it("read a tag list answered as an object or as a bare array", () => {
    const tags = [{ id: "t1", name: "Trusted" }];
    expect(DevTagListSchema.parse({ tags })).toEqual({ tags });
    expect(DevTagListSchema.parse(tags)).toEqual({ tags });
    expect(DevTagListSchema.safeParse([{ id: "t1" }]).success).toBe(false);
  });

  it("read an answer without a body as a confirmation, and reject one of the wrong shape", () => {
    expect(DevConfirmationSchema.parse(undefined)).toEqual({});
    expect(DevConfirmationSchema.parse("")).toEqual({});
    expect(DevConfirmationSchema.parse({ success: true, tagIds: ["t1"] })).toEqual({
      success: true,
      tagIds: ["t1"],
    });
    expect(DevConfirmationSchema.safeParse({ success: "yes" }).success).toBe(false);
  });
});
