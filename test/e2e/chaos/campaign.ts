import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { mulberry32 } from "../../../emulator/tokens/prng";
import { createClient } from "../../../provider/api/client";
import { descendantsOf } from "../../support/process-table";
import { WebhookReceiver } from "../../support/webhook-receiver";
import { BUILT_CLI, type CommandResult, PulumiProject, runProcess } from "../harness";
import { EmulatorProcess } from "./emulator-process";
import { checkpointOf, LANDINGS, leaveWhatTheKillLeaves, nextCheckpointWrite } from "./kill-landing";
import { DEVELOPER, declared, PROGRAM } from "./portfolio";

/**
 * The fault campaign: `pulumi up` of a realistic portfolio, round after round,
 * against the emulator as a real process with durable state, while faults are injected; after
 * each round the account must equal the declared portfolio and the state must match the API.
 *
 * A fault "survived" when the round it fired in converged: after the faulted run, at most
 * CLEAN_RERUNS plain `pulumi up` (what a pipeline retry does; after a killed run: `pulumi
 * cancel`, `strategy-alerts recover --yes`, `pulumi up`) leave exactly the declared portfolio,
 * with no duplicate, no orphan and no lost webhook secret.
 */

const FAULT_KINDS = [
  "429 burst",
  "5xx",
  "latency",
  "drop before commit",
  "drop after commit",
  "activation failed midway",
  "emulator restart",
  "pulumi up killed",
  "key rotated",
] as const;
type FaultKind = (typeof FAULT_KINDS)[number];

export interface CampaignOptions {
  /** Keep going until at least this many faults fired (and every special round ran). */
  minFaults: number;
  maxRounds: number;
  /** Rounds whose `up` sees the emulator SIGKILLed and restarted with its data file. */
  restartRounds: number[];
  /** Rounds whose `up` is SIGKILLed, then cancelled, refreshed and run again. */
  killRounds: number[];
  seed: number;
  log: (line: string) => void;
}

interface FaultOutcome {
  kind: FaultKind;
  round: number;
  survived: boolean;
}

export interface CampaignReport {
  faults: FaultOutcome[];
  duplicates: number;
  lost: number;
  leaks: string[];
  problems: string[];
  rounds: number;
  seconds: number;
}

const CLEAN_RERUNS = 2;
const WRITE_ROUTES: [string, string][] = [
  ["POST", "/strategies"],
  ["PATCH", "/strategies/:id"],
  ["DELETE", "/strategies/:id"],
  ["POST", "/strategies/:id/activate"],
  ["POST", "/strategies/:id/deactivate"],
  ["PUT", "/webhook"],
  ["POST", "/devs/:address/add"],
  ["PUT", "/devs/:address/update"],
  ["PUT", "/devs/:address/tags"],
];
const READ_ROUTES: [string, string][] = [
  ["GET", "/strategies"],
  ["GET", "/me"],
  ["GET", "/webhook"],
  ["GET", "/devs/tags"],
  ["GET", "/devs/my"],
];

interface Journal {
  requests: { method: string; route: string | null; status: number | null; fault?: string }[];
}

