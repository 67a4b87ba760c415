/**
 * The Strategies section of a review: one sub-section per changed strategy with every domain
 * statement, and the short form the size limit falls back to.
 */

import { KINDS } from "../model/kinds";
import { effectLine, stepEffect } from "./effects";
import type { Block } from "./fit-to-limit";
import { type Md, md } from "./markdown";
import type { PlanStep } from "./preview-json";
import { type Names, strategyChanges, strategySummary } from "./strategy-diff";
import { code, plural, quote, text } from "./words";

const opOf = (op: string) => (op === "create-replacement" || op === "delete-replaced" ? "replace" : op);

function outcome(op: string, drift: boolean): Md {
  if (op === "create")
    return drift
      ? md`missing from the account (deleted in the app?); \`pulumi up\` creates it again`
      : md`new strategy`;
  if (op === "delete") return md`deleted`;
  if (op === "replace") return md`replaced`;
  return drift ? md`drifted` : md`changed`;
}

function statementsOf(step: PlanStep, op: string, names: Names): Md[] {
  const inputs = (step.new?.inputs ?? step.old?.inputs ?? {}) as Record<string, unknown>;
  if (op === "create") return strategySummary(inputs, names);
  if (op === "delete") {
    const rules = Array.isArray(inputs.rules) ? inputs.rules.length : 0;
    return [md`Its ${plural(rules, "rule")} go with it.`];
  }
  const said = strategyChanges((step.old?.inputs ?? {}) as never, (step.new?.inputs ?? {}) as never, names);
  return said.length > 0
    ? said
    : [md`No domain change (only the order of rules or triggers, or provider internals).`];
}

export function strategyBlocks(steps: PlanStep[], names: Names, drift: boolean): Block[] {
  if (steps.length === 0) return [];
  const blocks: Block[] = [{ full: [md`### ${text(KINDS.Strategy.heading)}`, md``] }];
  for (const s of steps) {
    const inputs = (s.new?.inputs ?? s.old?.inputs ?? {}) as Record<string, unknown>;
    const rawName = typeof inputs.name === "string" ? inputs.name : s.name;
    const name = typeof inputs.name === "string" ? quote(inputs.name) : code(s.name);
    const op = opOf(s.op);
    const heading = md`#### ${name} (${code(s.name)}): ${outcome(op, drift)}`;
    const statements = statementsOf(s, op, names);
    const effect = stepEffect(s);
    // What the service will do stays when the size limit shortens the section.
    const said = effect ? [md`- ${effectLine(effect)}`] : [];
    blocks.push({
      full: [heading, md``, ...said, ...statements.map((st) => md`- ${st}`), md``],
      strategy: {
        name: rawName,
        short: [
          heading,
          md``,
          ...said,
          md`- ${plural(statements.length, "statement")} left out to fit the size limit.`,
          md``,
        ],
      },
    });
  }
  return blocks;
}
