/**
 * What a checkpoint restored from a copy Pulumi kept cannot vouch for. The copy holds the stack
 * as it was when the copy was written; what the update did after that was recorded only in the
 * lost checkpoint. A strategy the update created after that time is in the restored state
 * neither as a resource nor as a pending create, and the next `pulumi up` would create it a
 * second time.
 *
 * The rule: every strategy of the account created since the copy was written (less
 * SERVICE_CLOCK_ALLOWANCE_MS: the copy's time is this machine's clock, `createdAt` the
 * service's) that no stack recover read holds (the restored state included) and that this run
 * does not import for one of the restored state's pending creates, may have been made by the lost
 * part of the update. recover cannot tell it from one made in the app meanwhile, since it does
 * not know the program; it lists each for a person to adopt or delete, and never says the next
 * `up` is safe while one is listed.
 *
 * Why the copy's time bounds it: the engine records a create as pending, in a checkpoint write,
 * before it sends the request. A strategy made before the copy was written was therefore begun in
 * a state no later than the copy's: the copy holds it, as a resource or as a pending create
 * (which recover settles). A `.bak` is written at the start of the write it precedes, so its time
 * is later than its content, but no create can begin between the two without a write.
 */
import type { Strategy } from "../../provider/model/strategy";
import { SERVICE_CLOCK_ALLOWANCE_MS } from "../../provider/runtime/strategy-create-once";
import type { Settlement, Visible } from "./settle";

/**
 * The account's strategies created since `writtenAt` that no visible stack holds and no
 * settlement imports, oldest first. A `createdAt` that does not parse counts as recent.
 */
export function createdSinceCopy(
  writtenAt: Date,
  strategies: readonly Strategy[],
  visible: Visible,
  settlements: readonly Settlement[],
): Strategy[] {
  const bound = writtenAt.getTime() - SERVICE_CLOCK_ALLOWANCE_MS;
  const held = new Set(visible.held.filter((h) => h.kind === "Strategy").map((h) => h.id));
  const imported = new Set(
    settlements.flatMap((s) => (s.action === "import" && s.create.kind === "Strategy" ? [s.id] : [])),
  );
  return strategies
    .filter(
      (s) =>
        s.isGlobal !== true && !(Date.parse(s.createdAt) < bound) && !held.has(s.id) && !imported.has(s.id),
    )
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

/** What was restored, what it cannot vouch for, and the line that ends the report. */
export function restoredReport(
  restored: { from: string; writtenAt: Date },
  since: readonly Strategy[],
  otherAccounts: readonly string[],
): { lines: string[]; final: string; proven: boolean } {
  const when = restored.writtenAt.toISOString();
  const lines = [
    `The stack's state is now the copy ${restored.from}, written ${when}: what the interrupted update did after ` +
      "that was recorded only in the lost checkpoint.",
  ];
  for (const s of since)
    lines.push(
      `Strategy ${s.id} "${s.name}" (created ${s.createdAt}), held by no stack: may have been created by the lost ` +
        `part of the update: adopt it (adopt: "${s.id}" on the resource) or delete it before the next \`pulumi up\`.`,
    );
  if (otherAccounts.length > 0)
    lines.push(
      `The stack also manages account ${otherAccounts.join(", ")}, which this key cannot read: check the strategies ` +
        `created there since ${when} the same way.`,
    );
  const final =
    since.length > 0
      ? `Restored, but the next \`pulumi up\` may create again the ${since.length === 1 ? "strategy" : `${since.length} strategies`} ` +
        "listed above: adopt or delete each first."
      : otherAccounts.length > 0
        ? `Restored: no strategy of this account was created since ${when} that no stack holds; check the other accounts before the next \`pulumi up\`.`
        : `Recovered: no strategy was created since ${when} that no stack holds, so the next \`pulumi up\` ` +
          "creates only what does not exist yet (a webhook, developer or tags the lost part set: that `up` " +
          "refuses to take them over and says so; declare adopt: true).";
  return { lines, final, proven: since.length === 0 && otherAccounts.length === 0 };
}
