/**
 * The portfolio the campaign applies again and again: five kinds of resources as a trading team
 * would declare them (dealbreakers, object rules, a followed developer with tags and a strategy
 * on its launches, an active set, a verified webhook whose secret is rotated now and then). The
 * stack config `chaos:round` moves it every round, so each `up` creates, updates, deletes,
 * activates and deactivates something.
 */
export const DEVELOPER = "7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU";

export const PROGRAM = `import * as pulumi from "@pulumi/pulumi";
import * as sa from "pulumi-strategy-alerts";

const config = new pulumi.Config("chaos");
const round = config.requireNumber("round");
const developerTags = pulumi.output(sa.getDeveloperTags());

const dev = new sa.FollowedDeveloper("trusted-dev", {
  address: "${DEVELOPER}",
  alias: round % 2 === 0 ? "trusted launcher" : "trusted launcher (watch)",
});
new sa.DeveloperTags("trusted-dev-tags", {
  address: dev.address,
  tagIds: developerTags.apply((tags) => tags.slice(0, 1 + (round % 2)).map((t) => t.id)),
});

const safety = new sa.Strategy("safety-first", {
  name: "Safety first",
  description: "New launches without contract red flags.",
  triggers: ["new_token_created"],
  rules: [
    { rule: "is_honeypot", dealbreaker: true, enabled: true },
    { rule: "rugged", dealbreaker: true, enabled: true },
    { rule: "risk_level", dealbreaker: true, value: "MEDIUM" },
    { rule: "top_10_holder_percent", dealbreaker: true, max: 30 },
    { rule: "liquidity_usd", dealbreaker: false, min: 5000 + (round % 3) * 1000 },
    { rule: "has_website", dealbreaker: false, enabled: true },
  ],
  alertCooldownMins: 60,
});

const momentum = new sa.Strategy("momentum", {
  name: "Momentum",
  triggers: ["token_almost_graduated"],
  rules: [
    { rule: "is_honeypot", dealbreaker: true, enabled: true },
    { rule: "volume_24h", dealbreaker: true, config: { windows: { "5m": 2000, "1h": 10000 } } },
    { rule: "buy_sell_ratio_window", dealbreaker: false, config: { window: "1h", buyPressure: "strong" } },
    { rule: "quality_wallet_count", dealbreaker: false, config: { minWallets: 3, walletTypes: ["smart_wallet", "kol"] } },
  ],
  matching: { enabled: true, minPercent: 80 },
});

const devLaunches = new sa.Strategy("dev-launches", {
  name: "Trusted developer launches",
  triggers: ["followed_dev_new_token_created"],
  triggerConfigs: { followed_dev_new_token_created: { scope: "wallet", developerAddress: dev.address } },
  rules: [
    { rule: "is_honeypot", dealbreaker: true, enabled: true },
    { rule: "dev_wallet_percent", dealbreaker: true, max: 5 },
  ],
});

const extras = Array.from(
  { length: 2 + (round % 3) },
  (_, i) =>
    new sa.Strategy(\`extra-\${i}\`, {
      name: \`Extra \${i}\`,
      description: round % 2 === 0 ? "even rounds" : "odd rounds",
      triggers: ["token_graduated"],
      rules: [{ rule: "market_cap", dealbreaker: false, min: 10000 * (i + 1) }],
    }),
);

const activation = new sa.StrategyActivation("active-set", {
  strategyIds: [
    safety.strategyId,
    momentum.strategyId,
    ...(round % 2 === 0 ? [devLaunches.strategyId] : []),
    extras[0]!.strategyId,
  ],
});

const webhook = new sa.Webhook("alerts", {
  url: config.require("webhookUrl"),
  enabled: true,
  rotation: String(Math.floor(round / 4)),
});

export const activeStrategyIds = activation.activeStrategyIds;
export const webhookSecret = pulumi.secret(webhook.secret);
`;

/** What the account must hold after round `round` converged. */
export function declared(round: number) {
  const extras = Array.from({ length: 2 + (round % 3) }, (_, i) => `Extra ${i}`);
  return {
    names: ["Safety first", "Momentum", "Trusted developer launches", ...extras].sort(),
    active: [
      "Safety first",
      "Momentum",
      ...(round % 2 === 0 ? ["Trusted developer launches"] : []),
      "Extra 0",
    ].sort(),
    safetyMinLiquidity: 5000 + (round % 3) * 1000,
    extraDescription: round % 2 === 0 ? "even rounds" : "odd rounds",
    devAlias: round % 2 === 0 ? "trusted launcher" : "trusted launcher (watch)",
    devTagCount: 1 + (round % 2),
  };
}
