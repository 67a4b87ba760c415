import type { Subcommand } from "../command";
import { doctorCommand } from "./doctor";
import { emulatorCommand } from "./emulator";
import { importCommand } from "./import";
import { recoverCommand } from "./recover";
import { reviewCommand } from "./review";

/** Every subcommand of `strategy-alerts`, in the order `--help` lists them. */
export const subcommands: Subcommand[] = [
  emulatorCommand,
  reviewCommand,
  importCommand,
  recoverCommand,
  doctorCommand,
];
