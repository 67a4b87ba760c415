import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { WebhookReceiver } from "../support/webhook-receiver";
import { yamlHeader } from "../support/yaml-program";
import { TestEmulator } from "./emulator-fixture";
import type { PulumiProject } from "./harness";
import { allText } from "./portfolio-program";
import { PROJECT, writeYamlProgram, yamlStack } from "./yaml-portfolio-fixture";

/**
 * The plugin door starts one plugin process per provider instance. A rename that also moves the
 * webhook, a followed developer, its tags and the activation from an explicit provider to the
 * default one creates the new resources in one process and deletes the old ones in another: what
 * the run holds is shared by both (provider/runtime/run-holds.ts), so the deletes leave the objects
 * as the new resources declare them. And a rename without `adopt` goes through where the run
 * refreshed first: the refresh of the old resources proves the stack holds their objects.
 */

const ADDRESS = "7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU";

interface Names {
  hook: string;
  dev: string;
  tags: string;
  active: string;
}

/** The stack's program: one strategy on the explicit provider; the singletons and activation where `onExplicit` says. */
function program(
  hookUrl: string,
  tagId: string,
  names: Names,
  opts: { onExplicit: boolean; adopt: boolean },
): string {
  const provider = opts.onExplicit ? `    options:\n      provider: \${acct}\n` : "";
  const adopt = opts.adopt ? "      adopt: true\n" : "";
  return `${yamlHeader(PROJECT, "  key:\n    type: string\n    secret: true\n  apiUrl:\n    type: string\n")}resources:
  acct:
    type: pulumi:providers:strategy-alerts
    properties:
      apiKey: \${key}
      baseUrl: \${apiUrl}
  s1:
    type: strategy-alerts:index:Strategy
    properties:
      name: s1
      triggers: [new_token_created]
      rules:
        - { rule: is_honeypot, dealbreaker: true, enabled: true }
    options:
      provider: \${acct}
  ${names.hook}:
    type: strategy-alerts:index:Webhook
    properties:
      url: ${JSON.stringify(hookUrl)}
      enabled: true
${adopt}${provider}  ${names.dev}:
    type: strategy-alerts:index:FollowedDeveloper
    properties:
      address: ${ADDRESS}
      alias: alpha
${adopt}${provider}  ${names.tags}:
    type: strategy-alerts:index:DeveloperTags
    properties:
      address: \${${names.dev}.address}
      tagIds: [${JSON.stringify(tagId)}]
${adopt}${provider}  ${names.active}:
    type: strategy-alerts:index:StrategyActivation
    properties:
      strategyIds: ["\${s1.strategyId}"]
${provider}`;
}

describe.runIf(inject("pulumiBinDir"))("what one engine run holds, across provider processes", () => {
  let emulator: TestEmulator;
  let receiver: WebhookReceiver;
  const projects: PulumiProject[] = [];

  beforeAll(async () => {
    emulator = await TestEmulator.start();
    receiver = await new WebhookReceiver("echo").start();
  });
  afterAll(async () => {
    for (const p of projects) await p.cleanup();
    await receiver?.close();
    await emulator?.close();
  });

  it("YAML: a rename that moves the singletons and activation to the default provider (adopt, --skip-preview) ends with all of them as declared; a later rename under --refresh needs no adopt", async () => {
    const user = await emulator.user("DEGEN");
    const tagId = (await user.client.devs.tags()).tags[0]!.id;
    const config = {
      "strategy-alerts:apiKey": { value: user.apiKey, secret: true },
      "strategy-alerts:baseUrl": { value: emulator.baseUrl },
      [`${PROJECT}:key`]: { value: user.apiKey, secret: true },
      [`${PROJECT}:apiUrl`]: { value: emulator.baseUrl },
    };
    const v1: Names = { hook: "hook", dev: "dev", tags: "dev-tags", active: "active" };
    const p = await yamlStack({
      program: program(receiver.url, tagId, v1, { onExplicit: true, adopt: false }),
      config,
    });
    projects.push(p);
    await p.up();

    const live = async () => {
      const hook = await user.client.webhook.get();
      const dev = (await user.client.devs.list({ limit: 100 })).developers.find((d) => d.address === ADDRESS);
      const strategies = (await user.client.strategies.list()).strategies;
      return {
        webhook: { url: hook.url ?? null, enabled: hook.enabled, verified: Boolean(hook.verifiedAt) },
        developer: dev && { isActive: dev.isActive, alias: dev.alias, tagIds: dev.tagIds },
        active: strategies.filter((s) => s.isActive).map((s) => s.name),
      };
    };
    const declared = {
      webhook: { url: receiver.url, enabled: true, verified: true },
      developer: { isActive: true, alias: "alpha", tagIds: [tagId] },
      active: ["s1"],
    };
    expect(await live()).toEqual(declared);

    // The move: new names, the default provider, adopt: true; no preview.
    const v2: Names = { hook: "hook-v2", dev: "dev-v2", tags: "dev-tags-v2", active: "active-v2" };
    await writeYamlProgram(p, program(receiver.url, tagId, v2, { onExplicit: false, adopt: true }));
    const moved = await p.up();
    expect(allText(moved)).toContain("left as it is: another resource of this stack now declares it");
    expect(await live()).toEqual(declared);
    const check = await p.run(
      ["preview", "--refresh", "--expect-no-changes", "--non-interactive", "--stack", p.stack],
      { allowFailure: true },
    );
    expect(check.code, allText(check)).toBe(0);

    // Another rename, without adopt: refused (naming aliases first) unless the run refreshed.
    const v3: Names = { hook: "hook-v3", dev: "dev-v3", tags: "dev-tags-v3", active: "active-v3" };
    await writeYamlProgram(p, program(receiver.url, tagId, v3, { onExplicit: false, adopt: false }));
    const refused = await p.up({ allowFailure: true });
    expect(refused.code).not.toBe(0);
    expect(allText(refused)).toContain('{ aliases: [{ name: "<old name>" }] }');
    expect(await live()).toEqual(declared);

    const refreshed = await p.up({ extraArgs: ["--refresh"] });
    expect(refreshed.code, allText(refreshed)).toBe(0);
    expect(await live()).toEqual(declared);
    const after = await p.run(
      ["preview", "--refresh", "--expect-no-changes", "--non-interactive", "--stack", p.stack],
      { allowFailure: true },
    );
    expect(after.code, allText(after)).toBe(0);
  });
});
