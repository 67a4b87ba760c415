/**
 * Adopting a strategy that was made in the app, so that code owns it from now on.
 *
 * `pulumi import` does not work for dynamic providers, so adoption is an input: `adopt: <id>`
 * makes the first `pulumi up` take over that strategy (read it, then update it to what is
 * declared here) instead of creating a new one. The id is found by name with
 * `sa.getStrategies`, so nothing has to be copied from the app.
 *
 * Stack config:
 *   strategy-alerts:apiKey   your API key (`pulumi config set --secret`)
 *   strategy-alerts:baseUrl  the API base URL
 *   adopt:strategyName       the name of the strategy in the app (default "Early launches")
 *   adopt:keepActive         default true: keep it active through a StrategyActivation
 */
import * as pulumi from "@pulumi/pulumi";
import * as sa from "pulumi-strategy-alerts";

const config = new pulumi.Config("adopt");
const name = config.get("strategyName") ?? "Early launches";

// An async program: Pulumi waits for it and exports what it returns.
export = async () => {
  // The strategy to take over. Names are not unique in the app, so more than one match is an
  // error that lists the ids (pick one and pass it as `adopt` literally). None found: the
  // strategy is created. After the first `up` the lookup finds the adopted strategy itself, and a
  // changed `adopt` value is never a change, so the program stays the same from then on.
  const found = await sa.getStrategies({ name });
  if (found.length > 1) {
    throw new pulumi.RunError(
      `${found.length} strategies are named "${name}" (${found.map((s) => s.id).join(", ")}): ` +
        "set adopt to the id of the one to take over",
    );
  }
  const existingId = found[0]?.id;

  const adopted = new sa.Strategy(
    "early-launches",
    {
      adopt: existingId,
      // The declared state. The first `up` updates the app's strategy to exactly this: write
      // down what the app shows (GET /strategies) to make adoption change nothing, or change it
      // here and review the change in the pull request like any other.
      name,
      description: "Adopted from the app; edit it in code from now on.",
      triggers: ["new_token_created"],
      rules: [
        { rule: "is_honeypot", dealbreaker: true, enabled: true },
        { rule: "is_mintable", dealbreaker: true, enabled: true },
        // token_age is in minutes. Strategies saved before 11 March 2026 may hold hours here:
        // refresh and adoption warn when a stored threshold looks like hours.
        { rule: "token_age", dealbreaker: false, max: 30 },
        { rule: "liquidity_usd", dealbreaker: false, min: 2_000 },
      ],
    },
    // Removing the resource from code deletes the strategy in the app; protect: true makes
    // `pulumi destroy` and an accidental removal fail instead.
    { protect: config.getBoolean("protect") ?? false },
  );

  // A Strategy never changes whether it is active; a StrategyActivation does. Declaring one
  // keeps the adopted strategy active (exclusive: false leaves other active strategies alone).
  const activation =
    (config.getBoolean("keepActive") ?? true)
      ? new sa.StrategyActivation("adopted-active", { strategyIds: [adopted.strategyId] })
      : undefined;

  return {
    strategyId: adopted.strategyId,
    adoptedFrom: existingId ?? "(none found: created)",
    activeStrategyIds: activation?.activeStrategyIds,
  };
};
