import type { ApiClient } from "../../../provider/api/client";
import { afterKilledUp, spawnUp } from "../chaos/campaign";
import { stackConfig, type TestEmulator } from "../emulator-fixture";
import { type CommandResult, PulumiProject } from "../harness";
import { writeYamlProgram, yamlStack } from "../yaml-portfolio-fixture";
import { BASE, type Cell, type Door, realTimeout, type TeamA } from "./cells";
import { addressOf, type Decl, declOfA, declOfB, programFor } from "./programs";

/**
 * One door's run of the matrix: one account on the file's emulator, team B's stack applied once
 * (the foreign objects no cell may touch), team A's stack taken through cell after cell. Faults are
 * global to the emulator, so a lane's cells run one after another.
 */

/** A killed run's request is held this long on the service, so the kill lands while it is in flight. */
const IN_FLIGHT_MS = 3_000;
/** Past the client's 30 s per-attempt timeout. */
const PAST_TIMEOUT_MS = 35_000;

interface Journal {
  requests: { method: string; route: string | null; status: number | null; fault?: string }[];
}

interface LiveStrategy {
  id: string;
  name: string;
  isActive: boolean;
  dealbreakers?: { ruleType: string; value?: unknown }[];
  ruleGroups: { rules: { ruleType: string; value?: unknown }[] }[];
}
interface LiveDeveloper {
  address: string;
  alias: string | null;
  isActive: boolean;
  tagIds: string[];
}

export interface CellOutcome {
  problems: string[];
  /** What the cell did, step by step (printed with a failure). */
  log: string[];
}

export class Lane {
  /** Team A's declaration as last applied and checked (undefined: unknown after a failed cell). */
  private current: TeamA | undefined = BASE;
  private next = 1;
  private bSnapshot = "";

  private constructor(
    readonly door: Door,
    private readonly em: TestEmulator,
    private readonly user: { userId: string; apiKey: string; client: ApiClient },
    private readonly tagIds: string[],
    readonly a: PulumiProject,
    readonly b: PulumiProject,
  ) {}

  static async start(door: Door, em: TestEmulator): Promise<Lane> {
    const user = await em.user("DEGEN", { requestsPerMinute: 100_000 });
    const tagIds = (await user.client.devs.tags()).tags.map((t) => t.id).slice(0, 2);
    const config = stackConfig(em, user.apiKey);
    const open = async (project: string, team: "a" | "b", d: Decl) =>
      door === "TypeScript"
        ? PulumiProject.create({ name: project, program: programFor(door, project, team, d), config })
        : yamlStack({ program: programFor(door, project, team, d), config });
    const b = await open("matrix-team-b", "b", declOfB(tagIds));
    const a = await open("matrix-team-a", "a", declOfA(BASE, tagIds));
    const lane = new Lane(door, em, user, tagIds, a, b);
    await b.up();
    await a.up();
    lane.bSnapshot = await lane.snapshotOfB();
    return lane;
  }

  async cleanup(): Promise<void> {
    await this.a.cleanup();
    await this.b.cleanup();
  }

  private fresh = (): number => this.next++;

  private async write(p: PulumiProject, team: "a" | "b", d: Decl): Promise<void> {
    const project = team === "a" ? "matrix-team-a" : "matrix-team-b";
    const program = programFor(this.door, project, team, d);
    if (this.door === "TypeScript") await p.writeProgram(program);
    else await writeYamlProgram(p, program);
  }

  /** Team B's objects as the service shows them: what no cell of team A may change. */
  private async snapshotOfB(): Promise<string> {
    const { strategies } = await this.user.client.strategies.list();
    const devs = (await this.user.client.devs.list({ limit: 100 })).developers as unknown as LiveDeveloper[];
    return JSON.stringify({
      strategies: strategies.filter((s) => s.name.startsWith("B ")).sort((x, y) => x.id.localeCompare(y.id)),
      devs: devs.filter((d) => d.address.startsWith(addressOf("b", 0).slice(0, 10))),
    });
  }

  /** Team B's `pulumi preview --refresh --expect-no-changes`, and its objects as they were. */
  async checkTeamB(): Promise<string[]> {
    const problems: string[] = [];
    if ((await this.snapshotOfB()) !== this.bSnapshot) problems.push("team B's objects changed");
    const r = await expectNoChanges(this.b);
    if (r.code !== 0) problems.push(`team B: preview --refresh --expect-no-changes failed: ${firstError(r)}`);
    return problems;
  }

  private ids(): Promise<{ strategy(name: "a0" | "a1" | "x"): string; address(n: number): string }> {
    return this.a.exportState().then((text) => {
      const resources = (JSON.parse(text) as { deployment: { resources?: { urn: string; id?: string }[] } })
        .deployment.resources;
      return {
        strategy: (name) => {
          const r = resources?.find((x) => x.urn.endsWith(`::a-${name}`));
          if (!r?.id) throw new Error(`team A's state holds no strategy a-${name}`);
          return r.id;
        },
        address: (n) => addressOf("a", n),
      };
    });
  }

