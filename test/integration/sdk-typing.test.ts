/**
 * The generated SDKs type what the schema says: in Go, a Strategy's rules and the
 * followed-developer trigger config take only their union's types (a string, an untyped map or
 * the field's old snake_case name fails `go vet`, which type-checks as `go build` does), and
 * trigger configs and enum values read as Go and Python names. Every enum value's constant is the
 * one `strategy-alerts import` writes (cli/import/go-source.ts, python-source.ts), so the import's
 * programs name only constants the SDKs define.
 */
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { goEnumConstant } from "../../cli/import/go-source";
import { pythonEnumMember } from "../../cli/import/python-source";
import { GO_MODULE, PYTHON_PACKAGE } from "../../provider/plugin/package-identity";
import schemaJson from "../../provider/plugin/schema.json";
import { SDK_DIR } from "../../scripts/sdk";
import { goCommandEnv } from "../support/go-env";

const GO_BUILD_MS = 900_000;
/** Offline, from the module cache `npm run go:ensure` fills; go.mod may be completed. */
const goEnv = goCommandEnv("-mod=mod", { offline: true });
const work = mkdtempSync(join(tmpdir(), "sdk-typing-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The Go statement declaring the strategy `s` of these rules and this trigger config, in a pulumi.Run body. */
function newStrategy(rules: string, triggerConfig: string): string {
  return `_, err := sa.NewStrategy(ctx, "s", &sa.StrategyArgs{
			Name:     pulumi.String("s"),
			Triggers: sa.EventTypeArray{sa.EventTypeFollowedDevNewTokenCreated},
			TriggerConfigs: sa.TriggerConfigsArgs{
				${triggerConfig},
			},
			Rules: ${rules},
		})`;
}

/** A strategy whose rules and trigger config are `rules` and `triggerConfig` (Go expressions). */
function strategyProgram(rules: string, triggerConfig: string): string {
  return `package main

import (
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	sa "${GO_MODULE}/strategyalerts"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		${newStrategy(rules, triggerConfig)}
		return err
	})
}
`;
}

const TYPED_RULES = `sa.RuleArray{
				sa.BooleanRuleItemArgs{Rule: sa.BooleanRuleIsHoneypot, Dealbreaker: pulumi.Bool(true)},
				sa.Volume24hRuleItemArgs{
					Rule:        sa.Volume24hRuleVolume24h,
					Dealbreaker: pulumi.Bool(false),
					Config:      sa.Volume24hConfigArgs{Windows: pulumi.Float64Map{"5m": pulumi.Float64(1)}},
				},
			}`;
const TYPED_CONFIG = `FollowedDevNewTokenCreated: sa.FollowedDevWalletArgs{Scope: sa.FollowedDevWalletScopeWallet, DeveloperAddress: pulumi.String("x")}`;

/**
 * The typed program under Pulumi's mocks: the inputs the Go SDK marshals for the engine (what
 * the plugin receives), printed as JSON.
 */
const WIRE_TEST = `package wire

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/pulumi/pulumi/sdk/v3/go/common/resource"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	sa "${GO_MODULE}/strategyalerts"
)

type mocks struct{}

func (mocks) NewResource(args pulumi.MockResourceArgs) (string, resource.PropertyMap, error) {
	text, err := json.Marshal(args.Inputs.Mappable())
	if err != nil {
		return "", nil, err
	}
	fmt.Println("INPUTS " + string(text))
	return args.Name + "-id", args.Inputs, nil
}

func (mocks) Call(args pulumi.MockCallArgs) (resource.PropertyMap, error) {
	return resource.PropertyMap{}, nil
}

func TestWire(t *testing.T) {
	err := pulumi.RunErr(func(ctx *pulumi.Context) error {
		${newStrategy(TYPED_RULES, TYPED_CONFIG)}
		return err
	}, pulumi.WithMocks("project", "stack", mocks{}))
	if err != nil {
		t.Fatal(err)
	}
}
`;

/** Programs `go vet` must refuse, each with what the refusal says. */
const REFUSED: Record<string, { program: string; says: RegExp }> = {
  "a string in an untyped array as the rules": {
    program: strategyProgram(`pulumi.Array{pulumi.String("not a rule")}`, TYPED_CONFIG),
    says: /pulumi\.Array.*RuleArrayInput/,
  },
  "a string as a rule": {
    program: strategyProgram(`sa.RuleArray{pulumi.String("not a rule")}`, TYPED_CONFIG),
    says: /pulumi\.String.*RuleInput/,
  },
  "an untyped map as a rule": {
    program: strategyProgram(`sa.RuleArray{pulumi.Map{"rule": pulumi.String("is_honeypot")}}`, TYPED_CONFIG),
    says: /pulumi\.Map.*RuleInput/,
  },
  "a trigger config of another trigger as the followed-developer one": {
    program: strategyProgram(
      TYPED_RULES,
      `FollowedDevNewTokenCreated: sa.TriggerConfigsMicroblogMentionDirectArgs{TagId: pulumi.String("t")}`,
    ),
    says: /FollowedDevNewTokenCreatedInput/,
  },
  "a string as the followed-developer trigger config": {
    program: strategyProgram(TYPED_RULES, `FollowedDevNewTokenCreated: pulumi.String("wallet")`),
    says: /FollowedDevNewTokenCreatedInput/,
  },
  "the trigger config's snake_case name": {
    program: strategyProgram(
      TYPED_RULES,
      `Followed_dev_new_token_created: sa.FollowedDevWalletArgs{Scope: sa.FollowedDevWalletScopeWallet, DeveloperAddress: pulumi.String("x")}`,
    ),
    says: /unknown field Followed_dev_new_token_created/,
  },
};

describe("the Go SDK's types", () => {
  let module: string;

  beforeAll(() => {
    module = join(work, "go");
    mkdirSync(module);
    const goLine = readFileSync(join(SDK_DIR, "go", "go.mod"), "utf8").match(/^go \S+$/m)?.[0] ?? "go 1.26";
    writeFileSync(
      join(module, "go.mod"),
      `module sdktyping\n\n${goLine}\n\nrequire ${GO_MODULE} v0.0.0\n\nreplace ${GO_MODULE} => ${join(SDK_DIR, "go")}\n`,
    );
    copyFileSync(join(SDK_DIR, "go", "go.sum"), join(module, "go.sum"));
  });

  /** `go vet` of one program in its own package of the module: its output, or "" when it passes. */
  function vet(name: string, program: string): string {
    const dir = join(module, name);
    mkdirSync(dir);
    writeFileSync(join(dir, "main.go"), program);
    try {
      execFileSync("go", ["vet", `./${name}`], { cwd: module, env: goEnv, stdio: "pipe" });
      return "";
    } catch (error) {
      return String((error as { stderr?: Buffer }).stderr ?? error);
    }
  }

  it(
    "take rules as rule item Args and the followed-developer config as one of its scopes",
    () => {
      expect(vet("typed", strategyProgram(TYPED_RULES, TYPED_CONFIG))).toBe("");
    },
    GO_BUILD_MS,
  );

  it(
    "send a typed program's rules and trigger config with the service's keys, as an untyped program did",
    () => {
      const dir = join(module, "wire");
      mkdirSync(dir);
      writeFileSync(join(dir, "wire_test.go"), WIRE_TEST);
      const out = execFileSync("go", ["test", "-count=1", "-run", "TestWire", "-v", "./wire"], {
        cwd: module,
        env: goEnv,
        encoding: "utf8",
        stdio: "pipe",
      });
      const sent = JSON.parse(
        out
          .split("\n")
          .find((line) => line.startsWith("INPUTS "))!
          .slice(7),
      );
      expect(sent.rules).toEqual([
        { rule: "is_honeypot", dealbreaker: true },
        { rule: "volume_24h", dealbreaker: false, config: { windows: { "5m": 1 } } },
      ]);
      expect(sent.triggerConfigs).toEqual({
        followed_dev_new_token_created: { scope: "wallet", developerAddress: "x" },
      });
    },
    GO_BUILD_MS,
  );

  it.each(Object.entries(REFUSED))(
    "refuse %s at compile time",
    (_, { program, says }) => {
      const name = `refused${Object.keys(REFUSED).indexOf(_)}`;
      const output = vet(name, program);
      expect(output).not.toBe("");
      expect(output).toMatch(says);
    },
    GO_BUILD_MS,
  );
});

interface EnumType {
  enum?: { value: string; name?: string }[];
}
const enums = Object.entries((schemaJson as { types: Record<string, EnumType> }).types)
  .filter(([, type]) => type.enum)
  .map(([token, type]) => ({ name: token.slice(token.lastIndexOf(":") + 1), values: type.enum! }));

describe("the SDKs' names", () => {
  const goEnums = readFileSync(join(SDK_DIR, "go", "strategyalerts", "pulumiEnums.go"), "utf8");
  const pythonEnums = readFileSync(join(SDK_DIR, "python", PYTHON_PACKAGE, "_enums.py"), "utf8");

  it("name each enum value's Go constant as import writes it", () => {
    const missing = enums.flatMap(({ name, values }) =>
      values
        .map((v) => `\t${goEnumConstant(name, v.name ?? v.value)} = ${name}(${JSON.stringify(v.value)})`)
        .filter(
          (line) =>
            !new RegExp(`^${line.replace(/[()[\]]/g, "\\$&").replace(/ = /, "\\s+= ")}$`, "m").test(goEnums),
        ),
    );
    expect(missing).toEqual([]);
    expect(goEnums).toMatch(/^\tVolume24hRuleVolume24h\s+= Volume24hRule\("volume_24h"\)$/m);
    expect(goEnums).toMatch(/^\tClusterRiskVeryHigh\s+= ClusterRisk\("very_high"\)$/m);
  });

  it("name each enum value's Python member as import writes it, snake_case values as Python words", () => {
    const missing = enums.flatMap(({ name, values }) => {
      const body = pythonEnums.slice(pythonEnums.search(new RegExp(`^class ${name}\\b`, "m")));
      const end = body.slice(1).search(/^class /m);
      const members = body.slice(0, end === -1 ? undefined : end + 1);
      return values
        .map((v) => `    ${pythonEnumMember(name, v.value, v.name)} = ${JSON.stringify(v.value)}`)
        .filter((line) => !members.split("\n").includes(line));
    });
    expect(missing).toEqual([]);
    for (const member of [
      'VOLUME_24H = "volume_24h"',
      'TOP_10_HOLDER_PERCENT = "top_10_holder_percent"',
      'WINDOW_5M = "5m"',
    ])
      expect(pythonEnums).toContain(`    ${member}\n`);
  });

  it("name trigger configs as each language names a field", () => {
    const goTypes = readFileSync(join(SDK_DIR, "go", "strategyalerts", "pulumiTypes.go"), "utf8");
    expect(goTypes).toMatch(
      /\tFollowedDevNewTokenCreated\s+FollowedDevNewTokenCreatedInput\s+`pulumi:"followed_dev_new_token_created"`/,
    );
    expect(goTypes).toMatch(/\tMicroblogMentionDirect\s+\S+\s+`pulumi:"microblog_mention_direct"`/);
    expect(goTypes).not.toMatch(/\t[A-Z]\w*_\w*\s.*`pulumi:"/);
    const pythonInputs = readFileSync(join(SDK_DIR, "python", PYTHON_PACKAGE, "_inputs.py"), "utf8");
    expect(pythonInputs).toContain(
      "followed_dev_new_token_created: pulumi.Input[Optional[Union['FollowedDevAllArgs', 'FollowedDevTagArgs', 'FollowedDevWalletArgs']]]",
    );
  });
});
