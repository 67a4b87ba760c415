import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { ApiClient } from "../../provider/api/client";
import { stackConfig, TestEmulator } from "./emulator-fixture";
import { PulumiProject } from "./harness";

const ADDRESS = "9wFFyRfZBsuAha4YcuxcXLKwMxJR43S7fPfQLusDBzvT";

/**
 * `Resource.get` under the real engine: objects made in the app are read into a program, their
 * outputs are usable, and nothing is created, changed or deleted — not even by destroy.
 */
function program(strategyId: string): string {
  return `import * as sa from "pulumi-strategy-alerts";
const strategy = sa.Strategy.get("app-strategy", ${JSON.stringify(strategyId)});
const active = sa.StrategyActivation.get("app-active-set", "account");
const hook = sa.Webhook.get("app-webhook", "webhook");
const dev = sa.FollowedDeveloper.get("app-dev", ${JSON.stringify(ADDRESS)});
const tags = sa.DeveloperTags.get("app-dev-tags", ${JSON.stringify(ADDRESS)});

export const strategyName = strategy.name;
export const strategyRules = strategy.rules;
export const activeIds = active.strategyIds;
export const hookEnabled = hook.enabled;
export const devAlias = dev.alias;
export const devActive = dev.isActive;
export const tagIds = tags.tagIds;
export const recognised = [
  sa.Strategy.isInstance(strategy),
  sa.StrategyActivation.isInstance(active),
  sa.Webhook.isInstance(hook),
  sa.FollowedDeveloper.isInstance(dev),
  sa.DeveloperTags.isInstance(tags),
  sa.Strategy.isInstance(dev),
];
`;
}

describe.runIf(inject("pulumiBinDir"))(
  "Resource.get reads objects made in the app without managing them",
  () => {
    let emulator: TestEmulator;
    let client: ApiClient;
    let userId: string;
    let project: PulumiProject;
    let strategyId: string;
    let tagIds: string[];

    beforeAll(async () => {
      emulator = await TestEmulator.start();
      const user = await emulator.user();
      client = user.client;
      userId = user.userId;
      const made = await client.strategies.create({
        name: "Made in the app",
        triggers: ["new_token_created"],
        rules: [
          { rule: "is_honeypot", dealbreaker: true },
          { rule: "liquidity_usd", dealbreaker: false, min: 5000 },
        ],
        isActive: true,
      });
      strategyId = made.id;
      await client.devs.add(ADDRESS, { alias: "app-dev" });
      tagIds = (await client.devs.tags()).tags.map((t) => t.id).slice(0, 2);
      await client.devs.setTags(ADDRESS, tagIds);
      project = await PulumiProject.create({
        name: "reads",
        program: program(strategyId),
        config: stackConfig(emulator, user.apiKey),
      });
    });

    afterAll(async () => {
      await project?.cleanup();
      await emulator?.close();
    });

    it("reads every kind, exposes their outputs and recognises each by its type token", async () => {
      await emulator.clearJournal();
      const up = await project.up();
      expect(up.steps.filter((s) => s.type !== "pulumi:pulumi:Stack").map((s) => s.op)).toEqual(
        Array(5).fill("read"),
      );
      const outputs = await project.outputs();
      expect(outputs).toMatchObject({
        strategyName: "Made in the app",
        activeIds: [strategyId],
        hookEnabled: false,
        devAlias: "app-dev",
        devActive: true,
        tagIds: [...tagIds].sort(),
        recognised: [true, true, true, true, true, false],
      });
      expect(outputs.strategyRules).toEqual(
        expect.arrayContaining([expect.objectContaining({ rule: "liquidity_usd", min: 5000 })]),
      );
      const writes = (await emulator.journal(userId)).filter((r) => r.method !== "GET");
      expect(writes).toEqual([]);
    });

    it("leaves every object in place on destroy", async () => {
      await project.ensureApplied(program(strategyId));
      await emulator.clearJournal();
      await project.destroy();
      expect((await emulator.journal(userId)).filter((r) => r.method !== "GET")).toEqual([]);
      expect((await client.strategies.get(strategyId)).isActive).toBe(true);
      expect((await client.devs.getTags(ADDRESS)).tagIds.sort()).toEqual([...tagIds].sort());
    });
  },
);
