import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { ApiClient } from "../../provider/api/client";
import { stackConfig, TestEmulator } from "./emulator-fixture";
import { type CommandResult, changeReport, PulumiProject } from "./harness";
import { runReview } from "./review-scenario";

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

/** A stack of `names` strategies (exported as `id<Name>`) and one activation of `active`. */
function strategiesProgram(names: string[], active: string[], extraIds: string[] = []): string {
  const strategies = names
    .map(
      (n) => `const ${n} = new sa.Strategy("${n}", {
  name: "strategy ${n}",
  triggers: ["token_graduated"],
  rules: [{ rule: "market_cap", dealbreaker: false, min: 10000 }],
});
export const id${n} = ${n}.strategyId;`,
    )
    .join("\n");
  const ids = [...active.map((n) => `${n}.strategyId`), ...extraIds.map((id) => JSON.stringify(id))];
  return `import * as sa from "pulumi-strategy-alerts";
${strategies}
const activation = new sa.StrategyActivation("active", { strategyIds: [${ids.join(", ")}] });
export const activatedIds = activation.activatedIds;
`;
}

const everything = (r: CommandResult) =>
  [r.stdout, r.stderr, ...r.diagnostics.map((d) => d.message)].join("\n");

describe.runIf(inject("pulumiBinDir"))(
  "a partly failed activation under the real engine (TypeScript)",
  () => {
    const NAMES = ["S0", "S1", "S2", "S3", "S4", "S5"];
    const FIRST = strategiesProgram(NAMES, ["S0", "S1", "S2"]);
    let emulator: TestEmulator;
    let project: PulumiProject;
    let client: ApiClient;

    beforeAll(async () => {
      emulator = await TestEmulator.start();
      const user = await emulator.user("DEGEN", { requestsPerMinute: 10_000 });
      client = user.client;
      project = await PulumiProject.create({
        name: "activation-partial",
        program: FIRST,
        config: stackConfig(emulator, user.apiKey),
      });
    });
    afterAll(async () => {
      await project?.cleanup();
      await emulator?.close();
    });

    const activeIds = async () =>
      (await client.strategies.list()).strategies
        .filter((s) => s.isActive)
        .map((s) => s.id)
        .sort();

    it("records what it activated, and the next refresh and up reach the declared set", async () => {
      await project.up();
      const outputs = await project.outputs();
      const ids = Object.fromEntries(NAMES.map((n) => [n, outputs[`id${n}`] as string]));
      const declared = ["S0", "S1", "S2"].map((n) => ids[n]!).sort();
      expect(outputs.activatedIds).toEqual(declared);

      // Every attempt of S3's activation fails (the client retries a 500 of an idempotent request).
      await project.writeProgram(strategiesProgram(NAMES, NAMES));
      await emulator.control("POST", "/faults", {
        method: "POST",
        path: `/strategies/${ids.S3}/activate`,
        status: 500,
        count: 20,
      });
      const failed = await project.up({ allowFailure: true });
      await emulator.control("DELETE", "/faults");
      expect(failed.code).not.toBe(0);
      expect(everything(failed)).toContain(`activating strategy "strategy S3" (${ids.S3}) failed`);
      expect(await activeIds()).not.toContain(ids.S3);

      // Back to S0..S2: the refresh reads the recorded state (its provider included), the up
      // deactivates what the failed update activated.
      await project.writeProgram(FIRST);
      const up = await project.up({ extraArgs: ["--refresh"], allowFailure: true });
      expect(up.code, everything(up)).toBe(0);
      expect(await activeIds()).toEqual(declared);
      // A refresh of the state that up wrote succeeds and leaves nothing to do: the previewing
      // refresh makes the same reads, and "no changes" is what a further up would apply.
      const preview = await project.preview({
        extraArgs: ["--refresh", "--expect-no-changes"],
        allowFailure: true,
      });
      expect(preview.code, everything(preview)).toBe(0);
      expect(await activeIds()).toEqual(declared);
      expect((await project.outputs()).activatedIds).toEqual(declared);
    });
  },
);

