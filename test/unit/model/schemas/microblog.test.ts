import { describe, expect, it } from "vitest";
import {
  MicroblogHandleListSchema,
  MicroblogTagListSchema,
  MicroblogTagsQuerySchema,
} from "../../../../provider/model/schemas/microblog";

describe("the microblog schemas", () => {
  it("parse the handles and the tags", () => {
    const handles = {
      handles: [{ id: "h1", handle: "@a", status: "active", tags: [{ id: "t1", name: "KOL" }] }],
    };
    expect(MicroblogHandleListSchema.parse(handles)).toEqual(handles);
    const tags = { tags: [{ id: "t1", name: "KOL", isPlatformTag: true, handleCount: 3 }] };
    expect(MicroblogTagListSchema.parse(tags)).toEqual(tags);
  });

  it("reject a tag without isPlatformTag and a query of an unknown scope", () => {
    expect(MicroblogTagListSchema.safeParse({ tags: [{ id: "t1", name: "KOL" }] }).success).toBe(false);
    expect(MicroblogTagsQuerySchema.safeParse({ scope: "mine" }).success).toBe(false);
    expect(MicroblogTagsQuerySchema.safeParse({ scope: "user", includeCounts: true }).success).toBe(true);
  });
});
