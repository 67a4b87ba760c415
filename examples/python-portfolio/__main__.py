"""A token-alerting strategy portfolio declared as code: examples/portfolio in Python.

Stack config:
  strategy-alerts:apiKey       your API key (always `pulumi config set --secret`)
  strategy-alerts:baseUrl      the API base URL, ending in /api/external/v1
  webhookUrl                   optional: where signed alerts are delivered
  requireVerified              optional, default true: fail the update when the webhook url
                               does not answer the verification handshake
  developerAddress             optional: the developer wallet to follow
  exclusive                    optional, default false: deactivate every active strategy of
                               the account that this portfolio does not declare
  safetyMinLiquidity           optional, default 5000: the liquidity (USD) "Safety first" requires
"""

import pulumi
import pulumi_strategy_alerts as sa

config = pulumi.Config()


def tag_id(tags, name):
    """The id of the tag with this name, failing with the names that exist when there is none."""
    for tag in tags:
        if tag.name == name:
            return tag.id
    names = ", ".join(tag.name for tag in tags)
    raise pulumi.RunError(f'no tag named "{name}"; the account has: {names}')


# Lookups: ids the app assigns (tags) are looked up by name instead of being pasted into code.
developer_tags = sa.get_developer_tags_output().tags
microblog_tags = sa.get_microblog_tags_output(scope=sa.MicroblogTagsQueryScope.PLATFORM).tags


def enabled(rule):
    return sa.BooleanRuleItemArgs(rule=rule, dealbreaker=True, enabled=True)


# 1. Safety first: a strict set of dealbreakers for every new launch.
safety_first = sa.Strategy(
    "safety-first",
    name="Safety first",
    description="New launches with no contract red flags, a spread-out holder base and real liquidity.",
    triggers=[sa.EventType.NEW_TOKEN_CREATED],
    rules=[
        enabled(sa.BooleanRule.IS_HONEYPOT),
        enabled(sa.BooleanRule.IS_MINTABLE),
        enabled(sa.BooleanRule.HAS_FREEZE_AUTHORITY),
        enabled(sa.BooleanRule.RUGGED),
        enabled(sa.BooleanRule.HAS_CREATOR_RUG_HISTORY),
        # Enum rules act as a threshold: MEDIUM accepts MEDIUM and LOW.
        sa.RiskLevelRuleItemArgs(rule=sa.RiskLevelRule.RISK_LEVEL, dealbreaker=True, value="MEDIUM"),
        sa.NumericRuleItemArgs(rule=sa.NumericRule.TOP_10_HOLDER_PERCENT, dealbreaker=True, max=30),
        sa.NumericRuleItemArgs(rule=sa.NumericRule.SELL_TAX, dealbreaker=True, max=10),
        sa.NumericRuleItemArgs(
            rule=sa.NumericRule.LIQUIDITY_USD,
            dealbreaker=False,
            min=config.get_float("safetyMinLiquidity") or 5_000,
        ),
        sa.NumericRuleItemArgs(rule=sa.NumericRule.HOLDER_COUNT, dealbreaker=False, min=100),
        sa.BooleanRuleItemArgs(rule=sa.BooleanRule.HAS_WEBSITE, dealbreaker=False, enabled=True),
    ],
    alert_cooldown_mins=60,
)

