import * as pulumi from "@pulumi/pulumi";
import { type ApiClient, createClient } from "../api/client";
import { ConfigurationError } from "../api/errors";
import { API_KEY_CONFIG, API_KEY_ENV, BASE_URL_CONFIG, BASE_URL_ENV } from "../runtime/settings";

export interface LookupOptions {
  /** Defaults to STRATEGY_ALERTS_API_KEY, then stack config `strategy-alerts:apiKey`. */
  apiKey?: string;
  /** Defaults to STRATEGY_ALERTS_BASE_URL, then stack config `strategy-alerts:baseUrl`. */
  baseUrl?: string;
}

let cached: { id: string; client: ApiClient } | undefined;

/**
 * Lookups run in the program process (not the provider), with their own client; it shares the
 * process-wide rate limiter of its key. The raw config read avoids surfacing the secret.
 */
export function lookupClient(options: LookupOptions = {}): ApiClient {
  const apiKey = options.apiKey ?? (process.env[API_KEY_ENV] || pulumi.runtime.getConfig(API_KEY_CONFIG));
  const baseUrl = options.baseUrl ?? (process.env[BASE_URL_ENV] || pulumi.runtime.getConfig(BASE_URL_CONFIG));
  if (!apiKey || !baseUrl) {
    throw new ConfigurationError(
      `strategy-alerts lookups need an API key and a base URL: set stack config ${API_KEY_CONFIG} (--secret) and ${BASE_URL_CONFIG}, ` +
        `or ${API_KEY_ENV} and ${BASE_URL_ENV}, or pass { apiKey, baseUrl }.`,
    );
  }
  const id = `${baseUrl}\n${apiKey}`;
  if (cached?.id !== id)
    cached = { id, client: createClient({ apiKey, baseUrl, userAgent: "pulumi-strategy-alerts" }) };
  return cached.client;
}
