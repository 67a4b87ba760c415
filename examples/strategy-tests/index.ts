/**
 * The portfolio of strategies.ts as a Pulumi program: `npx vitest run` first (the tests in
 * strategies.test.ts), then `pulumi preview` / `pulumi up`.
 *
 * Stack config: strategy-alerts:apiKey (secret) and strategy-alerts:baseUrl.
 */
import * as sa from "pulumi-strategy-alerts";
import { portfolio, type StrategyDefinition } from "./strategies";

// The service refuses a strategy that follows a wallet the account does not follow: each wallet a
// trigger config names is followed here, and the strategy takes the follow's address output, which
// orders it after the follow.
const developers = new Map<string, sa.FollowedDeveloper>();
function following({ triggerConfigs }: StrategyDefinition) {
  const wallet = triggerConfigs?.followed_dev_new_token_created;
  if (!wallet) return triggerConfigs;
  let developer = developers.get(wallet.developerAddress);
  if (!developer) {
    developer = new sa.FollowedDeveloper(`developer-${developers.size + 1}`, {
      address: wallet.developerAddress,
    });
    developers.set(wallet.developerAddress, developer);
  }
  return {
    ...triggerConfigs,
    followed_dev_new_token_created: { ...wallet, developerAddress: developer.address },
  };
}

const strategies = portfolio.map(
  (definition) =>
    new sa.Strategy(definition.name.toLowerCase().replace(/[^a-z0-9]+/g, "-"), {
      name: definition.name,
      triggers: definition.triggers,
      triggerConfigs: following(definition),
      rules: definition.rules,
      strict: definition.strict,
    }),
);

const activation = new sa.StrategyActivation("active-strategies", {
  strategyIds: strategies.map((s) => s.strategyId),
});

export const activeStrategyIds = activation.activeStrategyIds;
