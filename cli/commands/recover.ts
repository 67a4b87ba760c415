import { resolve } from "node:path";
import { parseArgs } from "node:util";
import type { Subcommand } from "../command";
import { CommandError } from "../command";

const HELP = `usage: strategy-alerts recover [--stack <name>] [--cwd <dir>] [--adopt <id>]... [--yes]

Settles the creates that a killed \`pulumi up\` left pending in a stack's state, so the next
\`pulumi up\` neither duplicates an object nor warns of resources "in an unknown state". Run it
in the Pulumi project's directory after \`pulumi cancel\` (for a backend that locks updates).

recover takes a live object for an interrupted create only when it can show that this stack's
interrupted update made it. For each interrupted create of this package's resources
(\`pulumi stack export\` lists them under pending_operations):
  Strategy   imported when exactly one live strategy of the account
               - was created after the update began, on the service's clock: the create's
                 inputs carry createdNotBefore, the service's time (read from the Date
                 header of its answers) no later than the update's first request, and
                 createdNotBeforeUncertaintyMs; its createdAt is at or after both added;
               - has the create's name and content exactly (never the name alone);
               - is held by no stack recover can read: every stack of every project on the
                 backend (\`pulumi stack ls --all\`), and no other stack has an interrupted
                 create of the same content.
             A strategy created before the bound is never the create's. Cleared when no
             strategy of its content was created since the bound that no stack holds: the
             request never reached the service, the next \`pulumi up\` sends it.
             Otherwise left pending, with the candidates listed and the --adopt line that
             takes one: one created within the bound's uncertainty, several of them, another
             stack's interrupted create alike, a stack that cannot be exported, or a create
             whose bound is on its machine's clock or missing (an older version of the
             provider, or a service without a Date header: nothing ties it to createdAt, so
             it is never imported by itself).
             Stacks of other backends, and the app, are invisible to recover: what rules
             out their strategies is the bound, never seeing them (one made before the
             killed update began is never taken). One of the same content made while the
             update ran looks like the update's own: if you know of one, name yours with
             --adopt.
  Webhook, FollowedDeveloper, DeveloperTags
             cleared when the object does not exist (no webhook url; the developer not
             followed, or inactive without tags; no tags), or when the resource declares
             adopt: true. An object that exists is listed and left pending: nothing shows this
             update set it (another stack or the app may hold it), and the next \`pulumi up\`
             would refuse to take it over.
  StrategyActivation
             cleared: the set of active strategies is not a server object.
  another account's
             a create whose provider's resources record another account is left pending:
             run recover again with that account's key.

--adopt <id> (repeatable) names what a create made, when you know better: a strategy id is
imported for the interrupted Strategy create with its name and content; \`webhook\` for the
Webhook create, a developer's address for its FollowedDeveloper and DeveloperTags creates, when
the live object is what the create declares. An id that another stack holds, that is not the
account's, or that matches no pending create is refused, and nothing is changed.

When any create is left pending, nothing is changed and recover exits with 1: name what is this
stack's with --adopt, or undo it in the app, and run recover again.

A stack the kill left unloadable ("failed to load checkpoint": the kill landed while a local
file backend wrote the checkpoint; \`pulumi cancel\` fails too) is repaired first, with --yes:
an empty or cut-short attributes file beside the checkpoint is set aside as
<stack>.json.attrs.unreadable-<time>; an empty or cut-short checkpoint is restored from the
newest readable copy Pulumi kept (<stack>.json.bak, .pulumi/backups/...) and kept as
<stack>.json.unreadable-<time>; a missing checkpoint ("no stack named", with --stack) is
restored the same way only while an update's lock is still there (without one, the stack was
removed: \`pulumi stack rm\` keeps a .bak too). When Pulumi cannot even name the stack, pass
--stack. On other backends recover prints how to restore it by hand. With --yes on a file
backend, the killed update's lock is released when its process ran on this machine and is gone
(otherwise its holder is named).

A restored copy holds the stack as it was when the copy was written: what the update did later
is lost with the checkpoint. recover says which copy it restored and its time, and lists every
strategy of the account created since that time (a minute allowed for the service's clock)
that no stack holds and that it does not import for a pending create: "may have been created
by the lost part of the update": declare adopt: "<id>" on its resource, or delete it, before
the next \`pulumi up\`. It cannot tell one from a strategy made in the app meanwhile, and it
says the next \`pulumi up\` is safe only when none is listed; otherwise it exits with 1. It
lists them only in the run that restores the copy: keep that output.

Without --yes it prints what it would do; with --yes it records it in the state
(\`pulumi stack import\` of the settled state, then \`pulumi refresh\`). A key of another account
than the one the state records is refused.

options:
  --stack <name>   the stack to recover (default: the selected stack)
  --cwd <dir>      the Pulumi project's directory (default: the current directory)
  --adopt <id>     import this live object for the pending create it matches (repeatable)
  --yes            record the settlement in the state
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
        adopt: { type: "string", multiple: true },
      },
      strict: true,
      allowPositionals: false,
    });
    const { recoverStack } = await import("../recover/recover-stack");
    const report = await recoverStack({
      cwd: resolve(values.cwd ?? "."),
      stack: values.stack,
      apply: values.yes === true,
      adopt: values.adopt ?? [],
      log: (line) => process.stdout.write(`${line}\n`),
    });
    if (report === "unproven")
      throw new CommandError(
        "some interrupted creates were left pending: recover cannot show this stack's update made their objects (see above)",
      );
    if (report === "unaccounted")
      throw new CommandError(
        "the checkpoint was restored from an older copy, and recover cannot show the next `pulumi up` creates nothing twice: adopt or delete what is listed above first",
      );
    return 0;
  },
};
