/**
 * `renderReview(previewJson, context)`: the pull-request report of a `pulumi preview --json`,
 * in domain words. Pure: everything that needs the API (the account, tag names, backtests)
 * arrives in the context, so the same function serves the command, CI and tests.
 */
import { TYPE_TOKENS } from "../resources/type-tokens";
import {
  ACCOUNT_KINDS,
  developerStatements,
  developerTagStatements,
  webhookStatements,
} from "./account-resources";
import { type ReviewAccount, reviewActivation } from "./activation";
import { type BacktestReport, renderBacktests } from "./backtest-report";
import { type PlanStep, type PolicyViolation, type PreviewPlan, parsePreview } from "./preview-json";
import { type Names, strategyChanges, strategySummary } from "./strategy-diff";
import { code, escapeMarkdown, plural, quote } from "./words";

/** GitHub's limit for an issue or pull-request comment body. */
export const GITHUB_COMMENT_LIMIT = 65_536;

export interface ReviewContext {
  /** GET /me and GET /strategies: plan headroom and names of strategies outside the preview. */
  account?: ReviewAccount;
  /** Developer and microblog tag ids → names (GET /devs/tags, GET /microblog/tags). */
  tagNames?: Record<string, string>;
  /** Backtests of the changed strategies (`--backtest`). */
  backtests?: BacktestReport;
  /** Policy violations read from an engine event log, added to those of the preview input. */
  policyViolations?: PolicyViolation[];
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
const OP_WORDS: Record<string, string> = {
  create: "create",
  update: "update",
  delete: "delete",
  replace: "replace",
  import: "import",
};

function opOf(op: string): string {
  return op === "create-replacement" || op === "delete-replaced" ? "replace" : op;
}

function kindOf(type: string): string {
  const entry = Object.entries(TYPE_TOKENS).find(([, t]) => t === type);
  return entry ? entry[0] : type;
}

const isInfra = (s: PlanStep) => s.type === "pulumi:pulumi:Stack" || s.type.startsWith("pulumi:providers:");

/** A section: its lines, and shorter forms the size limit may fall back to. */
interface Block {
  full: string[];
  /** Shorter versions, in order of preference. */
  shorter?: { lines: string[]; note: string; item?: string }[];
}

export function renderReview(previewJson: string | PreviewPlan, context: ReviewContext = {}): ReviewResult {
  const plan = typeof previewJson === "string" ? parsePreview(previewJson) : previewJson;
  const drift = context.mode === "drift";
  const names: Names = { tags: context.tagNames ?? {} };
  const changed = plan.steps.filter((s) => CHANGE_OPS.has(s.op) && !isInfra(s));

  const counts: Record<string, Record<string, number>> = {};
  for (const s of changed) {
    const kind = kindOf(s.type);
    counts[kind] ??= {};
    const op = opOf(s.op);
    counts[kind][op] = (counts[kind][op] ?? 0) + 1;
  }
  // A replacement is reported once, not as its create and delete halves.
  const steps = dedupeReplacements(changed);

  const blocks: Block[] = [];
  const title = context.title ?? (drift ? "Strategy alerts drift check" : "Strategy alerts review");
  blocks.push({ full: [`## ${title}`, ""] });
  const errors = plan.diagnostics.filter((d) => d.severity === "error");
  if (errors.length > 0) {
    blocks.push({
      full: [
        `**The preview failed** with ${plural(errors.length, "error")} (listed below): \`pulumi up\` would fail too, and the plan below may be incomplete.`,
        "",
      ],
    });
  }
  blocks.push({ full: summary(counts, drift, errors.length > 0) });

  // By name, so the report does not depend on the order the engine happened to plan in.
  const strategySteps = steps.filter((s) => s.type === TYPE_TOKENS.Strategy).sort(byStrategyName);
  if (strategySteps.length > 0) blocks.push(...strategyBlocks(strategySteps, names, drift));

  const activation = reviewActivation(plan.steps, context.account);
  if (activation) {
    const lines = ["### Activation", ""];
    if (activation.activated.length > 0) lines.push(`- Becomes active: ${activation.activated.join(", ")}`);
    if (activation.deactivated.length > 0)
      lines.push(`- Becomes inactive: ${activation.deactivated.join(", ")}`);
    if (activation.activated.length === 0 && activation.deactivated.length === 0) {
      lines.push("- The active set is unchanged (only its settings change).");
    }
    for (const l of activation.plan) lines.push(`- ${l}`);
    if (!context.account) lines.push("- Plan headroom not shown: the review ran without API credentials.");
    lines.push("");
    blocks.push({ full: lines });
  }

  for (const [type, heading] of Object.entries(ACCOUNT_KINDS)) {
    const ofKind = steps.filter((s) => s.type === type);
    if (ofKind.length === 0) continue;
    const lines = [`### ${heading}`, ""];
    for (const s of ofKind) {
      const statements =
        type === TYPE_TOKENS.Webhook
          ? webhookStatements(s)
          : type === TYPE_TOKENS.FollowedDeveloper
            ? developerStatements(s)
            : developerTagStatements(s, names);
      for (const st of statements.length > 0 ? statements : [`${opWord(s.op)} (no domain field changes)`])
        lines.push(`- ${st}`);
    }
    lines.push("");
    blocks.push({ full: lines });
  }

  const others = steps.filter((s) => !Object.values(TYPE_TOKENS).includes(s.type as never));
  if (others.length > 0) {
    blocks.push({
      full: [
        "### Other resources",
        "",
        ...others.map((s) => `- ${opWord(s.op)} ${code(s.type)} ${code(s.name)}`),
        "",
      ],
    });
  }

  const violations = [...plan.policyViolations, ...(context.policyViolations ?? [])];
  if (violations.length > 0) {
    const lines = ["### Policy violations", ""];
    for (const v of violations) {
      const where = v.urn ? ` on ${code(v.urn.split("::").pop() ?? v.urn)}` : "";
      lines.push(
        `- **${v.enforcementLevel}** ${code(`${v.policyPack}/${v.policyName}`)}${where}: ${escapeMarkdown(oneLine(v.message))}`,
      );
    }
    lines.push("");
    blocks.push({ full: lines });
  }

  const problems = plan.diagnostics.filter((d) => d.severity === "error" || d.severity === "warning");
  if (problems.length > 0) {
    const lines = ["### Errors and warnings from the preview", ""];
    for (const d of problems) {
      const where = d.urn ? ` (${code(d.urn.split("::").pop() ?? d.urn)})` : "";
      const message = oneLine(d.message).replace(/^(error|warning): /, "");
      lines.push(`- **${d.severity}**${where}: ${escapeMarkdown(message)}`);
    }
    lines.push("");
    blocks.push({ full: lines });
  }

  if (context.backtests) {
    blocks.push({
      full: [...renderBacktests(context.backtests, true), ""],
      shorter: [
        {
          lines: [...renderBacktests(context.backtests, false), ""],
          note: "the newly matched and missed tokens of the backtests",
        },
      ],
    });
  }

  const { markdown, shortened } = fitToLimit(blocks, context.maxLength ?? GITHUB_COMMENT_LIMIT);
  return {
    markdown,
    counts,
    hasChanges: changed.length > 0,
    exceedsPlan: activation?.exceeds ?? false,
    shortened,
  };
}

function byStrategyName(a: PlanStep, b: PlanStep): number {
  const name = (s: PlanStep) => String(s.new?.inputs?.name ?? s.old?.inputs?.name ?? s.name);
  return name(a) < name(b) ? -1 : name(a) > name(b) ? 1 : a.urn < b.urn ? -1 : 1;
}

function opWord(op: string): string {
  const o = opOf(op);
  return (OP_WORDS[o] ?? o).replace(/^./, (c) => c.toUpperCase());
}

function oneLine(s: string): string {
  return s.replace(/\s+/g, " ").trim();
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

function summary(counts: Record<string, Record<string, number>>, drift: boolean, failed: boolean): string[] {
  const kinds = Object.keys(counts).sort();
  if (kinds.length === 0) {
    if (failed) return ["No changes were planned before the preview failed.", ""];
    return [drift ? "No drift: the live account matches the code." : "No changes.", ""];
  }
  const ops = ["create", "update", "delete", "replace", "import"].filter((op) =>
    kinds.some((k) => counts[k]?.[op]),
  );
  const lines = [
    drift
      ? "**Drift found:** the live account differs from the code. `pulumi up` would make these changes to restore what the code declares (old is live, new is the code)."
      : "Planned changes:",
    "",
    `| Resource | ${ops.join(" | ")} |`,
    `|---|${ops.map(() => "---").join("|")}|`,
  ];
  for (const k of kinds)
    lines.push(`| ${k} | ${ops.map((op) => String(counts[k]?.[op] ?? 0)).join(" | ")} |`);
  lines.push("");
  return lines;
}

function strategyBlocks(steps: PlanStep[], names: Names, drift: boolean): Block[] {
  const blocks: Block[] = [{ full: ["### Strategies", ""] }];
  for (const s of steps) {
    const inputs = (s.new?.inputs ?? s.old?.inputs ?? {}) as Record<string, unknown>;
    const name = typeof inputs.name === "string" ? quote(inputs.name) : code(s.name);
    const op = opOf(s.op);
    const created = drift
      ? "missing from the account (deleted in the app?); `pulumi up` creates it again"
      : "new strategy";
    const heading = `#### ${name} (${code(s.name)}): ${op === "create" ? created : op === "delete" ? "deleted" : op === "replace" ? "replaced" : drift ? "drifted" : "changed"}`;
    let statements: string[];
    if (op === "create") statements = strategySummary(inputs, names);
    else if (op === "delete") {
      const rules = Array.isArray(inputs.rules) ? inputs.rules.length : 0;
      statements = [`The strategy and its ${plural(rules, "rule")} will be deleted from the account.`];
    } else {
      statements = strategyChanges((s.old?.inputs ?? {}) as never, (s.new?.inputs ?? {}) as never, names);
      if (statements.length === 0)
        statements = ["No domain change (only the order of rules or triggers, or provider internals)."];
    }
    const full = [heading, "", ...statements.map((st) => `- ${st}`), ""];
    const capped = (n: number) =>
      statements.length <= n
        ? full
        : [
            heading,
            "",
            ...statements.slice(0, n).map((st) => `- ${st}`),
            `- … and ${statements.length - n} more`,
            "",
          ];
    blocks.push({
      full,
      shorter: [
        { lines: capped(10), note: "the change lists of", item: name },
        {
          lines: [
            heading,
            "",
            `- ${plural(statements.length, "statement")} left out to fit the size limit.`,
            "",
          ],
          note: "the change lists of",
          item: name,
        },
      ],
    });
  }
  return blocks;
}

/**
 * Fits the blocks under `max` characters: blocks fall back to their shorter forms, the last
 * ones first (the summary and the first sections stay whole longest), and the note says what
 * was shortened. A report that still does not fit is cut at a line boundary.
 */
function fitToLimit(blocks: Block[], max: number): { markdown: string; shortened: string[] } {
  const chosen = blocks.map((b) => b.full);
  // What was shortened, by kind: "the change lists of" → the strategies it happened to.
  const notes = new Map<string, Set<string>>();
  const NOTE_ROOM = 1200;
  const sizeOf = (lines: string[]) => lines.join("\n").length + 1;
  const sizes = chosen.map(sizeOf);
  let total = sizes.reduce((a, b) => a + b, 0);
  const length = () => total;
  for (let level = 0; length() > max - NOTE_ROOM && level < 2; level++) {
    for (let i = blocks.length - 1; i >= 0 && length() > max - NOTE_ROOM; i--) {
      const options = blocks[i]?.shorter ?? [];
      const option = options[Math.min(level, options.length - 1)];
      if (!option || chosen[i] === option.lines) continue;
      chosen[i] = option.lines;
      total += sizeOf(option.lines) - sizes[i]!;
      sizes[i] = sizeOf(option.lines);
      const items = notes.get(option.note) ?? new Set<string>();
      if (option.item) items.add(option.item);
      notes.set(option.note, items);
    }
  }
  let body = chosen.map((l) => l.join("\n")).join("\n");
  const shortened = [...notes.entries()].map(([note, items]) => {
    if (items.size === 0) return note;
    const names = [...items];
    const shown = names.slice(0, 3).join(", ");
    return `${note} ${plural(items.size, "strategy", "strategies")} (${shown}${names.length > 3 ? ", …" : ""})`;
  });
  if (body.length > max - NOTE_ROOM) {
    const cut = body.lastIndexOf("\n", max - NOTE_ROOM);
    body = body.slice(0, cut > 0 ? cut : max - NOTE_ROOM);
    shortened.push("the end of the report");
  }
  if (shortened.length > 0) {
    const limit = `${max === GITHUB_COMMENT_LIMIT ? "GitHub's " : "the "}${max.toLocaleString("en-US")}-character comment limit`;
    body += `\n\n> **Shortened** to fit ${limit}: ${shortened.join("; ")}. Run \`strategy-alerts review\` locally for the full report.\n`;
  }
  return { markdown: `${body.trimEnd()}\n`, shortened };
}
