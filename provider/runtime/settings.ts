import type * as pulumi from "@pulumi/pulumi";
import { ConfigurationError } from "../api/errors";

/**
 * Stack config handed to the provider process by the engine. Kept in module state (one
 * provider process serves every dynamic resource of a stack) and never written anywhere.
 */
let stackConfig: pulumi.dynamic.Config | undefined;

export function setStackConfig(config: pulumi.dynamic.Config): void {
  stackConfig = config;
}

export const API_KEY_CONFIG = "strategy-alerts:apiKey";
export const BASE_URL_CONFIG = "strategy-alerts:baseUrl";
export const API_KEY_ENV = "STRATEGY_ALERTS_API_KEY";
export const BASE_URL_ENV = "STRATEGY_ALERTS_BASE_URL";

export interface Credentials {
  apiKey: string;
  baseUrl: string;
  /** Where the key came from, for error messages (never the key itself). */
  apiKeySource: string;
}

/**
 * The environment wins over stack config: `refresh` and `destroy` run with the config stored at
 * the last update, so after a key rotation the environment variable is how the new key reaches
 * them (DESIGN.md 3.2).
 */
export function credentials(): Credentials {
  const envKey = process.env[API_KEY_ENV];
  const apiKey = envKey || stackConfig?.get(API_KEY_CONFIG);
  const baseUrl = process.env[BASE_URL_ENV] || stackConfig?.get(BASE_URL_CONFIG);
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
  return {
    apiKey,
    baseUrl,
    apiKeySource: envKey ? `the ${API_KEY_ENV} environment variable` : `stack config ${API_KEY_CONFIG}`,
  };
}
