import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { renderReview } from "../../provider/review";
import { stackConfig, TestEmulator } from "./emulator-fixture";
import { type CommandResult, type EngineEvent, PulumiProject, REPO_ROOT } from "./harness";

/**
 * examples/policy-pack run by the real engine: `pulumi preview --policy-pack` starts the pack
 * through our language host's RunPlugin, behind the SDK's policy proxy, from inside this
 * repository (the pack resolves its dependencies from the repository's node_modules).
 */
const PACK = join(REPO_ROOT, "examples/policy-pack");
const DEVELOPER = "7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU";

interface Portfolio {
  /** Whether the active strategy "Momentum" carries the is_honeypot dealbreaker. */
  honeypotDealbreaker: boolean;
  cooldown: number;
}

function program({ honeypotDealbreaker, cooldown }: Portfolio): string {
  const honeypot = honeypotDealbreaker ? `{ rule: "is_honeypot", dealbreaker: true, enabled: true },` : "";
  return `import * as sa from "pulumi-strategy-alerts";
const dev = new sa.FollowedDeveloper("dev", { address: "${DEVELOPER}", alias: "trusted" });
const safety = new sa.Strategy("safety", {
  name: "Safety first",
  triggers: ["new_token_created"],
  rules: [
    { rule: "is_honeypot", dealbreaker: true, enabled: true },
    { rule: "liquidity_usd", dealbreaker: false, min: 5000 },
  ],
  alertCooldownMins: 60,
});
const momentum = new sa.Strategy("momentum", {
  name: "Momentum",
  triggers: ["token_almost_graduated"],
  rules: [
    ${honeypot}
    { rule: "liquidity_usd", dealbreaker: true, min: 5000 },
  ],
  alertCooldownMins: ${cooldown},
});
const launches = new sa.Strategy("launches", {
  name: "Trusted launches",
  triggers: ["followed_dev_new_token_created"],
  triggerConfigs: { followed_dev_new_token_created: { scope: "wallet", developerAddress: dev.address } },
  rules: [{ rule: "is_honeypot", dealbreaker: true, enabled: true }],
  alertCooldownMins: 15,
});
new sa.StrategyActivation("active-set", { strategyIds: [safety.strategyId, momentum.strategyId] });
new sa.Webhook("webhook", { url: "https://alerts.example.com/hook", enabled: true, requireVerified: false });
`;
}

interface PolicyViolation {
  policyName: string;
  enforcementLevel: string;
  message: string;
  urn?: string;
}

function violations(result: CommandResult): PolicyViolation[] {
  return result.events
    .map((e: EngineEvent) => e.policyEvent)
    .filter((p): p is EngineEvent => Boolean(p))
    .map((p) => ({
      policyName: p.policyName as string,
      enforcementLevel: p.enforcementLevel as string,
      message: p.message as string,
      urn: (p.resourceUrn as string | undefined) || undefined,
    }));
}

