/**
 * `renderReview(previewJson, context)`: the pull-request report of a `pulumi preview --json`,
 * in domain words. Pure: everything that needs the API (the account, tag names, backtests)
 * arrives in the context, so the same function serves the command, CI and tests. Every value
 * the change under review controls goes through the escaping layer (markdown.ts).
 */

import { KINDS } from "../model/kinds";
import { cutText } from "../model/quoted-text";
import { ACCOUNT_KINDS } from "./account-resources";
import { type ReviewAccount, reviewActivation, unchangedActivations } from "./activation";
import type { ChartWriter } from "./backtest-charts";
import { renderBacktests } from "./backtest-report";
import type { BacktestReport } from "./backtest-results";
import { ACTIVATION_EFFECTS, END_STATES, effectLine, FOUND_ACTIVE_EFFECT, stepEffect } from "./effects";
import { type Block, fitToLimit, GITHUB_COMMENT_LIMIT } from "./fit-to-limit";
import { joinMd, type Md, md, message, printableMessage } from "./markdown";
import { mermaidChart } from "./mermaid-chart";
import { type PlanStep, type PolicyViolation, type PreviewPlan, parsePreview } from "./preview-json";
import { type LiveObjects, type ObjectGroup, objectGroups, releaseOf } from "./same-object";
import type { Names } from "./strategy-diff";
import { strategyBlocks } from "./strategy-section";
import { code, plural, quote, text } from "./words";

/** A temporary strategy an interrupted review left behind, and whether this review deleted it. */
export interface SweptTemporary {
  name: string;
  deleted: boolean;
}

export interface ReviewContext {
  /** GET /me and GET /strategies: plan headroom and names of strategies outside the preview. */
  account?: ReviewAccount;
  /**
   * The account's webhook, followed developers and tags that the change deletes (GET /webhook,
   * GET /devs, GET /devs/:address/tags): a delete leaves an object that is no longer what its
   * resource last wrote alone, and the review says so.
   */
  live?: LiveObjects;
  /** Developer and microblog tag ids → names (GET /devs/tags, GET /microblog/tags). */
  tagNames?: Record<string, string>;
  /** Backtests of the changed strategies (`--backtest`). */
  backtests?: BacktestReport;
  /** Policy violations read from an engine event log, added to those of the preview input. */
  policyViolations?: PolicyViolation[];
  /** Temporary strategies of earlier, interrupted reviews that this review swept. */
  swept?: SweptTemporary[];
  /** "drift": the preview ran with `--refresh --expect-no-changes`; changes are drift. */
  mode?: "change" | "drift";
  /** Heading of the report. */
  title?: string;
  /** Maximum length of the Markdown (default: GitHub's comment limit). */
  maxLength?: number;
}

export interface ReviewResult {
  markdown: string;
  /** Counts of planned operations per resource kind (`Strategy`: {update: 2}). */
  counts: Record<string, Record<string, number>>;
  /** Whether any resource changes (drift, in drift mode). */
  hasChanges: boolean;
  /** Whether the activation would exceed the plan's active limit. */
  exceedsPlan: boolean;
  /** What was shortened to fit maxLength (empty when nothing was). */
  shortened: string[];
}

const CHANGE_OPS = new Set([
  "create",
  "update",
  "delete",
  "replace",
  "create-replacement",
  "delete-replaced",
  "import",
]);
const OPS = ["create", "update", "delete", "replace", "import"] as const;
const OP_WORDS: Record<string, Md> = {
  create: md`Create`,
  update: md`Update`,
  delete: md`Delete`,
  replace: md`Replace`,
  import: md`Import`,
};

function opOf(op: string): string {
  return op === "create-replacement" || op === "delete-replaced" ? "replace" : op;
}

const isInfra = (s: PlanStep) => s.type === "pulumi:pulumi:Stack" || s.type.startsWith("pulumi:providers:");

export function renderReview(previewJson: string | PreviewPlan, context: ReviewContext = {}): ReviewResult {
  const { blocks, ...facts } = reviewBlocks(previewJson, context, mermaidChart);
  const { markdown, shortened } = fitToLimit(blocks, context.maxLength ?? GITHUB_COMMENT_LIMIT);
  return { markdown, ...facts, shortened };
}

/**
 * The report's sections, each chart drawn by `charts`: the comment fits them to its size limit,
 * the HTML page (html/page.ts) shows them whole.
 */
