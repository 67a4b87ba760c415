/** fast-check generators of valid model values, shared by the model's property tests. */
import fc from "fast-check";
import {
  BUY_PRESSURES,
  CLUSTER_RISKS,
  EVENT_TYPES,
  LAUNCH_PLATFORMS,
  RISK_LEVELS,
  RULE_CATALOG,
  RULE_IDS,
  type RuleId,
  type RuleItem,
  type StrategyInput,
  VOLUME_SPIKES,
  VOLUME_WINDOWS,
  WALLET_TYPES,
} from "../../../provider/model";

// -0 is a valid number but not a value anyone writes; keep generated numbers plain.
const plain = (n: number) => (n === 0 ? 0 : n);
const amount = fc
  .oneof(fc.integer({ min: 0, max: 1_000_000 }), fc.double({ min: 0, max: 1_000_000, noNaN: true }))
  .map(plain);
const percent = fc
  .oneof(fc.integer({ min: 0, max: 100 }), fc.double({ min: 0, max: 100, noNaN: true }))
  .map(plain);
const count = fc.integer({ min: 0, max: 10_000 });
const walletTypes = fc.uniqueArray(fc.constantFrom(...WALLET_TYPES), { minLength: 1 });
const window = fc.constantFrom(...VOLUME_WINDOWS);
const enabled = fc.option(fc.boolean(), { nil: undefined });

function withOptional<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

const mixedCase = (s: string) =>
  fc
    .array(fc.boolean(), { minLength: s.length, maxLength: s.length })
    .map((flags) => [...s].map((c, i) => (flags[i] ? c.toLowerCase() : c)).join(""));

const configs = {
  volume_24h: fc
    .record(Object.fromEntries(VOLUME_WINDOWS.map((w) => [w, amount])), { requiredKeys: [] })
    .filter((w) => Object.keys(w).length > 0)
    .map((windows) => ({ windows })),
  buy_sell_ratio_window: fc.record({ window, buyPressure: fc.constantFrom(...BUY_PRESSURES) }),
  validated_volume_spike: fc.record({ window, volumeSpike: fc.constantFrom(...VOLUME_SPIKES) }),
  quality_wallet_count: fc.record({ minWallets: count, walletTypes }),
  quality_wallet_total_value: fc.record({ minTotalValueUsd: amount, walletTypes }),
  quality_wallet_min_winrate: fc.record({
    minWinratePct: percent,
    minWalletsAboveThreshold: count,
    walletTypes,
  }),
  coordinated_wallet_cluster: fc.record({
    maxTotalHeldPct: percent,
    maxSingleClusterPct: percent,
    maxClusterRisk: fc.constantFrom(...CLUSTER_RISKS),
  }),
} as Record<string, fc.Arbitrary<Record<string, unknown>>>;

const numericBounds = fc.oneof(
  amount.map((min) => ({ min })),
  amount.map((max) => ({ max })),
  fc
    .tuple(amount, amount)
    .filter(([a, b]) => a !== b)
    .map(([a, b]) => ({ min: Math.min(a, b), max: Math.max(a, b) })),
);

/** A valid rule item for the given rule id. */
export function ruleItemArb(id: RuleId): fc.Arbitrary<RuleItem> {
  const def = RULE_CATALOG[id];
  const dealbreaker = def.dealbreakerAllowed ? fc.boolean() : fc.constant(false);
  let arb: fc.Arbitrary<Record<string, unknown>>;
  switch (def.kind) {
    case "boolean":
      arb = fc.record({ dealbreaker, enabled });
      break;
    case "numeric":
      arb = fc
        .tuple(dealbreaker, numericBounds, fc.option(fc.constant(false), { nil: undefined }))
        .map(([d, bounds, off]) => ({ dealbreaker: d, ...bounds, enabled: off }));
      break;
    case "enum": {
      const value =
        id === "risk_level"
          ? fc.constantFrom(...RISK_LEVELS).chain(mixedCase)
          : fc.constantFrom(...LAUNCH_PLATFORMS);
      const operator = fc.option(fc.constantFrom("equals", "not_equals"), { nil: undefined });
      arb = fc.record({ dealbreaker, value, operator });
      break;
    }
    case "object":
      arb = fc.record({ dealbreaker, enabled, [def.configKey]: configs[id]! });
      break;
  }
  return arb.map((fields) => withOptional({ rule: id, ...fields }) as RuleItem);
}

const anyRuleItemArb: fc.Arbitrary<RuleItem> = fc.constantFrom(...RULE_IDS).chain(ruleItemArb);

/** Rule items, a rule possibly more than once (the canonical form and the mapping take any list). */
export const rulesArb = fc.array(anyRuleItemArb, { minLength: 1, maxLength: 12 });

/** Rule items as a valid strategy holds them: each rule once. */
const ruleSetArb = fc.uniqueArray(anyRuleItemArb, {
  minLength: 1,
  maxLength: 12,
  selector: (item) => item.rule,
});

const uuid = fc.uuid();
const tagId = fc.oneof(fc.constant("all"), uuid);

/** A valid create input, trigger configs consistent with the triggers it uses. */
export const strategyInputArb: fc.Arbitrary<StrategyInput> = fc
  .record({
    name: fc.string({ minLength: 1, maxLength: 100 }).filter((s) => s.trim().length > 0),
    description: fc.option(fc.string({ maxLength: 500 }), { nil: undefined }),
    triggers: fc.uniqueArray(fc.constantFrom(...EVENT_TYPES), { minLength: 1 }),
    rules: ruleSetArb,
    isActive: fc.boolean(),
    strict: fc.option(fc.boolean(), { nil: undefined }),
    alertCooldownMins: fc.option(fc.integer({ min: 0, max: 1440 }), { nil: undefined }),
    tags: fc.tuple(tagId, tagId),
    followed: fc.oneof(
      fc.constant(undefined),
      fc.constant({ scope: "all" as const }),
      uuid.map((t) => ({ scope: "tag" as const, tagId: t })),
      fc
        .string({
          unit: fc.constantFrom(..."123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"),
          minLength: 32,
          maxLength: 44,
        })
        .map((a) => ({ scope: "wallet" as const, developerAddress: a })),
    ),
  })
  .map(({ tags, followed, ...rest }) => {
    const triggerConfigs: Record<string, unknown> = {};
    if (rest.triggers.includes("microblog_mention_direct"))
      triggerConfigs.microblog_mention_direct = { tagId: tags[0] };
    if (rest.triggers.includes("post_metadata_match"))
      triggerConfigs.post_metadata_match = { tagId: tags[1] };
    if (rest.triggers.includes("followed_dev_new_token_created") && followed !== undefined) {
      triggerConfigs.followed_dev_new_token_created = followed;
    }
    const input = withOptional({ ...rest }) as StrategyInput;
    if (Object.keys(triggerConfigs).length > 0)
      input.triggerConfigs = triggerConfigs as StrategyInput["triggerConfigs"];
    return input;
  });
