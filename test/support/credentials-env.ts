/**
 * Each test of the suite starts with the provider's credential variables (STRATEGY_ALERTS_API_KEY
 * and _BASE_URL) unset, so it sees only the credentials it sets, and leaves them as they were.
 */
import { afterEach, beforeEach } from "vitest";
import { API_KEY_ENV, BASE_URL_ENV } from "../../provider/credentials";

export function clearCredentialsEnvEachTest(): void {
  const saved = { key: process.env[API_KEY_ENV], url: process.env[BASE_URL_ENV] };
  beforeEach(() => {
    delete process.env[API_KEY_ENV];
    delete process.env[BASE_URL_ENV];
  });
  afterEach(() => {
    for (const [name, value] of [
      [API_KEY_ENV, saved.key],
      [BASE_URL_ENV, saved.url],
    ] as const) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });
}
