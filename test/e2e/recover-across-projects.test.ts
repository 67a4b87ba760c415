import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { ApiClient } from "../../provider/api/client";
import { STRATEGY_FIELDS, type StrategyInput } from "../../provider/model/strategy";
import { sameContent } from "../../provider/runtime/strategy-create-once";
import { until } from "../support/until";
import { yamlPortfolio } from "../support/yaml-program";
import { spawnUp } from "./chaos/campaign";
import { stackConfig, TestEmulator } from "./emulator-fixture";
import { changeReport, PulumiProject, REPO_ROOT, runProcess } from "./harness";
import { yamlStack } from "./yaml-portfolio-fixture";

/**
 * `strategy-alerts recover` after a killed `up`, with another project on the same account and
 * the same file backend: the YAML portfolio through the plugin (project `yaml-portfolio`) and
 * the TypeScript portfolio (project `strategy-portfolio`), both stacks named `dev`, declaring the
 * same three strategies, as two portfolios of one desk do. Recover must take none of what the
 * other project holds, nor a look-alike made in the app before the killed update began.
 */

interface State {
  deployment: {
    resources?: { type: string; id?: string }[];
    pending_operations?: { type: string; resource: { type: string; inputs?: Record<string, unknown> } }[];
  };
}

async function stateOf(p: PulumiProject): Promise<State> {
  return JSON.parse(await p.exportState()) as State;
}

async function strategyIdsOf(p: PulumiProject): Promise<string[]> {
  return ((await stateOf(p)).deployment.resources ?? [])
    .filter((r) => r.type.endsWith(":Strategy"))
    .map((r) => r.id!)
    .sort();
}

async function liveIds(client: ApiClient): Promise<string[]> {
  return (await client.strategies.list()).strategies.map((s) => s.id).sort();
}

/** The TypeScript twin of `yamlPortfolio(name, 3, 1000)`: the same strategies, another project. */
function typescriptPortfolio(n: number, min: number): string {
  const items = Array.from(
    { length: n },
    (_, i) => `const s${i} = new sa.Strategy("s${i}", {
  name: "s strategy ${i}",
  triggers: ["new_token_created"],
  rules: [
    { rule: "liquidity_usd", dealbreaker: true, min: ${min + i} },
    { rule: "has_website", dealbreaker: false },
    { rule: "risk_level", dealbreaker: false, value: "MEDIUM" },
  ],
});`,
  ).join("\n");
  const ids = Array.from({ length: n }, (_, i) => `s${i}.strategyId`).join(", ");
  return `import * as sa from "pulumi-strategy-alerts";
${items}
new sa.StrategyActivation("active", { strategyIds: [${ids}] });
`;
}

