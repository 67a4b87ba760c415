/**
 * The I/O around the pure renderer: reads what the account adds to a review (plan, strategy
 * and tag names) and runs the backtests, all through one client so the key's rate limit is
 * shared. The command is a thin shell around `reviewWithAccount`.
 */
import type { ApiClient } from "../api/client";
import type { ReviewAccount } from "./activation";
import { type BacktestRunOptions, type RunProgress, runBacktests } from "./backtest-run";
import { backtestTargets } from "./backtest-targets";
import { ReviewOptionsError } from "./errors";
import { renderReviewHtml } from "./html/page";
import { sweepLeftovers } from "./leftovers";
import { type PreviewPlan, parsePreview } from "./preview-json";
import { type ReviewContext, type ReviewResult, renderReview } from "./render";
import { ReviewRun, SWEEP_AFTER_MS } from "./review-run";
import { type LiveObjects, type ObjectKind, releasedKeys } from "./same-object";
import { TemporaryStrategies } from "./temporaries";

export interface ReviewSessionOptions {
  client?: ApiClient;
  backtest?: Omit<BacktestRunOptions, "client" | "plan"> | undefined;
  context?: ReviewContext;
  /** Warnings (an account read that failed) go here, and progress too unless `progress` is given; default: nowhere. */
  log?: (line: string) => void;
  /** The backtests' steps and updates (a terminal shows them on one line). */
  progress?: RunProgress;
  /** Receives the temporary strategies as soon as they may exist, so a signal handler can clean up. */
  onTemporary?: (temporary: TemporaryStrategies) => void;
  /** This machine's clock (ms): when the run started, its time limit; default Date.now. */
  now?: () => number;
  /** Aborted on SIGINT/SIGTERM: the review then sends no new create or backtest request. */
  signal?: AbortSignal;
  /** Also render the report as one self-contained HTML page (`--html`). */
  html?: boolean;
}

async function readAccount(
  client: ApiClient,
): Promise<{ account: ReviewAccount; tagNames: Record<string, string> }> {
  const [me, list] = await Promise.all([client.account.me(), client.strategies.list()]);
  const tagNames: Record<string, string> = {};
  // Tag names make trigger configs and developer tags readable; a review without them still works.
  const [devTags, microblogTags] = await Promise.allSettled([
    client.devs.tags(),
    client.microblog.tags({ includeCounts: false }),
  ]);
  if (devTags.status === "fulfilled")
    for (const t of devTags.value.tags) tagNames[String(t.id)] = String(t.name);
  if (microblogTags.status === "fulfilled") for (const t of microblogTags.value.tags) tagNames[t.id] = t.name;
  return {
    account: {
      plan: me.plan,
      activeLimit: me.limits.strategies.active,
      strategies: list.strategies
        .filter((s) => s.isGlobal !== true)
        .map((s) => ({ id: s.id, name: s.name, isActive: s.isActive })),
    },
    tagNames,
  };
}

/** The most developers whose tags a review reads to judge their deletes. */
const TAG_READS = 20;

/**
 * How the review reads the account's objects of each kind whose resources share one
 * (same-object.ts, `SHARED_OBJECTS`), given the keys the change releases: keyed by every such
 * kind, so a new one fails to compile here until it says what its review reads.
 */
const LIVE_READS: Record<ObjectKind, (client: ApiClient, keys: string[]) => Promise<LiveObjects>> = {
  async Webhook(client) {
    const webhook = await client.webhook.get();
    return {
      webhook: { url: webhook.url ?? null, enabled: webhook.enabled, verifiedAt: webhook.verifiedAt ?? null },
    };
  },
  async FollowedDeveloper(client) {
    const developers: NonNullable<LiveObjects["developers"]> = {};
    for await (const d of client.devs.iterate())
      developers[d.address] = { alias: d.alias ?? null, isActive: d.isActive !== false };
    return { developers };
  },
  async DeveloperTags(client, addresses) {
    const tags: NonNullable<LiveObjects["tags"]> = {};
    for (const address of addresses.slice(0, TAG_READS)) {
      try {
        tags[address] = (await client.devs.getTags(address)).tagIds.map(String);
      } catch {
        // Not followed any more, or unreadable: the review says what the delete would do.
      }
    }
    return { tags };
  },
};

