import { join } from "node:path";
import type { ApiClient } from "../../../provider/api/client";
import { afterKilledUp, spawnUp } from "../chaos/campaign";
import { stackConfig, type TestEmulator } from "../emulator-fixture";
import { expectNoChanges, firstError } from "../fault-matrix/lane";
import {
  addressOf,
  type Decl,
  EXPLICIT_CONFIG,
  hookUrl,
  programFor,
  type RenderOptions,
  resourceName,
} from "../fault-matrix/programs";
import { type CommandResult, PulumiProject } from "../harness";
import { writeYamlProgram, yamlStack } from "../yaml-portfolio-fixture";

/**
 * Two teams on one account: team A's stack goes through what teams do (rename, move between
 * providers, borrow another team's ids, mute, the app re-creating the webhook, a killed `up`,
 * destroy); after each step team B's stack must refresh with no change and the account must hold
 * what team B declares. Each pair has its own user on the file's emulator.
 */

export type DoorMode = "TypeScript" | "YAML default provider" | "YAML explicit provider";
export type Backends = "same backend" | "two backends";

const PROVIDER = "team-provider";
const PROJECT = { a: "two-teams-a", b: "two-teams-b" } as const;

interface LiveStrategy {
  id: string;
  name: string;
  isActive: boolean;
  ruleGroups: { rules: { ruleType: string; value?: unknown }[] }[];
}
interface LiveDeveloper {
  address: string;
  alias: string | null;
  isActive: boolean;
  tagIds: string[];
}

export class TeamPair {
  /** Team A's declaration and how it is written, as the steps move them. */
  declA: Decl;
  renderA: RenderOptions;
  readonly declB: Decl;

  private constructor(
    readonly door: DoorMode,
    readonly em: TestEmulator,
    readonly user: { userId: string; apiKey: string; client: ApiClient },
    readonly tagIds: string[],
    readonly a: PulumiProject,
    readonly b: PulumiProject,
    declA: Decl,
    declB: Decl,
    private readonly renderB: RenderOptions,
  ) {
    this.declA = declA;
    this.declB = declB;
    this.renderA = door === "YAML explicit provider" ? { provider: PROVIDER } : {};
  }

  static async start(door: DoorMode, backends: Backends, em: TestEmulator): Promise<TeamPair> {
    const user = await em.user("DEGEN", { requestsPerMinute: 100_000 });
    const tagIds = (await user.client.devs.tags()).tags.map((t) => t.id).slice(0, 2);
    const declA: Decl = {
      strategies: [
        { key: "a0", name: "A keep 0", min: 1000 },
        { key: "a1", name: "A keep 1", min: 1100 },
      ],
      active: ["a0"],
      hook: hookUrl(1),
      dev: { address: addressOf("a", 1), alias: "team a launcher" },
      tags: tagIds.slice(0, 1),
    };
    const declB: Decl = {
      strategies: [
        { key: "b0", name: "B keep 0", min: 2000 },
        { key: "b1", name: "B keep 1", min: 2100 },
      ],
      active: ["b0"],
      hook: null,
      dev: { address: addressOf("b", 1), alias: "team b launcher" },
      tags: tagIds.slice(1, 2),
    };
    const render: RenderOptions = door === "YAML explicit provider" ? { provider: PROVIDER } : {};
    const yamlDoor = door !== "TypeScript";
    const config = (project: string) => ({
      ...stackConfig(em, user.apiKey),
      // The explicit provider's key and url: a YAML pair may move to that provider in a later step.
      ...(yamlDoor
        ? {
            [`${project}:${EXPLICIT_CONFIG.key}`]: { value: user.apiKey, secret: true },
            [`${project}:${EXPLICIT_CONFIG.url}`]: { value: em.baseUrl },
          }
        : {}),
    });
    const open = async (team: "a" | "b", d: Decl, env?: Record<string, string>) => {
      const project = PROJECT[team];
      const program = programFor(yamlDoor ? "YAML" : "TypeScript", project, team, d, render);
      return yamlDoor
        ? yamlStack({ program, config: config(project), env })
        : PulumiProject.create({ name: project, program, config: config(project), env });
    };
    const a = await open("a", declA);
    const b = await open(
      "b",
      declB,
      backends === "same backend" ? { PULUMI_BACKEND_URL: `file://${join(a.dir, ".state")}` } : undefined,
    );
    const pair = new TeamPair(door, em, user, tagIds, a, b, declA, declB, render);
    await b.up();
    await a.up();
    return pair;
  }

  async cleanup(): Promise<void> {
    await this.a.cleanup();
    await this.b.cleanup();
  }

  get yamlDoor(): boolean {
    return this.door !== "TypeScript";
  }

  /** Writes team A's program from its declaration and render options. */
  async writeA(): Promise<void> {
    const program = programFor(
      this.yamlDoor ? "YAML" : "TypeScript",
      PROJECT.a,
      "a",
      this.declA,
      this.renderA,
    );
    if (this.yamlDoor) await writeYamlProgram(this.a, program);
    else await this.a.writeProgram(program);
  }

  /** Team A's `pulumi up` of its current declaration; a failure is a problem. */
  async upA(problems: string[], what: string, extraArgs: string[] = []): Promise<CommandResult> {
    await this.writeA();
    const r = await this.a.up({ allowFailure: true, extraArgs });
    if (r.code !== 0) problems.push(`team A: ${what} failed: ${firstError(r)}`);
    return r;
  }

