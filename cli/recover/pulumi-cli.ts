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
 * Every stack of every project the backend lets this user list (`pulumi stack ls --all`),
 * fully qualified (`<org>/<project>/<stack>`), other than the one recovered: objects they hold
 * are never taken, whichever project declares them.
 */
export async function otherStacks(pulumi: PulumiRunner, stack: string | undefined): Promise<string[]> {
  const qualified = ["--fully-qualify-stack-names"];
  const self = (await pulumi(["stack", "--show-name", ...qualified, ...stackArgs(stack)])).trim();
  const listed = JSON.parse((await pulumi(["stack", "ls", "--all", "--json", ...qualified])) || "[]") as {
    name: string;
  }[];
  return listed.map((s) => s.name).filter((name) => name !== self);
}
