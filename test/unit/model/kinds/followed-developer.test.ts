import { describe, expect, it } from "vitest";
import {
  alwaysPresent,
  comparedInputs,
  defaultOf,
  KINDS,
  replacingInputs,
} from "../../../../provider/model/kinds";
import { FOLLOWED_DEVELOPER_KIND } from "../../../../provider/model/kinds/followed-developer";

describe("the FollowedDeveloper descriptor", () => {
  it("is the FollowedDeveloper kind, replaced by a new address and active by default", () => {
    expect(KINDS.FollowedDeveloper).toBe(FOLLOWED_DEVELOPER_KIND);
    expect(replacingInputs("FollowedDeveloper")).toEqual(["address"]);
    expect(defaultOf("FollowedDeveloper", "active")).toBe(true);
  });

  it("compares everything but adopt, and always outputs the address", () => {
    expect(comparedInputs("FollowedDeveloper")).toEqual(["address", "alias", "active"]);
    expect(alwaysPresent("FollowedDeveloper")).toContain("address");
    expect(alwaysPresent("FollowedDeveloper")).not.toContain("tagIds");
  });
});
