import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { ApiClient } from "../../provider/api/client";
import { NotFoundError } from "../../provider/api/errors";
import { RELEASED_ALIAS } from "../../provider/model/released-developer";
import type { DeveloperRecord } from "../../provider/model/schemas/developer";
import type { WebhookConfig } from "../../provider/model/schemas/webhook";
import type { Strategy } from "../../provider/model/strategy";
import { type ResourceKind, TYPE_TOKENS } from "../../provider/model/type-tokens";
import {
  ACTIVATION_CHANGES,
  type ActivationChange,
  OPERATIONS,
  type Operation,
} from "../../provider/review/effects";
import { stackConfig, TestEmulator } from "./emulator-fixture";
import { once, PulumiProject } from "./harness";
import { runReview } from "./review-scenario";

/**
 * Every resource kind through every operation, each under the real engine: `pulumi preview
 * --json` → `strategy-alerts review` → `pulumi up`, and the account read before and after. Each
 * cell of the matrix names the sentences the report must state and checks that the account
 * changed as they say. One stack goes through the phases (create, update, replace, delete), so
 * every kind changes in the same few `up`s; a kind or operation without a cell fails the first test.
 */

const A1 = "7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU";
const A2 = "9wFFyRfZBsuAha4YcuxcXLKwMxJR43S7fPfQLusDBzvT";
const URL1 = "http://127.0.0.1:9/alerts";
const URL2 = "http://127.0.0.1:9/alerts-v2";

type Phase = "create" | "update" | "replace" | "delete";
/** Alpha's liquidity threshold: 5,000 when created, 20,000 from the in-place rule change on (the demo's change). */
const LIQUIDITY = { created: 5_000, changed: 20_000 };
type Cell =
  | { [K in ResourceKind]: `${K} ${Operation}` }[ResourceKind]
  | `StrategyActivation ${ActivationChange}`;

/** The account as the service holds it. */
interface Account {
  strategies: Strategy[];
  webhook: WebhookConfig;
  devs: Map<string, DeveloperRecord>;
  /** Tag ids per address; undefined when the address is not followed. */
  tags: Map<string, string[] | undefined>;
}

const named = (account: Account, name: string) => account.strategies.find((s) => s.name === name);
const hasId = (account: Account, id: string | undefined) => account.strategies.some((s) => s.id === id);

interface Expectation {
  phase: Phase;
  /** Lines (or parts of lines) the report must contain. */
  said: string[];
  /** The account before and after the phase's `up`, as the sentences say. */
  holds: (before: Account, after: Account) => void;
}

const WARNING = "⚠️ **Warning:** ";

