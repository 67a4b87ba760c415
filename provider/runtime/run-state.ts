import type { ApiClient } from "../api/client";
import type { Account } from "../model/schemas/account";
import type { DeveloperRecord } from "../model/schemas/developer";
import type { WebhookConfig } from "../model/schemas/webhook";
import type { Strategy } from "../model/strategy";
import { engineRunHolds, MemoryHolds, type RunHolds } from "./run-holds";

/**
 * What one provider (one `pulumi preview/up/refresh/destroy`) knows beyond a single resource:
 * one `GET /me`, one `GET /strategies`, one developer listing and one read of each tag list per run, kept up to date by
 * this provider's own writes, plus the strategy ids that resources of the stack hold. Each
 * provider context (context.ts) has its own, so two accounts never mix their listings.
 */
export class RunState {
  #account: Promise<Account> | undefined;
  #strategies: Promise<Map<string, Strategy>> | undefined;
  #developers: Promise<Map<string, DeveloperRecord>> | undefined;
  #developerReadBack: ReadBackBatch<DeveloperRecord> | undefined;
  /** Strategy ids some resource of this stack holds: never adopted by a reconciliation. */
  readonly claimedStrategyIds = new Set<string>();
  /** Canonical bodies of strategies this run will create, for the plan's total limit. */
  readonly pendingCreates = new Set<string>();
  /** Holds of this provider alone: outside an engine, or when told to (`useHolds`). */
  #holds: RunHolds | undefined;
  readonly #ownHolds = new MemoryHolds();
  /** Accounts that resources of this stack record, seen in this run: a create never writes elsewhere. */
  readonly recordedAccounts = new Set<string>();
  #webhook: Promise<WebhookConfig> | undefined;
  #developerTags: Promise<Set<string>> | undefined;
  #microblogTags: Promise<Set<string>> | undefined;

  readonly #client: () => ApiClient;
  readonly #clock: RunClock;

  constructor(client: () => ApiClient, clock: RunClock = systemClock) {
    this.#client = client;
    this.#clock = clock;
  }

  /**
   * What the resources of this run hold on the account (ownership.ts): shared by every provider
   * process of the engine run (run-holds.ts), else this provider's own.
   */
  holds(): RunHolds {
    return this.#holds ?? engineRunHolds() ?? this.#ownHolds;
  }

  /** Shares `holds` instead (a test's two "processes" of one run). */
  useHolds(holds: RunHolds): void {
    this.#holds = holds;
  }

  private client(): ApiClient {
    return this.#client();
  }