# 2. Momentum: tokens that KOLs mention or that are close to graduating, with volume, buy
#    pressure and quality wallets behind them. The volume windows are keyed by the service's names.
momentum = sa.Strategy(
    "momentum",
    name="Momentum",
    description="Mentioned by KOLs or about to graduate, with volume and smart money behind it.",
    triggers=[sa.EventType.MICROBLOG_MENTION_DIRECT, sa.EventType.TOKEN_ALMOST_GRADUATED],
    trigger_configs=sa.TriggerConfigsArgs(
        microblog_mention_direct=sa.TriggerConfigsMicroblogMentionDirectArgs(
            tag_id=microblog_tags.apply(lambda tags: tag_id(tags, "KOL Majors")),
        ),
    ),
    rules=[
        enabled(sa.BooleanRule.IS_HONEYPOT),
        enabled(sa.BooleanRule.RUGGED),
        sa.NumericRuleItemArgs(rule=sa.NumericRule.LIQUIDITY_USD, dealbreaker=True, min=5_000),
        sa.Volume24hRuleItemArgs(
            rule=sa.Volume24hRule.VOLUME_24H,
            dealbreaker=False,
            config=sa.Volume24hConfigArgs(windows={"5m": 2_000, "1h": 10_000}),
        ),
        sa.BuySellRatioRuleItemArgs(
            rule=sa.BuySellRatioRule.BUY_SELL_RATIO_WINDOW,
            dealbreaker=False,
            config=sa.BuySellRatioConfigArgs(window=sa.Window.WINDOW_1H, buy_pressure=sa.BuyPressure.STRONG),
        ),
        sa.VolumeSpikeRuleItemArgs(
            rule=sa.VolumeSpikeRule.VALIDATED_VOLUME_SPIKE,
            dealbreaker=False,
            config=sa.VolumeSpikeConfigArgs(window=sa.Window.WINDOW_5M, volume_spike=sa.VolumeSpike.STRONG),
        ),
        sa.QualityWalletCountRuleItemArgs(
            rule=sa.QualityWalletCountRule.QUALITY_WALLET_COUNT,
            dealbreaker=False,
            config=sa.QualityWalletCountConfigArgs(
                min_wallets=3,
                wallet_types=[sa.WalletType.SMART_WALLET, sa.WalletType.KOL, sa.WalletType.PROFITABLE_TRADER],
            ),
        ),
        sa.CoordinatedWalletClusterRuleItemArgs(
            rule=sa.CoordinatedWalletClusterRule.COORDINATED_WALLET_CLUSTER,
            dealbreaker=False,
            cluster_config=sa.ClusterConfigArgs(
                max_total_held_pct=15, max_single_cluster_pct=10, max_cluster_risk=sa.ClusterRisk.MEDIUM
            ),
        ),
    ],
    alert_cooldown_mins=30,
    # At least 80% of the non-dealbreaker rules must pass, instead of every group.
    matching=sa.MatchingArgs(enabled=True, min_percent=80),
)

# 3. A developer we follow, tagged, and a strategy for that wallet's new launches.
dev = sa.FollowedDeveloper(
    "trusted-dev",
    address=config.get("developerAddress") or "5p2hWfGq8V7aZ9kNnR3sT4uX6yB1cD2eF3gH4jK5mL6",
    alias="trusted launcher",
)

sa.DeveloperTags(
    "trusted-dev-tags",
    # dev.address (an output) makes the tags wait until the developer is followed.
    address=dev.address,
    tag_ids=developer_tags.apply(lambda tags: [tag_id(tags, "Trusted"), tag_id(tags, "Watchlist")]),
)

dev_launches = sa.Strategy(
    "dev-launches",
    name="Trusted developer launches",
    description="Every new token of the followed trusted developer, unless it is obviously unsafe.",
    triggers=[sa.EventType.FOLLOWED_DEV_NEW_TOKEN_CREATED],
    # scope "wallet" names one followed developer; naming dev.address orders this after the follow.
    trigger_configs=sa.TriggerConfigsArgs(
        followed_dev_new_token_created=sa.FollowedDevWalletArgs(
            scope=sa.FollowedDevWalletScope.WALLET,
            developer_address=dev.address,
        ),
    ),
    rules=[
        enabled(sa.BooleanRule.IS_HONEYPOT),
        sa.NumericRuleItemArgs(rule=sa.NumericRule.DEV_WALLET_PERCENT, dealbreaker=True, max=5),
        sa.NumericRuleItemArgs(rule=sa.NumericRule.LIQUIDITY_USD, dealbreaker=False, min=1_000),
    ],
)

# 4. Where alerts go: the account's webhook (only when a url is configured).
webhook_url = config.get("webhookUrl")
webhook = (
    sa.Webhook(
        "alerts-webhook",
        url=webhook_url,
        enabled=True,
        require_verified=config.get_bool("requireVerified") is not False,
    )
    if webhook_url
    else None
)

# 5. Which strategies are active: one StrategyActivation holds the whole active set of the stack.
activation = sa.StrategyActivation(
    "active-set",
    strategy_ids=[safety_first.strategy_id, momentum.strategy_id, dev_launches.strategy_id],
    exclusive=config.get_bool("exclusive") or False,
)

# Outputs (`pulumi stack output`; the webhook secret only with --show-secrets).
pulumi.export(
    "strategyIds",
    {
        "safetyFirst": safety_first.strategy_id,
        "momentum": momentum.strategy_id,
        "devLaunches": dev_launches.strategy_id,
    },
)
pulumi.export("activeStrategyIds", activation.active_strategy_ids)
pulumi.export("followedDeveloper", dev.address)
if webhook is not None:
    pulumi.export("webhookVerifiedAt", webhook.verified_at)
    pulumi.export("webhookSecret", pulumi.Output.secret(webhook.secret))