describe.runIf(inject("pulumiBinDir"))("recover with another project on the account and the backend", () => {
  let emulator: TestEmulator;
  const projects: PulumiProject[] = [];

  beforeAll(async () => {
    emulator = await TestEmulator.start();
  });
  afterAll(async () => {
    for (const p of projects) await p.cleanup();
    await emulator?.close();
  });

  it("takes neither the other project's strategies nor an older look-alike; the next up creates its own, and its destroy spares them", async () => {
    const user = await emulator.user("DEGEN");
    const config = stackConfig(emulator, user.apiKey);
    const yaml = await yamlStack({ program: yamlPortfolio("yaml-portfolio", 3, 1000), config });
    projects.push(yaml);
    // Another directory and project, its own passphrase, the same backend.
    const ts = await PulumiProject.create({
      name: "strategy-portfolio",
      program: typescriptPortfolio(3, 1000),
      config,
      env: { PULUMI_BACKEND_URL: yaml.env.PULUMI_BACKEND_URL! },
    });
    projects.push(ts);

    // A look-alike of s0 made in the app 19 minutes ago, held by no stack.
    await emulator.control("POST", "/clock", { advanceMinutes: -19 });
    const app = await user.client.strategies.create({
      name: "s strategy 0",
      triggers: ["new_token_created"],
      rules: [
        { rule: "liquidity_usd", dealbreaker: true, min: 1000 },
        { rule: "has_website", dealbreaker: false },
        { rule: "risk_level", dealbreaker: false, value: "MEDIUM" },
      ],
      isActive: false,
    } as StrategyInput);
    await emulator.control("POST", "/clock", { advanceMinutes: 19 });

    // The TypeScript portfolio's first `up`, killed while its three POSTs are held and then
    // dropped before the service applies them: none of its strategies exists.
    await emulator.control("POST", "/faults", {
      method: "POST",
      path: "/strategies",
      latencyMs: 25_000,
      drop: "before",
      count: 3,
    });
    const run = spawnUp(ts);
    await until(async () => {
      const { faults } = await emulator.control<{ faults: unknown[] }>("GET", "/faults");
      return faults.length === 0;
    }, 90_000);
    let pending: NonNullable<State["deployment"]["pending_operations"]> = [];
    await until(async () => {
      const state = await stateOf(ts).catch(() => undefined);
      pending = (state?.deployment.pending_operations ?? []).filter(
        (op) => op.type === "creating" && op.resource.type.endsWith(":Strategy"),
      );
      return pending.length === 3;
    }, 30_000);
    run.kill();
    await run.done;
    await emulator.control("DELETE", "/faults");
    expect(await liveIds(user.client)).toEqual([app.id]);

    // The YAML portfolio applies meanwhile (another project's CI job): the same three
    // strategies, made after the killed update began. Only the rule that every project's stacks
    // hold counts keeps recover from taking them; the time bound alone would not.
    await yaml.up();
    const yamlIds = await strategyIdsOf(yaml);
    expect(yamlIds).toHaveLength(3);
    const live = (await user.client.strategies.list()).strategies;
    // What makes the old rules fail: each interrupted create has a look-alike in the other
    // project made after its update began, and s0 one more in the app, made before.
    for (const op of pending) {
      const inputs = op.resource.inputs ?? {};
      const bound = Date.parse(String(inputs.createdNotBefore));
      expect(bound).not.toBeNaN();
      const body = Object.fromEntries(
        STRATEGY_FIELDS.filter((f) => inputs[f] !== undefined).map((f) => [f, inputs[f]]),
      ) as unknown as StrategyInput;
      const alike = live.filter((s) => yamlIds.includes(s.id) && sameContent(s, body));
      expect(alike).toHaveLength(1);
      expect(Date.parse(alike[0]!.createdAt)).toBeGreaterThan(bound);
      expect(sameContent(app, body)).toBe(inputs.name === "s strategy 0");
      expect(Date.parse(app.createdAt)).toBeLessThan(bound - 15 * 60_000);
    }

    await ts.run(["cancel", "--yes", "--stack", ts.stack], { allowFailure: true });
    const recovered = await runProcess(
      "node",
      [join(REPO_ROOT, "dist/cli/index.js"), "recover", "--yes", "--stack", ts.stack],
      { cwd: ts.dir, env: ts.env },
    );
    expect(recovered.stderr).toBe("");
    expect(recovered.code).toBe(0);
    for (const name of ["s0", "s1", "s2"])
      expect(recovered.stdout).toMatch(
        new RegExp(`^Strategy ${name}: cleared \\(no strategy of its content`, "m"),
      );
    expect(recovered.stdout).toContain("Recovered");
    for (const id of [...yamlIds, app.id]) expect(recovered.stdout).not.toContain(id);
    const after = await stateOf(ts);
    expect(after.deployment.pending_operations ?? []).toEqual([]);
    expect(await strategyIdsOf(ts)).toEqual([]);

    // Its next `up` creates its own three; its destroy leaves the other project's and the app's.
    await ts.up();
    const tsIds = await strategyIdsOf(ts);
    expect(tsIds).toHaveLength(3);
    expect(tsIds.filter((id) => yamlIds.includes(id) || id === app.id)).toEqual([]);
    expect(changeReport(await ts.preview())).toEqual([]);
    await ts.destroy();
    expect(await liveIds(user.client)).toEqual([...yamlIds, app.id].sort());
    expect(await strategyIdsOf(yaml)).toEqual(yamlIds);
    expect(changeReport(await yaml.preview())).toEqual([]);
  });
});
