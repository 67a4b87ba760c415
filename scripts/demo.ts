/**
 * `npm run demo`: the default portfolio (examples/portfolio) applied with the real Pulumi CLI
 * to a local emulator, fully offline, then a token event that fires its strategies and a signed
 * webhook delivery verified by the example receiver, then `pulumi destroy`.
 *
 * Everything is throwaway: the emulator runs in this process with in-memory state, the Pulumi
 * backend and stack config live in a temporary directory that is removed at the end, and the
 * repository is left as it was. Expects `npm run build` to have run (the program imports the
 * package from dist/). Exit code 0 on success; on failure a message that says what failed.
 */
import "../emulator/startup/quiet-warnings";
import { type SpawnOptions, spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { copyFile, mkdir, mkdtemp, rename, rm } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { type RunningEmulator, startEmulator } from "../emulator/server";
import { DEMO_TOKENS } from "../emulator/tokens";
import { createReceiver } from "../examples/webhook-receiver/server";
import type { WebhookEvent } from "../provider/webhooks/verify";
import { reviewChange } from "./demo-review";
import { pulumiEnv } from "./pulumi-env";

const ROOT = resolve(__dirname, "..");
const STACK = "demo";

const color = process.stdout.isTTY && !process.env.NO_COLOR;
const bold = (s: string) => (color ? `\u001b[1m${s}\u001b[0m` : s);

/** Lines the e2e test (and a reader) looks for. */
function say(message: string): void {
  console.log(`[demo] ${message}`);
}
function step(title: string): void {
  console.log(`\n${bold(`== ${title}`)}`);
}

class DemoError extends Error {}

interface Deps {
  emulator?: RunningEmulator;
  receiver?: ReturnType<typeof createReceiver>;
  tmp?: string;
}

async function main(): Promise<void> {
  const deps: Deps = {};
  let interrupted = false;
  const onSignal = () => {
    interrupted = true;
    say("interrupted: cleaning up");
  };
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);
  try {
    await run(deps, () => interrupted);
  } finally {
    await cleanup(deps);
  }
}

