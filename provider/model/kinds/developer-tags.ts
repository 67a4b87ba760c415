import { ACCOUNT_ID_OUTPUT, type InputField, type OutputField, tokensOf } from "./kind-descriptor";

export const DEVELOPER_TAGS_KIND = {
  ...tokensOf("DeveloperTags"),
  description:
    "The tags assigned to one followed developer. A non-empty set that exists already is taken over only with `adopt: true`; destroying it assigns the empty set, only while the set is still what this resource assigned.",
  heading: "Developer tags",
  inputs: {
    address: {
      description:
        "A followed developer's address (use FollowedDeveloper.address); changing it replaces the resource.",
      type: "string",
      required: true,
      alwaysOutput: true,
      replaces: true,
      checked: true,
    },
    tagIds: {
      description: "Developer tag ids (GET /devs/tags): a set, order and duplicates are not changes.",
      type: "strings",
      required: true,
      alwaysOutput: true,
      set: "strings",
      checked: true,
    },
    adopt: {
      description:
        "Take over a developer's existing tags on purpose (a preview fails on a non-empty set otherwise); changing it later is not a change.",
      type: "boolean",
      checked: true,
      notCompared: true,
    },
  } satisfies Record<string, InputField>,
  outputs: { accountId: ACCOUNT_ID_OUTPUT } satisfies Record<string, OutputField>,
  importId: { field: "address", words: "the wallet address" },
} as const;
