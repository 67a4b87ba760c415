import { ACCOUNT_ID_OUTPUT, type InputField, type OutputField, tokensOf } from "./kind-descriptor";

export const FOLLOWED_DEVELOPER_KIND = {
  ...tokensOf("FollowedDeveloper"),
  description:
    "A followed developer wallet. One that someone already follows (active, or with tags) is taken over only with `adopt: true`. Destroying it deactivates the developer (the API cannot unfollow), only while it is still what this resource wrote.",
  heading: "Followed developers",
  inputs: {
    address: {
      description:
        "The developer's wallet address; changing it replaces the resource. Also an output, so a strategy or DeveloperTags naming the wallet comes after it.",
      type: "string",
      required: true,
      alwaysOutput: true,
      replaces: true,
      checked: true,
    },
    alias: {
      description: "A name for the developer: plain text (no control or bidi characters).",
      type: "string",
      checked: true,
    },
    active: {
      description: "Default true. Destroying the resource deactivates the developer.",
      type: "boolean",
      default: true,
      alwaysOutput: true,
      checked: true,
    },
    adopt: {
      description:
        "Take over a developer that is already followed (active, or with tags) on purpose (a preview fails on one otherwise); changing it later is not a change.",
      type: "boolean",
      checked: true,
      notCompared: true,
    },
  } satisfies Record<string, InputField>,
  outputs: {
    isActive: {
      description: "Whether the service treats the developer as active.",
      type: "boolean",
    },
    addedAt: {
      description: "When the developer was first followed.",
      type: "string",
      typeWords: "ISO 8601 or null",
      declared: { nullable: true },
    },
    tagIds: {
      description: "The developer's tag ids, as read.",
      type: "strings",
      declared: { present: false },
    },
    accountId: ACCOUNT_ID_OUTPUT,
  } satisfies Record<string, OutputField>,
  importId: { field: "address", words: "the wallet address" },
} as const;
