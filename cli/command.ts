import { StrategyAlertsError } from "../provider/model/errors";

/** The shape every `strategy-alerts <subcommand>` module exports; `cli/commands/index.ts` lists them. */
export interface Subcommand {
  name: string;
  /** One line for the command list of `strategy-alerts --help`. */
  summary: string;
  /** The whole `strategy-alerts <name> --help` text: usage line, options, environment. */
  help: string;
  /** Runs with the arguments after the subcommand name; resolves to the process exit code. */
  run(args: string[]): Promise<number>;
}

/** Bad arguments: the command prints the message and a pointer to `--help`, and exits with 2. */
export class UsageError extends StrategyAlertsError {
  override readonly name = "UsageError";
}

/** The arguments were right but the command cannot go on (an unreadable file, a missing runtime): exits with 1. */
export class CommandError extends StrategyAlertsError {}

export function wantsHelp(args: string[]): boolean {
  return args.includes("--help") || args.includes("-h");
}
