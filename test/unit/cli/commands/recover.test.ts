import { afterEach, describe, expect, it, vi } from "vitest";
import { recoverCommand } from "../../../../cli/commands/recover";
import { runCliInProcess } from "../../../support/cli";

afterEach(() => vi.restoreAllMocks());

describe("strategy-alerts recover", () => {
  it("is listed in the overview, and its help names every option and what it needs", async () => {
    const overview = await runCliInProcess(["--help"]);
    expect(
      overview.stdout
        .split("\n")
        .some((line) => /^ {2}recover +/.test(line) && line.endsWith(`  ${recoverCommand.summary}`)),
    ).toBe(true);
    const own = await runCliInProcess(["recover", "--help"]);
    expect(own.code).toBe(0);
    expect(own.stdout).toBe(`${recoverCommand.help}\n`);
    for (const option of ["--stack <name>", "--cwd <dir>", "--adopt <id>", "--yes"])
      expect(recoverCommand.help).toContain(option);
  });

  it("refuses an unknown option or a positional argument before it runs Pulumi (exit 2)", async () => {
    const unknown = await runCliInProcess(["recover", "--force"]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("--force");
    expect(unknown.stderr).toContain("strategy-alerts recover --help");
    await expect(recoverCommand.run(["dev"])).rejects.toMatchObject({
      code: "ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL",
    });
  });
});
