import { resolve } from "node:path";
import { parseArgs } from "node:util";
import type { Subcommand } from "../command";
import { CommandError } from "../command";

const HELP = `usage: strategy-alerts recover [--stack <name>] [--cwd <dir>] [--yes]

Settles the creates that a killed \`pulumi up\` left pending in a stack's state, so the next
\`pulumi up\` neither duplicates a strategy nor warns of resources "in an unknown state". Run it
in the Pulumi project's directory after \`pulumi cancel\` (for a backend that locks updates).

For each interrupted create of this package's resources (\`pulumi stack export\` lists them under
pending_operations):
  Strategy   the one live strategy with the same name and content, created since the
             interrupted update began and held by no stack of the project, is imported
             (\`pulumi refresh --import-pending-creates <urn> <id>\`); with none, the create
             never reached the service and is cleared; with several, nothing is done and they
             are listed for you to choose (adopt one, delete the others)
  others     (activation, webhook, developer, tags) their create is safe to repeat: cleared,
             the next \`pulumi up\` sends it again

A stack the kill left unloadable ("failed to load checkpoint": the kill landed while a local
file backend wrote the checkpoint; \`pulumi cancel\` fails too) is repaired first, with --yes:
an empty attributes file beside the checkpoint is set aside as
<stack>.json.attrs.unreadable-<time>; an empty checkpoint is restored from the newest readable
copy Pulumi kept (<stack>.json.bak, .pulumi/backups/...) and kept as
<stack>.json.unreadable-<time>. Then the killed update's lock is released when its process ran
on this machine and is gone (otherwise its holder is named). When Pulumi cannot even name the
stack, pass --stack. On other backends recover prints how to restore it by hand.

Without --yes it prints what it found and the \`pulumi refresh\` command that settles it; with
--yes it runs that command. A strategy that another stack of the project holds is never taken,
and a key of another account than the one the state records is refused.

options:
  --stack <name>   the stack to recover (default: the selected stack)
  --cwd <dir>      the Pulumi project's directory (default: the current directory)
  --yes            run the settling \`pulumi refresh\`
  -h, --help       show this help

environment:
  STRATEGY_ALERTS_API_KEY, STRATEGY_ALERTS_BASE_URL
                   the account's key and base URL; without them, the stack's config
                   (strategy-alerts:apiKey, strategy-alerts:baseUrl) through \`pulumi config\`
  and the Pulumi CLI's own (PULUMI_BACKEND_URL, PULUMI_CONFIG_PASSPHRASE, …)`;

export const recoverCommand: Subcommand = {
  name: "recover",
  summary: "settle the creates a killed `pulumi up` left pending in the stack's state",
  help: HELP,
  async run(args) {
    const { values } = parseArgs({
      args,
      options: {
        stack: { type: "string" },
        cwd: { type: "string" },
        yes: { type: "boolean" },
      },
      strict: true,
      allowPositionals: false,
    });
    const { recoverStack } = await import("../recover/recover-stack");
    const report = await recoverStack({
      cwd: resolve(values.cwd ?? "."),
      stack: values.stack,
      apply: values.yes === true,
      log: (line) => process.stdout.write(`${line}\n`),
    });
    if (report === "ambiguous")
      throw new CommandError(
        "some interrupted creates match several strategies: nothing was changed (see above)",
      );
    return 0;
  },
};
