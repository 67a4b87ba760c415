/**
 * The portfolio of strategies.ts as a Pulumi program: `npx vitest run` first (the tests in
 * strategies.test.ts), then `pulumi preview` / `pulumi up`.
 *
 * Stack config: strategy-alerts:apiKey (secret) and strategy-alerts:baseUrl.
 */
import * as sa from "pulumi-strategy-alerts";
import { portfolio } from "./strategies";

const strategies = portfolio.map(
  ({ name, triggers, triggerConfigs, rules, strict }) =>
    new sa.Strategy(name.toLowerCase().replace(/[^a-z0-9]+/g, "-"), {
      name,
      triggers,
      triggerConfigs,
      rules,
      strict,
    }),
);

const activation = new sa.StrategyActivation("active-strategies", {
  strategyIds: strategies.map((s) => s.strategyId),
});

export const activeStrategyIds = activation.activeStrategyIds;