export function reviewBlocks(
  previewJson: string | PreviewPlan,
  context: ReviewContext,
  charts: ChartWriter,
): Omit<ReviewResult, "markdown" | "shortened"> & { blocks: Block[] } {
  const plan = typeof previewJson === "string" ? parsePreview(previewJson) : previewJson;
  const drift = context.mode === "drift";
  const names: Names = { tags: context.tagNames ?? {} };
  // An activation whose only difference is ids unknown during the preview that stand for the
  // strategies it holds already changes nothing: `pulumi up` finds no difference in it.
  const unchanged = unchangedActivations(plan.steps);
  const changed = plan.steps.filter((s) => CHANGE_OPS.has(s.op) && !isInfra(s) && !unchanged.has(s.urn));
  const counts = countsOf(changed);
  // A replacement is reported once, not as its create and delete halves.
  const steps = dedupeReplacements(changed);
  const errors = plan.diagnostics.filter((d) => d.severity === "error");
  const activation = reviewActivation(plan.steps, context.account);

  const blocks: Block[] = [
    ...headerBlocks(context, drift, errors.length),
    { full: summary(counts, drift, errors.length > 0), keep: true },
    ...strategyBlocks(steps.filter((s) => s.kind === "Strategy").sort(byStrategyName), names, drift),
    ...(activation
      ? [activationBlock(activation, steps.filter(isActivationChange), context.account !== undefined)]
      : []),
    ...accountBlocks(steps, names, plan.steps, context.live ?? {}),
    ...otherBlocks(steps),
    ...sweptBlocks(context.swept ?? []),
    ...policyBlocks([...plan.policyViolations, ...(context.policyViolations ?? [])]),
    ...diagnosticBlocks(plan),
    ...(context.backtests ? [backtestBlock(context.backtests, charts)] : []),
  ];
  return {
    blocks,
    counts,
    hasChanges: changed.length > 0,
    exceedsPlan: activation?.exceeds ?? false,
  };
}

function countsOf(changed: PlanStep[]): Record<string, Record<string, number>> {
  const counts: Record<string, Record<string, number>> = {};
  for (const s of changed) {
    const kind = s.kind ?? s.type;
    counts[kind] ??= {};
    const op = opOf(s.op);
    counts[kind][op] = (counts[kind][op] ?? 0) + 1;
  }
  return counts;
}

function headerBlocks(context: ReviewContext, drift: boolean, errors: number): Block[] {
  // A title of nothing visible would make an empty heading: the default stands instead.
  const title = context.title?.trim()
    ? text(context.title)
    : drift
      ? md`Strategy alerts drift check`
      : md`Strategy alerts review`;
  const blocks: Block[] = [{ full: [md`## ${title}`, md``], keep: true }];
  if (errors > 0) {
    blocks.push({
      full: [
        md`**The preview failed** with ${plural(errors, "error")} (listed below): \`pulumi up\` would fail too, and the plan below may be incomplete.`,
        md``,
      ],
      keep: true,
    });
  }
  return blocks;
}

function byStrategyName(a: PlanStep, b: PlanStep): number {
  const name = (s: PlanStep) => String(s.new?.inputs?.name ?? s.old?.inputs?.name ?? s.name);
  return name(a) < name(b) ? -1 : name(a) > name(b) ? 1 : a.urn < b.urn ? -1 : 1;
}

function opWord(op: string): Md {
  const o = opOf(op);
  return OP_WORDS[o] ?? text(o);
}

function dedupeReplacements(steps: PlanStep[]): PlanStep[] {
  const seen = new Set<string>();
  const out: PlanStep[] = [];
  for (const s of steps) {
    const key = `${opOf(s.op) === "replace" ? "replace" : s.op}\u0000${s.urn}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(s);
  }
  return out;
}

function summary(counts: Record<string, Record<string, number>>, drift: boolean, failed: boolean): Md[] {
  const kinds = Object.keys(counts).sort();
  if (kinds.length === 0) {
    if (failed) return [md`No changes were planned before the preview failed.`, md``];
    return [drift ? md`No drift: the live account matches the code.` : md`No changes.`, md``];
  }
  const ops = OPS.filter((op) => kinds.some((k) => counts[k]?.[op]));
  const row = (values: Md[]) => md`| ${joinMd(values, " | ")} |`;
  return [
    drift
      ? md`**Drift found:** the live account differs from the code. \`pulumi up\` would make these changes to restore what the code declares (old is live, new is the code).`
      : md`Planned changes:`,
    md``,
    row([md`Resource`, ...ops.map((op) => text(op))]),
    md`|---|${joinMd(
      ops.map(() => md`---|`),
      "",
    )}`,
    // A type that is not ours is untrusted: as text, its `|` is escaped and cannot add a cell.
    ...kinds.map((k) => row([text(k), ...ops.map((op) => md`${counts[k]?.[op] ?? 0}`)])),
    md``,
  ];
}

const isActivationChange = (s: PlanStep) => s.kind === "StrategyActivation";