export async function runCampaign(opts: CampaignOptions): Promise<CampaignReport> {
  const started = Date.now();
  const random = mulberry32(opts.seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
  const dir = await mkdtemp(join(tmpdir(), "psa-chaos-"));
  const em = await EmulatorProcess.start(join(dir, "emulator.db"));
  const receiver = await new WebhookReceiver().start();
  /** Everything a secret must not appear in, by where it came from. */
  const outputs: [string, string][] = [];
  const secretsSeen = new Set<string>();
  const faults: FaultOutcome[] = [];
  const problems: string[] = [];
  let duplicates = 0;
  let lost = 0;
  let project: PulumiProject | undefined;

  try {
    const user = await em.control<{ userId: string; apiKey: string }>("POST", "/users", {
      plan: "DEGEN",
      limits: { requestsPerMinute: 100_000 },
    });
    let apiKey = user.apiKey;
    project = await PulumiProject.create({
      name: "chaos",
      program: PROGRAM,
      config: {
        "strategy-alerts:apiKey": { value: apiKey, secret: true },
        "strategy-alerts:baseUrl": { value: em.baseUrl },
        "chaos:webhookUrl": { value: receiver.url },
        "chaos:round": { value: "0" },
      },
    });
    const p = project;
    const checkpoint = checkpointOf(p, "chaos");
    const record = <R extends { stdout: string; stderr: string }>(r: R): R => {
      outputs.push([
        `output of ${"command" in r ? String(r.command).split(" ").slice(0, 2).join(" ") : "pulumi up (spawned)"}`,
        `${r.stdout}\n${r.stderr}`,
      ]);
      return r;
    };

    /** Plain `pulumi up` until it succeeds, at most `tries` times. */
    const converge = async (tries: number): Promise<boolean> => {
      for (let i = 0; i < tries; i++) {
        const r = record(await engine(p, "up"));
        if (r.code === 0) return true;
        opts.log(`  up failed (${i + 1}/${tries}): ${firstError(r)}`);
      }
      return false;
    };

    /** The account against round `round`'s declaration and the stack's state; counts what is off. */
    const check = async (round: number): Promise<string[]> => {
      const want = declared(round);
      const client = createClient({ apiKey, baseUrl: em.baseUrl });
      const issues: string[] = [];
      const { strategies } = await client.strategies.list();
      const names = strategies.map((s) => s.name);
      for (const name of new Set(names)) {
        const n = names.filter((x) => x === name).length;
        if (!want.names.includes(name)) {
          duplicates += n;
          issues.push(`orphan strategy "${name}" ×${n}`);
        } else if (n > 1) {
          duplicates += n - 1;
          issues.push(`duplicate strategy "${name}" ×${n}`);
        }
      }
      for (const name of want.names.filter((n) => !names.includes(n))) {
        lost++;
        issues.push(`declared strategy "${name}" missing`);
      }
      const active = strategies
        .filter((s) => s.isActive)
        .map((s) => s.name)
        .sort();
      if (JSON.stringify(active) !== JSON.stringify(want.active))
        issues.push(`active set ${JSON.stringify(active)} ≠ ${JSON.stringify(want.active)}`);
      const safety = strategies.find((s) => s.name === "Safety first");
      const liquidity = safety?.ruleGroups
        .flatMap((g) => g.rules)
        .find((r) => r.ruleType === "liquidity_usd");
      if (safety && liquidity?.value !== want.safetyMinLiquidity)
        issues.push(`Safety first liquidity ${String(liquidity?.value)} ≠ ${want.safetyMinLiquidity}`);
      for (const s of strategies.filter((x) => x.name.startsWith("Extra ")))
        if (s.description !== want.extraDescription) issues.push(`${s.name} description ${s.description}`);

      const devs = await client.devs.list({ limit: 100 });
      const dev = devs.developers.find((d) => (d as { address: string }).address === DEVELOPER) as
        | { alias: string | null; isActive: boolean; tagIds: string[] }
        | undefined;
      if (!dev?.isActive) {
        lost++;
        issues.push("followed developer missing or inactive");
      } else {
        if (dev.alias !== want.devAlias) issues.push(`developer alias ${dev.alias} ≠ ${want.devAlias}`);
        if (dev.tagIds.length !== want.devTagCount) issues.push(`developer tags ${dev.tagIds.length}`);
      }

      const webhook = await client.webhook.get();
      const live = em.webhookSecret(user.userId);
      if (live) secretsSeen.add(live);
      const stateSecret = (await p.outputs()).webhookSecret as string | undefined;
      if (stateSecret) secretsSeen.add(stateSecret);
      if (webhook.url !== receiver.url || !webhook.verifiedAt || !webhook.hasSecret || !live) {
        lost++;
        issues.push(`webhook not configured and verified: ${JSON.stringify(webhook)}`);
      } else if (stateSecret !== live) {
        lost++;
        issues.push("the webhook secret in the stack is not the one the service signs with");
      }

      // The state matches the API: every Strategy in state is a live one with that name.
      const state = JSON.parse(await p.exportState()) as {
        deployment: { resources?: { type: string; id?: string; outputs?: Record<string, unknown> }[] };
      };
      const inState = (state.deployment.resources ?? []).filter((r) => r.type.endsWith(":Strategy"));
      const liveIds = new Map(strategies.map((s) => [s.id, s.name]));
      for (const r of inState)
        if (liveIds.get(r.id ?? "") !== r.outputs?.name)
          issues.push(`state strategy ${r.id} not live as ${String(r.outputs?.name)}`);
      if (inState.length !== strategies.length)
        issues.push(`${inState.length} strategies in state, ${strategies.length} live`);
      return issues;
    };

    opts.log("round 0: baseline up");
    if (!(await converge(CLEAN_RERUNS + 1))) throw new Error("the baseline `pulumi up` does not succeed");
    const baseline = await check(0);
    if (baseline.length > 0) throw new Error(`baseline does not converge: ${baseline.join("; ")}`);

    let round = 0;
    const fired = () => faults.length;
    const specialsLeft = () => [...opts.restartRounds, ...opts.killRounds].some((r) => r > round);
    while (round < opts.maxRounds && (fired() < opts.minFaults || specialsLeft())) {
      round++;
      await p.setConfig("chaos:round", String(round));
      const kinds = new Map<string, FaultKind>();
      const add = async (kind: FaultKind, spec: Record<string, unknown>) => {
        const f = await em.control<{ id: string }>("POST", "/faults", spec);
        kinds.set(f.id, kind);
      };
      await add("429 burst", { status: 429, count: 2 + Math.floor(random() * 3), retryAfterSeconds: 1 });
      const [m5, p5] = pick([...WRITE_ROUTES, ...READ_ROUTES]);
      await add("5xx", {
        method: m5,
        path: p5,
        status: pick([500, 502, 503]),
        count: 1 + Math.floor(random() * 2),
      });
      await add("latency", { latencyMs: 300 + Math.floor(random() * 1200), count: 2 });
      const [mb, pb] = pick([...WRITE_ROUTES, ...READ_ROUTES]);
      await add("drop before commit", { method: mb, path: pb, drop: "before", count: 1 });
      const [ma, pa] = pick(WRITE_ROUTES);
      await add("drop after commit", { method: ma, path: pa, drop: "after-commit", count: 1 });
      // Each round moves a strategy into the active set (even rounds) or out of it (odd ones):
      // that request failing past the client's retries fails the activation's update midway, and
      // what it did change must be recorded so the reruns converge (nothing left active unseen).
      await add("activation failed midway", {
        method: "POST",
        path: `/strategies/:id/${round % 2 === 0 ? "activate" : "deactivate"}`,
        status: 500,
        count: 4,
      });
      const roundFaults: FaultOutcome[] = [];
      const collect = async () => {
        const j = await em.control<Journal>("GET", "/requests");
        for (const e of j.requests) {
          const kind = e.fault ? kinds.get(e.fault) : undefined;
          if (kind) roundFaults.push({ kind, round, survived: false });
        }
        await em.control("DELETE", "/requests");
      };

      let rerunsOk: boolean;
      if (opts.restartRounds.includes(round)) {
        opts.log(`round ${round}: up, emulator SIGKILLed and restarted mid-run`);
        const run = spawnUp(p);
        await untilWrites(em, 1);
        await collect();
        await em.restart();
        roundFaults.push({ kind: "emulator restart", round, survived: false });
        record(await run.done);
        rerunsOk = await converge(CLEAN_RERUNS);
      } else if (opts.killRounds.includes(round)) {
        // Each kill round lands somewhere else (kill-landing.ts), in turn.
        const landing = LANDINGS[opts.killRounds.indexOf(round) % LANDINGS.length]!;
        opts.log(`round ${round}: up SIGKILLed ${landing}, then cancel, strategy-alerts recover, up`);
        const run = spawnUp(p);
        await untilWrites(em, 1);
        const write = nextCheckpointWrite(checkpoint, landing);
        const reached = await write.reached;
        run.kill();
        record(await run.done);
        const left = reached ? leaveWhatTheKillLeaves(checkpoint, landing) : undefined;
        if (!reached) opts.log("  the update ended before the landing's write: killed wherever it was");
        if (left) opts.log(`  the kill left ${left}`);
        await collect();
        roundFaults.push({ kind: "pulumi up killed", round, survived: false });
        await em.control("DELETE", "/faults");
        record(await afterKilledUp(p, apiKey, em.baseUrl, opts.log));
        rerunsOk = await converge(CLEAN_RERUNS);
      } else {
        opts.log(`round ${round}: up under ${kinds.size} fault rules`);
        const r = record(await engine(p, "up"));
        if (r.code !== 0) opts.log(`  faulted up failed: ${firstError(r)}`);
        await collect();
        rerunsOk =
          r.code === 0 ||
          (await (async () => {
            await em.control("DELETE", "/faults");
            return converge(CLEAN_RERUNS);
          })());
      }
      await em.control("DELETE", "/faults");
      await collect();
      const issues = rerunsOk ? await check(round) : ["`pulumi up` did not succeed after the faults"];
      for (const f of roundFaults) f.survived = issues.length === 0;
      faults.push(...roundFaults);
      if (issues.length > 0) {
        problems.push(`round ${round}: ${issues.join("; ")}`);
        opts.log(`  NOT converged: ${issues.join("; ")}`);
      } else opts.log(`  converged (${roundFaults.length} faults fired)`);
    }

    // A key rotated between the last up and destroy: destroy runs with the provider config of
    // the last update, so the new key comes from the environment variable, which wins.
    opts.log("key rotated, then destroy");
    const rotated = await em.control<{ apiKey: string }>("POST", `/users/${user.userId}/rotate-key`);
    const oldKey = apiKey;
    apiKey = rotated.apiKey;
    await p.setConfig("strategy-alerts:apiKey", apiKey, true);
    outputs.push(["stack export", await p.exportState()], ["backend files", await p.backendFiles()]);
    const destroyed = record(await engine(p, "destroy", { STRATEGY_ALERTS_API_KEY: apiKey }));
    const client = createClient({ apiKey, baseUrl: em.baseUrl });
    const left = (await client.strategies.list()).strategies;
    const webhook = await client.webhook.get();
    const cleanIssues: string[] = [];
    if (destroyed.code !== 0) cleanIssues.push(`destroy failed: ${firstError(destroyed)}`);
    if (left.length > 0) {
      duplicates += left.length;
      cleanIssues.push(`${left.length} strategies left after destroy`);
    }
    if (webhook.url) cleanIssues.push("webhook url left after destroy");
    faults.push({ kind: "key rotated", round: round + 1, survived: cleanIssues.length === 0 });
    problems.push(...cleanIssues);
    outputs.push(
      ["stack export", await p.exportState()],
      ["backend files", await p.backendFiles()],
      ["emulator output", em.output],
    );

    const leaks: string[] = [];
    for (const [what, value] of [
      ["API key", oldKey],
      ["rotated API key", apiKey],
      ...[...secretsSeen].map((s) => ["webhook secret", s] as [string, string]),
    ] as [string, string][]) {
      for (const [where, text] of outputs) {
        const at = text.indexOf(value);
        if (at === -1) continue;
        const context = text.slice(Math.max(0, at - 160), at).replace(/\s+/g, " ");
        leaks.push(`${what} in ${where} (after "…${context}")`);
      }
    }
    return {
      faults,
      duplicates,
      lost,
      leaks,
      problems,
      rounds: round,
      seconds: Math.round((Date.now() - started) / 1000),
    };
  } finally {
    await em.kill();
    await receiver.close();
    await project?.cleanup();
    await rm(dir, { recursive: true, force: true });
  }
}

/** `pulumi up` as its own process group, so it can be killed with everything it started. */
export function spawnUp(
  p: PulumiProject,
  extraArgs: string[] = [],
): {
  kill(): void;
  /**
   * Ctrl-C: SIGINT to pulumi alone (its plugins run in process groups of their own, out of the
   * terminal's reach). Returns the processes it had started at that moment.
   */
  interrupt(): number[];
  done: Promise<{ code: number | null; stdout: string; stderr: string }>;
} {
  const args = ["up", "--yes", "--skip-preview", "--non-interactive", "--stack", p.stack, ...extraArgs];
  const child = spawn("pulumi", args, {
    cwd: p.dir,
    env: p.env,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (d) => {
    stdout += d;
  });
  child.stderr.on("data", (d) => {
    stderr += d;
  });
  const done = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on("close", (code) => resolve({ code, stdout, stderr })),
  );
  return {
    interrupt: () => {
      const started = descendantsOf(child.pid!).map((e) => e.pid);
      child.kill("SIGINT");
      return started;
    },
    kill: () => {
      // Pulumi starts its plugins in process groups of their own, so killing pulumi's group would
      // leave the provider running and writing after the "kill". A killed job (a cancelled CI
      // run, a lost machine) takes every process with it: so does this.
      for (const pid of [child.pid!, ...descendantsOf(child.pid!).map((e) => e.pid)]) {
        try {
          process.kill(pid, "SIGKILL");
        } catch {
          // already gone
        }
      }
    },
    done,
  };
}

/**
 * What docs/reliability.md tells a user to do after a killed `up`, up to the next `up`:
 * `pulumi cancel`, then `strategy-alerts recover --yes` from the built package. The kill lands
 * at any moment, also while the file backend writes the checkpoint: then every command, `cancel`
 * included, fails to load it until recover repairs it (and releases the killed update's lock).
 *
 * recover never takes by itself what it cannot show this update made; it says what a person
 * decides, and the campaign decides as the owner of the account's only stack would:
 * - a webhook or developer the killed update may have written: named with --adopt, and recover
 *   run again (strategies are never named: their creates are settled by proof);
 * - after a checkpoint restored from an older copy, each strategy made since that copy that no
 *   stack holds ("adopt it … or delete it before the next `pulumi up`"): deleted, so the next
 *   `up` creates what the program declares, once.
 */
export async function afterKilledUp(
  p: PulumiProject,
  apiKey: string,
  baseUrl: string,
  log: (line: string) => void,
): Promise<{ code: number; stdout: string; stderr: string }> {
  const cancel = await p.run(["cancel", "--yes", "--stack", p.stack], { allowFailure: true });
  const run = (...args: string[]) =>
    runProcess("node", [BUILT_CLI, "recover", "--yes", "--stack", p.stack, ...args], {
      cwd: p.dir,
      env: p.env,
    });
  let recovered = await run();
  const named = [...recovered.stdout.matchAll(/rerun with --adopt (\S+?);/g)].map((m) => m[1]!);
  if (recovered.code !== 0 && named.length > 0) {
    const second = await run(...named.flatMap((id) => ["--adopt", id]));
    recovered = { ...second, stdout: `${recovered.stdout}${second.stdout}` };
  }
  for (const repaired of recovered.stdout.match(
    /^(Restored it from|Set it aside as|Released the lock) .*$/gm,
  ) ?? [])
    log(`  recover: ${repaired}`);
  const listed = [...recovered.stdout.matchAll(LOST_PART_STRATEGY)].map((m) => m[1]!);
  if (listed.length > 0) {
    const client = createClient({ apiKey, baseUrl });
    for (const id of listed) await client.strategies.delete(id);
    log(`  deleted what recover listed as maybe made by the lost part of the update: ${listed.join(", ")}`);
  } else if (recovered.code !== 0)
    log(`  recover failed: ${`${recovered.stdout}\n${recovered.stderr}`.trim().slice(-600)}`);
  return {
    code: recovered.code,
    stdout: `${cancel.stdout}${recovered.stdout}`,
    stderr: `${cancel.stderr}${recovered.stderr}`,
  };
}

/** recover's line for a strategy a restored copy cannot vouch for (cli/recover/restored-copy.ts). */
const LOST_PART_STRATEGY =
  /^Strategy (\S+) ".*" \(created [^)]*\), held by no stack: may have been created by the lost part/gm;

