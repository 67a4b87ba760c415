import { describe, expect, it } from "vitest";
import { subcommands } from "../../../../cli/commands";
import { doctorCommand } from "../../../../cli/commands/doctor";
import { emulatorCommand } from "../../../../cli/commands/emulator";
import { importCommand } from "../../../../cli/commands/import";
import { recoverCommand } from "../../../../cli/commands/recover";
import { reviewCommand } from "../../../../cli/commands/review";

describe("the subcommands", () => {
  it("are listed in the order --help shows them", () => {
    expect(subcommands).toEqual([
      emulatorCommand,
      reviewCommand,
      importCommand,
      recoverCommand,
      doctorCommand,
    ]);
  });

  it("each have a name of their own, a one-line summary and a help that starts with their usage", () => {
    const names = subcommands.map((c) => c.name);
    expect(new Set(names).size).toBe(names.length);
    for (const command of subcommands) {
      expect(command.name).toMatch(/^[a-z]+$/);
      expect(command.summary).not.toContain("\n");
      expect(command.help).toMatch(new RegExp(`^usage: strategy-alerts ${command.name}\\b`));
    }
  });
});