/** Each kind and operation: what the report says, and what the account shows. */
const MATRIX: Record<Cell, Expectation> = {
  "Strategy create": {
    phase: "create",
    said: [
      "#### “Gamma” (`gamma`): new strategy\n\n- The service creates the strategy, inactive: it sends no alerts until a StrategyActivation activates it.",
    ],
    holds: (before, after) => {
      expect(named(before, "Gamma")).toBeUndefined();
      expect(named(after, "Gamma")?.isActive).toBe(false);
    },
  },
  "Strategy update": {
    phase: "update",
    said: [
      "- The service changes the strategy in place: it keeps its id and stays active or inactive as it is; its alerts follow the new settings from then on.",
      "Alert cooldown: 30 minutes → 45 minutes",
    ],
    holds: (before, after) => {
      expect(named(after, "Gamma")?.id).toBe(named(before, "Gamma")?.id);
      expect(named(after, "Gamma")?.isActive).toBe(named(before, "Gamma")?.isActive);
      expect(named(after, "Gamma")?.alertCooldownMins).toBe(45);
    },
  },
  "Strategy replace": {
    phase: "replace",
    said: [
      // Forced with `--replace`, the content stays: still a new strategy, never the old one taken over.
      `#### “Gamma” (\`gamma\`): replaced\n\n- ${WARNING}the service creates a new strategy (a new id, inactive) and deletes the old one from the account: the old strategy's alerts stop, and the new one alerts only once a StrategyActivation activates it.`,
    ],
    holds: (before, after) => {
      const old = named(before, "Gamma");
      expect(old).toBeDefined();
      expect(hasId(after, old?.id)).toBe(false);
      expect(named(after, "Gamma")?.id).toBeDefined();
    },
  },
  "Strategy delete": {
    phase: "delete",
    said: [
      `#### “Alpha” (\`alpha\`): deleted\n\n- ${WARNING}the service deletes the strategy from the account: its alerts stop for good.`,
    ],
    holds: (before, after) => {
      expect(named(before, "Alpha")).toBeDefined();
      expect(hasId(after, named(before, "Alpha")?.id)).toBe(false);
    },
  },
  "StrategyActivation create": {
    phase: "create",
    said: ["- The service activates the strategies of this set: they start sending alerts."],
    holds: (_before, after) => expect(named(after, "Alpha")?.isActive).toBe(true),
  },
  "StrategyActivation update": {
    phase: "update",
    said: [
      "- The service deactivates the strategies removed from this set, then activates the ones added to it.",
    ],
    holds: (_before, after) =>
      expect(after.strategies.filter((s) => s.isActive).map((s) => s.name)).toEqual(["Beta"]),
  },
  "StrategyActivation replace": {
    phase: "replace",
    said: [
      // The replacement holds Beta too: the old activation's delete leaves it active.
      "- The service activates the new set; deleting the old activation then leaves active every strategy a set of this stack still holds.",
      "- Stays active (another set of this stack, or the replacement, holds it): “Beta”",
    ],
    holds: (before, after) => {
      expect(named(before, "Beta")?.isActive).toBe(true);
      expect(named(after, "Beta")?.isActive).toBe(true);
    },
  },
  "StrategyActivation delete": {
    phase: "delete",
    said: [
      `- ${WARNING}the service deactivates every strategy of this set: they stop sending alerts (they stay in the account).`,
    ],
    holds: (before, after) => {
      expect(named(before, "Beta")?.isActive).toBe(true);
      expect(named(after, "Beta")?.isActive).toBe(false);
    },
  },
  "StrategyActivation activated": {
    phase: "update",
    said: ["- Becomes active (starts sending alerts): “Beta”"],
    holds: (before, after) => {
      expect(named(before, "Beta")?.isActive).toBe(false);
      expect(named(after, "Beta")?.isActive).toBe(true);
    },
  },
  "StrategyActivation deactivated": {
    phase: "update",
    said: [`- ${WARNING}becomes inactive (stops sending alerts): “Alpha”`],
    holds: (before, after) => {
      expect(named(before, "Alpha")?.isActive).toBe(true);
      expect(named(after, "Alpha")?.isActive).toBe(false);
    },
  },
  "StrategyActivation exclusive": {
    phase: "update",
    said: [
      `- ${WARNING}\`exclusive\`: every other active strategy of the account is deactivated (stops sending alerts), including those other stacks, the app or people activated: “Manual”`,
    ],
    holds: (before, after) => {
      expect(named(before, "Manual")?.isActive).toBe(true);
      expect(named(after, "Manual")?.isActive).toBe(false);
    },
  },
  "Webhook create": {
    phase: "create",
    said: [
      "- The service sets the account's one webhook (whatever it held is overwritten): alerts are delivered to this URL.",
    ],
    holds: (before, after) => {
      expect(before.webhook).toMatchObject({ url: `${URL1}-manual`, enabled: false });
      expect(after.webhook).toMatchObject({ url: URL1, enabled: true });
    },
  },
  "Webhook update": {
    phase: "update",
    said: ["- The service changes the account's webhook in place.", `Webhook URL: \`${URL1}\` → \`${URL2}\``],
    holds: (_before, after) => expect(after.webhook).toMatchObject({ url: URL2, enabled: true }),
  },
  "Webhook replace": {
    phase: "replace",
    said: [
      // Its end state once: the replacement holds the webhook, so the old one's delete leaves it.
      `- Webhook: stays set to \`${URL2}\` (\`hook\` is replaced; deleting the old one leaves it alone, as the replacement holds it).`,
    ],
    holds: (before, after) => {
      expect(before.webhook).toMatchObject({ url: URL2, enabled: true, hasSecret: true });
      expect(after.webhook).toMatchObject({ url: URL2, enabled: true });
    },
  },
  // The stack's webhook was never verified (nothing answers at URL2, requireVerified: false), so
  // nothing proves it still is the one the stack wrote: the delete leaves it, and says so.
  "Webhook delete": {
    phase: "delete",
    said: ["- The delete leaves the account's webhook alone: this resource never recorded it verified"],
    holds: (before, after) => {
      expect(before.webhook).toMatchObject({ url: URL2, enabled: true, hasSecret: true });
      expect(after.webhook).toMatchObject({ url: URL2, enabled: true, hasSecret: true });
    },
  },
  "FollowedDeveloper create": {
    phase: "create",
    said: [`- The service follows \`${A1}\` (a wallet already followed is taken over as it is).`],
    holds: (before, after) => {
      expect(before.devs.has(A1)).toBe(false);
      expect(after.devs.get(A1)).toMatchObject({ isActive: true, alias: "launcher" });
    },
  },
  "FollowedDeveloper update": {
    phase: "update",
    said: [`- The service changes \`${A1}\` in place.`, `Alias of \`${A1}\`: “launcher” → “whale”`],
    holds: (_before, after) => expect(after.devs.get(A1)).toMatchObject({ isActive: true, alias: "whale" }),
  },
  "FollowedDeveloper replace": {
    phase: "replace",
    said: [
      `- ${WARNING}the service follows \`${A2}\` and releases the old address \`${A1}\` (the API cannot unfollow: it stays in the followed list, inactive, with the alias that marks it released).`,
    ],
    holds: (before, after) => {
      expect(before.devs.get(A1)?.isActive).toBe(true);
      expect(after.devs.get(A1)?.isActive).toBe(false);
      expect(after.devs.get(A2)?.isActive).toBe(true);
    },
  },
  "FollowedDeveloper delete": {
    phase: "delete",
    said: [
      `- ${WARNING}the service releases \`${A2}\` (the API cannot unfollow: it stays in the followed list, inactive, with the alias that marks it released).`,
    ],
    holds: (before, after) => {
      expect(before.devs.get(A2)?.isActive).toBe(true);
      expect(after.devs.get(A2)).toMatchObject({ isActive: false, alias: RELEASED_ALIAS });
    },
  },
  "DeveloperTags create": {
    phase: "create",
    said: [
      `- The service sets the tags of \`${A1}\` to exactly this list (a tag set in the app and missing here is removed).`,
    ],
    holds: (_before, after) => expect(after.tags.get(A1)).toHaveLength(1),
  },
  "DeveloperTags update": {
    phase: "update",
    said: [`- The service replaces the whole tag list of \`${A1}\` with this one.`],
    holds: (_before, after) => expect(after.tags.get(A1)).toHaveLength(2),
  },
  "DeveloperTags replace": {
    phase: "replace",
    said: [
      `- ${WARNING}the service sets the tags of \`${A2}\` and removes every tag of the old address \`${A1}\`.`,
    ],
    holds: (before, after) => {
      expect(before.tags.get(A1)).toHaveLength(2);
      expect(after.tags.get(A1)).toEqual([]);
      expect(after.tags.get(A2)).toHaveLength(2);
    },
  },
  "DeveloperTags delete": {
    phase: "delete",
    said: [
      `- ${WARNING}the service removes every tag of \`${A2}\` (the developer stays followed, without tags).`,
    ],
    holds: (before, after) => {
      expect(before.tags.get(A2)).toHaveLength(2);
      expect(after.tags.get(A2)).toEqual([]);
      expect(after.devs.has(A2)).toBe(true);
    },
  },
};

