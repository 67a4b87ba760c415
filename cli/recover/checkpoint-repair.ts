/**
 * `pulumi stack export` for `recover`, and what to do when it fails because the stack's
 * checkpoint cannot be loaded: a `pulumi up` killed while the file backend was writing it
 * leaves it empty or cut short, and every command, `cancel` aside, then fails. On a local file
 * backend the newest readable copy Pulumi kept is restored (file-checkpoint.ts); on any other
 * backend the error says how to restore it by hand.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { printableText } from "../../provider/model/printable-text";
import { CommandError } from "../command";
import {
  fileBackendRoot,
  findCheckpoint,
  isReadableCheckpoint,
  keptName,
  newestReadableCopy,
  restoreCheckpoint,
  type StackLocation,
} from "./file-checkpoint";
import { type PulumiRunner, stackArgs } from "./pulumi-cli";

/** What the Pulumi CLI (3.274) says of a checkpoint that does not parse ("EOF", "unexpected end of JSON input"). */
const UNREADABLE_CHECKPOINT = /failed to load checkpoint/i;

export interface ExportOptions {
  cwd: string;
  stack: string | undefined;
  /** Restore an unreadable checkpoint; otherwise only say which copy `--yes` would restore. */
  apply: boolean;
  log: (line: string) => void;
}

/**
 * The stack's export; an unreadable checkpoint on a file backend is restored first, and said so.
 * Undefined without `apply` when the checkpoint is unreadable: what --yes would do was printed.
 */
export async function exportOrRestore(
  pulumi: PulumiRunner,
  opts: ExportOptions,
): Promise<string | undefined> {
  const exportStack = () => pulumi(["stack", "export", ...stackArgs(opts.stack)]);
  try {
    return await exportStack();
  } catch (error) {
    if (!(error instanceof CommandError) || !UNREADABLE_CHECKPOINT.test(error.message)) throw error;
    if (!(await restore(pulumi, opts, error.message))) return undefined;
    return exportStack();
  }
}

/** True once restored; false when only the plan was printed. */
async function restore(pulumi: PulumiRunner, opts: ExportOptions, failure: string): Promise<boolean> {
  const url = await backendUrl(pulumi);
  const root = fileBackendRoot(url, opts.cwd);
  if (root === undefined) throw byHand(url, failure);
  const at = await locate(pulumi, root, opts);
  const checkpoint = await findCheckpoint(at);
  if (checkpoint === undefined || (await isReadableCheckpoint(checkpoint, at.stack))) {
    // The file reads: the failure is not the one this restores (a missing or wrong secrets
    // passphrase, say). Replacing a good checkpoint would lose state.
    throw new CommandError(
      `${failure} (the stack's checkpoint file itself reads, so recover leaves it as it is)`,
    );
  }
  const copy = await newestReadableCopy(at, checkpoint);
  const p = printableText;
  opts.log(
    `The stack's checkpoint ${p(checkpoint)} could not be loaded (empty or cut short: a \`pulumi up\` killed while writing it).`,
  );
  if (!opts.apply) {
    opts.log(
      `Rerun with --yes to restore it from ${p(copy.file)}, written ${copy.writtenAt.toISOString()} ` +
        `(the unreadable file is kept as ${p(keptName(checkpoint, new Date()))}), and settle the stack's interrupted creates.`,
    );
    return false;
  }
  const restored = await restoreCheckpoint(checkpoint, copy);
  opts.log(
    `Restored it from ${p(restored.from)}, written ${restored.writtenAt.toISOString()}; ` +
      `the unreadable file is kept as ${p(restored.keptAs)}.`,
  );
  return true;
}

async function backendUrl(pulumi: PulumiRunner): Promise<string> {
  try {
    return (JSON.parse(await pulumi(["whoami", "--json"])) as { url?: string }).url ?? "";
  } catch {
    return "";
  }
}

/** The stack's project and name, as the CLI resolves them (`organization/<project>/<stack>`). */
async function locate(pulumi: PulumiRunner, root: string, opts: ExportOptions): Promise<StackLocation> {
  let named: string;
  try {
    named = (
      await pulumi(["stack", "--show-name", "--fully-qualify-stack-names", ...stackArgs(opts.stack)])
    ).trim();
  } catch (error) {
    // An empty checkpoint fails even the naming of the stack ("failed to load checkpoint: EOF").
    if (!(error instanceof CommandError) || !UNREADABLE_CHECKPOINT.test(error.message)) throw error;
    named = await namedWithoutPulumi(opts, error.message);
  }
  const parts = named.split("/");
  const name = parts.at(-1) ?? named;
  return { root, project: parts.length >= 2 ? parts.at(-2) : undefined, stack: name };
}

/**
 * The stack's name as given (`--stack`), with the project of the Pulumi.yaml in the working
 * directory unless the name says it (`org/project/stack`). Without `--stack` the selected stack
 * cannot be known while its checkpoint does not load.
 */
async function namedWithoutPulumi(opts: ExportOptions, failure: string): Promise<string> {
  if (!opts.stack) {
    throw new CommandError(
      `${failure}\nThe stack's checkpoint is unreadable, so Pulumi cannot say which stack is selected: run recover again with --stack <name>.`,
    );
  }
  if (opts.stack.includes("/")) return opts.stack;
  const project = await projectName(opts.cwd);
  return project === undefined ? opts.stack : `${project}/${opts.stack}`;
}

/** The `name:` of the project file in `cwd`, if there is one. */
async function projectName(cwd: string): Promise<string | undefined> {
  for (const file of ["Pulumi.yaml", "Pulumi.yml"]) {
    const text = await readFile(join(cwd, file), "utf8").catch(() => undefined);
    const name = text === undefined ? undefined : /^name:[ \t]*["']?([^"'#\s]+)/m.exec(text)?.[1];
    if (name) return name;
  }
  return undefined;
}

/** A backend recover does not write to itself: how to restore the checkpoint there. */
function byHand(url: string, failure: string): CommandError {
  // Only the scheme: a backend URL may carry credentials (postgres://user:password@…).
  const scheme = /^[a-z][a-z0-9+.-]*:\/\//i.exec(url)?.[0] ?? "the default backend";
  const cloud = /^https?:\/\//i.test(url) || url === "";
  const how = cloud
    ? "on Pulumi Cloud, find the last good version with `pulumi stack history`, then " +
      "`pulumi stack export --version <n> --file good.json` and `pulumi stack import --file good.json`"
    : "in the bucket, copy `.pulumi/stacks/<project>/<stack>.json.bak` (or the newest file of " +
      "`.pulumi/backups/<project>/<stack>/`) over `.pulumi/stacks/<project>/<stack>.json`, keeping the broken file under another name";
  return new CommandError(
    `${failure}\nThe stack's checkpoint is unreadable (a \`pulumi up\` killed while writing it). ` +
      `recover restores it only on a local file backend (file://), and this stack's backend is ${scheme}: ${how}. ` +
      "Then run recover again.",
  );
}
