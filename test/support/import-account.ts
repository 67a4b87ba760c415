import ts from "typescript";
import type { AccountSnapshot } from "../../cli/import/read-account";
import type { ApiClient } from "../../provider/api/client";
import { rulesToStored } from "../../provider/model/rule-mapping";
import type { Strategy, StrategyInput } from "../../provider/model/strategy";

const LISTED_AT = "2026-11-01T00:00:00.000Z";

/**
 * A strategy as the service lists it, for the import's renderers: one honeypot dealbreaker on
 * new tokens, inactive, unless `fields` say otherwise (trigger configs may be any shape).
 */
export function listedStrategy(
  id: string,
  name: string,
  fields: Partial<Strategy> & { triggerConfigs?: unknown } = {},
): Strategy {
  return {
    id,
    name,
    description: null,
    userId: "u",
    triggers: [{ id: "t", eventType: "new_token_created", enabled: true }],
    ...rulesToStored([{ rule: "is_honeypot", dealbreaker: true }], { view: "list" }),
    strict: false,
    alertCooldownMins: 0,
    isActive: false,
    matching: { enabled: false, minPercent: 0 },
    triggerConfigs: null,
    createdAt: LISTED_AT,
    updatedAt: LISTED_AT,
    ...fields,
  } as Strategy;
}

/** What the import reads from a PRO account: nothing but the parts a test gives. */
export function accountSnapshot(parts: Partial<AccountSnapshot>): AccountSnapshot {
  return {
    account: {
      userId: "u",
      plan: "PRO",
      limits: { strategies: { total: null, active: 25 }, rateLimit: { requestsPerMinute: 60 } },
    },
    strategies: [],
    developers: [],
    developerTags: [],
    microblogTags: [],
    webhook: { enabled: false, hasSecret: false },
    skippedTemporary: [],
    ...parts,
  } as AccountSnapshot;
}

export const DEV_ALICE = "7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU";
export const DEV_BOB = "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM";
export const DEV_QUIET = "HN7cABqLq46Es1jh92dQQisAq662SmxELLLsHHe4YWrH";

export interface BuiltAccount {
  strategyIds: string[];
  activeIds: string[];
  developerTag: { id: string; name: string };
  microblogTag: { id: string; name: string };
  webhookUrl: string;
}

