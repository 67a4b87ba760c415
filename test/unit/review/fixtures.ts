/**
 * The review's unit suites share one scene: a strategy named "Safety first" whose update a
 * preview carries, rendered as `strategy-alerts review` renders it.
 */
import { renderReview } from "../../../provider/index";
import type { ChartSpec } from "../../../provider/review/backtest-charts";
import { digest, type StepSpec } from "../../support/preview-fixtures";

/** A count as the review writes it. */
export const n = (x: number) => x.toLocaleString("en-US");

/** The strategy before the change. */
export const base = {
  name: "Safety first",
  triggers: ["new_token_created"],
  rules: [
    { rule: "is_honeypot", dealbreaker: false },
    { rule: "liquidity_usd", dealbreaker: false, min: 5000 },
  ],
};

/** The preview's step updating the strategy `safety` from `before` to `after`. */
export function strategyUpdate(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  id = "11111111-1111-4111-8111-111111111111",
): StepSpec {
  return { op: "update", kind: "Strategy", name: "safety", id, old: before, new: after };
}

/** The review of a preview of these steps. */
export function render(specs: StepSpec[], context = {}) {
  return renderReview(digest(specs), context);
}

/** The preview's step updating the account's webhook (`hook`) from `before` to `after`. */
export function webhookUpdate(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  outputs?: Record<string, unknown>,
): StepSpec {
  return {
    op: "update",
    kind: "Webhook",
    name: "hook",
    id: "webhook",
    old: before,
    new: after,
    ...(outputs && { outputs }),
  };
}

/** A chart of three buckets of "Safety <first>", the current version's values `before` if given. */
export const chartSpec = (kind: "overTime" | "byMultiple", before?: number[]): ChartSpec => ({
  kind,
  strategy: "Safety <first>",
  subject: "Matches per day",
  axis: "day (UTC)",
  valueAxis: "matched tokens per day",
  series: { labels: ["a", "b", "c"], after: [1, 4, 2], ...(before ? { before } : {}) },
});