describe.runIf(inject("pulumiBinDir"))("two teams' activations on one account (TypeScript)", () => {
  let emulator: TestEmulator;
  let teamOne: PulumiProject;
  let teamTwo: PulumiProject;
  let client: ApiClient;
  let theirs: string;
  let env: Record<string, string>;

  beforeAll(async () => {
    emulator = await TestEmulator.start();
    const user = await emulator.user("DEGEN", { requestsPerMinute: 10_000 });
    client = user.client;
    env = { STRATEGY_ALERTS_API_KEY: user.apiKey, STRATEGY_ALERTS_BASE_URL: emulator.baseUrl };
    const config = stackConfig(emulator, user.apiKey);
    teamOne = await PulumiProject.create({
      name: "team-one",
      program: strategiesProgram(["T1"], ["T1"]),
      config,
    });
    teamTwo = await PulumiProject.create({
      name: "team-two",
      program: strategiesProgram(["T2"], ["T2"]),
      config,
    });
  });
  afterAll(async () => {
    await teamOne?.cleanup();
    await teamTwo?.cleanup();
    await emulator?.close();
  });

  const isActive = async (id: string) => (await client.strategies.get(id)).isActive;
  async function teamOneSeesNoChange(): Promise<void> {
    const preview = await teamOne.preview({
      extraArgs: ["--refresh", "--expect-no-changes"],
      allowFailure: true,
    });
    expect(preview.code, everything(preview)).toBe(0);
  }

  it("team two's activation of team one's strategy records it as found active", async () => {
    await teamOne.up();
    theirs = (await teamOne.outputs()).idT1 as string;
    await teamTwo.writeProgram(strategiesProgram(["T2"], ["T2"], [theirs]));
    await teamTwo.up();
    const outputs = await teamTwo.outputs();
    expect(outputs.activatedIds).toEqual([outputs.idT2]);
    expect(await isActive(theirs)).toBe(true);
  });

  /** `strategy-alerts review` of team two's preview, with the account's credentials. */
  async function reviewOf(args: string[]): Promise<string> {
    const preview = await teamTwo.run([...args, "--json", "--non-interactive", "--stack", teamTwo.stack]);
    const review = await runReview({ emulator, env }, preview.stdout, []);
    expect(review.code, review.stderr).toBe(0);
    return review.stdout;
  }
  const STAYS =
    "Stays active (this activation found it active and did not activate it: another stack, the app or a person did): “strategy T1”";

  it("team two dropping it leaves it active, says so, and team one previews no change", async () => {
    await teamTwo.writeProgram(strategiesProgram(["T2"], ["T2"]));
    const report = await reviewOf(["preview"]);
    expect(report).toContain(STAYS);
    expect(report).not.toContain("becomes inactive");
    const up = await teamTwo.up();
    expect(everything(up)).toMatch(/found them active and did not activate them/);
    expect(await isActive(theirs)).toBe(true);
    await teamOneSeesNoChange();
  });

  it("team two destroying its activation leaves it active, and team one previews no change", async () => {
    const declared = strategiesProgram(["T2"], ["T2"], [theirs]);
    await teamTwo.writeProgram(declared);
    await teamTwo.up();
    // The activation's delete, as the review states it (the harness's destroy cannot preview).
    await teamTwo.writeProgram(declared.replace(/\nconst activation[\s\S]*$/, "\n"));
    const report = await reviewOf(["preview"]);
    expect(report).toContain(STAYS);
    expect(report).toContain("becomes inactive (stops sending alerts): “strategy T2”");
    await teamTwo.writeProgram(declared);
    const destroyed = await teamTwo.destroy();
    expect(everything(destroyed)).toMatch(/found them active and did not activate them/);
    expect(await isActive(theirs)).toBe(true);
    await teamOneSeesNoChange();
  });
});