async function run(deps: Deps, interrupted: () => boolean): Promise<void> {
  if (!existsSync(join(ROOT, "dist", "provider", "index.js"))) {
    throw new DemoError("dist/ is missing: run `npm run build` first (`npm run demo` does).");
  }

  step("Pulumi CLI");
  const pulumiDir = ensurePulumi();
  say(`pulumi ${spawnSync(join(pulumiDir, "pulumi"), ["version"], { encoding: "utf8" }).stdout.trim()}`);

  step("Emulator and webhook receiver");
  const emulator = await startEmulator({ port: 0, seed: "demo" });
  deps.emulator = emulator;
  const user = emulator.demoUsers.find((u) => u.plan === "PRO");
  if (!user) throw new DemoError("the emulator started without its demo users");
  say(`emulator: ${emulator.baseUrl} (demo user ${user.userId}, plan ${user.plan})`);

  let webhookSecret: string | undefined;
  const verified: WebhookEvent[] = [];
  const rejected: string[] = [];
  const receiver = createReceiver({
    secret: () => webhookSecret,
    onEvent: (event) => verified.push(event),
    onReject: (reason) => rejected.push(reason),
  });
  deps.receiver = receiver;
  await new Promise<void>((ok) => receiver.listen(0, "127.0.0.1", ok));
  const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/alerts`;
  say(`webhook receiver: ${receiverUrl}`);

  const { pulumi, stackArgs } = await throwawayStack(
    deps,
    pulumiDir,
    emulator.baseUrl,
    user.apiKey,
    receiverUrl,
  );
  const colorArgs = color ? [] : ["--color", "never"];
  step("pulumi preview");
  await pulumi.run(["preview", ...stackArgs, ...colorArgs], { stream: true });
  if (interrupted()) throw new DemoError("interrupted");

  step("pulumi up");
  await pulumi.run(["up", "--yes", "--skip-preview", ...stackArgs, ...colorArgs], { stream: true });
  say("pulumi up succeeded");

  const outputs = JSON.parse(
    (await pulumi.run(["stack", "output", "--json", "--show-secrets", "--stack", STACK])).stdout,
  );
  webhookSecret = outputs.webhookSecret ?? undefined;
  const ids = outputs.strategyIds as Record<string, string>;
  say(
    `strategies: ${Object.entries(ids ?? {})
      .map(([k, v]) => `${k}=${v}`)
      .join(", ")}`,
  );
  say(`active: ${(outputs.activeStrategyIds as string[] | undefined)?.length ?? 0} strategies`);
  say(
    `webhook verified at ${outputs.webhookVerifiedAt ?? "(not verified)"}; signing secret handed to the receiver`,
  );
  if (interrupted()) throw new DemoError("interrupted");

  await alertsDelivered(emulator, user.userId, verified, rejected);

  step("Review a change: strategy-alerts review --backtest --html");
  await reviewAChange(pulumi, stackArgs, emulator, user.apiKey);
  if (interrupted()) throw new DemoError("interrupted");

  step("pulumi destroy");
  await pulumi.run(["destroy", "--yes", "--skip-preview", ...stackArgs, ...colorArgs], { stream: true });
  await pulumi.run(["stack", "rm", "--yes", "--force", "--stack", STACK]);
  say("pulumi destroy succeeded");
  say("demo finished");
}

// ---------------------------------------------------------------------------------------------

/** A stack of examples/portfolio with its backend, home and config in a temporary directory. */
async function throwawayStack(
  deps: Deps,
  pulumiDir: string,
  baseUrl: string,
  apiKey: string,
  receiverUrl: string,
): Promise<{ pulumi: PulumiCli; stackArgs: string[] }> {
  step("Throwaway Pulumi backend and stack");
  const tmp = await mkdtemp(join(tmpdir(), "strategy-alerts-demo-"));
  deps.tmp = tmp;
  await mkdir(join(tmp, "state"));
  const configFile = join(tmp, `Pulumi.${STACK}.yaml`);
  // The stack config is the only source of credentials in this demo.
  const env = pulumiEnv({
    pulumiBinDir: pulumiDir,
    home: join(tmp, "pulumi-home"),
    stateDir: join(tmp, "state"),
    extra: {
      // Pulumi's closure serializer loads every Node built-in, node:sqlite included, whose
      // ExperimentalWarning (Node 22-24) would otherwise show as a diagnostic of every run.
      NODE_OPTIONS: [process.env.NODE_OPTIONS, "--disable-warning=ExperimentalWarning"]
        .filter(Boolean)
        .join(" "),
    },
  });

  const pulumi = new PulumiCli(env, [apiKey]);
  const stackArgs = ["--stack", STACK, "--config-file", configFile, "--non-interactive"];
  // `stack init` writes the stack's encryption salt to Pulumi.<stack>.yaml beside Pulumi.yaml and
  // has no --config-file: run it on a copy of the project file in the temporary directory, so
  // that the stack config lands there and the repository stays untouched.
  const shadowProject = join(tmp, "project");
  await mkdir(shadowProject);
  await copyFile(join(ROOT, "Pulumi.yaml"), join(shadowProject, "Pulumi.yaml"));
  await pulumi.run(["stack", "init", STACK, "--non-interactive", "--cwd", shadowProject]);
  await rename(join(shadowProject, `Pulumi.${STACK}.yaml`), configFile);
  // The key goes in on stdin (never on a command line) and is stored encrypted.
  await pulumi.run(["config", "set", "--secret", "strategy-alerts:apiKey", ...stackArgs], {
    input: apiKey,
  });
  await pulumi.run([
    "config",
    "set-all",
    "--plaintext",
    `strategy-alerts:baseUrl=${baseUrl}`,
    "--plaintext",
    `portfolio:webhookUrl=${receiverUrl}`,
    ...stackArgs,
  ]);
  say(`stack "${STACK}" of examples/portfolio, backend in a temporary directory; API key stored as a secret`);

  return { pulumi, stackArgs };
}

/** Token events fire the active strategies; every alert must reach the receiver, verified. */
async function alertsDelivered(
  emulator: RunningEmulator,
  userId: string,
  verified: WebhookEvent[],
  rejected: string[],
): Promise<void> {
  step("Token events");
  const events = await fireEvents(emulator);
  for (const outcome of events) printOutcome(outcome);
  const deliveries = await control<{ deliveries: Delivery[] }>(
    emulator,
    "GET",
    `/deliveries?wait=true&userId=${userId}`,
  );
  const notificationDeliveries = deliveries.deliveries.filter(
    (d) => d.eventType === "notification.dispatched",
  );
  for (const d of notificationDeliveries) {
    say(
      `delivery ${d.eventId}: ${d.status}${d.httpStatus ? ` (HTTP ${d.httpStatus})` : ""}${d.error ? `: ${d.error}` : ""}`,
    );
  }
  await until(() => verified.length >= notificationDeliveries.length, 10_000);
  for (const event of verified) {
    const data = event.data as {
      strategy?: { name?: string };
      token?: { symbol?: string; address?: string };
    };
    say(
      `webhook delivery verified: ${event.type} ${event.id} (strategy "${data.strategy?.name}", token ${data.token?.symbol} ${data.token?.address})`,
    );
  }
  for (const reason of rejected) say(`webhook delivery REJECTED by the receiver: ${reason}`);
  if (notificationDeliveries.length === 0) throw new DemoError("no alert was delivered to the webhook");
  if (verified.length === 0 || rejected.length > 0) {
    throw new DemoError("the receiver did not verify every delivery (see above)");
  }
}

/** Where the demo's review page is written: outside the repository, kept after the demo. */
const DEMO_REVIEW_HTML = join(tmpdir(), "strategy-alerts-demo-review.html");

/**
 * A trader's change (the liquidity "Safety first" requires, raised in stack config), previewed
 * and reviewed as a pull request's CI job does: backtests of both versions, charts, the live
 * record, and the same report as an HTML page. Nothing is applied: the destroy follows.
 */
async function reviewAChange(
  pulumi: PulumiCli,
  stackArgs: string[],
  emulator: RunningEmulator,
  apiKey: string,
): Promise<void> {
  say('changing "Safety first": liquidity_usd min 5,000 → 20,000 (config portfolio:safetyMinLiquidity)');
  // --config sets the value for this preview (and saves it in the throwaway stack config).
  const preview = await pulumi.run([
    "preview",
    "--json",
    "--config",
    "portfolio:safetyMinLiquidity=20000",
    ...stackArgs,
  ]);
  const review = await reviewChange(
    emulator,
    { apiKey, baseUrl: emulator.baseUrl },
    preview.stdout,
    DEMO_REVIEW_HTML,
  );
  if (review.code !== 0) throw new DemoError(`the review exited with ${review.code}:\n${review.stderr}`);
  say("review of the change (the pull-request comment, Markdown with Mermaid charts):");
  console.log(`\n${review.report}`);
  say(`HTML report of the same review: ${DEMO_REVIEW_HTML}`);
}

/** `bash scripts/ensure-pulumi.sh`: its progress goes to the terminal, its last line is the dir. */
function ensurePulumi(): string {
  const res = spawnSync("bash", [join(ROOT, "scripts", "ensure-pulumi.sh")], {
    cwd: ROOT,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  });
  const dir = res.stdout.trim().split("\n").pop();
  if (res.status !== 0 || !dir) {
    throw new DemoError(
      `could not provide the Pulumi CLI (scripts/ensure-pulumi.sh exited with ${res.status}; see above)`,
    );
  }
  return dir;
}

interface RunOptions {
  /** Stream output to the terminal (redacted) as well as capturing it. */
  stream?: boolean;
  /** Written to stdin, then closed. */
  input?: string;
}

class PulumiCli {
  constructor(
    private readonly env: NodeJS.ProcessEnv,
    private readonly redact: string[],
  ) {}

  run(args: string[], opts: RunOptions = {}): Promise<{ stdout: string; stderr: string }> {
    const spawnOpts: SpawnOptions = { cwd: ROOT, env: this.env, stdio: ["pipe", "pipe", "pipe"] };
    return new Promise((resolvePromise, reject) => {
      const child = spawn("pulumi", args, spawnOpts);
      let stdout = "";
      let stderr = "";
      const out = new LineRedactor(this.redact, (s) => process.stdout.write(s));
      const err = new LineRedactor(this.redact, (s) => process.stderr.write(s));
      child.stdout?.on("data", (d: Buffer) => {
        stdout += d;
        if (opts.stream) out.write(d.toString());
      });
      child.stderr?.on("data", (d: Buffer) => {
        stderr += d;
        if (opts.stream) err.write(d.toString());
      });
      child.stdin?.end(opts.input ?? "");
      child.on("error", (e) => reject(new DemoError(`could not run pulumi: ${e.message}`)));
      child.on("close", (code) => {
        out.flush();
        err.flush();
        if (code === 0) return resolvePromise({ stdout, stderr });
        const shown = opts.stream ? "" : `\n${this.clean(stderr || stdout).trim()}`;
        reject(
          new DemoError(`\`pulumi ${args.slice(0, 2).join(" ")}\` failed with exit code ${code}${shown}`),
        );
      });
    });
  }

  private clean(text: string): string {
    return this.redact.reduce((t, secret) => t.split(secret).join("[redacted]"), text);
  }
}

