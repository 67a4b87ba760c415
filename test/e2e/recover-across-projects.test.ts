import { describe, expect, inject, it } from "vitest";
import { STRATEGY_FIELDS, type StrategyInput } from "../../provider/model/strategy";
import { sameContent } from "../../provider/runtime/strategy-create-once";
import { yamlPortfolio } from "../support/yaml-program";
import { emulatorFile } from "./file-fixture";
import { changeReport } from "./harness";
import { cancelAndRecover, liveIds, stateOf, strategyIdsOf, upKilledWhileHeld } from "./killed-up-fixture";

/**
 * `strategy-alerts recover` after a killed `up`, with another project on the same account and
 * the same file backend: the YAML portfolio through the plugin (project `yaml-portfolio`) and
 * the TypeScript portfolio (project `strategy-portfolio`), both stacks named `dev`, declaring the
 * same three strategies, as two portfolios of one desk do. Recover must take none of what the
 * other project holds, nor a look-alike made in the app before the killed update began.
 */

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
  const file = emulatorFile();

  it("takes neither the other project's strategies nor an older look-alike; the next up creates its own, and its destroy spares them", async () => {
    const { emulator } = file;
    const user = await emulator.user("DEGEN");
    const yaml = await file.yaml(user, { program: yamlPortfolio("yaml-portfolio", 3, 1000) });
    // Another directory and project, the same backend.
    const ts = await file.project(user, {
      name: "strategy-portfolio",
      program: typescriptPortfolio(3, 1000),
      env: { PULUMI_BACKEND_URL: yaml.env.PULUMI_BACKEND_URL! },
    });

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
    const pending = await upKilledWhileHeld(emulator, ts, 3, { latencyMs: 25_000, drop: "before" });
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

    const recovered = await cancelAndRecover(ts);
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
