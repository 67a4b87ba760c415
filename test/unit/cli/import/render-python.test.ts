import { describe, expect, it } from "vitest";
import { declareAccount } from "../../../../cli/import/declarations";
import { pythonString } from "../../../../cli/import/python-source";
import { renderPythonProgram } from "../../../../cli/import/render-python";
import { forHostileAccounts, hostileText, RAW_IN_SOURCE } from "./hostile-text";
import { richAccount } from "./sdk-account";

// That the programs compile (py_compile) and name only what the SDK defines is tested in
// test/integration/cli/import/render-python.test.ts.
describe("the Python program of an account", () => {
  const source = renderPythonProgram(declareAccount(richAccount()));

  it("adopts every object with the SDK's input types and names", () => {
    expect(source).toContain('safety_first = sa.Strategy(\n    "safety-first",\n    adopt="00000001-');
    expect(source).toContain("sa.BooleanRuleItemArgs(rule=sa.BooleanRule.IS_HONEYPOT, dealbreaker=True)");
    expect(source).toContain("followed_dev_new_token_created=sa.FollowedDevWalletArgs(");
    expect(source).toContain("scope=sa.FollowedDevWalletScope.WALLET,");
    expect(source).toContain("developer_address=dev_alice_the_deployer.address,");
    expect(source).toContain("strategy_ids=[safety_first.strategy_id, momentum.strategy_id],");
    expect(source).toContain('pulumi.export("activeStrategyIds", activation.active_strategy_ids)');
  });

  it("reads a webhook url with credentials from a secret config key, and looks tags up by name", () => {
    expect(source).toContain('url=config.require_secret("webhookUrl"),');
    expect(source).not.toContain("user:pass");
    expect(source).toContain('tag_ids=[tag_id(developer_tags, "Alice the deployer")],');
  });

  it("writes no f-string and no triple-quoted account text", () => {
    expect(source).not.toMatch(/\bf"/);
    expect(source.match(/"""/g)).toHaveLength(4);
  });
});

describe("the Python program of adversarial account data", () => {
  it("holds no raw control, separator or invisible character, and every name as a literal", () => {
    forHostileAccounts(hostileText, 60, (names, alias, description) => {
      const declarations = declareAccount(richAccount({ names, alias, description }));
      const source = renderPythonProgram(declarations);
      expect(source).not.toMatch(RAW_IN_SOURCE);
      expect(source).not.toMatch(/[\r\t\f\v\u0085]/);
      // The module docstring is the only triple-quoted string of the file, the helper's the other.
      expect(source.match(/"""/g)).toHaveLength(4);
      for (const d of declarations.resources) {
        expect(source).toContain(`sa.${d.kind}(\n    ${pythonString(d.name.resource)},\n`);
        const name = d.args.name;
        if (typeof name === "string") expect(source).toContain(`    name=${pythonString(name)},\n`);
      }
    });
  });
});
