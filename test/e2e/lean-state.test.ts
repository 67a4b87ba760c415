import { rm } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { ApiClient } from "../../provider/api/client";
import { providerText } from "../../provider/resources/provider-shell";
import { stackConfig, TestEmulator } from "./emulator-fixture";
import { PulumiProject } from "./harness";

/**
 * A strategy's state under the real engine holds each fact once: its inputs as declared (in the
 * inputs and, as the engine keeps them, in the outputs), the few facts only the service knows,
 * and the provider text, a reference to the installed package of about 120 bytes. The service's
 * record of the rules (dealbreakers, rule groups) is the declared rules regrouped and is not
 * stored. With the program's code gone, the engine still finds each resource's provider in the
 * state: refresh and destroy work.
 */

const RULES = `[
  { rule: "liquidity_usd", dealbreaker: true, min: min + i },
  { rule: "is_honeypot", dealbreaker: true },
  { rule: "has_website", dealbreaker: false },
  { rule: "risk_level", dealbreaker: false, value: "MEDIUM" },
]`;
/** Two strategies; `min` moves their liquidity rule. */
const program = (min: number) => `import * as sa from "pulumi-strategy-alerts";
const min = ${min};
export const ids = ["Lean one", "Lean two"].map(
  (name, i) => new sa.Strategy("s" + i, { name, triggers: ["new_token_created"], rules: ${RULES} }).strategyId,
);
`;

interface StateResource {
  type: string;
  inputs?: Record<string, unknown>;
  outputs?: Record<string, unknown>;
}

/** What a command changed: nothing when it found nothing to do. */
const changed = (r: { changes: Record<string, number | undefined> }) =>
  Object.keys(r.changes).filter((op) => op !== "same");

const SERVICE_FACTS = ["strategyId", "userId", "isActive", "createdAt", "updatedAt", "accountId"];

describe.runIf(inject("pulumiBinDir"))("a strategy's lean state", () => {
  let emulator: TestEmulator;
  let client: ApiClient;
  let userId: string;
  let project: PulumiProject;

  const strategies = async () =>
    (
      JSON.parse(await project.exportState()) as { deployment: { resources: StateResource[] } }
    ).deployment.resources.filter((r) => r.type === "pulumi-nodejs:dynamic/strategy-alerts:Strategy");

  /** Every output is an input as declared or one of the service's own facts; the provider is the short text. */
  async function expectLean(label: string): Promise<void> {
    const held = await strategies();
    expect(held, label).toHaveLength(2);
    for (const r of held) {
      const inputs = r.inputs ?? {};
      const outputs = r.outputs ?? {};
      const beyondInputs = Object.keys(outputs).filter((k) => !(k in inputs));
      expect(beyondInputs.sort(), label).toEqual([...SERVICE_FACTS].sort());
      // Every input is an output as declared but the account pin, which is checked, not recorded.
      for (const [k, v] of Object.entries(inputs))
        if (k !== "accountPin") expect(outputs[k], `${label}: ${k}`).toEqual(v);
      expect(outputs, label).not.toHaveProperty("accountPin");
      expect(inputs.__provider, label).toBe(providerText("Strategy"));
    }
  }

  beforeAll(async () => {
    emulator = await TestEmulator.start();
    const user = await emulator.user("PRO");
    client = user.client;
    userId = user.userId;
    project = await PulumiProject.create({
      name: "lean",
      program: program(1000),
      config: stackConfig(emulator, user.apiKey),
    });
  });
  afterAll(async () => {
    await project?.cleanup();
    await emulator?.close();
  });

  it("holds the declared inputs and the service's facts after create, update and refresh", async () => {
    await project.up();
    await expectLean("after create");
    expect(changed(await project.preview())).toEqual([]);

    // A rule change: one PATCH each, no read to learn the regenerated rules.
    await emulator.clearJournal();
    await project.writeProgram(program(2000));
    const update = await project.up();
    expect(update.changes.update).toBe(2);
    const journal = await emulator.journal(userId);
    expect(journal.filter((e) => e.route === "/strategies/:id" && e.method === "PATCH")).toHaveLength(2);
    expect(journal.filter((e) => e.method === "GET" && e.route === "/strategies/:id")).toEqual([]);
    await expectLean("after update");
    const live = (await client.strategies.list()).strategies;
    expect(
      live
        .flatMap((s) => s.dealbreakers.filter((d) => d.ruleType === "liquidity_usd").map((d) => d.value))
        .sort(),
    ).toEqual([2000, 2001]);

    const refreshed = await project.refresh({ extraArgs: ["--expect-no-changes"] });
    expect(refreshed.code).toBe(0);
    await expectLean("after refresh");
    expect(changed(await project.preview())).toEqual([]);
  });

  it("finds each resource's provider in the state with the program's code gone: refresh, then destroy", async () => {
    for (const file of ["index.ts", "index.js"]) await rm(join(project.dir, file), { force: true });
    const refreshed = await project.refresh();
    expect(refreshed.code).toBe(0);
    expect(refreshed.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(refreshed.steps.filter((s) => s.op !== "same" && s.op !== "refresh")).toEqual([]);
    const destroyed = await project.destroy();
    expect(destroyed.code).toBe(0);
    expect(destroyed.steps.filter((s) => s.type.endsWith(":Strategy")).map((s) => s.op)).toEqual([
      "delete",
      "delete",
    ]);
    expect((await client.strategies.list()).strategies).toEqual([]);
  });
});
