/**
 * The modules of provider/ whose test is not at the path their name gives
 * (`test/unit/<path>.test.ts` or `test/integration/<path>.test.ts`, see CONTRIBUTING.md), each
 * with the one line that says why and where it is tested. `test/unit/module-tests.test.ts`
 * fails for a module that has neither, and for an entry here whose module has gone or has
 * gained a test of its own.
 */
export const MODULE_TEST_EXCEPTIONS: Readonly<Record<string, string>> = {
  // Entry points, re-exports and types: nothing to run of their own.
  "provider/index.ts": "the public surface; its names are held by test/unit/public-surface.test.ts",
  "provider/types.ts": "index re-export of types/; held by test/unit/public-surface.test.ts",
  "provider/types/input.ts": "type-only; its names are held by test/unit/public-surface.test.ts",
  "provider/types/output.ts": "type-only; its names are held by test/unit/public-surface.test.ts",
  "provider/model/index.ts": "index re-export",
  "provider/model/schemas/index.ts": "index re-export",
  "provider/review/index.ts": "index re-export",
  "provider/runtime/index.ts":
    "binds the handlers to the default context; tested through test/integration/runtime/service-rejections.test.ts",
  "provider/runtime/kind-handler.ts": "type-only (the KindHandler interface)",
  "provider/model/multiple-buckets.ts":
    "the buckets (data); tested through test/unit/review/backtest-series.test.ts and the emulator's performance summary",
  "provider/review/backtest-results.ts": "type-only (the backtest run's results)",
  "provider/review/mermaid-chart.ts":
    "tested through test/unit/review/backtest-charts.test.ts and rendered by the real Mermaid in test/e2e/review-charts.test.ts",
  "provider/review/html/blocks.ts": "tested through test/unit/review/html/page.test.ts",
  "provider/review/html/escape.ts": "tested through test/unit/review/html/page.test.ts (hostile names)",
  "provider/review/html/inline.ts": "tested through test/unit/review/html/page.test.ts",
  "provider/review/html/svg-chart.ts":
    "tested through test/unit/review/html/page.test.ts and drawn in Chromium by test/e2e/review.test.ts",
  "provider/model/kinds/kind-descriptor.ts":
    "the descriptor's types; held by test/unit/model/kinds/index.test.ts",
  "provider/model/kinds/strategy.ts": "a descriptor (data); held by test/unit/model/kinds/index.test.ts",
  "provider/model/kinds/strategy-activation.ts":
    "a descriptor (data); held by test/unit/model/kinds/index.test.ts",
  "provider/model/kinds/webhook.ts": "a descriptor (data); held by test/unit/model/kinds/index.test.ts",
  "provider/model/kinds/followed-developer.ts":
    "a descriptor (data); held by test/unit/model/kinds/index.test.ts",
  "provider/model/kinds/developer-tags.ts":
    "a descriptor (data); held by test/unit/model/kinds/index.test.ts",
  "provider/resources/input-types.ts":
    "type-only; checked by tsc through test/unit/resources/strategy.types.test.ts",

  // The client's endpoint groups: every call's request and answer in one table.
  "provider/api/account.ts":
    "tested through test/integration/api/client.test.ts (every endpoint) and auth.test.ts",
  "provider/api/backtests.ts":
    "tested through test/integration/api/client.test.ts (every endpoint, pagination)",
  "provider/api/devs.ts": "tested through test/integration/api/client.test.ts and devs-and-microblog.test.ts",
  "provider/api/evaluations.ts":
    "tested through test/integration/api/client.test.ts (every endpoint, pagination)",
  "provider/api/microblog.ts":
    "tested through test/integration/api/client.test.ts and devs-and-microblog.test.ts",
  "provider/api/notifications.ts":
    "tested through test/integration/api/client.test.ts (every endpoint, pagination)",
  "provider/api/paginate.ts": "tested through the pagination tests of test/integration/api/client.test.ts",
  "provider/api/base-url.ts": "tested through the base URL tests of test/integration/api/client.test.ts",
  "provider/api/rate-limit-headers.ts":
    "tested through test/integration/api/rate-limit.test.ts and test/integration/api/variants.test.ts",
  "provider/credentials.ts": "tested through test/unit/runtime/settings.test.ts (the settings read it)",

  // The model's parts, tested through the function that composes them.
  "provider/model/levels.ts": "tested through test/unit/model/evaluate-rule.test.ts",
  "provider/model/object-rules.ts": "tested through test/unit/model/evaluate-rule.test.ts (object rules)",
  "provider/model/rule-outcome.ts": "tested through test/unit/model/evaluate-rule.test.ts",
  "provider/model/scalar-rules.ts":
    "tested through test/unit/model/evaluate-rule.test.ts (boolean, numeric, enum rules)",
  "provider/model/token-read.ts": "tested through test/unit/model/evaluate-rule.test.ts",
  "provider/model/rule-fields.ts": "tested through test/unit/model/token.test.ts (every rule's token fields)",
  "provider/model/repeated-rules.ts": "tested through test/unit/model/validate-strategy.test.ts",
  "provider/model/validate-rule-item.ts": "tested through test/unit/model/validate-strategy.test.ts",
  "provider/model/validation-checks.ts": "tested through test/unit/model/validate-strategy.test.ts",
  "provider/model/validation-issue.ts": "tested through test/unit/model/validate-strategy.test.ts",
  "provider/model/strategy-limits.ts":
    "a table of limits; tested through test/unit/model/validate-strategy.test.ts",
  "provider/model/triggers.ts": "tested through test/unit/model/validate-strategy.test.ts",
  "provider/model/strategy.ts":
    "zod schemas and field lists; tested through test/unit/resources/strategy.test.ts and validate-strategy.test.ts",
  "provider/model/plan-limits.ts":
    "a table of plans; tested through test/unit/api/rate-limiter.test.ts and policy/index.test.ts",
  "provider/model/checked-at-apply.ts": "tested through test/unit/runtime/check-failures.test.ts",
  "provider/model/unknown-value.ts": "one symbol; tested through test/unit/runtime/inputs.test.ts",
  "provider/model/temporary-strategies.ts":
    "tested through test/unit/review/leftovers.test.ts (temporary strategy names)",
  "provider/model/token-fixtures.ts": "data; tested through test/unit/fixtures/index.test.ts",
  "provider/model/token-variant.ts": "tested through test/unit/fixtures/index.test.ts (tokenVariant)",
  "provider/model/schemas/account.ts":
    "zod schema; parsed in test/integration/api/client.test.ts (every endpoint)",
  "provider/model/schemas/backtest.ts":
    "zod schemas; parsed in test/integration/api/client.test.ts (every endpoint)",
  "provider/model/schemas/common.ts":
    "zod schemas; parsed in test/integration/api/client.test.ts (every endpoint)",
  "provider/model/schemas/developer.ts":
    "zod schemas; parsed in test/integration/api/client.test.ts (every endpoint)",
  "provider/model/schemas/evaluation.ts":
    "zod schemas; parsed in test/integration/api/client.test.ts (every endpoint)",
  "provider/model/schemas/microblog.ts":
    "zod schemas; parsed in test/integration/api/client.test.ts (every endpoint)",
  "provider/model/schemas/notification.ts":
    "zod schemas; parsed in test/integration/api/client.test.ts (every endpoint)",
  "provider/model/schemas/performance.ts":
    "zod schemas; parsed in test/integration/api/client.test.ts (every endpoint)",
  "provider/model/schemas/strategy-responses.ts":
    "zod schemas; parsed in test/integration/api/strategies.test.ts",
  "provider/model/schemas/webhook.ts": "zod schemas; parsed in test/integration/api/webhook.test.ts",

  "provider/api/client-parts.ts": "what `new ApiClient` builds; tested through test/unit/api/client.test.ts",
  "provider/model/strategy-validation-error.ts":
    "the error of assertValidStrategyInput; tested in test/unit/model/validate-strategy.test.ts and errors.test.ts",

  // The lookups.
  "provider/functions/lookup-client.ts": "tested through test/integration/functions/lookups.test.ts",
  "provider/functions/lookup-outputs.ts": "the …Output forms; tested end to end (test/e2e/packaged.test.ts)",

  // The plugin: its modules serve one gRPC server.
  "provider/plugin/config.ts": "tested through test/integration/plugin/server.test.ts (Configure)",
  "provider/plugin/engine-log.ts":
    "the engine's log service; tested end to end (test/e2e/preview-messages.test.ts)",
  "provider/plugin/errors.ts": "one error class; tested by test/unit/model/errors.test.ts",
  "provider/plugin/functions.ts":
    "the plugin's Invoke; tested through test/integration/plugin/server.test.ts",
  "provider/plugin/package-version.ts": "tested through test/integration/plugin/main.test.ts (GetPluginInfo)",
  "provider/plugin/wire.ts": "tested through test/integration/plugin/server.test.ts",

  // The policies: one pack, run as the engine runs it.
  "provider/policy/active-share.ts": "tested through test/unit/policy/index.test.ts (the pack)",
  "provider/policy/active-strategies.ts": "tested through test/unit/policy/index.test.ts (the pack)",
  "provider/policy/alert-cooldown.ts": "tested through test/unit/policy/index.test.ts (the pack)",
  "provider/policy/followed-developers.ts": "tested through test/unit/policy/index.test.ts (the pack)",
  "provider/policy/honeypot-dealbreaker.ts": "tested through test/unit/policy/index.test.ts (the pack)",
  "provider/policy/max-rules.ts": "tested through test/unit/policy/index.test.ts (the pack)",
  "provider/policy/options.ts": "tested through test/unit/policy/index.test.ts (the pack's options)",
  "provider/policy/resource-validation.ts": "tested through test/unit/policy/index.test.ts (the pack)",
  "provider/policy/stack-view.ts":
    "tested through test/unit/policy/index.test.ts and test/unit/model/type-tokens.test.ts",
  "provider/policy/webhook-https.ts": "tested through test/unit/policy/index.test.ts (the pack)",

  // The dynamic shell: Pulumi resource classes, which only a Pulumi engine runs.
  "provider/resources/checked-at-apply.ts":
    "the preview's warning; tested end to end (test/e2e/preview-messages.test.ts)",
  "provider/resources/developer-tags.ts":
    "resource class; outputs held by test/unit/model/resource-outputs.test.ts, behaviour end to end (test/e2e/webhook-and-developers.test.ts)",
  "provider/resources/followed-developer.ts":
    "resource class; outputs held by test/unit/model/resource-outputs.test.ts, behaviour end to end (test/e2e/webhook-and-developers.test.ts)",
  "provider/resources/strategy-activation.ts":
    "resource class; outputs held by test/unit/model/resource-outputs.test.ts, behaviour end to end (test/e2e/strategy-activation.test.ts)",
  "provider/resources/webhook.ts":
    "resource class; outputs held by test/unit/model/resource-outputs.test.ts, behaviour end to end (test/e2e/webhook-and-developers.test.ts)",
  "provider/resources/read-state.ts":
    "the resources' static get; tested end to end (test/e2e/resource-get.test.ts)",

  // The review: renderReview composes the report from its sections.
  "provider/review/account-resources.ts": "tested through test/unit/review/render.test.ts",
  "provider/review/activation.ts": "tested through test/unit/review/render.test.ts and effects.test.ts",
  "provider/review/backtest-report.ts":
    "tested through test/integration/review/backtest-run.test.ts and render.test.ts",
  "provider/review/backtest-targets.ts": "tested through test/integration/review/backtest-run.test.ts",
  "provider/review/errors.ts": "error classes; tested by test/unit/model/errors.test.ts",
  "provider/review/preview-input.ts":
    "tested through test/unit/review/review-command.test.ts and render.test.ts (input that is not a preview)",
  "provider/review/review-run.ts":
    "tested through test/unit/review/leftovers.test.ts and test/integration/review/backtest-run.test.ts",
  "provider/review/rule-diff.ts": "tested through test/unit/review/render.test.ts",
  "provider/review/session.ts": "tested through test/integration/review/backtest-run.test.ts",
  "provider/review/strategy-diff.ts": "tested through test/unit/review/render.test.ts",
  "provider/review/strategy-section.ts": "tested through test/unit/review/render.test.ts",
  "provider/review/temporaries.ts": "tested through test/integration/review/backtest-run.test.ts",
  "provider/review/words.ts": "tested through test/unit/review/render.test.ts",

  // The runtime: handlers run against the in-process emulator.
  "provider/runtime/context.ts":
    "tested through test/integration/runtime/ (each test makes its RuntimeContext)",
  "provider/runtime/developer-tags.ts": "tested through test/integration/runtime/developer-variants.test.ts",
  "provider/runtime/followed-developer.ts":
    "tested through test/integration/runtime/developer-variants.test.ts and test/unit/runtime/check-failures.test.ts",
  "provider/runtime/strategy-activation.ts":
    "tested through test/integration/runtime/printable-messages.test.ts and end to end (test/e2e/strategy-activation.test.ts)",
  "provider/runtime/strategy-activation-plan-check.ts":
    "tested end to end (test/e2e/strategy-activation.test.ts)",
  "provider/runtime/strategy-plan-check.ts":
    "tested end to end (test/e2e/robustness.test.ts, the plan's total)",
  "provider/runtime/trace.ts":
    "the benchmarks' trace file; exercised by bench/ (npm run bench:pulumi), no test",
  "provider/runtime/webhook-url.ts":
    "tested through test/unit/runtime/handlers.test.ts (the Webhook's check)",
};