describe.runIf(inject("pulumiBinDir"))("the strategy-alerts policy pack under the real engine", () => {
  let emulator: TestEmulator;
  let project: PulumiProject;
  let apiKey: string;

  async function preview(portfolio: Portfolio, policyConfig?: object): Promise<CommandResult> {
    await project.writeProgram(program(portfolio));
    const extraArgs = ["--policy-pack", PACK];
    if (policyConfig) {
      const file = join(project.dir, "policy-config.json");
      await writeFile(file, JSON.stringify(policyConfig));
      extraArgs.push("--policy-pack-config", file);
    }
    return project.preview({ allowFailure: true, extraArgs });
  }

  beforeAll(async () => {
    emulator = await TestEmulator.start();
    ({ apiKey } = await emulator.user("PRO"));
    project = await PulumiProject.create({
      name: "policy-e2e",
      program: "",
      config: stackConfig(emulator, apiKey),
    });
  });

  afterAll(async () => {
    await project?.cleanup();
    await emulator?.close();
  });

  it("fails the preview of an active strategy without the is_honeypot dealbreaker, naming the rule, and the pull-request review of the same streamed preview carries the violation", async () => {
    const result = await preview({ honeypotDealbreaker: false, cooldown: 30 });
    expect(result.code, result.stderr).not.toBe(0);
    const found = violations(result).filter((v) => v.policyName === "honeypot-dealbreaker");
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ enforcementLevel: "mandatory" });
    expect(found[0]?.message).toContain('Strategy "Momentum" is active but has no is_honeypot dealbreaker');
    expect(found[0]?.urn).toMatch(/::momentum$/);
    // The pack sees the stack's config, the API key included; it never prints it.
    expect(result.stdout + result.stderr).not.toContain(apiKey);

    const { markdown } = renderReview(result.stdout);
    expect(markdown).toContain("### Policy violations");
    expect(markdown).toContain("**mandatory** `strategy-alerts/honeypot-dealbreaker` on `momentum`");
    // As text: an underscore inside a word opens no emphasis, so it stays as it is.
    expect(markdown).toContain('Strategy "Momentum" is active but has no is_honeypot dealbreaker');
    expect(markdown).not.toContain(apiKey);
  });

  it("passes a portfolio that keeps every guardrail, its followed developer and the active set known only as outputs", async () => {
    const result = await preview({ honeypotDealbreaker: true, cooldown: 30 });
    expect(result.code, `${result.stderr}\n${JSON.stringify(violations(result))}`).toBe(0);
    expect(violations(result)).toEqual([]);
    // The pack really ran: the engine's summaries list every policy as passed.
    const stackSummary = result.events.find(
      (e) => e.policyAnalyzeStackSummaryEvent,
    )?.policyAnalyzeStackSummaryEvent;
    expect(stackSummary?.policyPackName).toBe("strategy-alerts");
    expect([...(stackSummary?.passed ?? [])].sort()).toEqual([
      "active-share-of-plan-limit",
      "followed-developers-only",
      "honeypot-dealbreaker",
    ]);
    const momentum = result.events.find((e) =>
      String(e.policyAnalyzeSummaryEvent?.resourceUrn ?? "").endsWith("::momentum"),
    )?.policyAnalyzeSummaryEvent;
    expect([...(momentum?.passed ?? [])].sort()).toEqual([
      "alert-cooldown",
      "max-rules-per-strategy",
      "webhook-https",
    ]);
  });

  it("warns without failing when only an advisory policy is broken", async () => {
    const result = await preview({ honeypotDealbreaker: true, cooldown: 0 });
    expect(result.code, result.stderr).toBe(0);
    const found = violations(result);
    expect(found.map((v) => [v.policyName, v.enforcementLevel])).toEqual([["alert-cooldown", "advisory"]]);
    expect(found[0]?.message).toContain('Strategy "Momentum" has alertCooldownMins 0');
  });

  it("follows the policy config: an advisory policy made mandatory fails, a mandatory one made advisory warns", async () => {
    const stricter = await preview(
      { honeypotDealbreaker: true, cooldown: 0 },
      { "alert-cooldown": "mandatory" },
    );
    expect(stricter.code).not.toBe(0);
    expect(violations(stricter).map((v) => [v.policyName, v.enforcementLevel])).toEqual([
      ["alert-cooldown", "mandatory"],
    ]);

    const looser = await preview(
      { honeypotDealbreaker: false, cooldown: 30 },
      { "honeypot-dealbreaker": { enforcementLevel: "advisory" } },
    );
    expect(looser.code, looser.stderr).toBe(0);
    expect(violations(looser).map((v) => [v.policyName, v.enforcementLevel])).toEqual([
      ["honeypot-dealbreaker", "advisory"],
    ]);
  });

  it("measures the active set against the plan named in the stack's config, which reaches the pack", async () => {
    const config = { "active-share-of-plan-limit": { maxShare: 0.05 } };
    // Two active strategies: 8% of PRO's 25, over the 5% configured for this run.
    const pro = await preview({ honeypotDealbreaker: true, cooldown: 30 }, config);
    expect(pro.code, pro.stderr).toBe(0);
    const warning = violations(pro).find((v) => v.policyName === "active-share-of-plan-limit");
    expect(warning?.enforcementLevel).toBe("advisory");
    expect(warning?.message).toContain("holds 2 strategies, 8% of the PRO plan's limit of 25");

    // The same run on a stack that says its account is on DEGEN (limit 50): 4%, no warning.
    await project.setConfig("strategyAlertsPolicy:plan", "DEGEN");
    const degen = await preview({ honeypotDealbreaker: true, cooldown: 30 }, config);
    expect(degen.code, degen.stderr).toBe(0);
    expect(violations(degen)).toEqual([]);
  });
});
