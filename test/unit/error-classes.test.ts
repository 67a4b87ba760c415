/** Every error the package throws can be caught as one StrategyAlertsError, named after its class. */
import { describe, expect, it } from "vitest";
import { CommandError, UsageError } from "../../cli/command";
import { DoctorStop } from "../../cli/doctor/connection";
import { UnexpectedAnswerError, UnreachableError } from "../../cli/doctor/http";
import { NameClashError, NameRegistry } from "../../cli/import/names";
import { OutputError } from "../../cli/import/write-output";
import { HttpError, HttpErrorWithBody } from "../../emulator/errors";
import { EmulatorUsageError } from "../../emulator/usage";
import { IncompatibleVariantsError, parseVariants, UnknownVariantError } from "../../emulator/variants";
import { WriteStoppedError } from "../../provider/api/errors";
import { healthyLaunch, TokenFixtureError, tokenVariant } from "../../provider/fixtures";
import { StrategyAlertsError } from "../../provider/model/errors";
import { PolicyOptionsError } from "../../provider/policy/options";
import { ReviewInterruptedError, ReviewOptionsError } from "../../provider/review/errors";
import { PreviewParseError } from "../../provider/review/preview-input";

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