  /** The URNs of team A's resources, by resource name. */
  async urnsOfA(): Promise<Map<string, string>> {
    const resources = (
      JSON.parse(await this.a.exportState()) as { deployment: { resources?: { urn: string; id?: string }[] } }
    ).deployment.resources;
    return new Map((resources ?? []).map((r) => [r.urn.split("::").pop()!, r.urn]));
  }

  /** Every resource key of team A's declaration (a0, a1, active, hook, dev, tags). */
  keysOfA(): string[] {
    return [
      ...this.declA.strategies.map((s) => s.key),
      ...(this.declA.active ? ["active"] : []),
      ...(this.declA.hook ? ["hook"] : []),
      ...(this.declA.dev ? ["dev"] : []),
      ...(this.declA.dev && this.declA.tags ? ["tags"] : []),
    ];
  }

  /** Aliases from each of team A's resources' current URN, for a rename or a move. */
  async aliasesOfA(): Promise<Record<string, string[]>> {
    const urns = await this.urnsOfA();
    const out: Record<string, string[]> = {};
    for (const key of this.keysOfA()) {
      const urn = urns.get(resourceName("a", key, this.renderA));
      if (urn) out[key] = [urn];
    }
    return out;
  }

  async strategyIdOfB(key: string): Promise<string> {
    const resources = (
      JSON.parse(await this.b.exportState()) as { deployment: { resources?: { urn: string; id?: string }[] } }
    ).deployment.resources;
    const id = resources?.find((r) => r.urn.endsWith(`::${resourceName("b", key, this.renderB)}`))?.id;
    if (!id) throw new Error(`team B's state holds no strategy ${key}`);
    return id;
  }

  /** Team A's up killed while its request of `path` is in flight, then cancel, recover --yes, up. */
  async killedUpA(problems: string[], target: { method: string; path: string }): Promise<void> {
    await this.writeA();
    const fault = await this.em.control<{ id: string }>("POST", "/faults", {
      ...target,
      latencyMs: 3_000,
      count: 1,
    });
    const run = spawnUp(this.a);
    const taken = async () => {
      for (;;) {
        const { faults } = await this.em.control<{ faults: { id: string }[] }>("GET", "/faults");
        if (!faults.some((f) => f.id === fault.id)) return true;
        await new Promise((r) => setTimeout(r, 25));
      }
    };
    const inFlight = await Promise.race([taken(), run.done.then(() => false)]);
    run.kill();
    await run.done;
    if (!inFlight) problems.push(`team A: the killed up never sent ${target.method} ${target.path}`);
    await new Promise((r) => setTimeout(r, 3_500));
    await this.em.control("DELETE", "/faults");
    const rec = await afterKilledUp(this.a, this.user.apiKey, this.em.baseUrl, () => {});
    if (rec.code !== 0)
      problems.push(`team A: recover failed: ${`${rec.stdout}\n${rec.stderr}`.trim().slice(-400)}`);
  }

  /** Team B's stack refreshes with no change, and the account holds exactly what team B declares. */
  async checkB(): Promise<string[]> {
    const issues: string[] = [];
    const r = await expectNoChanges(this.b);
    if (r.code !== 0) issues.push(`team B: preview --refresh --expect-no-changes failed: ${firstError(r)}`);
    issues.push(...(await this.accountHolds("B", this.declB)));
    return issues;
  }

  /** What the account holds of a team against its declaration (strategies, active set, developer). */
  async accountHolds(team: "A" | "B", d: Decl): Promise<string[]> {
    const issues: string[] = [];
    const strategies = (await this.user.client.strategies.list()).strategies as unknown as LiveStrategy[];
    const mine = strategies.filter((s) => s.name.startsWith(`${team} `));
    for (const s of d.strategies) {
      const live = mine.filter((x) => x.name === s.name);
      if (live.length !== 1) issues.push(`team ${team}: strategy "${s.name}" ×${live.length}`);
    }
    for (const s of mine.filter((x) => !d.strategies.some((y) => y.name === x.name)))
      issues.push(`team ${team}: left over strategy "${s.name}"`);
    const want = (d.active ?? []).map((k) => d.strategies.find((s) => s.key === k)!.name).sort();
    const active = mine
      .filter((s) => s.isActive)
      .map((s) => s.name)
      .sort();
    if (JSON.stringify(active) !== JSON.stringify(want))
      issues.push(`team ${team}: active ${JSON.stringify(active)}, declared ${JSON.stringify(want)}`);
    const devs = (await this.user.client.devs.list({ limit: 100 })).developers as unknown as LiveDeveloper[];
    if (d.dev) {
      const dev = devs.find((x) => x.address === d.dev!.address);
      const wantActive = d.dev.active !== false;
      if (!dev) issues.push(`team ${team}: developer ${d.dev.address} not followed`);
      else {
        if (dev.isActive !== wantActive) issues.push(`team ${team}: developer isActive ${dev.isActive}`);
        if (dev.alias !== d.dev.alias) issues.push(`team ${team}: developer alias ${dev.alias}`);
        const tags = [...(d.tags ?? [])].sort();
        if (JSON.stringify([...dev.tagIds].sort()) !== JSON.stringify(tags))
          issues.push(
            `team ${team}: developer tags ${JSON.stringify(dev.tagIds)}, declared ${JSON.stringify(tags)}`,
          );
      }
    }
    return issues;
  }
}
