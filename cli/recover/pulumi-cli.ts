/**
 * The Pulumi CLI commands `recover` runs, in the project's directory, with the user's own
 * environment (backend, passphrase, stack selection). Their output is the user's state: it is
 * parsed, never printed, except for the error text of a failed command.
 */
import { execFile } from "node:child_process";
import { printableText } from "../../provider/model/printable-text";
import { CommandError } from "../command";

/** Runs `pulumi <args>` and resolves to its standard output; a failure throws a CommandError. */
export type PulumiRunner = (args: string[]) => Promise<string>;

/** Exports hold every resource of a stack: far more than the default 1 MiB of output. */
const MAX_OUTPUT_BYTES = 512 * 1024 * 1024;

export function pulumiIn(cwd: string): PulumiRunner {
  return (args) =>
    new Promise((resolve, reject) => {
      execFile(
        "pulumi",
        [...args, "--non-interactive"],
        { cwd, maxBuffer: MAX_OUTPUT_BYTES, env: process.env },
        (err, stdout, stderr) => {
          if (!err) return resolve(stdout);
          const missing = (err as NodeJS.ErrnoException).code === "ENOENT";
          reject(
            new CommandError(
              missing
                ? "the pulumi command is not on PATH: recover reads the stack through the Pulumi CLI"
                : `pulumi ${args.slice(0, 2).join(" ")} failed: ${printableText(stderr.trim() || err.message)}`,
            ),
          );
        },
      );
    });
}

/** `--stack <name>` when one was given, else the selected stack. */
export function stackArgs(stack: string | undefined): string[] {
  return stack === undefined ? [] : ["--stack", stack];
}

/**
 * The project's stacks (`pulumi stack ls --json`) other than the one recovered: strategies they
 * hold are never taken. The recovered stack is the one named, or else the selected one.
 */
export async function otherStacks(pulumi: PulumiRunner, stack: string | undefined): Promise<string[]> {
  const listed = JSON.parse((await pulumi(["stack", "ls", "--json"])) || "[]") as {
    name: string;
    current?: boolean;
  }[];
  const isRecovered = (s: { name: string; current?: boolean }) =>
    stack === undefined ? s.current === true : s.name === stack || s.name.endsWith(`/${stack}`);
  return listed.filter((s) => !isRecovered(s)).map((s) => s.name);
}
