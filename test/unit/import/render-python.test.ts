import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { declareAccount } from "../../../cli/import/declarations";
import { pythonComment, pythonString, snakeCase } from "../../../cli/import/python-source";
import { renderPythonProgram } from "../../../cli/import/render-python";
import { HOSTILE_TEXT, hostileText, RAW_IN_SOURCE } from "./hostile-text";
import { richAccount } from "./sdk-account";

// That the programs compile (py_compile), name only what the SDK defines, and that every literal
// reads back as its text is tested in test/integration/import/sdk-programs.test.ts.
describe("Python string literals and comments of account text", () => {
  it("are plain double-quoted literals with every break, quote and hidden character escaped", () => {
    expect(pythonString('say "hi" \\ {x}')).toBe('"say \\"hi\\" \\\\ {x}"');
    expect(pythonString("a\nb\rc\td\u0007")).toBe('"a\\nb\\rc\\td\\x07"');
    expect(pythonString("sep\u2028 bidi\u202e bom\ufeff tag\u{e0041}")).toBe(
      '"sep\\u2028 bidi\\u202e bom\\ufeff tag\\U000e0041"',
    );
    expect(pythonString('"""')).toBe('"\\"\\"\\""');
    expect(pythonString("日本語 🚀")).toBe('"日本語 🚀"');
  });

  it("keep every comment on its line", () => {
    for (const text of HOSTILE_TEXT) {
      const comment = pythonComment(text);
      expect(comment.split("\n")).toHaveLength(1);
      expect(comment).not.toMatch(RAW_IN_SOURCE);
      expect(comment).not.toMatch(/[\r\f\v\u0085]/);
    }
  });

  it("name properties and variables as the SDK does", () => {
    expect(snakeCase("triggerConfigs")).toBe("trigger_configs");
    expect(snakeCase("followed_dev_new_token_created")).toBe("followed_dev_new_token_created");
    expect(snakeCase("strategy2xHunters")).toBe("strategy2x_hunters");
  });
});

describe("the Python program of an account", () => {
  const source = renderPythonProgram(declareAccount(richAccount()));

  it("adopts every object with the SDK's input types and names", () => {
    expect(source).toContain('safety_first = sa.Strategy(\n    "safety-first",\n    adopt="00000001-');
    expect(source).toContain('sa.BooleanRuleItemArgs(rule="is_honeypot", dealbreaker=True)');
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
    fc.assert(
      fc.property(
        fc.array(hostileText, { minLength: 1, maxLength: 4 }),
        hostileText,
        hostileText,
        (names, alias, description) => {
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
        },
      ),
      { numRuns: 60 },
    );
  });
});
