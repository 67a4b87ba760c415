/**
 * The modules of provider/ and cli/ without a test at the path their name gives
 * (`test/{unit,integration,e2e}/<path>.test.ts`, `cli/` kept in the path; see CONTRIBUTING.md)
 * or without a test file that imports them directly, each with the one line that says why.
 * `test/unit/module-tests.test.ts` fails for a module that has neither, for an entry here whose
 * module has gone or has both, and when the lasting list grows past one module in ten.
 */

/** For good: entry points, re-export barrels and type-only modules (nothing to run of their own). */
export const MODULE_TEST_EXCEPTIONS: Readonly<Record<string, string>> = {
  "provider/index.ts":
    "the package's entry point (re-exports); its names are held by test/unit/public-surface.test.ts",
  "provider/types.ts": "re-export of types/; its names are held by test/unit/public-surface.test.ts",
  "provider/types/input.ts": "type-only; its names are held by test/unit/public-surface.test.ts",
  "provider/types/output.ts": "type-only; its names are held by test/unit/public-surface.test.ts",
  "provider/model/index.ts": "re-export barrel",
  "provider/model/schemas/index.ts": "re-export barrel",
  "provider/review/index.ts": "re-export barrel (the review's public names)",
  "provider/runtime/index.ts":
    "entry point: binds the handlers to the default context; run by test/integration/runtime/service-rejections.test.ts",
  "provider/runtime/kind-handler.ts": "type-only (the KindHandler interface)",
  "provider/review/backtest-results.ts": "type-only (the backtest run's results)",
  "provider/resources/input-types.ts":
    "type-only; checked by tsc through test/unit/resources/strategy.types.test.ts",
  "provider/model/kinds/kind-descriptor.ts":
    "type-only (the descriptor's types); held by test/unit/model/kinds/index.test.ts",
  "provider/plugin/main.ts":
    "the plugin binary's entry point; its named test runs it as a process (test/integration/plugin/main.test.ts)",
};

/**
 * For now: modules whose cases still sit in another module's test ("not yet moved"), or whose
 * tests another change is reshaping ("being reworked"; moved once it lands). Each names where
 * it is tested today. This list only shrinks: a new module gets its own test.
 */
