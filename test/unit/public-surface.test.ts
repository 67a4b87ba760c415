import { describe, expect, it } from "vitest";
import * as sa from "../../provider";

/**
 * The package's runtime surface is curated: adding a name is a decision for the README and the
 * changelog, not a side effect of `export *`. Internals (transport, limiter, provider shell,
 * runtime helpers) must never appear here.
 */
const PUBLIC_VALUES = [
  "types",
  // resources
  "DeveloperTags",
  "FollowedDeveloper",
  "Strategy",
  "StrategyActivation",
  "Webhook",
  "TYPE_TOKENS",
  // lookups
  "getAccount",
  "getAccountOutput",
  "getDeveloperTags",
  "getDeveloperTagsOutput",
  "getFollowedDevelopers",
  "getFollowedDevelopersOutput",
  "getMicroblogHandles",
  "getMicroblogHandlesOutput",
  "getMicroblogTags",
  "getMicroblogTagsOutput",
  "getStrategies",
  "getStrategiesOutput",
  // client and errors
  "ApiClient",
  "createClient",
  "AmbiguousWriteError",
  "ApiError",
  "BadRequestError",
  "BaseUrlError",
  "ConfigurationError",
  "ConflictError",
  "ConnectionError",
  "ForbiddenError",
  "NotFoundError",
  "RateLimitError",
  "RequestArgumentError",
  "ResponseValidationError",
  "ServerError",
  "StrategyAlertsError",
  "TimeoutError",
  "UnauthorizedError",
  // webhooks and offline evaluation
  "verifyWebhook",
  "WebhookVerificationError",
  "evaluateStrategy",
  "validateStrategyInput",
  "StrategyValidationError",
  // pull-request review
  "renderReview",
];

describe("the package's public surface", () => {
  it("exports exactly the curated names", () => {
    expect(Object.keys(sa).sort()).toEqual([...PUBLIC_VALUES].sort());
  });

  it("exports no internals", () => {
    for (const internal of [
      "Transport",
      "RateLimiter",
      "providerShell",
      "RUNTIME_MODULE",
      "resetSharedRateLimiters",
    ]) {
      expect(sa).not.toHaveProperty(internal);
    }
  });

  it("gives every resource its type token, get and isInstance", () => {
    const resources = [
      sa.Strategy,
      sa.StrategyActivation,
      sa.Webhook,
      sa.FollowedDeveloper,
      sa.DeveloperTags,
    ];
    for (const resource of resources) {
      expect(resource.__pulumiType).toBe(sa.TYPE_TOKENS[resource.name as keyof typeof sa.TYPE_TOKENS]);
      expect(resource.isInstance({ __pulumiType: resource.__pulumiType })).toBe(true);
      expect(resource.isInstance({ __pulumiType: "aws:s3/bucket:Bucket" })).toBe(false);
      expect(resource.isInstance(undefined)).toBe(false);
      expect(typeof resource.get).toBe("function");
    }
  });
});
