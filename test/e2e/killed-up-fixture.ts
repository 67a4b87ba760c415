import type { ApiClient } from "../../provider/api/client";
import { until } from "../support/until";
import { spawnUp } from "./chaos/campaign";
import type { TestEmulator } from "./emulator-fixture";
import { BUILT_CLI, type PulumiProject, runProcess } from "./harness";

/**
 * What the killed-`up` scenarios share: the stack's state as `pulumi stack export` shows it, the
 * account's strategies, an `up` killed while the service holds its creates, and what the docs
 * tell a user to run next (`pulumi cancel`, `strategy-alerts recover --yes`).
 */

export interface StackState {
  deployment: {
    resources?: { type: string; urn?: string; id?: string; outputs?: Record<string, unknown> }[];
    pending_operations?: PendingOperation[];
  };
}

export interface PendingOperation {
  type: string;
  resource: { type: string; inputs?: Record<string, unknown> };
}

export async function stateOf(p: PulumiProject): Promise<StackState> {
  return JSON.parse(await p.exportState()) as StackState;
}

/** The ids of the stack's strategies, sorted. */
export async function strategyIdsOf(p: PulumiProject): Promise<string[]> {
  return ((await stateOf(p)).deployment.resources ?? [])
    .filter((r) => r.type.endsWith(":Strategy"))
    .map((r) => r.id!)
    .sort();
}

/** The ids of the account's strategies, sorted. */
export async function liveIds(client: ApiClient): Promise<string[]> {
  return (await client.strategies.list()).strategies.map((s) => s.id).sort();
}

/**
 * `pulumi up` killed (SIGKILL, every process it started) once the emulator took the `creates`
 * faults it holds on `POST /strategies` and the checkpoint records them as pending creates;
 * returns those pending operations.
 */
export async function upKilledWhileHeld(
  emulator: TestEmulator,
  p: PulumiProject,
  creates: number,
  fault: Record<string, unknown>,
): Promise<PendingOperation[]> {
  await emulator.control("POST", "/faults", {
    method: "POST",
    path: "/strategies",
    count: creates,
    ...fault,
  });
  const run = spawnUp(p);
  await until(async () => {
    const { faults } = await emulator.control<{ faults: unknown[] }>("GET", "/faults");
    return faults.length === 0;
  }, 90_000);
  let pending: PendingOperation[] = [];
  await until(async () => {
    const state = await stateOf(p).catch(() => undefined);
    pending = (state?.deployment.pending_operations ?? []).filter(
      (op) => op.type === "creating" && op.resource.type.endsWith(":Strategy"),
    );
    return pending.length === creates;
  }, 30_000);
  run.kill();
  await run.done;
  await emulator.control("DELETE", "/faults");
  return pending;
}

/** `pulumi cancel` (which may find nothing to cancel), then `strategy-alerts recover --yes`. */
export async function cancelAndRecover(
  p: PulumiProject,
): Promise<{ code: number; stdout: string; stderr: string }> {
  await p.run(["cancel", "--yes", "--stack", p.stack], { allowFailure: true });
  return runProcess("node", [BUILT_CLI, "recover", "--yes", "--stack", p.stack], {
    cwd: p.dir,
    env: p.env,
  });
}
