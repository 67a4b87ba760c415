import { describe, expect, inject, it } from "vitest";
import { EXAMPLE_DEVELOPER } from "../../emulator/accounts/seed";
import type { ApiClient } from "../../provider/api/client";
import { emulatorFile } from "./file-fixture";
import { type CommandResult, once, type PulumiProject } from "./harness";
import { allText, portfolio } from "./portfolio-program";
import {
  exampleProgram,
  type PluginBuild,
  portfolioConfig,
  writeYamlProgram,
  yamlStack,
} from "./yaml-portfolio-fixture";

/**
 * Every kind on one account shared by several stacks and projects, through both front doors:
 * the webhook, a followed developer and its tags have one owner; a rename ends as declared; a
 * partly failed activation converges. (A stack pinned to its account never writing with another
 * account's key, `--skip-preview` included, is account-pin.test.ts's, in both doors.)
 */

/** The wallet the YAML portfolio of examples/ follows (the first stack of these tests). */
const ADDRESS = EXAMPLE_DEVELOPER;

interface AccountSingletons {
  webhook: { url: string | null; enabled: boolean; hasSecret: boolean };
  developer:
    | { isActive: boolean | undefined; alias: string | null | undefined; tagIds: string[] }
    | undefined;
}

async function singletons(client: ApiClient): Promise<AccountSingletons> {
  const webhook = await client.webhook.get();
  const dev = (await client.devs.list({ limit: 100 })).developers.find((d) => d.address === ADDRESS);
  return {
    webhook: { url: webhook.url ?? null, enabled: webhook.enabled, hasSecret: webhook.hasSecret },
    developer: dev && { isActive: dev.isActive, alias: dev.alias, tagIds: [...(dev.tagIds ?? [])].sort() },
  };
}

/** The steps a preview or update plans, other than "same" and a refresh's reads: `<op> <name>`. */
function stepsOf(result: CommandResult): string[] {
  return result.events
    .map((e) => e.resourcePreEvent?.metadata)
    .filter(
      (m) => m !== undefined && !["same", "refresh"].includes(m.op) && !m.urn.includes("pulumi:pulumi:Stack"),
    )
    .map((m) => `${m!.op} ${m!.urn.split("::").pop()}`);
}

/** The example's YAML with the webhook, developer, tags and activation under new names. */
function renamed(program: string, adopt: boolean): string {
  let out = program
    .replace(/^ {2}dev:$/m, "  dev-v2:")
    .replaceAll(`\${dev.address}`, `\${dev-v2.address}`)
    .replace(/^ {2}trusted-dev-tags:$/m, "  trusted-dev-tags-v2:")
    .replace(/^ {2}alerts-webhook:$/m, "  alerts-webhook-v2:")
    .replaceAll(`\${alerts-webhook.`, `\${alerts-webhook-v2.`)
    .replace(/^ {2}active-set:$/m, "  active-set-v2:")
    .replaceAll(`\${active-set.`, `\${active-set-v2.`);
  if (adopt)
    out = out
      .replace("      alias: trusted launcher\n", "      alias: trusted launcher\n      adopt: true\n")
      .replace(
        `      address: \${dev-v2.address}\n`,
        `      address: \${dev-v2.address}\n      adopt: true\n`,
      )
      .replace(
        "      enabled: true\n      requireVerified:",
        "      enabled: true\n      adopt: true\n      requireVerified:",
      );
  return out;
}

