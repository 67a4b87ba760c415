import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BenchProject } from "../../bench/pulumi-project";
import { type RunningEmulator, startEmulator } from "../../emulator/server";
import type { VariantName } from "../../emulator/variants/catalog";
import { controlOk } from "../support/emulator";
import { runProcess } from "../support/process";
import { WebhookReceiver } from "../support/webhook-receiver";
import { portfolio } from "./portfolio-program";

/**
 * The product under one set of emulator variants: the portfolio program (strategies, their
 * activation, a followed developer with tags, a strategy watching it, the webhook) through
 * preview, up, a no-change preview, an update, refresh and destroy under the real engine, plus
 * `strategy-alerts review --backtest` of the update and `strategy-alerts import` of the account.
 * Each step is judged on what the emulator's store holds afterwards (not on what the variant
 * lets the API show), so a step passes only when the account really is as declared.
 */

export const STEPS = [
  "preview",
  "up",
  "no-change",
  "update",
  "refresh",
  "destroy",
  "review",
  "import",
] as const;
type Step = (typeof STEPS)[number];
type StepOutcome = { ok: true } | { ok: false; reason: string } | { ok: null; reason: string };
export type ScenarioResult = Record<Step, StepOutcome>;

/** Variants about the rate limit run at the plan's own rate; the others with a raised one. */
const RATE_VARIANTS: ReadonlySet<VariantName> = new Set([
  "rate-window-fixed",
  "no-retry-after",
  "ratelimit-headers",
]);

const ADDRESS = "7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU";
const STRATEGIES = 3;

export interface ScenarioOptions {
  pulumiBinDir: string;
  /** The repository root (dist/ must be built: the program and the CLI load it). */
  root: string;
  /** Progress lines (one per step). */
  log?: (line: string) => void;
}

interface Declared {
  min: number;
  alias: string;
  tagNames: string[];
}

const FIRST: Declared = { min: 10_000, alias: "variant dev", tagNames: ["Trusted"] };
const SECOND: Declared = { min: 20_000, alias: "variant dev renamed", tagNames: ["Trusted", "Watchlist"] };

function program(d: Declared, tagIds: string[], hookUrl: string): string {
  return `${portfolio(STRATEGIES, d.min, "s")}
const dev = new sa.FollowedDeveloper("dev", { address: ${JSON.stringify(ADDRESS)}, alias: ${JSON.stringify(d.alias)} });
new sa.DeveloperTags("dev-tags", { address: dev.address, tagIds: ${JSON.stringify(tagIds)} });
new sa.Strategy("dev-watcher", {
  name: "followed developer launches",
  triggers: ["followed_dev_new_token_created"],
  triggerConfigs: { followed_dev_new_token_created: { scope: "wallet", developerAddress: dev.address } },
  rules: [{ rule: "liquidity_usd", dealbreaker: true, min: 1000 }],
});
new sa.Webhook("hook", { url: ${JSON.stringify(hookUrl)}, enabled: true });
`;
}

class StepFailure extends Error {}

