/**
 * The root error class (provider/model/errors.ts): every error the package throws, in every
 * layer, can be caught as one StrategyAlertsError and is named after its class.
 */
import { describe, expect, it } from "vitest";
import { CommandError, UsageError } from "../../../cli/command";
import { DoctorStop } from "../../../cli/doctor/connection";
import { UnexpectedAnswerError, UnreachableError } from "../../../cli/doctor/http";
import { NameClashError, NameRegistry } from "../../../cli/import/names";
import { OutputError } from "../../../cli/import/write-output";
import { HttpError, HttpErrorWithBody } from "../../../emulator/http/errors";
import { EmulatorUsageError } from "../../../emulator/startup/usage";
import {
  IncompatibleVariantsError,
  parseVariants,
  UnknownVariantError,
} from "../../../emulator/variants/catalog";
import * as apiErrors from "../../../provider/api/errors";
import { WriteStoppedError } from "../../../provider/api/errors";
import { fillRoute } from "../../../provider/api/query";
import { healthyLaunch, TokenFixtureError, tokenVariant } from "../../../provider/fixtures";
import * as pkg from "../../../provider/index";
import { StrategyAlertsError } from "../../../provider/model/errors";
import * as ruleEvaluation from "../../../provider/model/evaluate-rule";
import * as ruleMapping from "../../../provider/model/rule-mapping";
import * as strategyValidationError from "../../../provider/model/strategy-validation-error";
import * as strategyValidation from "../../../provider/model/validate-strategy";
import * as pluginErrors from "../../../provider/plugin/errors";
import * as pluginFunctions from "../../../provider/plugin/functions";
import { PolicyOptionsError } from "../../../provider/policy/options";
import { ReviewInterruptedError, ReviewOptionsError } from "../../../provider/review/errors";
import { PreviewParseError } from "../../../provider/review/preview-input";
import * as runtimeErrors from "../../../provider/runtime/errors";
import { handler } from "../../../provider/runtime/index";
import * as webhookVerification from "../../../provider/webhooks/verify";

describe("the package's error classes", () => {
  const cases: Array<[string, Error]> = [
    ["UsageError", new UsageError("bad flag")],
    ["CommandError", new CommandError("cannot read")],
    ["DoctorStop", new DoctorStop("stopped")],
    ["UnreachableError", new UnreachableError("refused", "refused")],
    ["UnexpectedAnswerError", new UnexpectedAnswerError("PATCH answered 500")],
    ["NameClashError", new NameClashError("webhook is claimed twice")],
    ["OutputError", new OutputError("cannot write")],
    ["HttpError", new HttpError(404, "not found")],
    // A 4xx with extra body members is still an HttpError to the emulator's error handler.
    ["HttpError", new HttpErrorWithBody(400, "no window", { available: null })],
    // Named like the command's own UsageError so `strategy-alerts emulator` exits with 2.
    ["UsageError", new EmulatorUsageError("bad port")],
    ["UnknownVariantError", new UnknownVariantError("nope")],
    ["IncompatibleVariantsError", new IncompatibleVariantsError([])],
    ["TokenFixtureError", new TokenFixtureError("bad field")],
    ["PolicyOptionsError", new PolicyOptionsError("maxRules", "must be positive")],
    ["PreviewParseError", new PreviewParseError("not a preview")],
    ["ReviewOptionsError", new ReviewOptionsError("--backtest needs a key")],
    ["ReviewInterruptedError", new ReviewInterruptedError("interrupted")],
    ["WriteStoppedError", new WriteStoppedError({ method: "POST", route: "/backtests" })],
  ];

  it.each(cases)("%s derives from StrategyAlertsError and keeps its name", (name, err) => {
    expect(err).toBeInstanceOf(StrategyAlertsError);
    expect(err.name).toBe(name);
  });

  it("the errors thrown by the package's own checks are StrategyAlertsErrors too", () => {
    expect(() => parseVariants("no-such-variant")).toThrow(StrategyAlertsError);
    expect(() => tokenVariant(healthyLaunch, { liquidityUsd: "lots" as unknown as number })).toThrow(
      StrategyAlertsError,
    );
    const names = new NameRegistry();
    names.fixed("webhook", "webhook");
    expect(() => names.fixed("webhook", "webhook")).toThrow(NameClashError);
  });
});

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
  "model/strategy-validation-error": strategyValidationError,
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
