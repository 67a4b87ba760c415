/**
 * `strategy-alerts recover`: restores a checkpoint a killed `up` left unreadable
 * (checkpoint-repair.ts), reads the stack's pending creates, settles each against the
 * account (settle.ts), and records the outcome in the state (state-edit.ts) followed by a
 * refresh, or prints what it would do.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "../../provider/api/client";
import { API_KEY_ENV, BASE_URL_ENV, resolveCredentials } from "../../provider/credentials";
import { printableText } from "../../provider/model/printable-text";
import { CommandError } from "../command";
import { exportOrRestore } from "./checkpoint-repair";
import { otherStacks, type PulumiRunner, pulumiIn, stackArgs } from "./pulumi-cli";
import { type Settlement, settle } from "./settle";
import {
  heldStrategyIds,
  interruptedUpdateBegan,
  parseStackExport,
  pendingCreates,
  recordedAccounts,
  type StackExport,
} from "./stack-state";
import { settledState } from "./state-edit";

export interface RecoverOptions {
  cwd: string;
  stack: string | undefined;
  /** Run the settling refresh; otherwise print it. */
  apply: boolean;
  log: (line: string) => void;
  /** Runs the Pulumi CLI; tests may pass their own. */
  pulumi?: PulumiRunner;
}

export type RecoverOutcome = "nothing" | "printed" | "settled" | "ambiguous";

export async function recoverStack(opts: RecoverOptions): Promise<RecoverOutcome> {
  const pulumi = opts.pulumi ?? pulumiIn(opts.cwd);
  const exported = await exportOrRestore(pulumi, opts);
  if (exported === undefined) return "printed";
  const state = parseStackExport(exported);
  const creates = pendingCreates(state);
  if (creates.length === 0) {
    opts.log("No interrupted create of a strategy-alerts resource in this stack: nothing to recover.");
    return "nothing";
  }
  const client = createClient(await credentials(pulumi, opts.stack));
  const account = (await client.account.me()).userId;
  const recorded = recordedAccounts(state);
  if (recorded.size > 0 && !recorded.has(account)) {
    throw new CommandError(
      `the stack's resources belong to account ${[...recorded].join(", ")}, but the API key in use belongs to account ${account}: ` +
        "use the key of the stack's account",
    );
  }
  const settlements = settle(creates, {
    id: account,
    strategies: (await client.strategies.list()).strategies,
    held: await heldEverywhere(pulumi, state, opts.stack),
    since: interruptedUpdateBegan(await pulumi(["stack", "history", "--json", ...stackArgs(opts.stack)])),
  });
  for (const s of settlements) opts.log(describe(s));
  if (settlements.some((s) => s.action === "ambiguous")) return "ambiguous";
  if (!opts.apply) {
    opts.log("Rerun with --yes to record this in the state (pulumi stack import, then pulumi refresh).");
    return "printed";
  }
  await importState(
    pulumi,
    settledState(JSON.parse(exported) as Record<string, unknown>, settlements),
    opts.stack,
  );
  // The imported strategies' outputs (their ids, rule ids) come from the live objects.
  await pulumi(["refresh", "--yes", "--skip-preview", ...stackArgs(opts.stack)]);
  const waiting = new Set(settlements.filter((s) => s.action === "other-account").map((s) => s.create.urn));
  const left = pendingCreates(
    parseStackExport(await pulumi(["stack", "export", ...stackArgs(opts.stack)])),
  ).filter((c) => !waiting.has(c.urn));
  if (left.length > 0)
    throw new CommandError(`${left.length} interrupted creates are still pending after recovery`);
  opts.log("Recovered: the next `pulumi up` creates only what does not exist yet.");
  return "settled";
}

/** `pulumi stack import` of the edited state, through a file only this user can read. */
async function importState(pulumi: PulumiRunner, state: unknown, stack: string | undefined): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), "strategy-alerts-recover-"));
  try {
    const file = join(dir, "state.json");
    await writeFile(file, JSON.stringify(state), { mode: 0o600 });
    await pulumi(["stack", "import", "--file", file, ...stackArgs(stack)]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Ids held by this stack and by every other stack of the project: never another create's result. */
async function heldEverywhere(
  pulumi: PulumiRunner,
  state: StackExport,
  stack: string | undefined,
): Promise<Set<string>> {
  const held = new Set(heldStrategyIds(state));
  for (const other of await otherStacks(pulumi, stack)) {
    const exported = parseStackExport(await pulumi(["stack", "export", "--stack", other]));
    for (const id of heldStrategyIds(exported)) held.add(id);
  }
  return held;
}

/** The environment first, as every command of the package; else the stack's own config. */
async function credentials(pulumi: PulumiRunner, stack: string | undefined) {
  const fromEnvironment = Boolean(process.env[API_KEY_ENV] && process.env[BASE_URL_ENV]);
  const config = fromEnvironment
    ? {}
    : (JSON.parse(
        (await pulumi(["config", "--json", "--show-secrets", ...stackArgs(stack)])) || "{}",
      ) as Record<string, { value?: string }>);
  const { apiKey, baseUrl } = resolveCredentials((key) => config[key]?.value);
  return { apiKey, baseUrl };
}

function describe(s: Settlement): string {
  const what = `${s.create.kind} ${printableText(s.create.urn.split("::").pop() ?? s.create.urn)}`;
  if (s.action === "import") return `${what}: created before the run was killed, imports strategy ${s.id}`;
  if (s.action === "clear") return `${what}: cleared (${s.reason})`;
  if (s.action === "other-account")
    return `${what}: left pending: its provider manages account ${s.account}; run recover again with that account's key`;
  return (
    `${what}: ${s.ids.length} identical strategies could be its result (${s.ids.join(", ")}); ` +
    `adopt the right one (adopt: "<id>") and delete the others, then rerun recover`
  );
}
