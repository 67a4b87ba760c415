import type { Subcommand } from "../command";
import { emulatorCommand } from "./emulator";
import { importCommand } from "./import";

/** Every subcommand of `strategy-alerts`, in the order `--help` lists them. */
export const subcommands: Subcommand[] = [emulatorCommand, importCommand];
