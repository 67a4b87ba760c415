import { join } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import * as sa from "../../provider";

/**
 * The package's runtime surface is curated: adding a name is a decision for docs/resources.md
 * and the changelog, not a side effect of `export *`. Internals (transport, limiter, provider shell,
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
  "WriteStoppedError",
  // webhooks and offline evaluation
  "verifyWebhook",
  "WebhookVerificationError",
  "evaluateStrategy",
  "validateStrategyInput",
  "StrategyValidationError",
  // pull-request review
  "renderReview",
];

/** The type-only names beside the values: each resource's args, and the functions' options and results. */
const PUBLIC_TYPES = [
  "ClientOptions",
  "DeveloperTagsArgs",
  "FollowedDeveloperArgs",
  "LookupInputs",
  "LookupOptions",
  "ResourceKind",
  "ReviewContext",
  "ReviewResult",
  "StrategyActivationArgs",
  "StrategyArgs",
  "TypeToken",
  "VerifyWebhookOptions",
  "WebhookArgs",
];

/** `sa.types.input`: what a program or a client call sends. */
const INPUT_TYPES = [
  "BacktestCreateBody",
  "BacktestResultsQuery",
  "BooleanRuleItem",
  "DeepInput",
  "DevAddBody",
  "DevListQuery",
  "DevUpdateBody",
  "EnumRuleItem",
  "EvaluableStrategy",
  "EvaluateOptions",
  "EvaluationQuery",
  "EvaluationSortBy",
  "EventType",
  "LaunchPlatform",
  "Matching",
  "MicroblogHandlesQuery",
  "MicroblogTagsQuery",
  "NotificationGetQuery",
  "NotificationListQuery",
  "NumericRuleItem",
  "ObjectRuleItem",
  "PerformanceQuery",
  "PerformanceRange",
  "RetryPolicy",
  "RiskLevel",
  "RuleId",
  "RuleItem",
  "RuleItemInput",
  "StrategyInput",
  "StrategyPatch",
  "TokenObservation",
  "TriggerConfigs",
  "WalletType",
  "WebhookPutBody",
];

/** `sa.types.output`: what the service, a resource or a function returns. */
const OUTPUT_TYPES = [
  "Account",
  "BacktestJob",
  "BacktestMetrics",
  "BacktestPage",
  "BacktestResultRow",
  "BacktestResultsPage",
  "BacktestStatus",
  "DevConfirmation",
  "DevTag",
  "DevTagIds",
  "DeveloperPage",
  "DeveloperRecord",
  "ErrorBody",
  "EvaluatedRule",
  "Evaluation",
  "EvaluationPage",
  "GroupResult",
  "MatchResult",
  "MicroblogHandle",
  "MicroblogTag",
  "Notification",
  "NotificationPage",
  "NotificationSource",
  "PerformanceJobCreated",
  "PerformanceJobStatus",
  "PerformanceSummary",
  "ProductGroupId",
  "RuleGroup",
  "StoredRule",
  "Strategy",
  "StrategyActivityResponse",
  "StrategyListResponse",
  "StrategyTrigger",
  "StrategyUpdated",
  "ValidationIssue",
  "WebhookConfig",
  "WebhookEvent",
];

/** The names a module exports, types included, as the compiler sees them. */
function exportedNames(files: readonly string[]): Map<string, string[]> {
  const program = ts.createProgram(files, {
    module: ts.ModuleKind.CommonJS,
    moduleResolution: ts.ModuleResolutionKind.Node10,
    target: ts.ScriptTarget.ES2023,
    strict: true,
    skipLibCheck: true,
    noEmit: true,
  });
  const checker = program.getTypeChecker();
  const names = new Map<string, string[]>();
  for (const file of files) {
    const source = program.getSourceFile(file);
    const symbol = source && checker.getSymbolAtLocation(source);
    if (!symbol) throw new Error(`the compiler did not load ${file}`);
    names.set(
      file,
      checker.getExportsOfModule(symbol).map((s) => s.name),
    );
  }
  return names;
}

describe("the package's public surface", () => {
  it("exports exactly the curated names", () => {
    expect(Object.keys(sa).sort()).toEqual([...PUBLIC_VALUES].sort());
  });

  it("names each type once: top level, `types.input` or `types.output`", () => {
    const provider = join(__dirname, "../../provider");
    const files = {
      top: join(provider, "index.ts"),
      input: join(provider, "types/input.ts"),
      output: join(provider, "types/output.ts"),
    };
    const names = exportedNames(Object.values(files));
    const topTypes = (names.get(files.top) ?? []).filter((n) => !PUBLIC_VALUES.includes(n));
    expect(topTypes.sort()).toEqual([...PUBLIC_TYPES].sort());
    expect(names.get(files.input)?.sort()).toEqual([...INPUT_TYPES].sort());
    expect(names.get(files.output)?.sort()).toEqual([...OUTPUT_TYPES].sort());
    // A resource class and the record of the same name (sa.Strategy, sa.types.output.Strategy)
    // are the one intended pair; among types, each name is one concept in one place.
    const types = [...PUBLIC_TYPES, ...INPUT_TYPES, ...OUTPUT_TYPES];
    expect(types.filter((n, i) => types.indexOf(n) !== i)).toEqual([]);
  }, 120_000);

  it("holds the data shapes in `types`, inputs apart from outputs", () => {
    expect(Object.keys(sa.types).sort()).toEqual(["input", "output"]);
  });

  it("exports no internals", () => {
    for (const internal of ["Transport", "RateLimiter", "providerShell", "RUNTIME_MODULE"]) {
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
