/**
 * `strategy-alerts recover`: restores a checkpoint a killed `up` left unreadable
 * (checkpoint-repair.ts), reads the stack's pending creates, what the account holds and what
 * every stack of the backend holds, settles each create (settle.ts), and records the outcome in
 * the state (state-edit.ts) followed by a refresh, or prints what it would do. After a restore
 * from an older copy it lists what that copy cannot vouch for (restored-copy.ts).
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "../../provider/api/client";
import { ConfigurationError } from "../../provider/api/errors";
import { API_KEY_ENV, BASE_URL_ENV, resolveCredentials } from "../../provider/credentials";
import { printableText } from "../../provider/model/printable-text";
import { CommandError } from "../command";
import { exportOrRestore } from "./checkpoint-repair";
import { KIND_RECOVERY } from "./kind-recovery";
import { liveAccount } from "./live-account";
import { otherStacks, type PulumiRunner, pulumiIn, stackArgs } from "./pulumi-cli";
import { createdSinceCopy, restoredReport } from "./restored-copy";
import { type Settlement, settle, type Visible } from "./settle";
import {
  heldObjects,
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
  /** Ids named with `--adopt`: strategy ids, `webhook`, developers' addresses. */
  adopt?: readonly string[];
  log: (line: string) => void;
  /** Runs the Pulumi CLI; tests may pass their own. */
  pulumi?: PulumiRunner;
}

/**
 * "unproven": some create was left pending for a person, and nothing was changed.
 * "unaccounted": the checkpoint was restored from an older copy, and strategies made since then
 * that no stack holds (or accounts this key cannot read) are for a person to check.
 */
export type RecoverOutcome = "nothing" | "printed" | "settled" | "unproven" | "unaccounted";

export async function recoverStack(opts: RecoverOptions): Promise<RecoverOutcome> {
  const pulumi = opts.pulumi ?? pulumiIn(opts.cwd);
  const exported = await exportOrRestore(pulumi, opts);
  if (exported === undefined) return "printed";
  const state = parseStackExport(exported.text);
  const creates = pendingCreates(state);
  if (creates.length === 0 && exported.restored === undefined) {
    opts.log("No interrupted create of a strategy-alerts resource in this stack: nothing to recover.");
    return "nothing";
  }
  if (exported.restored && creates.length === 0 && !(await usesThePackage(pulumi, state, opts.stack))) {
    opts.log(
      "The restored state holds no strategy-alerts resource, and no key for an account is set " +
        `(${API_KEY_ENV} or the stack's config): nothing to recover.`,
    );
    return "nothing";
  }
  const { client, account, others } = await accountOf(pulumi, state, opts.stack);
  const visible = await visibleStacks(pulumi, state, opts.stack);
  for (const u of visible.unreadable)
    opts.log(
      printableText(`Stack ${u.stack} could not be read (${u.reason}): nothing is imported unless named.`),
    );
  const live = await liveAccount(client, account, creates);
  const settlements = settle(creates, live, visible, opts.adopt);
  for (const s of settlements) opts.log(printableText(describe(s, opts.apply)));
  const restored =
    exported.restored &&
    restoredReport(
      exported.restored,
      createdSinceCopy(exported.restored.writtenAt, live.strategies, visible, settlements),
      others,
    );
  for (const line of restored?.lines ?? []) opts.log(printableText(line));
  if (settlements.some((s) => s.action === "unproven")) {
    opts.log(
      `${restored ? "The interrupted creates were left as they are" : "Nothing was changed"}: what recover cannot ` +
        "show this stack's interrupted update made is for you to name (--adopt <id>) or undo; see above.",
    );
    return "unproven";
  }
  if (!opts.apply) {
    opts.log("Rerun with --yes to record this in the state (pulumi stack import, then pulumi refresh).");
    return "printed";
  }
  if (settlements.length > 0) await applySettlements(pulumi, exported.text, settlements, opts.stack);
  if (restored) {
    opts.log(printableText(restored.final));
    return restored.proven ? "settled" : "unaccounted";
  }
  opts.log("Recovered: the next `pulumi up` creates only what does not exist yet.");
  return "settled";
}

