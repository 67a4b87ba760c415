/**
 * `pulumi stack export` for `recover`, and what to do when it fails because the stack's
 * checkpoint cannot be loaded after a `pulumi up` was killed: on a local file backend, the
 * checkpoint's attributes file left empty (checkpoint-attributes.ts; what a kill really leaves)
 * is set aside, a checkpoint left empty or cut short is restored from the newest readable copy
 * Pulumi kept (file-checkpoint.ts), and the killed update's lock, which `pulumi cancel` could not
 * release meanwhile, is released (stack-locks.ts). On any other backend the error says how to
 * restore the checkpoint by hand.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { printableText } from "../../provider/model/printable-text";
import { CommandError } from "../command";
import { attributesFile, hasUnreadableAttributes, setAsideAttributes } from "./checkpoint-attributes";
import {
  copyOfMissing,
  fileBackendRoot,
  findCheckpoint,
  isReadableCheckpoint,
  keptName,
  newestReadableCopy,
  type ReadableCopy,
  type Restored,
  restoreCheckpoint,
  type StackLocation,
} from "./file-checkpoint";
import { type PulumiRunner, stackArgs } from "./pulumi-cli";
import { holder, isAbandoned, stackLocks } from "./stack-locks";

/** What the Pulumi CLI (3.274) says of a checkpoint that does not parse ("EOF", "unexpected end of JSON input"). */
const UNREADABLE_CHECKPOINT = /failed to load checkpoint/i;
/** What it says of a stack whose checkpoint file is missing. */
const MISSING_STACK = /no stack named '[^']*' found/i;

export interface ExportOptions {
  cwd: string;
  stack: string | undefined;
  /** Restore an unreadable checkpoint; otherwise only say which copy `--yes` would restore. */
  apply: boolean;
  log: (line: string) => void;
}

/** The stack's `pulumi stack export`, and the copy its checkpoint was restored from, if it was. */
export interface Exported {
  text: string;
  restored?: Restored;
}

/**
 * The stack's export; an unreadable (or, beside a killed update's lock, missing) checkpoint on a
 * file backend is restored first, and said so. With `apply`, the lock a killed update left on a
 * file backend is released too. Undefined without `apply` when the checkpoint is unreadable:
 * what --yes would do was printed.
 */
export async function exportOrRestore(
  pulumi: PulumiRunner,
  opts: ExportOptions,
): Promise<Exported | undefined> {
  const exportStack = () => pulumi(["stack", "export", ...stackArgs(opts.stack)]);
  let text: string;
  try {
    text = await exportStack();
  } catch (error) {
    if (!(error instanceof CommandError) || !isRepairable(error.message, opts)) throw error;
    const repaired = await repair(pulumi, opts, error);
    if (repaired === undefined) return undefined;
    await releaseAbandonedLocks(pulumi, repaired.at, opts);
    return { text: await exportStack(), ...(repaired.restored ? { restored: repaired.restored } : {}) };
  }
  if (opts.apply) {
    // The checkpoint loads, but the killed update's lock may still be there (no `pulumi cancel`
    // ran, or it was killed too): the state import below would fail on it.
    const root = fileBackendRoot(await backendUrl(pulumi), opts.cwd);
    if (root !== undefined) await releaseAbandonedLocks(pulumi, await locate(pulumi, root, opts), opts);
  }
  return { text };
}

function isRepairable(message: string, opts: ExportOptions): boolean {
  return UNREADABLE_CHECKPOINT.test(message) || (opts.stack !== undefined && MISSING_STACK.test(message));
}

/** One thing wrong with the stack's files: what was found, what --yes does, and doing it. */
interface Repair {
  found: string;
  plan: string;
  apply(): Promise<string>;
  /** Set by apply() when it restored the checkpoint from a copy. */
  restored?: Restored;
}

/**
 * Where the stack lives once its files were repaired, and the copy restored if one was;
 * undefined when only the plan was printed.
 */
async function repair(
  pulumi: PulumiRunner,
  opts: ExportOptions,
  error: CommandError,
): Promise<{ at: StackLocation; restored?: Restored } | undefined> {
  const failure = error.message;
  const url = await backendUrl(pulumi);
  const root = fileBackendRoot(url, opts.cwd);
  if (root === undefined) {
    if (MISSING_STACK.test(failure)) throw error;
    throw byHand(url, failure);
  }
  const at = await locate(pulumi, root, opts);
  const checkpoint = await findCheckpoint(at);
  const repairs =
    checkpoint === undefined ? await missingRepairs(at, error) : await repairsOf(at, checkpoint);
  if (repairs.length === 0) {
    // The files read: the failure is not the one this repairs (a missing or wrong secrets
    // passphrase, say). Replacing a good checkpoint would lose state.
    throw new CommandError(
      `${failure} (the stack's checkpoint file and its attributes read, so recover leaves them as they are)`,
    );
  }
  for (const r of repairs) {
    opts.log(r.found);
    opts.log(opts.apply ? await r.apply() : `Rerun with --yes to ${r.plan}.`);
  }
  if (!opts.apply) {
    opts.log("With --yes, recover then settles the stack's interrupted creates.");
    return undefined;
  }
  const restored = repairs.find((r) => r.restored)?.restored;
  return { at, ...(restored ? { restored } : {}) };
}