/** Writes whole lines with every secret replaced, so a secret split across chunks is still caught. */
class LineRedactor {
  private pending = "";
  constructor(
    private readonly secrets: string[],
    private readonly sink: (s: string) => void,
  ) {}

  write(chunk: string): void {
    this.pending += chunk;
    const end = this.pending.lastIndexOf("\n");
    if (end < 0) return;
    this.sink(this.clean(this.pending.slice(0, end + 1)));
    this.pending = this.pending.slice(end + 1);
  }

  flush(): void {
    if (this.pending) this.sink(this.clean(this.pending));
    this.pending = "";
  }

  private clean(text: string): string {
    return this.secrets.reduce((t, secret) => t.split(secret).join("[redacted]"), text);
  }
}

interface EventOutcome {
  evaluations: {
    strategyName: string;
    tokenAddress: string;
    eventType: string;
    matched: boolean;
    failureReason: string | null;
    failedRules: { rule?: string; reason?: string }[];
    matchDetails?: { cooldown?: unknown };
  }[];
  notifications: { id: string; channel: string; status: string; strategyId: string }[];
}

interface Delivery {
  eventId: string;
  eventType: string;
  status: string;
  httpStatus: number | null;
  error: string | null;
}

/**
 * Two launches: a rug (the safety-first dealbreakers reject it) and a launch by the followed
 * developer (the developer strategy matches: an alert, delivered to the webhook).
 */