/** What the account must hold after an `up` of `d`, read from the emulator's store. */
function expectDeployed(
  em: RunningEmulator,
  userId: string,
  d: Declared,
  tagIds: string[],
  hookUrl: string,
): void {
  const own = em.store.listStrategies(userId).filter((s) => !s.isGlobal);
  const names = own.map((s) => s.name).sort();
  const want = [
    ...Array.from({ length: STRATEGIES }, (_, i) => `s strategy ${i}`),
    "followed developer launches",
  ].sort();
  if (JSON.stringify(names) !== JSON.stringify(want))
    throw new StepFailure(`strategies ${JSON.stringify(names)}, expected ${JSON.stringify(want)}`);
  for (let i = 0; i < STRATEGIES; i++) {
    const s = own.find((x) => x.name === `s strategy ${i}`)!;
    const min = (s.rules as { rule: string; min?: number }[]).find((r) => r.rule === "liquidity_usd")?.min;
    if (min !== d.min + i)
      throw new StepFailure(`${s.name} has liquidity_usd min ${min}, expected ${d.min + i}`);
    if (!s.isActive) throw new StepFailure(`${s.name} is not active`);
  }
  const dev = em.store.getDeveloper(userId, ADDRESS);
  if (!dev?.isActive || dev.alias !== d.alias)
    throw new StepFailure(
      `developer ${JSON.stringify(dev ?? null)}, expected active with alias "${d.alias}"`,
    );
  if (JSON.stringify([...dev.tagIds].sort()) !== JSON.stringify([...tagIds].sort()))
    throw new StepFailure(`developer tags ${JSON.stringify(dev.tagIds)}, expected ${JSON.stringify(tagIds)}`);
  const hook = em.store.getWebhook(userId);
  if (hook?.url !== hookUrl || !hook.verifiedAt || !hook.enabled)
    throw new StepFailure(
      `webhook ${JSON.stringify({ url: hook?.url, verifiedAt: hook?.verifiedAt })}, expected verified ${hookUrl}`,
    );
}

function expectDestroyed(em: RunningEmulator, userId: string): void {
  const own = em.store.listStrategies(userId).filter((s) => !s.isGlobal);
  if (own.length > 0) throw new StepFailure(`${own.length} strategies left after destroy`);
  if (em.store.getDeveloper(userId, ADDRESS)?.isActive)
    throw new StepFailure("the developer is still active");
  if (em.store.getWebhook(userId)?.url) throw new StepFailure("the webhook still has a url");
}

function engineFailure(run: {
  command: string;
  code: number;
  diagnostics: { severity: string; message: string }[];
  stderr: string;
}): string {
  const errors = run.diagnostics.filter((d) => d.severity === "error").map((d) => d.message.trim());
  const text = errors.length > 0 ? errors.join(" | ") : run.stderr.trim();
  return `${run.command.split(" --json")[0]} exited ${run.code}: ${text.replace(/\s+/g, " ").slice(0, 600)}`;
}