  account(): Promise<Account> {
    this.#account ??= this.client().account.me();
    this.#account.catch(() => {
      this.#account = undefined;
    });
    return this.#account;
  }

  /** The account's webhook as this run first read it (the preview's ownership check). */
  webhook(): Promise<WebhookConfig> {
    this.#webhook ??= this.client().webhook.get();
    this.#webhook.catch(() => {
      this.#webhook = undefined;
    });
    return this.#webhook;
  }

  /**
   * The ids of the account's developer tags and microblog tags, one read each per run: what a
   * strategy's trigger configs may name (strategy-references.ts). No resource creates tags.
   */
  developerTagIds(): Promise<Set<string>> {
    this.#developerTags ??= this.client()
      .devs.tags()
      .then((res) => new Set(res.tags.map((t) => t.id)));
    this.#developerTags.catch(() => {
      this.#developerTags = undefined;
    });
    return this.#developerTags;
  }

  microblogTagIds(): Promise<Set<string>> {
    this.#microblogTags ??= this.client()
      .microblog.tags({ scope: "all" })
      .then((res) => new Set(res.tags.map((t) => t.id)));
    this.#microblogTags.catch(() => {
      this.#microblogTags = undefined;
    });
    return this.#microblogTags;
  }

  /** The account's own strategies (official, global ones are not the user's to manage). */
  strategies(): Promise<Map<string, Strategy>> {
    this.#strategies ??= this.client()
      .strategies.list()
      .then((res) => new Map(res.strategies.filter((s) => s.isGlobal !== true).map((s) => [s.id, s])));
    this.#strategies.catch(() => {
      this.#strategies = undefined;
    });
    return this.#strategies;
  }

  async noteStrategy(strategy: Strategy): Promise<void> {
    this.claimedStrategyIds.add(strategy.id);
    if (this.#strategies) (await this.#strategies.catch(() => new Map())).set(strategy.id, strategy);
  }

  /** Merges what a PATCH answered into the cached listing, so later checks see it. */
  async noteUpdate(id: string, fields: Partial<Strategy>): Promise<void> {
    const known = this.#strategies && (await this.#strategies.catch(() => undefined))?.get(id);
    if (known) Object.assign(known, fields);
  }

  /**
   * The developer record after a write whose answer did not carry it (the spec does not show
   * those answers), batched: one listing for every such write of a burst.
   */
  readBackDeveloper(address: string): Promise<DeveloperRecord | undefined> {
    this.#developerReadBack ??= new ReadBackBatch(async () => {
      this.#developerReadBack = undefined;
      const out = new Map<string, DeveloperRecord>();
      for await (const dev of this.client().devs.iterate({ limit: 100 })) out.set(dev.address, dev);
      return out;
    }, this.#clock);
    return this.#developerReadBack.join(address);
  }

  async noteActivity(id: string, isActive: boolean): Promise<void> {
    const known = this.#strategies && (await this.#strategies.catch(() => undefined))?.get(id);
    if (known) known.isActive = isActive;
  }

  async forgetStrategy(id: string): Promise<void> {
    if (this.#strategies) (await this.#strategies.catch(() => new Map())).delete(id);
  }

  developers(): Promise<Map<string, DeveloperRecord>> {
    this.#developers ??= (async () => {
      const out = new Map<string, DeveloperRecord>();
      for await (const dev of this.client().devs.iterate({ limit: 100 })) out.set(dev.address, dev);
      return out;
    })();
    this.#developers.catch(() => {
      this.#developers = undefined;
    });
    return this.#developers;
  }

  /**
   * Keeps the run's developer listing true after a write without reading it again: the
   * record the write answered, or (without one) the fields the write set.
   */
  noteDeveloper(
    record: DeveloperRecord | undefined,
    address?: string,
    fields: Partial<DeveloperRecord> = {},
  ): void {
    if (!this.#developers) return;
    void this.#developers
      .then((devs) => {
        const key = record?.address ?? address;
        if (!key) return;
        const known = devs.get(key);
        if (record) devs.set(key, { ...known, ...record });
        else if (known) Object.assign(known, fields);
      })
      .catch(() => undefined);
  }
}

/** How long a read-back batch stays open for more callers, and at most. */
const READ_BACK_SETTLE_MS = 250;
const READ_BACK_MAX_OPEN_MS = 2_000;

/** The time and timers a run's batching uses; tests pass a clock they advance themselves. */
export interface RunClock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const systemClock: RunClock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

/**
 * Collects callers whose writes have completed, then sends one list read for all of them.
 * Every caller joins after its own write answered, so the read reflects every joined write.
 */
class ReadBackBatch<T> {
  readonly #clock: RunClock;
  readonly #opened: number;
  #timer: unknown;
  readonly #result: Promise<Map<string, T>>;
  #release!: () => void;

  constructor(read: () => Promise<Map<string, T>>, clock: RunClock = systemClock) {
    this.#clock = clock;
    this.#opened = clock.now();
    const ready = new Promise<void>((resolve) => {
      this.#release = resolve;
    });
    this.#result = ready.then(read);
    this.#result.catch(() => undefined);
  }

  async join(id: string): Promise<T | undefined> {
    if (this.#timer !== undefined) this.#clock.clearTimeout(this.#timer);
    const left = READ_BACK_MAX_OPEN_MS - (this.#clock.now() - this.#opened);
    this.#timer = this.#clock.setTimeout(
      () => this.#release(),
      Math.max(0, Math.min(READ_BACK_SETTLE_MS, left)),
    );
    return (await this.#result).get(id);
  }
}