function activationBlock(
  activation: NonNullable<ReturnType<typeof reviewActivation>>,
  changes: PlanStep[],
  withAccount: boolean,
): Block {
  const out: Md[] = [md`### ${text(KINDS.StrategyActivation.heading)}`, md``];
  for (const step of changes) {
    const effect = stepEffect(step, { set: activation.facts.get(step.urn) });
    if (effect) out.push(md`- ${effectLine(effect)}`);
  }
  const said = (change: keyof typeof ACTIVATION_EFFECTS, names: Md) =>
    out.push(md`- ${effectLine(ACTIVATION_EFFECTS[change](names))}`);
  if (activation.activated.length > 0) said("activated", joinMd(activation.activated, ", "));
  if (activation.deactivated.length > 0) said("deactivated", joinMd(activation.deactivated, ", "));
  if (activation.kept.length > 0)
    out.push(
      md`- Stays active (another set of this stack, or the replacement, holds it): ${joinMd(activation.kept, ", ")}`,
    );
  if (activation.inactiveAlready.length > 0)
    out.push(
      md`- Left alone (inactive in the account already, deactivated outside this stack): ${joinMd(activation.inactiveAlready, ", ")}`,
    );
  if (activation.foundActive.length > 0)
    out.push(md`- ${effectLine(FOUND_ACTIVE_EFFECT(joinMd(activation.foundActive, ", ")))}`);
  if (activation.exclusive) {
    said(
      "exclusive",
      activation.exclusiveDeactivated.length > 0
        ? joinMd(activation.exclusiveDeactivated, ", ")
        : withAccount
          ? md`none is active now`
          : md`which ones is not shown, as the review ran without API credentials`,
    );
  }
  const said_ = [
    activation.activated,
    activation.deactivated,
    activation.kept,
    activation.inactiveAlready,
    activation.foundActive,
  ];
  if (said_.every((l) => l.length === 0) && !activation.exclusive)
    out.push(md`- Which strategies are active stays the same.`);
  for (const l of activation.plan) out.push(md`- ${l}`);
  if (!withAccount) out.push(md`- Plan headroom not shown: the review ran without API credentials.`);
  out.push(md``);
  return { full: out, keep: true };
}

function accountBlocks(steps: PlanStep[], names: Names, all: PlanStep[], live: LiveObjects): Block[] {
  const blocks: Block[] = [];
  for (const { kind, heading, statements } of ACCOUNT_KINDS) {
    const ofKind = steps.filter((s) => s.kind === kind);
    if (ofKind.length === 0) continue;
    // Two steps on one object (a rename, a replacement) are stated once, as its end state.
    const groups = objectGroups(kind, all);
    const groupOf = (s: PlanStep) => groups.find((g) => g.members.includes(s));
    const stated = new Set<ObjectGroup>();
    const out: Md[] = [md`### ${heading}`, md``];
    for (const s of ofKind) {
      const group = groupOf(s);
      if (group) {
        if (stated.has(group)) continue;
        stated.add(group);
        out.push(...groupLines(group, names, statements));
        continue;
      }
      const release = releaseOf(s, all, live);
      const effect = stepEffect(s, { release });
      if (effect) out.push(md`- ${effectLine(effect)}`);
      // A delete that leaves the object alone changes none of its fields.
      const said = s.op === "delete" && release !== undefined ? [] : statements(s, names);
      if (said.length === 0 && !effect) out.push(md`- ${opWord(s.op)} (no domain field changes)`);
      for (const st of said) out.push(md`- ${st}`);
    }
    out.push(md``);
    blocks.push({ full: out, keep: true });
  }
  return blocks;
}

/**
 * One object that steps of the change release and another holds: its end state once, how it
 * changes hands, and what changes in it between the released state and the held one.
 */
function groupLines(
  group: ObjectGroup,
  names: Names,
  statements: (step: PlanStep, names: Names) => Md[],
): Md[] {
  const { holder, released } = group;
  const from = released.find((s) => s !== holder) ?? holder;
  const before = (from.old?.inputs ?? {}) as Record<string, unknown>;
  const after = (holder.new?.inputs ?? holder.old?.inputs ?? {}) as Record<string, unknown>;
  const others = released.filter((s) => s !== holder);
  const deleted = joinMd(
    others.map((s) => code(s.name)),
    ", ",
  );
  const moves =
    others.length === 0
      ? md`${code(holder.name)} is replaced; deleting the old one leaves it alone, as the replacement holds it`
      : group.members.includes(holder)
        ? md`moves to resource ${code(holder.name)}${holder.op === "replace" ? md`, which is replaced` : md``}; deleting ${deleted} leaves it alone`
        : md`as ${code(holder.name)} declares it; deleting ${deleted} leaves it alone`;
  const out = [md`- ${effectLine(END_STATES[group.kind]({ before, after, moves }))}`];
  // What differs between the state released and the one held, as an update would say it; a
  // holder stated on its own (an update, an unchanged resource) says its own changes.
  if (group.members.includes(holder)) {
    const asUpdate: PlanStep = { ...holder, op: "update", old: from.old };
    for (const st of statements(asUpdate, names)) out.push(md`- ${st}`);
  }
  return out;
}

