import type { AccountApi } from "./account";
import type { BacktestsApi } from "./backtests";
import type { DevsApi } from "./devs";
import type { EvaluationsApi } from "./evaluations";
import type { MicroblogApi } from "./microblog";
import type { NotificationsApi } from "./notifications";
import type { StrategiesApi } from "./strategies";
import type { Transport, TransportOptions } from "./transport";
import type { WebhookApi } from "./webhook";

export type ClientOptions = TransportOptions;

/**
 * Typed client of the whole external API, one group per area of service-api.md. Every client built with
 * the same API key (and service) in a process shares one rate limiter.
 */
export class ApiClient {
  readonly account: AccountApi;
  readonly strategies: StrategiesApi;
  readonly evaluations: EvaluationsApi;
  readonly backtests: BacktestsApi;
  readonly notifications: NotificationsApi;
  readonly microblog: MicroblogApi;
  readonly devs: DevsApi;
  readonly webhook: WebhookApi;
  readonly #transport: Transport;

  constructor(options: ClientOptions) {
    // The groups, the transport and the answers' schemas (zod) load with the first client: a
    // program declaring resources imports this class through the package's entry but never
    // builds one, and they were a fifth of a second of its every up and preview.
    const { clientParts }: typeof import("./client-parts") = require("./client-parts");
    const parts = clientParts(options);
    this.#transport = parts.transport;
    this.account = parts.account;
    this.strategies = parts.strategies;
    this.evaluations = parts.evaluations;
    this.backtests = parts.backtests;
    this.notifications = parts.notifications;
    this.microblog = parts.microblog;
    this.devs = parts.devs;
    this.webhook = parts.webhook;
  }

  /** The limiter this client's requests go through (shared per API key). */
  get rateLimiter() {
    return this.#transport.rateLimiter;
  }

  /** The service's clock as its latest answer showed it (provider/api/service-clock.ts). */
  get serviceDate() {
    return this.#transport.serviceDate;
  }

  /** Closes idle keep-alive connections; the client must not be used afterwards. */
  close(): Promise<void> {
    return this.#transport.close();
  }
}

export function createClient(options: ClientOptions): ApiClient {
  return new ApiClient(options);
}
