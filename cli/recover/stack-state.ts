/**
 * What `strategy-alerts recover` reads from `pulumi stack export`: the interrupted creates of
 * this package's resources (with the time their update's check ran, when they carry it), the
 * objects the state holds, and the accounts it records.
 */
import { z } from "zod";
import { recordedAccountOf } from "../../provider/model/kinds";
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

/** An object a stack holds: of this kind, with this id, on this account (when it records one). */
export interface HeldObject {
  kind: ResourceKind;
  id: string;
  account?: string;
}

/** The objects the state's resources of this package hold (never another create's result). */
export function heldObjects(state: StackExport): HeldObject[] {
  const out: HeldObject[] = [];
  for (const r of state.deployment.resources ?? []) {
    const kind = resourceKindOf(r.type);
    if (kind === undefined || !r.id) continue;
    const account = recordedAccountOf(kind, r.outputs);
    out.push({ kind, id: r.id, ...(account !== undefined ? { account } : {}) });
  }
  return out;
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