interface ProgramOptions {
  /** The update's changes: Gamma's cooldown, the activation moved to Beta (exclusive), URL2, alias, two tags. */
  updated: boolean;
  /** The developer (and its tags) at A2. */
  address: string;
  /** Only Beta and Gamma stay: everything else is deleted. */
  deleted?: boolean;
  /** Alpha's liquidity_usd min (LIQUIDITY.created unless the in-place rule change was applied). */
  alphaMin?: number;
}

function program(o: ProgramOptions, tagIds: string[]): string {
  const strategy = (resource: string, name: string, cooldown: number, min?: number) =>
    `const ${resource} = new sa.Strategy("${resource}", { name: "${name}", triggers: ["new_token_created"], rules: [{ rule: "is_honeypot", dealbreaker: true, enabled: true }${min === undefined ? "" : `, { rule: "liquidity_usd", dealbreaker: false, min: ${min} }`}], alertCooldownMins: ${cooldown} });`;
  const kept = [strategy("beta", "Beta", 30), strategy("gamma", "Gamma", o.updated ? 45 : 30)];
  if (o.deleted) return ['import * as sa from "pulumi-strategy-alerts";', ...kept].join("\n");
  return [
    'import * as sa from "pulumi-strategy-alerts";',
    strategy("alpha", "Alpha", 30, o.alphaMin ?? LIQUIDITY.created),
    ...kept,
    `new sa.StrategyActivation("active-set", { strategyIds: [${o.updated ? "beta" : "alpha"}.strategyId], exclusive: ${o.updated} });`,
    // The account holds a webhook made in the app: this stack takes it over on purpose.
    `new sa.Webhook("hook", { url: "${o.updated ? URL2 : URL1}", enabled: true, requireVerified: false, adopt: true });`,
    `const dev = new sa.FollowedDeveloper("dev", { address: "${o.address}", alias: "${o.updated ? "whale" : "launcher"}" });`,
    // A literal address (not dev.address) keeps it known in every preview; dependsOn keeps the order.
    `new sa.DeveloperTags("dev-tags", { address: "${o.address}", tagIds: ${JSON.stringify(o.updated ? tagIds : tagIds.slice(0, 1))} }, { dependsOn: [dev] });`,
  ].join("\n");
}

