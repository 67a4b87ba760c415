import type { Account } from "../model/plain-types";
import { AccountSchema } from "../model/schemas/account";
import type { Transport } from "./transport";

/** service-api.md#account */
export class AccountApi {
  constructor(private readonly transport: Transport) {}

  /** `GET /me`. Also sizes this key's rate limiter to the plan's requests per minute. */
  async me(): Promise<Account> {
    const account = await this.transport.request({ method: "GET", route: "/me", schema: AccountSchema });
    this.transport.rateLimiter.resize(account.limits.rateLimit.requestsPerMinute);
    return account;
  }
}