export const PENDING_MODULE_TESTS: Readonly<Record<string, string>> = {
  "cli/commands/import.ts":
    "being reworked: tested in test/integration/import/import-command.test.ts, to move to test/integration/cli/commands/import.test.ts",
  "provider/model/checked-at-apply.ts":
    "being reworked: tested through test/unit/runtime/check-failures.test.ts",
  "provider/model/kinds/developer-tags.ts":
    "being reworked: a descriptor (data); held by test/unit/model/kinds/index.test.ts",
  "provider/model/kinds/followed-developer.ts":
    "being reworked: a descriptor (data); held by test/unit/model/kinds/index.test.ts",
  "provider/model/kinds/strategy-activation.ts":
    "being reworked: a descriptor (data); held by test/unit/model/kinds/index.test.ts",
  "provider/model/kinds/strategy.ts":
    "being reworked: a descriptor (data); held by test/unit/model/kinds/index.test.ts",
  "provider/model/kinds/webhook.ts":
    "being reworked: a descriptor (data); held by test/unit/model/kinds/index.test.ts",
  "provider/model/levels.ts": "being reworked: tested through test/unit/model/evaluate-rule.test.ts",
  "provider/model/multiple-buckets.ts":
    "being reworked: the buckets (data); tested through test/unit/review/backtest-series.test.ts and the emulator's performance summary",
  "provider/model/object-rules.ts":
    "being reworked: tested through test/unit/model/evaluate-rule.test.ts (object rules)",
  "provider/model/plan-limits.ts":
    "being reworked: a table of plans; tested through test/unit/api/rate-limiter.test.ts and policy/index.test.ts",
  "provider/model/repeated-rules.ts":
    "being reworked: tested through test/unit/model/validate-strategy.test.ts",
  "provider/model/rule-fields.ts":
    "being reworked: tested through test/unit/model/token.test.ts (every rule's token fields)",
  "provider/model/rule-outcome.ts": "being reworked: tested through test/unit/model/evaluate-rule.test.ts",
  "provider/model/scalar-rules.ts":
    "being reworked: tested through test/unit/model/evaluate-rule.test.ts (boolean, numeric, enum rules)",
  "provider/model/schemas/account.ts":
    "being reworked: zod schema; parsed in test/integration/api/client.test.ts (every endpoint)",
  "provider/model/schemas/backtest.ts":
    "being reworked: zod schemas; parsed in test/integration/api/client.test.ts (every endpoint)",
  "provider/model/schemas/common.ts":
    "being reworked: zod schemas; parsed in test/integration/api/client.test.ts (every endpoint)",
  "provider/model/schemas/developer.ts":
    "being reworked: zod schemas; parsed in test/integration/api/client.test.ts (every endpoint)",
  "provider/model/schemas/evaluation.ts":
    "being reworked: zod schemas; parsed in test/integration/api/client.test.ts (every endpoint)",
  "provider/model/schemas/microblog.ts":
    "being reworked: zod schemas; parsed in test/integration/api/client.test.ts (every endpoint)",
  "provider/model/schemas/notification.ts":
    "being reworked: zod schemas; parsed in test/integration/api/client.test.ts (every endpoint)",
  "provider/model/schemas/performance.ts":
    "being reworked: zod schemas; parsed in test/integration/api/client.test.ts (every endpoint)",
  "provider/model/schemas/strategy-responses.ts":
    "being reworked: zod schemas; parsed in test/integration/api/strategies.test.ts",
  "provider/model/schemas/webhook.ts":
    "being reworked: zod schemas; parsed in test/integration/api/webhook.test.ts",
  "provider/model/strategy-limits.ts":
    "being reworked: a table of limits; tested through test/unit/model/validate-strategy.test.ts",
  "provider/model/strategy-validation-error.ts":
    "being reworked: the error of assertValidStrategyInput; tested in test/unit/model/validate-strategy.test.ts and errors.test.ts",
  "provider/model/strategy.ts":
    "being reworked: zod schemas and field lists; tested through test/unit/resources/strategy.test.ts and validate-strategy.test.ts",
  "provider/model/temporary-strategies.ts":
    "being reworked: tested through test/unit/review/leftovers.test.ts (temporary strategy names)",
  "provider/model/token-fixtures.ts": "being reworked: data; tested through test/unit/fixtures/index.test.ts",
  "provider/model/token-read.ts": "being reworked: tested through test/unit/model/evaluate-rule.test.ts",
  "provider/model/token-variant.ts":
    "being reworked: tested through test/unit/fixtures/index.test.ts (tokenVariant)",
  "provider/model/triggers.ts": "being reworked: tested through test/unit/model/validate-strategy.test.ts",
  "provider/model/unknown-value.ts":
    "being reworked: one symbol; tested through test/unit/runtime/inputs.test.ts",
  "provider/model/validate-rule-item.ts":
    "being reworked: tested through test/unit/model/validate-strategy.test.ts",
  "provider/model/validation-checks.ts":
    "being reworked: tested through test/unit/model/validate-strategy.test.ts",
  "provider/model/validation-issue.ts":
    "being reworked: tested through test/unit/model/validate-strategy.test.ts",
  "provider/resources/checked-at-apply.ts":
    "being reworked: the preview's warning; tested end to end (test/e2e/preview-messages.test.ts)",
  "provider/resources/developer-tags.ts":
    "being reworked: resource class; outputs held by test/unit/model/resource-outputs.test.ts, behaviour end to end (test/e2e/webhook-and-developers.test.ts)",
  "provider/resources/followed-developer.ts":
    "being reworked: resource class; outputs held by test/unit/model/resource-outputs.test.ts, behaviour end to end (test/e2e/webhook-and-developers.test.ts)",
  "provider/resources/kind-resource.ts":
    "being reworked: its named test reaches it through the resource classes",
  "provider/resources/read-state.ts":
    "being reworked: the resources' static get; tested end to end (test/e2e/resource-get.test.ts)",
  "provider/resources/stackless-registration.ts":
    "being reworked: its named test loads it in a program (test/integration/resources/stackless-registration.test.ts)",
  "provider/resources/strategy-activation.ts":
    "being reworked: resource class; outputs held by test/unit/model/resource-outputs.test.ts, behaviour end to end (test/e2e/strategy-activation.test.ts)",
  "provider/resources/webhook.ts":
    "being reworked: resource class; outputs held by test/unit/model/resource-outputs.test.ts, behaviour end to end (test/e2e/webhook-and-developers.test.ts)",
  "provider/review/account-resources.ts": "being reworked: tested through test/unit/review/render.test.ts",
  "provider/review/strategy-diff.ts": "being reworked: tested through test/unit/review/render.test.ts",
};

/**
 * For now, whole directories another change is reshaping: every module under one is exempt
 * until the change lands and its tests move to the named paths. Listed while it holds a module
 * without a named test that imports it.
 */
export const PENDING_DIRECTORIES: Readonly<Record<string, string>> = {
  "cli/import/":
    "being reworked (the import's Go output): tested in test/unit/import/ and test/integration/import/, to move to test/unit/cli/import/ and test/integration/cli/import/",
};
