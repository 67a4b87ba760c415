// The bench's Go floor program: the shape of the portfolio (N things with a strategy's inputs
// and one holding their ids, as the activation does) over the native floor provider, whose
// operations do nothing. Config: n (how many), min (the first liquidity floor; a change moves it).
package main

import (
	"fmt"

	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi/config"
)

type Thing struct {
	pulumi.CustomResourceState
}

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		cfg := config.New(ctx, "")
		n, min := cfg.RequireInt("n"), cfg.RequireInt("min")
		ids := make(pulumi.StringArray, 0, n)
		for i := 0; i < n; i++ {
			var t Thing
			err := ctx.RegisterResource("floor:index:Thing", fmt.Sprintf("s%d", i), pulumi.Map{
				"name":     pulumi.String(fmt.Sprintf("s strategy %d", i)),
				"triggers": pulumi.StringArray{pulumi.String("new_token_created")},
				"rules": pulumi.Array{
					pulumi.Map{"rule": pulumi.String("liquidity_usd"), "dealbreaker": pulumi.Bool(true), "min": pulumi.Float64(float64(min + i))},
					pulumi.Map{"rule": pulumi.String("has_website"), "dealbreaker": pulumi.Bool(false)},
					pulumi.Map{"rule": pulumi.String("risk_level"), "dealbreaker": pulumi.Bool(false), "value": pulumi.String("MEDIUM")},
				},
			}, &t)
			if err != nil {
				return err
			}
			ids = append(ids, t.ID().ToStringOutput())
		}
		var active Thing
		return ctx.RegisterResource("floor:index:Thing", "active", pulumi.Map{
			"name":        pulumi.String("active"),
			"strategyIds": ids,
		}, &active)
	})
}
