import type { StrategyInput } from "../../provider/model/strategy";

/** A valid create body (service-api.md#strategy-input) with three rules, to vary from. */
export function sampleStrategy(fields: Partial<StrategyInput> = {}): StrategyInput {
  return {
    name: "Momentum",
    triggers: ["new_token_created"],
    rules: [
      { rule: "is_honeypot", dealbreaker: true, enabled: true },
      { rule: "liquidity_usd", dealbreaker: false, min: 5000 },
      { rule: "has_website", dealbreaker: false, enabled: true },
    ],
    isActive: false,
    ...fields,
  };
}
