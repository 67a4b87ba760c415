import { type ApiClient, type ClientOptions, createClient } from "./api/client";
import { ConfigurationError } from "./api/errors";

export const API_KEY_CONFIG = "strategy-alerts:apiKey";
export const BASE_URL_CONFIG = "strategy-alerts:baseUrl";
/** The account a stack's resources belong to: no write is sent with a key of another account. */
export const ACCOUNT_ID_CONFIG = "strategy-alerts:accountId";
export const API_KEY_ENV = "STRATEGY_ALERTS_API_KEY";
export const BASE_URL_ENV = "STRATEGY_ALERTS_BASE_URL";

export interface Credentials {
  apiKey: string;
  baseUrl: string;
  /** Where the key came from, for error messages (never the key itself). */
  apiKeySource: string;
}

/**
 * One precedence for the provider process and for lookups in the program: explicit values, then
 * the environment, then stack config. The environment wins over stack config because `refresh`
 * and `destroy` run with the config stored at the last update, so after a key rotation the
 * environment variable is how the new key reaches them.
 */
export function resolveCredentials(
  readConfig: (key: string) => string | undefined,
  explicit: { apiKey?: string; baseUrl?: string } = {},
): Credentials {
  const envKey = process.env[API_KEY_ENV];
  const apiKey = explicit.apiKey ?? (envKey || readConfig(API_KEY_CONFIG));
  const baseUrl = explicit.baseUrl ?? (process.env[BASE_URL_ENV] || readConfig(BASE_URL_CONFIG));
  if (!apiKey) {
    throw new ConfigurationError(
      `No API key for the strategy alerting service: run \`pulumi config set --secret ${API_KEY_CONFIG} <key>\` ` +
        `or set the ${API_KEY_ENV} environment variable.`,
    );
  }
  if (!baseUrl) {
    throw new ConfigurationError(
      `No base URL for the strategy alerting service: run \`pulumi config set ${BASE_URL_CONFIG} <url ending in /api/external/v1>\` ` +
        `or set the ${BASE_URL_ENV} environment variable.`,
    );
  }
  const apiKeySource =
    explicit.apiKey !== undefined
      ? "the apiKey option"
      : envKey
        ? `the ${API_KEY_ENV} environment variable`
        : `stack config ${API_KEY_CONFIG}`;
  return { apiKey, baseUrl, apiKeySource };
}

/**
 * A client per process, rebuilt only when the credentials change, so every caller shares one
 * connection pool (and the key's rate limiter).
 */
export function clientCache(
  options: Omit<ClientOptions, "apiKey" | "baseUrl">,
): (credentials: Credentials) => ApiClient {
  let cached: { id: string; client: ApiClient } | undefined;
  return ({ apiKey, baseUrl }) => {
    const id = `${baseUrl}\n${apiKey}`;
    if (cached?.id !== id) cached = { id, client: createClient({ ...options, apiKey, baseUrl }) };
    return cached.client;
  };
}