/** False for a stack that holds none of this package's resources and has no key to read an account with. */
async function usesThePackage(pulumi: PulumiRunner, state: StackExport, stack: string | undefined) {
  if (heldObjects(state).length > 0) return true;
  try {
    await credentials(pulumi, stack);
    return true;
  } catch (error) {
    if (error instanceof ConfigurationError) return false;
    throw error;
  }
}

/** The client of the key in use and its account, refused when the state records only others. */
async function accountOf(pulumi: PulumiRunner, state: StackExport, stack: string | undefined) {
  const client = createClient(await credentials(pulumi, stack));
  const account = (await client.account.me()).userId;
  const recorded = recordedAccounts(state);
  if (recorded.size > 0 && !recorded.has(account)) {
    throw new CommandError(
      `the stack's resources belong to account ${[...recorded].join(", ")}, but the API key in use belongs to account ${account}: ` +
        "use the key of the stack's account",
    );
  }
  return { client, account, others: [...recorded].filter((a) => a !== account) };
}

/** Records the settlements (state import, then a refresh) and checks none of them is still pending. */
async function applySettlements(
  pulumi: PulumiRunner,
  exported: string,
  settlements: Settlement[],
  stack: string | undefined,
): Promise<void> {
  await importState(
    pulumi,
    settledState(JSON.parse(exported) as Record<string, unknown>, settlements),
    stack,
  );
  // The imported strategies' outputs (their ids, rule ids) come from the live objects.
  await pulumi(["refresh", "--yes", "--skip-preview", ...stackArgs(stack)]);
  const waiting = new Set(settlements.filter((s) => s.action === "other-account").map((s) => s.create.urn));
  const left = pendingCreates(
    parseStackExport(await pulumi(["stack", "export", ...stackArgs(stack)])),
  ).filter((c) => !waiting.has(c.urn));
  if (left.length > 0)
    throw new CommandError(`${left.length} interrupted creates are still pending after recovery`);
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

/**
 * What this stack and every other stack of the backend (all projects) hold, and the other
 * stacks' interrupted creates. A stack that cannot be exported is listed, never skipped silently.
 */
async function visibleStacks(
  pulumi: PulumiRunner,
  state: StackExport,
  stack: string | undefined,
): Promise<Visible> {
  const visible: Visible = {
    held: heldObjects(state).map((h) => ({ ...h, stack: "this stack" })),
    pendingElsewhere: [],
    unreadable: [],
  };
  const others = await otherStacks(pulumi, stack);
  // A few at a time: each export starts the Pulumi CLI.
  for (let i = 0; i < others.length; i += EXPORT_CONCURRENCY) {
    const batch = others.slice(i, i + EXPORT_CONCURRENCY);
    const read = await Promise.all(
      batch.map(async (other) => {
        try {
          return { other, state: parseStackExport(await pulumi(["stack", "export", "--stack", other])) };
        } catch (error) {
          return { other, reason: error instanceof Error ? error.message : String(error) };
        }
      }),
    );
    for (const r of read) {
      if (!r.state) {
        visible.unreadable.push({ stack: r.other, reason: r.reason ?? "unknown" });
        continue;
      }
      visible.held.push(...heldObjects(r.state).map((h) => ({ ...h, stack: r.other })));
      for (const create of pendingCreates(r.state)) visible.pendingElsewhere.push({ stack: r.other, create });
    }
  }
  return visible;
}

const EXPORT_CONCURRENCY = 4;

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

/** What happened (with --yes) or would happen to one pending create. */
function describe(s: Settlement, applied: boolean): string {
  const what = `${s.create.kind} ${s.create.urn.split("::").pop() ?? s.create.urn}`;
  if (s.action === "import")
    return `${what}: ${applied ? "imported" : "would import"} ${KIND_RECOVERY[s.create.kind].settle === "strategy" ? "strategy " : ""}${s.id} (${s.why})`;
  if (s.action === "clear") return `${what}: ${applied ? "cleared" : "would clear"} (${s.reason})`;
  if (s.action === "other-account")
    return `${what}: left pending: its provider manages account ${s.account}; run recover again with that account's key`;
  const listed = s.candidates.length > 0 ? `; candidates: ${s.candidates.join(", ")}` : "";
  return `${what}: left pending: ${s.reason}${listed}`;
}
