// The bench's Go program: the portfolio of the YAML and TypeScript bench programs (N strategies of
// three rules and the activation holding them) on the generated Go SDK (sdk/go). It runs on the
// release binary (the Go door) and on the native floor alike. Config: n (how many), min (the
// first liquidity floor; a change moves it).
package main

import (
	"fmt"

	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi/config"
	sa "github.com/strategy-alerts/pulumi-strategy-alerts/sdk/go/strategyalerts"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		cfg := config.New(ctx, "")
		n, min := cfg.RequireInt("n"), cfg.RequireInt("min")
		ids := make(pulumi.StringArray, 0, n)
		for i := 0; i < n; i++ {
			s, err := sa.NewStrategy(ctx, fmt.Sprintf("s%d", i), &sa.StrategyArgs{
				Name:     pulumi.String(fmt.Sprintf("s strategy %d", i)),
				Triggers: sa.EventTypeArray{sa.EventTypeNewTokenCreated},
				Rules: sa.RuleArray{
					sa.NumericRuleItemArgs{Rule: sa.NumericRuleLiquidityUsd, Dealbreaker: pulumi.Bool(true), Min: pulumi.Float64(float64(min + i))},
					sa.BooleanRuleItemArgs{Rule: sa.BooleanRuleHasWebsite, Dealbreaker: pulumi.Bool(false)},
					sa.RiskLevelRuleItemArgs{Rule: sa.RiskLevelRuleRiskLevel, Dealbreaker: pulumi.Bool(false), Value: pulumi.String("MEDIUM")},
				},
			})
			if err != nil {
				return err
			}
			ids = append(ids, s.StrategyId)
		}
		_, err := sa.NewStrategyActivation(ctx, "active", &sa.StrategyActivationArgs{StrategyIds: ids})
		return err
	})
}