async function readAccount(client: ApiClient): Promise<Account> {
  const devs = new Map<string, DeveloperRecord>();
  for await (const d of client.devs.iterate()) devs.set(d.address, d);
  const tags = new Map<string, string[] | undefined>();
  for (const address of [A1, A2]) {
    try {
      tags.set(address, (await client.devs.getTags(address)).tagIds);
    } catch (err) {
      if (!(err instanceof NotFoundError)) throw err;
      tags.set(address, undefined);
    }
  }
  return {
    strategies: (await client.strategies.list()).strategies,
    webhook: await client.webhook.get(),
    devs,
    tags,
  };
}

const KINDS = Object.keys(TYPE_TOKENS) as ResourceKind[];
const PHASES: Phase[] = ["create", "update", "replace", "delete"];

describe("every kind and operation: the review's stated effect against the account", () => {
  it("has an expectation for every kind and operation, and for every change of the active set", () => {
    const cells = [
      ...KINDS.flatMap((kind) => OPERATIONS.map((op) => `${kind} ${op}`)),
      ...ACTIVATION_CHANGES.map((change) => `StrategyActivation ${change}`),
    ];
    expect(cells.filter((cell) => !(cell in MATRIX))).toEqual([]);
    expect(Object.keys(MATRIX).filter((cell) => !cells.includes(cell))).toEqual([]);
  });
});

