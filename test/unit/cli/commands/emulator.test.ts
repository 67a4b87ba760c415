import { afterEach, describe, expect, it, vi } from "vitest";
import { emulatorCommand } from "../../../../cli/commands/emulator";
import { EMULATOR_HELP } from "../../../../emulator/startup/usage";
import { runCliInProcess } from "../../../support/cli";

const capture = runCliInProcess;

afterEach(() => vi.restoreAllMocks());

describe("strategy-alerts emulator", () => {
  it("has the emulator's own help", () => {
    expect(emulatorCommand.name).toBe("emulator");
    expect(emulatorCommand.help).toBe(EMULATOR_HELP);
  });

  it("reports bad options of the emulator with a pointer to its help", async () => {
    const { code, stderr } = await capture(["emulator", "--port", "99999"]);
    expect(code).toBe(2);
    expect(stderr).toContain("--port must be 0-65535");
    expect(stderr).toContain("strategy-alerts emulator --help");
  });

  it("rejects an unknown option of a subcommand as a usage error", async () => {
    const { code, stderr } = await capture(["emulator", "--prot", "4010"]);
    expect(code).toBe(2);
    expect(stderr).toContain("--prot");
  });
});