/**
 * The account's objects that the change deletes or replaces (the webhook, followed developers,
 * tags), read only when it does: a delete leaves an object that is no longer what its resource
 * last wrote, and the review says so. An object that cannot be read is left out.
 */
async function readLive(client: ApiClient, plan: PreviewPlan): Promise<LiveObjects> {
  const released = plan.steps.filter((s) => s.op === "delete" || s.op === "replace");
  const live: LiveObjects = {};
  for (const kind of Object.keys(LIVE_READS) as ObjectKind[]) {
    const keys = releasedKeys(kind, released);
    if (keys.length > 0) Object.assign(live, await LIVE_READS[kind](client, keys));
  }
  return live;
}

export async function reviewWithAccount(
  previewJson: string,
  options: ReviewSessionOptions = {},
): Promise<ReviewResult & { html?: string }> {
  const plan = parsePreview(previewJson);
  const context: ReviewContext = { ...options.context };
  const log = options.log ?? (() => {});
  const client = options.client;
  const run = new ReviewRun({
    ...(options.now ? { clock: options.now } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  if (client) {
    await sweep(client, run, context, log);
    try {
      const { account, tagNames } = await readAccount(client);
      context.account = account;
      context.tagNames = { ...tagNames, ...context.tagNames };
    } catch (err) {
      log(`could not read the account (plan headroom and names are left out): ${(err as Error).message}`);
    }
    try {
      context.live = await readLive(client, plan);
    } catch (err) {
      log(
        `could not read the objects the change deletes (whether a delete leaves one alone is not shown): ${(err as Error).message}`,
      );
    }
  }
  if (options.backtest) {
    if (!client)
      throw new ReviewOptionsError("--backtest needs STRATEGY_ALERTS_API_KEY and STRATEGY_ALERTS_BASE_URL");
    const targets = backtestTargets(plan.steps);
    if (targets.length > 0) {
      run.throwIfStopped();
      const temporary = new TemporaryStrategies(client, run);
      options.onTemporary?.(temporary);
      try {
        context.backtests = await runBacktests(targets, temporary, {
          progress: options.progress ?? log,
          ...options.backtest,
          client,
          plan: context.account?.plan ?? (await client.account.me()).plan,
        });
      } finally {
        await temporary.cleanup();
      }
      // The report says what happened to the temporary strategies after the cleanup.
      context.backtests.temporaryStrategies = temporary.report();
    } else {
      log("backtests: no strategy changes what it matches; nothing to backtest");
      context.backtests = {
        from: "",
        to: "",
        threshold: options.backtest.threshold,
        strategies: [],
        temporaryStrategies: [],
        jobsCreated: 0,
        dailyQuota: null,
      };
    }
  }
  const result = renderReview(plan, context);
  return options.html ? { ...result, html: renderReviewHtml(plan, context).html } : result;
}

/** Removes what an interrupted review left behind, before reading the account it would distort. */
async function sweep(
  client: ApiClient,
  run: ReviewRun,
  context: ReviewContext,
  log: (line: string) => void,
): Promise<void> {
  try {
    const { swept, leftAlone, unproven } = await sweepLeftovers(client, run);
    if (unproven.length > 0)
      log(
        `left ${unproven.length} inactive ${unproven.length === 1 ? "strategy" : "strategies"} named like a review's temporary strategy alone: nothing proves a review made ${unproven.length === 1 ? "it" : "them"} (a user's own, or a review's killed before it wrote its proof); delete ${unproven.length === 1 ? "it" : "them"} in the app if no review is running`,
      );
    if (leftAlone.length > 0)
      log(
        `left ${leftAlone.length} temporary ${leftAlone.length === 1 ? "strategy" : "strategies"} of other reviews alone: they may still be running (a review's are swept once it started more than ${SWEEP_AFTER_MS / 60_000} minutes ago)`,
      );
    if (swept.length > 0) {
      context.swept = swept;
      log(
        `deleted ${swept.filter((s) => s.deleted).length} of ${swept.length} temporary strategies left by an interrupted review`,
      );
    }
  } catch (err) {
    log(`could not look for temporary strategies left by an interrupted review: ${(err as Error).message}`);
  }
}