describe.runIf(inject("pulumiBinDir"))("the review's stated effects under the real engine", () => {
  let emulator: TestEmulator;
  let client: ApiClient;
  let project: PulumiProject;
  let env: Record<string, string>;
  let tagIds: string[];
  const urns = new Map<string, string>();

  beforeAll(async () => {
    emulator = await TestEmulator.start({ history: false });
    const user = await emulator.user();
    client = user.client;
    env = { STRATEGY_ALERTS_API_KEY: user.apiKey, STRATEGY_ALERTS_BASE_URL: emulator.baseUrl };
    tagIds = (await client.devs.tags()).tags.map((t) => t.id).slice(0, 2);
    // Made in the app: an active strategy (for `exclusive`) and a webhook (for the overwrite).
    await client.strategies.create({
      name: "Manual",
      triggers: ["new_token_created"],
      rules: [{ rule: "is_honeypot", dealbreaker: true, enabled: true }],
      isActive: true,
    });
    await client.webhook.put({ url: `${URL1}-manual`, enabled: false });
    project = await PulumiProject.create({
      name: "review-effects",
      program: program({ updated: false, address: A1 }, tagIds),
      config: stackConfig(emulator, user.apiKey),
    });
  });

  afterAll(async () => {
    await project?.cleanup();
    await emulator?.close();
  });

  /** Preview → review → up of one phase; the report and the account before and after. */
  async function runPhase(source: string, extraArgs: string[] = []) {
    await project.writeProgram(source);
    const preview = await project.run([
      "preview",
      "--json",
      "--non-interactive",
      "--stack",
      project.stack,
      ...extraArgs,
    ]);
    const review = await runReview({ emulator, env }, preview.stdout, []);
    expect(review.code, review.stderr).toBe(0);
    const before = await readAccount(client);
    const up = await project.up({ extraArgs });
    for (const step of up.steps) urns.set(step.urn.split("::").pop() ?? "", step.urn);
    return { report: review.stdout, before, after: await readAccount(client) };
  }

  const changed = LIQUIDITY.changed;
  /** The demo's change: only a rule of the active strategy (Alpha) changes, in place. */
  const inPlace = once(async () => {
    await phases.create();
    return runPhase(program({ updated: false, address: A1, alphaMin: changed }, tagIds));
  });
  const phases: Record<Phase, () => Promise<{ report: string; before: Account; after: Account }>> = {
    create: once(() => runPhase(program({ updated: false, address: A1 }, tagIds))),
    update: once(async () => {
      await inPlace();
      return runPhase(program({ updated: true, address: A1, alphaMin: changed }, tagIds));
    }),
    replace: once(async () => {
      await phases.update();
      const forced = ["gamma", "active-set", "hook"].flatMap((name) => ["--replace", urns.get(name) ?? name]);
      return runPhase(program({ updated: true, address: A2, alphaMin: changed }, tagIds), forced);
    }),
    delete: once(async () => {
      await phases.replace();
      // The replacements left the webhook and the set as the stack declares them.
      await project.up({ extraArgs: ["--refresh"] });
      const restored = await readAccount(client);
      expect(restored.webhook).toMatchObject({ url: URL2, enabled: true });
      expect(named(restored, "Beta")?.isActive).toBe(true);
      expect(named(restored, "Gamma")?.isActive).toBe(false);
      return runPhase(program({ updated: true, address: A2, deleted: true }, tagIds));
    }),
  };

  it("an in-place rule change of the active strategy: no activation step, and the strategy stays active", async () => {
    const { report, before, after } = await inPlace();
    expect(report).toContain(`\`liquidity_usd\`: min 5,000 → 20,000 (tighter)`);
    expect(report).toContain("| Strategy | 1 |");
    // Alpha's id is unknown only during the preview: the set does not change.
    expect(report).not.toContain("StrategyActivation");
    expect(report).not.toContain("### Activation");
    expect(report).not.toMatch(/becomes (in)?active|deactivates the strategies|active set/i);
    expect(named(before, "Alpha")?.isActive).toBe(true);
    expect(named(after, "Alpha")).toMatchObject({ id: named(before, "Alpha")?.id, isActive: true });
  });

  for (const phase of PHASES) {
    it(`${phase}: the report states what the service does, and the account shows it`, async () => {
      const { report, before, after } = await phases[phase]();
      const cells = (Object.entries(MATRIX) as [Cell, Expectation][]).filter(([, e]) => e.phase === phase);
      expect(cells.length).toBeGreaterThan(0);
      for (const [cell, expectation] of cells) {
        for (const line of expectation.said) expect(report, `${cell}: the report`).toContain(line);
        expectation.holds(before, after);
      }
      expect(report).not.toMatch(/left as it is|no longer managed|unfollow developer/i);
    });
  }
});
