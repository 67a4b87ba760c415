import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { ApiClient } from "../../provider/api/client";
import { stackConfig, TestEmulator } from "./emulator-fixture";
import { changeReport, PulumiProject } from "./harness";

const NAMES = ["A", "B", "C", "E"] as const;
type Name = (typeof NAMES)[number];

function program(active: Name[], exclusive = false): string {
  const strategies = NAMES.map(
    (n) => `const ${n} = new sa.Strategy("${n}", {
  name: "strategy ${n}",
  triggers: ["token_graduated"],
  rules: [{ rule: "market_cap", dealbreaker: false, min: 10000 }],
});
export const id${n} = ${n}.strategyId;`,
  ).join("\n");
  return `import * as sa from "pulumi-strategy-alerts";
${strategies}
const activation = new sa.StrategyActivation("active", {
  strategyIds: [${active.map((n) => `${n}.strategyId`).join(", ")}],
  exclusive: ${exclusive},
});
export const activeIds = activation.activeStrategyIds;
`;
}

/** The stack's programs, in the order the tests move it. */
const INITIAL = program(["B", "A"]);
const EXCLUSIVE_ABC = program(["A", "B", "C"], true);
const EXCLUSIVE_BCE = program(["B", "C", "E"], true);
const OUTSIDER = "made in the app";

describe.runIf(inject("pulumiBinDir"))("StrategyActivation under the real engine", () => {
  let emulator: TestEmulator;
  let project: PulumiProject;
  let client: ApiClient;
  let userId: string;
  const ids = {} as Record<Name, string>;

  /** Reads the stack's strategy ids from the service, by their names. */
  async function readIds(): Promise<void> {
    const { strategies } = await client.strategies.list();
    for (const n of NAMES) ids[n] = strategies.find((s) => s.name === `strategy ${n}`)!.id;
  }

  /** The app's strategy outside the stack, active (made when missing, activated when not). */
  async function activeOutsider(): Promise<string> {
    const made = (await client.strategies.list()).strategies.find((s) => s.name === OUTSIDER);
    if (!made) {
      const created = await client.strategies.create({
        name: OUTSIDER,
        triggers: ["new_token_created"],
        rules: [{ rule: "has_website", dealbreaker: false }],
        isActive: true,
      });
      return created.id;
    }
    if (!made.isActive) await client.strategies.activate(made.id);
    return made.id;
  }

  async function activeSet(): Promise<string[]> {
    const { strategies } = await client.strategies.list();
    return strategies
      .filter((s) => s.isActive)
      .map((s) => s.id)
      .sort();
  }
  const idsOf = (...names: Name[]) => names.map((n) => ids[n]).sort();

  beforeAll(async () => {
    emulator = await TestEmulator.start();
    const user = await emulator.user("PRO", { requestsPerMinute: 10_000, active: 3 });
    client = user.client;
    userId = user.userId;
    project = await PulumiProject.create({
      name: "activation",
      program: INITIAL,
      config: stackConfig(emulator, user.apiKey),
    });
  });

  afterAll(async () => {
    await project?.cleanup();
    await emulator?.close();
  });

  it("activates exactly the declared set", async () => {
    await project.up({ withPreview: true });
    const outputs = await project.outputs();
    for (const n of NAMES) ids[n] = outputs[`id${n}`] as string;
    expect(await activeSet()).toEqual(idsOf("A", "B"));
    expect(outputs.activeIds).toEqual(idsOf("A", "B"));
  });

  it("treats a reordered, duplicated set as no change", async () => {
    await project.ensureApplied(INITIAL);
    await project.writeProgram(program(["A", "B", "A"]));
    expect(changeReport(await project.preview())).toEqual([]);
  });

  it("fails the preview before any change when the set plus strategies active outside it exceed the plan", async () => {
    await project.ensureApplied(INITIAL);
    await readIds();
    const outsider = await activeOutsider();
    await emulator.clearJournal();
    await project.writeProgram(program(["A", "B", "C"]));
    const preview = await project.preview({ allowFailure: true });
    expect(preview.code).not.toBe(0);
    const message = preview.diagnostics.map((d) => d.message).join("\n");
    expect(message).toContain("the PRO plan allows 3 active strategies");
    expect(message).toContain("3 in strategyIds and 1 already active outside it");
    const writes = (await emulator.journal(userId)).filter((r) => r.method !== "GET");
    expect(writes).toEqual([]);
    // Only the plan and the strategies were read, once each, for the whole preview.
    const reads = (await emulator.journal(userId)).map((r) => `${r.method} ${r.route}`);
    expect(reads.filter((r) => r === "GET /me")).toHaveLength(1);
    expect(reads.filter((r) => r === "GET /strategies")).toHaveLength(1);
    expect(await activeSet()).toEqual([...idsOf("A", "B"), outsider].sort());
  });

  it("with exclusive, deactivates strategies outside the set", async () => {
    await project.ensureApplied(INITIAL);
    const outsider = await activeOutsider();
    await project.writeProgram(EXCLUSIVE_ABC);
    await project.up();
    await readIds();
    expect(await activeSet()).toEqual(idsOf("A", "B", "C"));
    expect((await client.strategies.get(outsider)).isActive).toBe(false);
  });

  it("moves activity at the plan's limit in one up, deactivating before activating", async () => {
    await project.ensureApplied(EXCLUSIVE_ABC);
    await readIds();
    await project.writeProgram(EXCLUSIVE_BCE);
    await emulator.clearJournal();
    const up = await project.up();
    expect(up.changes.update).toBe(1);
    expect(await activeSet()).toEqual(idsOf("B", "C", "E"));
    const order = (await emulator.journal(userId))
      .filter((r) => r.route?.endsWith("/activate") || r.route?.endsWith("/deactivate"))
      .map((r) => r.route);
    expect(order).toEqual(["/strategies/:id/deactivate", "/strategies/:id/activate"]);
  });

  it("shows a strategy deactivated in the app as drift and restores it", async () => {
    await project.ensureApplied(EXCLUSIVE_BCE);
    await readIds();
    await client.strategies.deactivate(ids.E);
    await project.refresh();
    const drift = await project.preview();
    expect(changeReport(drift).join("\n")).toContain("active.strategyIds");
    await project.up();
    expect(await activeSet()).toEqual(idsOf("B", "C", "E"));
    expect(changeReport(await project.preview())).toEqual([]);
  });

  it("destroy deactivates and deletes what the stack created, and leaves the app's strategy", async () => {
    await project.ensureApplied(EXCLUSIVE_BCE);
    const outsider = (await client.strategies.list()).strategies.find((s) => s.name === OUTSIDER)?.id;
    const kept = outsider ?? (await activeOutsider());
    await project.destroy();
    const { strategies } = await client.strategies.list();
    expect(strategies.map((s) => s.id)).toEqual([kept]);
  });
});