/** Waits until the emulator journaled at least `n` writes of the API (or 90 s passed). */
async function untilWrites(em: EmulatorProcess, n: number): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    const j = await em.control<Journal>("GET", "/requests");
    if (j.requests.filter((r) => r.method !== "GET" && r.route !== null).length >= n) return;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * An engine command in the CLI's default display, the log a pipeline keeps. (`--json` and
 * `--debug` add the SDK's debug diagnostics, whose RegisterResource line prints every output of
 * a resource in plain text, secrets too, for any Pulumi program: docs/spec-decisions.md.)
 */
function engine(p: PulumiProject, command: "up" | "refresh" | "destroy", env: Record<string, string> = {}) {
  return p.run([command, "--yes", "--skip-preview", "--non-interactive", "--stack", p.stack], {
    allowFailure: true,
    env,
  });
}

/** The first lines of the engine's error output. */
function firstError(r: CommandResult): string {
  const text = `${r.stdout}\n${r.stderr}`;
  const at = text.search(/error:/i);
  return (at === -1 ? r.stderr : text.slice(at)).trim().split("\n").slice(0, 3).join(" ").slice(0, 400);
}

/** The table per fault kind and the summary line the issue asks for. */
export function formatReport(r: CampaignReport): string {
  const rows = FAULT_KINDS.map((kind) => {
    const of = r.faults.filter((f) => f.kind === kind);
    return { kind, injected: of.length, survived: of.filter((f) => f.survived).length };
  });
  const width = Math.max(...rows.map((x) => x.kind.length), "fault kind".length);
  const line = (a: string, b: string, c: string) => `${a.padEnd(width)}  ${b.padStart(8)}  ${c.padStart(8)}`;
  const survived = r.faults.filter((f) => f.survived).length;
  return [
    line("fault kind", "injected", "survived"),
    line("-".repeat(width), "--------", "--------"),
    ...rows.map((x) => line(x.kind, String(x.injected), String(x.survived))),
    "",
    `rounds: ${r.rounds}, duration: ${r.seconds} s, secrets leaked: ${r.leaks.length === 0 ? "none" : r.leaks.join(", ")}`,
    ...r.problems.map((x) => `problem: ${x}`),
    `faults injected: ${r.faults.length}, survived: ${survived}, duplicates: ${r.duplicates}, lost: ${r.lost}`,
  ].join("\n");
}

/** All survived, no duplicate, nothing lost, no secret leaked. */
export function campaignPassed(r: CampaignReport): boolean {
  return r.faults.every((f) => f.survived) && r.duplicates === 0 && r.lost === 0 && r.leaks.length === 0;
}
