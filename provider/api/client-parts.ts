import { AccountApi } from "./account";
import { BacktestsApi } from "./backtests";
import { DevsApi } from "./devs";
import { EvaluationsApi } from "./evaluations";
import { MicroblogApi } from "./microblog";
import { NotificationsApi } from "./notifications";
import { StrategiesApi } from "./strategies";
import { Transport, type TransportOptions } from "./transport";
import { WebhookApi } from "./webhook";

/** A client's transport and its groups over it: what `new ApiClient(…)` loads and builds. */
export function clientParts(options: TransportOptions) {
  const transport = new Transport(options);
  return {
    transport,
    account: new AccountApi(transport),
    strategies: new StrategiesApi(transport),
    evaluations: new EvaluationsApi(transport),
    backtests: new BacktestsApi(transport),
    notifications: new NotificationsApi(transport),
    microblog: new MicroblogApi(transport),
    devs: new DevsApi(transport),
    webhook: new WebhookApi(transport),
  };
}
