/**
 * What `strategy-alerts recover` reads from `pulumi stack export` and `pulumi stack history
 * --json`: the interrupted creates of this package's resources, the strategy ids the state
 * holds, the accounts it records, and when the interrupted update began at the earliest.
 */
import { z } from "zod";
import { type ResourceKind, resourceKindOf } from "../../provider/model/type-tokens";

const Bag = z.record(z.string(), z.unknown());

const StateResourceSchema = z.object({
  urn: z.string(),
  type: z.string(),
  id: z.string().optional(),
  inputs: Bag.optional(),
  outputs: Bag.optional(),
  /** The provider reference (`<provider urn>::<provider id>`) that serves the resource. */
  provider: z.string().optional(),
});

const DeploymentSchema = z.object({
  deployment: z.object({
    resources: z.array(StateResourceSchema).nullish(),
    pending_operations: z.array(z.object({ resource: StateResourceSchema, type: z.string() })).nullish(),
  }),
});

export type StackExport = z.infer<typeof DeploymentSchema>;

/** A create the engine recorded as begun but never saw finish (its `up` was killed). */
export interface PendingCreate {
  urn: string;
  kind: ResourceKind;
  /** The checked inputs the create was sent with. */
  inputs: Record<string, unknown>;
  /**
   * The account that the other resources of its provider record, when they agree on one: a
   * stack with explicit providers may hold several accounts, each settled with its own key.
   */
  account?: string;
}

export function parseStackExport(text: string): StackExport {
  return DeploymentSchema.parse(JSON.parse(text));
}

/** The pending creates of this package's resources, through either front door. */
export function pendingCreates(state: StackExport): PendingCreate[] {
  const accounts = accountsByProvider(state);
  const out: PendingCreate[] = [];
  for (const op of state.deployment.pending_operations ?? []) {
    const kind = resourceKindOf(op.resource.type);
    if (op.type !== "creating" || kind === undefined) continue;
    const known = accounts.get(op.resource.provider ?? "");
    const account = known?.size === 1 ? [...known][0] : undefined;
    out.push({
      urn: op.resource.urn,
      kind,
      inputs: op.resource.inputs ?? {},
      ...(account ? { account } : {}),
    });
  }
  return out;
}

function accountsByProvider(state: StackExport): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const r of state.deployment.resources ?? []) {
    const account = r.outputs?.accountId;
    if (resourceKindOf(r.type) === undefined || typeof account !== "string" || !r.provider) continue;
    out.set(r.provider, (out.get(r.provider) ?? new Set()).add(account));
  }
  return out;
}

/** The ids of the strategies the state holds (a strategy held here is never another create's). */
export function heldStrategyIds(state: StackExport): string[] {
  return (state.deployment.resources ?? [])
    .filter((r) => resourceKindOf(r.type) === "Strategy" && r.id)
    .map((r) => r.id!);
}

/** The accounts the state's resources record (outputs `accountId`). */
export function recordedAccounts(state: StackExport): Set<string> {
  const accounts = new Set<string>();
  for (const r of state.deployment.resources ?? []) {
    const account = r.outputs?.accountId;
    if (resourceKindOf(r.type) !== undefined && typeof account === "string") accounts.add(account);
  }
  return accounts;
}

const HistorySchema = z.array(
  z.object({
    kind: z.string(),
    startTime: z.string(),
    endTime: z.string().nullish(),
    result: z.string().nullish(),
  }),
);

/**
 * The earliest time the interrupted update can have begun, from `pulumi stack history --json`
 * (newest first): a backend that records updates as they start (Pulumi Cloud) lists the
 * interrupted one itself, not succeeded: its start. A backend that records them when they end
 * (a file backend) lists the last update or destroy that ended before it: its end. Refreshes are
 * skipped (a refresh run after the kill ended later than the create). None: the stack's first `up`.
 */
export function interruptedUpdateBegan(historyJson: string): number {
  const updates = HistorySchema.parse(JSON.parse(historyJson || "[]")).filter(
    (h) => h.kind === "update" || h.kind === "destroy",
  );
  const latest = updates[0];
  if (!latest) return Number.NEGATIVE_INFINITY;
  const at = latest.result === "succeeded" && latest.endTime ? latest.endTime : latest.startTime;
  const ms = Date.parse(at);
  return Number.isNaN(ms) ? Number.NEGATIVE_INFINITY : ms;
}