async function fireEvents(emulator: RunningEmulator): Promise<EventOutcome[]> {
  const token = (archetype: string) => {
    const t = DEMO_TOKENS.find((d) => d.archetype === archetype);
    if (!t) throw new DemoError(`the emulator has no demo token of kind ${archetype}`);
    return t.observation;
  };
  const rug = token("rug");
  const winner = token("moonshot");
  const events = [
    {
      label: `new launch ${rug.symbol} (${rug.name})`,
      body: { eventType: "new_token_created", tokenAddress: rug.address },
    },
    {
      label: `followed developer launches ${winner.symbol} (${winner.name})`,
      body: {
        eventType: "followed_dev_new_token_created",
        tokenAddress: winner.address,
        developerAddress: winner.developerAddress,
      },
    },
  ];
  const outcomes: EventOutcome[] = [];
  for (const { label, body } of events) {
    const res = await fetch(`${emulator.controlUrl}/events`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new DemoError(`POST /_emulator/events (${label}) answered ${res.status}: ${text}`);
    say(`event: ${label}`);
    outcomes.push(JSON.parse(text) as EventOutcome);
  }
  return outcomes;
}

function printOutcome(outcome: EventOutcome): void {
  if (outcome.evaluations.length === 0) say("  no active strategy listens to this event");
  for (const e of outcome.evaluations) {
    if (e.matched) {
      const suppressed = e.matchDetails?.cooldown ? " (alert suppressed: cooldown)" : "";
      say(`  evaluation "${e.strategyName}": MATCHED${suppressed}`);
    } else {
      const failed = e.failedRules.map((r) => r.rule).filter(Boolean);
      const why =
        e.failureReason ?? (failed.length ? `failed rules: ${failed.join(", ")}` : "no reason given");
      say(`  evaluation "${e.strategyName}": rejected (${why})`);
    }
  }
  for (const n of outcome.notifications) say(`  notification ${n.id}: ${n.status} via ${n.channel}`);
}

async function control<T>(emulator: RunningEmulator, method: string, path: string): Promise<T> {
  const res = await fetch(`${emulator.controlUrl}${path}`, { method });
  const text = await res.text();
  if (!res.ok) throw new DemoError(`${method} /_emulator${path} answered ${res.status}: ${text}`);
  return JSON.parse(text) as T;
}

async function until(condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
}

async function cleanup(deps: Deps): Promise<void> {
  await new Promise<void>((ok) => (deps.receiver ? deps.receiver.close(() => ok()) : ok()));
  await deps.emulator?.close().catch(() => undefined);
  if (deps.tmp) await rm(deps.tmp, { recursive: true, force: true });
}

main().then(
  () => process.exit(0),
  (error: Error) => {
    console.error(
      `\n[demo] FAILED: ${error instanceof DemoError ? error.message : (error.stack ?? error.message)}`,
    );
    process.exit(1);
  },
);
