#!/usr/bin/env node
/** `strategy-alerts <subcommand>`: the package's one command. */
import { printableText } from "../provider/model/printable-text";
import type { Subcommand } from "./command";
import { UsageError, wantsHelp } from "./command";
import { subcommands } from "./commands";

function overview(): string {
  const width = Math.max(...subcommands.map((c) => c.name.length));
  return [
    "usage: strategy-alerts <command> [options]",
    "",
    "commands:",
    ...subcommands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    "",
    "Run `strategy-alerts <command> --help` for a command's options.",
    "Commands that call the API read STRATEGY_ALERTS_API_KEY and STRATEGY_ALERTS_BASE_URL.",
  ].join("\n");
}

/** Ours, a subcommand's own (same name), or node:util parseArgs rejecting an option. */
function isUsageError(e: unknown): boolean {
  return (
    e instanceof UsageError ||
    (e as Error).name === "UsageError" ||
    Boolean((e as { code?: string }).code?.startsWith("ERR_PARSE_ARGS"))
  );
}

export async function run(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === "--help" || name === "-h" || name === "help") {
    const topic = name === "help" ? subcommands.find((c) => c.name === rest[0]) : undefined;
    if (name === "help" && rest[0] !== undefined && !topic) {
      process.stderr.write(
        `strategy-alerts help: unknown command "${printableText(rest[0])}"\n\n${overview()}\n`,
      );
      return 2;
    }
    process.stdout.write(`${topic ? topic.help : overview()}\n`);
    return name === undefined ? 2 : 0;
  }
  const command: Subcommand | undefined = subcommands.find((c) => c.name === name);
  if (!command) {
    process.stderr.write(`strategy-alerts: unknown command "${printableText(name)}"\n\n${overview()}\n`);
    return 2;
  }
  if (wantsHelp(rest)) {
    process.stdout.write(`${command.help}\n`);
    return 0;
  }
  try {
    return await command.run(rest);
  } catch (e) {
    // Every command's failure passes here; its message may quote an argument, account data or
    // what the service said.
    const message = printableText((e as Error).message);
    if (isUsageError(e)) {
      process.stderr.write(`strategy-alerts ${name}: ${message}\nRun \`strategy-alerts ${name} --help\`.\n`);
      return 2;
    }
    process.stderr.write(`strategy-alerts ${name}: ${message}\n`);
    return 1;
  }
}

if (require.main === module) {
  run(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (e: Error) => {
      process.stderr.write(`strategy-alerts: ${printableText(e.message)}\n`);
      process.exitCode = 1;
    },
  );
}
