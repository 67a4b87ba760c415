import { describe, expect, it } from "vitest";
import { KINDS, replacedBy, secretOutputs, setInputs } from "../../../../provider/model/kinds";
import { DEVELOPER_TAGS_KIND } from "../../../../provider/model/kinds/developer-tags";

describe("the DeveloperTags descriptor", () => {
  it("is the DeveloperTags kind, a set of tag ids per developer address", () => {
    expect(KINDS.DeveloperTags).toBe(DEVELOPER_TAGS_KIND);
    expect(setInputs("DeveloperTags")).toEqual({ tagIds: "strings" });
    expect(DEVELOPER_TAGS_KIND.importId.field).toBe("address");
    expect(secretOutputs("DeveloperTags")).toEqual([]);
  });

  it("is replaced by a new address, not by new tags", () => {
    expect(
      replacedBy("DeveloperTags", { address: "A", tagIds: ["t1"] }, { address: "B", tagIds: ["t1"] }),
    ).toEqual(["address"]);
    expect(
      replacedBy("DeveloperTags", { address: "A", tagIds: ["t1"] }, { address: "A", tagIds: ["t2"] }),
    ).toEqual([]);
  });
});
