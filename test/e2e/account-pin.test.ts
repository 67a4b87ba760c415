import { describe, expect, inject, it } from "vitest";
import type { ApiClient } from "../../provider/api/client";
import { ACCOUNT_PIN_NAME, ACCOUNT_PIN_TOKEN } from "../../provider/model/account-pin";
import { yamlPortfolio } from "../support/yaml-program";
import { emulatorFile, type EmulatorUser as User } from "./file-fixture";
import { type CommandResult, changeReport, type PulumiProject } from "./harness";
import { allText, portfolio } from "./portfolio-program";
import { writeYamlProgram } from "./yaml-portfolio-fixture";

/**
 * The report of issue 42: a stack made with one account's key, whose program then grows, run
 * with another account's key. Whatever order the engine calls the resources in (`up
 * --skip-preview`, `up --target` on a new resource), no create reaches the other account: the
 * stack's pin (the TypeScript door's pin resource, the plugin's provider state) is checked first.
 * Through both front doors, unpinned and pinned by config, with the real engine and the emulator.
 */

const names = async (client: ApiClient) =>
  (await client.strategies.list()).strategies.map((s) => s.name).sort();

describe.runIf(inject("pulumiBinDir"))("a stack's account pin, in every door", () => {
  const file = emulatorFile();

  /** The stack's owner, a stranger of the same plan, and the owner's config pinning the stack or not. */
  async function ownerAndStranger(pinned: boolean) {
    const owner = await file.emulator.user("DEGEN");
    const stranger = await file.emulator.user("DEGEN");
    const config: Record<string, { value: string }> = pinned
      ? { "strategy-alerts:accountId": { value: owner.userId } }
      : {};
    return { owner, stranger, config };
  }

  /**
   * Nothing written with the stranger's key, the owner's account as the first `up` left it; a
   * stack pinned by config says it is pinned.
   */
  async function expectRefused(
    result: CommandResult,
    owner: User,
    stranger: User,
    pinned: boolean,
    label: string,
  ): Promise<void> {
    const text = allText(result);
    expect(result.code, `${label}\n${text}`).not.toBe(0);
    expect(text, label).toContain(`belongs to account ${owner.userId}`);
    expect(text, label).toContain(`belongs to account ${stranger.userId}`);
    if (pinned) expect(text, label).toContain(`pinned to account ${owner.userId}`);
    expect(text, label).not.toContain(stranger.apiKey);
    expect(
      (await file.emulator.journal(stranger.userId)).filter((r) => r.method !== "GET"),
      label,
    ).toEqual([]);
    expect(await names(stranger.client), label).toEqual([]);
    expect(await names(owner.client), label).toEqual(["s strategy 0"]);
  }

  /**
   * One strategy up with the owner's key; the program grows to three; `up --skip-preview` and
   * `up --target <a new strategy>` with the stranger's key are refused; with the owner's key
   * again the stack goes on.
   */
  async function reportScenario(
    p: PulumiProject,
    grow: () => Promise<void>,
    newStrategyUrn: string,
    owner: User,
    stranger: User,
    pinned: boolean,
  ): Promise<void> {
    await p.up();
    expect(await names(owner.client)).toEqual(["s strategy 0"]);
    await grow();
    const wrongKey = { env: { STRATEGY_ALERTS_API_KEY: stranger.apiKey }, allowFailure: true };
    await expectRefused(await p.up(wrongKey), owner, stranger, pinned, "up --skip-preview");
    await expectRefused(
      await p.up({ ...wrongKey, extraArgs: ["--target", newStrategyUrn] }),
      owner,
      stranger,
      pinned,
      "up --target",
    );
    await p.up();
    expect(await names(owner.client)).toEqual(["s strategy 0", "s strategy 1", "s strategy 2"]);
    expect(changeReport(await p.preview())).toEqual([]);
  }

  const tsUrn = (project: string, name: string) =>
    `urn:pulumi:dev::${project}::pulumi-nodejs:dynamic/strategy-alerts:Strategy::${name}`;
  const yamlUrn = (project: string, name: string) =>
    `urn:pulumi:dev::${project}::strategy-alerts:index:Strategy::${name}`;

  it.each([
    ["unpinned", false],
    ["pinned by config", true],
  ])("TypeScript (%s): no create reaches another account's key", async (_label, pinned) => {
    const { owner, stranger, config } = await ownerAndStranger(pinned);
    const name = pinned ? "pin-ts-pinned" : "pin-ts";
    const p = await file.project(owner, { name, program: portfolio(1, 1000), config });
    await reportScenario(
      p,
      () => p.writeProgram(portfolio(3, 1000)),
      tsUrn(name, "s1"),
      owner,
      stranger,
      pinned,
    );
    // The pin is one resource of the stack, recording the owner's account.
    const state = JSON.parse(await p.exportState()) as {
      deployment: { resources: { type: string; urn: string; outputs?: Record<string, unknown> }[] };
    };
    const pins = state.deployment.resources.filter((r) => r.type === ACCOUNT_PIN_TOKEN);
    expect(pins.map((r) => r.urn.split("::").pop())).toEqual([ACCOUNT_PIN_NAME]);
    expect(pins[0]?.outputs?.accountId).toBe(owner.userId);
  });

  it.each([
    ["unpinned", false],
    ["pinned by config", true],
  ])("YAML, the provider plugin (%s): no create reaches another account's key", async (_label, pinned) => {
    const { owner, stranger, config } = await ownerAndStranger(pinned);
    const name = pinned ? "pin-yaml-pinned" : "pin-yaml";
    const p = await file.yaml(owner, { program: yamlPortfolio(name, 1, 1000), config });
    await reportScenario(
      p,
      () => writeYamlProgram(p, yamlPortfolio(name, 3, 1000)),
      yamlUrn(name, "s1"),
      owner,
      stranger,
      pinned,
    );
    // The default provider's state records the pin, carried from its first up.
    const state = JSON.parse(await p.exportState()) as {
      deployment: { resources: { type: string; inputs?: Record<string, unknown> }[] };
    };
    const provider = state.deployment.resources.find((r) => r.type === "pulumi:providers:strategy-alerts");
    expect(provider?.inputs?.accountId).toBe(owner.userId);
  });
});
