import { describe, expect, it } from "vitest";
import { CommandError, UsageError, wantsHelp } from "../../../cli/command";
import { StrategyAlertsError } from "../../../provider/model/errors";

describe("a subcommand's arguments", () => {
  it("ask for help with --help or -h anywhere, and only then", () => {
    expect(wantsHelp(["--json", "--help"])).toBe(true);
    expect(wantsHelp(["-h"])).toBe(true);
    expect(wantsHelp(["--helpful", "h", "-help"])).toBe(false);
    expect(wantsHelp([])).toBe(false);
  });
});

describe("a subcommand's errors", () => {
  it("are the package's errors, a usage error named as such", () => {
    const usage = new UsageError("bad flag");
    expect(usage).toBeInstanceOf(StrategyAlertsError);
    expect(usage.name).toBe("UsageError");
    expect(usage.message).toBe("bad flag");
    expect(new CommandError("unreadable")).toBeInstanceOf(StrategyAlertsError);
    expect(new CommandError("unreadable")).not.toBeInstanceOf(UsageError);
  });
});