/** Runs every step for `variants` on a fresh emulator; never throws for a failing step. */
export async function runVariantScenario(
  variants: readonly VariantName[],
  options: ScenarioOptions,
): Promise<ScenarioResult> {
  const result = Object.fromEntries(STEPS.map((s) => [s, { ok: null, reason: "not run" }])) as ScenarioResult;
  const log = options.log ?? (() => undefined);
  const em = await startEmulator({ port: 0, variants });
  const receiver = await new WebhookReceiver("echo").start();
  const work = await mkdtemp(join(tmpdir(), "psa-variants-"));
  let project: BenchProject | undefined;
  // The clock moves only while the review waits for its backtests (as time passes at a service).
  let clockTicker: NodeJS.Timeout | undefined;
  try {
    const atPlanRate = variants.some((v) => RATE_VARIANTS.has(v));
    const user = await controlOk<{ userId: string; apiKey: string }>(em, "POST", "/users", {
      plan: "DEGEN",
      ...(atPlanRate ? {} : { limits: { requestsPerMinute: 10_000 } }),
    });
    const tags = em.store.listDeveloperTags(user.userId);
    const tagIdsOf = (d: Declared) => d.tagNames.map((n) => tags.find((t) => t.name === n)!.id);
    const hookUrl = receiver.url;
    const env = {
      STRATEGY_ALERTS_RATE_DIR: join(work, "rate"),
      STRATEGY_ALERTS_API_KEY: user.apiKey,
      STRATEGY_ALERTS_BASE_URL: em.baseUrl,
    };
    project = await BenchProject.create({
      name: "variants",
      program: program(FIRST, tagIdsOf(FIRST), hookUrl),
      pulumiBinDir: options.pulumiBinDir,
      apiKey: user.apiKey,
      baseUrl: em.baseUrl,
      env: { STRATEGY_ALERTS_RATE_DIR: env.STRATEGY_ALERTS_RATE_DIR },
    });
    const p = project;
    const cli = (args: string[], cwd: string) =>
      runProcess(
        join(options.root, "node_modules/.bin/node"),
        [join(options.root, "dist/cli/index.js"), ...args],
        {
          cwd,
          env: { ...process.env, ...env },
        },
      );

    const step = async (name: Step, fn: () => Promise<void>): Promise<boolean> => {
      const started = performance.now();
      try {
        await fn();
        result[name] = { ok: true };
      } catch (e) {
        result[name] = {
          ok: false,
          reason: e instanceof StepFailure ? e.message : String((e as Error).stack ?? e),
        };
      }
      const took = `${((performance.now() - started) / 1000).toFixed(1)} s`;
      log(
        `  ${name}: ${result[name].ok ? `ok (${took})` : `FAILED after ${took}: ${(result[name] as { reason: string }).reason}`}`,
      );
      return result[name].ok === true;
    };
    const engine = async (run: Promise<Awaited<ReturnType<BenchProject["up"]>>>) => {
      const r = await run;
      if (r.code !== 0) throw new StepFailure(engineFailure(r));
      return r;
    };

    if (!(await step("preview", async () => void (await engine(p.preview()))))) return result;
    if (
      !(await step("up", async () => {
        await engine(p.up());
        expectDeployed(em, user.userId, FIRST, tagIdsOf(FIRST), hookUrl);
      }))
    )
      return result;
    await step("no-change", async () => void (await engine(p.preview(["--expect-no-changes"]))));

    await p.writeProgram(program(SECOND, tagIdsOf(SECOND), hookUrl));
    await step("review", async () => {
      const preview = await engine(p.preview());
      const file = join(work, "preview.json");
      await writeFile(file, preview.stdout);
      clockTicker = setInterval(() => {
        void controlOk(em, "POST", "/clock", { advanceMinutes: 1 }).catch(() => undefined);
      }, 200);
      const review = await cli(["review", "--backtest", "--poll-interval", "300", file], work);
      clearInterval(clockTicker);
      clockTicker = undefined;
      if (review.code !== 0)
        throw new StepFailure(`review exited ${review.code}: ${review.stderr.trim().slice(0, 600)}`);
      if (/not measured/.test(review.stdout)) {
        const line = review.stdout.split("\n").find((l) => l.includes("not measured"));
        throw new StepFailure(`review: ${line?.trim()}`);
      }
      if (!/\| precision \|/.test(review.stdout)) throw new StepFailure("review printed no backtest table");
      const left = em.store.listStrategies(user.userId).filter((s) => s.name.includes("review-tmp"));
      if (left.length > 0) throw new StepFailure(`review left ${left.length} temporary strategies`);
    });
    if (
      !(await step("update", async () => {
        await engine(p.up());
        expectDeployed(em, user.userId, SECOND, tagIdsOf(SECOND), hookUrl);
      }))
    )
      return result;
    await step("refresh", async () => {
      await engine(p.refresh());
      await engine(p.preview(["--expect-no-changes"]));
    });
    await step("import", async () => {
      const out = join(work, "imported");
      const imported = await cli(["import", "--out", out], work);
      if (imported.code !== 0)
        throw new StepFailure(`import exited ${imported.code}: ${imported.stderr.trim().slice(0, 600)}`);
      const source = await readFile(join(out, "index.ts"), "utf8");
      for (const name of ["s strategy 0", "followed developer launches", ADDRESS, hookUrl])
        if (!source.includes(name)) throw new StepFailure(`the imported program lacks ${name}`);
    });
    await step("destroy", async () => {
      await engine(p.destroy());
      expectDestroyed(em, user.userId);
    });
    return result;
  } finally {
    if (clockTicker) clearInterval(clockTicker);
    await project?.cleanup().catch(() => undefined);
    await receiver.close();
    await em.close();
    await rm(work, { recursive: true, force: true });
  }
}
