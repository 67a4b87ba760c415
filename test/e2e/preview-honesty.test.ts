import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { yamlHeader } from "../support/yaml-program";
import { stackConfig, TestEmulator } from "./emulator-fixture";
import { type CommandResult, PulumiProject } from "./harness";
import { BEHAVIOUR_BUILD, PROJECT, writeYamlProgram, yamlStack } from "./yaml-portfolio-fixture";

/**
 * What a preview says of values it cannot print or cannot check, under the real engine and both
 * front doors (YAML through the release binary): a rejected value of any size leaves a short
 * preview that names the field, and a value unknown until apply is said once, on its resource.
 */

/** Far more than a preview of a few failures prints; far less than one quoted value of 100 kB. */
const SMALL_OUTPUT = 20_000;
const HUGE_NAME = 100_000;
const MANY_RULES = 10_000;

const RULE = `{ rule: "liquidity_usd", dealbreaker: true, min: 1 }`;

const hugeProgram = `import * as sa from "pulumi-strategy-alerts";
new sa.Strategy("huge", {
  name: "n".repeat(${HUGE_NAME}),
  triggers: ["new_token_created"],
  rules: Array.from({ length: ${MANY_RULES} }, () => (${RULE})),
});
`;

const unknownNameProgram = `import * as pulumi from "@pulumi/pulumi";
import * as sa from "pulumi-strategy-alerts";
const first = new sa.Strategy("first", { name: "first", triggers: ["new_token_created"], rules: [${RULE}] });
new sa.Strategy("second", {
  name: pulumi.interpolate\`after-\${first.strategyId}\`,
  triggers: ["new_token_created"],
  rules: [${RULE}],
});
`;

/** The whole text a plain `pulumi preview` prints, as a CI log shows it. */
async function plainPreview(p: PulumiProject): Promise<string> {
  const r = await p.run(["preview", "--non-interactive", "--stack", p.stack], { allowFailure: true });
  expect(r.code, "the preview fails").not.toBe(0);
  return `${r.stdout}${r.stderr}`;
}

const warnings = (r: CommandResult, text: string) =>
  r.diagnostics.filter((d) => d.severity === "warning" && d.message.includes(text));

describe.runIf(inject("pulumiBinDir"))("previews stay short and say what they could not check", () => {
  let emulator: TestEmulator;
  const projects: PulumiProject[] = [];
  const dirs: string[] = [];

  beforeAll(async () => {
    emulator = await TestEmulator.start();
  });
  afterAll(async () => {
    await Promise.all(projects.map((p) => p.cleanup()));
    await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
    await emulator?.close();
  });

  it("TypeScript: a huge name and 10,000 rules fail a short preview; an unknown name is said once", async () => {
    const user = await emulator.user();
    const p = await PulumiProject.create({
      name: "honest-ts",
      program: hugeProgram,
      config: stackConfig(emulator, user.apiKey),
    });
    projects.push(p);

    const huge = await plainPreview(p);
    expect(huge.length).toBeLessThan(SMALL_OUTPUT);
    expect(huge).toContain(`name must be at most 100 characters, got ${HUGE_NAME}`);
    expect(huge).toContain(`rules must have at most 50 items, got ${MANY_RULES}`);
    // 9,999 repeats of one rule: the first ones, then their count.
    expect(huge).toContain("rules[1] repeats rules[0]");
    expect(huge).toMatch(/… and \d+ more problems/);
    expect(huge).not.toContain("n".repeat(200));

    await p.writeProgram(unknownNameProgram);
    const preview = await p.preview();
    const said = warnings(preview, "checked at apply");
    expect(said.map((d) => [d.urn?.split("::").pop(), d.message.trim()])).toEqual([
      ["second", "checked at apply: name"],
    ]);
    // Nothing was created by a preview.
    expect((await user.client.strategies.list()).strategies).toHaveLength(0);
  });

  // What the plugin says, through the release binary only (BEHAVIOUR_BUILD says why: the script
  // plugin runs the same code behind another launcher).
  it(`YAML (${BEHAVIOUR_BUILD}): the plugin's preview of a huge name is short; an unknown name is said once`, async () => {
    const plugin = BEHAVIOUR_BUILD;
    const user = await emulator.user();
    const windowDir = await mkdtemp(join(tmpdir(), "psa-honest-window-"));
    dirs.push(windowDir);
    const strategy = (key: string, name: string) => `  ${key}:
    type: strategy-alerts:index:Strategy
    properties:
      name: ${name}
      triggers: [new_token_created]
      rules:
        - ${RULE.replaceAll('"', "")}
`;
    const p = await yamlStack({
      plugin,
      program: `${yamlHeader(PROJECT)}resources:\n${strategy("huge", "n".repeat(HUGE_NAME))}`,
      config: stackConfig(emulator, user.apiKey),
      env: { STRATEGY_ALERTS_RATE_DIR: windowDir },
    });
    projects.push(p);

    const huge = await plainPreview(p);
    expect(huge.length).toBeLessThan(SMALL_OUTPUT);
    expect(huge).toContain(`name must be at most 100 characters, got ${HUGE_NAME}`);

    await writeYamlProgram(
      p,
      `${yamlHeader(PROJECT)}resources:\n${strategy("first", "first")}${strategy("second", `after-\${first.strategyId}`)}`,
    );
    const preview = await p.preview();
    expect(
      warnings(preview, "checked at apply").map((d) => [d.urn?.split("::").pop(), d.message.trim()]),
    ).toEqual([["second", "checked at apply: name"]]);
  });
});