function otherBlocks(steps: PlanStep[]): Block[] {
  const others = steps.filter((s) => s.kind === undefined);
  if (others.length === 0) return [];
  const heading = md`### Other resources`;
  return [
    {
      full: [
        heading,
        md``,
        ...others.map((s) => md`- ${opWord(s.op)} ${code(s.type)} ${code(s.name)}`),
        md``,
      ],
      shorter: {
        lines: [heading, md``, md`- ${plural(others.length, "other resource")} change.`, md``],
        note: `the list of ${others.length === 1 ? "1 other resource" : `${others.length} other resources`}`,
      },
    },
  ];
}

function sweptBlocks(swept: SweptTemporary[]): Block[] {
  if (swept.length === 0) return [];
  const deleted = swept.filter((s) => s.deleted);
  const kept = swept.filter((s) => !s.deleted);
  const list = (items: SweptTemporary[]) =>
    joinMd(
      items.map((s) => quote(s.name, 120)),
      ", ",
    );
  const out: Md[] = [md`### Leftovers of interrupted reviews`, md``];
  if (deleted.length > 0)
    out.push(
      md`- Deleted ${plural(deleted.length, "temporary strategy", "temporary strategies")} that an earlier, interrupted review left behind: ${list(deleted)}`,
    );
  if (kept.length > 0)
    out.push(
      md`- **${plural(kept.length, "leftover temporary strategy", "leftover temporary strategies")} could not be deleted** (${list(kept)}): delete ${kept.length === 1 ? md`it` : md`them`} in the app.`,
    );
  out.push(md``);
  return [{ full: out, keep: true }];
}

function policyBlocks(violations: PolicyViolation[]): Block[] {
  if (violations.length === 0) return [];
  const out: Md[] = [md`### Policy violations`, md``];
  for (const v of violations) {
    const where = v.urn ? md` on ${code(nameOfUrn(v.urn))}` : md``;
    out.push(
      md`- **${text(v.enforcementLevel)}** ${code(`${v.policyPack}/${v.policyName}`)}${where}: ${message(cutText(oneLine(v.message), DIAGNOSTIC_LIMIT))}`,
    );
  }
  out.push(md``);
  return [{ full: out, keep: true }];
}

/** The longest diagnostic or policy message shown whole, and how many diagnostics are listed. */
const DIAGNOSTIC_LIMIT = 1_000;
const LISTED_DIAGNOSTICS = 30;

function diagnosticBlocks(plan: PreviewPlan): Block[] {
  const problems = plan.diagnostics.filter((d) => d.severity === "error" || d.severity === "warning");
  if (problems.length === 0) return [];
  const out: Md[] = [md`### Errors and warnings from the preview`, md``];
  for (const d of problems.slice(0, LISTED_DIAGNOSTICS)) {
    const where = d.urn ? md` (${code(nameOfUrn(d.urn))})` : md``;
    // A message may quote a rejected value; each is cut, so the report keeps its room for the rest.
    const said = cutText(oneLine(d.message).replace(/^(error|warning): /, ""), DIAGNOSTIC_LIMIT);
    // The provider made its messages printable where it made them: their escapes show once.
    out.push(
      md`- **${d.severity === "error" ? md`error` : md`warning`}**${where}: ${printableMessage(said)}`,
    );
  }
  const more = problems.length - LISTED_DIAGNOSTICS;
  if (more > 0)
    out.push(
      md`- … and ${plural(more, "more error or warning", "more errors and warnings")} (see the preview's log)`,
    );
  out.push(md``);
  return [{ full: out, keep: true }];
}

function backtestBlock(report: BacktestReport, charts: ChartWriter): Block {
  return {
    full: [...renderBacktests(report, true, charts), md``],
    shorter: {
      lines: [...renderBacktests(report, false, null), md``],
      note: "the charts and the newly matched and missed tokens of the backtests",
    },
  };
}

function nameOfUrn(urn: string): string {
  return urn.split("::").pop() ?? urn;
}

function oneLine(s: string): string {
  return s.replace(/[ \t]*(\r\n|\r|\n)[ \t]*/g, " ").trim();
}
