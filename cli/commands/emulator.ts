import { EMULATOR_HELP } from "../../emulator/startup/usage";
import { CommandError, type Subcommand } from "../command";

/** The emulator keeps its state in `node:sqlite`, which Node.js has had since 22.5. */
async function assertSqlite(): Promise<void> {
  await import("../../emulator/startup/quiet-warnings");
  try {
    require("node:sqlite");
  } catch {
    throw new CommandError(
      `the emulator needs Node.js 22.5 or newer (node:sqlite); this is Node.js ${process.versions.node}`,
    );
  }
}

export const emulatorCommand: Subcommand = {
  name: "emulator",
  summary: "serve a local emulator of the whole API (for tests, demos and CI)",
  help: EMULATOR_HELP,
  async run(args) {
    await assertSqlite();
    // Loaded only here: the rest of the command must not pay for (or depend on) the server.
    const { main } = await import("../../emulator/cli");
    // Serves until SIGINT/SIGTERM; the emulator's own handlers exit the process.
    await main(args);
    return 0;
  },
};