/** The checkpoint when it is empty or cut short, then its attributes file when that is. */
async function repairsOf(at: StackLocation, checkpoint: string): Promise<Repair[]> {
  const p = printableText;
  const repairs: Repair[] = [];
  if (!(await isReadableCheckpoint(checkpoint, at.stack))) {
    const copy = await newestReadableCopy(at, checkpoint);
    repairs.push(
      restoring(
        checkpoint,
        copy,
        `The stack's checkpoint ${p(checkpoint)} could not be loaded (empty or cut short: a \`pulumi up\` killed while writing it).`,
      ),
    );
  }
  if (await hasUnreadableAttributes(checkpoint)) {
    const attributes = attributesFile(checkpoint);
    repairs.push({
      found:
        `The attributes file ${p(attributes)} that the file backend keeps beside the checkpoint is empty or cut short ` +
        "(a `pulumi up` killed while writing it), so Pulumi cannot load the checkpoint.",
      plan: `set it aside as ${p(keptName(attributes, new Date()))} (Pulumi reads a checkpoint without one)`,
      apply: async () =>
        `Set it aside as ${p(await setAsideAttributes(checkpoint))}; the checkpoint loads without it.`,
    });
  }
  return repairs;
}

/** Restoring `checkpoint` from `copy`: says which copy, when it was written, and where the broken file went. */
function restoring(checkpoint: string, copy: ReadableCopy, found: string, missing = false): Repair {
  const p = printableText;
  const repair: Repair = {
    found,
    plan:
      `restore it from ${p(copy.file)}, written ${copy.writtenAt.toISOString()}` +
      (missing ? "" : ` (the unreadable file is kept as ${p(keptName(checkpoint, new Date()))})`),
    apply: async () => {
      const restored = await restoreCheckpoint(checkpoint, copy);
      repair.restored = restored;
      return (
        `Restored it from ${p(restored.from)}, written ${restored.writtenAt.toISOString()}` +
        (restored.keptAs ? `; the unreadable file is kept as ${p(restored.keptAs)}.` : ".")
      );
    },
  };
  return repair;
}

/**
 * A stack whose checkpoint file is missing: restored from the newest copy Pulumi kept only
 * beside the lock of an update (what a kill mid-write would leave). Without a lock the stack
 * was most likely removed (`pulumi stack rm` keeps a .bak too): Pulumi's error stands, with
 * the copy named.
 */
async function missingRepairs(at: StackLocation, error: CommandError): Promise<Repair[]> {
  const found = await copyOfMissing(at);
  if (found === undefined) throw error;
  const plan = restoring(
    found.checkpoint,
    found.copy,
    `The stack's checkpoint ${printableText(found.checkpoint)} is missing, and the stack is locked by an update ` +
      "(a `pulumi up` killed while writing it).",
    true,
  );
  if ((await stackLocks(at)).length > 0) return [plan];
  throw new CommandError(
    printableText(
      `${error.message}\nThe stack has no checkpoint file, but Pulumi kept a copy of it (${found.copy.file}, ` +
        `written ${found.copy.writtenAt.toISOString()}), and no update holds its lock: it was probably removed ` +
        "(`pulumi stack rm` keeps one). recover restores a missing checkpoint only beside a killed update's lock; " +
        `to bring the stack back, copy that file to ${found.checkpoint}.`,
    ),
  );
}

/**
 * `pulumi cancel` cannot run while the checkpoint does not load, so the lock of the killed update
 * is still there: released when its process is gone from this machine, else named for the user.
 */
async function releaseAbandonedLocks(pulumi: PulumiRunner, at: StackLocation, opts: ExportOptions) {
  const locks = await stackLocks(at);
  if (locks.length === 0) return;
  const held = locks.map((l) => printableText(holder(l))).join("; ");
  if (!locks.every((l) => isAbandoned(l))) {
    opts.log(
      `The stack is locked (${held}). If no update of it is running any more, run \`pulumi cancel\`, then recover again.`,
    );
    return;
  }
  await pulumi(["cancel", "--yes", ...stackArgs(opts.stack)]);
  opts.log(`Released the lock the killed update left (${held}), as \`pulumi cancel\` does.`);
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
    // An empty checkpoint fails even the naming of the stack ("failed to load checkpoint: EOF"),
    // and so does a missing one ("no stack named").
    if (
      !(error instanceof CommandError) ||
      !(UNREADABLE_CHECKPOINT.test(error.message) || MISSING_STACK.test(error.message))
    )
      throw error;
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