  async run(cell: Cell, full: boolean): Promise<CellOutcome> {
    const log: string[] = [];
    const problems: string[] = [];
    const from = this.current ?? BASE;
    const before = cell.before(from, this.fresh);
    const after = cell.after(before, this.fresh);
    const beforeDecl = declOfA(before, this.tagIds);
    const afterDecl = declOfA(after, this.tagIds);

    // The cell's starting point, applied without faults (skipped when the lane is there already).
    if (JSON.stringify(before) !== JSON.stringify(this.current)) {
      await this.write(this.a, "a", beforeDecl);
      const r = await this.a.up({ allowFailure: true });
      log.push(`start: up → ${r.code}`);
      if (r.code !== 0) {
        this.current = undefined;
        return { problems: [`the cell's starting declaration does not apply: ${firstError(r)}`], log };
      }
    }
    const target = cell.target(await this.ids(), before, after);
    await this.write(this.a, "a", afterDecl);
    // The engine checks a targeted replacement as a new resource: the refresh is what proves that
    // this stack holds a webhook, developer or tag set (docs/resources.md).
    const replaceArgs = cell.replace ? ["--refresh", "--replace", await this.urnOf(cell.replace)] : [];
    await this.em.clearJournal();

    const spec = faultSpec(cell, target, full);
    const fault = await this.em.control<{ id: string }>("POST", "/faults", spec);
    log.push(`fault ${JSON.stringify(spec)}`);
    if (cell.fault === "kill -9") {
      const run = spawnUp(this.a, replaceArgs);
      const inFlight = await Promise.race([untilTaken(this.em, fault.id), run.done.then(() => false)]);
      run.kill();
      const killed = await run.done;
      log.push(`killed up (${inFlight ? "request in flight" : "the request never came"}) → ${killed.code}`);
      if (!inFlight) problems.push("the faulted request was never sent: the kill landed elsewhere");
      // The request held on the service commits after the kill.
      await new Promise((r) => setTimeout(r, IN_FLIGHT_MS + 500));
      await this.em.control("DELETE", "/faults");
      const rec = await afterKilledUp(this.a, this.user.apiKey, this.em.baseUrl, (l) => log.push(l));
      log.push(`cancel + recover --yes → ${rec.code}`);
      if (rec.code !== 0)
        problems.push(`recover failed: ${`${rec.stdout}\n${rec.stderr}`.trim().slice(-400)}`);
    } else {
      const r = await this.a.up({ allowFailure: true, extraArgs: replaceArgs });
      log.push(`faulted up → ${r.code}${r.code === 0 ? "" : `: ${firstError(r)}`}`);
      // A request the client gave up on (its own timeout) has no journal entry: the emulator
      // journals an answer, and none was sent. Taken, the fault is gone from the emulator's list.
      const { faults } = await this.em.control<{ faults: { id: string }[] }>("GET", "/faults");
      await this.em.control("DELETE", "/faults");
      const fired =
        !faults.some((f) => f.id === fault.id) ||
        (await this.em.control<Journal>("GET", "/requests")).requests.some((e) => e.fault === fault.id);
      if (!fired) problems.push(`the fault never fired: no ${target.method} ${target.path} was sent`);
    }

    // One `pulumi up` must converge. The `pulumi up --refresh` that docs/reliability.md names next
    // runs only after an up that failed, for the report: after one that passed it would change
    // nothing, which team A's `preview --refresh --expect-no-changes` below proves.
    const up = await this.a.up({ allowFailure: true });
    log.push(`up → ${up.code}`);
    if (up.code !== 0) {
      problems.push(`\`pulumi up\` after the fault failed: ${firstError(up)}`);
      const again = await this.a.up({ allowFailure: true, extraArgs: ["--refresh"] });
      log.push(`up --refresh → ${again.code}`);
      if (again.code !== 0) problems.push(`\`pulumi up --refresh\` after it failed: ${firstError(again)}`);
    }
    problems.push(...(await this.checkAccount(afterDecl, after)));
    const preview = await expectNoChanges(this.a);
    if (preview.code !== 0)
      problems.push(`team A: preview --refresh --expect-no-changes failed: ${firstError(preview)}`);
    if ((await this.snapshotOfB()) !== this.bSnapshot) problems.push("team B's objects changed");
    this.current = problems.length === 0 ? after : undefined;
    return { problems, log };
  }

  private async urnOf(name: string): Promise<string> {
    const resources = (
      JSON.parse(await this.a.exportState()) as { deployment: { resources?: { urn: string }[] } }
    ).deployment.resources;
    const urn = resources?.find((r) => r.urn.endsWith(`::${name}`))?.urn;
    if (!urn) throw new Error(`team A's state holds no ${name}`);
    return urn;
  }

