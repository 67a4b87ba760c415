import type { Account } from "../model/schemas/account";
import type { DeveloperRecord } from "../model/schemas/developer";
import type { Strategy } from "../model/strategy";
import { processClient } from "./client";

/**
 * What one provider process (one `pulumi preview/up/refresh/destroy`) knows beyond a single
 * resource: one `GET /me`, one `GET /strategies` and one developer listing per run, kept up to
 * date by this process's own writes, plus the strategy ids that resources of the stack hold.
 * Module state is shared by every dynamic resource of the stack (DESIGN.md 3.6).
 */
class RunState {
  #account: Promise<Account> | undefined;
  #strategies: Promise<Map<string, Strategy>> | undefined;
  #developers: Promise<Map<string, DeveloperRecord>> | undefined;
  /** Strategy ids some resource of this stack holds: never adopted by a reconciliation. */
  readonly claimedStrategyIds = new Set<string>();
  /** Canonical bodies of strategies this run will create, for the plan's total limit. */
  readonly pendingCreates = new Set<string>();

  account(): Promise<Account> {
    this.#account ??= processClient().account.me();
    this.#account.catch(() => {
      this.#account = undefined;
    });
    return this.#account;
  }

  /** The account's own strategies (official, global ones are not the user's to manage). */
  strategies(): Promise<Map<string, Strategy>> {
    this.#strategies ??= processClient()
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
      for await (const dev of processClient().devs.iterate({ limit: 100 })) out.set(dev.address, dev);
      return out;
    })();
    this.#developers.catch(() => {
      this.#developers = undefined;
    });
    return this.#developers;
  }

  /** Forget the developer listing after a write, so the next read sees the service's record. */
  invalidateDevelopers(): void {
    this.#developers = undefined;
  }
}

export const runState = new RunState();