describe.runIf(inject("pulumiBinDir"))("one account shared by stacks and projects", () => {
  const file = emulatorFile();

  /** `pulumi preview --refresh --expect-no-changes` passes: the stack and the account agree. */
  async function expectRefreshedClean(p: PulumiProject): Promise<void> {
    const check = await p.run(
      ["preview", "--refresh", "--expect-no-changes", "--non-interactive", "--stack", p.stack],
      { allowFailure: true },
    );
    expect(check.code, allText(check)).toBe(0);
  }

  /**
   * The YAML example's stack on an account of its own, up: where the next two tests start (the
   * first leaves it as it found it, which it asserts). What these tests check is what the plugin
   * does, so they run through the release binary, the build the engine downloads; the script
   * plugin runs the same code behind another launcher.
   */
  const BUILD: PluginBuild = "release binary";
  const firstStack = once(async () => {
    const { emulator } = file;
    const user = await emulator.user("DEGEN");
    const config = await portfolioConfig(emulator, user);
    const first = file.keep(await yamlStack({ plugin: BUILD, config }));
    await first.up();
    return { user, config, first };
  });

  it("YAML: a second stack and a TypeScript project declaring the same webhook, developer and tags fail their preview, and their destroys leave the first stack whole", async () => {
    const { emulator } = file;
    const { user, config, first } = await firstStack();
    const before = await singletons(user.client);
    expect(before.webhook.hasSecret).toBe(true);
    expect(before.developer?.isActive).toBe(true);
    const secret = emulator.em.store.getWebhook(user.userId)?.secret;

    const second = await first.anotherStack("second", config);
    const ts = await file.project(user, {
      name: "shared-ts",
      program: `import * as sa from "pulumi-strategy-alerts";
new sa.Webhook("hook", { url: "https://other.example.com/hook", enabled: true, requireVerified: false });
const dev = new sa.FollowedDeveloper("dev", { address: "${ADDRESS}" });
new sa.DeveloperTags("tags", { address: dev.address, tagIds: [] });
`,
    });
    for (const other of [second, ts]) {
      const up = await other.up({ allowFailure: true, withPreview: true });
      expect(up.code).not.toBe(0);
      const text = allText(up);
      // The engine stops at the first failing check: one of the three objects is named.
      expect(text).toMatch(
        /(The account's webhook|FollowedDeveloper "5p2h[^"]*" \(43 characters\)|DeveloperTags "5p2h[^"]*" \(43 characters\)) already exists on the account/,
      );
      expect(text).toContain("adopt: true");
      await other.destroy();
      expect(await singletons(user.client)).toEqual(before);
    }
    expect(emulator.em.store.getWebhook(user.userId)?.secret).toBe(secret);
    await expectRefreshedClean(first);
  });

  it("YAML: renaming the webhook, developer, tags and activation asks for adopt: true, then ends with every object as declared", async () => {
    const { emulator } = file;
    const { user, first: p } = await firstStack();
    const before = await singletons(user.client);
    const secret = emulator.em.store.getWebhook(user.userId)?.secret;
    const active = (await user.client.strategies.list()).strategies
      .filter((s) => s.isActive)
      .map((s) => s.id);
    expect(active).toHaveLength(3);

    const program = await exampleProgram();
    await writeYamlProgram(p, renamed(program, false));
    const refused = await p.up({ allowFailure: true, withPreview: true });
    expect(refused.code).not.toBe(0);
    expect(allText(refused)).toContain("adopt: true");
    expect(await singletons(user.client)).toEqual(before);

    await writeYamlProgram(p, renamed(program, true));
    const up = await p.up();
    expect(allText(up)).toContain("left as it is: another resource of this stack now declares it");
    expect(await singletons(user.client)).toEqual(before);
    // The service keeps its secret; it is shown only when generated, so the adopting resource
    // cannot hold it and says so (aliases keep it in the state).
    expect(emulator.em.store.getWebhook(user.userId)?.secret).toBe(secret);
    expect((await p.outputs()).webhookSecret ?? null).toBeNull();
    expect(allText(up)).toContain("its signing secret cannot be read back");
    const after = (await user.client.strategies.list()).strategies.filter((s) => s.isActive).map((s) => s.id);
    expect(after.sort()).toEqual(active.sort());
    await expectRefreshedClean(p);
  });

  it("TypeScript: a failed activation names the strategy, records what it activated, and a revert deactivates it", async () => {
    const { emulator } = file;
    const user = await emulator.user("DEGEN");
    const program = (active: number) =>
      portfolio(6, 1000).replace(
        /strategyIds: \[(.*)\]/,
        (_, ids: string) => `strategyIds: [${ids.split(", ").slice(0, active).join(", ")}]`,
      );
    const p = await file.project(user, { name: "shared-partial", program: program(3) });
    await p.up();
    const all = (await user.client.strategies.list()).strategies.sort((a, b) => a.name.localeCompare(b.name));
    const s4 = all.find((s) => s.name === "s strategy 3")!;
    await emulator.control("POST", "/faults", {
      method: "POST",
      path: `/strategies/${s4.id}/activate`,
      status: 500,
      count: 100,
    });
    await p.writeProgram(program(6));
    const failed = await p.up({ allowFailure: true });
    await emulator.control("DELETE", "/faults");
    expect(failed.code).not.toBe(0);
    expect(allText(failed)).toContain(`activating strategy "s strategy 3" (${s4.id}) failed`);

    // The engine keeps the old inputs of a partly failed update and the outputs it recorded: the
    // revert is an update of the activation (the strategies it left active), not "no changes".
    await p.writeProgram(program(3));
    expect(stepsOf(await p.preview())).toEqual(["update active"]);
    await p.up();
    const active = (await user.client.strategies.list()).strategies
      .filter((s) => s.isActive)
      .map((s) => s.name);
    expect(active.sort()).toEqual(["s strategy 0", "s strategy 1", "s strategy 2"]);
    expect(stepsOf(await p.preview({ extraArgs: ["--refresh"] }))).toEqual([]);
  });
});
