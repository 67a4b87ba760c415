/**
 * The safety desk's portfolio: strict dealbreakers for every new launch, and a second strategy
 * for launches by developers with a clean record.
 *
 * Stack config (Pulumi.prod.yaml beside this file):
 *   safety-desk:maxTop10HolderPercent  optional, default 30: the most the ten largest holders may hold
 * The API key and base URL come from STRATEGY_ALERTS_API_KEY and STRATEGY_ALERTS_BASE_URL, which
 * the workflow sets from this portfolio's secret and the repository's variable.
 */
import * as pulumi from "@pulumi/pulumi";
import * as sa from "pulumi-strategy-alerts";

const config = new pulumi.Config("safety-desk");
const maxTop10 = config.getNumber("maxTop10HolderPercent", { min: 1, max: 100 }) ?? 30;

const safetyFirst = new sa.Strategy("safety-first", {
  name: "Safety first",
  description: "New launches with no contract red flags, a spread-out holder base and real liquidity.",
  triggers: ["new_token_created"],
  rules: [
    { rule: "is_honeypot", dealbreaker: true, enabled: true },
    { rule: "is_mintable", dealbreaker: true, enabled: true },
    { rule: "has_freeze_authority", dealbreaker: true, enabled: true },
    { rule: "rugged", dealbreaker: true, enabled: true },
    { rule: "risk_level", dealbreaker: true, value: "MEDIUM" },
    { rule: "top_10_holder_percent", dealbreaker: true, max: maxTop10 },
    { rule: "liquidity_usd", dealbreaker: false, min: 5000 },
    { rule: "holder_count", dealbreaker: false, min: 100 },
  ],
  alertCooldownMins: 60,
});

const cleanDevelopers = new sa.Strategy("clean-developers", {
  name: "Clean developer launches",
  description: "New launches whose creator has no rug history, with a small developer wallet.",
  triggers: ["new_token_created"],
  rules: [
    { rule: "is_honeypot", dealbreaker: true, enabled: true },
    { rule: "has_creator_rug_history", dealbreaker: true, enabled: true },
    { rule: "dev_wallet_percent", dealbreaker: true, max: 5 },
    { rule: "liquidity_usd", dealbreaker: false, min: 2000 },
  ],
  alertCooldownMins: 30,
});

// The desk's account holds this one active set.
const activation = new sa.StrategyActivation("active-set", {
  strategyIds: [safetyFirst.strategyId, cleanDevelopers.strategyId],
});

export const activeStrategyIds = activation.activeStrategyIds;
