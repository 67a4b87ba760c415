/**
 * What a user reads when we refuse something, through the real CLI against the emulator, as a
 * terminal or CI log gets it: our message, naming the field or the object, and none of the
 * engine's wrapping around it (`property rules[0].max value {<nil>} has a problem`), no second
 * error after a refused take-over (`Channel has been shut down`), and no phantom change in the
 * TypeScript door's own preview (a StrategyActivation's `strategyIds [0] => [unknown]` on a
 * rules change of its strategy).
 */
import { beforeAll, describe, expect, inject, it } from "vitest";
import { yamlHeader, yamlPortfolio } from "../support/yaml-program";
import { emulatorFile } from "./file-fixture";
import type { PulumiProject } from "./harness";
import { portfolio } from "./portfolio-program";
import { PLUGIN_BUILDS, PROJECT, writeYamlProgram } from "./yaml-portfolio-fixture";

/** A developer the account already follows: another stack, the app or a person holds it. */
const HELD_ADDRESS = "HeLd1111111111111111111111111111111111111111";
/** The refusal's first sentence: the address is quoted by its first 40 characters and its length. */
const HELD = `FollowedDeveloper "${HELD_ADDRESS.slice(0, 40)}…" (44 characters) already exists on the account (active) and this resource did not write it.`;
const BAD_RULE = "rules[0].max must be greater than min (min 10, max 5)";

/** Words of the engine's own, around or after our message. */
const ENGINE_NOISE = ["has a problem", "{<nil>}", "Channel has been shut down", "value {"];

/** The whole output of a command run as a person runs it: no JSON, no colour. */
async function printed(p: PulumiProject, args: string[]): Promise<{ code: number; text: string }> {
  const res = await p.run([...args, "--non-interactive", "--color", "never", "--stack", p.stack], {
    allowFailure: true,
  });
  return { code: res.code, text: `${res.stdout}\n${res.stderr}` };
}

/** The command fails, prints each expected text, and none of `noise`. */
async function refused(p: PulumiProject, args: string[], expected: string[], noise: string[]): Promise<void> {
  const { code, text } = await printed(p, args);
  expect(code, text).not.toBe(0);
  for (const e of expected) expect(text).toContain(e);
  for (const n of noise) expect(text).not.toContain(n);
}

const COMMANDS = [["preview"], ["up", "--yes"], ["up", "--yes", "--skip-preview"]];

const tsBadRule = `import * as sa from "pulumi-strategy-alerts";
new sa.Strategy("s", {
  name: "S",
  triggers: ["new_token_created"],
  rules: [{ rule: "liquidity_usd", dealbreaker: false, min: 10, max: 5 }],
});
`;

/** Strategies being created beside the refused developer, and resources waiting on it. */
const tsTakeOver = `${portfolio(3, 1000)}const dev = new sa.FollowedDeveloper("dev", { address: "${HELD_ADDRESS}" });
new sa.DeveloperTags("tags", { address: dev.address, tagIds: [] });
`;

const yamlStrategy = (rule: string) => `${yamlHeader(PROJECT)}resources:
  s:
    type: strategy-alerts:index:Strategy
    properties:
      name: S
      triggers: [new_token_created]
      rules:
        - ${rule}
`;

const yamlTakeOver = `${yamlPortfolio(PROJECT, 3, 1000)}`.replace(
  "outputs:",
  `  dev:
    type: strategy-alerts:index:FollowedDeveloper
    properties:
      address: ${HELD_ADDRESS}
  tags:
    type: strategy-alerts:index:DeveloperTags
    properties:
      address: \${dev.address}
      tagIds: []
outputs:`,
);

describe.runIf(inject("pulumiBinDir"))("our failures read as ours", () => {
  const file = emulatorFile();

  /** A fresh account that follows HELD_ADDRESS already. */
  async function accountHoldingTheDeveloper() {
    const user = await file.emulator.user("PRO");
    await user.client.devs.add(HELD_ADDRESS);
    return user;
  }

  describe("a TypeScript program", () => {
    let p: PulumiProject;
    beforeAll(async () => {
      const user = await accountHoldingTheDeveloper();
      p = await file.project(user, { name: "our-failures", program: tsBadRule });
    });

    it("a wrong rule fails the preview naming the field, with no property or value of the engine's", async () => {
      // The dynamic-provider host can only answer CheckFailures: the engine's sentence stays, but
      // quotes no value of the program.
      await refused(
        p,
        ["preview"],
        [`pulumi-nodejs:dynamic/strategy-alerts:Strategy resource 's' has a problem: ${BAD_RULE}`],
        ["{<nil>}", "property rules", "value {"],
      );
    });

    it("a refused take-over fails preview and up with our message, and nothing after it", async () => {
      await p.writeProgram(tsTakeOver);
      for (const command of COMMANDS)
        await refused(p, command, [HELD], ["Channel has been shut down", "{<nil>}", "value {"]);
    });

    it("a rules change previews the strategy's update alone; a replacement, the activation's new id", async () => {
      await p.writeProgram(portfolio(2, 1000));
      await p.up();
      await p.writeProgram(portfolio(2, 2000));
      const preview = await p.preview();
      const changed = preview.steps
        .filter((s) => s.op !== "same")
        .map((s) => `${s.op} ${s.urn.split("::").pop()}`);
      expect(changed.sort()).toEqual(["update s0", "update s1"]);
      const { text } = await printed(p, ["preview", "--diff"]);
      expect(text).not.toContain("[unknown]");
      // A replaced strategy gets a new id: the activation's preview says it does not know it yet.
      const s0 = preview.steps.find((s) => s.urn.endsWith("::s0"))!.urn;
      const replaced = await p.run([
        "preview",
        "--diff",
        "--replace",
        s0,
        "--non-interactive",
        "--stack",
        p.stack,
      ]);
      expect(replaced.stdout).toMatch(
        /StrategyActivation: \(update\)[\s\S]*strategyIds[\s\S]*=> \[unknown\]/,
      );
    });
  });

  describe.each(PLUGIN_BUILDS)("a YAML program (%s)", (plugin) => {
    let p: PulumiProject;
    beforeAll(async () => {
      const user = await accountHoldingTheDeveloper();
      p = await file.yaml(user, {
        plugin,
        program: yamlStrategy("{ rule: liquidity_usd, dealbreaker: false, min: 10, max: 5 }"),
      });
    });

    it("a wrong rule fails the preview with our message alone, naming the field", async () => {
      await refused(p, ["preview"], [`error: ${BAD_RULE}\n`], ENGINE_NOISE);
    });

    it("every problem of a check is a line of its own", async () => {
      await writeYamlProgram(
        p,
        yamlStrategy(
          "{ rule: liquidity_usd, dealbreaker: false, min: 10, max: 5 }\n        - { rule: market_cap, dealbreaker: false, min: -1 }",
        ),
      );
      await refused(
        p,
        ["preview"],
        [`error: ${BAD_RULE}\n`, "\n    rules[1].min must not be negative, got -1\n"],
        ENGINE_NOISE,
      );
    });

    it("a refused take-over fails preview and up with our message alone", async () => {
      await writeYamlProgram(p, yamlTakeOver);
      for (const command of COMMANDS) await refused(p, command, [`error: ${HELD}`], ENGINE_NOISE);
    });
  });
});
