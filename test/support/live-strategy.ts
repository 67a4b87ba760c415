import { rulesToStored } from "../../provider/model/rule-mapping";
import type { Strategy } from "../../provider/model/strategy";

export const RULES = [
  { rule: "liquidity_usd", dealbreaker: true, min: 5000 },
  { rule: "has_website", dealbreaker: false },
];

/** A strategy as the service lists it, with its rules in the stored form. */
export function live(overrides: Partial<Strategy> = {}, rules: unknown[] = RULES): Strategy {
  let n = 0;
  const stored = rulesToStored(rules as never, { view: "list", newId: () => `id-${++n}` });
  return {
    id: "s-1",
    name: "Momentum",
    description: null,
    userId: "u-1",
    triggers: [{ id: "t-1", eventType: "new_token_created", enabled: true }],
    ...stored,
    strict: false,
    alertCooldownMins: 0,
    isActive: false,
    createdAt: "2026-11-01T00:00:00.000Z",
    updatedAt: "2026-11-01T00:00:00.000Z",
    ...overrides,
  } as Strategy;
}
