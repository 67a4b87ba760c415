import { describe, expect, it } from "vitest";
import {
  CONFIGURABLE_TRIGGERS,
  EVENT_TYPES,
  TriggerConfigsSchema,
  triggerConfigCrossIssues,
} from "../../../provider/model/triggers";
import { base, messages, TAG } from "./strategy-input";

describe("the trigger configs", () => {
  it("are configurable only for event types that exist", () => {
    for (const trigger of CONFIGURABLE_TRIGGERS) expect(EVENT_TYPES).toContain(trigger);
  });

  it("parse a tag id or all, one scope's fields, and nothing else", () => {
    expect(TriggerConfigsSchema.safeParse({ post_metadata_match: { tagId: TAG } }).success).toBe(true);
    expect(TriggerConfigsSchema.safeParse({ post_metadata_match: { tagId: "all" } }).success).toBe(true);
    expect(TriggerConfigsSchema.safeParse({ post_metadata_match: { tagId: "abc" } }).success).toBe(false);
    expect(
      TriggerConfigsSchema.safeParse({
        followed_dev_new_token_created: { scope: "wallet", developerAddress: " " },
      }).success,
    ).toBe(false);
    expect(TriggerConfigsSchema.safeParse({ new_token_created: {} }).success).toBe(false);
  });

  it("cross-check nothing when the triggers are not known", () => {
    expect(triggerConfigCrossIssues(undefined, { post_metadata_match: { tagId: "all" } })).toEqual([]);
    expect(triggerConfigCrossIssues(["post_metadata_match"], { post_metadata_match: undefined })).toEqual([
      {
        path: "triggerConfigs.post_metadata_match.tagId",
        message:
          "triggerConfigs.post_metadata_match.tagId is required when the post_metadata_match trigger is used",
      },
    ]);
  });

  it("requires a tagId for the microblog tag triggers when they are used", () => {
    expect(messages({ ...base, triggers: ["microblog_mention_direct", "post_metadata_match"] })).toEqual([
      "triggerConfigs.microblog_mention_direct.tagId is required when the microblog_mention_direct trigger is used",
      "triggerConfigs.post_metadata_match.tagId is required when the post_metadata_match trigger is used",
    ]);
    const configs = { microblog_mention_direct: { tagId: "all" }, post_metadata_match: { tagId: TAG } };
    expect(
      messages({
        ...base,
        triggers: ["microblog_mention_direct", "post_metadata_match"],
        triggerConfigs: configs,
      }),
    ).toEqual([]);
  });

  it("rejects a config for a trigger the strategy does not use", () => {
    const input = { ...base, triggerConfigs: { post_metadata_match: { tagId: "all" } } };
    expect(messages(input)).toEqual([
      "triggerConfigs.post_metadata_match is set but post_metadata_match is not in triggers",
    ]);
  });

  it("does not cross-check configs in a patch that leaves triggers unchanged", () => {
    expect(messages({ triggerConfigs: { post_metadata_match: { tagId: "all" } } }, "update")).toEqual([]);
    expect(messages({ triggers: ["post_metadata_match"] }, "update")).toEqual([
      "triggerConfigs.post_metadata_match.tagId is required when the post_metadata_match trigger is used",
    ]);
  });
});
