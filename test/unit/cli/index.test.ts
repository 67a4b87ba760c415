import { afterEach, describe, expect, it, vi } from "vitest";
import { run } from "../../../cli";
import { CommandError, UsageError } from "../../../cli/command";
import { subcommands } from "../../../cli/commands";
import { doctorCommand } from "../../../cli/commands/doctor";
import { runCliInProcess } from "../../support/cli";

const capture = runCliInProcess;

afterEach(() => vi.restoreAllMocks());

describe("strategy-alerts", () => {
  it("lists every subcommand with its summary on --help", async () => {
    const { code, stdout } = await capture(["--help"]);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^usage: strategy-alerts <command>/);
    const lines = stdout.split("\n");
    for (const c of subcommands) {
      expect(lines.some((l) => l.startsWith(`  ${c.name} `) && l.endsWith(`  ${c.summary}`))).toBe(true);
    }
  });

  it("prints the overview and exits 2 when no command is given", async () => {
    const { code, stdout } = await capture([]);
    expect(code).toBe(2);
    expect(stdout).toContain("commands:");
  });

  it("names an unknown command and exits 2", async () => {
    const { code, stderr } = await capture(["deploy"]);
    expect(code).toBe(2);
    expect(stderr).toContain('unknown command "deploy"');
  });

  it("names an unknown help topic and exits 2, printing no help on standard output", async () => {
    const { code, stdout, stderr } = await capture(["help", "nosuch"]);
    expect(code).toBe(2);
    expect(stdout).toBe("");
    expect(stderr).toContain('strategy-alerts help: unknown command "nosuch"');
    expect(stderr).toContain("commands:");
  });

  it.each(subcommands.map((c) => c.name))("prints the help of %s without running it", async (name) => {
    const command = subcommands.find((c) => c.name === name);
    const spy = vi.spyOn(command as NonNullable<typeof command>, "run");
    const viaFlag = await capture([name, "--help"]);
    const viaHelp = await capture(["help", name]);
    expect(viaFlag.code).toBe(0);
    expect(viaFlag.stdout).toMatch(new RegExp(`^usage: strategy-alerts ${name}`));
    expect(viaHelp.stdout).toBe(viaFlag.stdout);
    expect(spy).not.toHaveBeenCalled();
  });

  it("passes the arguments after the name to the command and resolves to its exit code", async () => {
    const spy = vi.spyOn(doctorCommand, "run").mockResolvedValue(7);
    expect(await run(["doctor", "--json"])).toBe(7);
    expect(spy).toHaveBeenCalledWith(["--json"]);
  });

  it("turns a command's usage error into exit 2 and any other failure into exit 1", async () => {
    vi.spyOn(doctorCommand, "run").mockRejectedValueOnce(new UsageError("no such flag"));
    const usage = await capture(["doctor"]);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain("strategy-alerts doctor: no such flag");
    expect(usage.stderr).toContain("strategy-alerts doctor --help");
    vi.spyOn(doctorCommand, "run").mockRejectedValueOnce(new CommandError("cannot read \u001b[31mx"));
    const failure = await capture(["doctor"]);
    expect(failure.code).toBe(1);
    expect(failure.stderr).not.toContain("\u001b");
  });
});
