import { AccountApi } from "./account";
import { BacktestsApi } from "./backtests";
import { DevsApi } from "./devs";
import { EvaluationsApi } from "./evaluations";
import { MicroblogApi } from "./microblog";
import { NotificationsApi } from "./notifications";
import { StrategiesApi } from "./strategies";
import { Transport, type TransportOptions } from "./transport";
import { WebhookApi } from "./webhook";

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
    const transport = new Transport(options);
    this.#transport = transport;
    this.account = new AccountApi(transport);
    this.strategies = new StrategiesApi(transport);
    this.evaluations = new EvaluationsApi(transport);
    this.backtests = new BacktestsApi(transport);
    this.notifications = new NotificationsApi(transport);
    this.microblog = new MicroblogApi(transport);
    this.devs = new DevsApi(transport);
    this.webhook = new WebhookApi(transport);
  }

  /** The limiter this client's requests go through (shared per API key). */
  get rateLimiter() {
    return this.#transport.rateLimiter;
  }

  /** Closes idle keep-alive connections; the client must not be used afterwards. */
  close(): Promise<void> {
    return this.#transport.close();
  }
}

export function createClient(options: ClientOptions): ApiClient {
  return new ApiClient(options);
}
