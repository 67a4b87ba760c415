// A token-alerting strategy portfolio as code, in Go: the five kinds of the strategy-alerts
// provider (strategies, their activation, a followed developer, its tags, the webhook), as in
// examples/portfolio (TypeScript) and examples/yaml-portfolio (YAML).
//
// Stack config of the provider (set per stack, never here):
//
//	strategy-alerts:apiKey   your API key: always `pulumi config set --secret`
//	strategy-alerts:baseUrl  the API base URL, ending in /api/external/v1
//
// STRATEGY_ALERTS_API_KEY and STRATEGY_ALERTS_BASE_URL, when set, take precedence.
package main

import (
	"fmt"
	"strings"

	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi/config"
	sa "github.com/strategy-alerts/pulumi-strategy-alerts/sdk/go/strategyalerts"
)

func main() {
	pulumi.Run(portfolio)
}

// tagID is the id of the tag with this name, failing with the names that exist when there is none.
func tagID(tags map[string]string, name string) (string, error) {
	if id, ok := tags[name]; ok {
		return id, nil
	}
	names := make([]string, 0, len(tags))
	for n := range tags {
		names = append(names, n)
	}
	return "", fmt.Errorf("no tag named %q; the account has: %s", name, strings.Join(names, ", "))
}

func portfolio(ctx *pulumi.Context) error {
	cfg := config.New(ctx, "")

	// Lookups: ids the app assigns (tags) are looked up by name instead of being pasted into code.
	// They are read-only requests and run during preview too.
	developerTags := sa.LookupDeveloperTagsOutput(ctx).Tags().ApplyT(func(tags []sa.DeveloperTag) map[string]string {
		byName := map[string]string{}
		for _, t := range tags {
			byName[t.Name] = t.Id
		}
		return byName
	}).(pulumi.StringMapOutput)
	microblogTags := sa.GetMicroblogTagsOutput(ctx, sa.GetMicroblogTagsOutputArgs{
		Scope: sa.MicroblogTagsQueryScopePlatform,
	}).Tags().ApplyT(func(tags []sa.MicroblogTag) map[string]string {
		byName := map[string]string{}
		for _, t := range tags {
			byName[t.Name] = t.Id
		}
		return byName
	}).(pulumi.StringMapOutput)
	tagNamed := func(tags pulumi.StringMapOutput, name string) pulumi.StringOutput {
		return tags.ApplyT(func(m map[string]string) (string, error) { return tagID(m, name) }).(pulumi.StringOutput)
	}

	// Rule items: a Strategy's Rules is a sa.RuleArray, whose items are the SDK's rule item types
	// (a string or a misspelled type there fails to compile), each rule named by a constant of its
	// kind (sa.BooleanRuleIsHoneypot). Shorthands for the two common kinds:
	boolean := func(rule sa.BooleanRule, dealbreaker bool) sa.BooleanRuleItemArgs {
		return sa.BooleanRuleItemArgs{Rule: rule, Dealbreaker: pulumi.Bool(dealbreaker), Enabled: pulumi.Bool(true)}
	}
	atLeast := func(rule sa.NumericRule, dealbreaker bool, min float64) sa.NumericRuleItemArgs {
		return sa.NumericRuleItemArgs{Rule: rule, Dealbreaker: pulumi.Bool(dealbreaker), Min: pulumi.Float64(min)}
	}
	atMost := func(rule sa.NumericRule, dealbreaker bool, max float64) sa.NumericRuleItemArgs {
		return sa.NumericRuleItemArgs{Rule: rule, Dealbreaker: pulumi.Bool(dealbreaker), Max: pulumi.Float64(max)}
	}
	number := func(key string, fallback float64) float64 {
		if v, err := cfg.TryFloat64(key); err == nil {
			return v
		}
		return fallback
	}

	// 1. Safety first: a strict set of dealbreakers for every new launch. Any failed dealbreaker
	//    rejects the token; the other rules (grouped by product area) must all pass too.
	safetyFirst, err := sa.NewStrategy(ctx, "safety-first", &sa.StrategyArgs{
		Name:        pulumi.String("Safety first"),
		Description: pulumi.String("New launches with no contract red flags, a spread-out holder base and real liquidity."),
		Triggers:    sa.EventTypeArray{sa.EventTypeNewTokenCreated},
		Rules: sa.RuleArray{
			// Boolean dealbreakers: Enabled applies the check (the flaw must be absent).
			boolean(sa.BooleanRuleIsHoneypot, true),
			boolean(sa.BooleanRuleIsMintable, true),
			boolean(sa.BooleanRuleHasFreezeAuthority, true),
			boolean(sa.BooleanRuleRugged, true),
			boolean(sa.BooleanRuleHasCreatorRugHistory, true),
			// Enum rules act as a threshold: MEDIUM accepts MEDIUM and LOW.
			sa.RiskLevelRuleItemArgs{Rule: sa.RiskLevelRuleRiskLevel, Dealbreaker: pulumi.Bool(true), Value: pulumi.String("MEDIUM")},
			// Numeric rules: min and/or max.
			atMost(sa.NumericRuleTop10HolderPercent, true, 30),
			atMost(sa.NumericRuleSellTax, true, 10),
			// Non-dealbreakers: grouped (Market, Socials) and ANDed within a group.
			atLeast(sa.NumericRuleLiquidityUsd, false, number("safetyMinLiquidity", 5_000)),
			atLeast(sa.NumericRuleHolderCount, false, 100),
			boolean(sa.BooleanRuleHasWebsite, false),
		},
		AlertCooldownMins: pulumi.Int(60),
	})
	if err != nil {
		return err
	}

	// 2. Momentum: tokens that KOLs mention or that are close to graduating, with volume, buy
	//    pressure and quality wallets behind them. Object rules carry a Config; the cluster rule a
	//    ClusterConfig. (Quality-wallet and cluster rules cannot be dealbreakers.)
	momentum, err := sa.NewStrategy(ctx, "momentum", &sa.StrategyArgs{
		Name:        pulumi.String("Momentum"),
		Description: pulumi.String("Mentioned by KOLs or about to graduate, with volume and smart money behind it."),
		Triggers:    sa.EventTypeArray{sa.EventTypeMicroblogMentionDirect, sa.EventTypeTokenAlmostGraduated},
		TriggerConfigs: sa.TriggerConfigsArgs{
			MicroblogMentionDirect: sa.TriggerConfigsMicroblogMentionDirectArgs{TagId: tagNamed(microblogTags, "KOL Majors")},
		},
		Rules: sa.RuleArray{
			boolean(sa.BooleanRuleIsHoneypot, true),
			boolean(sa.BooleanRuleRugged, true),
			atLeast(sa.NumericRuleLiquidityUsd, true, 5_000),
			sa.Volume24hRuleItemArgs{
				Rule:        sa.Volume24hRuleVolume24h,
				Dealbreaker: pulumi.Bool(false),
				// Minimum traded volume (USD) per window, keyed by the service's window names.
				Config: sa.Volume24hConfigArgs{Windows: pulumi.Float64Map{
					"5m": pulumi.Float64(2_000),
					"1h": pulumi.Float64(number("momentumVolume1h", 10_000)),
				}},
			},
			sa.BuySellRatioRuleItemArgs{
				Rule:        sa.BuySellRatioRuleBuySellRatioWindow,
				Dealbreaker: pulumi.Bool(false),
				Config: sa.BuySellRatioConfigArgs{
					Window:      sa.Window_1h,
					BuyPressure: sa.BuyPressureStrong,
				},
			},
			sa.VolumeSpikeRuleItemArgs{
				Rule:        sa.VolumeSpikeRuleValidatedVolumeSpike,
				Dealbreaker: pulumi.Bool(false),
				Config: sa.VolumeSpikeConfigArgs{
					Window:      sa.Window_5m,
					VolumeSpike: sa.VolumeSpikeStrong,
				},
			},
			sa.QualityWalletCountRuleItemArgs{
				Rule:        sa.QualityWalletCountRuleQualityWalletCount,
				Dealbreaker: pulumi.Bool(false),
				Config: sa.QualityWalletCountConfigArgs{
					MinWallets: pulumi.Int(3),
					WalletTypes: sa.WalletTypeArray{
						sa.WalletTypeSmartWallet,
						sa.WalletTypeKol,
						sa.WalletTypeProfitableTrader,
					},
				},
			},
			sa.CoordinatedWalletClusterRuleItemArgs{
				Rule:        sa.CoordinatedWalletClusterRuleCoordinatedWalletCluster,
				Dealbreaker: pulumi.Bool(false),
				ClusterConfig: sa.ClusterConfigArgs{
					MaxTotalHeldPct:     pulumi.Float64(15),
					MaxSingleClusterPct: pulumi.Float64(10),
					MaxClusterRisk:      sa.ClusterRiskMedium,
				},
			},
		},
		AlertCooldownMins: pulumi.Int(30),
		// At least 80% of the non-dealbreaker rules must pass, instead of every group.
		Matching: sa.MatchingArgs{Enabled: pulumi.Bool(true), MinPercent: pulumi.Float64(80)},
	})
	if err != nil {
		return err
	}

	// 3. A developer we follow, tagged, and a strategy for that wallet's new launches.
	developerAddress := cfg.Get("developerAddress")
	if developerAddress == "" {
		developerAddress = "5p2hWfGq8V7aZ9kNnR3sT4uX6yB1cD2eF3gH4jK5mL6"
	}
	dev, err := sa.NewFollowedDeveloper(ctx, "trusted-dev", &sa.FollowedDeveloperArgs{
		Address: pulumi.String(developerAddress),
		Alias:   pulumi.String("trusted launcher"),
	})
	if err != nil {
		return err
	}
	if _, err := sa.NewDeveloperTags(ctx, "trusted-dev-tags", &sa.DeveloperTagsArgs{
		// dev.Address (an output) makes the tags wait until the developer is followed.
		Address: dev.Address,
		TagIds:  pulumi.StringArray{tagNamed(developerTags, "Trusted"), tagNamed(developerTags, "Watchlist")},
	}); err != nil {
		return err
	}
	devLaunches, err := sa.NewStrategy(ctx, "dev-launches", &sa.StrategyArgs{
		Name:        pulumi.String("Trusted developer launches"),
		Description: pulumi.String("Every new token of the followed trusted developer, unless it is obviously unsafe."),
		Triggers:    sa.EventTypeArray{sa.EventTypeFollowedDevNewTokenCreated},
		// Scope "wallet" names one followed developer; naming dev.Address orders this after the follow.
		TriggerConfigs: sa.TriggerConfigsArgs{
			FollowedDevNewTokenCreated: sa.FollowedDevWalletArgs{
				Scope:            sa.FollowedDevWalletScopeWallet,
				DeveloperAddress: dev.Address,
			},
		},
		Rules: sa.RuleArray{
			boolean(sa.BooleanRuleIsHoneypot, true),
			atLeast(sa.NumericRuleLiquidityUsd, false, number("devMinLiquidity", 1_000)),
			atMost(sa.NumericRuleDevWalletPercent, true, 5),
		},
	})
	if err != nil {
		return err
	}

	// 4. Where alerts go: the account's webhook (only when a url is configured). With
	//    RequireVerified (the default) an url that fails the handshake fails the update; the url
	//    and the signing secret are kept and the next `up` verifies again.
	if url := cfg.Get("webhookUrl"); url != "" {
		requireVerified := true
		if v, err := cfg.TryBool("requireVerified"); err == nil {
			requireVerified = v
		}
		webhook, err := sa.NewWebhook(ctx, "alerts-webhook", &sa.WebhookArgs{
			Url:             pulumi.String(url),
			Enabled:         pulumi.Bool(true),
			RequireVerified: pulumi.Bool(requireVerified),
		})
		if err != nil {
			return err
		}
		ctx.Export("webhookVerifiedAt", webhook.VerifiedAt)
		// The signing secret for verifying deliveries; stored encrypted.
		ctx.Export("webhookSecret", pulumi.ToSecret(webhook.Secret))
	}

	// 5. Which strategies are active: one StrategyActivation holds the whole active set of the
	//    stack. Its preview checks the set against the plan's active limit; strategies are created
	//    inactive and only this resource activates them.
	activation, err := sa.NewStrategyActivation(ctx, "active-set", &sa.StrategyActivationArgs{
		StrategyIds: pulumi.StringArray{safetyFirst.StrategyId, momentum.StrategyId, devLaunches.StrategyId},
		Exclusive:   pulumi.Bool(cfg.GetBool("exclusive")),
	})
	if err != nil {
		return err
	}

	// Outputs (`pulumi stack output`; the webhook secret only with --show-secrets).
	ctx.Export("strategyIds", pulumi.StringMap{
		"safetyFirst": safetyFirst.StrategyId,
		"momentum":    momentum.StrategyId,
		"devLaunches": devLaunches.StrategyId,
	})
	ctx.Export("activeStrategyIds", activation.ActiveStrategyIds)
	ctx.Export("followedDeveloper", dev.Address)
	return nil
}
