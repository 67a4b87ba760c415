import { describe, expect, it } from "vitest";
import { declareAccount } from "../../../../cli/import/declarations";
import { goString } from "../../../../cli/import/go-source";
import { renderGoProgram } from "../../../../cli/import/render-go";
import { forHostileAccounts, hostileText, RAW_IN_SOURCE } from "./hostile-text";
import { DEV_TAG, richAccount } from "./sdk-account";

// That the programs compile against sdk/go (go vet) and are gofmt-formatted is tested in
// test/integration/cli/import/render-go.test.ts.
describe("the Go program of an account", () => {
  // gofmt's alignment of keyed values aside.
  const source = renderGoProgram(declareAccount(richAccount())).replace(/: +/g, ": ");

  it("adopts every object with the SDK's typed inputs", () => {
    expect(source).toContain('safetyFirst, err := sa.NewStrategy(ctx, "safety-first", &sa.StrategyArgs{');
    expect(source).toContain('Adopt: pulumi.String("00000001-0000-4000-8000-000000000000"),');
    expect(source).toContain("Rules: sa.RuleArray{");
    expect(source).not.toContain("pulumi.Array{");
    expect(source).toContain("Rule: sa.BooleanRuleIsHoneypot,");
    expect(source).toContain("Windows: pulumi.Float64Map{");
    expect(source).toContain("FollowedDevNewTokenCreated: sa.FollowedDevWalletArgs{");
    expect(source).toContain("Scope: sa.FollowedDevWalletScopeWallet,");
    expect(source).toContain("DeveloperAddress: devAliceTheDeployer.Address,");
    expect(source).toContain("StrategyIds: pulumi.StringArray{safetyFirst.StrategyId, momentum.StrategyId},");
    expect(source).toContain('ctx.Export("activeStrategyIds", activation.ActiveStrategyIds)');
  });

  it("reads a webhook url with credentials from a secret config key, and looks tags up by name", () => {
    expect(source).toContain('Url: cfg.RequireSecret("webhookUrl"),');
    expect(source).not.toContain("user:pass");
    expect(source).toContain('TagIds: pulumi.StringArray{tagID(developerTags, "Alice the deployer")},');
    expect(source).not.toContain(DEV_TAG);
  });

  it("declares a variable only where the program uses it (Go refuses an unused one)", () => {
    expect(source).toContain(
      'if _, err := sa.NewFollowedDeveloper(ctx, "dev-9wzdxwbb", &sa.FollowedDeveloperArgs{',
    );
    expect(source).toContain('if _, err := sa.NewStrategy(ctx, "alice-s-launches", &sa.StrategyArgs{');
  });
});

describe("the Go program of adversarial account data", () => {
  it("holds no raw control, separator or invisible character, and every name as a literal", () => {
    forHostileAccounts(hostileText, 60, (names, alias, description) => {
      const declarations = declareAccount(richAccount({ names, alias, description }));
      const source = renderGoProgram(declarations);
      expect(source).not.toMatch(RAW_IN_SOURCE);
      for (const d of declarations.resources) {
        expect(source).toContain(`(ctx, ${goString(d.name.resource)}, &sa.`);
        expect(d.name.variable).toMatch(/^[a-z][A-Za-z0-9]*$/);
        const name = d.args.name;
        if (typeof name === "string") expect(source).toContain(`${goString(name)}),\n`);
      }
      // Comments stay comments: every line outside a literal starts as Go code or `//`.
      for (const line of source.split("\n"))
        expect(line).toMatch(/^(\t*(\/\/ |[a-zA-Z_}")\]]|$)|package |import |func |\)|$)/);
    });
  });
});
