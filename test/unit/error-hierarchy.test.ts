import { describe, expect, it } from "vitest";
import * as apiErrors from "../../provider/api/errors";
import { fillRoute } from "../../provider/api/query";
import * as pkg from "../../provider/index";
import { StrategyAlertsError } from "../../provider/model/errors";
import * as ruleEvaluation from "../../provider/model/evaluate-rule";
import * as ruleMapping from "../../provider/model/rule-mapping";
import * as strategyValidation from "../../provider/model/validate-strategy";
import * as pluginErrors from "../../provider/plugin/errors";
import * as pluginFunctions from "../../provider/plugin/functions";
import * as runtimeErrors from "../../provider/runtime/errors";
import { handler } from "../../provider/runtime/index";
import * as webhookVerification from "../../provider/webhooks/verify";

/** Every exported class of the module that is an Error, by name. */
function errorClasses(module: Record<string, unknown>): [string, new (...args: never[]) => unknown][] {
  return Object.entries(module).filter(
    (entry): entry is [string, new (...args: never[]) => unknown] =>
      typeof entry[1] === "function" && entry[1].prototype instanceof Error,
  );
}

const MODULES: Record<string, Record<string, unknown>> = {
  "the package": pkg,
  "api/errors": apiErrors,
  "model/evaluate-rule": ruleEvaluation,
  "model/rule-mapping": ruleMapping,
  "model/validate-strategy": strategyValidation,
  "plugin/errors": pluginErrors,
  "plugin/functions": pluginFunctions,
  "runtime/errors": runtimeErrors,
  "webhooks/verify": webhookVerification,
};

describe("one root error class", () => {
  it("the api errors module re-exports the model's root class itself", () => {
    expect(apiErrors.StrategyAlertsError).toBe(StrategyAlertsError);
    expect(pkg.StrategyAlertsError).toBe(StrategyAlertsError);
  });

  for (const [where, module] of Object.entries(MODULES)) {
    it(`every error class exported by ${where} derives from StrategyAlertsError`, () => {
      const classes = errorClasses(module);
      expect(classes.length).toBeGreaterThan(0);
      for (const [name, cls] of classes) {
        expect(cls === StrategyAlertsError || cls.prototype instanceof StrategyAlertsError, name).toBe(true);
      }
    });
  }

  function thrownBy(fn: () => unknown): unknown {
    try {
      fn();
    } catch (err) {
      return err;
    }
    throw new Error("expected a throw");
  }

  it.each([
    [
      "a route filled with an empty id",
      () => fillRoute("/strategies/:id", { id: "" }),
      "RequestArgumentError",
    ],
    ["a resource kind the package does not serve", () => handler("Portfolio"), "UnknownResourceKindError"],
    [
      "an invalid strategy asserted",
      () => strategyValidation.assertValidStrategyInput({}, "create"),
      "StrategyValidationError",
    ],
    [
      "an invalid rule item parsed",
      () => ruleEvaluation.parseRuleItem({ rule: "nope" }),
      "RuleEvaluationError",
    ],
    [
      "a stored condition no rule item expresses",
      () =>
        ruleMapping.storedToRules({
          dealbreakers: [{ id: "d", ruleType: "no_such_rule", operator: "eq", value: true, enabled: true }],
          ruleGroups: [],
        }),
      "StoredRuleError",
    ],
    [
      "a webhook delivery without its headers",
      () => webhookVerification.verifyWebhook({ rawBody: "{}", headers: {}, secret: "s" }),
      "WebhookVerificationError",
    ],
  ])("%s throws a StrategyAlertsError with its own name", (_what, fn, name) => {
    const err = thrownBy(fn);
    expect(err).toBeInstanceOf(StrategyAlertsError);
    expect((err as Error).name).toBe(name);
  });

  it("an init failure keeps the fields the dynamic-provider host reads", () => {
    const err = runtimeErrors.initFailure("webhook saved but not verified", "webhook", { url: "https://x" });
    expect(err).toBeInstanceOf(StrategyAlertsError);
    expect(err).toMatchObject({
      id: "webhook",
      properties: { url: "https://x" },
      reasons: ["webhook saved but not verified"],
    });
  });
});