export async function buildImportAccount(client: ApiClient, webhookUrl: string): Promise<BuiltAccount> {
  const devTags = (await client.devs.tags()).tags;
  const mbTags = (await client.microblog.tags({})).tags;
  const developerTag = devTags[0]!;
  const microblogTag = mbTags.find((t) => !t.isPlatformTag)!;
  const platformTag = mbTags.find((t) => t.isPlatformTag)!;

  await client.devs.add(DEV_ALICE, { alias: "Alice the deployer" });
  await client.devs.add(DEV_BOB, {});
  await client.devs.add(DEV_QUIET, { alias: "Quiet" });
  await client.devs.update(DEV_QUIET, { isActive: false });
  await client.devs.setTags(DEV_ALICE, [developerTag.id, devTags[1]!.id]);
  await client.devs.setTags(DEV_QUIET, [developerTag.id]);

  const bodies: StrategyInput[] = [
    {
      name: "Safety first",
      description: 'Clean launches only: no honeypots, no "rugs".',
      triggers: ["new_token_created", "token_graduated"],
      rules: [
        { rule: "is_honeypot", dealbreaker: true, enabled: true },
        { rule: "rugged", dealbreaker: true },
        { rule: "is_mintable", dealbreaker: false, enabled: false },
        { rule: "risk_level", dealbreaker: true, value: "medium" },
        { rule: "launch_platform", dealbreaker: false, value: "launch_platform_b", operator: "not_equals" },
        { rule: "top_10_holder_percent", dealbreaker: false, max: 30 },
        { rule: "liquidity_usd", dealbreaker: false, min: 10_000, max: 2_000_000 },
        { rule: "token_age", dealbreaker: false, min: 5, enabled: false },
        { rule: "has_website", dealbreaker: false },
      ],
      isActive: true,
      strict: true,
      alertCooldownMins: 60,
      retryPolicy: { type: "QUICK_RETRY", maxAttempts: 3, delayMinutes: 5 },
    },
    {
      name: "Momentum",
      triggers: ["token_almost_graduated", "microblog_mention_direct", "post_metadata_match"],
      triggerConfigs: {
        microblog_mention_direct: { tagId: microblogTag.id },
        post_metadata_match: { tagId: "all" },
      },
      rules: [
        { rule: "volume_24h", dealbreaker: false, config: { windows: { "5m": 5_000, "1h": 40_000 } } },
        {
          rule: "buy_sell_ratio_window",
          dealbreaker: false,
          config: { window: "1h", buyPressure: "strong" },
        },
        {
          rule: "validated_volume_spike",
          dealbreaker: true,
          config: { window: "5m", volumeSpike: "very_strong" },
        },
        {
          rule: "quality_wallet_count",
          dealbreaker: false,
          config: { minWallets: 3, walletTypes: ["whale", "smart_wallet"] },
        },
        {
          rule: "quality_wallet_total_value",
          dealbreaker: false,
          enabled: false,
          config: { minTotalValueUsd: 25_000, walletTypes: ["kol"] },
        },
        {
          rule: "quality_wallet_min_winrate",
          dealbreaker: false,
          config: { minWinratePct: 60, minWalletsAboveThreshold: 2, walletTypes: ["profitable_trader"] },
        },
        {
          rule: "coordinated_wallet_cluster",
          dealbreaker: false,
          clusterConfig: { maxTotalHeldPct: 20, maxSingleClusterPct: 8, maxClusterRisk: "medium" },
        },
        { rule: "microblog_effective_views", dealbreaker: false, min: 1_000 },
      ],
      isActive: true,
      matching: { enabled: true, minPercent: 75 },
    },
    {
      name: "Alice's launches",
      triggers: ["followed_dev_new_token_created"],
      triggerConfigs: { followed_dev_new_token_created: { scope: "wallet", developerAddress: DEV_ALICE } },
      rules: [{ rule: "is_honeypot", dealbreaker: true }],
      isActive: true,
    },
    {
      name: "Tagged developers",
      triggers: ["followed_dev_new_token_created", "microblog_mention_direct"],
      triggerConfigs: {
        followed_dev_new_token_created: { scope: "tag", tagId: developerTag.id },
        microblog_mention_direct: { tagId: platformTag.id },
      },
      rules: [{ rule: "has_freeze_authority", dealbreaker: true }],
      isActive: false,
    },
    {
      // Same name as the first: names are not unique in the app, the import's must be.
      name: "Safety first",
      triggers: ["followed_dev_new_token_created"],
      rules: [{ rule: "sell_tax", dealbreaker: true, max: 10 }],
      isActive: false,
    },
  ];
  const strategyIds: string[] = [];
  const activeIds: string[] = [];
  for (const body of bodies) {
    const s = await client.strategies.create(body);
    strategyIds.push(s.id);
    if (body.isActive) activeIds.push(s.id);
  }
  await client.webhook.put({ enabled: true, url: webhookUrl });
  return {
    strategyIds,
    activeIds,
    developerTag: { id: developerTag.id, name: developerTag.name },
    microblogTag: { id: microblogTag.id, name: microblogTag.name },
    webhookUrl,
  };
}

interface Declared {
  type: string;
  name: string;
  args: Record<string, unknown>;
}

/**
 * Runs a generated index.ts against a stand-in of the package that records every resource
 * declared; references (`dev.address`, `s.strategyId`) resolve to the values they stand for, and
 * a secret config value to `{ secretConfig: <key> }`.
 */
export async function runProgram(source: string, tags: { developer: object[]; microblog: object[] }) {
  const declared: Declared[] = [];
  const resource = (type: string) =>
    class {
      address: unknown;
      strategyId: unknown;
      activeStrategyIds: unknown;
      constructor(name: string, args: Record<string, unknown>) {
        declared.push({ type, name, args });
        this.address = args.address;
        this.strategyId = args.adopt;
        this.activeStrategyIds = args.strategyIds;
      }
    };
  const sa = {
    FollowedDeveloper: resource("FollowedDeveloper"),
    DeveloperTags: resource("DeveloperTags"),
    Webhook: resource("Webhook"),
    Strategy: resource("Strategy"),
    StrategyActivation: resource("StrategyActivation"),
    getDeveloperTags: async () => tags.developer,
    getMicroblogTags: async () => tags.microblog,
  };
  const pulumi = {
    Config: class {
      requireSecret(key: string) {
        return { secretConfig: key };
      }
    },
  };
  const js = ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.CommonJS } }).outputText;
  const module = { exports: {} as unknown };
  const requireStub = (id: string) => {
    if (id === "pulumi-strategy-alerts") return sa;
    if (id === "@pulumi/pulumi") return pulumi;
    throw new Error(`the program requires ${id}`);
  };
  new Function("require", "module", "exports", js)(requireStub, module, module.exports);
  const outputs = await (module.exports as () => Promise<unknown>)();
  return { declared, outputs };
}
