import { ACCOUNT_ID_OUTPUT, type InputField, type OutputField, tokensOf } from "./kind-descriptor";

export const WEBHOOK_KIND = {
  ...tokensOf("Webhook"),
  description:
    "The account's single webhook. One that already exists (another stack's, the app's) is taken over only with `adopt: true`; a destroy clears it only while it is still what this resource wrote.",
  heading: "Webhook",
  inputs: {
    url: {
      description: "Where signed deliveries go; null clears the url, the secret and the verification state.",
      type: "string",
      checked: true,
      secretWithCredential: true,
      declared: { required: true, nullable: true },
    },
    enabled: {
      description: "Whether deliveries are sent.",
      type: "boolean",
      required: true,
      alwaysOutput: true,
      checked: true,
    },
    requireVerified: {
      description:
        "Default true: an unverified url fails the update (url and secret are still recorded, so the next up retries).",
      type: "boolean",
      default: true,
      alwaysOutput: true,
      checked: true,
      declared: { output: false },
    },
    rotation: {
      description: "Change this to any new value to rotate the signing secret on purpose.",
      type: "string",
      declared: { output: false },
    },
    adopt: {
      description:
        "Take over the account's existing webhook on purpose (a preview fails on one that exists otherwise); changing it later is not a change.",
      type: "boolean",
      checked: true,
      notCompared: true,
    },
  } satisfies Record<string, InputField>,
  outputs: {
    verifiedAt: {
      description: "When the url answered the verification challenge.",
      type: "string",
      typeWords: "ISO 8601 or null",
      declared: { nullable: true },
    },
    hasSecret: {
      description: "Whether the service holds a signing secret.",
      type: "boolean",
      alwaysOutput: true,
    },
    secret: {
      description: "The signing secret for verifyWebhook; a Pulumi secret.",
      type: "string",
      secret: true,
      declared: { nullable: true },
    },
    verificationError: {
      description: "Why the last verification failed.",
      type: "string",
      declared: { nullable: true },
    },
    accountId: ACCOUNT_ID_OUTPUT,
  } satisfies Record<string, OutputField>,
  importId: { fixed: "webhook", words: "`webhook`" },
} as const;
