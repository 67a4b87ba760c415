import { describe, expect, it } from "vitest";
import { triggerReferences, unknownReferenceIssues } from "../../../provider/model/trigger-references";

const TAG = "3f1c2a9e-7b4d-4e21-9a55-0c8e2d6f1b7a";

describe("the trigger-config fields that name something of the account", () => {
  it("finds microblog tags (not the literal all), the developer tag and the developer address", () => {
    expect(
      triggerReferences({
        microblog_mention_direct: { tagId: TAG },
        post_metadata_match: { tagId: "all" },
        followed_dev_new_token_created: { scope: "wallet", developerAddress: "Dev1", tagId: TAG },
      }),
    ).toEqual([
      { kind: "microblogTag", path: "triggerConfigs.microblog_mention_direct.tagId", value: TAG },
      { kind: "developerTag", path: "triggerConfigs.followed_dev_new_token_created.tagId", value: TAG },
      {
        kind: "followedDeveloper",
        path: "triggerConfigs.followed_dev_new_token_created.developerAddress",
        value: "Dev1",
      },
    ]);
  });

  it("finds nothing in absent configs, configs of no reference, or values that are not strings", () => {
    for (const configs of [undefined, null, "x", {}, { followed_dev_new_token_created: { scope: "all" } }])
      expect(triggerReferences(configs)).toEqual([]);
    expect(triggerReferences({ followed_dev_new_token_created: { developerAddress: 12 } })).toEqual([]);
  });

  it("says each reference the account lacks by its path, as `show` prints the value, with the way on", () => {
    const refs = triggerReferences({
      microblog_mention_direct: { tagId: TAG },
      followed_dev_new_token_created: { scope: "wallet", developerAddress: "Dev1" },
    });
    const issues = unknownReferenceIssues(
      refs,
      (ref) => ref.kind === "microblogTag",
      (ref) => `way on for ${ref.kind}`,
      (value) => JSON.stringify(value),
    );
    expect(issues).toEqual([
      {
        path: "triggerConfigs.followed_dev_new_token_created.developerAddress",
        message:
          'triggerConfigs.followed_dev_new_token_created.developerAddress: "Dev1" is not a followed developer (way on for followedDeveloper)',
      },
    ]);
  });
});
