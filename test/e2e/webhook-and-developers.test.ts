import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import type { ApiClient } from "../../provider/api/client";
import { RELEASED_ALIAS } from "../../provider/model/released-developer";
import { WebhookReceiver } from "../support/webhook-receiver";
import { stackConfig, TestEmulator } from "./emulator-fixture";
import { changeReport, PulumiProject } from "./harness";

const ADDRESS = "7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU";

function program(
  opts: { hookPath: string; alias: string; tagIds: string[]; requireVerified?: boolean; rotation?: string },
  receiverUrl: string,
) {
  return `import * as sa from "pulumi-strategy-alerts";
const dev = new sa.FollowedDeveloper("dev", { address: ${JSON.stringify(ADDRESS)}, alias: ${JSON.stringify(opts.alias)} });
new sa.DeveloperTags("dev-tags", { address: dev.address, tagIds: ${JSON.stringify(opts.tagIds)} });
const watcher = new sa.Strategy("dev-watcher", {
  name: "followed developer launches",
  triggers: ["followed_dev_new_token_created"],
  triggerConfigs: { followed_dev_new_token_created: { scope: "wallet", developerAddress: dev.address } },
  rules: [{ rule: "liquidity_usd", dealbreaker: true, min: 1000 }],
});
const hook = new sa.Webhook("hook", {
  url: ${JSON.stringify(receiverUrl + opts.hookPath)},
  enabled: true,
  ${opts.requireVerified === false ? "requireVerified: false," : ""}
  ${opts.rotation ? `rotation: ${JSON.stringify(opts.rotation)},` : ""}
});
export const secret = hook.secret;
export const verifiedAt = hook.verifiedAt;
export const watcherId = watcher.strategyId;
export const addedAt = dev.addedAt;
`;
}