  /** What the account holds of team A against its declaration: duplicates, losses, leftovers. */
  private async checkAccount(d: Decl, a: TeamA): Promise<string[]> {
    const issues: string[] = [];
    const strategies = (await this.user.client.strategies.list()).strategies as unknown as LiveStrategy[];
    const ofA = strategies.filter((s) => s.name.startsWith("A "));
    for (const s of d.strategies) {
      const live = ofA.filter((x) => x.name === s.name);
      if (live.length === 0) issues.push(`lost: strategy "${s.name}"`);
      if (live.length > 1) issues.push(`duplicate: strategy "${s.name}" ×${live.length}`);
      for (const x of live) {
        // The rule is a dealbreaker: the service keeps those apart from the rule groups.
        const rules = [...(x.dealbreakers ?? []), ...x.ruleGroups.flatMap((g) => g.rules)];
        const min = rules.find((r) => r.ruleType === "liquidity_usd")?.value;
        if (min !== s.min) issues.push(`strategy "${s.name}" holds min ${String(min)}, declared ${s.min}`);
      }
    }
    for (const s of ofA.filter((x) => !d.strategies.some((y) => y.name === x.name)))
      issues.push(`left over: strategy "${s.name}" (${s.id})`);
    for (const s of strategies.filter((x) => !x.name.startsWith("A ") && !x.name.startsWith("B ")))
      issues.push(`foreign: strategy "${s.name}" (${s.id})`);
    const wantActive = (d.active ?? []).map((k) => d.strategies.find((s) => s.key === k)!.name).sort();
    const active = ofA
      .filter((s) => s.isActive)
      .map((s) => s.name)
      .sort();
    if (JSON.stringify(active) !== JSON.stringify(wantActive))
      issues.push(`team A's active set ${JSON.stringify(active)}, declared ${JSON.stringify(wantActive)}`);

    const hook = await this.user.client.webhook.get();
    if ((hook.url ?? null) !== d.hook)
      issues.push(`webhook url ${JSON.stringify(hook.url)}, declared ${JSON.stringify(d.hook)}`);

    const devs = (await this.user.client.devs.list({ limit: 100 })).developers as unknown as LiveDeveloper[];
    const prefix = addressOf("a", 0).slice(0, 10);
    for (const dev of devs.filter((x) => x.address.startsWith(prefix))) {
      if (dev.address === d.dev?.address) continue;
      if (dev.isActive) issues.push(`left over: developer ${dev.address} still active`);
      if (dev.tagIds.length > 0) issues.push(`left over: developer ${dev.address} still tagged`);
    }
    if (d.dev) {
      const dev = devs.find((x) => x.address === d.dev!.address);
      if (!dev?.isActive) issues.push(`lost: developer ${d.dev.address} not followed`);
      else {
        if (dev.alias !== d.dev.alias) issues.push(`developer alias ${dev.alias}, declared ${d.dev.alias}`);
        const want = [...(d.tags ?? [])].sort();
        if (JSON.stringify([...dev.tagIds].sort()) !== JSON.stringify(want))
          issues.push(`developer tags ${JSON.stringify(dev.tagIds)}, declared ${JSON.stringify(want)}`);
      }
    }
    if (a.dev === null && a.tags !== null) issues.push("the cell declares tags without a developer");
    return issues;
  }
}

/** The emulator fault that makes the cell's request fail the way the cell names. */
function faultSpec(cell: Cell, target: { method: string; path: string }, full: boolean) {
  const at = { method: target.method, path: target.path };
  switch (cell.fault) {
    case "refused 4xx":
      // 403 is what the service answers an activation past the plan's limit; 400 a body it refuses.
      return { ...at, status: target.path.endsWith("/activate") ? 403 : 400, count: 1 };
    case "refused 5xx":
      // As many as the client's attempts: the operation fails, it is not just retried.
      return { ...at, status: 500, count: 4 };
    case "answer lost after commit":
      return { ...at, drop: "after-commit", count: 1 };
    case "timeout":
      return realTimeout(cell, full)
        ? { ...at, latencyMs: PAST_TIMEOUT_MS, count: 1 }
        : { ...at, drop: "before", count: 4 };
    case "kill -9":
      return { ...at, latencyMs: IN_FLIGHT_MS, count: 1 };
  }
}

/** Until the fault (count 1) fired: the emulator drops it from its list once taken. */
async function untilTaken(em: TestEmulator, id: string, timeoutMs = 120_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const { faults } = await em.control<{ faults: { id: string }[] }>("GET", "/faults");
    if (!faults.some((f) => f.id === id)) return true;
    await new Promise((r) => setTimeout(r, 25));
  }
  return false;
}

export function expectNoChanges(p: PulumiProject): Promise<CommandResult> {
  return p.run(["preview", "--refresh", "--expect-no-changes", "--non-interactive", "--stack", p.stack], {
    allowFailure: true,
  });
}

/** The first lines of a command's error output. */
export function firstError(r: {
  stdout: string;
  stderr: string;
  diagnostics?: { severity: string; message: string }[];
}): string {
  const diag = r.diagnostics?.find((d) => d.severity === "error")?.message;
  const text = diag ?? `${r.stdout}\n${r.stderr}`;
  const at = text.search(/error:/i);
  return (at === -1 ? text : text.slice(at)).trim().split("\n").slice(0, 4).join(" ").slice(0, 500);
}
