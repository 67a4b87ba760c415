import type { ApiClient } from "../api/client";
import { clientCache } from "../credentials";
import { RunState } from "./run-state";
import { ProviderSettings } from "./settings";
import { announceWait } from "./wait-messages";

/**
 * Everything one provider keeps beyond a single resource: its configuration, its client (and
 * through it the rate window of its key) and the run's caches behind the plan-limit checks.
 *
 * The dynamic shell serves every dynamic resource of a stack from one process and uses the one
 * `defaultContext`. The plugin makes a context per provider instance, so two explicit providers
 * with two keys never share a client, a cached account or a cached strategy listing.
 */
export class RuntimeContext {
  readonly settings = new ProviderSettings();
  // Every command paces at the plan's real rate from its first write on (docs/request-costs.md).
  readonly #clientFor = clientCache({
    onWait: announceWait,
    userAgent: "pulumi-strategy-alerts",
    learnRate: true,
  });
  readonly run = new RunState(() => this.client());

  /**
   * This provider's client, built lazily (a preview of a program without these resources needs
   * no credentials). Rebuilt only when the credentials change.
   */
  client(): ApiClient {
    return this.#clientFor(this.settings.credentials());
  }
}

/** The context of the dynamic-provider process: one per process, shared by all its resources. */
export const defaultContext = new RuntimeContext();