describe.runIf(inject("pulumiBinDir"))(
  "Webhook, FollowedDeveloper and DeveloperTags under the real engine",
  () => {
    let emulator: TestEmulator;
    let receiver: WebhookReceiver;
    let project: PulumiProject;
    let client: ApiClient;
    let apiKey: string;
    let tagIds: string[];
    /** The stack's programs, in the order the tests move it (set once the receiver listens). */
    let first: string;
    let moved: string;
    let rotated: string;
    let renamed: string;
    /** The webhook secret the stack's first up generated (kept until a rotation). */
    let firstSecret: string | undefined;

    /** The stack at `source` applied, and the secret generated on its first up. */
    async function applied(source: string): Promise<string> {
      await project.ensureApplied(source);
      firstSecret ??= (await project.outputs()).secret as string;
      return firstSecret;
    }

    beforeAll(async () => {
      emulator = await TestEmulator.start();
      receiver = await new WebhookReceiver("echo").start();
      const user = await emulator.user();
      client = user.client;
      apiKey = user.apiKey;
      tagIds = (await client.devs.tags()).tags.map((t) => t.id);
      expect(tagIds.length).toBeGreaterThanOrEqual(2);
      const [t0, t1] = [tagIds[0]!, tagIds[1]!];
      first = program({ hookPath: "/hook", alias: "alpha", tagIds: [t1, t0] }, receiver.url);
      moved = program({ hookPath: "/hook2", alias: "alpha", tagIds: [t0, t1] }, receiver.url);
      rotated = program(
        { hookPath: "/hook2", alias: "alpha", tagIds: [t0, t1], rotation: "2026-11" },
        receiver.url,
      );
      renamed = program(
        { hookPath: "/hook2", alias: "beta", tagIds: [t0, t1], rotation: "2026-11" },
        receiver.url,
      );
      project = await PulumiProject.create({
        name: "portfolio",
        program: first,
        config: stackConfig(emulator, apiKey),
      });
    });

    afterEach(() => {
      receiver.mode = "echo";
    });

    afterAll(async () => {
      await project?.cleanup();
      await receiver?.close();
      await emulator?.close();
    });

    it("previews the whole portfolio although the developer's address is not known until it is followed", async () => {
      const preview = await project.preview();
      expect(preview.changes.create).toBe(6); // with the stack's account pin
      expect(preview.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    });

    it("follows the developer before the strategy that names its wallet, tags it and verifies the webhook", async () => {
      await project.up();
      const outputs = await project.outputs();
      const dev = (await client.devs.list()).developers.find((d) => d.address === ADDRESS);
      expect(dev).toMatchObject({ alias: "alpha", isActive: true });
      expect(outputs.addedAt).toBeTruthy();
      expect((await client.devs.getTags(ADDRESS)).tagIds.sort()).toEqual([...tagIds.slice(0, 2)].sort());
      const hook = await client.webhook.get();
      expect(hook.url).toBe(`${receiver.url}/hook`);
      expect(hook.verifiedAt).toBeTruthy();
      expect(outputs.secret).toMatch(/\S{16,}/);
      firstSecret = outputs.secret as string;
      expect(outputs.watcherId).toBeTruthy();
    });

    it("stores the webhook secret as a Pulumi secret and the API key nowhere", async () => {
      const firstSecret = await applied(first);
      const state = await project.exportState();
      expect(state).not.toContain(firstSecret);
      expect(state).not.toContain(apiKey);
      expect(await project.backendFiles()).not.toContain(firstSecret);
      expect(await project.backendFiles()).not.toContain(apiKey);
      const hook = JSON.parse(state).deployment.resources.find((r: { type: string }) =>
        r.type.endsWith(":Webhook"),
      );
      expect(hook.outputs.secret).toHaveProperty("ciphertext");
    });

    it("previews no changes, and refresh finds no drift", async () => {
      const firstSecret = await applied(first);
      expect(changeReport(await project.preview())).toEqual([]);
      const refresh = await project.refresh();
      expect(refresh.changes.update ?? 0).toBe(0);
      expect(changeReport(await project.preview())).toEqual([]);
      // The secret survives a refresh although GET /webhook never returns it.
      expect((await project.outputs()).secret).toBe(firstSecret);
    });

    it("shows changes made in the app as drift and restores them", async () => {
      await applied(first);
      await client.devs.update(ADDRESS, { isActive: false });
      await client.devs.setTags(ADDRESS, [tagIds[0]!]);
      await client.webhook.put({ enabled: false, url: `${receiver.url}/hook` });
      await project.refresh();
      const report = changeReport(await project.preview()).join("\n");
      expect(report).toContain("dev.active");
      expect(report).toContain("dev-tags.tagIds");
      expect(report).toContain("hook.enabled");
      await project.up();
      expect((await client.devs.list()).developers.find((d) => d.address === ADDRESS)?.isActive).toBe(true);
      expect((await client.devs.getTags(ADDRESS)).tagIds.sort()).toEqual([...tagIds.slice(0, 2)].sort());
      expect((await client.webhook.get()).enabled).toBe(true);
      expect(changeReport(await project.preview())).toEqual([]);
    });

    it("fails the update with the service's verificationError, keeps url and secret, and retries on the next up", async () => {
      const firstSecret = await applied(first);
      receiver.mode = "fail-500";
      await project.writeProgram(moved);
      const failed = await project.up({ allowFailure: true });
      expect(failed.code).not.toBe(0);
      const errors = failed.diagnostics
        .filter((d) => d.severity === "error")
        .map((d) => d.message)
        .join("\n");
      // The receiver's path (`/hooks/<name>`) reads as a credential, as a chat service's hook
      // path is: the message masks it and the state holds the url as a secret.
      expect(errors).toContain(`webhook url ${receiver.url}/*** was saved but not verified`);
      expect(errors).not.toContain("/hook2");
      const state = JSON.parse(await project.exportState());
      const hook = state.deployment.resources.find((r: { type: string }) => r.type.endsWith(":Webhook"));
      expect(hook.outputs.url).toHaveProperty("ciphertext");
      expect(hook.outputs.secret).toHaveProperty("ciphertext");

      receiver.mode = "echo";
      await project.up();
      expect((await client.webhook.get()).verifiedAt).toBeTruthy();
      expect((await project.outputs()).secret).toBe(firstSecret);
    });

    it("rotates the secret on purpose when rotation changes", async () => {
      const firstSecret = await applied(moved);
      await project.writeProgram(rotated);
      await project.up();
      const secret = (await project.outputs()).secret as string;
      expect(secret).toMatch(/\S{16,}/);
      expect(secret).not.toBe(firstSecret);
    });

    it("replaces the developer when its address changes and updates the alias in place", async () => {
      await project.ensureApplied(rotated);
      await project.writeProgram(renamed);
      const preview = await project.preview();
      expect(preview.changes.update).toBe(1);
      expect(preview.changes.replace).toBeUndefined();
      await project.up();
      expect((await client.devs.list()).developers.find((d) => d.address === ADDRESS)?.alias).toBe("beta");
    });

    it("destroy releases the developer, clears its tags and the webhook, and deletes the strategy", async () => {
      await project.ensureApplied(renamed);
      await project.destroy();
      const dev = (await client.devs.list()).developers.find((d) => d.address === ADDRESS);
      expect(dev).toMatchObject({ isActive: false, alias: RELEASED_ALIAS });
      expect((await client.devs.getTags(ADDRESS)).tagIds).toEqual([]);
      const hook = await client.webhook.get();
      expect(hook.url ?? null).toBeNull();
      expect(hook.hasSecret).toBe(false);
      expect((await client.strategies.list()).strategies).toEqual([]);
    });
  },
);
